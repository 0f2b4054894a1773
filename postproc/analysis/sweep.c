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
	return j->role == FV_ROLE_SCALING && fv_job_measured(j);
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
		struct point p = { fv_lat_dir(j), fv_job_depth(j) };
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

const struct fv_job *fv_sweep_job(const struct fv_set *set, const char *label,
				  enum fv_dir dir, int depth)
{
	const struct fv_job *best = NULL;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (in_sweep(j) && !strcmp(j->label, label) &&
		    fv_job_depth(j) == depth && fv_lat_dir(j) == dir &&
		    (!best || j->timestamp >= best->timestamp))
			best = j;
	}
	return best;
}

static const struct fv_job *find(const struct fv_set *set, const char *label,
				 const struct point *p)
{
	return fv_sweep_job(set, label, p->dir, p->depth);
}

/* A label's sweep: its columns' latencies (fv_ao_lat_kinds), its first. */
struct col {
	const char *label;
	unsigned kinds;
	size_t first;
};

static int add_cols(struct fv_table *t, struct col *c, size_t nl)
{
	char key[256], title[256];

	fv_table_add_col(t, "dir", "Dir", FV_U_TEXT, 0);
	fv_table_add_col(t, "qd", "QD", FV_U_DEPTH, 0);
	for (size_t l = 0; l < nl; l++) {
		bool several = c[l].kinds & (c[l].kinds - 1);

		c[l].first = t->ncols;
		snprintf(key, sizeof(key), "%s iops", c[l].label);
		snprintf(title, sizeof(title), "%s IOPS", c[l].label);
		fv_table_add_col(t, key, title, FV_U_IOPS, 0);
		for (int k = 0; k < FV_LAT_NR; k++) {
			if (!(c[l].kinds & FV_LAT_BIT(k)))
				continue;
			/* one latency keeps its key: "LABEL p99" */
			snprintf(key, sizeof(key), "%s %s%sp99", c[l].label,
				 several ? fv_lat_name(k) : "",
				 several ? " " : "");
			snprintf(title, sizeof(title), "%s %s P99", c[l].label,
				 fv_lat_name(k));
			fv_table_add_col(t, key, title, FV_U_NS, 0);
		}
	}
	return fv_table_status(t);
}

static int put_row(struct fv_table *t, const struct fv_set *set,
		   const struct fv_aopts *o, const struct col *c, size_t nl,
		   const struct point *p)
{
	int row = fv_table_add_row(t);

	if (row < 0)
		return row;
	fv_cell_str(t, row, 0, fv_dir_name(p->dir));
	if (p->depth)
		fv_cell_num(t, row, 1, p->depth);
	for (size_t l = 0; l < nl; l++) {
		const struct fv_job *j = find(set, c[l].label, p);
		size_t col = c[l].first + 1;

		if (!j)
			continue; /* "-": that label has no such point */
		fv_cell_num(t, row, c[l].first, j->dir[p->dir].iops);
		/* another tool's latency: its column stays empty */
		for (int k = 0; k < FV_LAT_NR; k++) {
			if (!(c[l].kinds & FV_LAT_BIT(k)))
				continue;
			if (fv_ao_lat(o, j) == (enum fv_latkind) k)
				fv_put_pct(t, row, col, set, j, p->dir,
					   (enum fv_latkind) k,
					   fv_pct_index(set, 99));
			col++;
		}
	}
	return fv_table_status(t);
}

/*
 * The labels that have a sweep, each with the latencies of its jobs,
 * and the tools that made them.
 */
static int sweep_cols(const struct fv_set *set, const struct fv_aopts *o,
		      struct col *c, size_t *nl, unsigned *tools)
{
	const char **all = NULL;
	size_t nall = 0;
	int ret = fv_labels(set, false, &all, &nall);

	*nl = 0;
	*tools = 0;
	for (size_t l = 0; l < nall && !ret; l++) {
		unsigned kinds = 0;

		for (size_t i = 0; i < set->njobs; i++) {
			const struct fv_job *j = set->jobs[i];

			if (!in_sweep(j) || strcmp(j->label, all[l]))
				continue;
			kinds |= fv_ao_lat_kinds(o, &j, 1);
			*tools |= fv_tool_of(j);
		}
		if (kinds)
			c[(*nl)++] =
				(struct col){ .label = all[l], .kinds = kinds };
	}
	free(all);
	return ret;
}

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_table *t = fv_table_new("sweep", "Queue depth sweep");
	struct col *c = calloc(set->njobs + 1, sizeof(*c));
	struct point *pts = NULL;
	unsigned tools = 0, kinds = 0;
	size_t nl = 0, np = 0;
	char m[200];
	int ret;

	(void) diags;
	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		free(c);
		return -ENOMEM;
	}
	ret = c ? sweep_cols(set, o, c, &nl, &tools) : -ENOMEM;
	if (!ret)
		ret = points(set, &pts, &np);
	if (ret)
		goto out;
	add_cols(t, c, nl);
	for (size_t i = 0; i < np; i++)
		put_row(t, set, o, c, nl, &pts[i]);
	for (size_t l = 0; l < nl; l++)
		kinds |= c[l].kinds;
	for (int k = 0; k < FV_LAT_NR; k++)
		if (kinds & FV_LAT_BIT(k)) {
			fv_lat_meaning(
				m, sizeof(m), (enum fv_latkind) k,
				fv_ao_lat_tools(o, tools, (enum fv_latkind) k));
			fv_table_note(t, "P99 of %s", m);
		}
	ret = fv_table_note(t, "jobs with role scaling");
out:
	free(pts);
	free(c);
	return ret;
}

const struct fv_analysis fv_an_sweep = {
	.name = "sweep",
	.run = run,
};
