/* SPDX-License-Identifier: MIT */
/* Internal to trace/: one line of the kernel's block tracepoints. */
#ifndef FV_TRACE_TRACEFS_H
#define FV_TRACE_TRACEFS_H

#include <stdbool.h>
#include <stdint.h>

enum fv_block_what {
	FV_BLK_ISSUE,	 /* block_rq_issue: the request goes to the device */
	FV_BLK_COMPLETE, /* block_rq_complete: nsectors of it are done */
	FV_BLK_REQUEUE,	 /* block_rq_requeue: it will be issued again */
};

struct fv_block_event {
	enum fv_block_what what;
	uint64_t t_us; /* the trace clock, microseconds */
	unsigned major, minor;
	char rwbs[12];	 /* "WS", "FF", "RA", "FWFS", "DS" ... */
	uint64_t sector; /* 512-byte sectors */
	uint32_t nsectors;
};

/*
 * Parses one trace_pipe line of block_rq_issue, block_rq_complete or
 * block_rq_requeue
 * ("fio-4542 [001] ..... 26447.494384: block_rq_issue: 7,0 RS 4096 () 984
 * + 8 be,0,4 [fio]"; kernels before 6.x lack the ioprio field). Returns 0,
 * or -EINVAL for any other line.
 */
int fv_block_event_parse(const char *line, struct fv_block_event *ev);

/*
 * What the request's rwbs flags make of it, in order: a flush before it
 * (a leading F: REQ_PREFLUSH) and the request itself. Returns how many
 * kinds went to kinds[0..1]: 0 for what fio cannot replay (N: no data).
 */
int fv_block_event_kinds(const struct fv_block_event *ev, int kinds[2]);

#endif
