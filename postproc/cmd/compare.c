/* SPDX-License-Identifier: MIT */
/* fioverdict compare: the placement table, one row per label. */
#include "cmd_int.h"

static int compare_main(const struct fv_invocation *inv, int argc, char **argv)
{
	return fv_analysis_main(inv, &fv_an_compare, argc, argv);
}

const struct fv_command fv_cmd_compare = {
	.name = "compare",
	.help = "one row per label: peak read/write, steady write, seq "
		"read/write, sync write",
	.synopsis = "compare [OPTION]... INPUT...",
	.options = (const struct fv_option *const[]){ fv_opts_format,
						      fv_opts_common, NULL },
	.main = compare_main,
};
