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
#include "util/util.h"

/* Lines and each field of them, as the line says it. */
static const struct {
	const char *line;
	struct fv_block_event ev;
} events[] = {
	{ "             fio-4542    [001] ..... 26447.494384: block_rq_issue: "
	  "7,0 RS 4096 () 984 + 8 be,0,4 [fio]",
	  { FV_BLK_ISSUE, 26447494384ULL, 7, 0, "RS", 984, 8 } },
	{ "     ksoftirqd/0-14      [000] ..s.. 26447.494527: "
	  "block_rq_complete: 7,0 RS () 984 + 8 be,0,4 [0]",
	  { FV_BLK_COMPLETE, 26447494527ULL, 7, 0, "RS", 984, 8 } },
	/* a flush's completion: no sector (all ones) and none done */
	{ "  ksoftirqd/1-24 [001] ..s.. 26447.497547: block_rq_complete: 7,0 "
	  "FF () 18446744073709551615 + 0 none,0,0 [0]",
	  { FV_BLK_COMPLETE, 26447497547ULL, 7, 0, "FF", UINT64_MAX, 0 } },
	{ "  kworker/0:1H-99 [000] ..... 100.000001: block_rq_requeue: 8,16 W "
	  "() 2048 + 16 be,0,4 [0]",
	  { FV_BLK_REQUEUE, 100000001, 8, 16, "W", 2048, 16 } },
	/* Kernels before 6.x print no ioprio: "[comm]" follows the length. */
	{ "  dd-1234 [002] d..1. 512.250000: block_rq_issue: 8,0 W 1048576 () "
	  "4096 + 2048 [dd]",
	  { FV_BLK_ISSUE, 512250000, 8, 0, "W", 4096, 2048 } },
};

static void events_parsed(void **state)
{
	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(events); i++) {
		const struct fv_block_event *want = &events[i].ev;
		struct fv_block_event ev;

		assert_int_equal(fv_block_event_parse(events[i].line, &ev), 0);
		assert_int_equal(ev.what, want->what);
		assert_int_equal(ev.t_us, want->t_us);
		assert_int_equal(ev.major, want->major);
		assert_int_equal(ev.minor, want->minor);
		assert_string_equal(ev.rwbs, want->rwbs);
		assert_int_equal(ev.sector, want->sector);
		assert_int_equal(ev.nsectors, want->nsectors);
	}
}

static void not_ours(void **state)
{
	static const char *const lines[] = {
		"  bash-1 [000] ..... 1.000000: block_bio_queue: 8,0 W 0 + 8 "
		"[bash]",
		/* no time */
		"block_rq_issue: 7,0 RS 4096 () 984 + 8 [fio]",
		/* no command field */
		"  fio-1 [000] ..... 1.000000: block_rq_issue: 7,0 RS 4096 984 "
		"+ 8 [fio]",
		"",
	};
	struct fv_block_event ev;

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(lines); i++)
		assert_int_equal(fv_block_event_parse(lines[i], &ev), -EINVAL);
}

/* blk_fill_rwbs(): F first is a preflush, the op, then F is FUA. */
static void rwbs_kinds(void **state)
{
	static const struct {
		const char *rwbs;
		int n, kinds[2];
	} cases[] = {
		{ "RA", 1, { FV_TRACE_READ } },
		{ "WS", 1, { FV_TRACE_WRITE } },
		{ "WFS", 1, { FV_TRACE_WRITE } }, /* FUA: a write */
		{ "FWS", 2, { FV_TRACE_SYNC, FV_TRACE_WRITE } }, /* preflush */
		{ "FF", 1, { FV_TRACE_SYNC } }, /* one flush, not two */
		{ "F", 1, { FV_TRACE_SYNC } },
		{ "DS", 1, { FV_TRACE_TRIM } },
		{ "N", 0, { 0 } },  /* no data: not replayed */
		{ "WZ", 0, { 0 } }, /* write zeroes: no data */
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		struct fv_block_event ev = { 0 };
		int k[2];

		strcpy(ev.rwbs, cases[i].rwbs);
		assert_int_equal(fv_block_event_kinds(&ev, k), cases[i].n);
		for (int j = 0; j < cases[i].n; j++)
			assert_int_equal(k[j], cases[i].kinds[j]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(events_parsed),
		cmocka_unit_test(not_ours),
		cmocka_unit_test(rwbs_kinds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
