/* SPDX-License-Identifier: MIT */
/* Durability accounting: which flush covers which write, and when. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "accounting/accounting.h"

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

/* QD1, fsync=1: each flush covers the one write before it. */
static void test_qd1_fsync_each(void **state)
{
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
	assert_int_equal(a->counts.writes, 10);
	assert_int_equal(a->counts.fsyncs, 10);
	assert_int_equal(a->counts.empty_syncs, 0);
	assert_int_equal(a->flush_lat.count, 10);
	assert_int_equal(pct(&a->flush_lat, 50), 50);
	assert_int_equal(a->write_to_durable.count, 10);
	assert_int_equal(pct(&a->write_to_durable, 99), 150);
	assert_int_equal(a->counts.max_writes_per_flush, 1);
	assert_int_equal(a->counts.max_bytes_per_flush, 4096);
	assert_int_equal(dur_writes_not_durable(a), 0);
}

/*
 * A syncfs covers every completed write, like an fsync, and is counted and
 * timed apart from the per-write flushes.
 */
static void test_syncfs_counted_apart(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token f, s;

	dur_write_completed(a, 0, 100, 4096, 0, false, NULL);
	dur_flush_submitted(a, &f, DUR_FSYNC, 100, false);
	dur_flush_completed(a, &f, 150, 0);
	dur_write_completed(a, 200, 300, 4096, 0, false, NULL);
	dur_write_completed(a, 210, 310, 4096, 0, false, NULL);
	dur_flush_submitted(a, &s, DUR_SYNCFS, 400, false);
	dur_flush_completed(a, &s, 10400, 0);
	assert_int_equal(a->counts.fsyncs, 1);
	assert_int_equal(a->counts.syncfses, 1);
	assert_int_equal(a->flush_lat.count, 1);
	assert_int_equal(pct(&a->flush_lat, 100), 50);
	assert_int_equal(a->syncfs_lat.count, 1);
	assert_int_equal(pct(&a->syncfs_lat, 100), 10000);
	assert_int_equal(a->write_to_durable.count, 3);
	assert_int_equal(a->counts.max_writes_per_flush, 2);
	assert_int_equal(dur_writes_not_durable(a), 0);
}

/*
 * A write still in flight when a flush is sent is not covered by it: it
 * waits for the next flush, and its write-to-durable latency says so.
 */
static void test_inflight_write_not_covered(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token f1, f2;

	/* w1 submitted at 0, done at 10; w2 submitted at 5, done at 40 */
	dur_write_completed(a, 0, 10, 512, 0, false, NULL);
	dur_flush_submitted(a, &f1, DUR_FDATASYNC, 20, false);
	dur_write_completed(a, 5, 40, 512, 0, false, NULL);
	dur_flush_completed(a, &f1, 60, 0);
	assert_int_equal(a->write_to_durable.count, 1);
	assert_int_equal(a->write_to_durable.max, 60); /* w1: 60 - 0 */
	assert_int_equal(dur_writes_not_durable(a), 1);

	dur_flush_submitted(a, &f2, DUR_FDATASYNC, 70, false);
	dur_flush_completed(a, &f2, 100, 0);
	assert_int_equal(a->write_to_durable.count, 2);
	assert_int_equal(a->write_to_durable.max, 95); /* w2: 100 - 5 */
	assert_int_equal(a->counts.fdatasyncs, 2);
	assert_int_equal(a->counts.fsyncs, 0);
	assert_int_equal(dur_writes_not_durable(a), 0);
}

/* Back-to-back syncs (fio 3.33 with async engines): the second is empty. */
static void test_empty_sync_counted(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token f1, f2, f3;

	dur_write_completed(a, 0, 10, 4096, 0, false, NULL);
	dur_flush_submitted(a, &f1, DUR_FSYNC, 11, false);
	dur_flush_submitted(a, &f2, DUR_FSYNC, 12, false);
	dur_flush_completed(a, &f1, 30, 0);
	dur_flush_completed(a, &f2, 31, 0);
	assert_int_equal(a->counts.empty_syncs, 1);
	/* a sync before any write is empty too */
	dur_flush_submitted(a, &f3, DUR_FSYNC, 40, false);
	dur_flush_completed(a, &f3, 41, 0);
	assert_int_equal(a->counts.empty_syncs, 2);
	assert_int_equal(a->counts.nonempty_flushes, 1);
	assert_int_equal(a->flush_lat.count, 3);
}

/* Flushes completing out of order: the later one drains more, once. */
static void test_out_of_order_flushes(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token f1, f2;

	dur_write_completed(a, 0, 10, 100, 0, false, NULL);
	dur_flush_submitted(a, &f1, DUR_FSYNC, 11, false);
	dur_write_completed(a, 2, 12, 100, 0, false, NULL);
	dur_flush_submitted(a, &f2, DUR_FSYNC, 13, false);
	dur_flush_completed(a, &f2, 20, 0); /* covers both writes */
	dur_flush_completed(a, &f1, 25, 0); /* nothing left */
	assert_int_equal(a->write_to_durable.count, 2);
	assert_int_equal(a->write_to_durable.max, 20);
	assert_int_equal(a->counts.max_writes_per_flush, 2);
	assert_int_equal(a->counts.max_bytes_per_flush, 200);
	assert_int_equal(a->counts.nonempty_flushes, 1);
}

/*
 * Linked write+flush: the flush's watermark comes at the write's end, so it
 * covers its own write although it was submitted before that write ended.
 */
