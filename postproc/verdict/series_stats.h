/* SPDX-License-Identifier: MIT */
/*
 * The arithmetic behind the verdicts, on plain arrays so that it can be
 * tested on synthetic series: medians, noise, least-squares lines, the
 * two-level change-point fit and the SNIA steady-state rule.
 */
#ifndef FV_SERIES_STATS_H
#define FV_SERIES_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "util/util.h" /* fv_median */

double fv_mean(const double *v, size_t n);

/* Median absolute deviation divided by the median: relative noise. */
double fv_rel_mad(const double *v, size_t n);

/* Value at rank ceil(p/100 * n) of the sorted values (fio's rule). */
double fv_quantile(const double *v, size_t n, double p);

/* Least-squares line y = a + b x. n >= 2; x may be NULL for 0..n-1. */
void fv_linfit(const double *x, const double *y, size_t n, double *a,
	       double *b);

/*
 * Two-level least-squares fit: the split k (min_seg <= k <= n - min_seg)
 * minimising the squared error of one mean before k and one from k on.
 * gain is the share of the one-level squared error the split removes
 * (1: a perfect step, 0: nothing); t the difference of the two means in
 * standard errors of it (Welch: each level's own variance over its
 * count), infinite for two flat levels. Returns false when n < 2 *
 * min_seg.
 */
struct fv_step {
	size_t k;
	double before, after; /* the two means */
	double gain;
	double t;
};

/* (a - b) in standard errors of the difference: se_a, se_b of each. */
double fv_welch_t(double a, double se_a, double b, double se_b);
bool fv_step_fit(const double *v, size_t n, size_t min_seg, struct fv_step *st);

/*
 * SNIA PTS steady state over a window of values (rounds): the range
 * (max - min) and the excursion of the least-squares line across the
 * window, both as fractions of the window's mean.
 */
struct fv_snia {
	double mean;
	double range;	  /* (max - min) / mean */
	double excursion; /* |slope| * (n - 1) / mean */
	bool steady;
};
void fv_snia(const double *v, size_t n, double max_range, double max_excursion,
	     struct fv_snia *s);

/*
 * Means of a series over consecutive rounds of round_ms (by window end
 * time; windows ending in (k*round, (k+1)*round] form round k). Only
 * complete rounds (the last ends by t[n-1]) are kept. out (and se, the
 * standard error of each mean, NAN for a round of one window; may be
 * NULL) must hold n values; returns the number of rounds.
 */
size_t fv_rounds(const double *t_ms, const double *v, size_t n, double round_ms,
		 double *out, double *se);

#endif
