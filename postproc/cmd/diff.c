/* SPDX-License-Identifier: MIT */
/* fioverdict diff: each job's runs against its runs in --baseline DIR. */
#include "cmd_int.h"

static int analyse(struct fv_tables *x, struct fv_report *rep)
{
	struct fv_verdict_in in = { .set = x->set,
				    .logs = &x->logs,
				    .base = x->base,
				    .base_logs = &x->base_logs,
				    .ao = &x->c->ao,
				    .o = &x->vo };

	return fv_diff(&in, rep, &x->failed);
}

static int diff_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct fv_tables x = { .want_logs = true, .analyse = analyse };

	return fv_verdict_cmd_main(inv, &x, argc, argv);
}

const struct fv_command fv_cmd_diff = {
	.name = "diff",
	.help = "regressions against --baseline DIR",
	.synopsis = "diff --baseline DIR [OPTION]... NEW...",
	.after = "Each job of NEW, all its runs as one sample, against the "
		 "same label and job in\nDIR (the same job in any label when "
		 "DIR has no such label): a rank test\nper job and figure, "
		 "Holm-adjusted. Every rule and threshold: fioverdict(1),\n"
		 "VERDICTS.\n",
	.options =
		(const struct fv_option *const[]){
			fv_opts_format, fv_opts_common, fv_opts_lat,
			fv_opts_fail_on, fv_opts_diff, NULL },
	.main = diff_main,
};
