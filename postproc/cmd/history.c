/* SPDX-License-Identifier: MIT */
/*
 * fioverdict history: the runs of one suite in commit or time order (one
 * run per input), per job the change points of its primary figure; the
 * newest change decides (--fail-on regression).
 */
#include <stddef.h>
#include <string.h>

#include "cmd_int.h"

/* What history adds to the struct fv_tables it shares with verdict. */
struct history {
	struct fv_tables x; /* first: the shared options bind into it */
	enum fv_hist_order order;
	bool series;
};

static int set_order(struct fv_cmdline *c, const struct fv_option *o,
		     const char *arg)
{
	static const char *const names[] = { "time", "name", "input", NULL };
	struct history *h = c->own;

	for (int i = 0; names[i]; i++)
		if (!strcmp(arg, names[i])) {
			h->order = (enum fv_hist_order) i;
			return 0;
		}
	(void) o;
	return fv_usage_error(c,
			      "--order: '%s' is no order of runs: time (fio's "
			      "timestamps), name (the files' paths) or input "
			      "(as given)",
			      arg);
}

FV_OPT_FIELD(at_vo_threshold, double, struct fv_tables, vo.threshold)
FV_OPT_FIELD(at_vo_min_segment, int, struct fv_tables, vo.min_segment)
FV_OPT_FIELD(at_series, bool, struct history, series)

static const struct fv_option history_opts[] = {
	FV_OPT("order", 0, "BY",
	       "the runs' order: time (fio's timestamps), name\n(the files' "
	       "paths, numbers by value), input [time]",
	       set_order),
	FV_OPT_DOUBLE("threshold", 0, "R",
		      "a change moves the figure's median by more\nthan R [5%]",
		      fv_set_ratio, at_vo_threshold, 0, 0),
	FV_OPT_INT("min-segment", 0, "N",
		   "runs on each side of a change, at least [3]",
		   at_vo_min_segment, 2),
	FV_OPT_DOUBLE("alpha", 0, "P",
		      "a change's permutation test p at most P [0.05]",
		      fv_set_alpha, fv_at_vo_alpha, 0, 0),
	FV_OPT_BOOL("series", 0,
		    "also the table history-runs: each job's figure\nrun by "
		    "run, with its segment",
		    at_series),
	FV_OPT_END,
};

static int analyse(struct fv_tables *x, struct fv_report *rep)
{
	const struct history *h = (const struct history *) x;
	struct fv_verdict_in in = {
		.set = x->set, .logs = &x->logs, .ao = &x->c->ao, .o = &x->vo
	};

	return fv_history(&in, h->order, h->series, rep, &x->failed);
}

static int history_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct history h = { .x = { .every_run = true,
				    .runs_labels_aside = true,
				    .analyse = analyse },
			     .order = FV_HIST_TIME };

	return fv_tables_run(inv, &h.x, argc, argv);
}

const struct fv_command fv_cmd_history = {
	.name = "history",
	.help = "change points along a history of single runs",
	.synopsis = "history [OPTION]... RUN...",
	.after = "RUN: one run of the suite each (files or directories), in "
		 "--order. Per job,\nE-divisive means on its primary figure "
		 "(throughput; p99 of a job held to a\nrate, the sync p99 of "
		 "one that syncs), a permutation test with a fixed seed;\nthe "
		 "newest change decides the job's verdict. Every rule: "
		 "fioverdict(1),\nVERDICTS (history).\n",
	.options =
		(const struct fv_option *const[]){
			fv_opts_format, fv_opts_common, fv_opts_lat,
			fv_opts_fail_on, history_opts, NULL },
	.main = history_main,
};
