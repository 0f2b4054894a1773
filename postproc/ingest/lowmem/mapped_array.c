/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mapped_array.h"

/* Doubling from one page: few remaps, at most half of it untouched. */
static size_t grown(size_t cap, size_t need)
{
	size_t page = (size_t) sysconf(_SC_PAGESIZE), n = cap ? cap : page;

	while (n < need) {
		if (n > SIZE_MAX / 2)
			return 0;
		n *= 2;
	}
	return n;
}

int fv_big_reserve(void **p, size_t *cap, size_t need)
{
	size_t n;
	void *q;

	if (need <= *cap)
		return 0;
	n = grown(*cap, need);
	if (!n)
		return -ENOMEM;
	q = *cap ? mremap(*p, *cap, n, MREMAP_MAYMOVE)
		 : mmap(NULL, n, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (q == MAP_FAILED)
		return -ENOMEM;
	*p = q;
	*cap = n;
	return 0;
}

void fv_big_free(void **p, size_t *cap)
{
	if (*cap)
		munmap(*p, *cap);
	*p = NULL;
	*cap = 0;
}
