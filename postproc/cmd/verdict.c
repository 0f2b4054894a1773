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
	.tables = &(const struct fv_tables){ .want_logs = true,
					     .analyse = analyse },
	.main = fv_tables_cmd_main,
};
