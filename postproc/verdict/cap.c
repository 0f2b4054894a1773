/* SPDX-License-Identifier: MIT */
/*
 * The QD sweep of a label (jobs with the same rw, bs and numjobs at
 * different depths), in depth order:
 *   - burst-collapse: IOPS that fall as the depth rises, below
 *     collapse_ratio of the best shallower depth and beyond noise_mult
 *     times the two runs' noise (each depth is a run of its own: the
 *     machine drifts between runs more than the standard error of one
 *     run's mean says). A deeper queue cannot lower what a device serves,
 *     so the service rate fell during the sweep, as when a burst runs
 *     dry. The queue must really have deepened (outstanding I/Os by
 *     Little's law, IOPS x mean latency, up by half the doublings of the
 *     depth or more): a synchronous engine ignores iodepth, and its IOPS
 *     move with the CPU, not the device. The label's jobs that ran after
 *     it measured the baseline: burst-spent.
 *   - capped: a plateau after the last fall: from the knee on, at least
 *     two doublings of the depth that add less than cap_gain IOPS while
 *     the mean latency grows as Little's law predicts (outstanding = IOPS
 *     x latency, within cap_little); its level is the plateau's. Latency
 *     that does not grow means the queue never filled (a synchronous
 *     engine, a client limit), which is not a cap. Nor is a plateau at a
 *     depth where fio itself was the limit (load-bound, load.c): its
 *     thread saturated or starved of CPU flattens the curve as a cap
 *     would; the row names the CPU instead.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "series_stats.h"
#include "verdict_int.h"

struct pt {
	const struct fv_job *j;
	int qd;			     /* fv_job_depth(j), looked up once */
	double iops, spread, lat_ns; /* spread: relative, of its windows */
};

struct sweep {
	struct pt *p;
	size_t n;
	char name[160], ev[512];
	size_t fall;  /* the first depth that fell, or n */
	size_t from;  /* the best depth before it */
	size_t last;  /* the last depth below the one before it, or 0 */
	size_t knee;  /* where the plateau starts, or n */
	double worst; /* the largest error against Little's law on it */
};

/* The points of one QD sweep: one label, one workload but its depth. */
static bool same_sweep(const struct fv_job *a, const struct fv_job *b)
{
	return a->label && b->label && !strcmp(a->label, b->label) &&
	       fv_workload_same_io(&a->wl, &b->wl) &&
	       a->wl.threads == b->wl.threads &&
	       fv_vjob_dir(a) == fv_vjob_dir(b);
}

/* A depth of a sweep; not one whose queue never filled (methodology). */
static bool candidate(const struct fv_job *j)
{
	/* held to its own rate: that rate, no depth of a sweep */
	return fv_job_measured(j) && fv_job_depth(j) > 0 && j->label &&
	       !fv_vjob_no_data(j) && !fv_vtarget_no_disk(j) &&
	       !fv_vjob_held_to_rate(j, NULL, 0) &&
	       isnan(fv_vjob_queue_unfilled(j)) &&
	       (j->role == FV_ROLE_SCALING || j->role == FV_ROLE_PEAK);
}

static double mean_lat(const struct fv_job *j)
{
	const struct fv_dirstats *d = &j->dir[fv_vjob_dir(j)];

	if (!d->present || d->lat_unmeasured)
		return NAN;
	if (d->lat[FV_LAT].present && d->lat[FV_LAT].mean_ns > 0)
		return d->lat[FV_LAT].mean_ns;
	return d->lat[FV_CLAT].mean_ns > 0 ? d->lat[FV_CLAT].mean_ns : NAN;
}

static int by_depth(const void *a, const void *b)
{
	const struct pt *x = a, *y = b;

	return (x->qd > y->qd) - (x->qd < y->qd);
}

/* Little's law: the I/Os in flight on average. */
static double outstanding(const struct pt *a)
{
	return a->iops * a->lat_ns / 1e9;
}