static void test_linked_flush_covers_its_write(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token f;

	dur_flush_submitted(a, &f, DUR_FSYNC, 0, true);
	dur_write_completed(a, 0, 10, 4096, 0, false, &f);
	dur_flush_completed(a, &f, 30, 0);
	assert_int_equal(a->counts.empty_syncs, 0);
	assert_int_equal(a->write_to_durable.count, 1);
	assert_int_equal(a->write_to_durable.max, 30);
	assert_int_equal(a->flush_lat.max, 30);
}

/* RWF_DSYNC: durable at the write's own completion; later syncs are empty. */
static void test_dsync_writes(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token f;

	dur_write_completed(a, 100, 180, 4096, 0, true, NULL);
	dur_write_completed(a, 200, 290, 4096, 0, true, NULL);
	assert_int_equal(a->write_to_durable.count, 2);
	assert_int_equal(a->write_to_durable.max, 90);
	dur_flush_submitted(a, &f, DUR_FSYNC, 300, false);
	dur_flush_completed(a, &f, 310, 0);
	assert_int_equal(a->counts.empty_syncs, 1);
	assert_int_equal(dur_writes_not_durable(a), 0);
}

/* Errors: a failed write is not pending; a failed flush covers nothing. */
static void test_errors(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token f;

	dur_write_completed(a, 0, 10, 4096, -5, false, NULL);
	assert_int_equal(a->counts.write_errors, 1);
	assert_int_equal(a->counts.writes, 0);
	dur_write_completed(a, 20, 30, 4096, 0, false, NULL);
	dur_flush_submitted(a, &f, DUR_FSYNC, 31, false);
	dur_flush_completed(a, &f, 40, -5);
	assert_int_equal(a->counts.flush_errors, 1);
	assert_int_equal(a->counts.writes_flush_failed, 1);
	assert_int_equal(a->flush_lat.count, 0);
	assert_int_equal(dur_writes_not_durable(a), 1);
}

/*
 * A write a failed flush covered stays not durable after a later flush
 * succeeds; the writes after the failure are made durable as usual.
 */
static void test_failed_flush_loses_its_writes(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token f, g;

	dur_write_completed(a, 0, 10, 4096, 0, false, NULL);
	dur_write_completed(a, 5, 12, 4096, 0, false, NULL);
	dur_flush_submitted(a, &f, DUR_FSYNC, 13, false);
	dur_flush_completed(a, &f, 20, -EIO);
	dur_write_completed(a, 21, 30, 4096, 0, false, NULL);
	dur_flush_submitted(a, &g, DUR_FDATASYNC, 31, false);
	dur_flush_completed(a, &g, 40, 0);
	assert_int_equal(a->counts.flush_errors, 1);
	assert_int_equal(a->counts.writes_flush_failed, 2);
	assert_int_equal(a->write_to_durable.count, 1);
	assert_int_equal(a->write_to_durable.max, 40 - 21);
	assert_int_equal(a->counts.max_writes_per_flush, 1);
	assert_int_equal(dur_writes_not_durable(a), 2);
}

/*
 * Flushes out of order: a later flush that succeeded first made the writes
 * durable; an earlier one failing afterwards takes nothing back.
 */
static void test_failure_after_success_takes_nothing(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token f, g;

	dur_write_completed(a, 0, 10, 4096, 0, false, NULL);
	dur_flush_submitted(a, &f, DUR_FSYNC, 11, false);
	dur_write_completed(a, 12, 20, 4096, 0, false, NULL);
	dur_flush_submitted(a, &g, DUR_FSYNC, 21, false);
	dur_flush_completed(a, &g, 30, 0);
	dur_flush_completed(a, &f, 35, -EIO);
	assert_int_equal(a->counts.flush_errors, 1);
	assert_int_equal(a->counts.writes_flush_failed, 0);
	assert_int_equal(a->write_to_durable.count, 2);
	assert_int_equal(dur_writes_not_durable(a), 0);
}

/*
 * A linked flush cancelled because its write failed never ran: an error,
 * but the writes before it wait for the next flush instead of being lost.
 */
static void test_cancelled_flush_loses_nothing(void **state)
{
	struct dur_acct *a = *state;
	struct dur_flush_token l, f;

	dur_write_completed(a, 0, 10, 4096, 0, false, NULL);
	dur_flush_submitted(a, &l, DUR_FSYNC, 11, true);
	dur_write_completed(a, 11, 20, 4096, -EIO, false, &l);
	dur_flush_completed(a, &l, 21, -ECANCELED);
	assert_int_equal(a->counts.flush_errors, 1);
	assert_int_equal(a->counts.writes_flush_failed, 0);
	assert_int_equal(dur_writes_not_durable(a), 1);
	dur_flush_submitted(a, &f, DUR_FSYNC, 22, false);
	dur_flush_completed(a, &f, 30, 0);
	assert_int_equal(dur_writes_not_durable(a), 0);
	assert_int_equal(a->write_to_durable.count, 1);
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
		cmocka_unit_test_setup_teardown(test_inflight_write_not_covered,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_empty_sync_counted, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_out_of_order_flushes,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_linked_flush_covers_its_write, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dsync_writes, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_syncfs_counted_apart,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_failed_flush_loses_its_writes, setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_failure_after_success_takes_nothing, setup,
			teardown),
		cmocka_unit_test_setup_teardown(
			test_cancelled_flush_loses_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_many_pending_writes, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_clones_are_independent,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_io_span, setup, teardown),
	};

	return cmocka_run_group_tests_name("durability", tests, NULL, NULL);
}
