/* SPDX-License-Identifier: MIT */
#include "accounting.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define DUR_PENDING_INITIAL 1024u

int dur_init(struct dur_acct *a)
{
	memset(a, 0, sizeof(*a));
	hist_init(&a->flush_lat);
	hist_init(&a->syncfs_lat);
	hist_init(&a->write_to_durable);
	a->pending = calloc(DUR_PENDING_INITIAL, sizeof(*a->pending));
	if (!a->pending)
		return -ENOMEM;
	a->pending_cap = DUR_PENDING_INITIAL;
	return 0;
}

void dur_free(struct dur_acct *a)
{
	free(a->pending);
	a->pending = NULL;
	a->pending_cap = 0;
}

/* Completed writes no flush has covered yet: the pending ring. */
static uint64_t pending_count(const struct dur_acct *a)
{
	return a->completed_seq - a->head_seq;
}

uint64_t dur_writes_not_durable(const struct dur_acct *a)
{
	return pending_count(a) + a->counts.writes_flush_failed;
}

void dur_read_completed(struct dur_acct *a, uint64_t bytes, int error)
{
	if (error)
		return;
	a->counts.reads++;
	a->counts.read_bytes += bytes;
}

void dur_span(struct dur_acct *a, uint64_t submit_ns, uint64_t done_ns)
{
	if (submit_ns &&
	    (!a->first_submit_ns || submit_ns < a->first_submit_ns))
		a->first_submit_ns = submit_ns;
	if (done_ns > a->last_done_ns)
		a->last_done_ns = done_ns;
}

uint64_t dur_span_ns(const struct dur_acct *a)
{
	if (!a->first_submit_ns || a->last_done_ns < a->first_submit_ns)
		return 0;
	return a->last_done_ns - a->first_submit_ns;
}

void dur_trim_completed(struct dur_acct *a)
{
	a->counts.trims++;
}

/* Doubles the ring, keeping sequence order; false when at the limit. */
static bool pending_grow(struct dur_acct *a)
{
	uint64_t n = pending_count(a), cap = a->pending_cap * 2, s;
	struct dur_pending *p;

	if (cap > DUR_PENDING_LIMIT)
		return false;
	p = calloc(cap, sizeof(*p));
	if (!p)
		return false;
	for (s = a->head_seq; s < a->head_seq + n; s++)
		p[s & (cap - 1)] = a->pending[s & (a->pending_cap - 1)];
	free(a->pending);
	a->pending = p;
	a->pending_cap = cap;
	return true;
}

static void pending_push(struct dur_acct *a, uint64_t submit_ns, uint64_t bytes)
{
	struct dur_pending *slot;

	if (pending_count(a) == a->pending_cap && !pending_grow(a)) {
		a->counts.writes_untracked++;
		return;
	}
	slot = &a->pending[a->completed_seq & (a->pending_cap - 1)];
	slot->submit_ns = submit_ns;
	slot->bytes = bytes;
	a->completed_seq++;
}

/*
 * A flush covers the writes completed before its watermark: at submission,
 * or for a linked flush at its write's end. A watermark no higher than the
 * last one means nothing completed since the last flush: nothing to sync.
 */
static void set_watermark(struct dur_acct *a, struct dur_flush_token *t)
{
	t->watermark = a->completed_seq;
	t->watermark_set = true;
	if (t->watermark <= a->last_watermark) {
		t->counted_empty = true;
		a->counts.empty_syncs++;
	}
	if (t->watermark > a->last_watermark)
		a->last_watermark = t->watermark;
}

void dur_write_completed(struct dur_acct *a, uint64_t submit_ns,
			 uint64_t done_ns, uint64_t bytes, int error,
			 bool dsync, struct dur_flush_token *link)
{
	if (error) {
		a->counts.write_errors++;
	} else {
		a->counts.writes++;
		a->counts.write_bytes += bytes;
		if (dsync)
			hist_record(&a->write_to_durable, done_ns - submit_ns);
		else
			pending_push(a, submit_ns, bytes);
	}
	if (link && !link->watermark_set)
		set_watermark(a, link);
}

void dur_flush_submitted(struct dur_acct *a, struct dur_flush_token *t,
			 enum dur_flush_kind kind, uint64_t now_ns, bool linked)
{
	memset(t, 0, sizeof(*t));
	t->submit_ns = now_ns;
	t->kind = kind;
	if (kind == DUR_FDATASYNC)
		a->counts.fdatasyncs++;
	else if (kind == DUR_SYNCFS)
		a->counts.syncfses++;
	else
		a->counts.fsyncs++;
	if (linked)
		return;
	set_watermark(a, t);
}

/* The pending writes below a failed flush's watermark: lost for good. */
static void lose_covered(struct dur_acct *a, const struct dur_flush_token *t)
{
	while (t->watermark_set && a->head_seq < t->watermark) {
		a->counts.writes_flush_failed++;
		a->head_seq++;
	}
}

void dur_flush_completed(struct dur_acct *a, struct dur_flush_token *t,
			 uint64_t done_ns, int error)
{
	uint64_t writes = 0, bytes = 0;

	if (error) {
		a->counts.flush_errors++;
		if (error != -ECANCELED)
			lose_covered(a, t);
		return;
	}
	hist_record(t->kind == DUR_SYNCFS ? &a->syncfs_lat : &a->flush_lat,
		    done_ns - t->submit_ns);
	/* a linked flush whose write never completed covers nothing new */
	if (!t->watermark_set)
		return;
	while (a->head_seq < t->watermark) {
		struct dur_pending *p =
			&a->pending[a->head_seq & (a->pending_cap - 1)];

		hist_record(&a->write_to_durable, done_ns - p->submit_ns);
		writes++;
		bytes += p->bytes;
		a->head_seq++;
	}
	if (!writes)
		return;
	a->counts.nonempty_flushes++;
	a->counts.writes_covered += writes;
	a->counts.bytes_covered += bytes;
	if (writes > a->counts.max_writes_per_flush)
		a->counts.max_writes_per_flush = writes;
	if (bytes > a->counts.max_bytes_per_flush)
		a->counts.max_bytes_per_flush = bytes;
}
