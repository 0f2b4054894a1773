/* SPDX-License-Identifier: MIT */
/*
 * How much a job's figures move within its own run: the noise that the
 * burst, sweep and regression checks measure a change against.
 *   - IOPS, within the run (burst, sweep): the standard error of the
 *     run's mean, from the windows of its IOPS log (their spread over the
 *     square root of their count), else from fio's own samples
 *     (iops_stddev over iops_samples).
 *   - fio 2 took no IOPS samples: its bandwidth samples vary as IOPS do
 *     at one block size, and give the spread (not the standard error: it
 *     did not print their count).
 *   - IOPS, from run to run (diff): the windows' own spread, which moves
 *     with the machine's load as another run's mean would.
 *   - p99: the spread of per-window p99s of a per-I/O latency log
 *     (windows of at least 100 I/Os), else of the window means of an
 *     averaged one. Not divided by the square root of the windows: a
 *     run's p99 is made by its worst windows, and moves with them.
 */
#include <math.h>
#include <stdlib.h>

#include "series_stats.h"
#include "verdict_int.h"

#define MIN_PER_WINDOW 100 /* fewer samples make p99 a single I/O */
#define MAX_WINDOWS 20

/* Robust relative spread: 1.4826 x MAD / median (a normal's sigma). */
static double spread(const double *v, size_t n)
{
	return n >= 3 ? 1.4826 * fv_rel_mad(v, n) : NAN;
}

/* fio's own samples' sd over the rate: IOPS, else bandwidth; or NAN. */
static double samples_spread(const struct fv_dirstats *d)
{
	const struct fv_rate_samples *b = &d->bw_samples;

	if (d->iops_samples.present)
		return d->iops_samples.n >= 2 && d->iops > 0
			       ? d->iops_samples.sd / d->iops
			       : NAN;
	/* A count of 0 is fio 2's unknown one; an sd needs two samples. */
	return b->present && b->sd > 0 && b->n != 1 && d->bw_bytes > 0
		       ? b->sd / d->bw_bytes
		       : NAN;
}

double fv_vjob_iops_spread(const struct fv_logset *logs, const struct fv_job *j)
{
	struct fv_rate r = { 0 };
	double s = NAN;

	if (logs && !fv_log_rate(logs, j, FV_LOG_IOPS, fv_vjob_dir(j), &r))
		s = spread(r.v, r.n);
	fv_rate_free(&r);
	return isnan(s) ? samples_spread(&j->dir[fv_vjob_dir(j)]) : s;
}

double fv_vjob_iops_se(const struct fv_logset *logs, const struct fv_job *j)
{
	const struct fv_dirstats *d = &j->dir[fv_vjob_dir(j)];
	struct fv_rate r = { 0 };
	double se = NAN;

	if (logs && !fv_log_rate(logs, j, FV_LOG_IOPS, fv_vjob_dir(j), &r) &&
	    r.n >= 4) {
		double m = fv_mean(r.v, r.n), s = 0;

		for (size_t i = 0; i < r.n; i++)
			s += (r.v[i] - m) * (r.v[i] - m) / (double) (r.n - 1);
		se = sqrt(s / (double) r.n);
	}
	fv_rate_free(&r);
	if (isnan(se) && d->iops_samples.n >= 2)
		se = d->iops_samples.sd / sqrt((double) d->iops_samples.n);
	return se;
}

static double window_p99s(const struct fv_rate *r)
{
	size_t nw = r->n / MIN_PER_WINDOW, per;
	double p[MAX_WINDOWS];

	if (nw > MAX_WINDOWS)
		nw = MAX_WINDOWS;
	if (nw < 3)
		return NAN;
	per = r->n / nw;
	for (size_t w = 0; w < nw; w++)
		p[w] = fv_quantile(r->v + w * per,
				   w + 1 == nw ? r->n - w * per : per, 99);
	return spread(p, nw);
}

double fv_vjob_lat_spread(const struct fv_logset *logs, const struct fv_job *j)
{
	enum fv_dir d = fv_vjob_dir(j);
	static const enum fv_log_kind kinds[] = { FV_LOG_CLAT, FV_LOG_LAT };
	double s = NAN;

	for (size_t k = 0; logs && k < 2 && isnan(s); k++) {
		struct fv_rate r = { 0 };

		if (!fv_log_lat_samples(logs, j, kinds[k], d, &r) && r.n)
			s = window_p99s(&r);
		else if (!fv_log_rate(logs, j, kinds[k], d, &r) && r.n)
			s = spread(r.v, r.n); /* averaged: window means */
		fv_rate_free(&r);
	}
	return s;
}

double fv_vruns_apart(const struct fv_vopts *o, double a, double sa, double b,
		      double sb)
{
	double n;

	sa = isnan(sa) ? o->default_noise : sa;
	sb = isnan(sb) ? o->default_noise : sb;
	n = sqrt(sa * sa + sb * sb);
	return n > 0 ? log(a / b) / n : INFINITY;
}
