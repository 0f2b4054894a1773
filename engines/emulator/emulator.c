/* SPDX-License-Identifier: MIT */
#include "emulator.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

bool emu_config_active(const struct emu_config *c)
{
	return c->cap_iops > 0 || c->cap_bw > 0 || c->added_latency_ns > 0;
}

static int fail(char *err, size_t errlen, const char *msg)
{
	if (err && errlen)
		snprintf(err, errlen, "%s", msg);
	return -EINVAL;
}

int emu_config_validate(const struct emu_config *c, char *err, size_t errlen)
{
	char msg[256];

	if (c->burst_iops > 0 && c->cap_iops <= 0)
		return fail(err, errlen,
			    "burst_iops needs cap_iops: a burst is a rate "
			    "above a baseline");
	if (c->burst_bw > 0 && c->cap_bw <= 0)
		return fail(err, errlen,
			    "burst_bw needs cap_bw: a burst is a rate above "
			    "a baseline");
	if ((c->burst_iops > 0 && c->burst_iops <= c->cap_iops) ||
	    (c->burst_bw > 0 && c->burst_bw <= c->cap_bw)) {
		snprintf(msg, sizeof(msg),
			 "the burst rate must be above the baseline (burst_iops"
			 "=%.0f, cap_iops=%.0f, burst_bw=%.0f, cap_bw=%.0f)",
			 c->burst_iops, c->cap_iops, c->burst_bw, c->cap_bw);
		return fail(err, errlen, msg);
	}
	if ((c->burst_iops > 0 || c->burst_bw > 0) && c->burst_seconds <= 0)
		return fail(err, errlen,
			    "a burst rate needs burst_seconds: how long a full "
			    "credit bucket lasts at the burst rate");
	if (c->time_scale < 1)
		return fail(err, errlen,
			    "time_scale must be 1 or more: it divides the "
			    "credit bucket to rehearse a long burst quickly");
	return 0;
}

double emu_expected_burst_s(const struct emu_config *c)
{
	double s = 0;

	if (c->burst_iops > c->cap_iops && c->cap_iops > 0)
		s = c->burst_seconds / c->time_scale;
	if (c->burst_bw > c->cap_bw && c->cap_bw > 0) {
		double b = c->burst_seconds / c->time_scale;

		if (!s || b < s)
			s = b;
	}
	return s;
}

static void lane_init(struct emu_lane *l, double base, double burst,
		      const struct emu_config *c)
{
	memset(l, 0, sizeof(*l));
	l->base = base;
	l->burst = burst > base ? burst : 0;
	/* a full bucket lasts burst_seconds at the burst rate */
	if (l->burst)
		l->capacity =
			c->burst_seconds * (l->burst - base) / c->time_scale;
}

void emu_init(struct emu_state *e, const struct emu_config *c)
{
	memset(e, 0, sizeof(*e));
	e->config = *c;
	if (e->config.time_scale < 1)
		e->config.time_scale = 1;
	lane_init(&e->iops, c->cap_iops, c->burst_iops, &e->config);
	lane_init(&e->bw, c->cap_bw, c->burst_bw, &e->config);
	e->burst_end_ns = -1;
}

/* The earliest start the lane allows; *@empty: held by its credits. */
static double lane_earliest(const struct emu_lane *l, double t, bool *empty)
{
	double by_credit;

	*empty = false;
	if (l->base <= 0)
		return t;
	if (l->next_ns > t)
		t = l->next_ns;
	/* no more than @capacity ahead of the baseline */
	by_credit = l->virt_ns - l->capacity * 1e9 / l->base;
	if (by_credit > t) {
		*empty = l->burst > 0;
		t = by_credit;
	}
	return t;
}

static void lane_book(struct emu_lane *l, double start, double units)
{
	if (l->base <= 0)
		return;
	l->next_ns = start + units * 1e9 / (l->burst ? l->burst : l->base);
	if (l->virt_ns < start)
		l->virt_ns = start; /* idle: the bucket refilled (capped) */
	l->virt_ns += units * 1e9 / l->base;
}

uint64_t emu_admit(struct emu_state *e, uint64_t now_ns, uint64_t bytes)
{
	double t = (double) now_ns, asked = t;
	bool empty_iops, empty_bw;

	if (!e->started) {
		e->started = true;
		e->start_ns = t;
		e->iops.virt_ns = e->bw.virt_ns = t;
		e->iops.next_ns = e->bw.next_ns = t;
	}
	/* both lanes must agree: the later start, then book both there */
	t = lane_earliest(&e->iops, t, &empty_iops);
	t = lane_earliest(&e->bw, t, &empty_bw);
	lane_book(&e->iops, t, 1.0);
	lane_book(&e->bw, t, (double) bytes);
	if ((empty_iops || empty_bw) && e->burst_end_ns < 0)
		e->burst_end_ns = t;
	e->admitted++;
	if (t > asked)
		e->delayed++;
	return (uint64_t) t + e->config.added_latency_ns;
}

double emu_burst_length_s(const struct emu_state *e)
{
	if (e->burst_end_ns < 0)
		return -1;
	return (e->burst_end_ns - e->start_ns) / 1e9;
}
