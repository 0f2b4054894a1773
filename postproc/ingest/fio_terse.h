/* SPDX-License-Identifier: MIT */
/* fio's terse output, --minimal or --output-format=terse (fio_terse.c). */
#ifndef FV_FIO_TERSE_H
#define FV_FIO_TERSE_H

#include <stdbool.h>
#include <stddef.h>

#include "readers.h"

bool fv_fio_terse_detect(const char *head, size_t n);
/*
 * The terse records of the text, whatever else it holds. A file with
 * fio's normal output too is for the normal output's reader, which checks
 * its terse records with fv_fio_terse_in_text().
 */
int fv_fio_terse_read(struct fv_set *set, const char *name, const char *dir,
		      const char *buf, size_t len, bool named);
/*
 * fio's normal output and its terse records in one file (fio
 * --output-format=terse,normal): the jobs set->jobs[first..] read from
 * the normal output are the file's; each terse record must be one of
 * them (name, group, each direction's runtime), or it is named as not
 * read. A note says which was read. 0 or -ENOMEM.
 */
int fv_fio_terse_in_text(struct fv_set *set, const char *name, const char *buf,
			 size_t len, size_t first);

#endif
