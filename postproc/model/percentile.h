/* SPDX-License-Identifier: MIT */
/*
 * Percentiles by fio's own rule, so that a value computed here equals the
 * one fio printed wherever fio printed the same percentile.
 */
#ifndef FV_PERCENTILE_H
#define FV_PERCENTILE_H

#include <stddef.h>
#include <stdint.h>

#include "set.h"

/*
 * The value of percentile p (0 < p <= 100) of a json+ histogram: the
 * midpoint of the first bucket whose running count reaches p/100 * total,
 * i.e. the value at rank ceil(p/100 * total) (fio stat.c,
 * calc_clat_percentiles). bins must be sorted by value. Returns 0, or
 * -ERANGE when the histogram is empty or holds fewer than total samples.
 */
int fv_pctl_from_bins(const struct fv_bin *bins, size_t nbins, uint64_t total,
		      double p, uint64_t *value);

/* Sorts bins by value and merges equal values (duplicate keys). */
void fv_bins_normalise(struct fv_bin *bins, size_t *nbins);

/* Sum of the counts. */
uint64_t fv_bins_total(const struct fv_bin *bins, size_t nbins);

/*
 * Fills lat->pct[] for every percentile of pl: from the bins when there are
 * any, else from the value fio reported for exactly that percentile, else
 * FV_PCT_NONE. Never interpolates. Frees the bins afterwards. Returns 0 or
 * -ENOMEM.
 */
int fv_lat_finish(struct fv_lat *lat, const struct fv_pctlist *pl);

/* The reported value for percentile p, or NULL. */
const struct fv_reported_pct *fv_lat_reported(const struct fv_lat *lat,
					      double p);

#endif
