/* SPDX-License-Identifier: MIT */
/*
 * Growable arrays mapped on their own, out of malloc's heap. The few big
 * arrays of a run (the list of inputs, a job's text, the scanner's pairs)
 * grow and shrink file after file; in the heap they leave holes that
 * small allocations then pin, and the heap's resident size creeps up to the
 * sum of both. Mapped, they grow in place (mremap) and go back whole.
 */
#ifndef FV_BIGBUF_H
#define FV_BIGBUF_H

#include <stddef.h>

/*
 * Makes *p hold at least need bytes (contents kept; *cap is the mapped
 * size, 0 for none). Returns 0 or -ENOMEM, *p and *cap unchanged then.
 */
int fv_big_reserve(void **p, size_t *cap, size_t need);

/* Unmaps *p (if any); *p = NULL, *cap = 0. */
void fv_big_free(void **p, size_t *cap);

#endif
