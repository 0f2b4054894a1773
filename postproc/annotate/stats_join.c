/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "stats_join.h"
#include "util/util.h"

static bool same_dir(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

static int attach(struct fv_job *job, struct fv_durability *d)
{
	if (FV_ALLOC_GROW(job->dur, job->ndur + 1, job->dur_alloc))
		return -ENOMEM;
	job->dur[job->ndur++] = d;
	d->joined = true;
	return 0;
}

/*
 * Stats sent by a fio server belong to one host of the client's output:
 * the host run named (stats_host), else the address and port the client
 * reached, else the server's own name (fio's "<server>" prefix).
 */
/*
 * run names a host by the address and port it reached ("127.0.0.2:8766");
 * the job's shown host drops the port when the name alone tells it apart
 * (select/fleets.c), so the stats still match by the name and port.
 */
static bool named_with_port(const struct fv_job *job, const char *name)
{
	char *full = fv_host_name(job->hostname, job->port);
	bool same = full && !strcmp(full, name);

	free(full);
	return same;
}

static bool same_host(const struct fv_job *job, const struct fv_durability *d)
{
	if (!d->from_server || !job->hostname)
		return true;
	if (d->host_name)
		return !strcmp(d->host_name, job->host) ||
		       named_with_port(job, d->host_name);
	if (d->server_addr && !strcmp(d->server_addr, job->hostname) &&
	    d->server_port == job->port)
		return true;
	return d->server_hostname && !strcmp(d->server_hostname, job->hostname);
}

static bool candidate(const struct fv_job *job, const struct fv_durability *d,
		      bool want_dir)
{
	if (job->kind == FV_JOB_ALL_CLIENTS || job->kind == FV_JOB_FLEET ||
	    strcmp(job->name, d->job_name) || !same_host(job, d))
		return false;
	return !want_dir || same_dir(job->source_dir, d->dir);
}

/* The one entry (clone or single job) this stats file belongs to. */
static struct fv_job *find_entry(struct fv_set *set, struct fv_durability *d,
				 bool want_dir)
{
	struct fv_job *by_clone = NULL, *only = NULL;
	size_t n = 0;

	for (size_t i = 0; i < set->njobs; i++) {
		struct fv_job *job = set->jobs[i];

		if (!candidate(job, d, want_dir) ||
		    job->kind == FV_JOB_CLONE_SUM)
			continue;
		if (job->index + 1 == d->thread_number)
			return job;
		if (job->clone == d->clone && !by_clone)
			by_clone = job;
		only = job;
		n++;
	}
	/* group_reporting: one entry stands for every clone. */
	if (n == 1)
		return only;
	return by_clone;
}

static int join_one(struct fv_set *set, struct fv_durability *d)
{
	struct fv_job *job = find_entry(set, d, true);
	int ret;

	if (!job)
		job = find_entry(set, d, false);
	if (!job)
		return fv_diag_add(&set->diags, FV_WARNING, d->source, 0, 0,
				   "stats file: no fio job named \"%s\" to "
				   "join it to",
				   d->job_name);
	ret = attach(job, d);
	/* A clone's sum, and the fleet's, account for its stats too. */
	for (size_t i = 0; i < set->njobs && !ret; i++) {
		struct fv_job *sum = set->jobs[i];

		if ((sum->kind == FV_JOB_CLONE_SUM &&
		     job->kind == FV_JOB_CLONE &&
		     fv_streq_opt(sum->host, job->host) &&
		     !strcmp(sum->name, job->name) &&
		     !strcmp(sum->source, job->source)) ||
		    fv_fleet_has(sum, job))
			ret = attach(sum, d);
	}
	return ret;
}

int fv_join_durability(struct fv_set *set)
{
	for (size_t i = 0; i < set->ndur; i++) {
		int ret = join_one(set, set->dur[i]);

		if (ret)
			return ret;
	}
	return 0;
}
