/* SPDX-License-Identifier: MIT */
/* fioverdict sweep: the QD sweep, depths down, labels across. */
#include "cmd_int.h"

const struct fv_command fv_cmd_sweep = {
	.name = "sweep",
	.help = "queue depth down, labels across: IOPS and P99 of the QD sweep",
	.synopsis = "sweep [OPTION]... INPUT...",
	.options =
		(const struct fv_option *const[]){ fv_opts_format,
						   fv_opts_common, fv_opts_runs,
						   fv_opts_lat, NULL },
	.analysis = &fv_an_sweep,
	.main = fv_tables_cmd_main,
};
