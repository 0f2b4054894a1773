/* SPDX-License-Identifier: MIT */
/*
 * fioverdict's exit statuses, one list for every subcommand: sysexits.h
 * values for usage and system errors (fioverdict(1), "EXIT STATUS").
 */
#ifndef FV_EXIT_STATUS_H
#define FV_EXIT_STATUS_H

enum fv_exit {
	FV_EXIT_OK = 0,
	FV_EXIT_VERDICT = 1,	/* a --fail-on verdict occurred */
	FV_EXIT_INPUT = 2,	/* an input is unreadable, broken, not fio */
	FV_EXIT_FIO_FAILED = 3, /* run: fio exited with an error */
	FV_EXIT_USAGE = 64,	/* EX_USAGE */
	FV_EXIT_JOBFILE_BAD =
		65,	      /* run: fio --parse-only rejects the job file */
	FV_EXIT_NOINPUT = 66, /* run: job file or target unusable */
	FV_EXIT_UNAVAILABLE = 69,  /* fio or the engine not found */
	FV_EXIT_SOFTWARE = 70,	   /* out of memory, internal error */
	FV_EXIT_CANTCREAT = 73,	   /* an output cannot be created */
	FV_EXIT_NOPERM = 77,	   /* capture: not root */
	FV_EXIT_IOERR = 74,	   /* an output cannot be written */
	FV_EXIT_INTERRUPTED = 130, /* SIGINT/SIGTERM: what finished is kept */
};

#endif
