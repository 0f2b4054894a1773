/* SPDX-License-Identifier: MIT */
/*
 * E-divisive means on series whose change points are known, Student's t
 * against its closed forms and R's qt(), the one-sided rank test against
 * R's wilcox.test(alternative = "less" / "greater").
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "fvtest.h"
#include "util/util.h"

static const struct fv_cp_opts opts = {
	.min_seg = 3, .alpha = 0.05, .min_shift = 0.05, .perms = 999, .seed = 1
};

/* Noise of spread sd about level: a fixed LCG, the same every run. */
static void noise(double *x, size_t n, double level, double sd, unsigned s)
{
	for (size_t i = 0; i < n; i++) {
		double u = 0;

		for (int k = 0; k < 12; k++) { /* Irwin-Hall: about normal */
			s = s * 1103515245u + 12345u;
			u += (double) (s >> 8 & 0xffff) / 65536.0;
		}
		x[i] = level + sd * (u - 6);
	}
}

/*
 * Series made of level runs with noise: a change found where each run
 * starts, and nowhere else.
 */
static void steps(void **state)
{
	const struct {
		const char *name;
		struct {
			size_t len;
			double level, sd;
			unsigned seed;
		} run[3];
		size_t ncp, at[2];
	} cases[] = {
		/* twelve runs at 0, then four 25% lower, 2% noise */
		{ "one step",
		  { { 12, 0, 0.02, 7 }, { 4, log(0.75), 0.02, 9 } },
		  1,
		  { 12 } },
		{ "two steps",
		  { { 10, 0, 0.01, 3 },
		    { 10, 0.5, 0.01, 4 },
		    { 10, 0.2, 0.01, 5 } },
		  2,
		  { 10, 20 } },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		double x[32];
		struct fv_cp cp[16];
		size_t n = 0, ncp;

		for (size_t r = 0; r < 3 && cases[i].run[r].len; r++) {
			noise(x + n, cases[i].run[r].len, cases[i].run[r].level,
			      cases[i].run[r].sd, cases[i].run[r].seed);
			n += cases[i].run[r].len;
		}
		assert_int_equal(fv_edivisive(x, n, &opts, cp, &ncp), 0);
		if (ncp != cases[i].ncp)
			fail_msg("%s: %zu changes, wanted %zu", cases[i].name,
				 ncp, cases[i].ncp);
		for (size_t k = 0; k < ncp; k++)
			if (cp[k].at != cases[i].at[k] || cp[k].p > 0.01)
				fail_msg("%s: change %zu at %zu (p %g), wanted "
					 "at %zu (p <= 0.01)",
					 cases[i].name, k, cp[k].at, cp[k].p,
					 cases[i].at[k]);
	}
}

static void no_change(void **state)
{
	double x[40];
	struct fv_cp cp[16];
	size_t n;

	(void) state;
	for (unsigned seed = 1; seed <= 20; seed++) {
		noise(x, FV_ARRAY_SIZE(x), 0, 0.02, seed);
		assert_int_equal(
			fv_edivisive(x, FV_ARRAY_SIZE(x), &opts, cp, &n), 0);
		assert_int_equal(n, 0);
	}
}

