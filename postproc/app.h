/* SPDX-License-Identifier: MIT */
/*
 * The whole program as a function: parse the command line, ingest every
 * input, annotate (labels, roles, stats files), analyse, render. main()
 * calls it; the golden tests call it with memory streams.
 */
#ifndef FV_APP_H
#define FV_APP_H

#include <stdio.h>

#include "model.h"

/* Returns the exit status (enum fv_exit). */
int fv_main(int argc, char **argv, FILE *out, FILE *err);

/*
 * Ingests every input path (files, directories, "-") into set, one file
 * at a time. Returns 0 or -ENOMEM; input problems are diagnostics.
 */
int fv_load(struct fv_set *set, char *const *paths, size_t npaths);

#endif
