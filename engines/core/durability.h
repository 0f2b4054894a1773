/* SPDX-License-Identifier: MIT */
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
 * Nothing here knows fio: the engines feed it timestamps, and unit tests can
 * replay any interleaving.
 */
#ifndef FV_DURABILITY_H
#define FV_DURABILITY_H

#include <stdbool.h>
#include <stdint.h>

#include "histogram.h"

enum dur_flush_kind {
	DUR_FSYNC,
	DUR_FDATASYNC,
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
	uint64_t fsyncs, fdatasyncs, flush_errors;
	uint64_t empty_syncs;
	uint64_t trims;
	uint64_t writes_untracked;
	/* writes made durable by some flush (not by RWF_DSYNC) */
	uint64_t writes_covered, bytes_covered;
	uint64_t max_writes_per_flush, max_bytes_per_flush;
	uint64_t nonempty_flushes;
};

struct dur_acct {
	struct dur_counts counts;
	struct histogram flush_lat;
	struct histogram write_to_durable;

	/* completed, not yet durable writes: a ring indexed by sequence */
	struct dur_pending *pending;
	uint64_t pending_cap;	 /* power of two */
	uint64_t head_seq;	 /* oldest pending write */
	uint64_t completed_seq;	 /* writes completed (tracked) so far */
	uint64_t last_watermark; /* highest watermark of any flush submitted */
};

int dur_init(struct dur_acct *a);
void dur_free(struct dur_acct *a);

void dur_read_completed(struct dur_acct *a, uint64_t bytes, int error);
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

/* A flush completed (@error: negative errno, or 0). */
void dur_flush_completed(struct dur_acct *a, struct dur_flush_token *t,
			 uint64_t done_ns, int error);

/* Completed writes that no flush has covered (yet, or by the end). */
uint64_t dur_writes_not_durable(const struct dur_acct *a);

#endif
