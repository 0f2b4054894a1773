/* SPDX-License-Identifier: MIT */
/*
 * The table "history-runs": each job's primary figure run by run, with
 * the segment each run falls in (0 before the first change): the series
 * a chart draws and a CI keeps, each column of one unit.
 */
#include <errno.h>
#include <math.h>

#include "history.h"
#include "util/util.h"

static const struct fv_col rcols[] = {
	{ "job", "Job", FV_U_TEXT, 0 },
	{ "run", "Run", FV_U_COUNT, 0 },
	{ "file", "File", FV_U_TEXT, 0 },
	{ "figure", "Figure", FV_U_TEXT, 0 },
	{ "iops", "IOPS", FV_U_IOPS, 0 },
	{ "bps", "Bandwidth", FV_U_BPS, 0 },
	{ "ns", "Latency", FV_U_NS, 0 },
	{ "segment", "Segment", FV_U_COUNT, 0 },
};
#define NRCOLS (FV_ARRAY_SIZE(rcols))

static int run_row(struct fv_table *t, const struct fv_history *h,
		   const struct fv_hseries *s, size_t i)
{
	enum fv_unit u = fv_gfig_unit(s->primary, s->ref);
	int row = fv_table_add_row(t);
	size_t r = s->run[i];

	if (row < 0)
		return row;
	fv_cell_str(t, row, 0, s->ref->display);
	fv_cell_num(t, row, 1, (double) r + 1);
	fv_cell_str(t, row, 2, h->runs[r].source);
	fv_cell_str(t, row, 3, fv_gfig_name(s->primary, s->ref));
	fv_cell_num(t, row,
		    u == FV_U_IOPS  ? 4
		    : u == FV_U_BPS ? 5
				    : 6,
		    exp(s->v[i]));
	return fv_cell_num(t, row, 7, (double) fv_hseries_segment(s, i));
}

int fv_history_runs_table(const struct fv_history *h, struct fv_report *rep)
{
	struct fv_table *t = fv_table_new("history-runs", "The history's runs");
	int ret;

	if (!t)
		return -ENOMEM;
	fv_table_add_cols(t, rcols, NRCOLS);
	for (size_t k = 0; k < h->ns; k++)
		for (size_t i = 0; i < h->s[k].n; i++)
			run_row(t, h, &h->s[k], i);
	ret = fv_report_add(rep, t);
	if (ret)
		fv_table_free(t);
	return ret;
}
