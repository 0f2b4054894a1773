/* SPDX-License-Identifier: MIT */
/*
 * gzip (RFC 1952), how results and logs are often kept: an input whose
 * bytes start as gzip's do is read as the text it holds (inputs.c).
 * zlib inflates; a compressed text is held whole, so it is bounded.
 */
#ifndef FV_GZIP_H
#define FV_GZIP_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

/* WASI's libc has no ENODATA (the browser's build): the same code there. */
#ifndef ENODATA
#define ENODATA ENOMSG
#endif

/*
 * The most a compressed input may hold once decompressed. A plain file is
 * read a MiB at a time and its pages let go (a scan takes 2 x its largest
 * job's text + 8 MiB, whatever its size), but a compressed one cannot be
 * read again from the middle: it is held whole. 256 MiB bounds that, and
 * a stream that inflates past it (a zip bomb, or a file to gunzip first)
 * is refused before more is held.
 */
#define FV_GZIP_MAX ((size_t) 256 << 20)
#define FV_GZIP_MAX_TEXT "256 MiB"

/* Do the first bytes (len of them) start a gzip stream (1f 8b)? */
bool fv_is_gzip(const void *head, size_t len);

/*
 * Inflates head[0, nhead), then what fd reads to its end (fd -1: head is
 * all), into a NUL-terminated buffer the caller frees. Members one after
 * another (cat a.gz b.gz) are one text. Returns 0, -ENOMEM, a read's
 * -errno, -EOVERFLOW past max bytes, -ENODATA when the stream stops before
 * its end (truncated), -EBADMSG for corrupt data or bytes after it.
 */
int fv_gunzip(int fd, const void *head, size_t nhead, size_t max, char **buf,
	      size_t *len);

#endif
