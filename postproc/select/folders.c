/* SPDX-License-Identifier: MIT */
/*
 * Folders of one name are not one folder: results/vmA/p30 and
 * results/vmB/p30 both give the label "p30" by the folder rule, and their
 * figures would be taken for runs of one label. Each such folder is
 * labelled instead by the shortest end of its path that no other of them
 * shares ("vmA/p30"). Run folders are not folders of their own here
 * (vmA/p30/run_1 and vmA/p30/run_2 are vmA/p30's runs).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "label.h"
#include "select_int.h"

/*
 * The folder a job's label names: its own, run folders cut off
 * ("vmA/run_2" is vmA's), malloc()ed; NULL when out of memory.
 */
static char *label_dir(const char *dir)
{
	char *d = strdup(dir);
	char *last;

	while (d && (last = strrchr(d, '/')) && last != d &&
	       fv_run_folder(last + 1))
		*last = '\0';
	return d;
}

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

/* The fewest components that tell dir from the other folders dirs[]. */
static const char *shortest_tail(const char *dir, char *const *dirs, size_t n)
{
	for (size_t k = 2;; k++) {
		const char *mine = tail_of(dir, k);
		bool unique = true;

		for (size_t i = 0; i < n && unique; i++)
			unique = !strcmp(dirs[i], dir) ||
				 strcmp(tail_of(dirs[i], k), mine);
		if (unique || mine == dir)
			return mine;
	}
}

static bool from_folder(const struct fv_job *j)
{
	return j->label && j->source_dir && j->label_rule &&
	       !strcmp(j->label_rule, "directory");
}

struct member {
	struct fv_job *job;
	char *dir; /* label_dir of its folder */
};

static int by_label_dir(const void *a, const void *b)
{
	const struct member *x = a, *y = b;
	int c = strcmp(x->job->label, y->job->label);

	return c ? c : strcmp(x->dir, y->dir);
}

/* g: the jobs of one label, by folder; more than one folder: relabel. */
static int relabel_group(struct fv_set *set, struct member *g, size_t n)
{
	char **dirs = calloc(n + 1, sizeof(*dirs)), **labels;
	size_t folders = 1;
	int ret = 0;

	for (size_t i = 1; i < n; i++)
		folders += strcmp(g[i].dir, g[i - 1].dir) != 0;
	if (folders < 2 || !dirs) {
		free(dirs);
		return dirs ? 0 : -ENOMEM;
	}
	ret = fv_set_note(set,
			  "labels: %zu folders are named '%s': each labelled "
			  "by the end of its path that tells it apart",
			  folders, g[0].job->label);
	for (size_t i = 0; i < n; i++)
		dirs[i] = g[i].dir;
	labels = calloc(n, sizeof(*labels));
	for (size_t i = 0; labels && i < n && !ret; i++)
		if (!(labels[i] = strdup(shortest_tail(g[i].dir, dirs, n))))
			ret = -ENOMEM;
	for (size_t i = 0; labels && i < n && !ret; i++) {
		free(g[i].job->label);
		g[i].job->label = labels[i];
		labels[i] = NULL;
	}
	for (size_t i = 0; labels && i < n; i++)
		free(labels[i]);
	free(labels);
	free(dirs);
	return labels ? ret : -ENOMEM;
}

int fv_label_folders(struct fv_set *set)
{
	struct member *v = calloc(set->njobs + 1, sizeof(*v));
	size_t n = 0;
	int ret = v ? 0 : -ENOMEM;

	for (size_t i = 0; i < set->njobs && !ret; i++) {
		if (!from_folder(set->jobs[i]))
			continue;
		v[n].job = set->jobs[i];
		v[n].dir = label_dir(set->jobs[i]->source_dir);
		ret = v[n++].dir ? 0 : -ENOMEM;
	}
	if (!ret)
		qsort(v, n, sizeof(*v), by_label_dir);
	for (size_t a = 0, b; a < n && !ret; a = b) {
		for (b = a + 1;
		     b < n && !strcmp(v[a].job->label, v[b].job->label); b++)
			;
		ret = relabel_group(set, v + a, b - a);
	}
	for (size_t i = 0; v && i < n; i++)
		free(v[i].dir);
	free(v);
	return ret;
}
