/* SPDX-License-Identifier: MIT */
/*
 * Student's t from the regularized incomplete beta function, evaluated by
 * its continued fraction (modified Lentz), as Numerical Recipes' betai:
 * P(T <= t) = 1 - I_x(df/2, 1/2) / 2 for t >= 0, x = df / (df + t^2).
 */
#include <math.h>
#include <stddef.h>

#include "tdist.h"

#define TINY 1e-300
#define EPS 1e-15

/* The continued fraction of I_x(a, b), for x < (a + 1) / (a + b + 2). */
static double beta_cf(double a, double b, double x)
{
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	d = 1 / (fabs(d) < TINY ? TINY : d);
	h = d;
	for (int m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, num[2], del = 0;

		num[0] = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		num[1] = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		for (int k = 0; k < 2; k++) {
			d = 1 + num[k] * d;
			c = 1 + num[k] / c;
			d = 1 / (fabs(d) < TINY ? TINY : d);
			c = fabs(c) < TINY ? TINY : c;
			del = d * c;
			h *= del;
		}
		if (fabs(del - 1) < EPS)
			break;
	}
	return h;
}

/* I_x(a, b), the regularized incomplete beta function. */
static double beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double fv_t_cdf(double t, double df)
{
	double tail;

	if (!(df > 0) || isnan(t))
		return NAN;
	if (isinf(t))
		return t > 0 ? 1 : 0;
	tail = beta_inc(df / 2, 0.5, df / (df + t * t)) / 2;
	return t >= 0 ? 1 - tail : tail;
}

void fv_t_predict(const double *x, size_t n, double y, double *lower,
		  double *upper)
{
	double mean = 0, ss = 0, t;

	*lower = *upper = 1;
	if (n < 2)
		return;
	for (size_t i = 0; i < n; i++)
		mean += x[i] / (double) n;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	if (!(ss > 0))
		return;
	t = (y - mean) / sqrt(ss / (double) (n - 1) * (1 + 1 / (double) n));
	*lower = fv_t_cdf(t, (double) (n - 1));
	*upper = 1 - *lower;
}
