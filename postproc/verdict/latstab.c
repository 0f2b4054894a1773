/* SPDX-License-Identifier: MIT */
/*
 * latency-stability: a steady job's p99 window by window, from fio's
 * histogram logs (write_hist_log, log_hist_msec), under sustained load.
 * On log(p99), since latency moves by factors:
 *
 * - latency-step: a change point (rank_step) after which the median is
 *   STEP_RATIO times the median before, both sides at least MIN_SEG
 *   windows (and a tenth of the run) long, the later windows ranking
 *   above the earlier by STEP_Z standard deviations: when and how much;
 * - latency-drift: the least-squares line rises STEP_RATIO times across
 *   the run, sigma standard errors of its slope wide;
 * - latency-spikes (warn): neither, but some windows (no more than a
 *   tenth) SPIKE_RATIO times above the median and beyond the window-to-
 *   window noise: a tail bad only in those windows, not the distribution;
 * - latency-stable otherwise.
 *
 * The SNIA rule on the last rounds (windows) of the p99 series is given as
 * evidence, like the IOPS steady state's; fio's own ss result beside it.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict_int.h"
#include "series_stats.h"

#define STEP_RATIO 1.5	/* a later level 50% higher */
#define SPIKE_RATIO 3.0 /* a window 3x the median */
#define MIN_SEG 3	/* windows each side of a change */
#define STEP_Z 3.5	/* Mann-Whitney z of a change: p < 0.0003 each split */
#define MIN_IOS 100	/* fewer make p99 a single I/O */
#define MAX_NAMED 4	/* spike windows named in the evidence */

struct series {
	double *t_ms; /* window start */
	double *y;    /* log p99, ns */
	size_t n, t_alloc, y_alloc;
	double window_ms;
	enum fv_dir dir;      /* the direction judged */
	size_t damaged, thin; /* windows left out */
};

static int keep(void *ctx, const struct fv_hist_window *w)
{
	struct series *s = ctx;

	if (w->dir != s->dir && w->dir != FV_DIR_MIXED)
		return 0;
	if (w->damaged) {
		s->damaged++;
		return 0;
	}
	if (w->n < MIN_IOS || !w->pct || !(w->pct[0] > 0)) {
		s->thin++;
		return 0;
	}
	if (FV_ALLOC_GROW(s->t_ms, s->n + 1, s->t_alloc) ||
	    FV_ALLOC_GROW(s->y, s->n + 1, s->y_alloc))
		return -ENOMEM;
	s->t_ms[s->n] = w->start_ms;
	s->y[s->n++] = log(w->pct[0]);
	s->window_ms = w->end_ms - w->start_ms;
	return 0;
}

/* Window-to-window noise of y: the MAD of successive differences. */
static double noise(const double *y, size_t n)
{
	double *d = calloc(n, sizeof(*d)), m;

	if (!d || n < 2) {
		free(d);
		return NAN;
	}
	for (size_t i = 1; i < n; i++)
		d[i - 1] = fabs(y[i] - y[i - 1]);
	m = fv_median(d, n - 1) * 1.4826 / sqrt(2);
	free(d);
	return m;
}

/* Slope of y over window index, in standard errors of it. */
static double trend(const double *y, size_t n, double *rise)
{
	double a, b, ss = 0, sxx = 0, xm = ((double) n - 1) / 2;

	fv_linfit(NULL, y, n, &a, &b);
	for (size_t i = 0; i < n; i++) {
		double r = y[i] - (a + b * (double) i);

		ss += r * r;
		sxx += ((double) i - xm) * ((double) i - xm);
	}
	*rise = b * ((double) n - 1);
	if (n < 3 || ss <= 0)
		return INFINITY;
	return fabs(b) / sqrt(ss / ((double) n - 2) / sxx);
}

static void snia_text(char *buf, size_t len, const struct fv_vctx *vc,
		      const struct series *s)
{
	size_t want = (size_t) vc->o->ss_rounds, n = s->n < want ? s->n : want;
	double v[64];
	struct fv_snia sn;

	if (n > 64)
		n = 64;
	for (size_t i = 0; i < n; i++)
		v[i] = exp(s->y[s->n - n + i]);
	fv_snia(v, n, vc->o->ss_range, vc->o->ss_excursion, &sn);
	snprintf(buf, len,
		 "; SNIA on the last %zu windows' p99: range %.0f%% (limit "
		 "%.0f%%), excursion %.0f%% (limit %.0f%%); left out: %zu "
		 "windows unreadable, %zu of under %d I/Os",
		 n, 100 * sn.range, 100 * vc->o->ss_range, 100 * sn.excursion,
		 100 * vc->o->ss_excursion, s->damaged, s->thin, MIN_IOS);
}

