/* SPDX-License-Identifier: MIT */
/*
 * The list of inputs: files, directories walked recursively in name order
 * (so that output does not depend on the file system's order), "-" for
 * stdin, and the engines' stats files lying beside a named file.
 */
#ifndef FV_INPUTS_H
#define FV_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

struct fv_input {
	char *path; /* "-" for stdin */
	char *dir;  /* directory holding it; NULL for stdin */
	bool named; /* given on the command line */
};

struct fv_inputs {
	struct fv_input *v;
	size_t n, cap;
};

/*
 * Adds one command-line argument. A path that cannot be read is an error
 * diagnostic (and -ENOENT or the like is returned); -ENOMEM.
 */
int fv_inputs_add(struct fv_inputs *in, const char *arg,
		  struct fv_diags *diags);

void fv_inputs_free(struct fv_inputs *in);

/* Largest input accepted, to fail cleanly rather than exhaust memory. */
#define FV_INPUT_MAX ((size_t) 1 << 31)

/*
 * Reads a whole input into a NUL-terminated buffer the caller frees.
 * Returns 0 or a negative errno (-EFBIG beyond FV_INPUT_MAX).
 */
int fv_input_read(const struct fv_input *in, char **buf, size_t *len);

#endif
