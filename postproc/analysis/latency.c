/* SPDX-License-Identifier: MIT */
/*
 * latency: one row per label, the IOPS and latency percentiles of one role
 * (steady write unless --of says otherwise), as in the seed's second table.
 * The percentiles' headers name their latency; labels of tools that time
 * different ones get a set of columns each (fv_ao_lat_kinds).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

#define FIXED 3 /* label, job, IOPS: then the percentiles */

static int add_cols(struct fv_table *t, const struct fv_aopts *o,
		    unsigned kinds)
{
	bool several = kinds & (kinds - 1);
	static const struct fv_col fixed[FIXED] = {
		{ "label", "Label", FV_U_TEXT, 0 },
		{ "job", "Job", FV_U_TEXT, 0 },
		{ "iops", "IOPS", FV_U_IOPS, 0 },
	};
	char key[32], title[32], prefix[8];

	fv_table_add_cols(t, fixed, FIXED);
	for (int k = 0; k < FV_LAT_NR; k++)
		for (size_t i = 0; i < o->show->n; i++) {
			if (!(kinds & FV_LAT_BIT(k)))
				break;
			/* one set of columns keeps its keys: p50, p99 */
			snprintf(prefix, sizeof(prefix), "%s_", fv_lat_name(k));
			fv_pct_key(key, sizeof(key), several ? prefix : "",
				   o->show->p[i]);
			snprintf(title, sizeof(title), "%s P%g", fv_lat_name(k),
				 o->show->p[i]);
			fv_table_add_col(t, key, title, FV_U_NS, 0);
		}
	return fv_table_status(t);
}

static int put_row(struct fv_table *t, const struct fv_set *set,
		   const struct fv_aopts *o, const char *label,
		   const struct fv_job *job, unsigned kinds)
{
	int row = fv_table_add_row(t);
	enum fv_dir d = o->of_dir;
	size_t col = FIXED;
	char why[96];

	if (row < 0)
		return row;
	fv_cell_str(t, row, 0, label);
	if (!job) {
		snprintf(why, sizeof(why),
			 "no %s job with %s I/O for this label",
			 fv_role_name(o->of_role), fv_dir_name(o->of_dir));
		for (size_t c = 1; c < t->ncols; c++)
			fv_cell_na(t, row, c, why);
		return fv_table_status(t);
	}
	if (fv_job_failed(job)) {
		fv_cell_str(t, row, 1, job->display);
		for (size_t c = 2; c < t->ncols; c++)
			fv_cell_failed(t, row, c, job);
		return fv_table_status(t);
	}
	if (!job->dir[d].present && job->dir[FV_DIR_MIXED].present)
		d = FV_DIR_MIXED;
	fv_cell_str(t, row, 1, job->display);
	fv_cell_num(t, row, 2, job->dir[d].iops);
	for (int k = 0; k < FV_LAT_NR; k++) {
		if (!(kinds & FV_LAT_BIT(k)))
			continue;
		/* another tool's latency: its columns stay empty */
		for (size_t i = 0; i < o->show->n; i++, col++)
			if (fv_ao_lat(o, job) == (enum fv_latkind) k)
				fv_put_pct(t, row, col, set, job, d,
					   (enum fv_latkind) k,
					   fv_pct_index(set, o->show->p[i]));
	}
	return fv_table_status(t);
}

static int notes(struct fv_table *t, const struct fv_aopts *o, unsigned kinds,
		 const struct fv_job *const *jobs, size_t n)
{
	unsigned tools = 0;
	char m[200];

	for (size_t i = 0; i < n; i++)
		tools |= jobs[i] ? fv_tool_of(jobs[i]) : 0;
	for (int k = 0; k < FV_LAT_NR; k++)
		if (kinds & FV_LAT_BIT(k)) {
			fv_lat_meaning(
				m, sizeof(m), (enum fv_latkind) k,
				fv_ao_lat_tools(o, tools, (enum fv_latkind) k));
			fv_table_note(t, "%s", m);
		}
	return fv_table_status(t);
}

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_table *t;
	const char **labels = NULL;
	const struct fv_job **jobs = NULL;
	const struct fv_job *const *shown;
	unsigned kinds = 0;
	char title[96];
	size_t nl = 0, nshown;
	int ret;

	(void) diags;
	snprintf(title, sizeof(title), "Latency: %s %s",
		 fv_role_name(o->of_role), fv_dir_name(o->of_dir));
	t = fv_table_new("latency", title);
	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	ret = fv_labels(set, false, &labels, &nl);
	if (!ret && !(jobs = calloc(nl + 1, sizeof(*jobs))))
		ret = -ENOMEM;
	for (size_t l = 0; l < nl && !ret; l++)
		jobs[l] = fv_pick(set, labels[l], o->of_role, o->of_dir);
	shown = jobs;
	nshown = nl;
	if (!ret && !(kinds = fv_ao_lat_kinds(o, jobs, nl))) {
		/* no label has such a job: what the set's would show */
		shown = (const struct fv_job *const *) set->jobs;
		nshown = set->njobs;
		kinds = fv_ao_lat_kinds(o, shown, nshown)
				?: FV_LAT_BIT(FV_CLAT);
	}
	if (ret)
		goto out;
	add_cols(t, o, kinds);
	for (size_t l = 0; l < nl; l++)
		put_row(t, set, o, labels[l], jobs[l], kinds);
	ret = notes(t, o, kinds, shown, nshown);
out:
	free(jobs);
	free(labels);
	return ret;
}

const struct fv_analysis fv_an_latency = {
	.name = "latency",
	.run = run,
};
