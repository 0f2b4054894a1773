/* SPDX-License-Identifier: MIT */
/*
 * timeline: a job's latency window by window, from fio's histogram logs
 * (write_hist_log), as fio's fiologparser_hist.py prints it but per
 * label, job and direction, and with fio's own percentile rule.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "util/util.h"

enum fv_log_kind fv_lat_log_kind(enum fv_latkind k)
{
	return k == FV_LAT    ? FV_LOG_LAT
	       : k == FV_SLAT ? FV_LOG_SLAT
			      : FV_LOG_CLAT;
}

bool fv_timeline_job(const struct fv_job *job)
{
	return job->kind == FV_JOB_SINGLE || job->kind == FV_JOB_CLONE_SUM ||
	       job->kind == FV_JOB_FLEET;
}

static int add_cols(struct fv_table *t, const struct fv_pctlist *show)
{
	static const struct fv_col fixed[] = {
		{ "label", "Label", FV_U_TEXT, 0 },
		{ "job", "Job", FV_U_TEXT, 0 },
		{ "dir", "Dir", FV_U_TEXT, 0 },
		{ "start", "Start", FV_U_MS, 0 },
		{ "end", "End", FV_U_MS, 0 },
		{ "ios", "I/Os", FV_U_COUNT, 0 },
		{ "iops", "IOPS", FV_U_IOPS, 0 },
	};
	char key[32], title[32];

	fv_table_add_cols(t, fixed, FV_ARRAY_SIZE(fixed));
	for (size_t i = 0; i < show->n; i++) {
		fv_pct_key(key, sizeof(key), "", show->p[i]);
		snprintf(title, sizeof(title), "P%g", show->p[i]);
		fv_table_add_col(t, key, title, FV_U_NS, 0);
	}
	return fv_table_add_col(t, "max", "Max", FV_U_NS, 0);
}

struct rows {
	struct fv_table *t;
	const struct fv_job *job;
	size_t np;
	/* the job's IOPS log per direction (read, write, trim), if any */
	struct fv_rate iops[3];
	bool from_log;
};

/* The mean of the IOPS log's windows that end in (start, end], or NAN. */
static double logged_iops(const struct fv_rate *r, double start, double end)
{
	double sum = 0;
	size_t n = 0;

	for (size_t i = 0; i < r->n; i++)
		if (r->t_ms[i] > start && r->t_ms[i] <= end) {
			sum += r->v[i];
			n++;
		}
	return n ? sum / (double) n : NAN;
}

static int add_window(void *ctx, const struct fv_hist_window *w)
{
	struct rows *x = ctx;
	struct fv_table *t = x->t;
	int row = fv_table_add_row(t);
	double iops;
	char why[600];

	if (row < 0)
		return row;
	fv_cell_str(t, row, 0, x->job->label ? x->job->label : "");
	fv_cell_str(t, row, 1, x->job->display);
	fv_cell_str(t, row, 2,
		    w->dir == FV_DIR_MIXED ? "-" : fv_dir_name(w->dir));
	fv_cell_num(t, row, 3, w->start_ms);
	fv_cell_num(t, row, 4, w->end_ms);
	if (w->damaged) {
		snprintf(why, sizeof(why),
			 "partial window: a histogram of it could not be "
			 "read (%s)",
			 w->damaged);
		for (size_t c = 5; c < t->ncols; c++)
			fv_cell_na(t, row, c, why);
		return fv_table_status(t);
	}
	iops = w->dir < 3
		       ? logged_iops(&x->iops[w->dir], w->start_ms, w->end_ms)
		       : NAN;
	if (isnan(iops))
		iops = (double) w->n * 1000.0 / (w->end_ms - w->start_ms);
	else
		x->from_log = true;
	fv_cell_num(t, row, 5, (double) w->n);
	fv_cell_num(t, row, 6, iops);
	for (size_t i = 0; i < x->np; i++)
		if (w->n)
			fv_cell_num(t, row, 7 + i, w->pct[i]);
		else
			fv_cell_na(t, row, 7 + i,
				   "no I/O completed in the window");
	if (w->n)
		fv_cell_num(t, row, 7 + x->np, w->max_ns);
	else
		fv_cell_na(t, row, 7 + x->np, "no I/O completed in the window");
	return fv_table_status(t);
}

/* One job's windows, its IOPS logs read for them and freed after. */
static int job_windows(const struct fv_logset *logs, struct fv_hist_query *q,
		       struct rows *x, struct fv_diags *diags)
{
	int ret = 0;

	for (int d = 0; d < 3 && !ret; d++)
		ret = fv_log_rate(logs, q->job, FV_LOG_IOPS, (enum fv_dir) d,
				  &x->iops[d]);
	if (!ret)
		ret = fv_hist_windows(logs, q, diags);
	for (int d = 0; d < 3; d++)
		fv_rate_free(&x->iops[d]);
	return ret;
}

int fv_timeline(const struct fv_set *set, const struct fv_logset *logs,
		const struct fv_aopts *o, double window_ms,
		struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_table *t = fv_table_new("timeline", "Latency over time");
	enum fv_log_kind kind = fv_lat_log_kind(o->lat);
	struct rows x = { .t = t, .np = o->show->n };
	struct fv_hist_query q = { .kind = kind,
				   .window_ms = window_ms,
				   .p = o->show->p,
				   .np = o->show->n,
				   .emit = add_window,
				   .ctx = &x };
	bool any = false;
	int ret;

	if (!t)
		return -ENOMEM;
	ret = add_cols(t, o->show);
	for (size_t i = 0; i < set->njobs && !ret; i++) {
		const struct fv_job *j = set->jobs[i];

		if (!fv_timeline_job(j) || !fv_hist_has(logs, j, kind))
			continue;
		any = true;
		x.job = q.job = j;
		ret = job_windows(logs, &q, &x, diags);
	}
	if (ret)
		goto out;
	fv_table_note(t, "%s",
		      x.from_log ? "IOPS: the mean of fio's IOPS log "
				   "in the window where the job wrote "
				   "one, else the window's I/Os over "
				   "its length"
				 : "IOPS: the window's I/Os over its "
				   "length");
	fv_table_note(t,
		      "%s percentiles per window from fio's "
		      "histogram logs (%s_hist), by fio's rule: "
		      "each within one histogram bin",
		      fv_log_kind_name(kind), fv_log_kind_name(kind));
	if (!any)
		fv_table_note(t,
			      "no %s histogram logs joined to a job: "
			      "fio writes them with write_hist_log and "
			      "log_hist_msec",
			      fv_log_kind_name(kind));
	ret = fv_report_add(rep, t);
out:
	if (ret)
		fv_table_free(t);
	return ret;
}