/* Did b fall below a, deep and sure, with its queue deeper? */
static bool fell(const struct fv_vopts *o, const struct pt *a,
		 const struct pt *b)
{
	double deeper = sqrt((double) b->qd / a->qd);

	return b->iops < o->collapse_ratio * a->iops &&
	       fv_vruns_apart(o, a->iops, a->spread, b->iops, b->spread) >=
		       o->noise_mult &&
	       outstanding(b) >= deeper * outstanding(a);
}

static void find_falls(const struct fv_vopts *o, struct sweep *s)
{
	size_t best = 0;

	s->fall = s->n;
	s->last = 0;
	for (size_t i = 1; i < s->n; i++) {
		/* below the best so far: a gradual decline counts too */
		if (s->fall == s->n && fell(o, &s->p[best], &s->p[i])) {
			s->fall = i;
			s->from = best;
		}
		/* below the depth just before: the plateau starts later */
		if (fell(o, &s->p[i - 1], &s->p[i]))
			s->last = i;
		if (s->p[i].iops > s->p[best].iops)
			best = i;
	}
}

/* Is the step from a to b (a doubling or more) flat and queue-bound? */
static bool capped_step(const struct fv_vopts *o, const struct pt *a,
			const struct pt *b, double *little_err)
{
	double gain = b->iops / a->iops - 1;
	double want = ((double) b->qd / a->qd) * (a->iops / b->iops);
	double got = b->lat_ns / a->lat_ns;

	*little_err = fabs(got / want - 1);
	return fabs(gain) < o->cap_gain && *little_err <= o->cap_little;
}

/* The knee: the first depth after the last fall from which every later
 * step is capped; two steps at least. */
static void find_plateau(const struct fv_vopts *o, struct sweep *s)
{
	double err;

	s->knee = s->n;
	s->worst = 0;
	for (size_t i = s->n - 1;
	     i > s->last && capped_step(o, &s->p[i - 1], &s->p[i], &err); i--) {
		s->knee = i - 1;
		s->worst = fmax(s->worst, err);
	}
	if (s->knee + 3 > s->n)
		s->knee = s->n;
}

static void describe(struct sweep *s)
{
	char x[48];
	int len = 0;

	for (size_t i = 0; i < s->n && len >= 0 && (size_t) len < sizeof(s->ev);
	     i++) {
		fv_vfmt(x, sizeof(x), FV_U_IOPS, s->p[i].iops);
		len += snprintf(s->ev + len, sizeof(s->ev) - (size_t) len,
				"%sQD %d: %s, %.0f µs", i ? "; " : "",
				s->p[i].qd, x, s->p[i].lat_ns / 1000);
	}
	snprintf(s->name, sizeof(s->name), "%s (QD %d-%d)", s->p[0].j->name,
		 s->p[0].qd, s->p[s->n - 1].qd);
}

/* When, inside the job of the first depth that fell, its IOPS fell. */
static double fall_time(struct fv_vctx *vc, const struct fv_job *j)
{
	struct fv_rate r;
	struct fv_step st;
	double t = NAN;

	if (fv_log_rate(vc->logs, j, FV_LOG_IOPS, fv_vjob_dir(j), &r))
		return NAN;
	if (r.n >= 6 && fv_step_fit(r.v, r.n, 3, &st) && st.after < st.before &&
	    st.t >= vc->o->sigma)
		t = r.t_ms[st.k - 1];
	fv_rate_free(&r);
	return t;
}

static int collapse_row(struct fv_vctx *vc, const struct sweep *s)
{
	const struct pt *a = &s->p[s->from], *b = &s->p[s->fall];
	struct fv_vfigs f = FV_VFIGS_NONE;
	char x[48], y[48], when[96] = "";
	double t = fall_time(vc, b->j);
	int ret;

	fv_vfmt(x, sizeof(x), FV_U_IOPS, a->iops);
	fv_vfmt(y, sizeof(y), FV_U_IOPS, b->iops);
	if (!isnan(t))
		snprintf(when, sizeof(when), ", %.1f s into the QD %d job",
			 t / 1000, b->qd);
	ret = fv_vrow(vc, a->j->label, s->name, "burst", FV_V_BURST_COLLAPSE,
		      s->ev,
		      "IOPS fell from %s at QD %d to %s at QD %d as the depth "
		      "rose%s: a deeper queue cannot serve less, the rate "
		      "fell during the sweep (a burst that ran dry), not a cap",
		      x, a->qd, y, b->qd, when);
	f.at_ms = t;
	f.level = a->iops;
	f.level2 = b->iops;
	f.knee_qd = b->qd;
	return ret ? ret : fv_vrow_figs(vc, &f);
}

