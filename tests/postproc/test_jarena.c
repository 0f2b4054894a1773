/* SPDX-License-Identifier: MIT */
/*
 * The jansson arena (jarena.h): trees built in an arena are whole and
 * aligned, their frees are no-ops, a reset gives back all but one block,
 * and memory jansson took from malloc still goes to free(). Run under
 * SANITIZE=1 too: a malloc'd node left unfreed is a leak there, a free()
 * of arena memory an invalid free.
 */
#include <jansson.h>
#include <malloc.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "ingest/lowmem/json_arena.h"

/* A string longer than any block: it must get a block of its own. */
#define BIG (100 * 1024)

/* An object of n members "k<i>": [i, "v<i>"], from the allocator in use. */
static json_t *make_tree(int n)
{
	json_t *t = json_object();
	char key[32], val[32];

	assert_non_null(t);
	for (int i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "k%d", i);
		snprintf(val, sizeof(val), "v%d", i);
		assert_int_equal(
			json_object_set_new(t, key, json_pack("[is]", i, val)),
			0);
	}
	return t;
}

/* The tree make_tree(n) built, member by member. */
static void check_tree(const json_t *t, int n)
{
	char key[32], val[32];

	assert_int_equal(json_object_size(t), n);
	for (int i = 0; i < n; i++) {
		const json_t *m;

		snprintf(key, sizeof(key), "k%d", i);
		snprintf(val, sizeof(val), "v%d", i);
		m = json_object_get(t, key);
		assert_int_equal(json_array_size(m), 2);
		assert_int_equal(json_integer_value(json_array_get(m, 0)), i);
		assert_string_equal(json_string_value(json_array_get(m, 1)),
				    val);
	}
}

/* make_tree(n) in arena a, leaving no arena in use. */
static json_t *tree_in(struct fv_jarena *a, int n)
{
	struct fv_jarena *prev = fv_jarena_use(a);
	json_t *t = make_tree(n);

	fv_jarena_use(prev);
	return t;
}

/*
 * The block size, not exported: what a fresh arena holds after one small
 * allocation. Small enough that BIG is outsized.
 */
static size_t block_size(void)
{
	struct fv_jarena *a = fv_jarena_new();
	json_t *v;
	size_t n;

	assert_non_null(a);
	/* The first block is taken on first use, not before. */
	assert_int_equal(fv_jarena_held(a), 0);
	v = tree_in(a, 1);
	n = fv_jarena_held(a);
	json_decref(v);
	fv_jarena_free(a);
	assert_true(n >= 4096 && n < BIG);
	return n;
}

/* Bytes malloc has handed out; 0 under ASan, whose malloc does not say. */
static size_t heap_in_use(void)
{
	return mallinfo2().uordblks;
}

static void tree_in_arena(void **state)
{
	size_t block = block_size(), held;
	struct fv_jarena *a = fv_jarena_new();
	json_t *t, *o;

	(void) state;
	assert_non_null(a);
	/* Tests leave no arena in use. */
	assert_null(fv_jarena_use(a));
	t = make_tree(300);
	o = json_object(); /* json_t is first in jansson's object */
	assert_ptr_equal(fv_jarena_use(NULL), a);
	assert_int_equal((uintptr_t) o % alignof(max_align_t), 0);
	check_tree(t, 300);
	/* 300 members are more than one block. */
	held = fv_jarena_held(a);
	assert_true(held > block);
	/* Frees are no-ops: the blocks stay until the reset. */
	json_decref(t);
	json_decref(o);
	assert_int_equal(fv_jarena_held(a), held);
	fv_jarena_reset(a);
	assert_int_equal(fv_jarena_held(a), block);
	/* The kept block serves the next tree. */
	t = tree_in(a, 20);
	check_tree(t, 20);
	assert_int_equal(fv_jarena_held(a), block);
	json_decref(t);
	fv_jarena_free(a);
}

