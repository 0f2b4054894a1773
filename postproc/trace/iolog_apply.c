/* SPDX-License-Identifier: MIT */
/*
 * What an iolog's line does to its target, once read (iolog.c): add,
 * open and close it, wait, or one request, in the order fio needs.
 */
#include <string.h>

#include "iolog_int.h"
#include "trace.h"

/* A target's 'add' and 'open' come once: a second names the first's line. */
static int again(struct iolog *p, int first)
{
	struct quoted q;

	if (!first)
		return 0;
	return fv_iolog_bad(p, "a second '%s' of %s (line %d)", p->act->name,
			    fv_iolog_quote_field(&q, &p->f[0]), first);
}

/* 'open' needs the target's 'add' before it, 'close' its 'open'. */
static int before(struct iolog *p, const char *needed)
{
	struct quoted q;

	return fv_iolog_bad(p, "'%s' of %s before its '%s'", p->act->name,
			    fv_iolog_quote_field(&q, &p->f[0]), needed);
}

static int add_target(struct iolog *p)
{
	int ret = again(p, p->added);

	if (ret)
		return ret;
	p->t->target = strndup(p->f[0].s, p->f[0].n);
	if (!p->t->target)
		return fv_iolog_no_memory(p);
	p->added = p->line;
	return 0;
}

static int open_target(struct iolog *p)
{
	int ret = p->added ? again(p, p->opened) : before(p, "add");

	if (ret)
		return ret;
	p->opened = p->line;
	return 0;
}

static int close_target(struct iolog *p)
{
	if (!p->opened)
		return before(p, "open");
	p->closed = p->line;
	return 0;
}

static int add_request(struct iolog *p)
{
	struct quoted q;
	struct fv_trace_req r = {
		.t_us = p->now_us,
		.line = (uint32_t) p->line,
		.kind = p->act->kind,
	};

	if (p->added && !p->opened)
		return fv_iolog_bad(
			p, "'%s' on %s before its 'open' (added on line %d)",
			p->act->name, fv_iolog_quote_field(&q, &p->f[0]),
			p->added);
	if (!p->opened)
		return fv_iolog_bad(
			p, "'%s' on %s before 'add' and 'open' of it",
			p->act->name, fv_iolog_quote_field(&q, &p->f[0]));
	if (p->act->kind != FV_TRACE_SYNC) {
		r.offset = p->offset;
		r.len = (uint32_t) p->len;
	}
	return fv_trace_add(p->t, &r) ? fv_iolog_no_memory(p) : 0;
}

/*
 * A wait sets the time of the requests after it: fio sleeps until that
 * many milliseconds since it started, and not at all when they have
 * passed already, so a wait never takes the time back.
 */
static void wait_until(struct iolog *p)
{
	uint64_t us = p->offset * 1000;

	if (us > p->now_us)
		p->now_us = us;
	p->t->timed = true;
}

/* What the line does to the target, in the order fio needs. */
int fv_iolog_apply(struct iolog *p)
{
	struct quoted q;

	if (p->act->act == ACT_ADD)
		return add_target(p);
	if (p->closed)
		return fv_iolog_bad(
			p,
			"'%s' on %s after its 'close' on line %d: the "
			"close comes last",
			p->act->name, fv_iolog_quote_field(&q, &p->f[0]),
			p->closed);
	switch (p->act->act) {
	case ACT_OPEN:
		return open_target(p);
	case ACT_CLOSE:
		return close_target(p);
	case ACT_WAIT:
		wait_until(p);
		return 0;
	default:
		return add_request(p);
	}
}
