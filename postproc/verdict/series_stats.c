/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "series_stats.h"
#include "util/util.h"

double fv_mean(const double *v, size_t n)
{
	double s = 0;

	for (size_t i = 0; i < n; i++)
		s += v[i];
	return n ? s / (double) n : NAN;
}

static double *sorted(const double *v, size_t n)
{
	double *c = malloc((n ? n : 1) * sizeof(*c));

	if (c) {
		memcpy(c, v, n * sizeof(*c));
		qsort(c, n, sizeof(*c), fv_cmp_double);
	}
	return c;
}

double fv_rel_mad(const double *v, size_t n)
{
	double med = fv_median(v, n), mad;
	double *d = malloc((n ? n : 1) * sizeof(*d));

	if (!d || !n) {
		free(d);
		return NAN;
	}
	for (size_t i = 0; i < n; i++)
		d[i] = fabs(v[i] - med);
	mad = fv_median(d, n);
	free(d);
	return med != 0 ? mad / fabs(med) : NAN;
}

double fv_quantile(const double *v, size_t n, double p)
{
	double *c, q;
	size_t rank;

	if (!n || !(c = sorted(v, n)))
		return NAN;
	rank = (size_t) ceill((long double) p / 100.0L * (long double) n);
	rank = rank < 1 ? 1 : rank > n ? n : rank;
	q = c[rank - 1];
	free(c);
	return q;
}

void fv_linfit(const double *x, const double *y, size_t n, double *a, double *b)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, dn = (double) n, den;

	for (size_t i = 0; i < n; i++) {
		double xi = x ? x[i] : (double) i;

		sx += xi;
		sy += y[i];
		sxx += xi * xi;
		sxy += xi * y[i];
	}
	den = dn * sxx - sx * sx;
	*b = den != 0 ? (dn * sxy - sx * sy) / den : 0;
	*a = n ? (sy - *b * sx) / dn : 0;
}

/* Squared error of v[i..j) around its mean, from prefix sums. */
static double sse(const double *s1, const double *s2, size_t i, size_t j)
{
	double n = (double) (j - i), s = s1[j] - s1[i];

	return fmax(0, (s2[j] - s2[i]) - s * s / n);
}

double fv_welch_t(double a, double se_a, double b, double se_b)
{
	double se = sqrt(se_a * se_a + se_b * se_b);

	if (se > 0)
		return (a - b) / se;
	return a == b ? 0 : (a > b ? INFINITY : -INFINITY);
}

/* The standard error of the mean of v[i, j) (sums in s1, s2). */
static double level_se(const double *s1, const double *s2, size_t i, size_t j)
{
	double n = (double) (j - i);

	if (n < 2)
		return 0;
	return sqrt(fmax(0, sse(s1, s2, i, j)) / (n - 1) / n);
}

bool fv_step_fit(const double *v, size_t n, size_t min_seg, struct fv_step *st)
{
	double *s1, *s2, best = INFINITY, total;

	if (min_seg < 1)
		min_seg = 1;
	if (n < 2 * min_seg)
		return false;
	s1 = calloc(n + 1, sizeof(*s1));
	s2 = calloc(n + 1, sizeof(*s2));
	if (!s1 || !s2) {
		free(s1);
		free(s2);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		s1[i + 1] = s1[i] + v[i];
		s2[i + 1] = s2[i] + v[i] * v[i];
	}
	total = sse(s1, s2, 0, n);
	for (size_t k = min_seg; k <= n - min_seg; k++) {
		double e = sse(s1, s2, 0, k) + sse(s1, s2, k, n);

		if (e < best) {
			best = e;
			st->k = k;
		}
	}
	st->before = s1[st->k] / (double) st->k;
	st->after = (s1[n] - s1[st->k]) / (double) (n - st->k);
	st->gain = total > 0 ? 1 - best / total : 0;
	st->t = fv_welch_t(st->before, level_se(s1, s2, 0, st->k), st->after,
			   level_se(s1, s2, st->k, n));
	free(s1);
	free(s2);
	return true;
}

void fv_snia(const double *v, size_t n, double max_range, double max_excursion,
	     struct fv_snia *s)
{
	double lo = INFINITY, hi = -INFINITY, a, b;

	s->mean = fv_mean(v, n);
	for (size_t i = 0; i < n; i++) {
		lo = fmin(lo, v[i]);
		hi = fmax(hi, v[i]);
	}
	fv_linfit(NULL, v, n, &a, &b);
	s->range = s->mean > 0 ? (hi - lo) / s->mean : INFINITY;
	s->excursion = s->mean > 0 && n > 1
			       ? fabs(b) * (double) (n - 1) / s->mean
			       : INFINITY;
	s->steady =
		n > 1 && s->range <= max_range && s->excursion <= max_excursion;
}

size_t fv_rounds(const double *t_ms, const double *v, size_t n, double round_ms,
		 double *out, double *se)
{
	size_t nr, r = 0;

	if (!n || !(round_ms > 0))
		return 0;
	nr = (size_t) fmin(floor(t_ms[n - 1] / round_ms + 1e-9), (double) n);
	for (size_t i = 0; r < nr && i < n;) {
		double end = (double) (r + 1) * round_ms, sum = 0, sq = 0;
		size_t cnt = 0;

		for (; i < n && t_ms[i] <= end + 1e-9; i++, cnt++) {
			sum += v[i];
			sq += v[i] * v[i];
		}
		if (!cnt)
			return r; /* a gap: rounds would not be comparable */
		out[r] = sum / (double) cnt;
		if (se)
			se[r] = cnt < 2 ? NAN
					: sqrt(fmax(0, (sq - sum * out[r]) /
							       (double) (cnt -
									 1)) /
					       (double) cnt);
		r++;
	}
	return r;
}
