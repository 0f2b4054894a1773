/* SPDX-License-Identifier: MIT */
/*
 * A JSON document followed to its end without a tree: where it ends, its
 * lines, and where the entries of its "jobs" (or "client_stats") array
 * are. Ingest then parses the document without its jobs, and each job on
 * its own, one at a time: a file's memory is that of its largest job, not
 * of all its jobs together (a --status-interval file holds thousands).
 */
#ifndef FV_OUTLINE_H
#define FV_OUTLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "inputs.h"

/* One object entry of the document's jobs array. */
struct fv_outline_job {
	size_t start, end; /* its '{', one past its '}' */
	int line;	   /* the line it starts on */
	int col; /* characters before it on that line, as jansson counts */
};

struct fv_outline {
	size_t end;	   /* one past the document's closing '}' */
	int nlines;	   /* newlines inside the document */
	int end_col;	   /* characters before end on its line */
	bool last_newline; /* some newline: end_col counts from it */
	bool defer;	   /* exactly one jobs array, of objects: use jobs */
	struct fv_outline_job *jobs;
	size_t njobs, jobs_alloc;
};

/*
 * Follows the object at t->buf[start], on line `line` after `col`
 * characters, reading the text as it goes (fv_text_need) and letting go
 * of each job's text once past it: it is read again when parsed. Returns
 * 0; -EBADMSG when the brackets do not close (the document is broken:
 * jansson says where); -ENOMEM; or the text's read error.
 */
int fv_outline_scan(struct fv_outline *o, struct fv_text *t, size_t start,
		    int line, int col);

void fv_outline_free(struct fv_outline *o);

#endif
