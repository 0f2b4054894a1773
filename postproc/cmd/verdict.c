/* SPDX-License-Identifier: MIT */
/* fioverdict verdict: every check on every job, with fio's logs. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"

/*
 * Text and Markdown show the findings (verdict/findings.c) unless --all;
 * the machine formats (csv, json, junit) every check.
 */
static bool findings_view(const struct fv_tables *x)
{
	const char *f = x->c->format->name;

	return !x->all && (!strcmp(f, "text") || !strcmp(f, "md"));
}

static int to_findings(struct fv_report *rep)
{
	struct fv_table **slot = &rep->tables[rep->ntables - 1], *f;
	int ret = fv_findings(*slot, &f);

	if (ret)
		return ret;
	ret = fv_table_note(f, "--all shows every check");
	if (ret) {
		fv_table_free(f);
		return ret;
	}
	fv_table_free(*slot);
	*slot = f;
	return 0;
}

static int analyse(struct fv_tables *x, struct fv_report *rep)
{
	struct fv_verdict_in in = { .set = x->set,
				    .logs = &x->logs,
				    .ao = &x->c->ao,
				    .o = &x->vo,
				    .diags = &x->set->diags };
	int ret = fv_verdicts(&in, rep, &x->failed);

	return !ret && findings_view(x) ? to_findings(rep) : ret;
}

FV_OPT_FIELD(at_all, bool, struct fv_tables, all)

static const struct fv_option verdict_opts[] = {
	FV_OPT_BOOL("all", 0,
		    "text and md: every check, not the findings alone", at_all),
	FV_OPT_END,
};

/*
 * verdict and diff: their thresholds in x->vo (c->own is x), log files
 * among the inputs set apart.
 */
int fv_verdict_cmd_main(const struct fv_invocation *inv, struct fv_tables *x,
			int argc, char **argv)
{
	struct fv_cmdline c;
	int status;

	fv_cmdline_init(&c, inv);
	fv_vopts_init(&x->vo);
	x->c = &c;
	c.own = x;
	status = fv_cmdline_parse(&c, argc, argv);
	if (!status && !c.done && x->want_logs)
		status = fv_split_logs(x);
	if (!status && !c.done && !c.ninputs)
		status = fv_usage_error(&c, "%s",
					"no input given (a file, a "
					"directory, or - for stdin)");
	if (!status && !c.done && x->needs_baseline && !x->nbaselines)
		status = fv_usage_error(&c, "%s",
					"--baseline PATH is required: the "
					"results NEW is compared against");
	if (!status && !c.done)
		status = fv_skus_resolve(&c);
	x->vo.skus = c.ao.skus;
	if (!status && !c.done)
		status = fv_tables_main(x);
	fv_vopts_free(&x->vo);
	free(x->log_dirs);
	free(x->baselines);
	fv_cmdline_free(&c);
	return status;
}

static int verdict_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct fv_tables x = { .want_logs = true, .analyse = analyse };

	return fv_verdict_cmd_main(inv, &x, argc, argv);
}

const struct fv_command fv_cmd_verdict = {
	.name = "verdict",
	.help = "verdicts: burst, steady state, cap, cache, method, flush, "
		"tail",
	.synopsis = "verdict [OPTION]... INPUT... [LOG]...",
	.after = "fio's logs (NAME_iops.N.log, ...) are read when named, from "
		 "--logs DIR and beside\nthe results. Every rule and "
		 "threshold: fioverdict(1), VERDICTS.\n",
	.options =
		(const struct fv_option *const[]){
			fv_opts_format, fv_opts_common, fv_opts_runs,
			fv_opts_lat, fv_opts_fail_on, verdict_opts,
			fv_opts_verdict, fv_opts_noise, fv_opts_sku,
			fv_opts_catalog, NULL },
	.main = verdict_main,
};
