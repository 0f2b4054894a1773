/* SPDX-License-Identifier: MIT */
/*
 * Arrays that grow by doubling, as git's ALLOC_GROW: the one way an array
 * grows in postproc/ (no realloc outside util/).
 */
#ifndef FV_GROW_H
#define FV_GROW_H

#include <stddef.h>

/*
 * Makes *p hold at least need bytes, contents kept. Returns 0, or -ENOMEM
 * with *p and *cap unchanged.
 */
int fv_grow(void **p, size_t *cap, size_t need);

/*
 * Makes *p hold at least nr elements of size bytes, *alloc counting
 * elements. Returns 0, or -ENOMEM (also when nr * size overflows) with
 * *p and *alloc unchanged.
 */
int fv_grow_array(void **p, size_t *alloc, size_t nr, size_t size);

/*
 * FV_ALLOC_GROW(x, nr, alloc): x, a typed pointer, holds at least nr
 * elements; alloc (a size_t lvalue) counts what x holds. Evaluates to 0,
 * or -ENOMEM with x and alloc unchanged. Typed: the element size is
 * sizeof(*x), so no cast and no size written by hand.
 */
#define FV_ALLOC_GROW(x, nr, alloc)                                         \
	__extension__({                                                     \
		void *fv_grow_p_ = (x);                                     \
		int fv_grow_r_ = fv_grow_array(&fv_grow_p_, &(alloc), (nr), \
					       sizeof(*(x)));               \
		(x) = fv_grow_p_;                                           \
		fv_grow_r_;                                                 \
	})

#endif
