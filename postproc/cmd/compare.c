/* SPDX-License-Identifier: MIT */
/*
 * fioverdict compare: the placement table, one row per label; with --sku,
 * each label measured against its SKUs' limits.
 */
#include <string.h>

#include "cmd_int.h"

/* Labels that ran on another fio, kernel, device or VM than the first. */
static int warn_changes(struct fv_tables *x, struct fv_report *rep)
{
	const struct fv_job *first = fv_label_first(x->set, NULL);
	const struct fv_table *t = fv_report_table(rep, "compare");
	char what[1024];
	int ret = 0;

	for (size_t r = 0; t && first && r < t->nrows && !ret; r++) {
		const char *label = fv_table_str(t, r, "label");
		const struct fv_job *j = fv_label_first(x->set, label);

		if (!j || !first->label || !strcmp(label, first->label))
			continue;
		fv_provenance_changes(first, j, what, sizeof(what));
		if (!what[0])
			continue;
		ret = fv_table_note((struct fv_table *) t,
				    "warning: %s and %s differ in %s",
				    first->label, label, what);
		if (!ret)
			ret = fv_diag_add(&x->set->diags, FV_WARNING, NULL, 0,
					  0, "compare: %s and %s differ in %s",
					  first->label, label, what);
	}
	return ret;
}

static int analyse(struct fv_tables *x, struct fv_report *rep)
{
	int ret = fv_an_compare.run(x->set, &x->c->ao, rep, &x->set->diags);

	if (!ret)
		ret = warn_changes(x, rep);
	if (!ret)
		ret = fv_an_sku.run(x->set, &x->c->ao, rep, &x->set->diags);
	return ret;
}

const struct fv_command fv_cmd_compare = {
	.name = "compare",
	.help = "one row per label: peak read/write, steady write, seq "
		"read/write, sync write",
	.synopsis = "compare [OPTION]... INPUT...",
	.after = "With --sku, a second table: each label's binding limit (the "
		 "smaller of its disk's\nand VM's), its peak, steady and "
		 "sequential figures as a percent of it, and\nwhether a "
		 "burst was in play.\n",
	.options = (const struct fv_option *const[]){ fv_opts_format,
						      fv_opts_common,
						      fv_opts_runs, fv_opts_sku,
						      fv_opts_catalog, NULL },
	.tables = &(const struct fv_tables){ .analyse = analyse },
	.main = fv_tables_cmd_main,
};
