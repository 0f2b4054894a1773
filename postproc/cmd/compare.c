/* SPDX-License-Identifier: MIT */
/*
 * fioverdict compare: the placement table, one row per label; with --sku,
 * each label measured against its SKUs' limits.
 */
#include "cmd_int.h"

static int analyse(struct fv_tables *x, struct fv_report *rep)
{
	int ret = fv_an_compare.run(x->set, &x->c->ao, rep, &x->set->diags);

	return ret ?: fv_an_sku.run(x->set, &x->c->ao, rep, &x->set->diags);
}

static int compare_main(const struct fv_invocation *inv, int argc, char **argv)
{
	return fv_tables_cmd(inv, analyse, NULL, argc, argv);
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
	.options =
		(const struct fv_option *const[]){ fv_opts_format,
						   fv_opts_common, fv_opts_sku,
						   fv_opts_catalog, NULL },
	.main = compare_main,
};
