/* SPDX-License-Identifier: MIT */
#include "accounting.h"

#include <string.h>

void hist_init(struct histogram *h)
{
	memset(h, 0, sizeof(*h));
}

unsigned hist_bucket_index(uint64_t value)
{
	unsigned msb, shift;

	if (value < HIST_EXACT)
		return (unsigned) value;
	msb = 63 - (unsigned) __builtin_clzll(value);
	/* keep HIST_SUB_BITS bits below the leading one */
	shift = msb - HIST_SUB_BITS;
	return HIST_EXACT + (shift - 1) * HIST_SUB +
	       (unsigned) ((value >> shift) - HIST_SUB);
}

uint64_t hist_bucket_low(unsigned index)
{
	unsigned shift;
	uint64_t mantissa;

	if (index < HIST_EXACT)
		return index;
	shift = (index - HIST_EXACT) / HIST_SUB + 1;
	mantissa = HIST_SUB + (index - HIST_EXACT) % HIST_SUB;
	return mantissa << shift;
}

uint64_t hist_bucket_high(unsigned index)
{
	unsigned shift;

	if (index < HIST_EXACT)
		return index;
	shift = (index - HIST_EXACT) / HIST_SUB + 1;
	return hist_bucket_low(index) + ((1ULL << shift) - 1);
}

uint64_t hist_bucket_mid(unsigned index)
{
	uint64_t low = hist_bucket_low(index);

	return low + (hist_bucket_high(index) - low) / 2;
}

void hist_record(struct histogram *h, uint64_t value)
{
	if (!h->count || value < h->min)
		h->min = value;
	if (value > h->max)
		h->max = value;
	h->count++;
	h->sum += value;
	h->buckets[hist_bucket_index(value)]++;
}

void hist_merge(struct histogram *dst, const struct histogram *src)
{
	unsigned i;

	if (!src->count)
		return;
	if (!dst->count || src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	dst->count += src->count;
	dst->sum += src->sum;
	for (i = 0; i < HIST_BUCKETS; i++)
		dst->buckets[i] += src->buckets[i];
}

double hist_mean(const struct histogram *h)
{
	if (!h->count)
		return 0.0;
	return (double) (h->sum / h->count);
}

bool hist_percentile(const struct histogram *h, double p, uint64_t *out)
{
	/*
	 * The same comparison as fio's calc_clat_percentiles(), in long
	 * double, so that a percentile such as 99.9 (not exact in binary)
	 * picks the same sample fio would: the first whose cumulative count
	 * reaches p/100 * count.
	 */
	long double rank;
	uint64_t seen = 0, v;
	unsigned i;

	if (!h->count || !(p > 0.0 && p <= 100.0))
		return false;
	rank = (long double) p / 100.0 * h->count;
	for (i = 0; i < HIST_BUCKETS - 1; i++) {
		seen += h->buckets[i];
		if (seen >= rank)
			break;
	}
	v = hist_bucket_mid(i);
	if (v < h->min)
		v = h->min;
	if (v > h->max)
		v = h->max;
	*out = v;
	return true;
}
