/* SPDX-License-Identifier: MIT */
/*
 * scaling: one row per label (the same disk on D32 and D64, say), chosen
 * metrics, and each one's ratio to the --base label's value. A percentile
 * names its latency, and labels of tools that time different ones get a
 * column each: a ratio never divides clat by lat.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "util/util.h"

static const char *const default_metrics[] = {
	"peak_read_iops",   "peak_write_iops",	  "steady_write_iops",
	"steady_write_p99", "steady_write_p99.9", "seq_read_bw",
	"seq_write_bw",
};

/* A column and its ratio: a metric, of a latency when a percentile. */
struct mcol {
	const struct fv_metric *m;
	enum fv_latkind k;
	bool several; /* the metric has a column per latency */
	double base;  /* the base label's value; < 0 none */
};

static bool own(const struct fv_aopts *o, const struct fv_set *set,
		const char *label, const struct mcol *c)
{
	const struct fv_job *j;

	if (c->m->what != FV_M_PCT)
		return true;
	j = fv_pick(set, label, c->m->role, c->m->dir);
	return !j || fv_ao_lat(o, j) == c->k;
}

/* "Steady Write P99 clat": a percentile's title names its latency. */
static int add_cols(struct fv_table *t, const struct mcol *c, size_t n)
{
	char key[80], name[96], title[112];

	fv_table_add_col(t, "label", "Label", FV_U_TEXT, 0);
	for (size_t i = 0; i < n; i++) {
		bool pct = c[i].m->what == FV_M_PCT;

		snprintf(name, sizeof(name), "%s%s%s", c[i].m->title,
			 pct ? " " : "", pct ? fv_lat_name(c[i].k) : "");
		snprintf(key, sizeof(key), "%s%s%s", c[i].m->key,
			 c[i].several ? "_" : "",
			 c[i].several ? fv_lat_name(c[i].k) : "");
		fv_table_add_col(t, key, name, fv_metric_unit(c[i].m), 0);
		snprintf(key + strlen(key), sizeof(key) - strlen(key),
			 "_ratio");
		snprintf(title, sizeof(title), "%s/base", name);
		fv_table_add_col(t, key, title, FV_U_RATIO, 0);
	}
	return fv_table_status(t);
}

static int put_row(struct fv_table *t, const struct fv_set *set,
		   const struct fv_aopts *o, const char *label,
		   const struct mcol *c, size_t n)
{
	int row = fv_table_add_row(t);

	if (row < 0)
		return row;
	fv_cell_str(t, row, 0, label);
	for (size_t i = 0; i < n; i++) {
		double v = -1;

		/* another tool's latency: in its own column */
		if (!own(o, set, label, &c[i]))
			continue;
		fv_metric_put(t, row, 1 + 2 * i, set, c[i].k, label, c[i].m,
			      &v);
		if (v >= 0 && c[i].base > 0)
			fv_cell_num(t, row, 2 + 2 * i, v / c[i].base);
		else if (v >= 0)
			fv_cell_na(t, row, 2 + 2 * i,
				   "the base label has no such value");
	}
	return fv_table_status(t);
}

static int parse_metrics(const struct fv_aopts *o, struct fv_metric **m,
			 size_t *n, struct fv_diags *diags)
{
	const char *const *names = o->nmetrics ? o->metrics : default_metrics;

	*n = o->nmetrics ? o->nmetrics : FV_ARRAY_SIZE(default_metrics);
	*m = calloc(*n, sizeof(**m));
	if (!*m)
		return -ENOMEM;
	for (size_t i = 0; i < *n; i++) {
		if (fv_metric_parse(&(*m)[i], names[i])) {
			fv_diag_add(diags, FV_ERROR, NULL, 0, 0,
				    "--metrics: unknown metric '%s' (expected "
				    "ROLE_DIR_WHAT, e.g. peak_read_iops, "
				    "seq_write_bw, steady_write_p99)",
				    names[i]);
			return -EINVAL;
		}
	}
	return 0;
}

