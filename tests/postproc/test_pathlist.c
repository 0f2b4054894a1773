/* SPDX-License-Identifier: MIT */
/*
 * The path list (pathlist.h): a path is there once, as it was spelled, split
 * at its last '/', its directory stored once for a run of paths from it, and
 * found again after the hash table has grown many times.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "ingest/pathlist.h"
#include "util/util.h"

/* Entry i's full path equals want (the copy is freed here). */
static void path_is(const struct fv_pathlist *l, size_t i, const char *want)
{
	char *p = fv_pathlist_path(l, i);

	assert_non_null(p);
	assert_string_equal(p, want);
	free(p);
}

/* Entry i splits into dir (NULL: none) and name. */
static void split_is(const struct fv_pathlist *l, size_t i, const char *dir,
		     const char *name)
{
	if (dir)
		assert_string_equal(fv_pathlist_dir(l, i), dir);
	else
		assert_null(fv_pathlist_dir(l, i));
	assert_string_equal(fv_pathlist_name(l, i), name);
}

static void added_once(void **state)
{
	struct fv_pathlist l = { 0 };
	size_t pool;

	(void) state;
	assert_int_equal(fv_pathlist_add(&l, "d/x.json", 0), 1);
	pool = l.pool_len;
	assert_int_equal(fv_pathlist_add(&l, "d/x.json", 0), 0);
	assert_int_equal(fv_pathlist_add(&l, "d/x.json", 0), 0);
	assert_int_equal(l.n, 1);
	/* A path already there costs nothing more. */
	assert_int_equal(l.pool_len, pool);
	path_is(&l, 0, "d/x.json");
	fv_pathlist_free(&l);
}

static void spellings_are_distinct(void **state)
{
	/* Strings are compared: what is the same file is the caller's call. */
	const char *paths[] = { "a/x", "./a/x", "x", "a//x", "b/x", "a/x/" };
	struct fv_pathlist l = { 0 };
	size_t n = FV_ARRAY_SIZE(paths);

	(void) state;
	for (size_t i = 0; i < n; i++)
		assert_int_equal(fv_pathlist_add(&l, paths[i], 0), 1);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(fv_pathlist_add(&l, paths[i], 0), 0);
	assert_int_equal(l.n, n);
	for (size_t i = 0; i < n; i++)
		path_is(&l, i, paths[i]);
	fv_pathlist_free(&l);
}

/* The slot path takes in a fresh list: its home slot among 64. */
static size_t home_slot(const char *path)
{
	struct fv_pathlist l = { 0 };
	size_t s = 0;

	assert_int_equal(fv_pathlist_add(&l, path, 0), 1);
	while (s < l.nslots && l.slots[s] != 1)
		s++;
	assert_true(s < l.nslots);
	assert_int_equal(l.nslots, 64);
	fv_pathlist_free(&l);
	return s;
}

/* A path "f<i>" whose home slot is t. */
static void filler(char *buf, size_t size, size_t t)
{
	int i = 0;

	do {
		assert_true(++i < 100000);
		snprintf(buf, size, "f%d", i);
	} while (home_slot(buf) != t);
}

/*
 * Adds p1, fillers on every slot from p2's home to p1's, then p2: its
 * probe passes p1 and compares the two, so the comparison, not the hash,
 * must keep them apart. false when the homes are too far apart for a
 * 64-slot table at most half full (p1, the fillers and p2: 32).
 */
static bool probe_passes(const char *p1, const char *p2)
{
	size_t h1 = home_slot(p1), h2 = home_slot(p2), d = (h1 - h2) & 63;
	struct fv_pathlist l = { 0 };
	char f[32];

	if (d > 30)
		return false;
	assert_int_equal(fv_pathlist_add(&l, p1, 0), 1);
	for (size_t t = h2; t != h1; t = (t + 1) & 63) {
		filler(f, sizeof(f), t);
		assert_int_equal(fv_pathlist_add(&l, f, 0), 1);
	}
	assert_int_equal(fv_pathlist_add(&l, p2, 0), 1);
	assert_int_equal(l.nslots, 64);
	assert_int_equal(fv_pathlist_add(&l, p1, 0), 0);
	assert_int_equal(fv_pathlist_add(&l, p2, 0), 0);
	path_is(&l, 0, p1);
	path_is(&l, l.n - 1, p2);
	fv_pathlist_free(&l);
	return true;
}

