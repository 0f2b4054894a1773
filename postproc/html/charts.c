/* SPDX-License-Identifier: MIT */
/*
 * The charts' numbers, taken from the model (QD sweep, percentiles from
 * bins, the engines' flush latencies) and from fio's IOPS logs. Nothing
 * here is drawn: svg.c does that.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "chart.h"
#include "util/util.h"

/* p50 .. p99.99: what the percentile curves show (computed from bins). */
static const double curve_pcts[] = { 50, 75, 90, 95, 99, 99.5, 99.9, 99.99 };

/* Drops a chart that got no points: nothing to draw. */
static void drop_if_empty(struct fv_charts *c)
{
	struct fv_chart *ch = &c->v[c->n - 1];
	size_t pts = 0;

	for (size_t k = 0; k < ch->nlines; k++)
		pts += ch->lines[k].n;
	if (pts)
		return;
	c->n--;
	fv_chart_free(ch);
}

static double pct_ns(const struct fv_set *set, const struct fv_job *j,
		     enum fv_dir d, double p)
{
	int i = fv_pct_index(set, p);
	const struct fv_lat *l = &j->dir[d].lat[FV_CLAT];

	if (i < 0 || !l->pct || l->pct[i].src == FV_PCT_NONE ||
	    j->dir[d].lat_unmeasured)
		return NAN;
	return l->pct[i].ns;
}

/* ---- IOPS and P99 against queue depth, per label ---- */

static int sweep_chart(struct fv_charts *c, const struct fv_set *set,
		       const char **labels, size_t nl, enum fv_dir d, bool p99,
		       const struct fv_table *vt)
{
	char title[128];
	struct fv_chart *ch;

	snprintf(title, sizeof(title), "QD sweep, 4K random %s: %s",
		 d == FV_DIR_READ ? "read" : "write",
		 p99 ? "P99 completion latency" : "IOPS");
	ch = fv_chart_add(c, title, "Queue depth per job (I/Os in flight)",
			  p99 ? "P99 latency (µs)" : "IOPS (I/O per second)");
	if (!ch)
		return -ENOMEM;
	ch->xaxis = FV_AX_LOG2;
	ch->yaxis = p99 ? FV_AX_LOG10 : FV_AX_LIN;
	snprintf(ch->caption, sizeof(ch->caption),
		 "%s at each queue depth of the sweep (log-2 axis), one line "
		 "per label. Where IOPS stop rising while P99 climbs, the "
		 "platform caps the disk%s.",
		 p99 ? "P99 clat" : "IOPS",
		 p99 ? "" : " (a capped verdict: dashed cap level and knee)");
	for (size_t i = 0; i < nl; i++) {
		struct fv_line *l = fv_line_add(ch, labels[i]);

		if (!l)
			return -ENOMEM;
		for (int qd = 1; qd <= 4096; qd *= 2) {
			const struct fv_job *best =
				fv_sweep_job(set, labels[i], d, qd);

			if (best &&
			    fv_line_point(l, qd,
					  p99 ? pct_ns(set, best, d, 99) / 1e3
					      : best->dir[d].iops))
				return -ENOMEM;
		}
	}
	if (!p99 && fv_marks_sweep(ch, vt, set, d))
		return -ENOMEM;
	drop_if_empty(c);
	return 0;
}

/* ---- Latency percentile curves, per label ---- */

static int pct_chart(struct fv_charts *c, const struct fv_set *set,
		     const char **labels, size_t nl, enum fv_role role,
		     enum fv_dir d)
{
	char title[128];
	struct fv_chart *ch;

	snprintf(title, sizeof(title), "Completion latency percentiles: %s %s",
		 fv_role_name(role), fv_dir_name(d));
	ch = fv_chart_add_pct(c, title, "Completion latency (µs)");
	if (!ch)
		return -ENOMEM;
	snprintf(ch->caption, sizeof(ch->caption),
		 "clat percentiles p50 to p99.99 of the %s %s job of each "
		 "label, computed from fio's json+ bins (fio's rule, no "
		 "interpolation); both axes logarithmic.",
		 fv_role_name(role), fv_dir_name(d));
	for (size_t i = 0; i < nl; i++) {
		const struct fv_job *j = fv_pick(set, labels[i], role, d);
		struct fv_line *l;

		if (!j)
			continue;
		l = fv_line_add(ch, labels[i]);
		if (!l)
			return -ENOMEM;
		for (size_t k = 0; k < FV_ARRAY_SIZE(curve_pcts); k++)
			if (fv_line_point(l, fv_nines_x(curve_pcts[k]),
					  pct_ns(set, j, d, curve_pcts[k]) /
						  1e3))
				return -ENOMEM;
	}
	drop_if_empty(c);
	return 0;
}

