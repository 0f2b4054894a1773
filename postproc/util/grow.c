/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdlib.h>

#include "grow.h"

/* Doubles *alloc from first until nr elements of size bytes fit. */
static int grow(void **p, size_t *alloc, size_t nr, size_t size, size_t first)
{
	size_t n = *alloc ? *alloc : first;
	void *v;

	if (nr <= *alloc)
		return 0;
	while (n < nr)
		n = n > ((size_t) -1) / 2 ? nr : 2 * n;
	if (size && n > ((size_t) -1) / size)
		return -ENOMEM;
	v = realloc(*p, n * size);
	if (!v)
		return -ENOMEM;
	*p = v;
	*alloc = n;
	return 0;
}

int fv_grow(void **p, size_t *cap, size_t need)
{
	return grow(p, cap, need, 1, 64);
}

int fv_grow_array(void **p, size_t *alloc, size_t nr, size_t size)
{
	return grow(p, alloc, nr, size, 16);
}
