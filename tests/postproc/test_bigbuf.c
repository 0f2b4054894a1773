/* SPDX-License-Identifier: MIT */
/* Mapped growable arrays (bigbuf.h): sizes, contents kept, freeing. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "ingest/lowmem/mapped_array.h"
#include "fvtest.h"

static void grows_by_pages_and_keeps_contents(void **state)
{
	size_t page = (size_t) sysconf(_SC_PAGESIZE), cap = 0;
	unsigned char *p = NULL;

	(void) state;
	assert_int_equal(fv_big_reserve((void **) &p, &cap, 1), 0);
	assert_non_null(p);
	assert_int_equal(cap, page);
	memset(p, 0xa5, cap);
	/* Within the capacity: nothing moves. */
	assert_int_equal(fv_big_reserve((void **) &p, &cap, page), 0);
	assert_int_equal(cap, page);
	/* Past it: doubling, the old bytes kept, the new ones zero. */
	assert_int_equal(fv_big_reserve((void **) &p, &cap, 5 * page), 0);
	assert_int_equal(cap, 8 * page);
	for (size_t i = 0; i < page; i++)
		assert_int_equal(p[i], 0xa5);
	for (size_t i = page; i < cap; i++)
		assert_int_equal(p[i], 0);
	fv_big_free((void **) &p, &cap);
	assert_null(p);
	assert_int_equal(cap, 0);
	fv_big_free((void **) &p, &cap); /* twice: nothing to do */
}

static void many_growths(void **state)
{
	size_t cap = 0;
	unsigned *p = NULL;

	(void) state;
	for (unsigned i = 0; i < 300000; i++) {
		assert_int_equal(fv_big_reserve((void **) &p, &cap,
						(i + 1) * sizeof(*p)),
				 0);
		p[i] = i * 2654435761u;
	}
	for (unsigned i = 0; i < 300000; i++)
		assert_int_equal(p[i], i * 2654435761u);
	fv_big_free((void **) &p, &cap);
}

static void impossible_size(void **state)
{
	size_t cap = 0;
	void *p = NULL;

	(void) state;
	assert_int_equal(fv_big_reserve(&p, &cap, (size_t) -1), -ENOMEM);
	assert_null(p);
	assert_int_equal(cap, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(grows_by_pages_and_keeps_contents),
		cmocka_unit_test(many_growths),
		cmocka_unit_test(impossible_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
