/* SPDX-License-Identifier: MIT */
/*
 * Client output of several hosts: a fleet. For each job name, its entries
 * on every host are summed into one FV_JOB_FLEET job, as clones are
 * (clones.c), with percentiles from the hosts' bins merged: exact, where
 * an average of the hosts' percentiles is not. fio's own "All clients"
 * entry sums every job of every host; before fio 3.39 it has no
 * percentiles, and gets them here from all the entries' bins merged, as
 * later fio computes them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ingest.h"
#include "ingest_int.h"
#include "model/model.h"

/* The entries fio wrote for one host and job: the parts of any sum. */
static bool member(const struct fv_job *j)
{
	return j->host && (j->kind == FV_JOB_SINGLE || j->kind == FV_JOB_CLONE);
}

static size_t count_hosts(struct fv_job **jobs, size_t n)
{
	size_t hosts = 0;

	for (size_t i = 0; i < n; i++) {
		bool seen = false;

		if (!member(jobs[i]))
			continue;
		for (size_t k = 0; k < i && !seen; k++)
			seen = member(jobs[k]) &&
			       !strcmp(jobs[k]->host, jobs[i]->host);
		hosts += !seen;
	}
	return hosts;
}

static void free_bins(struct fv_job *j)
{
	for (int d = 0; d < FV_DIR_NR; d++)
		for (int k = 0; k < FV_LAT_NR; k++)
			fv_lat_set_bins(&j->dir[d].lat[k], NULL, 0);
}

/* Adds b's bins to acc's, section by section (acc keeps them merged). */
static int merge_into(struct fv_job *acc, const struct fv_job *b)
{
	for (int d = 0; d < FV_DIR_NR; d++)
		for (int k = 0; k < FV_LAT_NR; k++) {
			struct fv_lat *a = &acc->dir[d].lat[k];
			const struct fv_lat *l = &b->dir[d].lat[k];
			size_t alloc = a->nbins; /* set.h keeps no capacity */

			if (!l->nbins)
				continue;
			if (FV_ALLOC_GROW(a->bins, a->nbins + l->nbins, alloc))
				return -ENOMEM;
			memcpy(a->bins + a->nbins, l->bins,
			       l->nbins * sizeof(*l->bins));
			a->nbins += l->nbins;
			fv_bins_normalise(a->bins, &a->nbins);
		}
	return 0;
}

/*
 * A copy of the fleet's merged bins, kept past ingest: the rows of other
 * client outputs of the same fleet merge with it exactly (annotate).
 */
static int keep_bins(struct fv_job *sum)
{
	struct fv_fleet_keep *k = calloc(1, sizeof(*k));

	if (!k)
		return -ENOMEM;
	sum->keep = k;
	for (int d = 0; d < FV_DIR_NR; d++)
		for (int l = 0; l < FV_LAT_NR; l++) {
			const struct fv_lat *lat = &sum->dir[d].lat[l];

			if (!lat->nbins)
				continue;
			k->bins[d][l] = malloc(lat->nbins * sizeof(*lat->bins));
			if (!k->bins[d][l])
				return -ENOMEM;
			memcpy(k->bins[d][l], lat->bins,
			       lat->nbins * sizeof(*lat->bins));
			k->nbins[d][l] = lat->nbins;
		}
	return 0;
}

/* One job name on every host: their sum, added to *jobs. */
static int fleet_of(struct fv_job ***jobs, size_t *njobs, size_t n,
		    size_t first, bool *done, fv_bins_loader *load, void *ctx,
		    struct fv_job *all)
{
	struct fv_job **m = calloc(n, sizeof(*m)), *sum = NULL;
	size_t nm = 0;
	int ret = 0;

	if (!m)
		return -ENOMEM;
	for (size_t i = first; i < n && !ret; i++) {
		struct fv_job *j = (*jobs)[i];

		if (done[i] || !member(j) ||
		    strcmp(j->name, (*jobs)[first]->name))
			continue;
		done[i] = true;
		m[nm++] = j;
		ret = load ? load(ctx, j) : 0;
	}
	if (!ret && !(sum = fv_jobs_sum(m, nm)))
		ret = -ENOMEM;
	if (!ret) {
		sum->kind = FV_JOB_FLEET;
		free(sum->hostname);
		free(sum->host);
		sum->hostname = sum->host = NULL;
		sum->port = 0;
		sum->display = strdup(sum->name);
		ret = sum->display ? keep_bins(sum) : -ENOMEM;
	}
	if (!ret && all)
		ret = merge_into(all, sum);
	if (!ret)
		ret = fv_jobs_append(jobs, njobs, sum);
	if (ret)
		fv_job_free(sum);
	/* The members' percentiles are made: their bins can go now. */
	for (size_t i = 0; i < nm; i++)
		free_bins(m[i]);
	free(m);
	return ret;
}

/* fio's "All clients" without percentiles: the merged bins give them. */
static void give_bins(struct fv_job *all, struct fv_job *acc)
{
	for (int d = 0; d < FV_DIR_NR; d++)
		for (int k = 0; k < FV_LAT_NR; k++) {
			struct fv_lat *a = &all->dir[d].lat[k],
				      *b = &acc->dir[d].lat[k];

			if (!a->present || a->nreported || a->had_bins ||
			    a->nbins)
				continue;
			a->bins = b->bins;
			a->nbins = b->nbins;
			b->bins = NULL;
			b->nbins = 0;
			/* Finished again, now from the bins. */
			fv_lat_pct_free(a);
		}
}

static struct fv_job *all_clients(struct fv_job **jobs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (jobs[i]->kind == FV_JOB_ALL_CLIENTS)
			return jobs[i];
	return NULL;
}

int fv_fleet_sums(struct fv_job ***jobs, size_t *njobs, fv_bins_loader *load,
		  void *ctx)
{
	size_t n = *njobs;
	struct fv_job *all = all_clients(*jobs, n), acc;
	bool *done;
	int ret = 0;

	if (count_hosts(*jobs, n) < 2)
		return 0;
	done = calloc(n, sizeof(*done));
	if (!done)
		return -ENOMEM;
	memset(&acc, 0, sizeof(acc));
	for (size_t i = 0; i < n && !ret; i++)
		if (!done[i] && member((*jobs)[i]))
			ret = fleet_of(jobs, njobs, n, i, done, load, ctx,
				       all ? &acc : NULL);
	if (!ret && all)
		give_bins(all, &acc);
	free_bins(&acc);
	free(done);
	return ret;
}
