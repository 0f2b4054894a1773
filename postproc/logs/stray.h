/* SPDX-License-Identifier: MIT */
/* Internal to logs/: logs found beside results that name none of their jobs. */
#ifndef FV_STRAY_H
#define FV_STRAY_H

#include <stdbool.h>
#include <stddef.h>

#include "util/util.h"

struct fv_stray {
	const char *path; /* the series' source, not copied */
	bool ambiguous;	  /* names a job of several results */
};

struct fv_strays {
	struct fv_stray *v;
	size_t n, cap;
};

/* 0 or -ENOMEM. */
int fv_strays_add(struct fv_strays *st, const char *path, bool ambiguous);

/*
 * One warning per directory and kind of stray, listing the logs: never an
 * error, a directory of results may hold anything. 0 or -ENOMEM.
 */
int fv_strays_report(struct fv_strays *st, struct fv_diags *diags);

void fv_strays_free(struct fv_strays *st);

#endif
