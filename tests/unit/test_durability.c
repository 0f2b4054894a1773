/* SPDX-License-Identifier: MIT */
/* Durability accounting: which flush covers which write, and when. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "accounting/accounting.h"
#include "util/array_size.h"

static int setup(void **state)
{
	static struct dur_acct a;

	if (dur_init(&a))
		return -1;
	*state = &a;
	return 0;
}

static int teardown(void **state)
{
	dur_free(*state);
	return 0;
}

static uint64_t pct(const struct histogram *h, double p)
{
	uint64_t v = 0;

	assert_true(hist_percentile(h, p, &v));
	return v;
}

/* A figure a case checks, by name, so that a failure says which. */
enum what {
	WRITES,
	WRITE_ERRORS,
	FSYNCS,
	FDATASYNCS,
	SYNCFSES,
	EMPTY_SYNCS,
	NONEMPTY_FLUSHES,
	FLUSH_ERRORS,
	WRITES_FLUSH_FAILED,
	WRITES_UNTRACKED,
	MAX_WRITES_PER_FLUSH,
	MAX_BYTES_PER_FLUSH,
	FLUSH_LAT_COUNT,
	FLUSH_LAT_MAX,
	FLUSH_LAT_P50,
	FLUSH_LAT_P100,
	SYNCFS_LAT_COUNT,
	SYNCFS_LAT_P100,
	DURABLE_COUNT,
	DURABLE_MIN,
	DURABLE_MAX,
	DURABLE_P99,
	NOT_DURABLE,
};

struct want {
	enum what what;
	const char *name; /* NULL ends a list */
	uint64_t value;
};

/* clang-format off */
#define WANT(w, v) { w, #w, v }
#define WANT_END { 0, NULL, 0 }
/* clang-format on */

static uint64_t figure(const struct dur_acct *a, enum what w)
{
	const struct dur_counts *c = &a->counts;

	switch (w) {
	case WRITES:
		return c->writes;
	case WRITE_ERRORS:
		return c->write_errors;
	case FSYNCS:
		return c->fsyncs;
	case FDATASYNCS:
		return c->fdatasyncs;
	case SYNCFSES:
		return c->syncfses;
	case EMPTY_SYNCS:
		return c->empty_syncs;
	case NONEMPTY_FLUSHES:
		return c->nonempty_flushes;
	case FLUSH_ERRORS:
		return c->flush_errors;
	case WRITES_FLUSH_FAILED:
		return c->writes_flush_failed;
	case WRITES_UNTRACKED:
		return c->writes_untracked;
	case MAX_WRITES_PER_FLUSH:
		return c->max_writes_per_flush;
	case MAX_BYTES_PER_FLUSH:
		return c->max_bytes_per_flush;
	case FLUSH_LAT_COUNT:
		return a->flush_lat.count;
	case FLUSH_LAT_MAX:
		return a->flush_lat.max;
	case FLUSH_LAT_P50:
		return pct(&a->flush_lat, 50);
	case FLUSH_LAT_P100:
		return pct(&a->flush_lat, 100);
	case SYNCFS_LAT_COUNT:
		return a->syncfs_lat.count;
	case SYNCFS_LAT_P100:
		return pct(&a->syncfs_lat, 100);
	case DURABLE_COUNT:
		return a->write_to_durable.count;
	case DURABLE_MIN:
		return a->write_to_durable.min;
	case DURABLE_MAX:
		return a->write_to_durable.max;
	case DURABLE_P99:
		return pct(&a->write_to_durable, 99);
	case NOT_DURABLE:
		return dur_writes_not_durable(a);
	}
	fail_msg("no figure %d", (int) w);
	return 0;
}

static void check_wants(const struct dur_acct *a, const char *name,
			const struct want *w)
{
	for (; w->name; w++) {
		uint64_t got = figure(a, w->what);

		if (got != w->value)
			fail_msg("%s: %s is %llu, want %llu", name, w->name,
				 (unsigned long long) got,
				 (unsigned long long) w->value);
	}
}