/*
 * With --sku, the catalog limit the plateau matches: its median, in IO/s
 * and as bandwidth (x bs), within its noise (3 x its relative MAD, at
 * least 5%), or that it matches none of the label's SKUs.
 */
static void sku_limit(const struct fv_vctx *vc, const struct sweep *s,
		      char *buf, size_t len)
{
	const struct fv_label_sku *ls =
		fv_label_skus_find(vc->o->skus, s->p[0].j->label);
	size_t n = s->n - s->knee;
	double *v = calloc(n, sizeof(*v)), level;
	uint64_t bytes = s->p[0].j->wl.block ? s->p[0].j->wl.block : 4096;

	buf[0] = '\0';
	for (size_t i = 0; v && i < n; i++)
		v[i] = s->p[s->knee + i].iops;
	if (!ls || !v) {
		free(v);
		return;
	}
	level = fv_median(v, n);
	fv_limits_explain(ls, "the plateau's median", level,
			  level * (double) bytes,
			  fmax(0.05, 3 * fv_rel_mad(v, n)), buf, len);
	free(v);
}

/* The first depth of the plateau where fio was the limit, or n. */
static size_t load_bound_at(const struct fv_vctx *vc, const struct sweep *s)
{
	for (size_t i = s->knee; i < s->n; i++)
		if (fv_vjob_load_bound(vc->o, s->p[i].j))
			return i;
	return s->n;
}

static int cap_row(struct fv_vctx *vc, const struct sweep *s)
{
	struct fv_vfigs f = FV_VFIGS_NONE;
	double sum = 0;
	char x[48], limit[512];
	size_t lb = s->knee < s->n ? load_bound_at(vc, s) : s->n;
	int ret;

	if (lb < s->n)
		return fv_vrow(
			vc, s->p[0].j->label, s->name, "cap", FV_V_NOT_CAPPED,
			s->ev,
			"the plateau from QD %d is fio's CPU, not a cap: at QD "
			"%d fio was load-bound (its thread %.0f%% of a CPU); "
			"add jobs, iodepth_batch_submit, or free the cores it "
			"runs on, then sweep again",
			s->p[s->knee].qd, s->p[lb].qd, s->p[lb].j->cpu_busiest);
	if (s->knee == s->n)
		return fv_vrow(
			vc, s->p[0].j->label, s->name, "cap", FV_V_NOT_CAPPED,
			s->ev, "%s: no cap seen",
			s->fall < s->n
				? "after the fall, no plateau of two "
				  "doublings"
				: "deeper queues still add IOPS, or "
				  "latency does not follow Little's law");
	for (size_t i = s->knee; i < s->n; i++)
		sum += s->p[i].iops;
	f.level = sum / (double) (s->n - s->knee);
	f.knee_qd = s->p[s->knee].qd;
	fv_vfmt(x, sizeof(x), FV_U_IOPS, f.level);
	sku_limit(vc, s, limit, sizeof(limit));
	ret = fv_vrow(vc, s->p[0].j->label, s->name, "cap", FV_V_CAPPED, s->ev,
		      "capped at ≈ %s from QD %d (knee): doubling the depth "
		      "adds < %.0f%% IOPS and only latency (Little's law "
		      "within %.0f%%)%s",
		      x, s->p[s->knee].qd, 100 * vc->o->cap_gain,
		      100 * s->worst, limit);
	return ret ? ret : fv_vrow_figs(vc, &f);
}

