/* SPDX-License-Identifier: MIT */
/*
 * What the glue's own files share and the engines do not see: uring_glue.c
 * (set-up, files, the stats file), glue_submit.c (queueing and submission)
 * and glue_reap.c (completions).
 */
#ifndef FV_GLUE_INT_H
#define FV_GLUE_INT_H

#include "glue.h"

/* Engine-made flushes carry a tagged pointer: io_u pointers are aligned. */
#define LINK_TAG 1ULL

void glue_link_put(struct glue_data *gd, struct glue_link *l);

/* Reaps what is there, up to @max events; returns the number of CQEs. */
unsigned glue_reap(struct thread_data *td, struct glue_data *gd, unsigned max);

#endif
