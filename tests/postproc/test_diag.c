/* SPDX-License-Identifier: MIT */
/*
 * The diagnostics list: adding cannot fail for its caller. Out of memory,
 * the list remembers what was lost, counts a lost error, and its printer
 * says so once.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "util/util.h"

/* What fv_diag_print writes, at min. */
static char *printed(const struct fv_diags *d, enum fv_severity min)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	assert_non_null(m);
	fv_diag_print(d, m, min);
	assert_int_equal(fclose(m), 0);
	return buf;
}

static void kept(void **state)
{
	struct fv_diags d = { 0 };
	char *out;

	(void) state;
	for (int i = 0; i < 40; i++) /* past the first growth */
		assert_int_equal(fv_diag_add(&d, i % 2 ? FV_ERROR : FV_WARNING,
					     "a.json", i + 1, 0, "n%d", i),
				 0);
	assert_int_equal(d.n, 40);
	assert_int_equal(d.nerrors, 20);
	assert_int_equal(d.lost, 0);
	out = printed(&d, FV_ERROR);
	fvt_has(out, "a.json:40: error: n39\n");
	fvt_lacks(out, "lost");
	free(out);
	fv_diags_free(&d);
}

/*
 * A list that cannot grow (its next size would overflow: out of memory
 * without exhausting the machine's): the add is lost, not the news.
 */
static void lost_is_remembered(void **state)
{
	struct fv_diags d = { 0 };
	size_t huge = SIZE_MAX / sizeof(struct fv_diag) / 2 + 1;
	char *out;

	(void) state;
	assert_int_equal(fv_diag_add(&d, FV_WARNING, "a.json", 1, 0, "kept"),
			 0);
	d.n = d.cap = huge; /* full, and no room to double */
	assert_int_equal(fv_diag_add(&d, FV_ERROR, "b.json", 2, 0, "gone"),
			 -ENOMEM);
	fv_diag_add(&d, FV_WARNING, "b.json", 3, 0, "gone too");
	d.n = d.cap = 1;
	assert_int_equal(d.lost, 2);
	assert_int_equal(d.nerrors, 1); /* the command's status sees it */
	out = printed(&d, FV_ERROR);
	assert_string_equal(out, "fioverdict: error: 2 diagnostics lost: out "
				 "of memory\n");
	free(out);
	out = printed(&d, FV_WARNING);
	assert_string_equal(out, "a.json:1: warning: kept\n"
				 "fioverdict: error: 2 diagnostics lost: out "
				 "of memory\n");
	free(out);
	fv_diags_free(&d);
	assert_int_equal(d.lost, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kept),
		cmocka_unit_test(lost_is_remembered),
	};

	return cmocka_run_group_tests_name("diag", tests, NULL, NULL);
}
