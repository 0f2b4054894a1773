/* SPDX-License-Identifier: MIT */
/*
 * The kernel's block tracepoints as trace_pipe prints them
 * (trace/tracefs_line.c): lines copied from this machine's kernel
 * (6.18: with the ioprio field) and an older one's (without it), each
 * field as the line says it; what the rwbs flags make of a request.
 */
#include <errno.h>
#include <string.h>

#include "fvtest.h"
#include "trace/trace.h"
#include "trace/tracefs.h"

static void issue_with_ioprio(void **state)
{
	struct fv_block_event ev;

	(void) state;
	assert_int_equal(fv_block_event_parse("             fio-4542    [001] "
					      "..... 26447.494384: "
					      "block_rq_issue: 7,0 RS 4096 () "
					      "984 + 8 be,0,4 [fio]",
					      &ev),
			 0);
	assert_int_equal(ev.what, FV_BLK_ISSUE);
	assert_int_equal(ev.t_us, 26447494384ULL);
	assert_int_equal(ev.major, 7);
	assert_int_equal(ev.minor, 0);
	assert_string_equal(ev.rwbs, "RS");
	assert_int_equal(ev.sector, 984);
	assert_int_equal(ev.nsectors, 8);
}

static void complete_and_requeue(void **state)
{
	struct fv_block_event ev;

	(void) state;
	assert_int_equal(
		fv_block_event_parse("     ksoftirqd/0-14      [000] "
				     "..s.. 26447.494527: "
				     "block_rq_complete: 7,0 RS () 984 "
				     "+ 8 be,0,4 [0]",
				     &ev),
		0);
	assert_int_equal(ev.what, FV_BLK_COMPLETE);
	assert_int_equal(ev.sector, 984);
	assert_int_equal(ev.nsectors, 8);
	/* a flush's completion: no sector (all ones) and none done */
	assert_int_equal(fv_block_event_parse(
				 "  ksoftirqd/1-24 [001] ..s.. 26447.497547: "
				 "block_rq_complete: 7,0 FF () "
				 "18446744073709551615 + 0 none,0,0 [0]",
				 &ev),
			 0);
	assert_int_equal(ev.sector, UINT64_MAX);
	assert_int_equal(ev.nsectors, 0);
	assert_int_equal(fv_block_event_parse(
				 "  kworker/0:1H-99 [000] ..... 100.000001: "
				 "block_rq_requeue: 8,16 W () 2048 + 16 "
				 "be,0,4 [0]",
				 &ev),
			 0);
	assert_int_equal(ev.what, FV_BLK_REQUEUE);
	assert_int_equal(ev.major, 8);
	assert_int_equal(ev.minor, 16);
	assert_int_equal(ev.t_us, 100000001);
	assert_int_equal(ev.sector, 2048);
	assert_int_equal(ev.nsectors, 16);
}

/* Kernels before 6.x print no ioprio: "[comm]" follows the length. */
static void issue_without_ioprio(void **state)
{
	struct fv_block_event ev;

	(void) state;
	assert_int_equal(fv_block_event_parse("  dd-1234 [002] d..1. "
					      "512.250000: block_rq_issue: 8,0 "
					      "W 1048576 () 4096 + 2048 [dd]",
					      &ev),
			 0);
	assert_int_equal(ev.what, FV_BLK_ISSUE);
	assert_int_equal(ev.t_us, 512250000);
	assert_string_equal(ev.rwbs, "W");
	assert_int_equal(ev.sector, 4096);
	assert_int_equal(ev.nsectors, 2048);
}

static void not_ours(void **state)
{
	struct fv_block_event ev;

	(void) state;
	assert_int_equal(fv_block_event_parse("  bash-1 [000] ..... 1.000000: "
					      "block_bio_queue: 8,0 W 0 + 8 "
					      "[bash]",
					      &ev),
			 -EINVAL);
	assert_int_equal(fv_block_event_parse("block_rq_issue: 7,0 RS 4096 () "
					      "984 + 8 [fio]",
					      &ev),
			 -EINVAL); /* no time */
	assert_int_equal(fv_block_event_parse("  fio-1 [000] ..... 1.000000: "
					      "block_rq_issue: 7,0 RS 4096 984 "
					      "+ 8 [fio]",
					      &ev),
			 -EINVAL); /* no command field */
	assert_int_equal(fv_block_event_parse("", &ev), -EINVAL);
}

static int kinds_of(const char *rwbs, int kinds[2])
{
	struct fv_block_event ev = { 0 };

	strcpy(ev.rwbs, rwbs);
	return fv_block_event_kinds(&ev, kinds);
}

/* blk_fill_rwbs(): F first is a preflush, the op, then F is FUA. */
static void rwbs_kinds(void **state)
{
	int k[2];

	(void) state;
	assert_int_equal(kinds_of("RA", k), 1);
	assert_int_equal(k[0], FV_TRACE_READ);
	assert_int_equal(kinds_of("WS", k), 1);
	assert_int_equal(k[0], FV_TRACE_WRITE);
	assert_int_equal(kinds_of("WFS", k), 1); /* FUA: a write */
	assert_int_equal(k[0], FV_TRACE_WRITE);
	assert_int_equal(kinds_of("FWS", k), 2); /* preflush, then write */
	assert_int_equal(k[0], FV_TRACE_SYNC);
	assert_int_equal(k[1], FV_TRACE_WRITE);
	assert_int_equal(kinds_of("FF", k), 1); /* one flush, not two */
	assert_int_equal(k[0], FV_TRACE_SYNC);
	assert_int_equal(kinds_of("F", k), 1);
	assert_int_equal(k[0], FV_TRACE_SYNC);
	assert_int_equal(kinds_of("DS", k), 1);
	assert_int_equal(k[0], FV_TRACE_TRIM);
	assert_int_equal(kinds_of("N", k), 0); /* no data: not replayed */
	assert_int_equal(kinds_of("WZ", k), 0); /* write zeroes: no data */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(issue_with_ioprio),
		cmocka_unit_test(complete_and_requeue),
		cmocka_unit_test(issue_without_ioprio),
		cmocka_unit_test(not_ours),
		cmocka_unit_test(rwbs_kinds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
