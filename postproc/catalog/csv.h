/* SPDX-License-Identifier: MIT */
/* Internal to catalog/: one line of CSV (RFC 4180) split into fields. */
#ifndef FV_CAT_CSV_H
#define FV_CAT_CSV_H

#include <stddef.h>
#include <stdio.h>

/*
 * Splits line (no line end) in place into at most max fields: quotes
 * removed, "" made ". Returns the number of fields, or -1 for an
 * unterminated quote or a quote in the middle of a field (*col gets its
 * 1-based column), or -2 for more than max fields.
 */
int fv_csv_split(char *line, char **fields, size_t max, size_t *col);

/*
 * Writes s as one field of a catalog or price list row: RFC 4180's
 * quoting (in double quotes, each quote doubled, when it holds a comma or
 * a quote), with any CR or LF left out, since a row is one line (the rule
 * fv_csv_split reads back). NULL writes nothing. The separators are the
 * caller's.
 */
void fv_csv_put(FILE *f, const char *s);

#endif
