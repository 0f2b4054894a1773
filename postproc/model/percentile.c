/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "percentile.h"

int fv_pctl_from_bins(const struct fv_bin *bins, size_t nbins, uint64_t total,
		      double p, uint64_t *value)
{
	/* Same arithmetic as fio, long double included, to tie the same way. */
	long double target = (long double) p / 100.0 * total;
	unsigned long long sum = 0;

	if (!total)
		return -ERANGE;
	for (size_t i = 0; i < nbins; i++) {
		sum += bins[i].count;
		if (sum >= target) {
			*value = bins[i].ns;
			return 0;
		}
	}
	return -ERANGE;
}

static int bin_cmp(const void *a, const void *b)
{
	const struct fv_bin *x = a, *y = b;

	return x->ns < y->ns ? -1 : x->ns > y->ns;
}

void fv_bins_normalise(struct fv_bin *bins, size_t *nbins)
{
	size_t n = *nbins, out = 0;
	bool sorted = true;

	for (size_t i = 1; i < n && sorted; i++)
		sorted = bins[i - 1].ns < bins[i].ns;
	/* fio writes them in order; sorting is for hand-edited files. */
	if (!sorted)
		qsort(bins, n, sizeof(*bins), bin_cmp);
	for (size_t i = 0; i < n; i++) {
		if (out && bins[out - 1].ns == bins[i].ns)
			bins[out - 1].count += bins[i].count;
		else
			bins[out++] = bins[i];
	}
	*nbins = out;
}

uint64_t fv_bins_total(const struct fv_bin *bins, size_t nbins)
{
	uint64_t t = 0;

	for (size_t i = 0; i < nbins; i++)
		t += bins[i].count;
	return t;
}

const struct fv_reported_pct *fv_lat_reported(const struct fv_lat *lat,
					      double p)
{
	/* Keys are "%f" strings: equal to 6 decimals means the same one. */
	for (size_t i = 0; i < lat->nreported; i++)
		if (fabs(lat->reported[i].p - p) < 5e-7)
			return &lat->reported[i];
	return NULL;
}

int fv_lat_finish(struct fv_lat *lat, const struct fv_pctlist *pl)
{
	uint64_t total = fv_bins_total(lat->bins, lat->nbins);

	bool any = false;

	fv_lat_pct_free(lat);
	if (lat->present && pl->n)
		lat->pct = calloc(pl->n, sizeof(*lat->pct));
	if (lat->present && pl->n && !lat->pct)
		return -ENOMEM;
	for (size_t i = 0; lat->pct && i < pl->n; i++) {
		const struct fv_reported_pct *r;
		uint64_t v;

		lat->pct[i].src = FV_PCT_NONE;
		if (lat->nbins && !fv_pctl_from_bins(lat->bins, lat->nbins,
						     total, pl->p[i], &v)) {
			lat->pct[i].src = FV_PCT_BINS;
			lat->pct[i].ns = v;
		} else if ((r = fv_lat_reported(lat, pl->p[i]))) {
			lat->pct[i].src = FV_PCT_FIO;
			lat->pct[i].ns = r->ns;
		}
		lat->pct[i].lower_bound =
			lat->pct[i].src != FV_PCT_NONE &&
			lat->pct[i].ns >= (lat->us_histogram ? FV_HIST_END_US_NS
							     : FV_HIST_END_NS);
		any |= lat->pct[i].src != FV_PCT_NONE;
	}
	/* Empty sections (trim, sync, slat) are most of them: share one. */
	if (lat->pct && !any) {
		free(lat->pct);
		lat->pct = (struct fv_pctval *) fv_pct_none;
	}
	lat->had_bins = lat->nbins > 0;
	fv_lat_set_bins(lat, NULL, 0);
	return 0;
}
