/* SPDX-License-Identifier: MIT */
/*
 * Diagnostics: warnings and errors about inputs, kept in a list so that one
 * broken file never stops the others from being reported, and so that every
 * renderer (text on stderr, JSON in the report) can show them.
 */
#ifndef FV_DIAG_H
#define FV_DIAG_H

#include <stddef.h>
#include <stdio.h>

enum fv_severity {
	FV_NOTE,
	FV_WARNING,
	FV_ERROR,
};

struct fv_diag {
	enum fv_severity severity;
	char *file; /* input name as given, "-" for stdin; may be NULL */
	int line;   /* 1-based; 0 when the message is about the whole file */
	int column; /* 1-based, in characters; 0 when unknown */
	char *message;
};

struct fv_diags {
	struct fv_diag *v;
	size_t n, cap;
	size_t nerrors; /* FV_ERRORs, the lost ones too */
	size_t lost;	/* diagnostics dropped for lack of memory */
};

/*
 * Appends a diagnostic. Adding cannot fail as far as the caller is
 * concerned: out of memory, the list remembers that one was lost (lost),
 * still counts a lost FV_ERROR in nerrors, so that the command's exit
 * status is what it would have been, and fv_diag_print says so once.
 * Ignoring the return is therefore correct; it is 0, or -ENOMEM for a
 * caller that would rather stop.
 */
int fv_diag_add(struct fv_diags *d, enum fv_severity sev, const char *file,
		int line, int column, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/*
 * Prints "file:line:col: severity: message" lines, as compilers do, then,
 * when some were lost, one line saying how many.
 */
void fv_diag_print(const struct fv_diags *d, FILE *out, enum fv_severity min);

const char *fv_severity_name(enum fv_severity sev);

/* Drops the diagnostics added after the first n. */
void fv_diags_truncate(struct fv_diags *d, size_t n);

void fv_diags_free(struct fv_diags *d);

#endif
