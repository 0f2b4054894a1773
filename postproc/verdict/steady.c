/* SPDX-License-Identifier: MIT */
/*
 * steady-state: the SNIA PTS rule over the last rounds of the job's IOPS
 * series (or bandwidth, or fio's own steadystate samples), with fio's ss
 * result beside it when the job asked for one. Judged for the jobs meant
 * to measure a steady state: the steady role, or a job that asked fio for
 * one (ss=). A round's mean carries the noise of its windows: the range
 * and the trend fail only when they exceed the SNIA limits and are also
 * sigma standard errors wide (short rounds of a noisy series would fail
 * the rule by chance).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "verdict_int.h"
#include "series_stats.h"

struct window {
	double v[64];
	double se[64]; /* of each round's mean; NAN when unknown */
	size_t n;
	double round_ms;	 /* 0 for fio's per-second samples */
	double start_ms, end_ms; /* NAN for fio's samples (no times) */
	bool iops;		 /* the values are IO/s (else B/s) */
	const char *what;
};

/* The last o->ss_rounds rounds of a rate series. */
static int from_series(struct fv_vctx *vc, const struct fv_job *j,
		       enum fv_log_kind kind, struct window *w)
{
	size_t want = (size_t) vc->o->ss_rounds;
	struct fv_rate r;
	double *rounds, *se, round_ms = vc->o->ss_round_ms;
	size_t nr;
	int ret = fv_log_rate(vc->logs, j, kind, fv_vjob_dir(j), &r);

	if (ret || r.n < want)
		goto out;
	/* A run shorter than the rounds: as many equal rounds as asked. */
	if (r.t_ms[r.n - 1] < round_ms * (double) want)
		round_ms = r.t_ms[r.n - 1] / (double) want;
	rounds = calloc(r.n, sizeof(*rounds));
	se = calloc(r.n, sizeof(*se));
	if (!rounds || !se) {
		free(rounds);
		ret = -ENOMEM;
		goto out;
	}
	nr = fv_rounds(r.t_ms, r.v, r.n, round_ms, rounds, se);
	if (nr >= want) {
		for (size_t i = 0; i < want; i++) {
			w->v[i] = rounds[nr - want + i];
			w->se[i] = se[nr - want + i];
		}
		w->n = want;
		w->round_ms = round_ms;
		/* round k ends at (k + 1) x round_ms (fv_rounds) */
		w->start_ms = (double) (nr - want) * round_ms;
		w->end_ms = (double) nr * round_ms;
		w->iops = kind == FV_LOG_IOPS;
		w->what = w->iops ? "IOPS" : "bandwidth";
	}
	free(rounds);
	free(se);
out:
	fv_rate_free(&r);
	return ret;
}

static void from_fio(struct fv_vctx *vc, const struct fv_job *j,
		     struct window *w)
{
	size_t want = (size_t) vc->o->ss_rounds, n = j->ss.niops_data;
	const double *d = j->ss.iops_data;

	if (n < want) {
		n = j->ss.nbw_data;
		d = j->ss.bw_data;
		w->what = "fio steadystate bandwidth samples";
	} else {
		w->what = "fio steadystate IOPS samples";
		w->iops = true;
	}
	w->start_ms = w->end_ms = NAN;
	if (n < want)
		return;
	for (size_t i = 0; i < want; i++) {
		w->v[i] = d[n - want + i];
		w->se[i] = NAN; /* one sample a round: no noise measured */
	}
	w->n = want;
}

static void fio_says(char *buf, size_t len, const struct fv_job *j)
{
	if (!j->ss.present) {
		buf[0] = '\0';
		return;
	}
	snprintf(buf, len, "; fio ss=%s: %s (%s)",
		 j->ss.setting ? j->ss.setting : "?",
		 j->ss.attained ? "attained" : "not attained",
		 j->ss.criterion ? j->ss.criterion : "?");
}

/* The window judged, pass or fail, for the report to bracket. */
static int window_figs(struct fv_vctx *vc, const struct window *w,
		       const struct fv_snia *s)
{
	struct fv_vfigs f = FV_VFIGS_NONE;

	f.at_ms = w->start_ms;
	f.until_ms = w->end_ms;
	if (w->iops)
		f.level = s->mean;
	return fv_vrow_figs(vc, &f);
}