/* A significant change under the minimum shift is no change. */
static void small_shift_merged(void **state)
{
	double x[20];
	struct fv_cp cp[8];
	struct fv_cp_opts o = opts;
	size_t n;

	(void) state;
	noise(x, 10, 0, 0.001, 11);
	noise(x + 10, 10, 0.03, 0.001, 12);
	assert_int_equal(fv_edivisive(x, FV_ARRAY_SIZE(x), &o, cp, &n), 0);
	assert_int_equal(n, 0);
	o.min_shift = 0.01;
	assert_int_equal(fv_edivisive(x, FV_ARRAY_SIZE(x), &o, cp, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(cp[0].at, 10);
}

/* Too short to split (2 x min_seg), bad options; the same p each time. */
static void edges(void **state)
{
	double x[] = { 1, 1, 1, 5, 5 }, y[16];
	struct fv_cp cp[8], again[8];
	struct fv_cp_opts o = opts;
	size_t n, m;

	(void) state;
	assert_int_equal(fv_edivisive(x, FV_ARRAY_SIZE(x), &o, cp, &n), 0);
	assert_int_equal(n, 0);
	o.min_seg = 1;
	assert_int_equal(fv_edivisive(x, FV_ARRAY_SIZE(x), &o, cp, &n),
			 -EINVAL);
	noise(y, 10, 0, 0.05, 21);
	noise(y + 10, 6, 0.15, 0.05, 22);
	assert_int_equal(fv_edivisive(y, FV_ARRAY_SIZE(y), &opts, cp, &n), 0);
	assert_int_equal(fv_edivisive(y, FV_ARRAY_SIZE(y), &opts, again, &m),
			 0);
	assert_int_equal(n, m);
	for (size_t i = 0; i < n; i++)
		assert_true(cp[i].at == again[i].at && cp[i].p == again[i].p);
	assert_float_equal(fv_median(x, FV_ARRAY_SIZE(x)), 1, 0);
	assert_float_equal(fv_median(x + 1, 4), 3, 0);
}

static void student_t(void **state)
{
	(void) state;
	/* df 1: the Cauchy, 1/2 + atan(t)/pi; df 2: 1/2 + t/(2 sqrt(2+t^2)) */
	for (double t = -5; t <= 5; t += 0.7) {
		assert_float_equal(fv_t_cdf(t, 1), 0.5 + atan(t) / M_PI, 1e-12);
		assert_float_equal(fv_t_cdf(t, 2),
				   0.5 + t / (2 * sqrt(2 + t * t)), 1e-12);
	}
	/* R: qt(0.95, 2) 2.919986, qt(0.95, 4) 2.131847, qt(0.975, 10)
	 * 2.228139, qt(0.99, 30) 2.457262 */
	assert_float_equal(fv_t_cdf(2.919986, 2), 0.95, 1e-6);
	assert_float_equal(fv_t_cdf(2.131847, 4), 0.95, 1e-6);
	assert_float_equal(fv_t_cdf(-2.228139, 10), 0.025, 1e-6);
	assert_float_equal(fv_t_cdf(2.457262, 30), 0.99, 1e-6);
	assert_float_equal(fv_t_cdf(0, 7), 0.5, 1e-15);
	assert_true(isnan(fv_t_cdf(1, 0)));
}

static void prediction(void **state)
{
	double x[] = { 1, 2, 3 }, lo, hi;

	(void) state;
	/* mean 2, sd 1, sqrt(1 + 1/3): t = -4 / 1.1547 = -3.4641, df 2 */
	fv_t_predict(x, 3, -2, &lo, &hi);
	assert_float_equal(lo, 0.5 - 3.4641016 / (2 * sqrt(2 + 12)), 1e-7);
	assert_float_equal(lo + hi, 1, 1e-12);
	fv_t_predict(x, 1, -2, &lo, &hi);
	assert_float_equal(lo, 1, 0);
}

static void one_sided_rank(void **state)
{
	/* wilcox.test(y, x, alternative = "less"): 1/252, "greater": 1 */
	double x[] = { 1, 2, 3, 4, 5 }, y[] = { 6, 7, 8, 9, 10 },
	       a[] = { 0.80, 0.83, 1.89, 1.04, 1.45,
		       1.38, 1.91, 1.64, 0.73, 1.46 },
	       b[] = { 1.15, 0.88, 0.90, 0.74, 1.21 };
	struct fv_mw r;

	(void) state;
	assert_int_equal(fv_mw_test(y, 5, x, 5, &r), 0);
	assert_float_equal(r.p_lower, 1.0 / 252, 1e-12);
	assert_float_equal(r.p_upper, 1, 1e-12);
	/* R: wilcox.test(a, b, alternative = "greater"): p 0.1272 (W 35) */
	assert_int_equal(
		fv_mw_test(b, FV_ARRAY_SIZE(b), a, FV_ARRAY_SIZE(a), &r), 0);
	assert_float_equal(r.p_upper, 0.1272061272061272, 1e-12);
	assert_float_equal(fv_mw_min_p1(3, 3), 0.05, 1e-15);
	assert_int_equal(fv_mw_runs_needed1(0.05), 3);
	assert_int_equal(fv_mw_runs_needed1(0.01), 5); /* 1/70 > 0.01 */
}

/*
 * Room that cannot be had is an error the caller sees, not a result: the
 * medians that merge small changes sort in the room taken up front, so
 * no allocation of theirs can fail into a NAN shift.
 */
static void out_of_memory(void **state)
{
	double x[1] = { 0 };
	struct fv_cp cp[1];
	size_t ncp = 7;

	(void) state;
	assert_int_equal(fv_edivisive(x, SIZE_MAX / 16, &opts, cp, &ncp),
			 -ENOMEM);
	assert_int_equal(ncp, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(steps),
		cmocka_unit_test(no_change),
		cmocka_unit_test(small_shift_merged),
		cmocka_unit_test(edges),
		cmocka_unit_test(student_t),
		cmocka_unit_test(prediction),
		cmocka_unit_test(one_sided_rank),
		cmocka_unit_test(out_of_memory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
