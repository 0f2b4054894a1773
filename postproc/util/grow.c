/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdlib.h>

#include "grow.h"

int fv_grow(void **p, size_t *cap, size_t need)
{
	size_t n = *cap ? *cap : 64;
	void *v;

	if (need <= *cap)
		return 0;
	while (n < need)
		n = n > ((size_t) -1) / 2 ? need : 2 * n;
	v = realloc(*p, n);
	if (!v)
		return -ENOMEM;
	*p = v;
	*cap = n;
	return 0;
}

int fv_grow_array(void **p, size_t *alloc, size_t nr, size_t size)
{
	size_t n = *alloc ? *alloc : 16;
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
