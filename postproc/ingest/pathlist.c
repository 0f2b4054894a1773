/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "pathlist.h"

void fv_pathlist_seal(struct fv_pathlist *l)
{
	free(l->slots);
	l->slots = NULL;
	l->nslots = 0;
}

void fv_pathlist_free(struct fv_pathlist *l)
{
	free(l->pool);
	free(l->v);
	free(l->slots);
	memset(l, 0, sizeof(*l));
}

const char *fv_pathlist_dir(const struct fv_pathlist *l, size_t i)
{
	return l->v[i].dir == FV_PATH_NO_DIR ? NULL : l->pool + l->v[i].dir;
}

const char *fv_pathlist_name(const struct fv_pathlist *l, size_t i)
{
	return l->pool + l->v[i].name;
}

char *fv_pathlist_path(const struct fv_pathlist *l, size_t i)
{
	const char *dir = fv_pathlist_dir(l, i), *name = fv_pathlist_name(l, i);
	char *p;

	if (!dir)
		return strdup(name);
	return asprintf(&p, "%s/%s", dir, name) < 0 ? NULL : p;
}

/* FNV-1a over dir, '/', name: the hash of the path as it was spelled. */
static uint64_t path_hash(const char *dir, size_t dirlen, const char *name)
{
	uint64_t h = FV_FNV1A_INIT;

	if (dir)
		h = fv_fnv1a(fv_fnv1a(h, dir, dirlen), "/", 1);
	return fv_fnv1a(h, name, strlen(name));
}

static bool same(const struct fv_pathlist *l, size_t i, const char *dir,
		 size_t dirlen, const char *name)
{
	const char *d = fv_pathlist_dir(l, i);

	if (!d != !dir)
		return false;
	if (d && (strlen(d) != dirlen || memcmp(d, dir, dirlen)))
		return false;
	return !strcmp(fv_pathlist_name(l, i), name);
}

/* The slot holding the path, or the free slot where it would go. */
static size_t find(const struct fv_pathlist *l, const char *dir, size_t dirlen,
		   const char *name, uint64_t h)
{
	size_t mask = l->nslots - 1, s = (size_t) h & mask;

	while (l->slots[s] && !same(l, l->slots[s] - 1, dir, dirlen, name))
		s = (s + 1) & mask;
	return s;
}

static uint64_t entry_hash(const struct fv_pathlist *l, size_t i)
{
	const char *d = fv_pathlist_dir(l, i);

	return path_hash(d, d ? strlen(d) : 0, fv_pathlist_name(l, i));
}

static void slot_insert(uint32_t *slots, size_t nslots, uint64_t h, uint32_t v)
{
	size_t mask = nslots - 1, s = (size_t) h & mask;

	while (slots[s])
		s = (s + 1) & mask;
	slots[s] = v;
}

/*
 * Keeps the table at most half full, so that probes stay short; builds it
 * again after fv_pathlist_seal().
 */
static int grow_slots(struct fv_pathlist *l)
{
	size_t n = 64;
	uint32_t *slots;

	if ((l->n + 1) * 2 <= l->nslots)
		return 0;
	while (n < (l->n + 1) * 2)
		n *= 2;
	slots = calloc(n, sizeof(*slots));
	if (!slots)
		return -ENOMEM;
	/* From the entries: after a seal there is no old table. */
	for (size_t i = 0; i < l->n; i++)
		slot_insert(slots, n, entry_hash(l, i), (uint32_t) i + 1);
	free(l->slots);
	l->slots = slots;
	l->nslots = n;
	return 0;
}

/* Appends n bytes and a NUL to the pool: their offset, or a negative errno. */
static int64_t pool_put(struct fv_pathlist *l, const char *s, size_t n)
{
	size_t off = l->pool_len;

	if (n >= FV_PATH_NO_DIR - off)
		return -E2BIG;
	if (fv_grow((void **) &l->pool, &l->pool_cap, off + n + 1))
		return -ENOMEM;
	memcpy(l->pool + off, s, n);
	l->pool[off + n] = '\0';
	l->pool_len = off + n + 1;
	return (int64_t) off;
}

/* The directory's offset: the last one stored when it is the same. */
static int64_t dir_put(struct fv_pathlist *l, const char *dir, size_t dirlen)
{
	const char *last = l->last_dir ? l->pool + l->last_dir - 1 : NULL;
	int64_t off;

	if (last && strlen(last) == dirlen && !memcmp(last, dir, dirlen))
		return l->last_dir - 1;
	off = pool_put(l, dir, dirlen);
	if (off >= 0)
		l->last_dir = (uint32_t) off + 1;
	return off;
}

static int grow_entries(struct fv_pathlist *l)
{
	if (l->n >= FV_PATH_NO_DIR - 1)
		return -E2BIG;
	return FV_ALLOC_GROW(l->v, l->n + 1, l->v_alloc);
}

int fv_pathlist_add(struct fv_pathlist *l, const char *path, uint32_t flags)
{
	const char *slash = strrchr(path, '/');
	const char *dir = slash ? path : NULL, *name = slash ? slash + 1 : path;
	size_t dirlen = slash ? (size_t) (slash - path) : 0, s;
	int64_t doff = FV_PATH_NO_DIR, noff;
	int ret = grow_slots(l);

	if (ret)
		return ret;
	ret = grow_entries(l);
	if (ret)
		return ret;
	s = find(l, dir, dirlen, name, path_hash(dir, dirlen, name));
	if (l->slots[s]) {
		l->v[l->slots[s] - 1].flags |= flags;
		return 0;
	}
	if (dir && (doff = dir_put(l, dir, dirlen)) < 0)
		return (int) doff;
	noff = pool_put(l, name, strlen(name));
	if (noff < 0)
		return (int) noff;
	l->v[l->n] = (struct fv_pathent){ .dir = (uint32_t) doff,
					  .name = (uint32_t) noff,
					  .flags = flags };
	l->slots[s] = (uint32_t) ++l->n;
	return 1;
}
