/* SPDX-License-Identifier: MIT */
/* A string copied when there is one: the optional fields of a record. */
#ifndef FV_STRDUP_OPT_H
#define FV_STRDUP_OPT_H

/*
 * Sets *dst to a copy of src; with src NULL leaves *dst as it is (a field
 * not given keeps what it had). Returns 0 or -ENOMEM (*dst then NULL).
 */
int fv_strdup_opt(char **dst, const char *src);

#endif
