/* SPDX-License-Identifier: MIT */
/*
 * Student's t distribution: what a single new run can be told from a few
 * earlier ones of known spread (a prediction interval on their logs).
 * Knows nothing of fio.
 */
#ifndef FV_UTIL_TDIST_H
#define FV_UTIL_TDIST_H

/* P(T <= t) for Student's t with df > 0 degrees of freedom; NAN else. */
double fv_t_cdf(double t, double df);

/*
 * One new value y against n >= 2 earlier ones x: Student's t of y from
 * the mean of x, in units of the spread a new value has about it (the
 * sample sd of x times sqrt(1 + 1/n)), with n - 1 degrees of freedom.
 * Gives the one-sided p-values that y is lower (*lower) and higher
 * (*upper) than x's population; both 1 when x has no spread or n < 2.
 */
void fv_t_predict(const double *x, size_t n, double y, double *lower,
		  double *upper);

#endif
