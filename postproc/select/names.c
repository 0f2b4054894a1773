/* SPDX-License-Identifier: MIT */
/*
 * Two tests of one label under one name, in one direction: fio-plot names
 * every job of a QD sweep "iotest", a script reruns "fiotest" at another
 * depth. A row of each would read the same in every table; each is named
 * instead by what tells it apart ("iotest (QD 32)", "iotest (T 8)"), the
 * file it came from when nothing in its workload does. (CrystalDiskMark
 * names its read and write test alike: the direction tells them apart in
 * every table.)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "identity.h"
#include "select_int.h"

static int by_label_display(const void *p, const void *q)
{
	const struct fv_job *a = *(struct fv_job *const *) p,
			    *b = *(struct fv_job *const *) q;
	int c = strcmp(a->label, b->label);

	c = c ? c : strcmp(a->display, b->display);
	c = c ? c : (int) a->role_dir - (int) b->role_dir;
	c = c ? c : fv_test_cmp(a, b);
	return c ? c : (a->order > b->order) - (a->order < b->order);
}

enum {
	BY_DEPTH = 1,
	BY_THREADS = 2,
	BY_BLOCK = 4,
	BY_MIX = 8,
	BY_TEST = 16, /* the test its file's name gives: "peak_randread" */
	BY_FILE = 32,
};

/*
 * What the result says of the job's I/O is whole: a terse record or an
 * old JSON without options says none, and may be the very test another
 * output of the same run names in full.
 */
static bool known(const struct fv_workload *w)
{
	return w->pattern != FV_PAT_UNKNOWN && w->depth > 0 && w->threads > 0;
}

/* What varies among the tests of g[0, n). */
static unsigned varying(struct fv_job *const *g, size_t n)
{
	const struct fv_workload *a = &g[0]->wl;
	unsigned v = 0;

	for (size_t i = 1; i < n; i++) {
		const struct fv_workload *b = &g[i]->wl;

		v |= a->depth != b->depth ? BY_DEPTH : 0;
		v |= a->threads != b->threads ? BY_THREADS : 0;
		v |= a->block != b->block ? BY_BLOCK : 0;
		if (a->pattern != b->pattern ||
		    !fv_same_figure(a->read_pct, b->read_pct))
			v |= BY_MIX;
		v |= strcmp(g[0]->file_test ? g[0]->file_test : "",
			    g[i]->file_test ? g[i]->file_test : "")
			     ? BY_TEST
			     : 0;
	}
	return v ? v : BY_FILE;
}

/* ", what" after what is there already (or "what" first). */
static void append(char *buf, size_t len, const char *what)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%s%s", n ? ", " : "", what);
}

static int rename_job(struct fv_job *j, unsigned by)
{
	char what[300] = "", part[256], *d;

	if (by & BY_DEPTH) {
		snprintf(part, sizeof(part), "QD %d", j->wl.depth);
		append(what, sizeof(what), part);
	}
	if (by & BY_THREADS) {
		snprintf(part, sizeof(part), "T %d", j->wl.threads);
		append(what, sizeof(what), part);
	}
	if (by & BY_BLOCK) {
		snprintf(part, sizeof(part), "bs %llu",
			 (unsigned long long) j->wl.block);
		append(what, sizeof(what), part);
	}
	if (by & BY_MIX) {
		snprintf(part, sizeof(part), "%s%.0f%% read",
			 j->wl.pattern == FV_PAT_RAND  ? "random, "
			 : j->wl.pattern == FV_PAT_SEQ ? "sequential, "
						       : "",
			 j->wl.read_pct);
		append(what, sizeof(what), part);
	}
	if ((by & BY_TEST) && j->file_test)
		append(what, sizeof(what), j->file_test);
	if (by & BY_FILE) {
		struct fv_identity id = { .file = j->source };

		fv_identity_name(&id, FV_ID_FILE, part, sizeof(part));
		append(what, sizeof(what), part);
	}
	if (asprintf(&d, "%s (%s)", j->display, what) < 0)
		return -ENOMEM;
	free(j->display);
	j->display = d;
	return 0;
}

int fv_tests_named(struct fv_set *set)
{
	struct fv_job **v = calloc(set->njobs + 1, sizeof(*v));
	int ret = v ? 0 : -ENOMEM;

	for (size_t i = 0; i < set->njobs && v; i++)
		v[i] = set->jobs[i];
	if (v)
		qsort(v, set->njobs, sizeof(*v), by_label_display);
	for (size_t a = 0, b; v && a < set->njobs && !ret; a = b) {
		bool several = false;
		unsigned by;

		for (b = a + 1;
		     b < set->njobs && !strcmp(v[a]->label, v[b]->label) &&
		     !strcmp(v[a]->display, v[b]->display) &&
		     v[a]->role_dir == v[b]->role_dir;
		     b++)
			several = several || fv_test_cmp(v[a], v[b]);
		for (size_t i = a; i < b && several; i++)
			several = known(&v[i]->wl);
		if (!several)
			continue;
		by = varying(v + a, b - a);
		for (size_t i = a; i < b && !ret; i++)
			ret = rename_job(v[i], by);
	}
	free(v);
	return ret;
}
