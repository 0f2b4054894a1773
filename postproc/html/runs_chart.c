/* SPDX-License-Identifier: MIT */
/*
 * Each run of a job as a point: per label whose jobs ran several times
 * (run --repeat), every run's IOPS, and its p99, over the median of that
 * job's runs, one column of points per job. The regression gate tests
 * these samples; a median alone hides how far identical runs land.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "util/util.h"
#include "model/model.h"

enum what { W_IOPS, W_P99 };

static double figure(const struct fv_set *set, const struct fv_job *j,
		     enum what w)
{
	enum fv_dir d = fv_lat_dir(j);
	const struct fv_lat *l = &j->dir[d].lat[FV_CLAT];
	int i = fv_pct_index(set, 99);

	if (w == W_IOPS)
		return j->dir[FV_DIR_READ].iops + j->dir[FV_DIR_WRITE].iops;
	if (i < 0 || !l->present || !l->pct || l->pct[i].src == FV_PCT_NONE)
		return NAN;
	return l->pct[i].ns;
}

/*
 * A run of (label, job): CrystalDiskMark names its read and its write test
 * alike, two jobs and not two runs of one, so the direction counts too.
 */
static bool run_of(const struct fv_job *j, const struct fv_job *job)
{
	return fv_job_measured(j) && j->label && job->label &&
	       fv_same_test(j, job);
}

/* The figure of each run of job into v; their count. */
static size_t runs(const struct fv_set *set, const struct fv_job *job,
		   enum what w, double *v)
{
	size_t n = 0;

	for (size_t i = 0; i < fv_set_nruns(set); i++) {
		double x;

		if (!run_of(fv_set_run(set, i), job))
			continue;
		x = figure(set, fv_set_run(set, i), w);
		if (x > 0 && isfinite(x))
			v[n++] = x;
	}
	return n;
}

/* The label's distinct jobs with two runs or more, in order: the first
 * run of each. */
static size_t repeated_jobs(const struct fv_set *set, const char *label,
			    const struct fv_job **out)
{
	size_t n = 0;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];
		size_t count = 0;
		bool seen = false;

		if (!fv_job_measured(j) || !j->label || strcmp(j->label, label))
			continue;
		for (size_t k = 0; k < n && !seen; k++)
			seen = run_of(j, out[k]);
		for (size_t k = 0; k < fv_set_nruns(set) && !seen; k++)
			count += run_of(fv_set_run(set, k), j);
		if (!seen && count >= 2)
			out[n++] = j;
	}
	return n;
}

/* The job's name, with its direction when another job has that name. */
static void job_name(char *buf, size_t len, const struct fv_job *const *jobs,
		     size_t nj, size_t k)
{
	bool twin = false;

	for (size_t i = 0; i < nj && !twin; i++)
		twin = i != k && !strcmp(jobs[i]->display, jobs[k]->display);
	if (twin)
		snprintf(buf, len, "%s (%s)", jobs[k]->display,
			 fv_dir_name(fv_job_main_dir(jobs[k])));
	else
		snprintf(buf, len, "%s", jobs[k]->display);
}

static int job_points(struct fv_chart *ch, const struct fv_set *set,
		      const struct fv_job *job, const char *name, size_t x,
		      enum what w, double *v)
{
	size_t n = runs(set, job, w, v);
	struct fv_line *l;
	double med;

	if (!n)
		return 0;
	l = fv_line_add(ch, name);
	if (!l)
		return -ENOMEM;
	l->points = true;
	for (size_t i = 0; i < n; i++)
		if (fv_line_point(l, (double) x, v[i]))
			return -ENOMEM;
	qsort(v, n, sizeof(*v), fv_cmp_double);
	med = fv_median_sorted(v, n);
	for (size_t i = 0; i < l->n; i++)
		l->y[i] /= med;
	return 0;
}

static int label_chart(struct fv_charts *c, const struct fv_set *set,
		       const char *label, const struct fv_job *const *jobs,
		       size_t nj, enum what w, double *v)
{
	static const char *const names[] = { "IOPS", "P99 latency" };
	static const char *const none[] = {
		"no run of a repeated job has IOPS above 0",
		"no run of a repeated job has a P99 latency: its results "
		"have no latency percentiles",
	};
	struct fv_mark m = {
		.kind = FV_MK_HLINE, .x0 = NAN, .x1 = NAN, .y = 1
	};
	char title[320], median[] = "median of the job's runs", name[300];
	struct fv_chart *ch;
	size_t len;
	int ret = 0;

	snprintf(title, sizeof(title), "%s: each run's %s", label, names[w]);
	ch = fv_chart_add_numbered(c, title, "Job (numbered in the caption)",
				   "Over the median of the job's runs (x)");
	if (!ch)
		return -ENOMEM;
	len = (size_t) snprintf(ch->caption, sizeof(ch->caption),
				"Each run of a job as a point, over the median "
				"of that job's runs (1 = the median). Jobs:");
	for (size_t k = 0; k < nj && !ret; k++) {
		job_name(name, sizeof(name), jobs, nj, k);
		if (len < sizeof(ch->caption))
			len += (size_t) snprintf(ch->caption + len,
						 sizeof(ch->caption) - len,
						 " %zu %s%s", k + 1, name,
						 k + 1 < nj ? "," : ".");
		ret = job_points(ch, set, jobs[k], name, k + 1, w, v);
	}
	if (!ret && !fv_chart_points(ch))
		fv_chart_leave_out(ch, "%s", none[w]);
	m.text = median;
	return ret ? ret : fv_mark_add(ch, &m);
}

int fv_charts_runs(struct fv_charts *c, const struct fv_set *set)
{
	const char **labels = NULL;
	const struct fv_job **jobs = calloc(set->njobs + 1, sizeof(*jobs));
	double *v = calloc(fv_set_nruns(set) + 1, sizeof(*v));
	size_t nl = 0;
	int ret = jobs && v ? fv_labels(set, false, &labels, &nl) : -ENOMEM;

	for (size_t i = 0; !ret && i < nl; i++) {
		size_t nj = repeated_jobs(set, labels[i], jobs);

		for (int w = W_IOPS; !ret && nj && w <= W_P99; w++)
			ret = label_chart(c, set, labels[i], jobs, nj, w, v);
	}
	free(labels);
	free(jobs);
	free(v);
	return ret;
}
