/* SPDX-License-Identifier: MIT */
/*
 * fioverdict run JOBFILE --label NAME --target PATH [--quick] [--out DIR]
 *
 * Runs fio on one of our job files and keeps everything under
 * DIR/NAME/<timestamp>/ (never overwriting an earlier run): the job file
 * as run, fio's json+ output, its logs, our engines' stats files and a
 * manifest (run.txt). Then prints the tables and verdicts of that run.
 */
#ifndef FV_RUN_H
#define FV_RUN_H

#include <stdio.h>

/* Exit statuses of `run`, beyond those of the table subcommands. */
enum fv_run_exit {
	FV_RUN_FIO_FAILED = 3,	  /* fio exited with an error */
	FV_RUN_JOBFILE_BAD = 65,  /* fio --parse-only rejects the job file */
	FV_RUN_NOINPUT = 66,	  /* job file or target unusable */
	FV_RUN_UNAVAILABLE = 69,  /* fio or the engine not found */
	FV_RUN_INTERRUPTED = 130, /* SIGINT/SIGTERM: what finished is kept */
};

/* argv[0] is "run". Returns the exit status. */
int fv_run_main(int argc, char **argv, FILE *out, FILE *err);

#endif
