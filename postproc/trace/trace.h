/* SPDX-License-Identifier: MIT */
/*
 * A block device's requests, as a trace: read from and written as fio's
 * iologs (iolog.c), captured from the kernel's block tracepoints
 * (tracefs.c, capture.c) and summed up (summary.c). Knows nothing of
 * fio's results.
 */
#ifndef FV_TRACE_H
#define FV_TRACE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/util.h"

enum fv_trace_kind {
	FV_TRACE_READ,
	FV_TRACE_WRITE,
	FV_TRACE_SYNC, /* a flush: fio's "sync" action */
	FV_TRACE_TRIM, /* a discard */
	FV_TRACE_KINDS,
};

/* "read", "write", "sync", "trim": fio's iolog actions. */
const char *fv_trace_kind_name(enum fv_trace_kind k);

struct fv_trace_req {
	uint64_t t_us;	 /* issued, microseconds since the trace began */
	uint64_t offset; /* bytes */
	uint32_t len;	 /* bytes; 0 for a sync */
	uint32_t line;	 /* the iolog line it was read from; 0: captured */
	enum fv_trace_kind kind;
};

struct fv_trace {
	char *target; /* the one file or device the log names */
	struct fv_trace_req *v;
	size_t n, cap;
	int version; /* the iolog's: 2 or 3 */
	bool timed;  /* v3, or v2 with wait lines: the times mean something */
};

/* Appends a request. 0 or -ENOMEM (t unchanged). */
int fv_trace_add(struct fv_trace *t, const struct fv_trace_req *r);
void fv_trace_free(struct fv_trace *t);

/*
 * Moves the times back so that the first request is at 0 (fio's replay
 * starts its clock at the first line: a later first request would hide
 * as much of the replay's lag). Returns the trace's extent: the end of
 * its last byte.
 */
uint64_t fv_trace_rebase(struct fv_trace *t);
/* How many reads and writes t holds; their bytes in *bytes (or NULL). */
uint64_t fv_trace_rw(const struct fv_trace *t, uint64_t *bytes);

/* ---- fio's iologs (iolog.c) ---- */

/*
 * Parses an iolog of fio's version 2 or 3 ("fio version N iolog" on its
 * first line) into t: one target, added and opened before its first
 * request; read, write, sync, datasync (a sync) and trim; v3 times in
 * microseconds, never going back; v2 "wait" lines give the times (fio's
 * milliseconds since it started). name is the file's, for messages.
 * Returns 0, or -EINVAL with e naming name:line and what would be right
 * (a blktrace binary, another version, a line out of order, an I/O
 * before its add/open, a second device), or -ENOMEM.
 */
int fv_iolog_parse(struct fv_trace *t, const char *name, const char *text,
		   size_t len, struct fv_error *e);
/* fv_iolog_parse of the file at path: also -errno when it cannot be read. */
int fv_iolog_load(struct fv_trace *t, const char *path, struct fv_error *e);

/*
 * Writes t as an iolog of version 3 (every line timed, in microseconds)
 * or, for fio before 3.31, version 2 (a "wait" line before each request
 * later than the one before, in fio's milliseconds since it started),
 * naming the target target (NULL: t->target). 0 or -EIO.
 */
int fv_iolog_write(const struct fv_trace *t, int version, const char *target,
		   FILE *f);

/*
 * The first request that ends past size bytes: -ERANGE with e naming its
 * line (or its index when captured) and the target's size; 0 when none.
 */
int fv_trace_check_size(const struct fv_trace *t, uint64_t size,
			const char *name, struct fv_error *e);

/* ---- Capture from the kernel's block tracepoints (capture.c) ---- */

struct fv_capture_opts {
	const char *device; /* a block device (a partition: its disk's, within
			       it) */
	double seconds;	    /* 0: until *stop */
	/* set (by a signal handler) to end the capture early */
	const volatile sig_atomic_t *stop;
};

/* What a capture saw, for its summary (summary.c). */
struct fv_capture_stats {
	uint64_t count[FV_TRACE_KINDS], bytes[FV_TRACE_KINDS];
	/* the first 16 distinct sizes of each kind, and how many had each */
	struct {
		uint32_t len;
		uint64_t n;
	} sizes[FV_TRACE_KINDS][16];
	uint64_t skipped;     /* requests fio cannot replay (no data: N) */
	uint64_t requeued;    /* issued, given back, issued again: kept once */
	uint64_t lost;	      /* events the kernel's buffer dropped */
	double seconds;	      /* from the first request to the last */
	unsigned qd_max;      /* requests in flight at once */
	double qd_mean;	      /* time-weighted, while any was in flight */
	uint32_t *per_second; /* requests issued in each second */
	size_t nseconds;
};

/*
 * Records every request that reaches o->device, from a tracefs instance
 * of its own (removed when done, even when the capture fails), until
 * o->seconds have passed or *o->stop is set; the requests go to t (sorted
 * by time, from 0 at the first), the figures to s. Returns 0, or a
 * negative errno with e saying what could not be done and its exit status
 * (77 not root, 69 no tracefs, 66 not a block device, 2 events lost).
 */
int fv_capture(const struct fv_capture_opts *o, struct fv_trace *t,
	       struct fv_capture_stats *s, struct fv_error *e);
void fv_capture_stats_free(struct fv_capture_stats *s);

/* The summary: requests by kind and size, the rate, the queue depth. */
void fv_capture_summary(FILE *out, const char *device,
			const struct fv_capture_stats *s);

#endif
