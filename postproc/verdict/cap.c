/* SPDX-License-Identifier: MIT */
/*
 * capped: in a QD sweep (jobs of one label with the same rw, bs and
 * numjobs at different depths), the depth from which each doubling adds
 * less than cap_gain IOPS while the mean latency grows as Little's law
 * predicts (outstanding = IOPS x latency, within cap_little). Latency that
 * does not grow means the queue never filled (a synchronous engine, a
 * client limit), which is not a cap.
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
	double iops, lat_ns;
};

static const char *opt_or(const struct fv_job *j, const char *k)
{
	const char *v = fv_job_opt(j, k);

	return v ? v : "";
}

static bool same_sweep(const struct fv_job *a, const struct fv_job *b)
{
	return a->label && b->label && !strcmp(a->label, b->label) &&
	       !strcmp(opt_or(a, "rw"), opt_or(b, "rw")) &&
	       !strcmp(opt_or(a, "bs"), opt_or(b, "bs")) &&
	       !strcmp(opt_or(a, "numjobs"), opt_or(b, "numjobs")) &&
	       fv_vjob_dir(a) == fv_vjob_dir(b);
}

static bool candidate(const struct fv_job *j)
{
	return fv_job_representative(j) && j->depth > 0 && j->label &&
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

	return (x->j->depth > y->j->depth) - (x->j->depth < y->j->depth);
}

/* Is the step from a to b (a doubling or more) flat and queue-bound? */
static bool capped_step(const struct fv_vopts *o, const struct pt *a,
			const struct pt *b, double *little_err)
{
	double gain = b->iops / a->iops - 1;
	double want =
		((double) b->j->depth / a->j->depth) * (a->iops / b->iops);
	double got = b->lat_ns / a->lat_ns;

	*little_err = fabs(got / want - 1);
	return gain < o->cap_gain && *little_err <= o->cap_little;
}

/*
 * With --sku, the catalog limit the plateau matches: its median, in IO/s
 * and as bandwidth (x bs), within its noise (3 x its relative MAD, at
 * least 5%), or that it matches none of the label's SKUs. A median, so
 * that a burst running dry inside the plateau does not move the level.
 */
static void sku_limit(const struct fv_vctx *vc, const struct pt *p, size_t knee,
		      size_t n, char *buf, size_t len)
{
	const struct fv_label_sku *ls =
		fv_label_skus_find(vc->o->skus, p[0].j->label);
	const char *bs = fv_job_opt(p[0].j, "bs");
	double *v = calloc(n, sizeof(*v)), level;
	uint64_t bytes = 4096;

	buf[0] = '\0';
	for (size_t i = knee; v && i < n; i++)
		v[i - knee] = p[i].iops;
	if (!ls || !v || (bs && fv_opt_size(bs, &bytes))) {
		free(v);
		return;
	}
	level = fv_median(v, n - knee);
	fv_limits_explain(ls, "the plateau's median", level,
			  level * (double) bytes,
			  fmax(0.05, 3 * fv_rel_mad(v, n - knee)), buf, len);
	free(v);
}

static int judge(struct fv_vctx *vc, struct pt *p, size_t n)
{
	size_t knee = n;
	double worst = 0, sum = 0, err;
	struct fv_vfigs f = FV_VFIGS_NONE;
	char ev[512], x[48], name[160], limit[512];
	int len = 0, ret;

	qsort(p, n, sizeof(*p), by_depth);
	/* The knee: the first depth from which every later step is capped. */
	for (size_t i = n - 1;
	     i > 0 && capped_step(vc->o, &p[i - 1], &p[i], &err); i--) {
		knee = i - 1;
		worst = fmax(worst, err);
	}
	for (size_t i = 0; i < n && len >= 0 && (size_t) len < sizeof(ev);
	     i++) {
		fv_vfmt(x, sizeof(x), FV_U_IOPS, p[i].iops);
		len += snprintf(ev + len, sizeof(ev) - (size_t) len,
				"%sQD %d: %s, %.0f µs", i ? "; " : "",
				p[i].j->depth, x, p[i].lat_ns / 1000);
	}
	snprintf(name, sizeof(name), "%s (QD %d-%d)", p[0].j->name,
		 p[0].j->depth, p[n - 1].j->depth);
	if (knee == n)
		return fv_vrow(vc, p[0].j->label, name, "cap", FV_V_NOT_CAPPED,
			       ev,
			       "deeper queues still add IOPS, or latency "
			       "does not follow Little's law: no cap seen");
	for (size_t i = knee; i < n; i++)
		sum += p[i].iops;
	f.level = sum / (double) (n - knee);
	f.knee_qd = p[knee].j->depth;
	fv_vfmt(x, sizeof(x), FV_U_IOPS, f.level);
	sku_limit(vc, p, knee, n, limit, sizeof(limit));
	ret = fv_vrow(vc, p[0].j->label, name, "cap", FV_V_CAPPED, ev,
		      "capped at ≈ %s from QD %d (knee): doubling the "
		      "depth adds < %.0f%% IOPS and only latency (Little's "
		      "law within %.0f%%)%s",
		      x, p[knee].j->depth, 100 * vc->o->cap_gain, 100 * worst,
		      limit);
	return ret ? ret : fv_vrow_figs(vc, &f);
}

/* Collects the sweep that starts at job s (its first member). */
static size_t collect(const struct fv_set *set, size_t s, struct pt *p)
{
	size_t n = 0;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];
		bool dup = false;

		if (!candidate(j) || !same_sweep(set->jobs[s], j))
			continue;
		for (size_t k = 0; k < n; k++)
			dup |= p[k].j->depth == j->depth;
		if (dup || i < s) {
			if (i < s)
				return 0; /* judged with an earlier job */
			continue;
		}
		p[n++] = (struct pt){ j, fv_vjob_iops(j), mean_lat(j) };
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
		n = collect(set, s, p);
		if (usable(p, n))
			ret = judge(vc, p, n);
	}
	free(p);
	return ret;
}
