/* SPDX-License-Identifier: MIT */
/*
 * fioverdict run in the WebAssembly build (make web), in place of
 * postproc/cmd/run.c: WASI has no processes, so fio cannot be started;
 * the command says so and what to do instead, with fio's "not found"
 * status.
 */
#include "cmd/cmd_int.h"

static int run_unavailable(const struct fv_invocation *inv, int argc,
			   char **argv)
{
	(void) argc;
	(void) argv;
	fputs("fioverdict run: this build of fioverdict (WebAssembly, for a "
	      "browser) cannot\nstart fio: run 'fioverdict run' on the "
	      "machine to measure, then give its\nresults to the other "
	      "subcommands here\n",
	      inv->err);
	return FV_EXIT_UNAVAILABLE;
}

const struct fv_command fv_cmd_run = {
	.name = "run",
	.help = "run fio on a job file (not in this build: it cannot start "
		"fio)",
	.synopsis = "run JOBFILE --label NAME --target PATH [OPTION]...",
	.after = "Exit status: 69 (this build cannot start fio).\n",
	.options = (const struct fv_option *const[]){ NULL },
	.main = run_unavailable,
};
