/* SPDX-License-Identifier: MIT */
/*
 * latency: one row per label, the IOPS and latency percentiles of one role
 * (steady write unless --of says otherwise), as in the seed's second table.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

static int add_cols(struct fv_table *t, const struct fv_aopts *o)
{
	char key[32], title[32];
	int ret = fv_table_add_col(t, "label", "Label", FV_U_TEXT, 0);

	ret = ret ? ret : fv_table_add_col(t, "job", "Job", FV_U_TEXT, 0);
	ret = ret ? ret : fv_table_add_col(t, "iops", "IOPS", FV_U_IOPS, 0);
	for (size_t i = 0; i < o->show->n && !ret; i++) {
		fv_pct_key(key, sizeof(key), "", o->show->p[i]);
		snprintf(title, sizeof(title), "P%g", o->show->p[i]);
		ret = fv_table_add_col(t, key, title, FV_U_NS, 0);
	}
	return ret;
}

static int put_row(struct fv_table *t, const struct fv_set *set,
		   const struct fv_aopts *o, const char *label)
{
	const struct fv_job *job = fv_pick(set, label, o->of_role, o->of_dir);
	int row = fv_table_add_row(t), ret;
	enum fv_dir d = o->of_dir;
	char why[96];

	if (row < 0)
		return row;
	ret = fv_cell_str(t, row, 0, label);
	if (!ret && !job) {
		snprintf(why, sizeof(why),
			 "no %s job with %s I/O for this label",
			 fv_role_name(o->of_role), fv_dir_name(o->of_dir));
		for (size_t c = 1; c < t->ncols && !ret; c++)
			ret = fv_cell_na(t, row, c, why);
		return ret;
	}
	if (!job->dir[d].present && job->dir[FV_DIR_MIXED].present)
		d = FV_DIR_MIXED;
	ret = ret ? ret : fv_cell_str(t, row, 1, job->display);
	ret = ret ? ret : fv_cell_num(t, row, 2, job->dir[d].iops);
	for (size_t i = 0; i < o->show->n && !ret; i++)
		ret = fv_put_pct(t, row, 3 + i, set, job, d, o->lat,
				 fv_pct_index(set, o->show->p[i]));
	return ret;
}

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_table *t;
	const char **labels = NULL;
	char title[96];
	size_t nl = 0;
	int ret;

	(void) diags;
	snprintf(title, sizeof(title), "Latency: %s %s",
		 fv_role_name(o->of_role), fv_dir_name(o->of_dir));
	t = fv_table_new("latency", title);
	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	ret = add_cols(t, o);
	ret = ret ? ret : fv_labels(set, false, &labels, &nl);
	for (size_t l = 0; l < nl && !ret; l++)
		ret = put_row(t, set, o, labels[l]);
	free(labels);
	if (!ret)
		ret = fv_table_note(t, "percentiles: %s", fv_lat_name(o->lat));
	return ret;
}

const struct fv_analysis fv_an_latency = {
	.name = "latency",
	.run = run,
};
