/* SPDX-License-Identifier: MIT */
/*
 * The interim documents of a run (--status-interval, SIGUSR1): each job's
 * counters kept, then given to the final job as its samples.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ingest_int.h"

void fv_snapshots_free(struct snapshots *sn)
{
	for (size_t i = 0; i < sn->n; i++) {
		free(sn->v[i].name);
		free(sn->v[i].host);
	}
	free(sn->v);
}

/* Keeps the counters of an interim document's jobs. */
int fv_record_snapshots(struct snapshots *sn, struct fv_job *const *jobs,
			size_t njobs)
{
	sn->ndocs++;
	for (size_t i = 0; i < njobs; i++) {
		const struct fv_job *job = jobs[i];
		struct snapshot *s;

		if (FV_ALLOC_GROW(sn->v, sn->n + 1, sn->alloc))
			return -ENOMEM;
		s = &sn->v[sn->n];
		memset(s, 0, sizeof(*s));
		s->index = job->index;
		s->name = strdup(job->name);
		s->host = job->host ? strdup(job->host) : NULL;
		sn->n++;
		if (!s->name || (job->host && !s->host))
			return -ENOMEM;
		for (int d = 0; d < FV_DIR_NR; d++) {
			const struct fv_dirstats *ds = &job->dir[d];

			s->has[d] = ds->present;
			s->s[d] =
				(struct fv_sample){ .runtime_ms =
							    ds->runtime_ms,
						    .total_ios = ds->total_ios,
						    .io_bytes = ds->io_bytes };
		}
	}
	return 0;
}

static bool snapshot_matches(const struct snapshot *s, const struct fv_job *job)
{
	return s->index == job->index && !strcmp(s->name, job->name) &&
	       (s->host == job->host ||
		(s->host && job->host && !strcmp(s->host, job->host)));
}

int fv_attach_snapshots(const struct snapshots *sn, struct fv_job *job)
{
	for (size_t i = 0; i < sn->n; i++) {
		const struct snapshot *s = &sn->v[i];

		if (!snapshot_matches(s, job))
			continue;
		for (int d = 0; d < FV_DIR_NR; d++) {
			struct fv_dirstats *ds = &job->dir[d];
			/* set.h keeps no capacity: held exactly */
			size_t alloc = ds->nsamples;

			if (!s->has[d] || !ds->present)
				continue;
			if (FV_ALLOC_GROW(ds->samples, ds->nsamples + 1, alloc))
				return -ENOMEM;
			ds->samples[ds->nsamples++] = s->s[d];
		}
	}
	return 0;
}
