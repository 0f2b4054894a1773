/* SPDX-License-Identifier: MIT */
/* A line of trace_pipe, as the kernel's block tracepoints print it. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "trace.h"
#include "tracefs.h"
#include "util/util.h"

/* "26447.494384" just before ": block_rq_..." as microseconds. */
static int parse_time(const char *line, const char *colon, uint64_t *t_us)
{
	const char *p = colon;
	unsigned long long s, us;
	int n = 0;

	while (p > line && p[-1] != ' ')
		p--;
	if (sscanf(p, "%llu.%6llu%n", &s, &us, &n) != 2 || p + n != colon ||
	    colon - p < 8)
		return -EINVAL;
	*t_us = (uint64_t) s * 1000000u + us;
	return 0;
}

/* "7,0 RS 4096 () 984 + 8 ..." (issue) or "7,0 RS () 984 + 8 ..." */
static int parse_fields(const char *p, struct fv_block_event *ev)
{
	unsigned long long sector;
	unsigned bytes, nsec;
	int n = 0;

	if (sscanf(p, "%u,%u %11s %n", &ev->major, &ev->minor, ev->rwbs, &n) !=
		    3 ||
	    !n)
		return -EINVAL;
	p += n;
	if (ev->what == FV_BLK_ISSUE && sscanf(p, "%u %n", &bytes, &n) == 1)
		p += n;
	/* the command, for passthrough requests: "()" for the others */
	if (*p != '(' || !(p = strchr(p, ')')))
		return -EINVAL;
	if (sscanf(p + 1, " %llu + %u", &sector, &nsec) != 2)
		return -EINVAL;
	ev->sector = sector;
	ev->nsectors = nsec;
	return 0;
}

int fv_block_event_parse(const char *line, struct fv_block_event *ev)
{
	static const struct {
		const char *name;
		enum fv_block_what what;
	} events[] = {
		{ ": block_rq_issue: ", FV_BLK_ISSUE },
		{ ": block_rq_complete: ", FV_BLK_COMPLETE },
		{ ": block_rq_requeue: ", FV_BLK_REQUEUE },
	};

	memset(ev, 0, sizeof(*ev));
	for (size_t i = 0; i < FV_ARRAY_SIZE(events); i++) {
		const char *at = strstr(line, events[i].name);

		if (!at)
			continue;
		if (parse_time(line, at, &ev->t_us))
			return -EINVAL;
		ev->what = events[i].what;
		return parse_fields(at + strlen(events[i].name), ev);
	}
	return -EINVAL;
}

/*
 * blk_fill_rwbs(): F (REQ_PREFLUSH) first, then the operation (W, R, D
 * discard, DE secure erase, F flush, N none; WZ write zeroes on some
 * kernels), then F (FUA), A, S, M. A FUA write is replayed as a write:
 * fio's iolog has no FUA. Write zeroes carries no data: left out.
 */
int fv_block_event_kinds(const struct fv_block_event *ev, int kinds[2])
{
	const char *p = ev->rwbs;
	int n = 0;

	if (p[0] == 'F' && p[1] && p[1] != 'A' && p[1] != 'S' && p[1] != 'M') {
		kinds[n++] = FV_TRACE_SYNC;
		p++;
	}
	switch (*p) {
	case 'W':
		/* WZ, write zeroes: no data, nothing fio's iolog can say */
		if (p[1] != 'Z')
			kinds[n++] = FV_TRACE_WRITE;
		break;
	case 'R':
		kinds[n++] = FV_TRACE_READ;
		break;
	case 'D':
		kinds[n++] = FV_TRACE_TRIM;
		break;
	case 'F':
		/* "FF": a flush that was a preflush: one sync, not two */
		if (!n)
			kinds[n++] = FV_TRACE_SYNC;
		break;
	default:
		break;
	}
	return n;
}
