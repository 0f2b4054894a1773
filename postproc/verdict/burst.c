/* SPDX-License-Identifier: MIT */
/*
 * burst: does the figure last? Two kinds of evidence: a change point in
 * the job's own IOPS series (two-level least-squares fit: a level, then a
 * lower one), and for a steady job, its IOPS against the peak job of the
 * same pattern (rw and bs) and label. A fall counts when it is deep (the
 * lower level below collapse_ratio of the higher one) and sure. Within a
 * series, the two levels sigma standard errors of their difference apart,
 * each level's error measured on its own windows; how much of the
 * series' variance the two levels explain does not decide: a fall to a
 * quarter is a collapse however noisy the series around it. Between the
 * peak and the steady job, two runs: noise_mult times their noise apart,
 * as the regression gate judges runs (fv_vruns_apart).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "series_stats.h"
#include "verdict_int.h"

struct burst {
	bool has_step, fell;
	struct fv_step st;
	double t_fall_ms, t_end_ms;
	const struct fv_job *peak;
	double ratio; /* steady / peak */
	double t;     /* their difference in times their noise (log) */
	bool collapsed;
};

/* Segments of at least 10% of the series (and 3 windows): one odd window
 * at either end (fio's partial first or last) is not a change point. */
static size_t min_segment(size_t n)
{
	return n / 10 > 3 ? n / 10 : 3;
}

static int series_step(struct fv_vctx *vc, const struct fv_job *j,
		       struct burst *b)
{
	struct fv_rate r;
	int ret = fv_log_rate(vc->logs, j, FV_LOG_IOPS, fv_vjob_dir(j), &r);

	if (ret || !r.n)
		return ret;
	b->has_step = fv_step_fit(r.v, r.n, min_segment(r.n), &b->st);
	if (b->has_step) {
		b->t_fall_ms = r.t_ms[b->st.k - 1];
		b->t_end_ms = r.t_ms[r.n - 1];
		b->fell = b->st.before > 0 &&
			  b->st.after / b->st.before < vc->o->collapse_ratio &&
			  b->st.t >= vc->o->sigma;
	}
	fv_rate_free(&r);
	return 0;
}

/* Peak and steady of one known workload, whatever their depths. */
static bool same_io(const struct fv_job *a, const struct fv_job *b)
{
	return a->wl.pattern != FV_PAT_UNKNOWN && a->wl.block &&
	       fv_workload_same_io(&a->wl, &b->wl);
}

static void peak_pair(struct fv_vctx *vc, const struct fv_job *j,
		      struct burst *b)
{
	double steady = fv_vjob_iops(j), peak;

	if (j->role != FV_ROLE_STEADY)
		return;
	for (size_t i = 0; i < vc->set->njobs; i++) {
		const struct fv_job *p = vc->set->jobs[i];

		if (p->role == FV_ROLE_PEAK && fv_job_measured(p) && p->label &&
		    j->label && !strcmp(p->label, j->label) && same_io(p, j) &&
		    fv_vjob_iops(p) > 0)
			b->peak = p;
	}
	if (!b->peak)
		return;
	peak = fv_vjob_iops(b->peak);
	b->ratio = steady / peak;
	/* two runs, judged as a sweep's depths and the regression gate are */
	b->t = fv_vruns_apart(vc->o, peak,
			      fv_vjob_iops_spread(vc->logs, b->peak), steady,
			      fv_vjob_iops_spread(vc->logs, j));
	b->collapsed =
		b->ratio < vc->o->collapse_ratio && b->t >= vc->o->noise_mult;
}

/* How sure a difference is; flat hand-made levels have no noise at all. */
static const char *apart(char *buf, size_t len, double t, const char *unit)
{
	if (isinf(t))
		snprintf(buf, len, "levels without noise");
	else
		snprintf(buf, len, "%.1f %s apart", t, unit);
	return buf;
}