/* The base label's value of a column, or -1. */
static int base_value(const struct fv_set *set, const struct fv_aopts *o,
		      const char *base, struct mcol *c)
{
	struct fv_table *scratch = fv_table_new("scratch", "");
	int ret;

	c->base = -1;
	if (!scratch)
		return -ENOMEM;
	fv_table_add_col(scratch, "v", "", FV_U_COUNT, 0);
	if (fv_table_add_row(scratch) == 0 && own(o, set, base, c))
		fv_metric_put(scratch, 0, 0, set, c->k, base, c->m, &c->base);
	ret = fv_table_status(scratch);
	fv_table_free(scratch);
	return ret;
}

/*
 * The columns: a metric each, a percentile one per latency of the labels'
 * jobs (fv_ao_lat_kinds), with the base label's values. *c: up to
 * n * FV_LAT_NR.
 */
static int columns(const struct fv_set *set, const struct fv_aopts *o,
		   const char **labels, size_t nl, const char *base,
		   const struct fv_metric *m, size_t n, struct mcol *c,
		   size_t *nc)
{
	int ret = 0;

	*nc = 0;
	for (size_t i = 0; i < n && !ret; i++) {
		unsigned kinds = 0;

		for (size_t l = 0; l < nl && m[i].what == FV_M_PCT; l++) {
			const struct fv_job *j =
				fv_pick(set, labels[l], m[i].role, m[i].dir);

			kinds |= fv_ao_lat_kinds(o, &j, 1);
		}
		if (!kinds)
			kinds = FV_LAT_BIT(o->lat_set ? o->lat : FV_CLAT);
		for (int k = 0; k < FV_LAT_NR && !ret; k++) {
			if (!(kinds & FV_LAT_BIT(k)))
				continue;
			c[*nc] = (struct mcol){
				.m = &m[i],
				.k = (enum fv_latkind) k,
				.several = (kinds & (kinds - 1)) != 0,
				.base = -1,
			};
			if (base)
				ret = base_value(set, o, base, &c[*nc]);
			++*nc;
			if (m[i].what != FV_M_PCT)
				break; /* a rate: one column */
		}
	}
	return ret;
}

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_metric *m = NULL;
	struct mcol *c = NULL;
	const char **labels = NULL, *base;
	struct fv_table *t = NULL;
	size_t n = 0, nl = 0, nc = 0;
	char title[160];
	int ret = parse_metrics(o, &m, &n, diags);

	if (!ret)
		ret = fv_labels(set, false, &labels, &nl);
	base = o->base ? o->base : nl ? labels[0] : NULL;
	for (size_t l = 0; !ret && o->base && l <= nl; l++)
		if (l == nl) {
			char list[600] = "";

			for (size_t k = 0, n = 0; k < nl && n < sizeof(list);
			     k++)
				n += (size_t) snprintf(
					list + n, sizeof(list) - n, "%s'%s'",
					k ? ", " : "", labels[k]);
			fv_diag_add(diags, FV_ERROR, NULL, 0, 0,
				    "--base %s: no such label in the "
				    "inputs; their labels: %s",
				    o->base, list);
			ret = -EINVAL;
		} else if (!strcmp(labels[l], o->base)) {
			break;
		}
	if (!ret && !(c = calloc(n * FV_LAT_NR + 1, sizeof(*c))))
		ret = -ENOMEM;
	if (!ret)
		ret = columns(set, o, labels, nl, base, m, n, c, &nc);
	if (ret)
		goto out;
	snprintf(title, sizeof(title), "Scaling against %s", base ? base : "-");
	t = fv_table_new("scaling", title);
	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		ret = -ENOMEM;
		goto out;
	}
	add_cols(t, c, nc);
	for (size_t l = 0; l < nl; l++)
		put_row(t, set, o, labels[l], c, nc);
	ret = fv_table_status(t);
out:
	free(c);
	free(labels);
	free(m);
	return ret;
}

const struct fv_analysis fv_an_scaling = {
	.name = "scaling",
	.run = run,
};
