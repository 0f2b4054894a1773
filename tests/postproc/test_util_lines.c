/* SPDX-License-Identifier: MIT */
/* Lists of strings (util/lines.h): lines said once, names kept. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "util/util.h"

static int add(char ***v, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = fv_lines_vadd(v, n, fmt, ap);
	va_end(ap);
	return ret;
}

/* Each name its own copy, in order, past any first room. */
static void push_copies_in_order(void **state)
{
	char name[16], **v = NULL;
	size_t n = 0, alloc = 0;

	(void) state;
	for (int i = 0; i < 100; i++) {
		snprintf(name, sizeof(name), "run-%d", i);
		assert_int_equal(fv_lines_push(&v, &n, &alloc, name), 0);
		assert_ptr_not_equal(v[i], name);
	}
	assert_int_equal(n, 100);
	assert_true(alloc >= n);
	assert_string_equal(v[0], "run-0");
	assert_string_equal(v[57], "run-57");
	assert_string_equal(v[99], "run-99");
	fv_lines_free(v, n);
}

/* An equal line is said once; a control character is escaped. */
static void add_says_once(void **state)
{
	char **v = NULL;
	size_t n = 0;

	(void) state;
	assert_int_equal(add(&v, &n, "%d jobs", 3), 0);
	assert_int_equal(add(&v, &n, "%s jobs", "3"), 0);
	assert_int_equal(add(&v, &n, "a\tb"), 0);
	assert_int_equal(n, 2);
	assert_string_equal(v[0], "3 jobs");
	assert_string_equal(v[1], "a\\x09b");
	fv_lines_free(v, n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(push_copies_in_order),
		cmocka_unit_test(add_says_once),
	};

	return cmocka_run_group_tests_name("util lines", tests, NULL, NULL);
}
