/* SPDX-License-Identifier: MIT */
/*
 * The rank test, the Hodges-Lehmann interval and Holm's adjustment against
 * known values: R's wilcox.test and p.adjust (the same figures from
 * scipy.stats.mannwhitneyu, and the exact distribution enumerated by
 * brute force over every arrangement).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "fvtest.h"
#include "util/util.h"

/* fv_mw_test of x against y: exact or not, its U and its p (within tol). */
static void want_mw(const double *x, size_t nx, const double *y, size_t ny,
		    bool exact, double u, double p, double tol)
{
	struct fv_mw r;

	assert_int_equal(fv_mw_test(x, nx, y, ny, &r), 0);
	assert_true(r.exact == exact);
	assert_true(r.u == u);
	assert_float_equal(r.p, p, tol);
}

static void exact_separated(void **state)
{
	double x[] = { 1, 2, 3, 4, 5 }, y[] = { 6, 7, 8, 9, 10 };

	(void) state;
	/* 2 / C(10, 5): the smallest p five runs a side can give. */
	want_mw(x, FV_ARRAY_SIZE(x), y, FV_ARRAY_SIZE(y), true, 25,
		0.007936507936507936, 1e-12);
	assert_float_equal(fv_mw_min_p(5, 5), 0.007936507936507936, 1e-12);
	/* The other way round: the same two-sided p. */
	want_mw(y, FV_ARRAY_SIZE(y), x, FV_ARRAY_SIZE(x), true, 0,
		0.007936507936507936, 1e-12);
}

static void exact_r_example(void **state)
{
	/* wilcox.test(x, y): W = 35, p-value = 0.2544 (R's own example). */
	double x[] = { 0.80, 0.83, 1.89, 1.04, 1.45,
		       1.38, 1.91, 1.64, 0.73, 1.46 },
	       y[] = { 1.15, 0.88, 0.90, 0.74, 1.21 };

	(void) state;
	want_mw(x, FV_ARRAY_SIZE(x), y, FV_ARRAY_SIZE(y), true, 15,
		0.2544122544122544, 1e-12);
}

static void small_sizes(void **state)
{
	double a[] = { 1 }, b[] = { 2 }, c[] = { 1, 2, 3 }, d[] = { 4, 5 };
	struct fv_mw r;

	(void) state;
	assert_int_equal(fv_mw_test(a, 1, b, 1, &r), 0);
	assert_float_equal(r.p, 1.0, 1e-12);
	assert_int_equal(fv_mw_test(c, 3, d, 2, &r), 0);
	assert_float_equal(r.p, 0.2, 1e-12); /* 2 / C(5, 2) */
	assert_int_equal(fv_mw_test(a, 0, b, 1, &r), -EINVAL);
	/* The table's critical values: P(U <= 2) for 5 and 5, 4 and 6. */
	assert_float_equal(fv_mw_cdf(2, 5, 5), 0.015873015873015872, 1e-12);
	assert_float_equal(fv_mw_cdf(3, 5, 5), 0.027777777777777776, 1e-12);
	assert_float_equal(fv_mw_cdf(4, 4, 6), 0.05714285714285714, 1e-12);
	/* Runs a side for p <= 0.05 / 6 (2 jobs x 3 figures): five. */
	assert_int_equal(fv_mw_runs_needed(0.05 / 6), 5);
	assert_int_equal(fv_mw_runs_needed(0.05), 4);
	assert_int_equal(fv_mw_runs_needed(0.05 / 12), 6);
}

static void ties_normal(void **state)
{
	/* scipy mannwhitneyu(y, x, method='asymptotic'): 17.5, 0.0785... */
	double x[] = { 1, 2, 2, 3 }, y[] = { 2, 3, 4, 4, 5 }, z[] = { 7, 7 };
	struct fv_mw r;

	(void) state;
	want_mw(x, FV_ARRAY_SIZE(x), y, FV_ARRAY_SIZE(y), false, 17.5,
		0.07854585095119067, 1e-9);
	/* All equal: no evidence at all, p = 1. */
	assert_int_equal(fv_mw_test(z, 2, z, 2, &r), 0);
	assert_float_equal(r.p, 1.0, 1e-12);
}

static void large_normal(void **state)
{
	/* 40 and 40 distinct values: the normal approximation. */
	double x[40], y[40];
	struct fv_mw r;

	(void) state;
	for (int i = 0; i < 40; i++) {
		x[i] = i;
		y[i] = i + 0.5;
	}
	assert_int_equal(fv_mw_test(x, 40, y, 40, &r), 0);
	assert_false(r.exact);
	/* U = 820 of 1600; z = (820 - 800 - 0.5) / sqrt(1600 * 81 / 12) */
	assert_float_equal(r.p, 0.8511597790430957, 1e-9);
}

static void hodges_lehmann(void **state)
{
	double x[] = { 0.80, 0.83, 1.89, 1.04, 1.45,
		       1.38, 1.91, 1.64, 0.73, 1.46 },
	       y[] = { 1.15, 0.88, 0.90, 0.74, 1.21 }, est, lo, hi;
	double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10.5 };
	double c[] = { 10, 12, 11 }, d[] = { 20, 19 };

	(void) state;
	/* R: difference in location 0.305, 95% CI -0.15 .. 0.76 (x - y). */
	assert_int_equal(fv_hl_shift(x, FV_ARRAY_SIZE(x), y, FV_ARRAY_SIZE(y),
				     0.95, &est, &lo, &hi),
			 0);
	assert_float_equal(est, -0.305, 1e-9);
	assert_float_equal(lo, -0.76, 1e-9);
	assert_float_equal(hi, 0.15, 1e-9);
	assert_int_equal(fv_hl_shift(a, 5, b, 5, 0.95, &est, &lo, &hi), 0);
	assert_float_equal(est, 5, 1e-9);
	assert_float_equal(lo, 2, 1e-9);
	assert_float_equal(hi, 8, 1e-9);
	/* Three and two cannot reach 95%: an unbounded interval. */
	assert_int_equal(fv_hl_shift(c, 3, d, 2, 0.95, &est, &lo, &hi), 0);
	assert_float_equal(est, 8.5, 1e-9);
	assert_true(isinf(lo) && lo < 0 && isinf(hi) && hi > 0);
	assert_int_equal(fv_hl_shift(c, 3, d, 2, 1.5, &est, &lo, &hi), -EINVAL);
}

static void holm(void **state)
{
	/* p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") */
	double p[] = { 0.01, 0.04, 0.03, 0.005 }, adj[4];
	double one[] = { 0.3 };

	(void) state;
	assert_int_equal(fv_holm(p, 4, adj), 0);
	assert_float_equal(adj[0], 0.03, 1e-12);
	assert_float_equal(adj[1], 0.06, 1e-12);
	assert_float_equal(adj[2], 0.06, 1e-12);
	assert_float_equal(adj[3], 0.02, 1e-12);
	assert_int_equal(fv_holm(one, 1, one), 0);
	assert_float_equal(one[0], 0.3, 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(exact_separated),
		cmocka_unit_test(exact_r_example),
		cmocka_unit_test(small_sizes),
		cmocka_unit_test(ties_normal),
		cmocka_unit_test(large_normal),
		cmocka_unit_test(hodges_lehmann),
		cmocka_unit_test(holm),
	};

	return cmocka_run_group_tests_name("ranktest", tests, NULL, NULL);
}
