/* SPDX-License-Identifier: MIT */
/*
 * A chart per job of a history (fioverdict report --history), from the
 * table history-runs: its primary figure run by run, each segment's
 * median as a dashed level, each change point as a dashed line before the
 * first run after it, named with its size from the history table.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "util/util.h"

/* The run's value in the unit its column has, and that unit's name. */
static double value(const struct fv_table *t, size_t r, const char **unit)
{
	double v = fv_table_num(t, r, "iops");

	*unit = "IOPS";
	if (isfinite(v))
		return v;
	*unit = "bandwidth (MB/s)";
	v = fv_table_num(t, r, "bps");
	if (isfinite(v))
		return v / 1e6;
	*unit = "latency (µs)";
	return fv_table_num(t, r, "ns") / 1e3;
}

/* Each segment of job's runs: its median as a level over its runs. */
static int levels(struct fv_chart *ch, const struct fv_table *t,
		  const char *job)
{
	double *v = calloc(t->nrows + 1, sizeof(*v));
	int ret = v ? 0 : -ENOMEM;

	for (double seg = 0; !ret; seg++) {
		double lo = INFINITY, hi = -INFINITY;
		const char *unit;
		size_t n = 0;

		for (size_t r = 0; r < t->nrows; r++)
			if (!strcmp(fv_table_str(t, r, "job"), job) &&
			    fv_table_num(t, r, "segment") == seg) {
				double x = fv_table_num(t, r, "run");

				v[n++] = value(t, r, &unit);
				lo = fmin(lo, x);
				hi = fmax(hi, x);
			}
		if (!n)
			break;
		qsort(v, n, sizeof(*v), fv_cmp_double);
		ret = fv_mark_add(
			ch, &(struct fv_mark){ FV_MK_HLINE, lo - 0.4, hi + 0.4,
					       fv_median_sorted(v, n),
					       (char *) "segment median" });
	}
	free(v);
	return ret;
}

/* The change points of job (a segment's first run), named with a size. */
static int changes(struct fv_chart *ch, const struct fv_table *t,
		   const struct fv_table *hist, const char *job)
{
	double seg = 0;
	char text[96];

	for (size_t r = 0; r < t->nrows; r++) {
		if (strcmp(fv_table_str(t, r, "job"), job) ||
		    fv_table_num(t, r, "segment") == seg)
			continue;
		seg = fv_table_num(t, r, "segment");
		snprintf(text, sizeof(text), "change at run %.0f",
			 fv_table_num(t, r, "run"));
		for (size_t h = 0; hist && h < hist->nrows; h++)
			if (!strcmp(fv_table_str(hist, h, "job"), job) &&
			    fv_table_num(hist, h, "run_after") ==
				    fv_table_num(t, r, "run"))
				snprintf(text, sizeof(text),
					 "change at run %.0f: x%.2f",
					 fv_table_num(t, r, "run"),
					 fv_table_num(hist, h, "ratio"));
		if (fv_mark_add(ch, &(struct fv_mark){
					    FV_MK_VLINE,
					    fv_table_num(t, r, "run") - 0.5,
					    NAN, NAN, text }))
			return -ENOMEM;
	}
	return 0;
}

static int job_chart(struct fv_charts *c, const struct fv_table *t,
		     const struct fv_table *hist, const char *job)
{
	const char *unit = "IOPS", *figure = "";
	struct fv_chart *ch;
	struct fv_line *l;
	char title[200];

	for (size_t r = 0; r < t->nrows && !*figure; r++)
		if (!strcmp(fv_table_str(t, r, "job"), job)) {
			figure = fv_table_str(t, r, "figure");
			value(t, r, &unit);
		}
	snprintf(title, sizeof(title), "History: %s, %s", job, figure);
	ch = fv_chart_add(c, title, "Run (in the history's order)", unit);
	l = ch ? fv_line_add(ch, "one run") : NULL;
	if (!l)
		return -ENOMEM;
	l->points = true;
	snprintf(ch->caption, sizeof(ch->caption),
		 "The %s of each run of %s in order; dashed levels: the "
		 "median of each segment between change points; dashed "
		 "lines: a change, before the first run after it.",
		 figure, job);
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(fv_table_str(t, r, "job"), job) &&
		    fv_line_point(l, fv_table_num(t, r, "run"),
				  value(t, r, &unit)))
			return -ENOMEM;
	return levels(ch, t, job) ?: changes(ch, t, hist, job);
}

int fv_charts_history(struct fv_charts *c, const struct fv_table *runs,
		      const struct fv_table *hist)
{
	int ret = 0;

	for (size_t r = 0; runs && !ret && r < runs->nrows; r++) {
		const char *job = fv_table_str(runs, r, "job");
		bool seen = false;

		for (size_t k = 0; k < r && !seen; k++)
			seen = !strcmp(fv_table_str(runs, k, "job"), job);
		if (!seen)
			ret = job_chart(c, runs, hist, job);
	}
	return ret;
}
