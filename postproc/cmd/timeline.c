/* SPDX-License-Identifier: MIT */
/* fioverdict timeline: latency window by window from histogram logs. */
#include <stddef.h>
#include <stdlib.h>

#include "cmd_int.h"

struct timeline {
	struct fv_tables x; /* first: the option offsets are into it */
	double window_ms;   /* --window; 0: each job's log_hist_msec */
};

static int analyse(struct fv_tables *x, struct fv_report *rep)
{
	const struct timeline *tl = (const struct timeline *) x;

	return fv_timeline(x->set, &x->logs, &x->c->ao, tl->window_ms, rep,
			   &x->set->diags);
}

FV_OPT_FIELD(at_window_ms, double, struct timeline, window_ms)

static const struct fv_option timeline_opts[] = {
	FV_OPT_DOUBLE("window", 0, "MS",
		      "windows of MS ms (a unit may follow: 5s); default each "
		      "job's log_hist_msec",
		      fv_set_period, at_window_ms, 1e-3, 1e-3),
	FV_OPT("logs", 0, "DIR", "histogram logs in DIR too (repeatable)",
	       fv_set_logs),
	FV_OPT_END,
};

static int timeline_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct timeline tl = { .x = { .want_logs = true, .analyse = analyse } };

	return fv_tables_run(inv, &tl.x, argc, argv);
}

const struct fv_command fv_cmd_timeline = {
	.name = "timeline",
	.help = "latency over time: per window, IOPS and percentiles from "
		"fio's histogram logs",
	.synopsis = "timeline [OPTION]... INPUT... [LOG]...",
	.after = "fio's histogram logs (NAME_clat_hist.N.log, write_hist_log) "
		 "are read when named,\nfrom --logs DIR and beside the "
		 "results. See fioverdict(1), TIMELINE.\n",
	.options = (const struct fv_option *const[]){ fv_opts_format,
						      fv_opts_common,
						      fv_opts_runs, fv_opts_lat,
						      timeline_opts, NULL },
	.main = timeline_main,
};
