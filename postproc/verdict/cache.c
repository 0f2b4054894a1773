/* SPDX-License-Identifier: MIT */
/*
 * cache: figures too good for a medium (a minimum latency near 0, more
 * than the user's ceiling). methodology: the job's options and figures
 * that make its numbers doubtful (buffered I/O, no warm-up, a run too
 * short to pass a burst, a file the page cache can hold, latencies not
 * measured).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/util.h"
#include "verdict_int.h"

struct list {
	char buf[768];
	size_t len;
	int n;
};

static void add(struct list *l, const char *fmt, const char *a, const char *b)
{
	int w;

	if (l->len >= sizeof(l->buf))
		return;
	if (l->n++)
		l->len += (size_t) snprintf(l->buf + l->len,
					    sizeof(l->buf) - l->len, "; ");
	if (l->len >= sizeof(l->buf))
		return;
	w = snprintf(l->buf + l->len, sizeof(l->buf) - l->len, fmt, a, b);
	l->len += w > 0 ? (size_t) w : 0;
}

static double min_lat(const struct fv_job *j, enum fv_dir *which)
{
	double m = INFINITY;

	for (int d = FV_DIR_READ; d <= FV_DIR_WRITE; d++) {
		const struct fv_dirstats *s = &j->dir[d];

		if (s->present && s->total_ios && !s->lat_unmeasured &&
		    s->lat[FV_CLAT].present && s->lat[FV_CLAT].min_ns < m) {
			m = s->lat[FV_CLAT].min_ns;
			*which = d;
		}
	}
	return m;
}

static void ceilings(struct fv_vctx *vc, const struct fv_job *j, struct list *l)
{
	char x[48], y[48];

	for (size_t i = 0; i < vc->o->nceil; i++) {
		const struct fv_ceiling *c = &vc->o->ceil[i];

		if (c->label && (!j->label || strcmp(c->label, j->label)))
			continue;
		if (c->iops > 0 && fv_vjob_iops(j) > c->iops) {
			fv_vfmt(x, sizeof(x), FV_U_IOPS, fv_vjob_iops(j));
			fv_vfmt(y, sizeof(y), FV_U_IOPS, c->iops);
			add(l, "%s above the ceiling %s", x, y);
		}
		if (c->bw > 0 && fv_vjob_bw(j) > c->bw) {
			fv_vfmt(x, sizeof(x), FV_U_BPS, fv_vjob_bw(j));
			fv_vfmt(y, sizeof(y), FV_U_BPS, c->bw);
			add(l, "%s above the ceiling %s", x, y);
		}
	}
}

int fv_vcheck_cache(struct fv_vctx *vc, const struct fv_job *j)
{
	enum fv_dir d = FV_DIR_READ;
	double m = min_lat(j, &d);
	struct list l = { .n = 0 };
	char x[48], y[48];

	if (m < vc->o->min_lat_ns) {
		fv_vfmt(x, sizeof(x), FV_U_NS, m);
		fv_vfmt(y, sizeof(y), FV_U_NS, vc->o->min_lat_ns);
		add(&l, "minimum %s latency %s", fv_dir_name(d), x);
		l.len += (size_t) snprintf(l.buf + l.len, sizeof(l.buf) - l.len,
					   " (below %s)", y);
	}
	ceilings(vc, j, &l);
	if (!isfinite(m) && !l.n && !vc->o->nceil)
		return 0; /* nothing to judge */
	if (l.n)
		return fv_vrow(vc, j->label, j->display, "cache",
			       FV_V_CACHE_SUSPECT, l.buf,
			       "figures this good usually come from a cache, "
			       "not from the medium");
	fv_vfmt(x, sizeof(x), FV_U_NS, m);
	snprintf(l.buf, sizeof(l.buf), "minimum latency %s%s", x,
		 vc->o->nceil ? ", within the ceilings" : "");
	return fv_vrow(vc, j->label, j->display, "cache", FV_V_NO_CACHE_SIGN,
		       l.buf, "no sign of a cache in the figures");
}

static double runtime_s(const struct fv_job *j)
{
	uint64_t ms = j->job_runtime_ms;

	for (int d = 0; d < FV_DIR_NR && !ms; d++)
		if (j->dir[d].runtime_ms > ms)
			ms = j->dir[d].runtime_ms;
	return (double) ms / 1000;
}

static void small_file(struct fv_vctx *vc, const struct fv_job *j,
		       struct list *l)
{
	const char *s = fv_job_opt(j, "size");
	uint64_t bytes;
	char x[48], y[48];

	if (!s)
		s = fv_job_opt(j, "filesize");
	if (!s || fv_opt_size(s, &bytes) || !(vc->o->mem_bytes > 0) ||
	    (double) bytes >= vc->o->mem_bytes)
		return;
	fv_vfmt(x, sizeof(x), FV_U_BYTES, (double) bytes);
	fv_vfmt(y, sizeof(y), FV_U_BYTES, vc->o->mem_bytes);
	add(l, "buffered test file of %s fits in %s of memory", x, y);
}

int fv_vcheck_method(struct fv_vctx *vc, const struct fv_job *j)
{
	const char *ramp = fv_job_opt(j, "ramp_time");
	bool buffered = !fv_opt_true(fv_job_opt(j, "direct")) &&
			fv_opt_true(fv_job_opt(j, "buffered") ?: "1");
	double rt = runtime_s(j), ramp_s = 0;
	struct list l = { .n = 0 };
	char x[48], y[48];

	if (buffered)
		add(&l, "buffered I/O (no direct=1)%s%s", "", "");
	if (!ramp || fv_opt_seconds(ramp, &ramp_s) || ramp_s <= 0)
		add(&l, "no ramp_time (no warm-up)%s%s", "", "");
	if (rt > 0 && rt < vc->o->min_runtime_s) {
		snprintf(x, sizeof(x), "%.1f s", rt);
		snprintf(y, sizeof(y), "%.0f s", vc->o->min_runtime_s);
		add(&l, "run of %s, shorter than %s: a burst can last longer",
		    x, y);
	}
	if (buffered)
		small_file(vc, j, &l);
	for (int d = 0; d < FV_DIR_NR; d++)
		if (j->dir[d].present && j->dir[d].lat_unmeasured)
			add(&l,
			    "%s latencies all zero (gtod_reduce or clocks "
			    "off): not measured%s",
			    fv_dir_name(d), "");
	if (l.n)
		return fv_vrow(vc, j->label, j->display, "methodology",
			       FV_V_METHODOLOGY, l.buf,
			       "the method makes these figures doubtful; "
			       "fix it before trusting them");
	return fv_vrow(vc, j->label, j->display, "methodology", FV_V_METHOD_OK,
		       "direct I/O, ramp_time, long enough",
		       "nothing in the method casts doubt on the figures");
}