static void malloc_tree_with_arenas_live(void **state)
{
	json_malloc_t m;
	json_free_t f;
	struct fv_jarena *a;
	json_t *before, *during, *in;

	(void) state;
	/* jansson's own allocators, as before any arena was made. */
	json_set_alloc_funcs(malloc, free);
	before = make_tree(50);
	a = fv_jarena_new();
	assert_non_null(a);
	json_get_alloc_funcs(&m, &f);
	assert_true(m != malloc && f != free);
	during = make_tree(50);
	/* With no arena in use, nothing came from a. */
	assert_int_equal(fv_jarena_held(a), 0);
	in = tree_in(a, 50);
	assert_true(fv_jarena_held(a) > 0);
	check_tree(before, 50);
	check_tree(during, 50);
	check_tree(in, 50);
	/* before and during go to free(), in stays in a. */
	json_decref(before);
	json_decref(during);
	json_decref(in);
	fv_jarena_free(a);
}

static void malloc_trees_freed(void **state)
{
	struct fv_jarena *a = fv_jarena_new();
	size_t base;

	(void) state;
	assert_non_null(a);
	/*
	 * Were malloc'd nodes kept (a free taken for a no-op), 100 trees of
	 * some 30 KB would stay in the heap; freed, it is back where it was
	 * but for malloc's caches.
	 */
	base = heap_in_use();
	for (int i = 0; i < 100; i++) {
		json_t *t = make_tree(200);

		check_tree(t, 200);
		json_decref(t);
	}
	assert_true(heap_in_use() < base + 256 * 1024);
	assert_int_equal(fv_jarena_held(a), 0);
	fv_jarena_free(a);
}

/* '"' BIG times 'x' '"': one JSON string longer than a block. */
static char *big_text(void)
{
	char *text = malloc(BIG + 3);

	assert_non_null(text);
	text[0] = '"';
	memset(text + 1, 'x', BIG);
	memcpy(text + 1 + BIG, "\"", 2);
	return text;
}

static void outsized_allocation(void **state)
{
	size_t block = block_size();
	struct fv_jarena *a = fv_jarena_new(), *prev;
	char *text = big_text();
	json_t *small, *s;
	json_error_t err;

	(void) state;
	assert_non_null(a);
	prev = fv_jarena_use(a);
	small = json_integer(7); /* the first block is a normal one */
	s = json_loads(text, JSON_DECODE_ANY, &err);
	fv_jarena_use(prev);
	assert_non_null(s);
	assert_int_equal(json_string_length(s), BIG);
	assert_memory_equal(json_string_value(s), text + 1, BIG);
	assert_int_equal(json_integer_value(small), 7);
	assert_true(fv_jarena_held(a) >= block + BIG);
	json_decref(s);
	json_decref(small);
	/* The first block is kept, the outsized ones are not. */
	fv_jarena_reset(a);
	assert_int_equal(fv_jarena_held(a), block);
	fv_jarena_free(a);
	free(text);
}

static void outsized_first_block(void **state)
{
	size_t block = block_size();
	struct fv_jarena *a = fv_jarena_new(), *prev;
	char *text = big_text();
	json_t *s;

	(void) state;
	assert_non_null(a);
	/* jansson copies the value first: the arena's first block is big. */
	prev = fv_jarena_use(a);
	s = json_stringn(text + 1, BIG);
	fv_jarena_use(prev);
	assert_non_null(s);
	assert_int_equal(json_string_length(s), BIG);
	assert_memory_equal(json_string_value(s), text + 1, BIG);
	json_decref(s);
	fv_jarena_reset(a);
	/* Even as the first block, an outsized one goes. */
	assert_int_equal(fv_jarena_held(a), 0);
	s = tree_in(a, 10);
	check_tree(s, 10);
	assert_int_equal(fv_jarena_held(a), block);
	json_decref(s);
	fv_jarena_free(a);
	free(text);
}

static void two_arenas(void **state)
{
	size_t block = block_size(), held_b;
	struct fv_jarena *a = fv_jarena_new(), *b = fv_jarena_new(), *prev;
	json_t *ta, *tb;

	(void) state;
	assert_true(a && b && a != b);
	ta = tree_in(a, 100);
	tb = tree_in(b, 150);
	held_b = fv_jarena_held(b);
	assert_true(fv_jarena_held(a) > 0 && held_b > 0);
	/* a's allocations stay out of b. */
	json_decref(tree_in(a, 300));
	assert_int_equal(fv_jarena_held(b), held_b);
	check_tree(ta, 100);
	check_tree(tb, 150);
	/* b's tree dropped while a is in use: still a no-op, not a free(). */
	prev = fv_jarena_use(a);
	json_decref(tb);
	fv_jarena_use(prev);
	fv_jarena_reset(b);
	assert_int_equal(fv_jarena_held(b), block);
	/* Resetting b leaves a's tree alone. */
	check_tree(ta, 100);
	json_decref(ta);
	fv_jarena_reset(a);
	assert_int_equal(fv_jarena_held(a), block);
	fv_jarena_free(b);
	fv_jarena_free(a);
}

