/* SPDX-License-Identifier: MIT */
/* The one comparison of doubles and the one median (util/sort.h). */
#include <math.h>
#include <stdlib.h>

#include "fvtest.h"
#include "util/util.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Numbers ascending, -Inf first and +Inf last, every NaN after them. */
static void nan_sorts_last(void **state)
{
	double v[] = { 3, NAN, -INFINITY, 1, NAN, INFINITY, -2, 1 };
	const double want[] = { -INFINITY, -2, 1, 1, 3, INFINITY };

	(void) state;
	qsort(v, N(v), sizeof(*v), fv_cmp_double);
	for (size_t i = 0; i < N(want); i++)
		assert_true(v[i] == want[i]);
	assert_true(isnan(v[6]) && isnan(v[7]));
}

static void pairs(void **state)
{
	double a = 1, b = 2, n = NAN, m = NAN;

	(void) state;
	assert_int_equal(fv_cmp_double(&a, &b), -1);
	assert_int_equal(fv_cmp_double(&b, &a), 1);
	assert_int_equal(fv_cmp_double(&a, &a), 0);
	assert_int_equal(fv_cmp_double(&a, &n), -1);
	assert_int_equal(fv_cmp_double(&n, &a), 1);
	assert_int_equal(fv_cmp_double(&n, &m), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nan_sorts_last),
		cmocka_unit_test(pairs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
