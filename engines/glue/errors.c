/* SPDX-License-Identifier: MIT */
/*
 * How the glue reports an error: in fio's format, with our own words for
 * the cause, the first one kept for the stats file. Every other file of the
 * glue reports through here, and this file calls none of them.
 */
#include "glue_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "td_error.h"

/* Keeps the first error the job met, for the stats file. */
void glue_keep_error(struct glue_data *gd, const char *msg)
{
	if (gd && !gd->first_error[0])
		snprintf(gd->first_error, sizeof(gd->first_error), "%.*s",
			 (int) sizeof(gd->first_error) - 1, msg);
}

int glue_fail(struct thread_data *td, int err, const char *func,
	      const char *fmt, ...)
{
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	log_err("%s\n", msg);
	glue_keep_error(gd_of_td(td), msg);
	td_vmsg(td, err, msg, func);
	return 1;
}

/*
 * fio 3.33 drops the error of a sync request that an asynchronous engine
 * completes: io_completed() returns for a sync before it looks at the
 * error, so a failed fsync is neither reported nor counted, and fio exits
 * 0. Report it as fio reports a failed read or write: the "io_u error"
 * line with the errno and the engine's errdetails, and the job's error,
 * which ends the job before its next request; or, when continue_on_error
 * allows it (fio's non-fatal errors: EIO, EILSEQ, or ignore_error's list),
 * one more error in fio's count. The error is then cleared from the
 * io_u, so that a fio that does look at it cannot count it twice.
 */
void glue_sync_failed(struct thread_data *td, struct io_u *io_u)
{
	int err = (int) io_u->error;
	enum error_type_bit eb = td_error_type(io_u->ddir, err);
	char *details = td->io_ops->errdetails ? fv_errdetails(td, io_u) : NULL;
	char msg[512];

	/* the stats file keeps the first, with what the device said */
	snprintf(msg, sizeof(msg), "%s on %s failed: %s%s%s",
		 io_ddir_name(io_u->ddir),
		 io_u->file ? io_u->file->file_name : "?", strerror(err),
		 details ? "; " : "", details ? details : "");
	free(details);
	glue_keep_error(gd_of_td(td), msg);
	if (td_non_fatal_error(td, eb, err)) {
		update_error_count(td, err);
	} else {
		io_u_log_error(td, io_u);
		if (!td->error)
			td_verror(td, err, "io_u error");
		/* stop before the next request, as a failed write stops it */
		fio_mark_td_terminate(td);
	}
	io_u->error = 0;
}
