/* SPDX-License-Identifier: MIT */
/* Numbers from outside input into C integers, without undefined behaviour. */
#ifndef FV_NUMBER_H
#define FV_NUMBER_H

#include <stdint.h>

/* Saturating conversion: input numbers may be negative, huge or NaN. */
static inline uint64_t fv_u64(double v)
{
	if (!(v >= 0))
		return 0;
	if (v >= 18446744073709551615.0)
		return UINT64_MAX;
	return (uint64_t) v;
}

static inline int fv_int(double v)
{
	if (!(v >= -2147483648.0))
		return v < 0 ? INT32_MIN : 0;
	if (v > 2147483647.0)
		return INT32_MAX;
	return (int) v;
}

#endif