/* ---- Flush latency distributions (engines' stats files, else fio) ---- */

static int flush_line(struct fv_chart *ch, const struct fv_set *set,
		      const struct fv_job *j)
{
	char title[256];
	struct fv_line *l;

	snprintf(title, sizeof(title), "%s %s", j->label, j->display);
	l = fv_line_add(ch, title);
	if (!l)
		return -ENOMEM;
	for (size_t k = 0; k < j->ndur; k++) {
		const struct fv_dist *f = &j->dur[k]->flush;

		/* One clone's distribution stands for the job. */
		for (size_t p = 0; f->present && f->count && p < f->npcts; p++)
			if (fv_line_point(l, fv_nines_x(f->pcts[p].p),
					  f->pcts[p].ns / 1e3))
				return -ENOMEM;
		if (l->n)
			return 0;
	}
	for (size_t k = 0; k < FV_ARRAY_SIZE(curve_pcts); k++)
		if (fv_line_point(l, fv_nines_x(curve_pcts[k]),
				  pct_ns(set, j, FV_DIR_SYNC, curve_pcts[k]) /
					  1e3))
			return -ENOMEM;
	return 0;
}

static int flush_chart(struct fv_charts *c, const struct fv_set *set)
{
	struct fv_chart *ch = fv_chart_add_pct(c, "Flush latency percentiles",
					       "Flush latency (µs)");

	if (!ch)
		return -ENOMEM;
	snprintf(ch->caption, sizeof(ch->caption),
		 "Latency of each fsync/fdatasync of the sync jobs: from the "
		 "engines' stats files (flush_latency_ns) when present, else "
		 "fio's sync section. A flush far below the medium's write "
		 "latency did not reach it.");
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (j->role == FV_ROLE_SYNC && fv_job_measured(j) &&
		    flush_line(ch, set, j))
			return -ENOMEM;
	}
	drop_if_empty(c);
	return 0;
}

/* ---- IOPS over time, one chart per job name, one line per label ---- */

static bool named_before(const struct fv_set *set, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (fv_job_measured(set->jobs[k]) &&
		    !strcmp(set->jobs[k]->name, set->jobs[i]->name))
			return true;
	return false;
}

/* The verdicts on this job, for its legend entry: " [steady, capped]". */
static void findings(char *buf, size_t len, const struct fv_table *vt,
		     const char *label, const char *job)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t r = 0; vt && r < vt->nrows; r++) {
		const char *v = fv_table_str(vt, r, "verdict");

		if (strcmp(fv_table_str(vt, r, "label"), label) ||
		    strcmp(fv_table_str(vt, r, "job"), job) || !*v ||
		    used + strlen(v) + 4 >= len)
			continue;
		used += (size_t) snprintf(buf + used, len - used, "%s%s",
					  used ? ", " : " [", v);
	}
	if (used)
		snprintf(buf + used, len - used, "]");
}

static int time_line(struct fv_chart *ch, const struct fv_logset *ts,
		     const struct fv_job *j, const struct fv_table *vt)
{
	struct fv_rate r = { 0 };
	enum fv_dir d =
		fv_lat_dir(j) == FV_DIR_READ ? FV_DIR_READ : FV_DIR_WRITE;
	char title[512], found[256];
	struct fv_line *l;
	int ret = fv_log_rate(ts, j, FV_LOG_IOPS, d, &r);

	if (ret) {
		fv_rate_free(&r);
		return ret;
	}
	if (r.n < 3) { /* a point or two is no curve */
		fv_rate_free(&r);
		return 0;
	}
	findings(found, sizeof(found), vt, j->label, j->display);
	snprintf(title, sizeof(title), "%s%s", j->label, found);
	l = fv_line_add(ch, title);
	for (size_t i = 0; l && i < r.n && !ret; i++)
		ret = fv_line_point(l, r.t_ms[i] / 1e3, r.v[i]);
	fv_rate_free(&r);
	if (l && !ret)
		ret = fv_marks_time(ch, vt, j->label, j->display);
	return l ? ret : -ENOMEM;
}

