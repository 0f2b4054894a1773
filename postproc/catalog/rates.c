/* SPDX-License-Identifier: MIT */
/*
 * The rates a label's SKUs hold its I/O to, as the emulator holds a replay
 * to them, and how long a known amount of I/O takes at those rates: one
 * place for the figures both the emulated run and its prediction use.
 */
#include <math.h>
#include <string.h>

#include "catalog.h"

/* The disk's credit bucket: the emulator models no other burst. */
static double credit_seconds(const struct fv_label_sku *ls)
{
	for (size_t i = 0; i < ls->n; i++)
		if (ls->sku[i].kind == FV_CAT_DISK &&
		    ls->sku[i].bursting == FV_BURST_CREDIT &&
		    !isnan(ls->sku[i].burst_s))
			return ls->sku[i].burst_s;
	return 0;
}

static double rate(const struct fv_limit *lim)
{
	return lim ? lim->value : 0;
}

void fv_rates_of(const struct fv_label_sku *ls, struct fv_rates *r)
{
	memset(r, 0, sizeof(*r));
	fv_limits_of(ls, &r->lim);
	r->iops = rate(r->lim.iops);
	r->bw = rate(r->lim.bw);
	r->burst_s = credit_seconds(ls);
	if (!r->burst_s)
		return;
	r->burst_iops = rate(r->lim.burst_iops);
	r->burst_bw = rate(r->lim.burst_bw);
}

/*
 * n units at base per second, faster (burst per second) while a full
 * bucket lasts: it holds (burst - base) x seconds units above the base.
 */
static double lane_time(double n, double base, double burst, double seconds)
{
	double t;

	if (base <= 0)
		return 0;
	if (burst <= base || seconds <= 0)
		return n / base;
	t = n / burst;
	if (t <= seconds)
		return t;
	return seconds + (n - burst * seconds) / base;
}

double fv_rates_time(const struct fv_rates *r, double ios, double bytes,
		     const struct fv_limit **bound)
{
	double t_iops = lane_time(ios, r->iops, r->burst_iops, r->burst_s);
	double t_bw = lane_time(bytes, r->bw, r->burst_bw, r->burst_s);
	bool by_bw = t_bw > t_iops;
	bool burst = by_bw ? r->burst_bw > r->bw : r->burst_iops > r->iops;

	if (bound)
		*bound = by_bw ? (burst && bytes / r->burst_bw <= r->burst_s
					  ? r->lim.burst_bw
					  : r->lim.bw)
			       : (burst && ios / r->burst_iops <= r->burst_s
					  ? r->lim.burst_iops
					  : r->lim.iops);
	return by_bw ? t_bw : t_iops;
}