static void free_middle_arena(void **state)
{
	struct fv_jarena *a = fv_jarena_new(), *b = fv_jarena_new(),
			 *c = fv_jarena_new();
	json_t *ta, *tc;

	(void) state;
	assert_true(a && b && c);
	ta = tree_in(a, 50);
	json_decref(tree_in(b, 50));
	tc = tree_in(c, 50);
	/*
	 * b leaves the list of live arenas from its middle: a and c must
	 * still own their memory, or these frees would reach free().
	 */
	fv_jarena_free(b);
	check_tree(ta, 50);
	check_tree(tc, 50);
	json_decref(ta);
	json_decref(tc);
	fv_jarena_free(c);
	fv_jarena_free(a);
}

static void use_returns_previous(void **state)
{
	struct fv_jarena *a = fv_jarena_new(), *b = fv_jarena_new();
	json_t *t;

	(void) state;
	assert_true(a && b);
	assert_null(fv_jarena_use(a));
	assert_ptr_equal(fv_jarena_use(b), a);
	assert_ptr_equal(fv_jarena_use(b), b);
	assert_ptr_equal(fv_jarena_use(NULL), b);
	assert_null(fv_jarena_use(NULL));
	/* Freeing the arena in use leaves none in use, not a dangling one. */
	fv_jarena_use(a);
	fv_jarena_free(a);
	t = make_tree(10);
	assert_null(fv_jarena_use(NULL));
	assert_int_equal(fv_jarena_held(b), 0);
	check_tree(t, 10);
	json_decref(t);
	fv_jarena_free(b);
}

static void free_null_and_unused(void **state)
{
	struct fv_jarena *a = fv_jarena_new(), *b = fv_jarena_new();

	(void) state;
	assert_true(a && b);
	fv_jarena_use(a);
	fv_jarena_free(NULL);
	/* Nothing freed, the arena in use still in use. */
	assert_ptr_equal(fv_jarena_use(NULL), a);
	/* A reset of an arena never used holds nothing still. */
	fv_jarena_reset(b);
	assert_int_equal(fv_jarena_held(b), 0);
	fv_jarena_free(b);
	fv_jarena_free(a);
}

static void parse_loop_bounded(void **state)
{
	size_t block = block_size(), first = 0;
	struct fv_jarena *a = fv_jarena_new();
	json_t *t = make_tree(300);
	char *text = json_dumps(t, 0); /* from malloc: no arena in use */

	(void) state;
	assert_non_null(a);
	assert_non_null(text);
	json_decref(t);
	for (int i = 0; i < 200; i++) {
		struct fv_jarena *prev = fv_jarena_use(a);
		json_error_t err;

		t = json_loads(text, 0, &err);
		fv_jarena_use(prev);
		assert_non_null(t);
		check_tree(t, 300);
		/* The same parse takes the same blocks every time. */
		if (!i)
			first = fv_jarena_held(a);
		assert_int_equal(fv_jarena_held(a), first);
		json_decref(t);
		fv_jarena_reset(a);
		assert_int_equal(fv_jarena_held(a), block);
	}
	assert_true(first > block);
	free(text);
	fv_jarena_free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tree_in_arena),
		cmocka_unit_test(malloc_tree_with_arenas_live),
		cmocka_unit_test(malloc_trees_freed),
		cmocka_unit_test(outsized_allocation),
		cmocka_unit_test(outsized_first_block),
		cmocka_unit_test(two_arenas),
		cmocka_unit_test(free_middle_arena),
		cmocka_unit_test(use_returns_previous),
		cmocka_unit_test(free_null_and_unused),
		cmocka_unit_test(parse_loop_bounded),
	};

	return cmocka_run_group_tests_name("jarena", tests, NULL, NULL);
}
