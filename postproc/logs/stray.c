/* SPDX-License-Identifier: MIT */
/*
 * Logs lying beside results that name none of their jobs: a directory of
 * results may hold other runs' logs, or logs of jobs whose results were
 * not kept. Said once per directory, as a warning: the exit status is the
 * results', not the bystanders'.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stray.h"

#define NAMES_SHOWN 10

int fv_strays_add(struct fv_strays *st, const char *path, bool ambiguous)
{
	if (FV_ALLOC_GROW(st->v, st->n + 1, st->cap))
		return -ENOMEM;
	st->v[st->n++] = (struct fv_stray){ path, ambiguous };
	return 0;
}

void fv_strays_free(struct fv_strays *st)
{
	free(st->v);
	memset(st, 0, sizeof(*st));
}

/* The length of path's directory part, 0 for none. */
static size_t dir_len(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? (size_t) (s - path) : 0;
}

static const char *base_of(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static int group_cmp(const struct fv_stray *a, const struct fv_stray *b)
{
	size_t la = dir_len(a->path), lb = dir_len(b->path);
	int c = strncmp(a->path, b->path, la < lb ? la : lb);

	if (!c)
		c = (la > lb) - (la < lb);
	return c ? c : a->ambiguous - b->ambiguous;
}

static int by_group(const void *pa, const void *pb)
{
	const struct fv_stray *a = pa, *b = pb;
	int c = group_cmp(a, b);

	return c ? c : strcmp(base_of(a->path), base_of(b->path));
}

/* The warning for v[0..n), strays of one directory and kind. */
static int report(const struct fv_stray *v, size_t n, struct fv_diags *diags)
{
	size_t dl = dir_len(v[0].path), len = 0;
	char *dir = dl ? strndup(v[0].path, dl) : strdup("."), *names = NULL;
	FILE *f = open_memstream(&names, &len);
	int ret = -ENOMEM;

	if (!dir || !f)
		goto out;
	for (size_t i = 0; i < n && i < NAMES_SHOWN; i++)
		fprintf(f, "%s%s", i ? ", " : "", base_of(v[i].path));
	if (n > NAMES_SHOWN)
		fprintf(f, " and %zu more", n - NAMES_SHOWN);
	if (fclose(f))
		goto out;
	f = NULL;
	if (v[0].ambiguous)
		ret = fv_diag_add(diags, FV_WARNING, dir, 0, 0,
				  "%zu log%s beside the results name%s a job "
				  "of several of them (reruns in one "
				  "directory?), not used: %s",
				  n, n == 1 ? "" : "s", n == 1 ? "s" : "",
				  names);
	else
		ret = fv_diag_add(diags, FV_WARNING, dir, 0, 0,
				  "%zu log%s beside the results name%s no job "
				  "of them: %s (fio names a job's logs "
				  "PREFIX_KIND.N.log after its write_*_log "
				  "option)",
				  n, n == 1 ? "" : "s", n == 1 ? "s" : "",
				  names);
out:
	if (f)
		fclose(f);
	free(names);
	free(dir);
	return ret;
}

int fv_strays_report(struct fv_strays *st, struct fv_diags *diags)
{
	int ret = 0;

	if (st->n)
		qsort(st->v, st->n, sizeof(*st->v), by_group);
	for (size_t i = 0, k; i < st->n && !ret; i = k) {
		for (k = i + 1; k < st->n && !group_cmp(&st->v[i], &st->v[k]);
		     k++)
			;
		ret = report(st->v + i, k - i, diags);
	}
	return ret;
}
