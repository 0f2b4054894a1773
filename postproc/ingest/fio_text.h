/* SPDX-License-Identifier: MIT */
/* fio's normal text output (fio_text.c). */
#ifndef FV_FIO_TEXT_H
#define FV_FIO_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "readers.h"

bool fv_fio_text_detect(const char *head, size_t n);
int fv_fio_text_read(struct fv_set *set, const char *name, const char *dir,
		     const char *buf, size_t len, bool named);

#endif
