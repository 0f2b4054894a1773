/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's iologs (trace/iolog.c), which replay reads
 * from anyone: any bytes, parsed. A log taken holds a request, one
 * target, times that never go back and kinds that exist; written back
 * as version 3 it reads as the same requests, and as version 2 as the
 * same requests at whole milliseconds; its size check stops at the first
 * request past the end. A log refused says where and why.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/trace.h"

static void check_taken(const struct fv_trace *t)
{
	uint64_t last = 0;

	if (!t->n || !t->target || (t->version != 2 && t->version != 3))
		abort();
	for (size_t i = 0; i < t->n; i++) {
		const struct fv_trace_req *r = &t->v[i];

		if (r->kind >= FV_TRACE_KINDS || r->t_us < last ||
		    r->line < 2 || (i && r->line <= t->v[i - 1].line) ||
		    r->offset > UINT64_MAX - r->len ||
		    (r->kind == FV_TRACE_SYNC && (r->len || r->offset)) ||
		    (r->kind != FV_TRACE_SYNC && !r->len))
			abort();
		last = r->t_us;
	}
}

/* t written as version (into memory) and read back. */
static void reread(const struct fv_trace *t, int version, struct fv_trace *back)
{
	struct fv_error e = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f || fv_iolog_write(t, version, NULL, f) || fclose(f))
		abort();
	if (fv_iolog_parse(back, "back.log", buf, len, &e))
		abort();
	free(buf);
	if (back->n != t->n || strcmp(back->target, t->target) ||
	    back->version != version)
		abort();
}

static void check_written(const struct fv_trace *t)
{
	struct fv_trace back;

	reread(t, 3, &back);
	for (size_t i = 0; i < t->n; i++)
		/* written 1 us late (iolog.c), but for the largest time */
		if (back.v[i].t_us !=
			    t->v[i].t_us + (t->v[i].t_us < UINT64_MAX) ||
		    back.v[i].kind != t->v[i].kind ||
		    back.v[i].offset != t->v[i].offset ||
		    back.v[i].len != t->v[i].len)
			abort();
	fv_trace_free(&back);
	reread(t, 2, &back);
	for (size_t i = 0; i < t->n; i++)
		if (back.v[i].t_us != t->v[i].t_us / 1000 * 1000 ||
		    back.v[i].kind != t->v[i].kind ||
		    back.v[i].offset != t->v[i].offset)
			abort();
	fv_trace_free(&back);
}

/* The size check stops at the first request past the end, by its line. */
static void check_size(const struct fv_trace *t)
{
	struct fv_error e = { 0 };
	uint64_t end = 0;
	size_t first = 0;

	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].offset + t->v[i].len > end)
			end = t->v[i].offset + t->v[i].len;
	if (fv_trace_check_size(t, end, "fuzz.log", &e) || e.status)
		abort();
	if (!end)
		return;
	while (t->v[first].offset + t->v[first].len < end)
		first++;
	if (fv_trace_check_size(t, end - 1, "fuzz.log", &e) != -ERANGE ||
	    e.line != (int) t->v[first].line)
		abort();
}

static void check_refused(const struct fv_trace *t, const struct fv_error *e,
			  size_t size)
{
	if (!e->status || !e->text[0] || strcmp(e->where, "fuzz.log") ||
	    e->line < 0 || (size_t) e->line > size + 1)
		abort();
	if (t->v || t->target || t->n)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_error e = { 0 };
	struct fv_trace t;

	if (fv_iolog_parse(&t, "fuzz.log", (const char *) data, size, &e)) {
		check_refused(&t, &e, size);
		return 0;
	}
	check_taken(&t);
	check_written(&t);
	check_size(&t);
	fv_trace_free(&t);
	return 0;
}