static void fio_ss(char *buf, size_t len, const struct fv_job *j)
{
	buf[0] = '\0';
	if (j->ss.present && j->ss.setting && strstr(j->ss.setting, "lat"))
		snprintf(buf, len, "; fio ss=%s: %s (%s)", j->ss.setting,
			 j->ss.attained ? "attained" : "not attained",
			 j->ss.criterion ? j->ss.criterion : "?");
}

/*
 * A spike: a window SPIKE_RATIO above the median of its neighbours (two
 * each side) and 4 noise widths above it. Those are named in l, and the
 * others copied to calm (times and values) for the step and the trend.
 */
static size_t spikes(const struct series *s, double sd, struct fv_vlist *l,
		     struct series *calm)
{
	size_t k = 0;

	for (size_t i = 0; i < s->n; i++) {
		double nb[4], lmed;
		size_t m = 0;

		for (size_t j = i >= 2 ? i - 2 : 0; j <= i + 2 && j < s->n; j++)
			if (j != i)
				nb[m++] = s->y[j];
		lmed = fv_median(nb, m);
		if (s->y[i] - lmed < log(SPIKE_RATIO) ||
		    (isfinite(sd) && s->y[i] - lmed < 4 * sd)) {
			calm->t_ms[calm->n] = s->t_ms[i];
			calm->y[calm->n++] = s->y[i];
			continue;
		}
		if (k++ < MAX_NAMED) {
			char at[32], v[32];

			fv_vfmt(at, sizeof(at), FV_U_MS, s->t_ms[i]);
			fv_vfmt(v, sizeof(v), FV_U_NS, exp(s->y[i]));
			fv_vlist_add(l, "%s at %s", v, at);
		}
	}
	return k;
}

/*
 * The change point by ranks, robust to the windows a loaded machine
 * throws out: the split k (min_seg each side) whose Mann-Whitney z (how
 * far the later windows rank above the earlier, in standard deviations
 * of that count for two samples of one distribution) is largest; the
 * medians of the two sides. false when n < 2 * min_seg.
 */
struct rank_step {
	size_t k;
	double z, before, after; /* medians, log ns */
};

static bool rank_step(const double *y, size_t n, size_t min_seg,
		      struct rank_step *rs)
{
	rs->z = -INFINITY;
	rs->k = min_seg;
	if (n < 2 * min_seg)
		return false;
	for (size_t k = min_seg; k + min_seg <= n; k++) {
		double u = 0, n1 = (double) k, n2 = (double) (n - k), z;

		for (size_t i = 0; i < k; i++)
			for (size_t j = k; j < n; j++)
				u += y[j] > y[i] ? 1 : y[j] == y[i] ? 0.5 : 0;
		z = (u - n1 * n2 / 2) / sqrt(n1 * n2 * (n1 + n2 + 1) / 12);
		if (z > rs->z) {
			rs->z = z;
			rs->k = k;
		}
	}
	rs->before = fv_median(y, rs->k);
	rs->after = fv_median(y + rs->k, n - rs->k);
	return true;
}

