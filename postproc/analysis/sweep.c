/* SPDX-License-Identifier: MIT */
/*
 * sweep: the QD sweep (scaling role) with queue depth down and labels
 * across: IOPS and P99 at each depth, one block of rows per direction.
 * Where IOPS stop rising and P99 climbs, the platform caps the disk.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

struct point {
	enum fv_dir dir;
	int depth;
};

static int point_cmp(const void *a, const void *b)
{
	const struct point *x = a, *y = b;

	if (x->dir != y->dir)
		return x->dir < y->dir ? -1 : 1;
	return (x->depth > y->depth) - (x->depth < y->depth);
}

static bool in_sweep(const struct fv_job *j)
{
	return j->role == FV_ROLE_SCALING && fv_job_representative(j);
}

/* The distinct (direction, depth) points, sorted. */
static int points(const struct fv_set *set, struct point **out, size_t *n)
{
	struct point *v = calloc(set->njobs + 1, sizeof(*v));

	if (!v)
		return -ENOMEM;
	*n = 0;
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];
		struct point p = { fv_lat_dir(j), j->depth };
		bool seen = false;

		if (!in_sweep(j))
			continue;
		for (size_t k = 0; k < *n && !seen; k++)
			seen = !point_cmp(&v[k], &p);
		if (!seen)
			v[(*n)++] = p;
	}
	qsort(v, *n, sizeof(*v), point_cmp);
	*out = v;
	return 0;
}

static const struct fv_job *find(const struct fv_set *set, const char *label,
				 const struct point *p)
{
	const struct fv_job *best = NULL;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (in_sweep(j) && !strcmp(j->label, label) &&
		    j->depth == p->depth && fv_lat_dir(j) == p->dir &&
		    (!best || j->timestamp >= best->timestamp))
			best = j;
	}
	return best;
}

static int add_cols(struct fv_table *t, const char **labels, size_t nl)
{
	char key[256], title[256];
	int ret = fv_table_add_col(t, "dir", "Dir", FV_U_TEXT, 0);

	ret = ret ? ret : fv_table_add_col(t, "qd", "QD", FV_U_DEPTH, 0);
	for (size_t l = 0; l < nl && !ret; l++) {
		snprintf(key, sizeof(key), "%s iops", labels[l]);
		snprintf(title, sizeof(title), "%s IOPS", labels[l]);
		ret = fv_table_add_col(t, key, title, FV_U_IOPS, 0);
		snprintf(key, sizeof(key), "%s p99", labels[l]);
		snprintf(title, sizeof(title), "%s P99", labels[l]);
		ret = ret ? ret : fv_table_add_col(t, key, title, FV_U_NS, 0);
	}
	return ret;
}

static int put_row(struct fv_table *t, const struct fv_set *set,
		   const struct fv_aopts *o, const char **labels, size_t nl,
		   const struct point *p)
{
	int row = fv_table_add_row(t), ret;

	if (row < 0)
		return row;
	ret = fv_cell_str(t, row, 0, fv_dir_name(p->dir));
	if (!ret && p->depth)
		ret = fv_cell_num(t, row, 1, p->depth);
	for (size_t l = 0; l < nl && !ret; l++) {
		const struct fv_job *j = find(set, labels[l], p);

		if (!j)
			continue; /* "-": that label has no such point */
		ret = fv_cell_num(t, row, 2 + 2 * l, j->dir[p->dir].iops);
		ret = ret ? ret
			  : fv_put_pct(t, row, 3 + 2 * l, set, j, p->dir,
				       o->lat, fv_pct_index(set, 99));
	}
	return ret;
}

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_table *t = fv_table_new("sweep", "Queue depth sweep");
	const char **all = NULL, **labels = NULL;
	struct point *pts = NULL;
	size_t nall = 0, nl = 0, np = 0;
	int ret;

	(void) diags;
	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	ret = fv_labels(set, false, &all, &nall);
	labels = ret ? NULL : calloc(nall + 1, sizeof(*labels));
	ret = ret ? ret : !labels ? -ENOMEM : 0;
	/* Only labels that have a sweep get columns. */
	for (size_t l = 0; l < nall && !ret; l++)
		for (size_t i = 0; i < set->njobs; i++)
			if (in_sweep(set->jobs[i]) &&
			    !strcmp(set->jobs[i]->label, all[l])) {
				labels[nl++] = all[l];
				break;
			}
	ret = ret ? ret : add_cols(t, labels, nl);
	ret = ret ? ret : points(set, &pts, &np);
	for (size_t i = 0; i < np && !ret; i++)
		ret = put_row(t, set, o, labels, nl, &pts[i]);
	free(pts);
	free(labels);
	free(all);
	if (!ret)
		ret = fv_table_note(t, "P99 of %s; jobs with role scaling",
				    fv_lat_name(o->lat));
	return ret;
}

const struct fv_analysis fv_an_sweep = {
	.name = "sweep",
	.run = run,
};
