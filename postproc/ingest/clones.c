/* SPDX-License-Identifier: MIT */
/*
 * Same-name jobs in one document. numjobs=N without group_reporting makes
 * fio report N entries with the same name and options: each is kept (as
 * "name#k", k being the clone's rank) and their sum is added, computed the
 * way group_reporting would, with exact percentiles from the merged bins.
 * Same-name entries whose options differ are different jobs: they are only
 * numbered.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest.h"
#include "ingest_int.h"
#include "model/model.h"
#include "util/util.h"

static bool same_opts(const struct fv_job *a, const struct fv_job *b)
{
	if (a->nopts != b->nopts)
		return false;
	for (size_t i = 0; i < a->nopts; i++)
		if (strcmp(a->opts[i].key, b->opts[i].key) ||
		    strcmp(a->opts[i].val, b->opts[i].val))
			return false;
	return true;
}

static bool same_name(const struct fv_job *a, const struct fv_job *b)
{
	return a->kind != FV_JOB_ALL_CLIENTS && b->kind != FV_JOB_ALL_CLIENTS &&
	       !strcmp(a->name, b->name) && fv_streq_opt(a->host, b->host);
}

static uint64_t lat_weight(const struct fv_lat *lat,
			   const struct fv_dirstats *ds)
{
	return lat->has_n ? lat->n : ds->total_ios;
}

/* Pooled mean and standard deviation, as group_reporting computes them. */
static void sum_moments(struct fv_lat *dst, struct fv_job **m, size_t nm, int d,
			int k)
{
	double n = 0, mean = 0, ss = 0;

	for (size_t i = 0; i < nm; i++) {
		const struct fv_lat *l = &m[i]->dir[d].lat[k];
		double w = lat_weight(l, &m[i]->dir[d]);

		n += w;
		mean += w * l->mean_ns;
	}
	mean = n > 0 ? mean / n : 0;
	for (size_t i = 0; i < nm; i++) {
		const struct fv_lat *l = &m[i]->dir[d].lat[k];
		double w = lat_weight(l, &m[i]->dir[d]), dm = l->mean_ns - mean;

		if (w > 1)
			ss += (w - 1) * l->stddev_ns * l->stddev_ns;
		ss += w * dm * dm;
	}
	dst->mean_ns = mean;
	dst->stddev_ns = n > 1 ? sqrt(ss / (n - 1)) : 0;
}

static int sum_bins(struct fv_lat *dst, struct fv_job **m, size_t nm, int d,
		    int k)
{
	size_t total = 0;

	for (size_t i = 0; i < nm; i++)
		total += m[i]->dir[d].lat[k].nbins;
	if (!total)
		return 0;
	dst->bins = malloc(total * sizeof(*dst->bins));
	if (!dst->bins)
		return -ENOMEM;
	for (size_t i = 0; i < nm; i++) {
		const struct fv_lat *l = &m[i]->dir[d].lat[k];

		if (!l->nbins)
			continue; /* bins may be NULL: memcpy must not see it */
		memcpy(dst->bins + dst->nbins, l->bins,
		       l->nbins * sizeof(*l->bins));
		dst->nbins += l->nbins;
	}
	fv_bins_normalise(dst->bins, &dst->nbins);
	return 0;
}

static int sum_lat(struct fv_lat *dst, struct fv_job **m, size_t nm, int d,
		   int k)
{
	bool first = true;

	for (size_t i = 0; i < nm; i++) {
		const struct fv_lat *l = &m[i]->dir[d].lat[k];

		if (!l->present)
			continue;
		dst->present = true;
		dst->has_n = l->has_n && (first || dst->has_n);
		dst->n += l->n;
		/* An unused clone reports min 0: it must not win. */
		if (l->n || !l->has_n) {
			if (first || l->min_ns < dst->min_ns)
				dst->min_ns = l->min_ns;
			first = false;
		}
		if (l->max_ns > dst->max_ns)
			dst->max_ns = l->max_ns;
	}
	sum_moments(dst, m, nm, d, k);
	/* Reported percentiles cannot be summed: only bins can. */
	return sum_bins(dst, m, nm, d, k);
}

/*
 * The clones' rates add, and so do their variances (they vary
 * independently); the count is the fewest. The sum's own lowest and
 * highest sample are not known.
 */
static void sum_rate_samples(struct fv_rate_samples *dst,
			     const struct fv_rate_samples *s)
{
	if (!s->present)
		return;
	if (!dst->present || s->n < dst->n)
		dst->n = s->n;
	dst->present = true;
	dst->mean += s->mean;
	dst->sd = sqrt(dst->sd * dst->sd + s->sd * s->sd);
	dst->group_pct += s->group_pct;
	dst->min = dst->max = NAN;
	dst->moment_res += s->moment_res;
	dst->pct_res += s->pct_res;
}

