/* SPDX-License-Identifier: MIT */
/*
 * Change points in a series of single measurements (one per commit or
 * per night): E-divisive means (Matteson and James, 2014, with exponent
 * 1, as MongoDB's CI and Apache Otava use it), each split's significance
 * from a permutation test with a fixed seed (the same series always gives
 * the same answer), then changes smaller than a minimum shift merged
 * away. Knows nothing of fio.
 */
#ifndef FV_UTIL_CHANGEPOINT_H
#define FV_UTIL_CHANGEPOINT_H

#include <stddef.h>
#include <stdint.h>

struct fv_cp_opts {
	size_t min_seg;	  /* points a segment keeps on each side, >= 2 */
	double alpha;	  /* a split counts when its p is at most alpha */
	double min_shift; /* and its segments' medians differ by more */
	unsigned perms;	  /* permutations per test (999: p to 0.001) */
	uint64_t seed;
};

struct fv_cp {
	size_t at; /* the first point after the change */
	double p;  /* the permutation test's p-value of the split */
};

/*
 * The change points of x[n] by position into cp (room for n / min_seg
 * of them), their count in *ncp. 0, -EINVAL (min_seg < 2, perms 0) or
 * -ENOMEM.
 */
int fv_edivisive(const double *x, size_t n, const struct fv_cp_opts *o,
		 struct fv_cp *cp, size_t *ncp);

#endif
