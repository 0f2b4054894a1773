/* SPDX-License-Identifier: MIT */
/*
 * The replay table as charts: the time the whole trace took on each
 * candidate as fast as it allows, beside the catalog's time for it; and
 * the latency percentiles of the replay at the trace's own pace, one line
 * per candidate and kind.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chart.h"
#include "util/util.h"

static const char *const kinds[] = { "read", "write", "sync", "trim" };
static const double pcts[] = { 50, 99, 99.9 };

/* "Candidates: 1 P15+D4s-v3, 2 P30, 3 local." after what. */
static void caption(struct fv_chart *ch, const struct fv_table *t,
		    const char *what)
{
	size_t n = (size_t) snprintf(ch->caption, sizeof(ch->caption),
				     "%s Candidates:", what);

	for (size_t r = 0; r < t->nrows && n < sizeof(ch->caption); r++)
		n += (size_t) snprintf(ch->caption + n, sizeof(ch->caption) - n,
				       " %zu %s%s", r + 1,
				       fv_table_str(t, r, "label"),
				       r + 1 < t->nrows ? "," : ".");
}

static int elapsed_chart(struct fv_charts *c, const struct fv_table *t)
{
	struct fv_chart *ch = fv_chart_add(
		c, "Replay: the whole trace as fast as each candidate allows",
		"Candidate (numbered in the caption)", "Time (ms)");
	struct fv_line *m, *p;

	/* the lines move as lines are added: take them once both are */
	if (!ch || !fv_line_add(ch, "measured") || !fv_line_add(ch, "catalog"))
		return -ENOMEM;
	m = &ch->lines[0];
	p = &ch->lines[1];
	ch->xaxis = FV_AX_HOSTS;
	ch->yaxis = FV_AX_LOG10;
	m->points = true;
	p->points = true;
	caption(ch, t,
		"Measured: replay-fast's time for the whole trace (the "
		"engine's span); catalog: the same reads and writes at the "
		"SKUs' limits, from a full credit bucket.");
	for (size_t r = 0; r < t->nrows; r++) {
		double e = fv_table_num(t, r, "elapsed_ms");
		double k = fv_table_num(t, r, "predicted_ms");

		/* side by side, not one over the other */
		if ((isfinite(e) &&
		     fv_line_point(m, (double) (r + 1) - 0.08, e)) ||
		    (isfinite(k) &&
		     fv_line_point(p, (double) (r + 1) + 0.08, k)))
			return -ENOMEM;
	}
	if (!fv_chart_points(ch))
		fv_chart_leave_out(ch, "no candidate's replay-fast finished");
	return 0;
}

static int latency_line(struct fv_chart *ch, const struct fv_table *t, size_t r,
			const char *kind)
{
	char title[160], key[48];
	struct fv_line *l = NULL;

	for (size_t i = 0; i < FV_ARRAY_SIZE(pcts); i++) {
		double v;

		snprintf(key, sizeof(key), "%s_p%g", kind, pcts[i]);
		v = fv_table_num(t, r, key);
		if (!isfinite(v))
			continue;
		if (!l) {
			snprintf(title, sizeof(title), "%s %s",
				 fv_table_str(t, r, "label"), kind);
			l = fv_line_add(ch, title);
		}
		if (!l || fv_line_point(l, fv_nines_x(pcts[i]), v / 1000))
			return -ENOMEM;
	}
	return 0;
}

static int latency_chart(struct fv_charts *c, const struct fv_table *t)
{
	struct fv_chart *ch = fv_chart_add_pct(
		c, "Replay at the trace's pace: latency percentiles",
		"Completion latency (µs)");
	int ret = 0;

	if (!ch)
		return -ENOMEM;
	snprintf(ch->caption, sizeof(ch->caption),
		 "replay-timed: each request at its time in the trace; one "
		 "line per candidate and kind (p50, p99, p99.9).");
	for (size_t r = 0; r < t->nrows && !ret; r++)
		for (size_t k = 0; k < FV_ARRAY_SIZE(kinds) && !ret; k++)
			ret = latency_line(ch, t, r, kinds[k]);
	if (!ret && !fv_chart_points(ch))
		fv_chart_leave_out(ch,
				   "no latency of the timed replay to show: "
				   "the replay table says why");
	return ret;
}

int fv_charts_replay(struct fv_charts *c, const struct fv_table *replay)
{
	int ret;

	if (!replay || !replay->nrows)
		return 0;
	ret = elapsed_chart(c, replay);
	return ret ? ret : latency_chart(c, replay);
}