/* QD1, fsync=1: each flush covers the one write before it. */
static void test_qd1_fsync_each(void **state)
{
	static const struct want want[] = {
		WANT(WRITES, 10),
		WANT(FSYNCS, 10),
		WANT(EMPTY_SYNCS, 0),
		WANT(FLUSH_LAT_COUNT, 10),
		WANT(FLUSH_LAT_P50, 50),
		WANT(DURABLE_COUNT, 10),
		WANT(DURABLE_P99, 150),
		WANT(MAX_WRITES_PER_FLUSH, 1),
		WANT(MAX_BYTES_PER_FLUSH, 4096),
		WANT(NOT_DURABLE, 0),
		WANT_END,
	};
	struct dur_acct *a = *state;
	struct dur_flush_token t;
	uint64_t now = 1000;
	int i;

	for (i = 0; i < 10; i++) {
		uint64_t sub = now;

		now += 100; /* write takes 100 ns */
		dur_write_completed(a, sub, now, 4096, 0, false, NULL);
		dur_flush_submitted(a, &t, DUR_FSYNC, now, false);
		now += 50; /* flush takes 50 ns */
		dur_flush_completed(a, &t, now, 0);
	}
	check_wants(a, "qd1 fsync=1", want);
}

/*
 * A case is a script of writes and flushes, then the figures it must
 * leave. A flush is named by its token's number; a write linked to a flush
 * names that token, an unlinked one -1.
 */
enum op { OP_END, OP_WRITE, OP_SUBMIT, OP_COMPLETE };

struct step {
	enum op op;
	uint64_t t0, t1; /* a write's submission and end; a flush's time */
	uint64_t bytes;
	int error;
	bool flag; /* a write: RWF_DSYNC; a submission: linked */
	int tok;
	enum dur_flush_kind kind;
};

/* clang-format off */
#define W(s, d, n) { OP_WRITE, s, d, n, 0, false, -1, DUR_FSYNC }
#define W_ERR(s, d, n, e) { OP_WRITE, s, d, n, e, false, -1, DUR_FSYNC }
#define W_DSYNC(s, d, n) { OP_WRITE, s, d, n, 0, true, -1, DUR_FSYNC }
#define W_LINKED(s, d, n, e, t) { OP_WRITE, s, d, n, e, false, t, DUR_FSYNC }
#define SUBMIT(t, k, now) { OP_SUBMIT, now, 0, 0, 0, false, t, k }
#define SUBMIT_LINKED(t, k, now) { OP_SUBMIT, now, 0, 0, 0, true, t, k }
#define COMPLETE(t, now, e) { OP_COMPLETE, now, 0, 0, e, false, t, DUR_FSYNC }
#define STEPS_END { OP_END, 0, 0, 0, 0, false, -1, DUR_FSYNC }
/* clang-format on */

struct script_case {
	const char *name;
	const struct step *steps;
	size_t upto; /* the figures after this many steps; 0: after all */
	const struct want *want;
};

/*
 * A syncfs covers every completed write, like an fsync, and is counted and
 * timed apart from the per-write flushes.
 */
static const struct step syncfs_steps[] = {
	W(0, 100, 4096),       SUBMIT(0, DUR_FSYNC, 100),
	COMPLETE(0, 150, 0),   W(200, 300, 4096),
	W(210, 310, 4096),     SUBMIT(1, DUR_SYNCFS, 400),
	COMPLETE(1, 10400, 0), STEPS_END,
};

/*
 * A write still in flight when a flush is sent is not covered by it: it
 * waits for the next flush, and its write-to-durable latency says so.
 * w1 is submitted at 0, done at 10; w2 submitted at 5, done at 40.
 */
static const struct step inflight_steps[] = {
	W(0, 10, 512),	    SUBMIT(0, DUR_FDATASYNC, 20), W(5, 40, 512),
	COMPLETE(0, 60, 0), SUBMIT(1, DUR_FDATASYNC, 70), COMPLETE(1, 100, 0),
	STEPS_END,
};