/* Some k for which probe_passes(fmt1 % k, fmt2 % k). */
static void compared(const char *fmt1, const char *fmt2)
{
	char p1[32], p2[32];
	int k = 0;

	do {
		assert_true(++k < 1000);
		snprintf(p1, sizeof(p1), fmt1, k);
		snprintf(p2, sizeof(p2), fmt2, k);
	} while (!probe_passes(p1, p2));
}

static void compared_distinct(void **state)
{
	(void) state;
	compared("n%d", "/n%d");     /* no directory, an empty one */
	compared("a/n%d", "b/n%d");  /* directories of one length */
	compared("ab/n%d", "a/n%d"); /* a directory and its prefix */
	compared("a/n%d", "a/m%d");  /* names */
	compared("a/n%d", "a/n%dx"); /* a name and its prefix */
}

static void odd_shapes(void **state)
{
	struct {
		const char *path, *dir, *name;
	} c[] = {
		{ "x.json", NULL, "x.json" },
		{ "-", NULL, "-" },
		{ "", NULL, "" },
		/* An empty directory part is not "no directory". */
		{ "/x", "", "x" },
		{ "//x", "/", "x" },
		{ "/", "", "" },
		{ "d/", "d", "" },
		{ "/a/b/c.json", "/a/b", "c.json" },
		{ "./x", ".", "x" },
	};
	struct fv_pathlist l = { 0 };
	size_t n = FV_ARRAY_SIZE(c);

	(void) state;
	for (size_t i = 0; i < n; i++)
		assert_int_equal(fv_pathlist_add(&l, c[i].path, 0), 1);
	assert_int_equal(l.n, n);
	for (size_t i = 0; i < n; i++) {
		split_is(&l, i, c[i].dir, c[i].name);
		path_is(&l, i, c[i].path);
	}
	for (size_t i = 0; i < n; i++)
		assert_int_equal(fv_pathlist_add(&l, c[i].path, 0), 0);
	fv_pathlist_free(&l);
}

static void directory_stored_once(void **state)
{
	const char *dir = "results/placement/d64s_v5/ephemeral-nvme/run-0042";
	size_t names = 0, full = 0, n = 500;
	struct fv_pathlist l = { 0 };
	char path[256];

	(void) state;
	for (size_t i = 0; i < n; i++) {
		int len =
			snprintf(path, sizeof(path), "%s/job-%zu.json", dir, i);

		assert_int_equal(fv_pathlist_add(&l, path, 0), 1);
		names += strlen(path + strlen(dir) + 1) + 1;
		full += (size_t) len + 1;
	}
	/* The directory once, then each name with its NUL. */
	assert_int_equal(l.pool_len, strlen(dir) + 1 + names);
	assert_true(l.pool_len * 2 < full);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(l.v[i].dir, l.v[0].dir);
		snprintf(path, sizeof(path), "%s/job-%zu.json", dir, i);
		path_is(&l, i, path);
	}
	fv_pathlist_free(&l);
}

static void directory_run_broken(void **state)
{
	struct fv_pathlist l = { 0 };

	(void) state;
	/* A path without directory does not end the run of "a"... */
	assert_int_equal(fv_pathlist_add(&l, "a/x", 0), 1);
	assert_int_equal(fv_pathlist_add(&l, "-", 0), 1);
	assert_int_equal(fv_pathlist_add(&l, "a/y", 0), 1);
	assert_int_equal(l.v[2].dir, l.v[0].dir);
	/* ...another directory does: "a" is stored again, and still right. */
	assert_int_equal(fv_pathlist_add(&l, "b/z", 0), 1);
	assert_int_equal(fv_pathlist_add(&l, "a/w", 0), 1);
	assert_int_not_equal(l.v[4].dir, l.v[0].dir);
	/* a, x, -, y, b, z, a, w: eight strings of one byte and a NUL. */
	assert_int_equal(l.pool_len, 8 * 2);
	split_is(&l, 4, "a", "w");
	/* A prefix of the last directory is another directory. */
	assert_int_equal(fv_pathlist_add(&l, "aa/v", 0), 1);
	assert_int_equal(fv_pathlist_add(&l, "aa/v", 0), 0);
	split_is(&l, 5, "aa", "v");
	fv_pathlist_free(&l);
}

