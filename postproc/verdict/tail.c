/* SPDX-License-Identifier: MIT */
/*
 * tail-unstable: a tail far from the median (p99.9 / p50 above a ratio),
 * or a tail that grows during the run: p99 of each window of the per-I/O
 * latency log, the last window's against the first's.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "verdict_int.h"
#include "series_stats.h"

#define MIN_PER_WINDOW 100 /* fewer samples make p99 a single I/O */

/* p99 of the first and last of o->tail_windows windows; false if few. */
static int growth(struct fv_vctx *vc, const struct fv_job *j, double *first,
		  double *last, bool *have)
{
	size_t nw = (size_t) vc->o->tail_windows, per;
	struct fv_rate r;
	int ret = fv_log_lat_samples(vc->logs, j, FV_LOG_CLAT, fv_vjob_dir(j),
				     &r);

	*have = false;
	if (!ret && !r.n)
		ret = fv_log_lat_samples(vc->logs, j, FV_LOG_LAT,
					 fv_vjob_dir(j), &r);
	if (ret || nw < 2 || r.n / nw < MIN_PER_WINDOW) {
		fv_rate_free(&r);
		return ret;
	}
	per = r.n / nw;
	*first = fv_quantile(r.v, per, 99);
	*last = fv_quantile(r.v + (nw - 1) * per, r.n - (nw - 1) * per, 99);
	*have = isfinite(*first) && isfinite(*last);
	fv_rate_free(&r);
	return 0;
}

/*
 * The tail percentile the samples can tell: p99.9 needs 10 I/Os above
 * it (10,000 in all), p99 1,000; 0 when there are fewer.
 */
static double tail_pct(const struct fv_job *j, enum fv_dir d, enum fv_latkind k)
{
	const struct fv_lat *l = &j->dir[d].lat[k];
	uint64_t n = l->has_n ? l->n : j->dir[d].total_ios;

	return n >= 10000 ? 99.9 : n >= 1000 ? 99 : 0;
}

struct tail {
	enum fv_dir d;
	double p50, pt, ratio, tp; /* tp: the tail percentile, pt its value */
	double first, last;	   /* p99 of the log's first and last windows */
	bool have_growth, bound;
};

static void tail_evidence(char *ev, size_t len, struct fv_vctx *vc,
			  const struct tail *x)
{
	char a[48], b[48], c[48], e[48];
	int n = 0;

	fv_vfmt(a, sizeof(a), FV_U_NS, x->p50);
	fv_vfmt(b, sizeof(b), FV_U_NS, x->pt);
	if (x->bound)
		n = snprintf(ev, len,
			     "%s p50 %s, p%g ≥ %s: at the end of fio's "
			     "histogram, no ratio drawn",
			     fv_dir_name(x->d), a, x->tp, b);
	else if (x->tp > 0)
		n = snprintf(ev, len, "%s p50 %s, p%g %s (%.1fx, limit %.0fx)",
			     fv_dir_name(x->d), a, x->tp, b, x->ratio,
			     vc->o->tail_ratio);
	if (x->have_growth && n >= 0 && (size_t) n < len) {
		fv_vfmt(c, sizeof(c), FV_U_NS, x->first);
		fv_vfmt(e, sizeof(e), FV_U_NS, x->last);
		snprintf(ev + n, len - (size_t) n,
			 "%sp99 of the log's first window %s, last %s (%.1fx, "
			 "limit %.0fx)",
			 n ? "; " : "", c, e, x->last / x->first,
			 vc->o->tail_growth);
	}
}

/*
 * The latency the tables show (--lat, else the tool's own: fio's clat,
 * DiskSpd's lat); a job without the kind asked but with whole requests'
 * (DiskSpd, CrystalDiskMark measure no completion apart from submission)
 * is judged on those.
 */
static enum fv_latkind tail_kind(const struct fv_vctx *vc,
				 const struct fv_job *j, enum fv_dir d)
{
	enum fv_latkind k = vc->ao ? fv_ao_lat(vc->ao, j) : fv_lat_own(j);
	const struct fv_lat *l = j->dir[d].lat;

	return !l[k].present && l[FV_LAT].present ? FV_LAT : k;
}

int fv_vcheck_tail(struct fv_vctx *vc, const struct fv_job *j)
{
	struct tail x = { .d = fv_vjob_dir(j), .ratio = NAN };
	enum fv_latkind k = tail_kind(vc, j, x.d);
	bool lower50 = false, wide, grows;
	char ev[512];
	int ret = growth(vc, j, &x.first, &x.last, &x.have_growth);

	if (ret)
		return ret;
	x.p50 = fv_vjob_pct_bound(vc->set, j, x.d, k, 50, &lower50);
	x.tp = tail_pct(j, x.d, k);
	if (x.tp > 0)
		x.pt = fv_vjob_pct_bound(vc->set, j, x.d, k, x.tp, &x.bound);
	x.bound |= lower50;
	if (!(x.p50 > 0) || !(x.pt > 0))
		x.tp = 0;
	else if (!x.bound)
		x.ratio = x.pt / x.p50;
	if (!x.tp && !x.bound && !x.have_growth)
		return 0;
	wide = x.ratio > vc->o->tail_ratio;
	grows = x.have_growth && x.first > 0 &&
		x.last / x.first > vc->o->tail_growth;
	tail_evidence(ev, sizeof(ev), vc, &x);
	/* Lower bounds: no ratio, and nothing else to judge. */
	if (x.bound && !x.have_growth)
		return 0;
	if (wide || grows)
		return fv_vrow(vc, j->label, j->display, "tail",
			       FV_V_TAIL_UNSTABLE, ev,
			       "%s: the tail, not the median, decides what "
			       "users see",
			       grows ? "the tail grows during the run"
				     : "the slowest I/Os are far slower than "
				       "the median");
	return fv_vrow(vc, j->label, j->display, "tail", FV_V_TAIL_STABLE, ev,
		       "the tail stays close to the median");
}
