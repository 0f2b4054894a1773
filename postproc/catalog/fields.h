/* SPDX-License-Identifier: MIT */
/* Internal to catalog/: the columns of a catalog file and their values. */
#ifndef FV_CAT_FIELDS_H
#define FV_CAT_FIELDS_H

#include <stddef.h>

#include "catalog.h"

struct fv_cat_col;

/* The column named name, or NULL. */
const struct fv_cat_col *fv_cat_col_find(const char *name);
const char *fv_cat_col_name(const struct fv_cat_col *c);
/* Every column's name, ", " separated, for messages. */
void fv_cat_col_names(char *buf, size_t len);

/* A row with every figure unknown (NAN) and used set. */
void fv_cat_row_init(struct fv_cat_row *r);
/*
 * Sets column c of r from text s; rates are in unit B/s (the row's
 * bw_unit, set first). Strings are copied. 0, -ENOMEM, or -EINVAL with
 * what the value should be in why.
 */
int fv_cat_col_set(const struct fv_cat_col *c, struct fv_cat_row *r,
		   const char *s, double unit, char *why, size_t len);
/* The bytes per second of a bw_unit ("MB/s", "MiB/s"), or 0. */
double fv_cat_unit_bytes(const char *unit);
/*
 * Checks a row as a whole: required columns, what its kind needs.
 * 0, or -EINVAL with *field the column at fault and why.
 */
int fv_cat_row_check(const struct fv_cat_row *r, const char **field, char *why,
		     size_t len);
/* Frees the strings a parsed row holds. */
void fv_cat_row_free(struct fv_cat_row *r);

#endif
