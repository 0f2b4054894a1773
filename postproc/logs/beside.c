/* SPDX-License-Identifier: MIT */
/* The logs a command reads: named ones, --logs directories, and beside
 * the results. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "logs.h"

/* Each directory once: a suite's jobs share a few directories. */
struct dirs_seen {
	const char **v;
	size_t n, alloc;
};

/*
 * Loads dir's logs unless done already. Those beside results are marked
 * found: such a log is the results' only if its name says so, and else
 * is no one's, not an input error.
 */
static int load_dir_once(struct fv_logset *ts, struct dirs_seen *seen,
			 const char *dir, bool beside, struct fv_diags *diags)
{
	size_t n = ts->n, nhist = ts->nhist;
	int ret;

	for (size_t i = 0; i < seen->n; i++)
		if (!strcmp(seen->v[i], dir))
			return 0;
	if (FV_ALLOC_GROW(seen->v, seen->n + 1, seen->alloc))
		return -ENOMEM;
	seen->v[seen->n++] = dir;
	ret = fv_log_load_dir(ts, dir, diags);
	for (size_t i = n; beside && i < ts->n; i++)
		ts->v[i]->found = true;
	for (size_t i = nhist; beside && i < ts->nhist; i++)
		ts->hist[i]->found = true;
	return ret;
}

int fv_logs_load(struct fv_logset *ts, struct fv_set *set,
		 const struct fv_log_sources *src)
{
	struct dirs_seen seen = { 0 };
	struct fv_diags *d = &set->diags;
	int ret = 0;

	for (size_t i = 0; src && i < src->nfiles && ret != -ENOMEM; i++)
		ret = fv_log_load_file(ts, src->files[i], d);
	for (size_t i = 0; src && i < src->ndirs && ret != -ENOMEM; i++)
		ret = load_dir_once(ts, &seen, src->dirs[i], false, d);
	/* Logs beside the results (not for stdin). */
	for (size_t i = 0; i < set->njobs && ret != -ENOMEM; i++)
		if (set->jobs[i]->source_dir)
			ret = load_dir_once(ts, &seen, set->jobs[i]->source_dir,
					    true, d);
	free(seen.v);
	if (ret == -ENOMEM || (ret = fv_log_add_measured(ts, set)))
		return ret;
	return fv_log_join(ts, set, d);
}
