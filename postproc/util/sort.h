/* SPDX-License-Identifier: MIT */
/*
 * Doubles in order: the one comparison for qsort and the one median, so
 * that every table, verdict and chart ranks figures the same way.
 */
#ifndef FV_UTIL_SORT_H
#define FV_UTIL_SORT_H

#include <stddef.h>

/*
 * qsort's comparison of two doubles, ascending. A NaN sorts after every
 * number (+Inf included) and equals another NaN, so that the order is total
 * and a NaN cannot scatter the numbers around it (with x > y and x < y alone
 * a NaN "equals" everything and qsort's result is unspecified). On inputs
 * without NaN it is the plain < order.
 */
int fv_cmp_double(const void *a, const void *b);

/* The median of s[n], already in fv_cmp_double's order; NAN for n = 0. */
double fv_median_sorted(const double *s, size_t n);

/*
 * The median of x[n], x left as it was, sorted in scratch (room for n
 * doubles): for a caller that has the room already and so cannot fail.
 * NAN for n = 0.
 */
double fv_median_in(const double *x, size_t n, double *scratch);

/*
 * The median of x[n] (x is left as it was) in *m: 0, or -ENOMEM with *m
 * unchanged. n = 0 gives NAN.
 */
int fv_median_of(const double *x, size_t n, double *m);

/*
 * fv_median_of for callers whose "unknown" is NAN: NAN for none and when
 * the copy cannot be allocated.
 */
double fv_median(const double *x, size_t n);

#endif