static int sum_dir(struct fv_dirstats *dst, struct fv_job **m, size_t nm, int d)
{
	for (size_t i = 0; i < nm; i++) {
		const struct fv_dirstats *s = &m[i]->dir[d];

		if (!s->present)
			continue;
		dst->present = true;
		dst->io_bytes += s->io_bytes;
		dst->total_ios += s->total_ios;
		dst->short_ios += s->short_ios;
		dst->drop_ios += s->drop_ios;
		dst->bw_bytes += s->bw_bytes;
		dst->iops += s->iops;
		sum_rate_samples(&dst->bw_samples, &s->bw_samples);
		sum_rate_samples(&dst->iops_samples, &s->iops_samples);
		if (s->runtime_ms > dst->runtime_ms)
			dst->runtime_ms = s->runtime_ms;
		dst->lat_unmeasured |= s->lat_unmeasured;
	}
	for (int k = 0; k < FV_LAT_NR && dst->present; k++) {
		int ret = sum_lat(&dst->lat[k], m, nm, d, k);

		if (ret)
			return ret;
	}
	return 0;
}

static int copy_meta(struct fv_job *sum, const struct fv_job *first)
{
	sum->name = strdup(first->name);
	if (!sum->name)
		return -ENOMEM;
	if (first->hostname && !(sum->hostname = strdup(first->hostname)))
		return -ENOMEM;
	if (first->host && !(sum->host = strdup(first->host)))
		return -ENOMEM;
	sum->port = first->port;
	sum->opts = fv_opts_pack(first->opts, first->nopts);
	if (!sum->opts)
		return -ENOMEM;
	sum->nopts = first->nopts;
	sum->format = first->format;
	if (fv_workload_copy(&sum->wl, &first->wl))
		return -ENOMEM;
	sum->groupid = first->groupid;
	sum->index = first->index;
	return 0;
}

static uint64_t ios_of(const struct fv_job *j)
{
	uint64_t n = 0;

	for (int d = 0; d < FV_DIR_NR; d++)
		n += j->dir[d].total_ios;
	return n;
}

/* Every member's depths, weighted by its I/Os; none if one has none. */
static void sum_depths(struct fv_job *sum, struct fv_job **m, size_t nm)
{
	memset(sum->depth_pct, 0, sizeof(sum->depth_pct));
	for (size_t i = 0; i < nm; i++) {
		if (isnan(m[i]->depth_pct[0])) {
			memset(sum->depth_pct, 0, sizeof(sum->depth_pct));
			break; /* a sum of 0: NAN */
		}
		for (int k = 0; k < FV_DEPTH_LEVELS; k++)
			sum->depth_pct[k] += m[i]->depth_pct[k] *
					     (double) (ios_of(m[i]) + 1);
	}
	fv_job_depths_scale(sum);
}

/* The same for the latency buckets: shares of each member's I/Os. */
static void sum_lat_buckets(struct fv_job *sum, struct fv_job **m, size_t nm)
{
	struct fv_lat_buckets *b = &sum->lat_buckets;
	double ios = 0;

	for (size_t i = 0; i < nm; i++) {
		const struct fv_lat_buckets *mb = &m[i]->lat_buckets;
		double w = (double) ios_of(m[i]);

		if (!mb->present) {
			memset(b, 0, sizeof(*b));
			return;
		}
		for (int k = 0; k < FV_LAT_BUCKETS; k++)
			b->pct[k] += mb->pct[k] * w;
		b->res = fmax(b->res, mb->res);
		ios += w;
	}
	for (int k = 0; k < FV_LAT_BUCKETS && ios > 0; k++)
		b->pct[k] /= ios;
	b->present = ios > 0;
}

struct fv_job *fv_jobs_sum(struct fv_job **m, size_t nm)
{
	struct fv_job *sum = fv_job_new();

