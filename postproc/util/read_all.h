/* SPDX-License-Identifier: MIT */
/*
 * A stream or a descriptor read to its end into memory: a catalog, a price
 * list, a page, an input.
 */
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

/*
 * fv_read_all for a descriptor (stdin, a fifo, a file opened for more than
 * this read), whose first nhead bytes were already taken from it into head:
 * they start *text. hint: the size expected (a regular file's), so that one
 * read takes it all. As fv_read_all, but a failed read returns its -errno.
 */
int fv_read_fd(int fd, size_t max, size_t hint, const void *head, size_t nhead,
	       char **text, size_t *len);

#endif
