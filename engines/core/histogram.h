/* SPDX-License-Identifier: MIT */
/*
 * Log-linear latency histogram.
 *
 * Values (nanoseconds, or any unsigned 64-bit quantity) below 256 are kept
 * exactly; above, each power of two is split into 128 equal buckets, so a
 * bucket is at most 1/128 of its lower bound wide and its midpoint is within
 * 1/256 (0.4%) of any value in it. That is finer than the 1% the durability
 * report promises, at a fixed 59 KiB per histogram and O(1) recording: no
 * allocation on the I/O path.
 *
 * Percentiles follow fio's rule (t/latency_percentiles.py): the value of the
 * sample at rank ceil(p/100 * count), reported as its bucket's midpoint and
 * clamped to the exact minimum and maximum seen.
 */
#ifndef FV_HISTOGRAM_H
#define FV_HISTOGRAM_H

#include <stdbool.h>
#include <stdint.h>

#define HIST_EXACT_BITS 8
#define HIST_SUB_BITS 7
#define HIST_EXACT (1u << HIST_EXACT_BITS)
#define HIST_SUB (1u << HIST_SUB_BITS)
/* shifts 1..56 cover values up to 2^64 - 1 */
#define HIST_GROUPS (64 - HIST_EXACT_BITS)
#define HIST_BUCKETS (HIST_EXACT + HIST_GROUPS * HIST_SUB)

struct histogram {
	uint64_t count;
	uint64_t min;
	uint64_t max;
	/* sum kept as long double: 2^64 ns sums overflow u64 in a long run */
	long double sum;
	uint64_t buckets[HIST_BUCKETS];
};

void hist_init(struct histogram *h);
void hist_record(struct histogram *h, uint64_t value);
/* Adds every sample of @src into @dst (for aggregates across clones). */
void hist_merge(struct histogram *dst, const struct histogram *src);

/* Mean of the exact values; 0 when empty. */
double hist_mean(const struct histogram *h);

/*
 * Value at percentile @p (0 < p <= 100). Returns false (and leaves @out
 * alone) when the histogram is empty or @p is out of range.
 */
bool hist_percentile(const struct histogram *h, double p, uint64_t *out);

/* Bucket arithmetic, exposed for tests and for readers of dumped buckets. */
unsigned hist_bucket_index(uint64_t value);
uint64_t hist_bucket_low(unsigned index);
uint64_t hist_bucket_high(unsigned index);
uint64_t hist_bucket_mid(unsigned index);

#endif
