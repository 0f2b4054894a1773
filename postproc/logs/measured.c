/* SPDX-License-Identifier: MIT */
/*
 * The rates a tool measured itself (the model's fv_window_rate: DiskSpd's
 * -D buckets) as averaged IOPS series of their own job, so that the
 * verdicts and the charts read them as they read an fio IOPS log written
 * with log_avg_msec. They are already joined and in IO/s.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "logs.h"

static int add_windows(struct fv_logset *ts, const struct fv_job *job,
		       enum fv_dir d)
{
	const struct fv_window_rate *w = &job->dir[d].windows;
	struct fv_series *s;

	if (FV_ALLOC_GROW(ts->v, ts->n + 1, ts->cap) ||
	    !(s = calloc(1, sizeof(*s))))
		return -ENOMEM;
	ts->v[ts->n++] = s;
	s->kind = FV_LOG_IOPS;
	s->ddir = d;
	s->averaged = s->normalised = true;
	s->job = job;
	s->pt = calloc(w->n, sizeof(*s->pt));
	if (!s->pt || !(s->source = strdup(job->source)) ||
	    (job->source_dir && !(s->dir = strdup(job->source_dir))) ||
	    !(s->prefix = strdup(job->name)))
		return -ENOMEM;
	for (size_t i = 0; i < w->n; i++) {
		s->pt[i].t_ms = w->end_ms[i];
		s->pt[i].v = w->iops[i];
	}
	s->n = s->cap = w->n;
	return 0;
}

int fv_log_add_measured(struct fv_logset *ts, const struct fv_set *set)
{
	for (size_t i = 0; i < set->njobs; i++)
		for (int d = 0; d < FV_DIR_NR; d++)
			if (set->jobs[i]->dir[d].windows.n &&
			    add_windows(ts, set->jobs[i], (enum fv_dir) d))
				return -ENOMEM;
	return 0;
}