static int judge(struct fv_vctx *vc, const struct fv_job *j,
		 const struct series *s, struct series *c)
{
	double sd = noise(s->y, s->n), med = fv_median(s->y, s->n), rise, tr;
	struct fv_vlist l = { .len = 0 };
	size_t nspk = spikes(s, sd, &l, c), min_seg;
	struct rank_step st;
	bool step;
	char ev[2048], snia[256], fio[160], a[32], b[32], at[32], w[32];

	/* the step and the trend on the windows that are not spikes */
	min_seg = c->n / 10 > MIN_SEG ? c->n / 10 : MIN_SEG;
	step = rank_step(c->y, c->n, min_seg, &st) &&
	       st.after - st.before >= log(STEP_RATIO) && st.z >= STEP_Z;
	tr = c->n >= 2 ? trend(c->y, c->n, &rise) : (rise = 0, 0);
	snia_text(snia, sizeof(snia), vc, s);
	fio_ss(fio, sizeof(fio), j);
	fv_vfmt(w, sizeof(w), FV_U_MS, s->window_ms);
	fv_vfmt(a, sizeof(a), FV_U_NS, exp(med));
	if (step) {
		fv_vfmt(at, sizeof(at), FV_U_MS, c->t_ms[st.k]);
		fv_vfmt(a, sizeof(a), FV_U_NS, exp(st.before));
		fv_vfmt(b, sizeof(b), FV_U_NS, exp(st.after));
		snprintf(ev, sizeof(ev),
			 "p99 of %zu windows of %s: median %s before %s, %s "
			 "from then on (x%.2f; ranks %.1f standard deviations "
			 "apart; %zu spike windows left out)%s%s",
			 s->n, w, a, at, b, exp(st.after - st.before), st.z,
			 nspk, snia, fio);
		return fv_vrow(vc, j->label, j->display, "latency-stability",
			       FV_V_LAT_STEP, ev,
			       "p99 steps up at %s, from %s to %s, and stays: "
			       "the latency is not stable under sustained load",
			       at, a, b);
	}
	if (rise >= log(STEP_RATIO) && tr >= vc->o->sigma) {
		snprintf(ev, sizeof(ev),
			 "p99 of %zu windows of %s: the fitted line rises "
			 "x%.2f across the run (%.1f standard errors), "
			 "median %s%s%s",
			 s->n, w, exp(rise), tr, a, snia, fio);
		return fv_vrow(vc, j->label, j->display, "latency-stability",
			       FV_V_LAT_DRIFT, ev,
			       "p99 drifts up x%.2f over the run: the latency "
			       "is not stable under sustained load",
			       exp(rise));
	}
	if (nspk) {
		snprintf(ev, sizeof(ev),
			 "p99 of %zu windows of %s, median %s: %zu window%s "
			 "x%.0f above its neighbours (%s)%s%s",
			 s->n, w, a, nspk, nspk > 1 ? "s" : "", SPIKE_RATIO,
			 l.buf, snia, fio);
		return fv_vrow(vc, j->label, j->display, "latency-stability",
			       FV_V_LAT_SPIKES, ev,
			       "the tail is bad in %zu of %zu windows only: "
			       "spikes, not the latency distribution",
			       nspk, s->n);
	}
	snprintf(ev, sizeof(ev),
		 "p99 of %zu windows of %s, median %s: no step or drift of "
		 "x%.1f beyond its noise, no spike%s%s",
		 s->n, w, a, STEP_RATIO, snia, fio);
	return fv_vrow(vc, j->label, j->display, "latency-stability",
		       FV_V_LAT_STABLE, ev,
		       "p99 holds window after window: the latency is stable "
		       "under sustained load");
}

int fv_vcheck_latstab(struct fv_vctx *vc, const struct fv_job *j)
{
	enum fv_log_kind kind = vc->ao->lat == FV_LAT	 ? FV_LOG_LAT
				: vc->ao->lat == FV_SLAT ? FV_LOG_SLAT
							 : FV_LOG_CLAT;
	enum fv_dir dir =
		fv_vjob_dir(j) == FV_DIR_READ ? FV_DIR_READ : FV_DIR_WRITE;
	struct series s = { .dir = dir };
	static const double p99 = 99;
	struct fv_hist_query q = { .job = j,
				   .kind = kind,
				   .p = &p99,
				   .np = 1,
				   .emit = keep,
				   .ctx = &s };
	int ret;

	if ((j->role != FV_ROLE_STEADY && !j->ss.present) ||
	    !fv_hist_has(vc->logs, j, kind))
		return 0;
	struct series calm = { .dir = dir };

	ret = fv_hist_windows(vc->logs, &q, vc->diags);
	if (!ret && s.n >= 2 * MIN_SEG) {
		calm.t_ms = calloc(s.n, sizeof(double));
		calm.y = calloc(s.n, sizeof(double));
		ret = calm.t_ms && calm.y ? judge(vc, j, &s, &calm) : -ENOMEM;
	}
	free(s.t_ms);
	free(s.y);
	free(calm.t_ms);
	free(calm.y);
	return ret;
}