/*
 * Back-to-back syncs (fio 3.33 with async engines): the second is empty;
 * then a sync with no write since the last is empty too.
 */
static const struct step empty_sync_steps[] = {
	W(0, 10, 4096),		  SUBMIT(0, DUR_FSYNC, 11),
	SUBMIT(1, DUR_FSYNC, 12), COMPLETE(0, 30, 0),
	COMPLETE(1, 31, 0),	  SUBMIT(2, DUR_FSYNC, 40),
	COMPLETE(2, 41, 0),	  STEPS_END,
};

/* Flushes completing out of order: the later one drains more, once. */
static const struct step out_of_order_steps[] = {
	W(0, 10, 100),	    SUBMIT(0, DUR_FSYNC, 11),
	W(2, 12, 100),	    SUBMIT(1, DUR_FSYNC, 13),
	COMPLETE(1, 20, 0), /* covers both writes */
	COMPLETE(0, 25, 0), /* nothing left */
	STEPS_END,
};

/*
 * Linked write+flush: the flush's watermark comes at the write's end, so it
 * covers its own write although it was submitted before that write ended.
 */
static const struct step linked_steps[] = {
	SUBMIT_LINKED(0, DUR_FSYNC, 0),
	W_LINKED(0, 10, 4096, 0, 0),
	COMPLETE(0, 30, 0),
	STEPS_END,
};

/* RWF_DSYNC: durable at the write's own completion; later syncs are empty. */
static const struct step dsync_steps[] = {
	W_DSYNC(100, 180, 4096),
	W_DSYNC(200, 290, 4096),
	SUBMIT(0, DUR_FSYNC, 300),
	COMPLETE(0, 310, 0),
	STEPS_END,
};

/* Errors: a failed write is not pending; a failed flush covers nothing. */
static const struct step failed_flush_steps[] = {
	W_ERR(0, 10, 4096, -5), W(20, 30, 4096), SUBMIT(0, DUR_FSYNC, 31),
	COMPLETE(0, 40, -5),	STEPS_END,
};

/*
 * A write a failed flush covered stays not durable after a later flush
 * succeeds; the writes after the failure are made durable as usual.
 */
static const struct step flush_fails_then_succeeds_steps[] = {
	W(0, 10, 4096),	       W(5, 12, 4096),	SUBMIT(0, DUR_FSYNC, 13),
	COMPLETE(0, 20, -EIO), W(21, 30, 4096), SUBMIT(1, DUR_FDATASYNC, 31),
	COMPLETE(1, 40, 0),    STEPS_END,
};

/*
 * Flushes out of order: a later flush that succeeded first made the writes
 * durable; an earlier one failing afterwards takes nothing back.
 */
static const struct step failure_after_success_steps[] = {
	W(0, 10, 4096),	    SUBMIT(0, DUR_FSYNC, 11),
	W(12, 20, 4096),    SUBMIT(1, DUR_FSYNC, 21),
	COMPLETE(1, 30, 0), COMPLETE(0, 35, -EIO),
	STEPS_END,
};

/*
 * A linked flush cancelled because its write failed never ran: an error,
 * but the writes before it wait for the next flush instead of being lost.
 */
static const struct step cancelled_steps[] = {
	W(0, 10, 4096),
	SUBMIT_LINKED(0, DUR_FSYNC, 11),
	W_LINKED(11, 20, 4096, -EIO, 0),
	COMPLETE(0, 21, -ECANCELED),
	SUBMIT(1, DUR_FSYNC, 22),
	COMPLETE(1, 30, 0),
	STEPS_END,
};

