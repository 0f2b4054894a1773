/* SPDX-License-Identifier: MIT */
/* The one comparison of doubles and the one median (util/sort.h). */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "fvtest.h"
#include "util/util.h"

/* Numbers ascending, -Inf first and +Inf last, every NaN after them. */
static void nan_sorts_last(void **state)
{
	double v[] = { 3, NAN, -INFINITY, 1, NAN, INFINITY, -2, 1 };
	const double want[] = { -INFINITY, -2, 1, 1, 3, INFINITY };

	(void) state;
	qsort(v, FV_ARRAY_SIZE(v), sizeof(*v), fv_cmp_double);
	for (size_t i = 0; i < FV_ARRAY_SIZE(want); i++)
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

/* Odd and even counts, none, and the input left as it was. */
static void median(void **state)
{
	const double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 };
	double m = 0;

	(void) state;
	assert_true(fv_median(odd, FV_ARRAY_SIZE(odd)) == 3);
	assert_true(odd[0] == 5 && odd[1] == 1);
	assert_true(fv_median(even, FV_ARRAY_SIZE(even)) == 2.5);
	assert_true(isnan(fv_median(odd, 0)));
	assert_int_equal(fv_median_of(even, 3, &m), 0);
	assert_true(m == 3);
	assert_true(fv_median_sorted((const double[]){ 1, 2 }, 2) == 1.5);
	assert_true(isnan(fv_median_sorted(NULL, 0)));
}

/* A copy that cannot be allocated is an error, not a NAN median. */
static void median_out_of_memory(void **state)
{
	double x = 1, m = 7;

	(void) state;
	assert_int_equal(fv_median_of(&x, SIZE_MAX / 2, &m), -ENOMEM);
	assert_true(m == 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nan_sorts_last),
		cmocka_unit_test(pairs),
		cmocka_unit_test(median),
		cmocka_unit_test(median_out_of_memory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