/* Did j run after the job that fell? Same run: later in it; else later. */
static bool ran_after(const struct fv_job *j, const struct fv_job *f)
{
	if (j->source && f->source && !strcmp(j->source, f->source))
		return j->index > f->index;
	return j->timestamp > f->timestamp;
}

/* The label's later jobs measured what the burst left: the baseline. */
static int spent_rows(struct fv_vctx *vc, const struct sweep *s)
{
	const struct fv_job *f = s->p[s->fall].j;
	int ret = 0;

	for (size_t i = 0; i < vc->set->njobs && !ret; i++) {
		const struct fv_job *j = vc->set->jobs[i];
		bool in_sweep = false;
		char ev[256];

		for (size_t k = 0; k < s->n; k++)
			in_sweep |= s->p[k].j == j;
		if (in_sweep || !fv_job_measured(j) || !j->label ||
		    strcmp(j->label, f->label) || fv_vjob_no_data(j) ||
		    !ran_after(j, f))
			continue;
		snprintf(ev, sizeof(ev),
			 "ran after %s, where the label's IOPS fell",
			 f->display);
		ret = fv_vrow(vc, j->label, j->display, "burst",
			      FV_V_BURST_SPENT, ev,
			      "it ran after the label's burst ran dry: its "
			      "figures are the baseline, not the peak");
		if (!ret)
			ret = fv_vrow_cause(vc, ev);
	}
	return ret;
}

static int judge(struct fv_vctx *vc, struct pt *p, size_t n)
{
	struct sweep s = { .p = p, .n = n };
	int ret = 0;

	qsort(p, n, sizeof(*p), by_depth);
	describe(&s);
	find_falls(vc->o, &s);
	find_plateau(vc->o, &s);
	if (s.fall < n)
		ret = collapse_row(vc, &s);
	if (!ret)
		ret = cap_row(vc, &s);
	if (!ret && s.fall < n)
		ret = spent_rows(vc, &s);
	return ret;
}

/*
 * Of two jobs of a sweep at one depth, the one the sweep shows (sweep's
 * table, analysis/sweep.c): the scaling job before a peak job of the same
 * workload, then the newest. Its figures are the evidence quoted.
 */
static bool shown_before(const struct fv_job *a, const struct fv_job *b)
{
	if ((a->role == FV_ROLE_SCALING) != (b->role == FV_ROLE_SCALING))
		return a->role == FV_ROLE_SCALING;
	if (a->timestamp != b->timestamp)
		return a->timestamp > b->timestamp;
	return a->order > b->order;
}

/* Collects the sweep that starts at job s (its first member). */
static size_t collect(struct fv_vctx *vc, size_t s, struct pt *p)
{
	const struct fv_set *set = vc->set;
	size_t n = 0;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];
		size_t k = 0;

		if (!candidate(j) || !same_sweep(set->jobs[s], j))
			continue;
		if (i < s)
			return 0; /* judged with an earlier job */
		while (k < n && p[k].qd != fv_job_depth(j))
			k++;
		if (k < n && !shown_before(j, p[k].j))
			continue;
		p[k] = (struct pt){ j, fv_job_depth(j), fv_vjob_iops(j),
				    fv_vjob_iops_spread(vc->logs, j),
				    mean_lat(j) };
		n += k == n;
	}
	return n;
}

static bool usable(const struct pt *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(p[i].iops > 0) || !(p[i].lat_ns > 0))
			return false;
	return n >= 3;
}

int fv_vcheck_cap(struct fv_vctx *vc)
{
	const struct fv_set *set = vc->set;
	struct pt *p = calloc(set->njobs + 1, sizeof(*p));
	int ret = 0;

	if (!p)
		return -ENOMEM;
	for (size_t s = 0; s < set->njobs && !ret; s++) {
		size_t n;

		if (!candidate(set->jobs[s]))
			continue;
		n = collect(vc, s, p);
		if (usable(p, n))
			ret = judge(vc, p, n);
	}
	free(p);
	return ret;
}
