/* SPDX-License-Identifier: MIT */
/* A field of a CSV file we write: one quoting rule for every CSV. */
#ifndef FV_UTIL_CSV_FIELD_H
#define FV_UTIL_CSV_FIELD_H

#include <stdbool.h>
#include <stdio.h>

/*
 * Writes s as one RFC 4180 field: as it is, or in double quotes (each
 * quote doubled) when it holds a comma, a quote, a CR or an LF, so that a
 * reader of RFC 4180 gets s back. NULL writes nothing (an empty field).
 * The separators are the caller's.
 */
void fv_csv_field(FILE *f, const char *s);

/*
 * fv_csv_field for a file whose every record is one line (the catalog and
 * the price lists: fv_csv_split reads a line): CR and LF are left out.
 */
void fv_csv_field_line(FILE *f, const char *s);

#endif
