/* SPDX-License-Identifier: MIT */
/* Strings that may be absent (NULL): the optional fields of a record. */
#ifndef FV_STR_OPT_H
#define FV_STR_OPT_H

#include <stdbool.h>

/*
 * Sets *dst to a copy of src; with src NULL leaves *dst as it is (a field
 * not given keeps what it had). Returns 0 or -ENOMEM (*dst then NULL).
 */
int fv_strdup_opt(char **dst, const char *src);

/* strcmp's order, NULL taken as "": for sorting. */
int fv_strcmp_opt(const char *a, const char *b);

/* The same string, or both absent (NULL equals NULL only). */
bool fv_streq_opt(const char *a, const char *b);

#endif