static const struct script_case script_cases[] = {
	{ "syncfs counted apart", syncfs_steps, 0,
	  (const struct want[]){
		  WANT(FSYNCS, 1), WANT(SYNCFSES, 1), WANT(FLUSH_LAT_COUNT, 1),
		  WANT(FLUSH_LAT_P100, 50), WANT(SYNCFS_LAT_COUNT, 1),
		  WANT(SYNCFS_LAT_P100, 10000), WANT(DURABLE_COUNT, 3),
		  WANT(MAX_WRITES_PER_FLUSH, 2), WANT(NOT_DURABLE, 0),
		  WANT_END } },
	{ "in-flight write not covered", inflight_steps, 4,
	  (const struct want[]){ WANT(DURABLE_COUNT, 1),
				 WANT(DURABLE_MAX, 60), /* w1: 60 - 0 */
				 WANT(NOT_DURABLE, 1), WANT_END } },
	{ "in-flight write covered by the next flush", inflight_steps, 0,
	  (const struct want[]){ WANT(DURABLE_COUNT, 2),
				 WANT(DURABLE_MAX, 95), /* w2: 100 - 5 */
				 WANT(FDATASYNCS, 2), WANT(FSYNCS, 0),
				 WANT(NOT_DURABLE, 0), WANT_END } },
	{ "back-to-back sync is empty", empty_sync_steps, 5,
	  (const struct want[]){ WANT(EMPTY_SYNCS, 1), WANT_END } },
	{ "sync before any write is empty", empty_sync_steps, 0,
	  (const struct want[]){ WANT(EMPTY_SYNCS, 2),
				 WANT(NONEMPTY_FLUSHES, 1),
				 WANT(FLUSH_LAT_COUNT, 3), WANT_END } },
	{ "flushes completing out of order", out_of_order_steps, 0,
	  (const struct want[]){ WANT(DURABLE_COUNT, 2), WANT(DURABLE_MAX, 20),
				 WANT(MAX_WRITES_PER_FLUSH, 2),
				 WANT(MAX_BYTES_PER_FLUSH, 200),
				 WANT(NONEMPTY_FLUSHES, 1), WANT_END } },
	{ "linked flush covers its write", linked_steps, 0,
	  (const struct want[]){ WANT(EMPTY_SYNCS, 0), WANT(DURABLE_COUNT, 1),
				 WANT(DURABLE_MAX, 30), WANT(FLUSH_LAT_MAX, 30),
				 WANT_END } },
	{ "dsync writes durable at their end", dsync_steps, 2,
	  (const struct want[]){ WANT(DURABLE_COUNT, 2), WANT(DURABLE_MAX, 90),
				 WANT_END } },
	{ "sync after dsync writes is empty", dsync_steps, 0,
	  (const struct want[]){ WANT(EMPTY_SYNCS, 1), WANT(NOT_DURABLE, 0),
				 WANT_END } },
	{ "failed write not pending", failed_flush_steps, 1,
	  (const struct want[]){ WANT(WRITE_ERRORS, 1), WANT(WRITES, 0),
				 WANT_END } },
	{ "failed flush covers nothing", failed_flush_steps, 0,
	  (const struct want[]){
		  WANT(FLUSH_ERRORS, 1), WANT(WRITES_FLUSH_FAILED, 1),
		  WANT(FLUSH_LAT_COUNT, 0), WANT(NOT_DURABLE, 1), WANT_END } },
	{ "failed flush loses its writes", flush_fails_then_succeeds_steps, 0,
	  (const struct want[]){
		  WANT(FLUSH_ERRORS, 1), WANT(WRITES_FLUSH_FAILED, 2),
		  WANT(DURABLE_COUNT, 1), WANT(DURABLE_MAX, 40 - 21),
		  WANT(MAX_WRITES_PER_FLUSH, 1), WANT(NOT_DURABLE, 2),
		  WANT_END } },
	{ "failure after success takes nothing", failure_after_success_steps, 0,
	  (const struct want[]){
		  WANT(FLUSH_ERRORS, 1), WANT(WRITES_FLUSH_FAILED, 0),
		  WANT(DURABLE_COUNT, 2), WANT(NOT_DURABLE, 0), WANT_END } },
	{ "cancelled flush loses nothing", cancelled_steps, 4,
	  (const struct want[]){ WANT(FLUSH_ERRORS, 1),
				 WANT(WRITES_FLUSH_FAILED, 0),
				 WANT(NOT_DURABLE, 1), WANT_END } },
	{ "after a cancelled flush the next one covers", cancelled_steps, 0,
	  (const struct want[]){ WANT(NOT_DURABLE, 0), WANT(DURABLE_COUNT, 1),
				 WANT_END } },
};