/* Path k of the big test: 40 directories, names of varying length. */
static void big_path(char *buf, size_t size, size_t k)
{
	snprintf(buf, size, "/data/run-%zu/%0*zu.json", k / 500,
		 (int) (1 + k % 7), k);
}

static void many_paths(void **state)
{
	struct fv_pathlist l = { 0 };
	size_t n = 20000, growths = 0, nslots = 0;
	char path[64];

	(void) state;
	for (size_t k = 0; k < n; k++) {
		big_path(path, sizeof(path), k);
		assert_int_equal(fv_pathlist_add(&l, path, (uint32_t) k), 1);
		growths += l.nslots != nslots;
		nslots = l.nslots;
	}
	assert_int_equal(l.n, n);
	/* 64 slots, then doubled until 20000 fit at most half full: 65536. */
	assert_int_equal(growths, 11);
	assert_int_equal(l.nslots, 65536);
	assert_true(l.nslots >= 2 * l.n);
	for (size_t k = 0; k < n; k++) {
		big_path(path, sizeof(path), k);
		assert_int_equal(fv_pathlist_add(&l, path, 0), 0);
		path_is(&l, k, path);
		assert_int_equal(l.v[k].flags, k);
	}
	assert_int_equal(l.n, n);
	fv_pathlist_free(&l);
}

static void flags_per_entry(void **state)
{
	struct fv_pathlist l = { 0 };

	(void) state;
	assert_int_equal(fv_pathlist_add(&l, "a/x", 1), 1);
	assert_int_equal(fv_pathlist_add(&l, "a/y", 0), 1);
	assert_int_equal(fv_pathlist_add(&l, "z", UINT32_MAX), 1);
	/* A path added again gets the new flags too (named once: named). */
	assert_int_equal(fv_pathlist_add(&l, "a/y", 6), 0);
	assert_int_equal(fv_pathlist_add(&l, "a/y", 1), 0);
	assert_int_equal(l.v[0].flags, 1);
	assert_int_equal(l.v[1].flags, 7);
	assert_int_equal(l.v[2].flags, UINT32_MAX);
	fv_pathlist_free(&l);
}

static void zero_struct_and_reuse(void **state)
{
	struct fv_pathlist l, zero;

	(void) state;
	memset(&l, 0, sizeof(l));
	memset(&zero, 0, sizeof(zero));
	assert_int_equal(l.n, 0);
	fv_pathlist_free(&l);
	assert_memory_equal(&l, &zero, sizeof(l));
	/* Freed, it is an empty list again, ready for use. */
	assert_int_equal(fv_pathlist_add(&l, "a/x", 0), 1);
	fv_pathlist_free(&l);
	assert_memory_equal(&l, &zero, sizeof(l));
	assert_int_equal(fv_pathlist_add(&l, "a/x", 0), 1);
	assert_int_equal(l.n, 1);
	path_is(&l, 0, "a/x");
	fv_pathlist_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(added_once),
		cmocka_unit_test(spellings_are_distinct),
		cmocka_unit_test(compared_distinct),
		cmocka_unit_test(odd_shapes),
		cmocka_unit_test(directory_stored_once),
		cmocka_unit_test(directory_run_broken),
		cmocka_unit_test(many_paths),
		cmocka_unit_test(flags_per_entry),
		cmocka_unit_test(zero_struct_and_reuse),
	};

	return cmocka_run_group_tests_name("pathlist", tests, NULL, NULL);
}
