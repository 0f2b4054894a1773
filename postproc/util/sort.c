/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sort.h"

int fv_cmp_double(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;

	if (isnan(x) || isnan(y))
		return !!isnan(x) - !!isnan(y);
	return (x > y) - (x < y);
}

double fv_median_sorted(const double *s, size_t n)
{
	if (!n)
		return NAN;
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

double fv_median_in(const double *x, size_t n, double *scratch)
{
	if (!n)
		return NAN;
	memcpy(scratch, x, n * sizeof(*scratch));
	qsort(scratch, n, sizeof(*scratch), fv_cmp_double);
	return fv_median_sorted(scratch, n);
}

int fv_median_of(const double *x, size_t n, double *m)
{
	double *t;

	if (!n) {
		*m = NAN;
		return 0;
	}
	t = n <= SIZE_MAX / sizeof(*t) ? malloc(n * sizeof(*t)) : NULL;
	if (!t)
		return -ENOMEM;
	*m = fv_median_in(x, n, t);
	free(t);
	return 0;
}

double fv_median(const double *x, size_t n)
{
	double m = NAN;

	fv_median_of(x, n, &m);
	return m;
}
