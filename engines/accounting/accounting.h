/* SPDX-License-Identifier: MIT */
/*
 * The accounting both engines keep, without fio: a log-linear histogram
 * for latencies, and durability accounting (which flush made which write
 * durable, and when), which records its latencies in it.
 */
#ifndef FV_ACCOUNTING_H
#define FV_ACCOUNTING_H

#include <stdbool.h>
#include <stdint.h>

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

/*
 * Durability accounting: which flush made which write durable, and when.
 *
 * A flush (fsync, fdatasync, NVMe Flush) covers the writes that had
 * completed before it started; a write still in flight when the flush is
 * submitted is not covered by it. So each completed write takes a sequence
 * number in completion order, and each flush takes a watermark: the number
 * of writes completed when it was submitted. When the flush completes, every
 * pending write below its watermark becomes durable, and its
 * write-to-durable latency is the flush's completion time minus the write's
 * submission time. Flushes that complete out of order need no special case:
 * a later flush simply drains more.
 *
 * A flush linked to its write (IOSQE_IO_LINK) starts only when that write
 * has completed, so its watermark is taken at the write's completion
 * instead. A write made with RWF_DSYNC (FUA) is durable at its own
 * completion.
 *
 * A flush that fails (an I/O error, an NVMe Write Fault) makes nothing
 * durable, and the writes it covered never become durable afterwards, even
 * if a later flush succeeds: the device said that its cache could not be
 * written, and a later flush cannot say that their data survived (the
 * lesson of PostgreSQL's fsync errors). They are counted lost. A flush
 * that never ran (-ECANCELED: the write it was linked to failed) is an
 * error too, but takes nothing with it: its writes wait for the next one.
 *
 * Nothing here knows fio: the engines feed it timestamps, and unit tests can
 * replay any interleaving.
 */
enum dur_flush_kind {
	DUR_FSYNC,
	DUR_FDATASYNC,
	/*
	 * syncfs(2) of the file system the job's files are on (fio 3.42's
	 * end_syncfs): covers every write completed before it, like an
	 * fsync of each file, and is timed apart, since one flush of a
	 * whole file system is not a per-write flush's cost.
	 */
	DUR_SYNCFS,
};

/* Pending writes beyond this many are counted, not timed (bounded memory). */
#define DUR_PENDING_LIMIT (1u << 20)

struct dur_pending {
	uint64_t submit_ns;
	uint64_t bytes;
};

/* State a flush carries from submission to completion. */
struct dur_flush_token {
	uint64_t submit_ns;
	uint64_t watermark;
	enum dur_flush_kind kind;
	bool watermark_set;
	bool counted_empty;
};

struct dur_counts {
	uint64_t reads, read_bytes;
	uint64_t writes, write_bytes, write_errors;
	uint64_t fsyncs, fdatasyncs, syncfses, flush_errors;
	uint64_t empty_syncs;
	uint64_t trims;
	uint64_t writes_untracked;
	/* completed writes a failed flush covered: never durable */
	uint64_t writes_flush_failed;
	/* writes made durable by some flush (not by RWF_DSYNC) */
	uint64_t writes_covered, bytes_covered;
	uint64_t max_writes_per_flush, max_bytes_per_flush;
	uint64_t nonempty_flushes;
};

struct dur_acct {
	struct dur_counts counts;
	struct histogram flush_lat;  /* fsyncs and fdatasyncs */
	struct histogram syncfs_lat; /* syncfs calls */
	struct histogram write_to_durable;

	/* completed, not yet durable writes: a ring indexed by sequence */
	struct dur_pending *pending;
	uint64_t pending_cap;	 /* power of two */
	uint64_t head_seq;	 /* oldest pending write */
	uint64_t completed_seq;	 /* writes completed (tracked) so far */
	uint64_t last_watermark; /* highest watermark of any flush submitted */

	/*
	 * From the first request submitted to the last one completed: the
	 * job's time for its I/O, which fio's runtime misses the end of when
	 * a replayed iolog runs out with requests still in flight.
	 */
	uint64_t first_submit_ns, last_done_ns;
};

int dur_init(struct dur_acct *a);
void dur_free(struct dur_acct *a);

void dur_read_completed(struct dur_acct *a, uint64_t bytes, int error);
/* A request submitted at @submit_ns (0: not stamped) ended at @done_ns. */
void dur_span(struct dur_acct *a, uint64_t submit_ns, uint64_t done_ns);
/* last_done_ns - first_submit_ns, or 0 before any request. */
uint64_t dur_span_ns(const struct dur_acct *a);
void dur_trim_completed(struct dur_acct *a);

/*
 * A write completed. @dsync: the write itself was durable (RWF_DSYNC/FUA).
 * @link: the flush linked after this write, or NULL; its watermark is set
 * here (even when the write failed, so that the flush can still complete).
 */
void dur_write_completed(struct dur_acct *a, uint64_t submit_ns,
			 uint64_t done_ns, uint64_t bytes, int error,
			 bool dsync, struct dur_flush_token *link);

/* A flush was submitted. @linked: its watermark comes at the write's end. */
void dur_flush_submitted(struct dur_acct *a, struct dur_flush_token *t,
			 enum dur_flush_kind kind, uint64_t now_ns,
			 bool linked);

/*
 * A flush completed (@error: negative errno, or 0). A failed one loses the
 * writes it covered (see above), unless it never ran (-ECANCELED).
 */
void dur_flush_completed(struct dur_acct *a, struct dur_flush_token *t,
			 uint64_t done_ns, int error);

/*
 * Completed writes that are not durable: no flush has covered them (yet,
 * or by the end), or the one that covered them failed.
 */
uint64_t dur_writes_not_durable(const struct dur_acct *a);

#endif
