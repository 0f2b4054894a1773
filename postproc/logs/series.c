/* SPDX-License-Identifier: MIT */
/* Joined series as the verdicts want them: rates per window, samples. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "logs.h"
#include "util/util.h"

#define MAX_WINDOWS 1e6

void fv_rate_free(struct fv_rate *r)
{
	free(r->t_ms);
	free(r->v);
	memset(r, 0, sizeof(*r));
}

/*
 * No window is no memory: callers leave an empty rate alone (r->n == 0)
 * without freeing it, and one was lost with every log shorter than a
 * window (found by fuzz_logs).
 */
static int rate_alloc(struct fv_rate *r, size_t n)
{
	memset(r, 0, sizeof(*r));
	if (!n)
		return 0;
	r->t_ms = calloc(n, sizeof(*r->t_ms));
	r->v = calloc(n, sizeof(*r->v));
	r->n = n;
	if (r->t_ms && r->v)
		return 0;
	fv_rate_free(r);
	return -ENOMEM;
}

/*
 * A clone sum owns the series of its clones (of its host, in a client's
 * output); a fleet's sum those of the job on every host.
 */
bool fv_series_belongs(const struct fv_series *s, const struct fv_job *job)
{
	const struct fv_job *j = s->job;

	if (!j)
		return false;
	if (j == job)
		return true;
	if (job->kind == FV_JOB_FLEET)
		return fv_fleet_has(job, j);
	if (strcmp(j->name, job->name) || !j->source || !job->source ||
	    strcmp(j->source, job->source))
		return false;
	return job->kind == FV_JOB_CLONE_SUM && j->kind == FV_JOB_CLONE &&
	       fv_streq_opt(j->host, job->host);
}

/* Per-I/O samples into windows of bin_ms; the last, partial, is dropped. */
static int bin_series(const struct fv_series *s, double bin_ms,
		      struct fv_rate *r)
{
	double tmax = 0;
	size_t n;

	for (size_t i = 0; i < s->n; i++)
		tmax = fmax(tmax, s->pt[i].t_ms);
	/* Whole windows only; an absurd time stamp must not exhaust memory. */
	n = (size_t) fmin(floor(tmax / bin_ms), MAX_WINDOWS);
	if (rate_alloc(r, n))
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		r->t_ms[i] = (double) (i + 1) * bin_ms;
	for (size_t i = 0; i < s->n; i++) {
		double w = floor(s->pt[i].t_ms / bin_ms);

		if (w < (double) n)
			r->v[(size_t) w] +=
				s->kind == FV_LOG_BW ? s->pt[i].bs : 1;
	}
	for (size_t i = 0; i < n; i++)
		r->v[i] *= 1000.0 / bin_ms;
	return 0;
}

static int copy_series(const struct fv_series *s, struct fv_rate *r)
{
	if (rate_alloc(r, s->n))
		return -ENOMEM;
	for (size_t i = 0; i < s->n; i++) {
		r->t_ms[i] = s->pt[i].t_ms;
		r->v[i] = s->pt[i].v;
	}
	return 0;
}

/* Sums b into a window by window, over the shorter of the two. */
static void add_rate(struct fv_rate *a, const struct fv_rate *b)
{
	if (b->n < a->n)
		a->n = b->n;
	for (size_t i = 0; i < a->n; i++) {
		a->v[i] += b->v[i];
		a->t_ms[i] = fmax(a->t_ms[i], b->t_ms[i]);
	}
}

int fv_log_rate(const struct fv_logset *ts, const struct fv_job *job,
		enum fv_log_kind kind, enum fv_dir dir, struct fv_rate *r)
{
	double bin = ts->bin_ms > 0 ? ts->bin_ms : 100;
	bool first = true;

	memset(r, 0, sizeof(*r));
	for (size_t i = 0; i < ts->n; i++) {
		const struct fv_series *s = ts->v[i];
		struct fv_rate one;
		int ret;

		if (s->kind != kind || s->ddir != dir ||
		    !fv_series_belongs(s, job))
			continue;
		ret = s->averaged ? copy_series(s, &one)
				  : bin_series(s, bin, &one);
		if (ret) {
			fv_rate_free(r);
			return ret;
		}
		if (first) {
			*r = one;
			first = false;
			continue;
		}
		add_rate(r, &one);
		fv_rate_free(&one);
	}
	return 0;
}

static int by_time(const void *a, const void *b)
{
	const double *x = a, *y = b;

	return (*x > *y) - (*x < *y);
}

int fv_log_lat_samples(const struct fv_logset *ts, const struct fv_job *job,
		       enum fv_log_kind kind, enum fv_dir dir,
		       struct fv_rate *r)
{
	size_t n = 0, k = 0;
	double *pairs;

	memset(r, 0, sizeof(*r));
	for (size_t i = 0; i < ts->n; i++)
		if (ts->v[i]->kind == kind && ts->v[i]->ddir == dir &&
		    !ts->v[i]->averaged && fv_series_belongs(ts->v[i], job))
			n += ts->v[i]->n;
	if (!n)
		return 0;
	pairs = calloc(n * 2, sizeof(*pairs));
	if (!pairs || rate_alloc(r, n)) {
		free(pairs);
		return -ENOMEM;
	}
	for (size_t i = 0; i < ts->n; i++) {
		const struct fv_series *s = ts->v[i];

		if (s->kind != kind || s->ddir != dir || s->averaged ||
		    !fv_series_belongs(s, job))
			continue;
		for (size_t p = 0; p < s->n; p++, k++) {
			pairs[2 * k] = s->pt[p].t_ms;
			pairs[2 * k + 1] = s->pt[p].v;
		}
	}
	qsort(pairs, n, 2 * sizeof(*pairs), by_time);
	for (size_t i = 0; i < n; i++) {
		r->t_ms[i] = pairs[2 * i];
		r->v[i] = pairs[2 * i + 1];
	}
	free(pairs);
	return 0;
}
