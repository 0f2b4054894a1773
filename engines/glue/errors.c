/* SPDX-License-Identifier: MIT */
/*
 * How the glue reports an error: in fio's format, with our own words for
 * the cause, the first one kept for the stats file. Every other file of the
 * glue reports through here, and this file calls none of them.
 */
#include "glue_int.h"

#include <stdarg.h>
#include <stdio.h>

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
