/* SPDX-License-Identifier: MIT */
/*
 * fioverdict diff: each job's runs against its runs in --baseline PATH;
 * runs that differ in fio version, kernel, device or VM size are said to,
 * and the change is named beside a regression as its likely cause.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"

/* What changed between the baseline and label's runs, "" when nothing. */
static void changes(const struct fv_tables *x, const char *label, char *buf,
		    size_t len)
{
	const struct fv_job *j = fv_label_first(x->set, label);
	const struct fv_job *b = fv_label_first(x->base, label);

	buf[0] = '\0';
	if (!b)
		b = fv_label_first(x->base, NULL);
	if (j && b)
		fv_provenance_changes(b, j, buf, len);
}

static int name_cause(struct fv_table *t, size_t row, const char *what)
{
	int col = fv_table_col(t, "sentence");
	char *s;

	if (col < 0 || strcmp(fv_table_str(t, row, "verdict"), "regression"))
		return 0;
	if (asprintf(&s, "%s; the runs differ in %s: a likely cause",
		     fv_table_str(t, row, "sentence"), what) < 0)
		return -ENOMEM;
	free(fv_table_cell(t, row, (size_t) col)->str);
	fv_table_cell(t, row, (size_t) col)->str = s;
	return 0;
}

/* Once per label: a warning and a note; each regression its cause. */
static int warn_changes(struct fv_tables *x, struct fv_table *t)
{
	char what[1024], seen[4096] = "";
	int ret = 0;

	for (size_t r = 0; r < t->nrows && !ret; r++) {
		const char *label = fv_table_str(t, r, "label");
		char key[300];

		changes(x, label, what, sizeof(what));
		if (!what[0])
			continue;
		ret = name_cause(t, r, what);
		snprintf(key, sizeof(key), "\n%s\n", label);
		if (ret || strstr(seen, key))
			continue;
		strncat(seen, key, sizeof(seen) - strlen(seen) - 1);
		ret = fv_table_note(t,
				    "warning: %s: the runs compared differ "
				    "in %s",
				    label, what);
		if (!ret)
			ret = fv_diag_add(&x->set->diags, FV_WARNING, NULL, 0,
					  0,
					  "%s: the runs compared differ in %s",
					  label, what);
	}
	return ret;
}

static int analyse(struct fv_tables *x, struct fv_report *rep)
{
	struct fv_verdict_in in = { .set = x->set,
				    .logs = &x->logs,
				    .base = x->base,
				    .base_logs = &x->base_logs,
				    .ao = &x->c->ao,
				    .o = &x->vo };
	int ret = fv_diff(&in, rep, &x->failed);

	for (size_t i = 0; !ret && x->base && i < rep->ntables; i++)
		if (!strcmp(rep->tables[i]->name, "diff"))
			ret = warn_changes(x, rep->tables[i]);
	return ret;
}

const struct fv_command fv_cmd_diff = {
	.name = "diff",
	.help = "regressions against --baseline PATH",
	.synopsis = "diff --baseline PATH [OPTION]... NEW...",
	.after = "Each test of NEW, all its runs as one sample, against the "
		 "same label and test\nof the baseline (the same test in any "
		 "label when it has no such label): a\nrank test per test and "
		 "figure, Holm-adjusted. Runs are files, or one folder\neach "
		 "(run-1/, run-2/, ...), alike on both sides. Every rule and "
		 "threshold:\nfioverdict(1), VERDICTS.\n",
	.options =
		(const struct fv_option *const[]){
			fv_opts_format, fv_opts_common, fv_opts_lat,
			fv_opts_fail_on, fv_opts_diff, NULL },
	.tables = &(const struct fv_tables){ .want_logs = true,
					     .every_run = true,
					     .needs_baseline = true,
					     .analyse = analyse },
	.main = fv_tables_cmd_main,
};
