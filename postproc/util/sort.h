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

#endif
