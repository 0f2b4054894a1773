/* SPDX-License-Identifier: MIT */
/*
 * fioverdict run, replay and capture in the WebAssembly build (make web),
 * in place of postproc/cmd/run.c, replay.c and capture.c: WASI has no
 * processes, so fio cannot be started, and no kernel to trace; each
 * command says so and what to do instead, with the "unavailable" status.
 */
#include <string.h>

#include "cmd/cmd_int.h"

static int run_unavailable(const struct fv_invocation *inv, int argc,
			   char **argv)
{
	(void) argc;
	(void) argv;
	fprintf(inv->err,
		"fioverdict %s: this build of fioverdict (WebAssembly, for a "
		"browser) cannot\n%s: run 'fioverdict %s' on the machine to "
		"measure, then give its\nresults to the other subcommands "
		"here\n",
		inv->cmd->name,
		strcmp(inv->cmd->name, "capture") ? "start fio"
						  : "trace a block device",
		inv->cmd->name);
	return FV_EXIT_UNAVAILABLE;
}

/* A command of this build: its help and synopsis, and run_unavailable. */
#define UNAVAILABLE(cmd_name, cmd_help, cmd_synopsis, cmd_after)              \
	{                                                                     \
		.name = cmd_name, .help = cmd_help, .synopsis = cmd_synopsis, \
		.after = cmd_after,                                           \
		.options = (const struct fv_option *const[]){ NULL },         \
		.main = run_unavailable,                                      \
	}
#define NO_FIO "Exit status: 69 (this build cannot start fio).\n"

const struct fv_command fv_cmd_run = UNAVAILABLE(
	"run", "run fio on a job file (not in this build: it cannot start fio)",
	"run JOBFILE --label NAME --target PATH [OPTION]...", NO_FIO);

const struct fv_command fv_cmd_replay = UNAVAILABLE(
	"replay",
	"replay a captured trace (not in this build: it cannot start fio)",
	"replay --iolog FILE (--target LABEL=PATH | --sku ID)...", NO_FIO);

const struct fv_command fv_cmd_capture = UNAVAILABLE(
	"capture",
	"record a block device's requests (not in this build: no kernel to "
	"trace)",
	"capture --device DEV [--seconds TIME] -o FILE",
	"Exit status: 69 (this build cannot trace a device).\n");
