/* SPDX-License-Identifier: MIT */
/* fio's JSON output, one document or more (fio_json.c). */
#ifndef FV_FIO_JSON_H
#define FV_FIO_JSON_H

#include <stdbool.h>

#include "readers.h"

int fv_fio_json_read(struct fv_set *set, const char *name, const char *dir,
		     struct fv_text *t, bool named);

#endif
