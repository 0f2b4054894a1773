/* SPDX-License-Identifier: MIT */
/* The one CSV field writer (util/csv_field.h): RFC 4180 quoting. */
#include <stdio.h>
#include <stdlib.h>

#include "fvtest.h"
#include "util/util.h"

static void field_is(const char *s, const char *want)
{
	char *got = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&got, &len);

	assert_non_null(f);
	fv_csv_field(f, s);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(got, want);
	free(got);
}

static void quoting(void **state)
{
	(void) state;
	field_is("plain text", "plain text");
	field_is("", "");
	field_is(NULL, "");
	field_is("a,b", "\"a,b\"");
	field_is("say \"hi\"", "\"say \"\"hi\"\"\"");
	field_is("two\nlines", "\"two\nlines\"");
	field_is("cr\r", "\"cr\r\"");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(quoting),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
