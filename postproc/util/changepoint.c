/* SPDX-License-Identifier: MIT */
/*
 * E-divisive means. A split of a segment at t into X (t points) and Y
 * (m - t) is scored by the energy distance between them, weighted by
 * their sizes:
 *   Q(t) = t (m - t) / m * (2 mean|X - Y| - mean|X - X'| - mean|Y - Y'|)
 * (the within means over distinct pairs). The best split of all segments
 * is kept when a permutation test finds it significant: the segment's
 * points shuffled perms times, p = (1 + shuffles scoring at least as
 * high) / (1 + perms). Then the split of every other segment, until one
 * is not. Every Q(t) of a segment comes from prefix sums of the distances
 * in O(m^2).
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "changepoint.h"
#include "sort.h"

/* splitmix64: a fixed, portable sequence from a seed. */
static uint64_t next_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void shuffle(double *x, size_t m, uint64_t *s)
{
	for (size_t i = m - 1; i > 0; i--) {
		size_t j = (size_t) (next_random(s) % (i + 1));
		double t = x[i];

		x[i] = x[j];
		x[j] = t;
	}
}

/* The within sums of x[0..m): pre[t] of x[0..t), post[t] of x[t..m). */
static void within_sums(const double *x, size_t m, double *pre, double *post)
{
	pre[0] = 0;
	post[m] = 0;
	for (size_t t = 0; t < m; t++) {
		double c = 0, r = 0;

		for (size_t i = 0; i < t; i++)
			c += fabs(x[i] - x[t]);
		pre[t + 1] = pre[t] + c;
		for (size_t k = m - 1 - t + 1; k < m; k++)
			r += fabs(x[m - 1 - t] - x[k]);
		post[m - 1 - t] = post[m - t] + r;
	}
}

static double pair_mean(double sum, size_t k)
{
	return k > 1 ? sum / ((double) k * (double) (k - 1) / 2) : 0;
}

/* The best split of x[0..m) (both sides >= min_seg) into *at; its Q. */
static double best_split(const double *x, size_t m, size_t min_seg,
			 double *work, size_t *at)
{
	double *pre = work, *post = work + m + 1, best = -INFINITY;

	within_sums(x, m, pre, post);
	for (size_t t = min_seg; t + min_seg <= m; t++) {
		double a = (double) t, b = (double) (m - t),
		       between = pre[m] - pre[t] - post[t],
		       e = 2 * between / (a * b) - pair_mean(pre[t], t) -
			   pair_mean(post[t], m - t),
		       q = a * b / (a + b) * e;

		if (q > best) {
			best = q;
			*at = t;
		}
	}
	return best;
}

/* The permutation p-value of a split scoring q in x[0..m). */
static double permutation_p(const double *x, size_t m, double q,
			    const struct fv_cp_opts *o, double *work)
{
	double *y = work + 2 * (m + 1);
	uint64_t s = o->seed;
	unsigned above = 0;
	size_t at;

	memcpy(y, x, m * sizeof(*y));
	for (unsigned k = 0; k < o->perms; k++) {
		shuffle(y, m, &s);
		if (best_split(y, m, o->min_seg, work, &at) >= q * (1 - 1e-12))
			above++;
	}
	return (1.0 + above) / (1.0 + o->perms);
}

/* Inserts a change at `at` (p) into cp[*ncp], keeping them in order. */
static void insert(struct fv_cp *cp, size_t *ncp, size_t at, double p)
{
	size_t i = *ncp;

	while (i > 0 && cp[i - 1].at > at) {
		cp[i] = cp[i - 1];
		i--;
	}
	cp[i] = (struct fv_cp){ at, p };
	(*ncp)++;
}

/* The segment [lo, hi) of cp's split of x[n] with the best new split. */
static double best_segment(const double *x, size_t n, const struct fv_cp *cp,
			   size_t ncp, size_t min_seg, double *work, size_t *lo,
			   size_t *hi, size_t *at)
{
	double best = -INFINITY;

	for (size_t k = 0; k <= ncp; k++) {
		size_t a = k ? cp[k - 1].at : 0, b = k < ncp ? cp[k].at : n, t;
		double q;

		if (b - a < 2 * min_seg)
			continue;
		q = best_split(x + a, b - a, min_seg, work, &t);
		if (q > best) {
			best = q;
			*lo = a;
			*hi = b;
			*at = a + t;
		}
	}
	return best;
}

/*
 * The shift of the medians across change k of cp[ncp] in x[n], sorted in
 * work (room for n): a median that allocated could fail, and a failure
 * read as NAN here would be taken for the smallest shift and merged.
 */
static double shift_at(const double *x, size_t n, const struct fv_cp *cp,
		       size_t ncp, size_t k, double *work)
{
	size_t a = k ? cp[k - 1].at : 0, b = cp[k].at,
	       c = k + 1 < ncp ? cp[k + 1].at : n;
	double after = fv_median_in(x + b, c - b, work);

	return fabs(after - fv_median_in(x + a, b - a, work));
}

/* Merges away, smallest first, changes no larger than min_shift. */
static void merge_small(const double *x, size_t n, struct fv_cp *cp,
			size_t *ncp, double min_shift, double *work)
{
	for (;;) {
		size_t low = 0;
		double least = INFINITY;

		for (size_t k = 0; k < *ncp; k++) {
			double s = shift_at(x, n, cp, *ncp, k, work);

			if (!(s >= least)) {
				least = s;
				low = k;
			}
		}
		if (!*ncp || least > min_shift)
			return;
		memmove(cp + low, cp + low + 1, (*ncp - low - 1) * sizeof(*cp));
		(*ncp)--;
	}
}

int fv_edivisive(const double *x, size_t n, const struct fv_cp_opts *o,
		 struct fv_cp *cp, size_t *ncp)
{
	double *work;

	*ncp = 0;
	if (o->min_seg < 2 || !o->perms)
		return -EINVAL;
	/* the permutation tests' room, and the medians' after them */
	if (n > (SIZE_MAX / sizeof(*work) - 4) / 3)
		return -ENOMEM;
	work = malloc((3 * (n + 1) + 1) * sizeof(*work));
	if (!work)
		return -ENOMEM;
	for (;;) {
		size_t lo = 0, hi = 0, at = 0;
		double q = best_segment(x, n, cp, *ncp, o->min_seg, work, &lo,
					&hi, &at),
		       p;

		if (!isfinite(q))
			break;
		p = permutation_p(x + lo, hi - lo, q, o, work);
		if (p > o->alpha)
			break;
		insert(cp, ncp, at, p);
	}
	merge_small(x, n, cp, ncp, o->min_shift, work);
	free(work);
	return 0;
}
