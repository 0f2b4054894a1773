/* SPDX-License-Identifier: MIT */
/* An array that grows by doubling, its capacity counted in bytes. */
#ifndef FV_GROW_H
#define FV_GROW_H

#include <stddef.h>

/*
 * Makes *p hold at least need bytes, contents kept. Returns 0, or -ENOMEM
 * with *p and *cap unchanged.
 */
int fv_grow(void **p, size_t *cap, size_t need);

#endif