/*
 * How many standard errors wide the range (max - min) and the fitted
 * line's rise across the window are; NAN when the rounds' noise is not
 * known (fio's own samples).
 */
static void significance(const struct window *w, double *range_t,
			 double *trend_t)
{
	size_t lo = 0, hi = 0;
	double xm = ((double) w->n - 1) / 2, sxx = 0, sxy = 0, var = 0;

	for (size_t i = 0; i < w->n; i++) {
		lo = w->v[i] < w->v[lo] ? i : lo;
		hi = w->v[i] > w->v[hi] ? i : hi;
		sxx += ((double) i - xm) * ((double) i - xm);
		sxy += ((double) i - xm) * w->v[i];
		var += ((double) i - xm) * ((double) i - xm) * w->se[i] *
		       w->se[i];
	}
	*range_t = fv_welch_t(w->v[hi], w->se[hi], w->v[lo], w->se[lo]);
	/* var(slope) = sum (x - xm)^2 se^2 / sxx^2, rounds independent */
	*trend_t = var > 0 ? fabs(sxy / sxx) / (sqrt(var) / sxx) : NAN;
	if (isnan(var))
		*range_t = *trend_t = NAN;
}

/* The SNIA rule, each failure counted when it is beyond the noise. */
static bool fails(const struct fv_vopts *o, const struct fv_snia *s,
		  double range_t, double trend_t, const char **why)
{
	bool range = s->range > o->ss_range &&
		     (isnan(range_t) || range_t >= o->sigma);
	bool trend = s->excursion > o->ss_excursion &&
		     (isnan(trend_t) || trend_t >= o->sigma);

	*why = range ? "range" : "trend";
	return range || trend;
}

int fv_vcheck_steady(struct fv_vctx *vc, const struct fv_job *j)
{
	struct window w = { 0 };
	struct fv_snia s;
	double range_t, trend_t;
	const char *why;
	char ev[512], fio[160], rnd[48], sig[96] = "";
	int ret;

	if (vc->o->ss_rounds < 2 || vc->o->ss_rounds > 64 ||
	    (j->role != FV_ROLE_STEADY && !j->ss.present))
		return 0;
	ret = from_series(vc, j, FV_LOG_IOPS, &w);
	if (!ret && !w.n)
		ret = from_series(vc, j, FV_LOG_BW, &w);
	if (ret)
		return ret;
	if (!w.n)
		from_fio(vc, j, &w);
	if (!w.n)
		return 0;
	fv_snia(w.v, w.n, vc->o->ss_range, vc->o->ss_excursion, &s);
	significance(&w, &range_t, &trend_t);
	fio_says(fio, sizeof(fio), j);
	if (w.round_ms > 0)
		fv_vfmt(rnd, sizeof(rnd), FV_U_MS, w.round_ms);
	else
		snprintf(rnd, sizeof(rnd), "1 s");
	if (isfinite(range_t) && isfinite(trend_t))
		snprintf(sig, sizeof(sig),
			 "; range %.1f, rise %.1f standard errors wide",
			 range_t, trend_t);
	snprintf(ev, sizeof(ev),
		 "last %zu rounds of %s (%s): range %.1f%% of mean "
		 "(limit %.0f%%), fitted-line excursion %.1f%% (limit "
		 "%.0f%%)%s%s",
		 w.n, rnd, w.what, 100 * s.range, 100 * vc->o->ss_range,
		 100 * s.excursion, 100 * vc->o->ss_excursion, sig, fio);
	if (!fails(vc->o, &s, range_t, trend_t, &why))
		ret = fv_vrow(vc, j->label, j->display, "steady-state",
			      FV_V_STEADY, ev,
			      "the last %zu rounds agree within the SNIA "
			      "limits, or within their noise: steady state "
			      "reached",
			      w.n);
	else
		ret = fv_vrow(vc, j->label, j->display, "steady-state",
			      FV_V_STEADY_FAIL, ev,
			      "the last %zu rounds still move (%s, beyond "
			      "their noise): the run did not reach steady "
			      "state",
			      w.n, why);
	return ret ? ret : window_figs(vc, &w, &s);
}
