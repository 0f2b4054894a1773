/* SPDX-License-Identifier: MIT */
/*
 * The table "history-runs": each job's primary figure run by run, with
 * the segment each run falls in (0 before the first change): the series
 * a chart draws and a CI keeps, each column of one unit.
 */
#include <errno.h>
#include <math.h>

#include "history.h"

static const struct {
	const char *key, *title;
	enum fv_unit unit;
} rcols[] = {
	{ "job", "Job", FV_U_TEXT },   { "run", "Run", FV_U_COUNT },
	{ "file", "File", FV_U_TEXT }, { "figure", "Figure", FV_U_TEXT },
	{ "iops", "IOPS", FV_U_IOPS }, { "bps", "Bandwidth", FV_U_BPS },
	{ "ns", "Latency", FV_U_NS },  { "segment", "Segment", FV_U_COUNT },
};
#define NRCOLS (sizeof(rcols) / sizeof(*rcols))

static int run_row(struct fv_table *t, const struct fv_history *h,
		   const struct fv_hseries *s, size_t i)
{
	enum fv_unit u = fv_gfig_unit(s->primary, s->ref);
	int row = fv_table_add_row(t);
	size_t r = s->run[i];

	if (row < 0)
		return row;
	if (fv_cell_str(t, row, 0, s->ref->display) ||
	    fv_cell_num(t, row, 1, (double) r + 1) ||
	    fv_cell_str(t, row, 2, h->runs[r].source) ||
	    fv_cell_str(t, row, 3, fv_gfig_name(s->primary, s->ref)) ||
	    fv_cell_num(t, row,
			u == FV_U_IOPS	? 4
			: u == FV_U_BPS ? 5
					: 6,
			exp(s->v[i])) ||
	    fv_cell_num(t, row, 7, (double) fv_hseries_segment(s, i)))
		return -ENOMEM;
	return 0;
}

int fv_history_runs_table(const struct fv_history *h, struct fv_report *rep)
{
	struct fv_table *t = fv_table_new("history-runs", "The history's runs");
	int ret = t ? 0 : -ENOMEM;

	for (size_t c = 0; !ret && c < NRCOLS; c++)
		ret = fv_table_add_col(t, rcols[c].key, rcols[c].title,
				       rcols[c].unit, 0);
	for (size_t k = 0; !ret && k < h->ns; k++)
		for (size_t i = 0; !ret && i < h->s[k].n; i++)
			ret = run_row(t, h, &h->s[k], i);
	ret = ret ? ret : fv_report_add(rep, t);
	if (ret)
		fv_table_free(t);
	return ret;
}
