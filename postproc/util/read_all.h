/* SPDX-License-Identifier: MIT */
/* A stream read to its end into memory: a catalog, a price list, a page. */
#ifndef FV_READ_ALL_H
#define FV_READ_ALL_H

#include <stddef.h>
#include <stdio.h>

/*
 * What f holds from where it is to its end, in *text (NUL-terminated, the
 * caller frees it) and *len (the NUL not counted). 0, -ENOMEM, -EFBIG past
 * max bytes (0: no bound), -EIO when a read fails; *text NULL then.
 */
int fv_read_all(FILE *f, size_t max, char **text, size_t *len);

#endif
