/* SPDX-License-Identifier: MIT */
/*
 * scaling: one row per label (the same disk on D32 and D64, say), chosen
 * metrics, and each one's ratio to the --base label's value.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

static const char *const default_metrics[] = {
	"peak_read_iops",   "peak_write_iops",	  "steady_write_iops",
	"steady_write_p99", "steady_write_p99.9", "seq_read_bw",
	"seq_write_bw",
};

static int add_cols(struct fv_table *t, const struct fv_metric *m, size_t n)
{
	char key[64], title[96];
	int ret = fv_table_add_col(t, "label", "Label", FV_U_TEXT, 0);

	for (size_t i = 0; i < n && !ret; i++) {
		snprintf(key, sizeof(key), "%s_ratio", m[i].key);
		snprintf(title, sizeof(title), "%s/base", m[i].title);
		ret = fv_table_add_col(t, m[i].key, m[i].title,
				       fv_metric_unit(&m[i]), 0);
		ret = ret ? ret
			  : fv_table_add_col(t, key, title, FV_U_RATIO, 0);
	}
	return ret;
}

static int put_row(struct fv_table *t, const struct fv_set *set,
		   const struct fv_aopts *o, const char *label,
		   const struct fv_metric *m, size_t n, const double *base)
{
	int row = fv_table_add_row(t), ret;

	if (row < 0)
		return row;
	ret = fv_cell_str(t, row, 0, label);
	for (size_t i = 0; i < n && !ret; i++) {
		double v = -1;

		ret = fv_metric_put(t, row, 1 + 2 * i, set, o, label, &m[i],
				    &v);
		if (ret)
			break;
		if (v >= 0 && base[i] > 0)
			ret = fv_cell_num(t, row, 2 + 2 * i, v / base[i]);
		else if (v >= 0)
			ret = fv_cell_na(t, row, 2 + 2 * i,
					 "the base label has no such value");
	}
	return ret;
}

static int parse_metrics(const struct fv_aopts *o, struct fv_metric **m,
			 size_t *n, struct fv_diags *diags)
{
	const char *const *names = o->nmetrics ? o->metrics : default_metrics;

	*n = o->nmetrics ? o->nmetrics
			 : sizeof(default_metrics) / sizeof(default_metrics[0]);
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

/* The base label's values; its table row is computed once more later. */
static int base_values(const struct fv_set *set, const struct fv_aopts *o,
		       const char *base, const struct fv_metric *m, size_t n,
		       double *out)
{
	struct fv_table *scratch = fv_table_new("scratch", "");
	int ret = scratch ? 0 : -ENOMEM;

	for (size_t i = 0; i < n && !ret; i++)
		ret = fv_table_add_col(scratch, "v", "", FV_U_COUNT, 0);
	ret = ret ? ret : fv_table_add_row(scratch);
	for (size_t i = 0; i < n && ret >= 0; i++) {
		out[i] = -1;
		ret = fv_metric_put(scratch, 0, i, set, o, base, &m[i],
				    &out[i]);
	}
	fv_table_free(scratch);
	return ret < 0 ? ret : 0;
}

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_metric *m = NULL;
	const char **labels = NULL, *base;
	double *bv = NULL;
	struct fv_table *t = NULL;
	size_t n = 0, nl = 0;
	char title[160];
	int ret = parse_metrics(o, &m, &n, diags);

	ret = ret ? ret : fv_labels(set, false, &labels, &nl);
	base = o->base ? o->base : nl ? labels[0] : NULL;
	for (size_t l = 0; !ret && o->base && l <= nl; l++)
		if (l == nl) {
			fv_diag_add(diags, FV_ERROR, NULL, 0, 0,
				    "--base: no label '%s' in the inputs",
				    o->base);
			ret = -EINVAL;
		} else if (!strcmp(labels[l], o->base)) {
			break;
		}
	if (!ret && !(bv = calloc(n + 1, sizeof(*bv))))
		ret = -ENOMEM;
	if (!ret && base)
		ret = base_values(set, o, base, m, n, bv);
	snprintf(title, sizeof(title), "Scaling against %s", base ? base : "-");
	if (!ret &&
	    (!(t = fv_table_new("scaling", title)) || fv_report_add(rep, t))) {
		fv_table_free(t);
		ret = -ENOMEM;
	}
	ret = ret ? ret : add_cols(t, m, n);
	for (size_t l = 0; l < nl && !ret; l++)
		ret = put_row(t, set, o, labels[l], m, n, bv);
	free(bv);
	free(labels);
	free(m);
	return ret;
}

const struct fv_analysis fv_an_scaling = {
	.name = "scaling",
	.run = run,
};
