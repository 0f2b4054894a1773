/* SPDX-License-Identifier: MIT */
#include <jansson.h>
#include <stdalign.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "json_arena.h"

#if defined(__SANITIZE_ADDRESS__)
#define FV_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FV_ASAN 1
#endif
#endif

#ifdef FV_ASAN
#include <sanitizer/asan_interface.h>
/* Memory given back stays poisoned: a tree used after reset is caught. */
#define poison(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define unpoison(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define poison(p, n) ((void) (p), (void) (n))
#define unpoison(p, n) ((void) (p), (void) (n))
#endif

/*
 * A job's tree is some tens of KiB: a few blocks, each mapped on its own
 * (not from the heap), so that a tree given back leaves no hole among the
 * small allocations that outlive it.
 */
#define FV_JARENA_BLOCK (16 * 1024 - sizeof(struct block))
#define FV_JARENA_ALIGN alignof(max_align_t)

struct block {
	struct block *next; /* older */
	size_t size, used;
	alignas(max_align_t) unsigned char data[];
};

struct fv_jarena {
	struct block *blocks; /* newest first; the last one is kept */
	struct fv_jarena *next_live;
};

/* The program is single-threaded: one arena in use, a list of all. */
static struct fv_jarena *in_use;
static struct fv_jarena *live;

static bool owns(const struct fv_jarena *a, const void *p)
{
	const unsigned char *c = p;

	for (const struct block *b = a->blocks; b; b = b->next)
		if (c >= b->data && c < b->data + b->size)
			return true;
	return false;
}

static struct block *block_map(size_t size)
{
	struct block *b = mmap(NULL, sizeof(*b) + size, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (b == MAP_FAILED)
		return NULL;
	b->size = size;
	return b;
}

static void block_unmap(struct block *b)
{
	munmap(b, sizeof(*b) + b->size);
}

static void *take(struct fv_jarena *a, size_t size)
{
	struct block *b = a->blocks;
	void *p;

	size = (size + FV_JARENA_ALIGN - 1) & ~(FV_JARENA_ALIGN - 1);
	if (!size || size > SIZE_MAX / 2)
		return NULL;
	if (!b || b->size - b->used < size) {
		size_t bsize = size > FV_JARENA_BLOCK ? size : FV_JARENA_BLOCK;

		b = block_map(bsize);
		if (!b)
			return NULL;
		b->size = bsize;
		b->used = 0;
		b->next = a->blocks;
		a->blocks = b;
		poison(b->data, bsize);
	}
	p = b->data + b->used;
	b->used += size;
	unpoison(p, size);
	return p;
}

static void *jmalloc(size_t size)
{
	return in_use ? take(in_use, size) : malloc(size);
}

/* Arena memory is given back by fv_jarena_reset(), all at once. */
static void jfree(void *p)
{
	for (const struct fv_jarena *a = live; a && p; a = a->next_live)
		if (owns(a, p))
			return;
	free(p);
}

void fv_jarena_install(void)
{
	json_set_alloc_funcs(jmalloc, jfree);
}

struct fv_jarena *fv_jarena_new(void)
{
	struct fv_jarena *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	/* Any time will do: memory malloc gave before still goes to free. */
	fv_jarena_install();
	a->next_live = live;
	live = a;
	return a;
}

struct fv_jarena *fv_jarena_use(struct fv_jarena *a)
{
	struct fv_jarena *prev = in_use;

	in_use = a;
	return prev;
}

void fv_jarena_reset(struct fv_jarena *a)
{
	/* An outsized block (one long string) is not worth keeping. */
	while (a->blocks &&
	       (a->blocks->next || a->blocks->size > FV_JARENA_BLOCK)) {
		struct block *b = a->blocks;

		a->blocks = b->next;
		/* A later mapping may land there: no stale poison. */
		unpoison(b->data, b->size);
		block_unmap(b);
	}
	if (a->blocks) {
		a->blocks->used = 0;
		poison(a->blocks->data, a->blocks->size);
	}
}

void fv_jarena_free(struct fv_jarena *a)
{
	struct fv_jarena **pp = &live;

	if (!a)
		return;
	if (in_use == a)
		in_use = NULL;
	while (*pp && *pp != a)
		pp = &(*pp)->next_live;
	if (*pp)
		*pp = a->next_live;
	fv_jarena_reset(a);
	if (a->blocks) {
		unpoison(a->blocks->data, a->blocks->size);
		block_unmap(a->blocks);
	}
	free(a);
}

size_t fv_jarena_held(const struct fv_jarena *a)
{
	size_t n = 0;

	for (const struct block *b = a->blocks; b; b = b->next)
		n += b->size;
	return n;
}
