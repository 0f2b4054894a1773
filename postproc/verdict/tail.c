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

int fv_vcheck_tail(struct fv_vctx *vc, const struct fv_job *j)
{
	enum fv_dir d = fv_vjob_dir(j);
	enum fv_latkind k = vc->ao ? vc->ao->lat : FV_CLAT;
	double p50 = fv_vjob_pct(vc->set, j, d, k, 50);
	double p999 = fv_vjob_pct(vc->set, j, d, k, 99.9);
	double first = NAN, last = NAN, ratio = p999 / p50;
	bool have, wide, grows;
	char ev[512], a[48], b[48], c[48], e[48];
	int ret = growth(vc, j, &first, &last, &have);

	if (ret)
		return ret;
	if (!(p50 > 0) && !have)
		return 0;
	wide = p50 > 0 && ratio > vc->o->tail_ratio;
	grows = have && first > 0 && last / first > vc->o->tail_growth;
	fv_vfmt(a, sizeof(a), FV_U_NS, p50);
	fv_vfmt(b, sizeof(b), FV_U_NS, p999);
	fv_vfmt(c, sizeof(c), FV_U_NS, first);
	fv_vfmt(e, sizeof(e), FV_U_NS, last);
	if (have)
		snprintf(ev, sizeof(ev),
			 "%s p50 %s, p99.9 %s (%.1fx, limit %.0fx); p99 of "
			 "the log's first window %s, last %s (%.1fx, limit "
			 "%.0fx)",
			 fv_dir_name(d), a, b, ratio, vc->o->tail_ratio, c, e,
			 last / first, vc->o->tail_growth);
	else
		snprintf(ev, sizeof(ev),
			 "%s p50 %s, p99.9 %s (%.1fx, limit "
			 "%.0fx)",
			 fv_dir_name(d), a, b, ratio, vc->o->tail_ratio);
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
