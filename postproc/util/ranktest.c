/* SPDX-License-Identifier: MIT */
/*
 * The Wilcoxon-Mann-Whitney test as R's wilcox.test computes it: exact
 * for small samples without ties, else the normal approximation with the
 * ties' correction and a continuity correction. The exact null
 * distribution of U for sizes n, m counts the arrangements giving each U:
 * the coefficients of the Gaussian binomial [n+m choose n] in q, built as
 * prod_i (1 - q^(m+i)) / (1 - q^i), each step an integer polynomial.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ranktest.h"
#include "sort.h"

static double choose(size_t n, size_t k)
{
	double c = 1;

	for (size_t i = 1; i <= k; i++)
		c = c * (double) (n - k + i) / (double) i;
	return c;
}

/* Counts c[0..n*m] of each U; NULL on ENOMEM. */
static double *u_counts(size_t n, size_t m)
{
	size_t top = n * m;
	double *c = calloc(top + m + n + 2, sizeof(*c));

	if (!c)
		return NULL;
	c[0] = 1;
	for (size_t i = 1, deg = 0; i <= n; i++) {
		size_t s = m + i;

		for (size_t k = deg + s; k >= s; k--)
			c[k] -= c[k - s];
		deg += m;
		for (size_t k = i; k <= deg; k++)
			c[k] += c[k - i];
		for (size_t k = deg + 1; k <= deg + i; k++)
			c[k] = 0; /* the quotient's remainder is nil */
	}
	return c;
}

double fv_mw_cdf(double u, size_t n, size_t m)
{
	double *c, s = 0;

	if (u < 0)
		return 0;
	if (u >= (double) (n * m))
		return 1;
	c = u_counts(n, m);
	if (!c)
		return NAN;
	for (size_t k = 0; k <= (size_t) floor(u); k++)
		s += c[k];
	free(c);
	return s / choose(n + m, n);
}

double fv_mw_min_p(size_t n, size_t m)
{
	return n && m ? fmin(1, 2 / choose(n + m, n)) : 1;
}

/* A p-value that equals the level in exact arithmetic reaches it. */
static bool reaches(double p, double level)
{
	return p <= level * (1 + 1e-12);
}

size_t fv_mw_runs_needed(double level)
{
	for (size_t k = 1; k <= 1000; k++)
		if (reaches(fv_mw_min_p(k, k), level))
			return k;
	return 0;
}

double fv_mw_min_p1(size_t n, size_t m)
{
	return n && m ? 1 / choose(n + m, n) : 1;
}

size_t fv_mw_runs_needed1(double level)
{
	for (size_t k = 1; k <= 1000; k++)
		if (reaches(fv_mw_min_p1(k, k), level))
			return k;
	return 0;
}

static double pnorm(double z)
{
	return 0.5 * erfc(-z / sqrt(2));
}

/* Sum of t^3 - t over the groups of tied values of both samples. */
static double ties_of(double *all, size_t k, bool *any)
{
	double t3 = 0;

	qsort(all, k, sizeof(*all), fv_cmp_double);
	*any = false;
	for (size_t i = 0, j; i < k; i = j) {
		for (j = i + 1; j < k && all[j] == all[i]; j++)
			;
		if (j - i > 1) {
			double t = (double) (j - i);

			*any = true;
			t3 += t * t * t - t;
		}
	}
	return t3;
}

/* The distribution is symmetric: each tail, and twice the smaller. */
static int exact_p(struct fv_mw *out, size_t n, size_t m)
{
	out->p_lower = fv_mw_cdf(out->u, n, m);
	out->p_upper = 1 - fv_mw_cdf(out->u - 1, n, m);
	if (isnan(out->p_lower) || isnan(out->p_upper))
		return -ENOMEM;
	out->p = fmin(1, 2 * fmin(out->p_lower, out->p_upper));
	return 0;
}