static int time_chart(struct fv_charts *c, const struct fv_set *set,
		      const struct fv_logset *ts, const char *name,
		      const struct fv_table *vt)
{
	char title[300];
	struct fv_chart *ch;

	snprintf(title, sizeof(title), "IOPS over time: %s", name);
	ch = fv_chart_add(c, title, "Time since the job started (s)",
			  "IOPS (I/O per second)");
	if (!ch)
		return -ENOMEM;
	snprintf(ch->caption, sizeof(ch->caption),
		 "fio's IOPS log of job %s (1 s windows, clones summed), one "
		 "line per label; the verdicts on the job are in brackets "
		 "(burst-collapse, steady, capped ...). Dashed: where a burst "
		 "ends and the levels before and after it; shaded: the "
		 "steady-state window judged, with its mean.",
		 name);
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (fv_job_measured(j) && !strcmp(j->name, name) &&
		    time_line(ch, ts, j, vt))
			return -ENOMEM;
	}
	drop_if_empty(c);
	return 0;
}

static int time_charts(struct fv_charts *c, const struct fv_set *set,
		       const struct fv_logset *ts, const struct fv_table *vt)
{
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		/* The sweep's points are summarised by the QD charts. */
		if (!fv_job_measured(j) || j->role == FV_ROLE_SCALING ||
		    named_before(set, i))
			continue;
		if (time_chart(c, set, ts, j->name, vt))
			return -ENOMEM;
		/* its tail over time beside, for a steady job */
		if (j->role == FV_ROLE_STEADY &&
		    fv_chart_latency(c, set, ts, j->name))
			return -ENOMEM;
	}
	return 0;
}

/*
 * A linear IOPS axis over labels that differ by more than 10x draws the
 * slow ones flat at zero (a 500 IOPS disk beside tmpfs): logarithmic then.
 */
static void log_if_wide(struct fv_chart *ch)
{
	double lo = INFINITY, hi = 0;

	if (ch->yaxis != FV_AX_LIN || !strstr(ch->ylabel, "IOPS"))
		return;
	for (size_t k = 0; k < ch->nlines; k++)
		for (size_t i = 0; i < ch->lines[k].n; i++) {
			double y = ch->lines[k].y[i];

			if (y > 0)
				lo = fmin(lo, y);
			hi = fmax(hi, y);
		}
	if (hi > 10 * lo) {
		size_t n = strlen(ch->ylabel);

		ch->yaxis = FV_AX_LOG10;
		snprintf(ch->ylabel + n, sizeof(ch->ylabel) - n, ", log scale");
	}
}

int fv_charts_build(struct fv_charts *c, const struct fv_set *set,
		    const struct fv_logset *ts, const struct fv_table *verdicts)
{
	static const struct {
		enum fv_role role;
		enum fv_dir dir;
	} curves[] = { { FV_ROLE_STEADY, FV_DIR_WRITE },
		       { FV_ROLE_PEAK, FV_DIR_READ },
		       { FV_ROLE_PEAK, FV_DIR_WRITE },
		       { FV_ROLE_SYNC, FV_DIR_WRITE } };
	const char **labels = NULL;
	size_t nl = 0;
	int ret = fv_labels(set, false, &labels, &nl);

	for (int d = FV_DIR_READ; !ret && d <= FV_DIR_WRITE; d++)
		for (int p99 = 0; !ret && p99 < 2; p99++)
			ret = sweep_chart(c, set, labels, nl, d, p99, verdicts);
	for (size_t i = 0; !ret && i < FV_ARRAY_SIZE(curves); i++)
		ret = pct_chart(c, set, labels, nl, curves[i].role,
				curves[i].dir);
	if (!ret)
		ret = time_charts(c, set, ts, verdicts);
	if (!ret)
		ret = flush_chart(c, set);
	for (size_t i = 0; !ret && i < c->n; i++)
		log_if_wide(&c->v[i]);
	free(labels);
	return ret;
}

void fv_report_curve_pcts(struct fv_pctlist *pl)
{
	for (size_t k = 0; k < FV_ARRAY_SIZE(curve_pcts); k++)
		fv_pctlist_add(pl, curve_pcts[k]);
}
