/* SPDX-License-Identifier: MIT */
/* Internal to report*.c: charts as data, then as SVG. */
#ifndef FV_REPORT_INT_H
#define FV_REPORT_INT_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis.h"
#include "model.h"
#include "ts.h"

/* Every chart has this size (px): the tests check it. */
#define FV_CHART_W 760
#define FV_CHART_H 380

enum fv_axis {
	FV_AX_LIN,
	FV_AX_LOG2,  /* queue depth */
	FV_AX_LOG10, /* latency */
	FV_AX_NINES, /* percentile p at -log10(1 - p/100): p90 1, p99 2 */
};

struct fv_line {
	char *title;
	double *x, *y;
	size_t n, cap;
};

/* A vertical (is_x) or horizontal line with a label: a finding. */
struct fv_mark {
	bool is_x;
	double at;
	char *text;
};

struct fv_chart {
	char title[256];
	char xlabel[96], ylabel[96];
	enum fv_axis xaxis, yaxis;
	char caption[512];
	struct fv_line *lines;
	size_t nlines;
	struct fv_mark *marks;
	size_t nmarks;
	char *svg; /* inline SVG once drawn */
};

struct fv_charts {
	struct fv_chart *v;
	size_t n;
};

/* report_data.c: the charts of a set (its logs in ts). 0 or -ENOMEM. */
int fv_charts_build(struct fv_charts *c, const struct fv_set *set,
		    const struct fv_tsset *ts, const struct fv_table *verdicts);
void fv_charts_free(struct fv_charts *c);
/* Adds the percentiles the curves show to the list computed at ingest. */
void fv_report_curve_pcts(struct fv_pctlist *pl);

/* Helpers (report_data.c). */
struct fv_chart *fv_chart_add(struct fv_charts *c, const char *title,
			      const char *xlabel, const char *ylabel);
struct fv_line *fv_line_add(struct fv_chart *ch, const char *title);
int fv_line_point(struct fv_line *l, double x, double y);
int fv_mark_add(struct fv_chart *ch, bool is_x, double at, const char *text);

/*
 * report_plot.c: draws every chart with gnuplot (found on PATH) into
 * chart->svg. Returns 0, -ENOENT when gnuplot is missing, -ENOMEM, or
 * -EIO when gnuplot failed (its message is on err).
 */
int fv_charts_draw(struct fv_charts *c, FILE *err);

/* report_html.c: the page. Returns 0 or -EIO. */
struct fv_page {
	const char *title;
	const struct fv_report *rep;
	const struct fv_table *verdicts; /* NULL: none in this build */
	const struct fv_charts *charts;
	const char *chart_note; /* why charts are missing, or NULL */
	const struct fv_diags *diags;
};
int fv_html_write(FILE *out, const struct fv_page *p);

#endif
