/* SPDX-License-Identifier: MIT */
/* A trace of block requests (trace.h): its kinds' names, its growth, its end.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace.h"

static const char *const kind_names[FV_TRACE_KINDS] = {
	[FV_TRACE_READ] = "read",
	[FV_TRACE_WRITE] = "write",
	[FV_TRACE_SYNC] = "sync",
	[FV_TRACE_TRIM] = "trim",
};

const char *fv_trace_kind_name(enum fv_trace_kind k)
{
	return (unsigned) k < FV_TRACE_KINDS ? kind_names[k] : "?";
}

int fv_trace_add(struct fv_trace *t, const struct fv_trace_req *r)
{
	if (FV_ALLOC_GROW(t->v, t->n + 1, t->cap))
		return -ENOMEM;
	t->v[t->n++] = *r;
	return 0;
}

void fv_trace_free(struct fv_trace *t)
{
	free(t->target);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

uint64_t fv_trace_rebase(struct fv_trace *t)
{
	uint64_t t0 = t->n ? t->v[0].t_us : 0, extent = 0;

	for (size_t i = 0; i < t->n; i++) {
		const struct fv_trace_req *q = &t->v[i];

		t->v[i].t_us -= t0;
		if (q->offset + q->len > extent)
			extent = q->offset + q->len;
	}
	return extent;
}

uint64_t fv_trace_rw(const struct fv_trace *t, uint64_t *bytes)
{
	uint64_t n = 0, b = 0;

	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].kind == FV_TRACE_READ ||
		    t->v[i].kind == FV_TRACE_WRITE) {
			n++;
			b += t->v[i].len;
		}
	if (bytes)
		*bytes = b;
	return n;
}