	if (!sum || copy_meta(sum, m[0]))
		goto fail;
	sum->nclones = (int) nm;
	sum->usr_cpu = sum->sys_cpu = sum->cpu_busiest = 0;
	sum_depths(sum, m, nm);
	sum_lat_buckets(sum, m, nm);
	for (size_t i = 0; i < nm; i++) {
		sum->usr_cpu += m[i]->usr_cpu / nm;
		sum->sys_cpu += m[i]->sys_cpu / nm;
		sum->cpu_busiest = fmax(sum->cpu_busiest, m[i]->cpu_busiest);
		sum->ctx += m[i]->ctx;
		sum->cpu_whole_seconds |= m[i]->cpu_whole_seconds;
		if (m[i]->job_runtime_ms > sum->job_runtime_ms)
			sum->job_runtime_ms = m[i]->job_runtime_ms;
		if (!sum->error)
			sum->error = m[i]->error;
	}
	if (isnan(sum->usr_cpu)) /* a clone without: fmax skipped its NAN */
		sum->cpu_busiest = NAN;
	for (int d = 0; d < FV_DIR_NR; d++)
		if (sum_dir(&sum->dir[d], m, nm, d))
			goto fail;
	return sum;
fail:
	fv_job_free(sum);
	return NULL;
}

static int set_display(struct fv_job *job, const char *fmt, int k)
{
	free(job->display);
	job->display = NULL;
	if (asprintf(&job->display, fmt, job->name, k) < 0) {
		job->display = NULL;
		return -ENOMEM;
	}
	return 0;
}

int fv_jobs_append(struct fv_job ***jobs, size_t *njobs, struct fv_job *job)
{
	size_t alloc = *njobs; /* the callers keep no capacity: held exactly */

	if (FV_ALLOC_GROW(*jobs, *njobs + 1, alloc))
		return -ENOMEM;
	(*jobs)[(*njobs)++] = job;
	return 0;
}

/* What the grouping needs besides the jobs. */
struct grouping {
	fv_bins_loader *load;
	void *ctx;
};

/* One set of identical same-name entries: mark them, add their sum. */
static int group_identical(struct fv_job ***jobs, size_t *njobs,
			   struct fv_job **m, size_t nm, bool only_group,
			   const struct grouping *g)
{
	struct fv_job *sum;

	for (size_t i = 0; i < nm; i++) {
		int ret = g->load ? g->load(g->ctx, m[i]) : 0;

		if (ret)
			return ret;
		m[i]->kind = FV_JOB_CLONE;
	}
	sum = fv_jobs_sum(m, nm);
	if (!sum)
		return -ENOMEM;
	sum->kind = FV_JOB_CLONE_SUM;
	if ((only_group ? set_display(sum, "%s", 0)
			: set_display(sum, "%s#sum%d", m[0]->clone)) ||
	    fv_jobs_append(jobs, njobs, sum)) {
		fv_job_free(sum);
		return -ENOMEM;
	}
	return 0;
}

/* All entries named like (*jobs)[first]: number them, then sum clones. */
static int group_name(struct fv_job ***jobs, size_t *njobs, size_t n,
		      size_t first, bool *done, const struct grouping *g)
{
	struct fv_job **same = calloc(n, sizeof(*same)), **m = NULL;
	size_t ns = 0;
	int ret = -ENOMEM;

	if (!same)
		return -ENOMEM;
	for (size_t i = first; i < n; i++)
		if (!done[i] && same_name((*jobs)[first], (*jobs)[i])) {
			done[i] = true;
			same[ns] = (*jobs)[i];
			same[ns]->clone = (int) ns;
			ns++;
		}
	m = calloc(ns, sizeof(*m));
	if (!m)
		goto out;
	ret = 0;
	for (size_t i = 0; i < ns && ns > 1 && !ret; i++)
		ret = set_display(same[i], "%s#%d", (int) i);
	for (size_t i = 0; i < ns && ns > 1 && !ret; i++) {
		size_t nm = 0;

		if (same[i]->kind == FV_JOB_CLONE)
			continue;
		for (size_t j = i; j < ns; j++)
			if (same[j]->kind != FV_JOB_CLONE &&
			    same_opts(same[i], same[j]))
				m[nm++] = same[j];
		if (nm > 1)
			ret = group_identical(jobs, njobs, m, nm, nm == ns, g);
	}
out:
	free(m);
	free(same);
	return ret;
}

int fv_group_clones(struct fv_job ***jobs, size_t *njobs, fv_bins_loader *load,
		    void *ctx)
{
	const struct grouping g = { load, ctx };
	size_t n = *njobs;
	bool *done = calloc(n ? n : 1, sizeof(*done));
	int ret = 0;

	if (!done)
		return -ENOMEM;
	for (size_t i = 0; i < n && !ret; i++) {
		if (done[i] || (*jobs)[i]->kind == FV_JOB_ALL_CLIENTS)
			continue;
		ret = group_name(jobs, njobs, n, i, done, &g);
	}
	free(done);
	return ret;
}