static void evidence(char *buf, size_t len, const struct burst *b)
{
	char sure[48];
	char x[48], y[48], t[48], e[48];
	int n = 0;

	if (b->has_step) {
		fv_vfmt(x, sizeof(x), FV_U_IOPS, b->st.before);
		fv_vfmt(y, sizeof(y), FV_U_IOPS, b->st.after);
		fv_vfmt(t, sizeof(t), FV_U_MS, b->t_fall_ms);
		fv_vfmt(e, sizeof(e), FV_U_MS, b->t_end_ms);
		n = snprintf(
			buf, len,
			"series: %s then %s from %s of %s (after/before "
			"%.0f%%, %s)",
			x, y, t, e, 100 * b->st.after / b->st.before,
			apart(sure, sizeof(sure), b->st.t, "standard errors"));
	}
	if (b->peak && n >= 0 && (size_t) n < len) {
		fv_vfmt(x, sizeof(x), FV_U_IOPS, fv_vjob_iops(b->peak));
		n += snprintf(buf + n, len - (size_t) n,
			      "%speak job %s %s, steady/peak %.0f%%",
			      n ? "; " : "", b->peak->display, x,
			      100 * b->ratio);
		if (!isnan(b->t) && n >= 0 && (size_t) n < len)
			snprintf(buf + n, len - (size_t) n, " (%s)",
				 apart(sure, sizeof(sure), b->t,
				       "times their noise"));
	}
}

/* Where the report draws the fall: the series' levels and times, else
 * the peak and steady figures (no time: two runs). */
static struct fv_vfigs burst_figs(const struct fv_job *j, const struct burst *b)
{
	struct fv_vfigs f = FV_VFIGS_NONE;

	if (b->fell) {
		f.at_ms = b->t_fall_ms;
		f.until_ms = b->t_end_ms;
		f.level = b->st.before;
		f.level2 = b->st.after;
	} else if (b->collapsed) {
		f.level = fv_vjob_iops(b->peak);
		f.level2 = fv_vjob_iops(j);
	}
	return f;
}

static int verdict_row(struct fv_vctx *vc, const struct fv_job *j,
		       const struct burst *b, const char *ev)
{
	char lv[48], t[48];

	if (b->fell) {
		fv_vfmt(lv, sizeof(lv), FV_U_IOPS, b->st.after);
		fv_vfmt(t, sizeof(t), FV_U_MS, b->t_fall_ms);
		return fv_vrow(vc, j->label, j->display, "burst",
			       FV_V_BURST_COLLAPSE, ev,
			       "IOPS collapsed to %s after a %s burst: what "
			       "the disk sustains is the lower level",
			       lv, t);
	}
	if (b->collapsed)
		return fv_vrow(vc, j->label, j->display, "burst",
			       FV_V_BURST_COLLAPSE, ev,
			       "steady IOPS are %.0f%% of the peak (below "
			       "%.0f%%): the peak was a burst",
			       100 * b->ratio, 100 * vc->o->collapse_ratio);
	/* Deep enough, but two runs whose noise could make it: cannot tell. */
	if (b->peak && b->ratio < vc->o->collapse_ratio)
		return fv_vrow(vc, j->label, j->display, "burst",
			       FV_V_INCONCLUSIVE, ev,
			       "steady IOPS are %.0f%% of the peak, within "
			       "%.0f times the two runs' noise: cannot tell a "
			       "burst from the noise (fio's IOPS logs of both "
			       "would measure it)",
			       100 * b->ratio, vc->o->noise_mult);
	return fv_vrow(vc, j->label, j->display, "burst", FV_V_SUSTAINED, ev,
		       "no fall below %.0f%% of the starting level that the "
		       "noise cannot explain: the figure is sustained",
		       100 * vc->o->collapse_ratio);
}

int fv_vcheck_burst(struct fv_vctx *vc, const struct fv_job *j)
{
	struct burst b = { .t = NAN };
	struct fv_vfigs f;
	char ev[512] = "";
	int ret;

	if (fv_vtarget_no_disk(j))
		return 0;
	ret = series_step(vc, j, &b);
	if (ret)
		return ret;
	peak_pair(vc, j, &b);
	if (!b.has_step && !b.peak)
		return 0;
	evidence(ev, sizeof(ev), &b);
	ret = verdict_row(vc, j, &b, ev);
	if (!ret)
		f = burst_figs(j, &b);
	return ret ? ret : fv_vrow_figs(vc, &f);
}
