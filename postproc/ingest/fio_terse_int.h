/* SPDX-License-Identifier: MIT */
/* Internal to fio's terse reader: where records start, one record read. */
#ifndef FV_FIO_TERSE_INT_H
#define FV_FIO_TERSE_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

/* Where a record is, and how its faults are said. */
struct fv_terse_src {
	const char *name; /* the file */
	int line;
	struct fv_diags *diags;
	enum fv_severity sev;
	const char *outcome; /* what a fault means: "none of its figures
			      * used", "the record not read" */
};

/*
 * Where a terse record starts in the line [s, end): at its start ("3;fio-"
 * or v2's "2;NAME;GROUP;ERROR;"), or glued to fio's ETA updates, even cut
 * in their midst ("[eta 043;fio-3.28;"); NULL when it opens none.
 */
const char *fv_terse_find(const char *s, const char *end);

/*
 * The record [s, end) (one line, no '\n') into *job (new, the caller's).
 * *key (malloc()ed): what tells one run of fio from another (the terse and
 * fio versions, the disks' figures, which fio prints the same in each
 * record of a run). 0; -EBADMSG after a diagnostic naming the field (its
 * number and name in fio's HOWTO); -ENOMEM.
 */
int fv_terse_record(const struct fv_terse_src *src, const char *s,
		    const char *end, struct fv_job **job, char **key);

#endif
