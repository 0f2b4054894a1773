/* SPDX-License-Identifier: MIT */
/*
 * Folders of one name are not one folder: results/vmA/run_1 and
 * results/vmB/run_1 both give the label "run_1" by the folder rule, and
 * their figures would be taken for runs of one label. Each such folder is
 * labelled instead by the shortest end of its path that no other of them
 * shares ("vmA/run_1").
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label.h"

/* The last k components of dir ("a/b/c", 2: "b/c"); all of it if fewer. */
static const char *tail_of(const char *dir, size_t k)
{
	const char *p = dir + strlen(dir);

	while (p > dir && k) {
		p--;
		if (*p == '/' && !--k)
			return p + 1;
	}
	return dir;
}

/* The fewest components that tell dir from the other folders of g. */
static const char *shortest_tail(const char *dir, struct fv_job *const *g,
				 size_t n)
{
	for (size_t k = 2;; k++) {
		const char *mine = tail_of(dir, k);
		bool unique = true;

		for (size_t i = 0; i < n && unique; i++)
			unique = !strcmp(g[i]->source_dir, dir) ||
				 strcmp(tail_of(g[i]->source_dir, k), mine);
		if (unique || mine == dir)
			return mine;
	}
}

static bool from_folder(const struct fv_job *j)
{
	return j->label && j->source_dir && j->label_rule &&
	       !strcmp(j->label_rule, "directory");
}

static int by_label_dir(const void *a, const void *b)
{
	const struct fv_job *x = *(struct fv_job *const *) a,
			    *y = *(struct fv_job *const *) b;
	int c = strcmp(x->label, y->label);

	return c ? c : strcmp(x->source_dir, y->source_dir);
}

/* g: the jobs of one label, by folder; more than one folder: relabel. */
static int relabel_group(struct fv_set *set, struct fv_job **g, size_t n)
{
	char **labels;
	size_t folders = 1;
	int ret = 0;

	for (size_t i = 1; i < n; i++)
		folders += strcmp(g[i]->source_dir, g[i - 1]->source_dir) != 0;
	if (folders < 2)
		return 0;
	ret = fv_set_note(set,
			  "labels: %zu folders are named '%s': each labelled "
			  "by the end of its path that tells it apart",
			  folders, g[0]->label);
	labels = calloc(n, sizeof(*labels));
	for (size_t i = 0; labels && i < n && !ret; i++)
		if (!(labels[i] =
			      strdup(shortest_tail(g[i]->source_dir, g, n))))
			ret = -ENOMEM;
	for (size_t i = 0; labels && i < n && !ret; i++) {
		free(g[i]->label);
		g[i]->label = labels[i];
		labels[i] = NULL;
	}
	for (size_t i = 0; labels && i < n; i++)
		free(labels[i]);
	free(labels);
	return labels ? ret : -ENOMEM;
}

int fv_label_folders(struct fv_set *set)
{
	struct fv_job **v = calloc(set->njobs + 1, sizeof(*v));
	size_t n = 0;
	int ret = 0;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < set->njobs; i++)
		if (from_folder(set->jobs[i]))
			v[n++] = set->jobs[i];
	qsort(v, n, sizeof(*v), by_label_dir);
	for (size_t a = 0, b; a < n && !ret; a = b) {
		for (b = a + 1; b < n && !strcmp(v[a]->label, v[b]->label); b++)
			;
		ret = relabel_group(set, v + a, b - a);
	}
	free(v);
	return ret;
}
