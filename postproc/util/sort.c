/* SPDX-License-Identifier: MIT */
#include <math.h>

#include "sort.h"

int fv_cmp_double(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;

	if (isnan(x) || isnan(y))
		return !!isnan(x) - !!isnan(y);
	return (x > y) - (x < y);
}
