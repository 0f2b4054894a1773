/* SPDX-License-Identifier: MIT */
/* Internal to catalog/: one line of CSV (RFC 4180) split into fields. */
#ifndef FV_CAT_CSV_H
#define FV_CAT_CSV_H

#include <stddef.h>

/*
 * Splits line (no line end) in place into at most max fields: quotes
 * removed, "" made ". Returns the number of fields, or -1 for an
 * unterminated quote or a quote in the middle of a field (*col gets its
 * 1-based column), or -2 for more than max fields.
 */
int fv_csv_split(char *line, char **fields, size_t max, size_t *col);

#endif
