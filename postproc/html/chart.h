/* SPDX-License-Identifier: MIT */
/* Internal to html/: a chart as data (lines, marks), before svg.c draws it. */
#ifndef FV_HTML_CHART_H
#define FV_HTML_CHART_H

#include "html.h"

/* Every chart has this size (px): the tests check it. */
#define FV_CHART_W 760
#define FV_CHART_H 380

enum fv_axis {
	FV_AX_LIN,
	FV_AX_LOG2,  /* queue depth */
	FV_AX_LOG10, /* latency */
	FV_AX_NINES, /* percentile p at -log10(1 - p/100): p90 1, p99 2 */
	FV_AX_HOSTS, /* hosts numbered 1..n; y: ratios to their median */
};

struct fv_line {
	char *title;
	double *x, *y;
	size_t n, cap;
	bool points; /* drawn as points, not joined: runs of one job */
};

/*
 * A finding drawn over a chart: dashed and labelled, so that it reads in a
 * grey print too. Coordinates are the chart's (x in its unit, y in IOPS);
 * NAN for an HLINE end means the edge of the plot.
 */
enum fv_mark_kind {
	FV_MK_VLINE, /* at x0, full height: a burst's fall, a knee */
	FV_MK_HLINE, /* at y from x0 to x1: a level, a cap */
	FV_MK_SPAN,  /* x0 to x1 shaded and outlined: a window */
};

struct fv_mark {
	enum fv_mark_kind kind;
	double x0, x1, y;
	char *text;
};

struct fv_chart {
	char title[256];
	char xlabel[96], ylabel[96];
	enum fv_axis xaxis, yaxis;
	char caption[512];
	struct fv_line *lines;
	size_t nlines, lines_alloc;
	struct fv_mark *marks;
	size_t nmarks, marks_alloc;
	char *svg; /* inline SVG once drawn */
	/*
	 * Why the chart is not drawn, said on the page in its place: nothing
	 * to draw (set by its builder, or by fv_charts_draw). Empty: drawn,
	 * or to be.
	 */
	char left_out[320];
};

/* chart.c */
struct fv_chart *fv_chart_add(struct fv_charts *c, const char *title,
			      const char *xlabel, const char *ylabel);
/*
 * A chart of percentiles: x the percentile (FV_AX_NINES), y a latency
 * named ylabel on a log scale. NULL on ENOMEM.
 */
struct fv_chart *fv_chart_add_pct(struct fv_charts *c, const char *title,
				  const char *ylabel);
/*
 * A chart of numbered things (hosts, jobs: named in the caption) on x,
 * each over a median on a linear y. NULL on ENOMEM.
 */
struct fv_chart *fv_chart_add_numbered(struct fv_charts *c, const char *title,
				       const char *xlabel, const char *ylabel);
struct fv_line *fv_line_add(struct fv_chart *ch, const char *title);
int fv_line_point(struct fv_line *l, double x, double y);
/* Copies m and its text. 0 or -ENOMEM. */
int fv_mark_add(struct fv_chart *ch, const struct fv_mark *m);
/* Percentile p (99.9) where FV_AX_NINES puts it: -log10(1 - p/100). */
double fv_nines_x(double p);
/* A value an axis can show: finite, and above 0 on a logarithmic one. */
bool fv_on_axis(enum fv_axis ax, double v);
/* The points the chart's axes can show. None: an empty frame. */
size_t fv_chart_points(const struct fv_chart *ch);
/* Leaves the chart out, the reason formatted (the first one said stays). */
void fv_chart_leave_out(struct fv_chart *ch, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * marks.c: the findings of the verdict table (its figure columns)
 * as marks: on a job's IOPS-over-time chart the burst's fall and levels
 * and the steady-state window of (label, job); on the IOPS-vs-QD chart of
 * direction d the cap and the knee of every label. 0 or -ENOMEM.
 */
int fv_marks_time(struct fv_chart *ch, const struct fv_table *vt,
		  const char *label, const char *job);
int fv_marks_sweep(struct fv_chart *ch, const struct fv_table *vt,
		   const struct fv_set *set, enum fv_dir d);

/*
 * latency_chart.c: p99 and p99.9 over time of the jobs named name, from
 * their histogram logs, one pair of lines per label; no chart without a
 * window. 0 or -ENOMEM.
 */
int fv_chart_latency(struct fv_charts *c, const struct fv_set *set,
		     const struct fv_logset *ts, const char *name);

void fv_chart_free(struct fv_chart *ch);

#endif
