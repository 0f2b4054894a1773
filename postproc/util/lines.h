/* SPDX-License-Identifier: MIT */
/* A list of lines said once each: a table's notes, a set's notes. */
#ifndef FV_LINES_H
#define FV_LINES_H

#include <stdarg.h>
#include <stddef.h>

/*
 * Formats a line (escaped as fv_escape does) and appends it to *v (*n
 * lines), unless an equal line is there already. Returns 0 or -ENOMEM
 * (*v and *n then unchanged).
 */
int fv_lines_vadd(char ***v, size_t *n, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

/*
 * Appends a copy of s to *v (*n strings, room for *alloc as FV_ALLOC_GROW
 * counts it): a list of names kept. Returns 0 or -ENOMEM (*v's strings
 * and *n then unchanged).
 */
int fv_lines_push(char ***v, size_t *n, size_t *alloc, const char *s);

/* Frees the n lines of v and v itself (NULL with n 0 is fine). */
void fv_lines_free(char **v, size_t n);

#endif