/* The normal approximation with the ties' and continuity corrections. */
static int normal_p(struct fv_mw *out, size_t n, size_t m, double t3)
{
	double nm = (double) (n * m), k = (double) (n + m), z = out->u - nm / 2,
	       sd = sqrt(nm / 12 * (k + 1 - t3 / (k * (k - 1))));

	if (!(sd > 0)) {
		out->p = out->p_lower = out->p_upper = 1;
		return 0;
	}
	out->p_lower = pnorm((z + 0.5) / sd);
	out->p_upper = pnorm(-(z - 0.5) / sd);
	z = (z - (z > 0 ? 0.5 : z < 0 ? -0.5 : 0)) / sd;
	out->p = fmin(1, 2 * fmin(pnorm(z), pnorm(-z)));
	return 0;
}

int fv_mw_test(const double *x, size_t n, const double *y, size_t m,
	       struct fv_mw *out)
{
	double *all, t3;
	bool ties;

	if (!n || !m)
		return -EINVAL;
	all = malloc((n + m) * sizeof(*all));
	if (!all)
		return -ENOMEM;
	out->u = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < m; j++)
			out->u += y[j] > x[i] ? 1 : y[j] == x[i] ? 0.5 : 0;
	memcpy(all, x, n * sizeof(*x));
	memcpy(all + n, y, m * sizeof(*y));
	t3 = ties_of(all, n + m, &ties);
	free(all);
	out->exact = !ties && n + m <= FV_MW_EXACT_MAX;
	return out->exact ? exact_p(out, n, m) : normal_p(out, n, m, t3);
}

/* The smallest u with P(U <= u) >= q; the normal's for large sizes. */
static int u_quantile(double q, size_t n, size_t m, size_t *u)
{
	double nm = (double) (n * m), s = 0, total, *c;

	if (n + m > FV_MW_EXACT_MAX) {
		double lo = -40, hi = 40, sd = sqrt(nm * (n + m + 1) / 12);

		for (int i = 0; i < 200; i++) {
			double mid = (lo + hi) / 2;

			if (pnorm(mid) < q)
				lo = mid;
			else
				hi = mid;
		}
		*u = (size_t) fmax(0, floor(nm / 2 + hi * sd));
		return 0;
	}
	c = u_counts(n, m);
	if (!c)
		return -ENOMEM;
	total = choose(n + m, n);
	for (*u = 0; *u < n * m; (*u)++) {
		s += c[*u];
		if (s / total >= q * (1 - 1e-12))
			break;
	}
	free(c);
	return 0;
}

int fv_hl_shift(const double *x, size_t n, const double *y, size_t m,
		double conf, double *est, double *lo, double *hi)
{
	size_t nm = n * m, qu;
	double *d;
	int ret;

	if (!n || !m || !(conf > 0 && conf < 1))
		return -EINVAL;
	d = malloc(nm * sizeof(*d));
	if (!d)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < m; j++)
			d[i * m + j] = y[j] - x[i];
	qsort(d, nm, sizeof(*d), fv_cmp_double);
	*est = fv_median_sorted(d, nm);
	ret = u_quantile((1 - conf) / 2, n, m, &qu);
	if (!ret && qu == 0) {
		/* Even the widest interval falls short of conf. */
		*lo = -INFINITY;
		*hi = INFINITY;
	} else if (!ret) {
		*lo = d[qu - 1];
		*hi = d[nm - qu];
	}
	free(d);
	return ret;
}

struct ranked {
	double p;
	size_t i;
};

static int cmp_ranked(const void *a, const void *b)
{
	return fv_cmp_double(&((const struct ranked *) a)->p,
			     &((const struct ranked *) b)->p);
}

int fv_holm(const double *p, size_t k, double *adj)
{
	struct ranked *r = malloc((k + 1) * sizeof(*r));
	double run = 0;

	if (!r)
		return -ENOMEM;
	for (size_t i = 0; i < k; i++)
		r[i] = (struct ranked){ p[i], i };
	qsort(r, k, sizeof(*r), cmp_ranked);
	for (size_t i = 0; i < k; i++) {
		run = fmax(run, fmin(1, (double) (k - i) * r[i].p));
		adj[r[i].i] = run;
	}
	free(r);
	return 0;
}
