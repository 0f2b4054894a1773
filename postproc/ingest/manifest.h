/* SPDX-License-Identifier: MIT */
/*
 * A run directory's manifest, run.txt, which `fioverdict run` writes with
 * "status: running" before fio starts and with how the run ended after:
 * a directory whose manifest still says running is a run that was killed
 * (or one still going), whose files are not a whole run.
 */
#ifndef FV_MANIFEST_H
#define FV_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>

#include "util/util.h"

#define FV_MANIFEST_NAME "run.txt"

/* What a manifest's "key: value" lines say (unknown keys are skipped). */
struct fv_manifest {
	char status[32];  /* running, done, interrupted, fio failed */
	long pid;	  /* the runner's; 0 when not given */
	long fio_pid;	  /* fio's; 0 when not given */
	char host[256];	  /* where it ran */
	char boot_id[40]; /* the kernel's boot_id there */
	char started[32]; /* UTC, ISO 8601 */
};

/*
 * Parses a manifest's text (@len bytes, any bytes). 0, or -EINVAL when it
 * is not one (no "status:" line).
 */
int fv_manifest_parse(const char *buf, size_t len, struct fv_manifest *m);

/* How the run of a directory ended, as its manifest tells. */
enum fv_run_end {
	FV_RUN_UNKNOWN,	    /* no manifest: not a run directory */
	FV_RUN_DONE,	    /* whole */
	FV_RUN_INTERRUPTED, /* stopped by a signal, what finished kept */
	FV_RUN_FIO_FAILED,  /* fio exited with an error */
	FV_RUN_IN_PROGRESS, /* its runner is alive, here */
	FV_RUN_INCOMPLETE,  /* its runner is gone: killed, or a crash */
};

/*
 * Reads DIR/run.txt, if there is one, and says how its run ended, with a
 * diagnostic naming DIR for every end but done: an error for a run that
 * is incomplete or in progress (whose files must not be read), a warning
 * for one interrupted or whose fio failed. Returns the end, or -ENOMEM.
 */
int fv_manifest_check(const char *dir, struct fv_diags *diags);

#endif