static void run_step(struct dur_acct *a, struct dur_flush_token *tok,
		     const struct step *s)
{
	switch (s->op) {
	case OP_WRITE:
		dur_write_completed(a, s->t0, s->t1, s->bytes, s->error,
				    s->flag, s->tok < 0 ? NULL : &tok[s->tok]);
		break;
	case OP_SUBMIT:
		dur_flush_submitted(a, &tok[s->tok], s->kind, s->t0, s->flag);
		break;
	case OP_COMPLETE:
		dur_flush_completed(a, &tok[s->tok], s->t0, s->error);
		break;
	case OP_END:
		break;
	}
}

static void test_scripts(void **state)
{
	size_t i;

	(void) state;
	for (i = 0; i < FV_ARRAY_SIZE(script_cases); i++) {
		const struct script_case *c = &script_cases[i];
		struct dur_flush_token tok[3];
		const struct step *s;
		struct dur_acct a;

		assert_int_equal(dur_init(&a), 0);
		for (s = c->steps; s->op != OP_END; s++) {
			if (c->upto && s == c->steps + c->upto)
				break;
			run_step(&a, tok, s);
		}
		check_wants(&a, c->name, c->want);
		dur_free(&a);
	}
}

/* The pending ring grows past its first size and keeps order. */
static void test_many_pending_writes(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token f;
	uint64_t i;

	for (i = 0; i < 5000; i++)
		dur_write_completed(a, i, i + 1, 1, 0, false, NULL);
	assert_int_equal(dur_writes_not_durable(a), 5000);
	dur_flush_submitted(a, &f, DUR_FSYNC, 6000, false);
	dur_flush_completed(a, &f, 7000, 0);
	assert_int_equal(a->write_to_durable.count, 5000);
	assert_int_equal(a->write_to_durable.min, 7000 - 4999);
	assert_int_equal(a->write_to_durable.max, 7000);
	assert_int_equal(a->counts.max_writes_per_flush, 5000);
	assert_int_equal(a->counts.writes_untracked, 0);
}

/* Two clones account separately: one's flushes never drain the other's. */
static void test_clones_are_independent(void **state)
{
	struct dur_acct b;
	struct dur_acct *a = *state;
	struct dur_flush_token f;

	assert_int_equal(dur_init(&b), 0);
	dur_write_completed(a, 0, 1, 10, 0, false, NULL);
	dur_write_completed(&b, 0, 1, 10, 0, false, NULL);
	dur_flush_submitted(&b, &f, DUR_FSYNC, 2, false);
	dur_flush_completed(&b, &f, 3, 0);
	assert_int_equal(dur_writes_not_durable(a), 1);
	assert_int_equal(dur_writes_not_durable(&b), 0);
	assert_int_equal(a->counts.fsyncs, 0);
	dur_free(&b);
}

/*
 * The span of a job's I/O: the first submission to the last end, in
 * whatever order requests end; a request not stamped does not move the
 * start; nothing before any request.
 */
static void test_io_span(void **state)
{
	struct dur_acct *a = *state;

	assert_int_equal(dur_span_ns(a), 0);
	dur_span(a, 1000, 5000);
	dur_span(a, 800, 4000); /* submitted earlier, ended before */
	dur_span(a, 0, 9000);	/* a trim: its end only */
	assert_int_equal(dur_span_ns(a), 9000 - 800);
	dur_span(a, 2000, 3000);
	assert_int_equal(dur_span_ns(a), 8200);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_qd1_fsync_each, setup,
						teardown),
		cmocka_unit_test(test_scripts),
		cmocka_unit_test_setup_teardown(test_many_pending_writes, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_clones_are_independent,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_io_span, setup, teardown),
	};

	return cmocka_run_group_tests_name("durability", tests, NULL, NULL);
}
