/* SPDX-License-Identifier: MIT */
/*
 * Two samples compared without assuming their shape: the Wilcoxon-Mann-
 * Whitney rank test (exact for small samples without ties, as R's
 * wilcox.test), the Hodges-Lehmann estimate of the shift between them
 * with its confidence interval, Holm's adjustment of several p-values.
 * Knows nothing of fio.
 */
#ifndef FV_UTIL_RANKTEST_H
#define FV_UTIL_RANKTEST_H

#include <stdbool.h>
#include <stddef.h>

/* Samples up to this many values in all are tested exactly. */
#define FV_MW_EXACT_MAX 60

struct fv_mw {
	double u; /* pairs (x_i, y_j) with y_j > x_i, a tie counting 1/2 */
	double p; /* two-sided p-value */
	/* One-sided p-values: y tends lower than x, y tends higher. */
	double p_lower, p_upper;
	bool exact; /* from the exact distribution (else normal, ties) */
};

/* x[n] against y[m], n, m >= 1; -EINVAL on empty, -ENOMEM. */
int fv_mw_test(const double *x, size_t n, const double *y, size_t m,
	       struct fv_mw *out);

/* P(U <= u) of the exact null distribution for sizes n, m (no ties). */
double fv_mw_cdf(double u, size_t n, size_t m);

/* The smallest two-sided p-value sizes n, m can give: 2 / C(n+m, n). */
double fv_mw_min_p(size_t n, size_t m);

/* The runs each side needs for fv_mw_min_p(k, k) <= level (0: never). */
size_t fv_mw_runs_needed(double level);

/* The smallest one-sided p-value sizes n, m can give: 1 / C(n+m, n). */
double fv_mw_min_p1(size_t n, size_t m);

/* The runs each side needs for fv_mw_min_p1(k, k) <= level (0: never). */
size_t fv_mw_runs_needed1(double level);

/*
 * Hodges-Lehmann shift of y against x: the median of the n x m
 * differences y_j - x_i, and its conf (e.g. 0.95) interval from the rank
 * test's distribution (R's wilcox.test conf.int); the interval is
 * -inf..inf when the sizes cannot reach conf.
 */
int fv_hl_shift(const double *x, size_t n, const double *y, size_t m,
		double conf, double *est, double *lo, double *hi);

/* Holm's step-down adjustment of p[k] into adj[k] (may be p). */
int fv_holm(const double *p, size_t k, double *adj);

#endif
