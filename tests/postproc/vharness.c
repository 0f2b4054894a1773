/* SPDX-License-Identifier: MIT */
/* Hand-made jobs, logs and a verdict table for the verdict tests. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "ingest/ingest_int.h"
#include "vharness.h"

struct fv_job *mkjob(struct fv_set *set, const char *name, int depth,
		     double iops, double lat_ns)
{
	struct fv_job *j = fv_job_new();
	struct fv_dirstats *w = &j->dir[FV_DIR_WRITE];

	assert_non_null(j);
	j->name = strdup(name);
	j->display = strdup(name);
	j->label = strdup("disk");
	j->kind = FV_JOB_SINGLE;
	j->role = FV_ROLE_SCALING;
	j->name_depth = depth;
	w->present = true;
	w->iops = iops;
	w->total_ios = (uint64_t) iops;
	w->lat[FV_LAT].present = w->lat[FV_CLAT].present = true;
	w->lat[FV_LAT].mean_ns = w->lat[FV_CLAT].mean_ns = lat_ns;
	w->lat[FV_CLAT].min_ns = lat_ns / 2;
	assert_int_equal(fv_set_add_job(set, j), 0);
	return j;
}

void h_init(struct harness *h)
{
	fv_set_init(&h->set, NULL);
	fv_vopts_init(&h->o);
	memset(&h->logs, 0, sizeof(h->logs));
	h->vc = (struct fv_vctx){ .set = &h->set,
				  .o = &h->o,
				  .logs = &h->logs };
	h->vc.t = fv_vtable_new("verdict", "Verdicts");
	assert_non_null(h->vc.t);
	assert_int_equal(fv_vtable_figs(h->vc.t), 0);
}

void h_free(struct harness *h)
{
	fv_table_free(h->vc.t);
	fv_logset_free(&h->logs);
	fv_vopts_free(&h->o);
	fv_set_free(&h->set);
}

const char *cell(const struct harness *h, size_t row, int col)
{
	assert_true(row < h->vc.t->nrows);
	return fv_table_cell(h->vc.t, row, (size_t) col)->str;
}

/* A figure column: its number, NAN when null. */
double fig(const struct harness *h, size_t row, int col)
{
	const struct fv_cell *c;

	assert_true(row < h->vc.t->nrows);
	c = fv_table_cell(h->vc.t, row, (size_t) col);
	return c->kind == FV_CELL_NUM ? c->num : NAN;
}

/* An averaged IOPS series: plateau, collapse, steady or not. */
void series(struct harness *h, struct fv_job *j, const double *v, size_t n)
{
	struct fv_diags d = { 0 };
	char text[8192];
	size_t len = 0;

	for (size_t i = 0; i < n; i++)
		len += (size_t) snprintf(text + len, sizeof(text) - len,
					 "%zu, %.0f, 1, 0, 0\n", 100 * (i + 1),
					 v[i]);
	assert_int_equal(fv_log_parse(&h->logs, "s_iops.1.log", text, len, &d),
			 0);
	h->logs.v[h->logs.n - 1]->job = j;
	fv_diags_free(&d);
}

void h_opts(struct fv_job *j, const struct fv_opt *o, size_t n)
{
	free(j->opts);
	j->opts = fv_opts_pack(o, n); /* one block, as ingest makes it */
	assert_non_null(j->opts);
	j->nopts = n;
	j->opts_recorded = true; /* as fio's JSON lists them: every one set */
	assert_int_equal(fv_workload_of_opts(j), 0);
}

void pattern(struct fv_job *j)
{
	const struct fv_opt o[2] = { { "rw", "randwrite" }, { "bs", "4k" } };

	h_opts(j, o, 2);
}

void want_verdicts(const struct harness *h, const char *const *want)
{
	for (size_t i = 0; want[i]; i++)
		if (strcmp(cell(h, i, VC_VERDICT), want[i]))
			fail_msg("row %zu: verdict %s, want %s", i,
				 cell(h, i, VC_VERDICT), want[i]);
}
