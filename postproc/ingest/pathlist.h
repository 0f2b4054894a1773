/* SPDX-License-Identifier: MIT */
/*
 * A list of distinct paths in little memory. A directory of thousands of
 * result files is a list of thousands of paths that share their directory:
 * each directory is stored once for the run of paths added from it, each
 * name once, in one pool of strings, and a hash table finds a path already
 * there. A path costs its name, 12 bytes and a hash slot, not two mallocs.
 */
#ifndef FV_PATHLIST_H
#define FV_PATHLIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* dir of a path without '/' ("x.json", "-"). */
#define FV_PATH_NO_DIR UINT32_MAX

/* Offsets into the pool: dir is what precedes the last '/', name the rest. */
struct fv_pathent {
	uint32_t dir, name;
	uint32_t flags; /* the caller's */
};

struct fv_pathlist {
	char *pool; /* pool_cap in bytes */
	size_t pool_len, pool_cap;
	struct fv_pathent *v;
	size_t n, v_alloc;
	uint32_t *slots; /* entry index + 1, 0 when free */
	size_t nslots;
	uint32_t last_dir; /* offset + 1 of the directory stored last, or 0 */
};

/* An all-zero struct is an empty list. */
void fv_pathlist_free(struct fv_pathlist *l);

/*
 * Frees the hash table, needed only to add: while the paths are read one
 * by one, the list keeps its names and nothing more (a later add builds
 * the table again).
 */
void fv_pathlist_seal(struct fv_pathlist *l);

/*
 * Adds path with flags unless the same string is there already (its flags
 * then get these too: or'ed). Returns 1 when added, 0 when it was there,
 * -ENOMEM, or -E2BIG beyond 4 GiB of names. path must not point into the
 * list's pool (the pool may move).
 */
int fv_pathlist_add(struct fv_pathlist *l, const char *path, uint32_t flags);

/* Entry i's path, as it was added, in a string the caller frees; or NULL. */
char *fv_pathlist_path(const struct fv_pathlist *l, size_t i);

/* Entry i's directory part (NULL without one) and name, in the pool. */
const char *fv_pathlist_dir(const struct fv_pathlist *l, size_t i);
const char *fv_pathlist_name(const struct fv_pathlist *l, size_t i);

#endif
