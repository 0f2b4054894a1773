/* SPDX-License-Identifier: MIT */
/*
 * p99 and p99.9 over time, from fio's histogram logs: one chart per steady
 * job name, two lines per label, on a log axis, beside the IOPS over time.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"

struct lat_lines {
	struct fv_line *p99, *p999;
	enum fv_dir dir;
	int ret;
};

static int add_point(void *ctx, const struct fv_hist_window *w)
{
	struct lat_lines *x = ctx;
	double t = (w->start_ms + w->end_ms) / 2e3;

	/* a damaged window, or one without I/O, has no point */
	if (w->dir != x->dir || w->damaged || !w->n || !w->pct)
		return 0;
	if (fv_line_point(x->p99, t, w->pct[0] / 1e3) ||
	    fv_line_point(x->p999, t, w->pct[1] / 1e3))
		return -ENOMEM;
	return 0;
}

static int lat_lines(struct fv_chart *ch, const struct fv_logset *ts,
		     const struct fv_job *j)
{
	static const double p[] = { 99, 99.9 };
	char t99[300], t999[300];
	struct lat_lines x = { .dir = fv_lat_dir(j) == FV_DIR_READ
					      ? FV_DIR_READ
					      : FV_DIR_WRITE };
	struct fv_hist_query q = { .job = j,
				   .kind = FV_LOG_CLAT,
				   .p = p,
				   .np = 2,
				   .emit = add_point,
				   .ctx = &x };

	snprintf(t99, sizeof(t99), "%s p99", j->label);
	snprintf(t999, sizeof(t999), "%s p99.9", j->label);
	if (!fv_line_add(ch, t99) || !fv_line_add(ch, t999))
		return -ENOMEM;
	/* the second may have moved the first */
	x.p99 = &ch->lines[ch->nlines - 2];
	x.p999 = &ch->lines[ch->nlines - 1];
	/* the table and the verdicts have said what is wrong in a log */
	x.ret = fv_hist_windows(ts, &q, NULL);
	if (!x.ret && !x.p99->n) { /* not one window: no line */
		for (size_t k = ch->nlines - 2; k < ch->nlines; k++) {
			free(ch->lines[k].title);
			free(ch->lines[k].x);
			free(ch->lines[k].y);
		}
		ch->nlines -= 2;
	}
	return x.ret;
}

int fv_chart_latency(struct fv_charts *c, const struct fv_set *set,
		     const struct fv_logset *ts, const char *name)
{
	char title[300];
	struct fv_chart *ch;
	size_t points = 0;

	snprintf(title, sizeof(title), "Tail latency over time: %s", name);
	ch = fv_chart_add(c, title, "Time since the job started (s)",
			  "Completion latency (µs), log scale");
	if (!ch)
		return -ENOMEM;
	ch->yaxis = FV_AX_LOG10;
	snprintf(ch->caption, sizeof(ch->caption),
		 "p99 and p99.9 of each window of fio's histogram logs of "
		 "job %s (write_hist_log, log_hist_msec; clones added up), "
		 "two lines per label: the stability under sustained load "
		 "that one run's p99 cannot show (verdict latency-stability).",
		 name);
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (!fv_job_measured(j) || strcmp(j->name, name) ||
		    !fv_hist_has(ts, j, FV_LOG_CLAT))
			continue;
		if (lat_lines(ch, ts, j))
			return -ENOMEM;
	}
	for (size_t k = 0; k < ch->nlines; k++)
		points += ch->lines[k].n;
	if (!points) { /* no window: no chart */
		fv_chart_free(ch);
		c->n--;
	}
	return 0;
}
