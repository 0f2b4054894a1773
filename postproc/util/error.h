/* SPDX-License-Identifier: MIT */
/*
 * An error as jansson's json_error_t carries one: what went wrong, where
 * (the file and line, or the option or field), and the exit status it
 * maps to. A library function fills it once, by pointer, and returns a
 * negative errno; the command prints it.
 */
#ifndef FV_ERROR_H
#define FV_ERROR_H

#include <stdio.h>

struct fv_error {
	int status;	 /* util/exit_status.h; 0: no error */
	char where[256]; /* "trace.log", an option "--iolog", or "" */
	int line;	 /* 1-based; 0: the whole of where */
	char text[512];
};

/*
 * Fills e (when e is not NULL and holds no error yet: the first cause
 * wins). Returns -errnum, for "return fv_error_set(...)".
 */
int fv_error_set(struct fv_error *e, int errnum, int status, const char *where,
		 int line, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* "PREFIX: where:line: text" and a newline on out (no where: no "where:"). */
void fv_error_print(const struct fv_error *e, const char *prefix, FILE *out);

#endif
