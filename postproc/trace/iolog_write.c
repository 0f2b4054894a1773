/* SPDX-License-Identifier: MIT */
/* A trace written back as fio's iolog, for fio to replay; its size checked. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "iolog_int.h"
#include "trace.h"

/* A name fio reads back as one field of at most 256 bytes. */
static bool writable_name(const char *s)
{
	size_t n = strlen(s);

	if (!n || n > NAME_MAX_BYTES)
		return false;
	for (size_t i = 0; i < n; i++)
		if (is_space(s[i]) || s[i] == '\n')
			return false;
	return true;
}

/* A request's action, offset and length as fio reads them. */
static int put_request(FILE *f, const char *target,
		       const struct fv_trace_req *r)
{
	if (r->kind == FV_TRACE_SYNC)
		return fprintf(f, "%s sync 0 0\n", target);
	return fprintf(f, "%s %s %" PRIu64 " %" PRIu32 "\n", target,
		       fv_trace_kind_name(r->kind), r->offset, r->len);
}

/*
 * Every request 1 us later than its time: fio waits before a line for
 * its time minus the line before's, but not at all after a line at 0
 * (delay_since_ttime), which would lose the gap after a first request at
 * 0. The add and open lines stay at 0.
 */
static uint64_t late(uint64_t t_us)
{
	return t_us < UINT64_MAX ? t_us + 1 : t_us;
}

static int write_v3(const struct fv_trace *t, const char *target, FILE *f)
{
	uint64_t last = 0;
	int err = 0;

	err |= fprintf(f, "fio version 3 iolog\n0 %s add\n0 %s open\n", target,
		       target) < 0;
	for (size_t i = 0; i < t->n; i++) {
		err |= fprintf(f, "%" PRIu64 " ", late(t->v[i].t_us)) < 0;
		err |= put_request(f, target, &t->v[i]) < 0;
		last = late(t->v[i].t_us);
	}
	err |= fprintf(f, "%" PRIu64 " %s close\n", last, target) < 0;
	return err ? -EIO : 0;
}

/*
 * fio before 3.31: a wait's offset field is the time, in milliseconds
 * since fio started (fio 3.28's read_iolog2: ipo->delay = offset, then
 * read_iolog_get sleeps until mtime_since_genesis() reaches it).
 */
static int write_v2(const struct fv_trace *t, const char *target, FILE *f)
{
	uint64_t waited = 0, ms;
	int err = 0;

	err |= fprintf(f, "fio version 2 iolog\n%s add\n%s open\n", target,
		       target) < 0;
	for (size_t i = 0; i < t->n; i++) {
		ms = t->v[i].t_us / 1000;
		if (ms > waited) {
			err |= fprintf(f, "%s wait %" PRIu64 " 0\n", target,
				       ms) < 0;
			waited = ms;
		}
		err |= put_request(f, target, &t->v[i]) < 0;
	}
	err |= fprintf(f, "%s close\n", target) < 0;
	return err ? -EIO : 0;
}

int fv_iolog_write(const struct fv_trace *t, int version, const char *target,
		   FILE *f)
{
	int ret;

	if (!target)
		target = t->target;
	/* Nothing fio would read back as what was meant. */
	if (!target || !writable_name(target) || (version != 2 && version != 3))
		return -EINVAL;
	ret = version == 3 ? write_v3(t, target, f) : write_v2(t, target, f);
	if (fflush(f) || ferror(f))
		return -EIO;
	return ret;
}

/* ---- The target's size ---- */

/* Where r ends: its last byte's offset plus one, at most 2^64 - 1. */
static uint64_t req_end(const struct fv_trace_req *r)
{
	return r->offset > UINT64_MAX - r->len ? UINT64_MAX
					       : r->offset + r->len;
}

int fv_trace_check_size(const struct fv_trace *t, uint64_t size,
			const char *name, struct fv_error *e)
{
	const char *target = t->target ? t->target : "the target";
	const struct fv_trace_req *r;
	size_t i;

	for (i = 0; i < t->n && req_end(&t->v[i]) <= size; i++)
		;
	if (i == t->n)
		return 0;
	r = &t->v[i];
	if (r->line)
		return fv_error_set(e, ERANGE, FV_EXIT_INPUT, name,
				    (int) r->line,
				    "'%s' of %" PRIu32 " bytes at %" PRIu64
				    " ends at byte %" PRIu64 ", past the end "
				    "of %s (%" PRIu64 " bytes): the log needs "
				    "a larger device",
				    fv_trace_kind_name(r->kind), r->len,
				    r->offset, req_end(r), target, size);
	return fv_error_set(e, ERANGE, FV_EXIT_INPUT, name, 0,
			    "request %zu ('%s' of %" PRIu32 " bytes at %" PRIu64
			    ") ends at byte %" PRIu64 ", past the end of %s "
			    "(%" PRIu64 " bytes): the trace needs a larger "
			    "device",
			    i + 1, fv_trace_kind_name(r->kind), r->len,
			    r->offset, req_end(r), target, size);
}
