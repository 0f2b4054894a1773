/* SPDX-License-Identifier: MIT */
/*
 * jansson trees in an arena. The tree of one fio job is thousands of small
 * allocations, all dropped together once the job is read. From malloc each
 * costs a header, and, freed, they stay scattered in glibc's per-thread
 * caches: the heap then creeps up file after file. From an arena they are
 * carved from a few blocks and given back at once.
 *
 * fv_jarena_install() hands jansson allocation functions that take from
 * the arena in use (fv_jarena_use()), or from malloc when none is; freeing
 * arena memory is a no-op, other memory goes to free(). Every tree built in
 * an arena must be dropped (json_decref) before fv_jarena_reset().
 */
#ifndef FV_JARENA_H
#define FV_JARENA_H

#include <stddef.h>

struct fv_jarena;

/*
 * Installs the allocation functions. Safe at any time: what jansson took
 * from malloc before is still given to free().
 */
void fv_jarena_install(void);

/* A new arena (its first block taken on first use), installing, or NULL. */
struct fv_jarena *fv_jarena_new(void);

/*
 * Makes jansson allocate from a (NULL: from malloc) until the next call;
 * returns the arena that was in use. Allocations that do not fit the
 * arena's blocks take a new block; a block is never smaller than the
 * allocation.
 */
struct fv_jarena *fv_jarena_use(struct fv_jarena *a);

/* Gives back every block but the first, kept for the next tree. */
void fv_jarena_reset(struct fv_jarena *a);

void fv_jarena_free(struct fv_jarena *a);

/* Bytes held in blocks, for tests and benchmarks. */
size_t fv_jarena_held(const struct fv_jarena *a);

#endif
