/* SPDX-License-Identifier: MIT */
/*
 * Charts as SVG, written here from the chart's data: no program to run,
 * so the report draws the same charts wherever fioverdict runs, the
 * browser's build included. Every point carries its values in a <title>
 * (the browser shows it on hover). Colours are Okabe-Ito (told apart with
 * colour blindness) and every line also has its own dash pattern and
 * point shape, so that a grey print still tells the labels apart.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "model/model.h"
#include "util/util.h"

static const char *const colours[] = {
	"#0072B2", "#D55E00", "#009E73", "#CC79A7",
	"#E69F00", "#56B4E9", "#000000", "#F0E442",
};
#define NCOLOURS (FV_ARRAY_SIZE(colours))
static const char *const dashes[] = { "", "8 4", "2 3", "8 3 2 3", "12 4" };
#define NDASHES (FV_ARRAY_SIZE(dashes))
#define NSHAPES 6

#define FONT "font-family=\"DejaVu Sans,Verdana,sans-serif\""
#define MARK_COLOUR "#333333"
#define LEFT 72.0
#define RIGHT 24.0
#define TOP 30.0
#define LEGEND_ROW 16.0

/* One axis: its kind, its range in the axis's own scale, its ticks. */
struct axis {
	enum fv_axis kind;
	double lo, hi; /* in scale units: log2 or log10 of the value, ... */
	double px0, px1;
};

static double scaled(const struct axis *a, double v)
{
	switch (a->kind) {
	case FV_AX_LOG2:
		return log2(v);
	case FV_AX_LOG10:
		return log10(v);
	default:
		return v;
	}
}

static bool on_axis(const struct axis *a, double v)
{
	return fv_on_axis(a->kind, v);
}

static double to_px(const struct axis *a, double v)
{
	double s = scaled(a, v);

	return a->px0 + (s - a->lo) / (a->hi - a->lo) * (a->px1 - a->px0);
}

/* 1, 2 or 5 times a power of ten, at least raw. */
static double nice_step(double raw)
{
	double p = pow(10, floor(log10(raw))), m = raw / p;

	return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

/*
 * The range of an axis over the values lo..hi it shows (hi >= lo, both
 * on the axis): whole powers on a log axis, a nice step on a linear one
 * from 0, with headroom so that a level at the top stays off the border.
 */
static void fit(struct axis *a, double lo, double hi)
{
	switch (a->kind) {
	case FV_AX_LOG2:
	case FV_AX_LOG10:
		a->lo = floor(scaled(a, lo));
		a->hi = ceil(scaled(a, hi));
		if (a->hi <= a->lo)
			a->hi = a->lo + 1;
		break;
	case FV_AX_NINES:
		a->lo = 0.2;
		a->hi = 4.2;
		break;
	case FV_AX_HOSTS:
		a->lo = 0.5;
		a->hi = fmax(hi, 1) + 0.5;
		break;
	case FV_AX_LIN:
		hi = hi > 0 ? hi : 1;
		a->lo = fmin(lo, 0);
		a->hi = ceil(hi * 1.08 / nice_step((hi - a->lo) / 5)) *
			nice_step((hi - a->lo) / 5);
		break;
	}
}

/* A tick's text: 250, 2.5k, 1.2M, 0.25; p99 on the percentile axis. */
static void tick_text(char *buf, size_t len, double v)
{
	static const char prefix[] = "kMGTP";
	int k = 0;

	while (fabs(v) >= 1000 && k < 5) {
		v /= 1000;
		k++;
	}
	snprintf(buf, len, "%.3g%.*s", v, k ? 1 : 0, k ? &prefix[k - 1] : "");
}

struct tick {
	double at; /* in scale units */
	char text[32];
};

/* At most 24 ticks of an axis. */
static size_t ticks(const struct axis *a, struct tick *t, size_t max)
{
	static const struct {
		double at;
		const char *text;
	} nines[] = { { 0.30103, "p50" },
		      { 1, "p90" },
		      { 2, "p99" },
		      { 3, "p99.9" },
		      { 4, "p99.99" } };
	size_t n = 0;

	if (a->kind == FV_AX_NINES) {
		for (; n < 5; n++) {
			t[n].at = nines[n].at;
			snprintf(t[n].text, sizeof(t[n].text), "%s",
				 nines[n].text);
		}
		return n;
	}
	if (a->kind == FV_AX_LOG10 && a->hi - a->lo <= 3) {
		/* few decades: 1, 2 and 5 of each, as a log paper has */
		for (double d = a->lo; d <= a->hi && n + 3 <= max; d++)
			for (int m = 1; m <= 5; m += m == 1 ? 1 : 3) {
				if (d + log10(m) > a->hi + 1e-9)
					break;
				t[n].at = d + log10(m);
				tick_text(t[n].text, sizeof(t[n].text),
					  m * pow(10, d));
				n++;
			}
		return n;
	}
	double step = a->kind == FV_AX_LIN ? nice_step((a->hi - a->lo) / 5)
		      : a->kind == FV_AX_HOSTS
			      ? fmax(1, nice_step((a->hi - a->lo) / 12))
			      : fmax(1, ceil((a->hi - a->lo) / 10));
	double first = ceil(a->lo / step) * step;

	for (double s = first; s <= a->hi + 1e-9 && n < max; s += step) {
		double v = a->kind == FV_AX_LOG2    ? exp2(s)
			   : a->kind == FV_AX_LOG10 ? pow(10, s)
						    : s;

		t[n].at = s;
		tick_text(t[n].text, sizeof(t[n].text),
			  fabs(v) < 1e-12 ? 0 : v);
		n++;
	}
	return n;
}

/* The values the chart's data and level marks span, per axis. */
static void extent(const struct fv_chart *ch, const struct axis *x,
		   const struct axis *y, double r[4])
{
	r[0] = r[2] = INFINITY;
	r[1] = r[3] = -INFINITY;
	for (size_t k = 0; k < ch->nlines; k++)
		for (size_t i = 0; i < ch->lines[k].n; i++) {
			double vx = ch->lines[k].x[i], vy = ch->lines[k].y[i];

			if (!on_axis(x, vx) || !on_axis(y, vy))
				continue;
			r[0] = fmin(r[0], vx);
			r[1] = fmax(r[1], vx);
			r[2] = fmin(r[2], vy);
			r[3] = fmax(r[3], vy);
		}
	for (size_t i = 0; i < ch->nmarks; i++)
		if (ch->marks[i].kind == FV_MK_HLINE &&
		    on_axis(y, ch->marks[i].y)) {
			r[2] = fmin(r[2], ch->marks[i].y);
			r[3] = fmax(r[3], ch->marks[i].y);
		}
}

/* Text of about this many pixels at size px (DejaVu Sans averages 0.6). */
static double text_px(const char *s, double size)
{
	return (double) fv_utf8_width(s) * size * 0.6;
}

static void text(FILE *f, double x, double y, const char *anchor, double size,
		 const char *extra, const char *s)
{
	fprintf(f,
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" "
		"font-size=\"%g\"%s%s>",
		x, y, anchor, size, extra[0] ? " " : "", extra);
	fv_xml_escape(f, s);
	fputs("</text>\n", f);
}

/* The legend's rows below the plot: lines laid out left to right. */
static size_t legend_rows(const struct fv_chart *ch)
{
	double x = LEFT;
	size_t rows = ch->nlines ? 1 : 0;

	for (size_t k = 0; k < ch->nlines; k++) {
		double w = 40 + text_px(ch->lines[k].title, 11) + 16;

		if (x + w > FV_CHART_W - RIGHT && x > LEFT) {
			rows++;
			x = LEFT;
		}
		x += w;
	}
	return rows;
}

/* A point's shape, centred on (x, y): circle, square, triangles, ... */
static void shape(FILE *f, size_t k, double x, double y, double r)
{
	switch (k % NSHAPES) {
	case 0:
		fprintf(f, "M%.1f %.1fa%g %g 0 1 0 %g 0a%g %g 0 1 0 %g 0Z",
			x - r, y, r, r, 2 * r, r, r, -2 * r);
		break;
	case 1:
		fprintf(f, "M%.1f %.1fh%gv%gh%gZ", x - r, y - r, 2 * r, 2 * r,
			-2 * r);
		break;
	case 2:
		fprintf(f, "M%.1f %.1fL%.1f %.1fL%.1f %.1fZ", x, y - r, x + r,
			y + r, x - r, y + r);
		break;
	case 3:
		fprintf(f, "M%.1f %.1fL%.1f %.1fL%.1f %.1fL%.1f %.1fZ", x,
			y - r, x + r, y, x, y + r, x - r, y);
		break;
	case 4:
		fprintf(f, "M%.1f %.1fL%.1f %.1fL%.1f %.1fZ", x, y + r, x + r,
			y - r, x - r, y - r);
		break;
	default:
		fprintf(f, "M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f", x - r,
			y - r, x + r, y + r, x - r, y + r, x + r, y - r);
		break;
	}
}

static void style(FILE *f, size_t k, bool fill)
{
	const char *dash = dashes[k % NDASHES];

	fprintf(f, " stroke=\"%s\" stroke-width=\"%s\" fill=\"%s\"",
		colours[k % NCOLOURS], fill ? "1.5" : "2",
		fill ? colours[k % NCOLOURS] : "none");
	if (!fill && dash[0])
		fprintf(f, " stroke-dasharray=\"%s\"", dash);
}

/* What hovering a point says: the line, then x and y with their axes. */
static void point_title(FILE *f, const struct fv_chart *ch,
			const struct fv_line *l, double x, double y)
{
	char buf[256];

	fputs("<title>", f);
	fv_xml_escape(f, l->title);
	snprintf(buf, sizeof(buf), "\n%s: %.6g\n%s: %.6g", ch->xlabel, x,
		 ch->ylabel, y);
	fv_xml_escape(f, buf);
	fputs("</title>", f);
}

static void draw_line(FILE *f, const struct fv_chart *ch, size_t k,
		      const struct axis *x, const struct axis *y)
{
	const struct fv_line *l = &ch->lines[k];
	double r = l->points ? 4 : 3;
	bool pen = false;

	if (!l->points) {
		fputs("<path d=\"", f);
		for (size_t i = 0; i < l->n; i++) {
			if (!on_axis(x, l->x[i]) || !on_axis(y, l->y[i])) {
				pen = false;
				continue;
			}
			fprintf(f, "%c%.1f %.1f", pen ? 'L' : 'M',
				to_px(x, l->x[i]), to_px(y, l->y[i]));
			pen = true;
		}
		fputc('"', f);
		style(f, k, false);
		fputs("/>\n", f);
	}
	for (size_t i = 0; i < l->n; i++) {
		if (!on_axis(x, l->x[i]) || !on_axis(y, l->y[i]))
			continue;
		fputs("<path d=\"", f);
		shape(f, k, to_px(x, l->x[i]), to_px(y, l->y[i]), r);
		fputc('"', f);
		style(f, k, k % NSHAPES != NSHAPES - 1);
		fputc('>', f);
		point_title(f, ch, l, l->x[i], l->y[i]);
		fputs("</path>\n", f);
	}
}

/* A finding's label: boxed in white, so that it reads over the data. */
static void mark_label(FILE *f, double x, double y, const char *s)
{
	double w = text_px(s, 9) + 6;

	if (x + w > FV_CHART_W - 2)
		x = FV_CHART_W - 2 - w;
	fprintf(f,
		"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"13\" "
		"fill=\"white\" fill-opacity=\"0.85\"/>\n",
		x, y - 10, w);
	text(f, x + 3, y, "start", 9, "fill=\"" MARK_COLOUR "\"", s);
}

static bool inside(const struct axis *a, double v)
{
	double s;

	if (!on_axis(a, v))
		return false;
	s = scaled(a, v);
	return s >= a->lo - 1e-9 && s <= a->hi + 1e-9;
}

/* A mark's dashed line: from (x, y) along one axis (V or H) to "to". */
static void mark_line(FILE *f, double x, double y, char axis, double to,
		      const char *dash)
{
	fprintf(f,
		"<path d=\"M%.1f %.1f%c%.1f\" stroke=\"" MARK_COLOUR
		"\" stroke-width=\"1.5\" stroke-dasharray=\"%s\"/>\n",
		x, y, axis, to, dash);
}

static void draw_mark(FILE *f, const struct fv_mark *m, size_t nv,
		      const struct axis *x, const struct axis *y)
{
	double x0 =
		isfinite(m->x0) && inside(x, m->x0) ? to_px(x, m->x0) : x->px0;
	double x1 =
		isfinite(m->x1) && inside(x, m->x1) ? to_px(x, m->x1) : x->px1;

	switch (m->kind) {
	case FV_MK_VLINE:
		if (!inside(x, m->x0))
			return;
		mark_line(f, x0, y->px0, 'V', y->px1, "6 4");
		/* staggered, so that two falls' labels do not overwrite */
		mark_label(f, x0 + 3, y->px1 + 14 + 15 * (double) (nv % 4),
			   m->text);
		break;
	case FV_MK_HLINE:
		if (!inside(y, m->y))
			return;
		mark_line(f, x0, to_px(y, m->y), 'H', x1, "2 3");
		mark_label(f, x0 + 3, to_px(y, m->y) - 4, m->text);
		break;
	case FV_MK_SPAN:
		if (!isfinite(m->x0) || !isfinite(m->x1) || x1 <= x0)
			return;
		fprintf(f,
			"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\" fill=\"#999999\" fill-opacity=\"0.2\" "
			"stroke=\"" MARK_COLOUR
			"\" stroke-dasharray=\"2 2\"/>\n",
			x0, y->px1, x1 - x0, y->px0 - y->px1);
		mark_label(f, x0 + 3, y->px0 - 8, m->text);
		break;
	}
}

static void draw_axes(FILE *f, const struct fv_chart *ch, const struct axis *x,
		      const struct axis *y)
{
	struct tick t[24];
	size_t n = ticks(x, t, 24);

	for (size_t i = 0; i < n; i++) {
		double px = x->px0 + (t[i].at - x->lo) / (x->hi - x->lo) *
					     (x->px1 - x->px0);

		fprintf(f, "<path d=\"M%.1f %.1fV%.1f\" stroke=\"#cccccc\"/>\n",
			px, y->px0, y->px1);
		text(f, px, y->px0 + 14, "middle", 10, "", t[i].text);
	}
	n = ticks(y, t, 24);
	for (size_t i = 0; i < n; i++) {
		double py = y->px0 + (t[i].at - y->lo) / (y->hi - y->lo) *
					     (y->px1 - y->px0);

		fprintf(f, "<path d=\"M%.1f %.1fH%.1f\" stroke=\"#cccccc\"/>\n",
			x->px0, py, x->px1);
		text(f, x->px0 - 5, py + 3.5, "end", 10, "", t[i].text);
	}
	fprintf(f,
		"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
		"fill=\"none\" stroke=\"#000000\"/>\n",
		x->px0, y->px1, x->px1 - x->px0, y->px0 - y->px1);
	text(f, (x->px0 + x->px1) / 2, y->px0 + 30, "middle", 11, "",
	     ch->xlabel);
	fprintf(f, "<g transform=\"translate(16 %.1f) rotate(-90)\">",
		(y->px0 + y->px1) / 2);
	text(f, 0, 0, "middle", 11, "", ch->ylabel);
	fputs("</g>\n", f);
}

static void draw_legend(FILE *f, const struct fv_chart *ch, double top)
{
	double x = LEFT, y = top;

	for (size_t k = 0; k < ch->nlines; k++) {
		const struct fv_line *l = &ch->lines[k];
		double w = 40 + text_px(l->title, 11) + 16;

		if (x + w > FV_CHART_W - RIGHT && x > LEFT) {
			x = LEFT;
			y += LEGEND_ROW;
		}
		if (!l->points) {
			fprintf(f, "<path d=\"M%.1f %.1fh32\"", x, y - 4);
			style(f, k, false);
			fputs("/>\n", f);
		}
		fputs("<path d=\"", f);
		shape(f, k, x + 16, y - 4, l->points ? 4 : 3);
		fputc('"', f);
		style(f, k, k % NSHAPES != NSHAPES - 1);
		fputs("/>\n", f);
		text(f, x + 38, y, "start", 11, "", l->title);
		x += w;
	}
}

static void write_svg(FILE *f, const struct fv_chart *ch)
{
	struct axis x = { .kind = ch->xaxis }, y = { .kind = ch->yaxis };
	size_t rows = legend_rows(ch), nv = 0;
	double r[4], bottom = 46 + LEGEND_ROW * (double) rows;

	x.px0 = LEFT;
	x.px1 = FV_CHART_W - RIGHT;
	y.px0 = FV_CHART_H - fmin(bottom, FV_CHART_H / 2.0);
	y.px1 = TOP;
	extent(ch, &x, &y, r);
	fit(&x, r[0], r[1]);
	fit(&y, r[2], r[3]);

	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" " FONT " role=\"img\" "
		"aria-label=\"",
		FV_CHART_W, FV_CHART_H, FV_CHART_W, FV_CHART_H);
	fv_xml_escape(f, ch->title);
	fprintf(f, "\">\n<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
		FV_CHART_W, FV_CHART_H);
	text(f, FV_CHART_W / 2.0, 18, "middle", 12, "font-weight=\"bold\"",
	     ch->title);
	draw_axes(f, ch, &x, &y);
	for (size_t i = 0; i < ch->nmarks; i++)
		if (ch->marks[i].kind == FV_MK_SPAN)
			draw_mark(f, &ch->marks[i], 0, &x, &y);
	for (size_t k = 0; k < ch->nlines; k++)
		draw_line(f, ch, k, &x, &y);
	for (size_t i = 0; i < ch->nmarks; i++) {
		if (ch->marks[i].kind == FV_MK_SPAN)
			continue;
		draw_mark(f, &ch->marks[i], nv, &x, &y);
		nv += ch->marks[i].kind == FV_MK_VLINE;
	}
	draw_legend(f, ch, y.px0 + 48);
	fputs("</svg>", f);
}

/* One chart's SVG into ch->svg. 0 or -ENOMEM. */
static int draw_one(struct fv_chart *ch)
{
	size_t len = 0;
	FILE *m = open_memstream(&ch->svg, &len);

	if (!m)
		return -ENOMEM;
	write_svg(m, ch);
	if (fclose(m) || !ch->svg) {
		free(ch->svg);
		ch->svg = NULL;
		return -ENOMEM;
	}
	return 0;
}

int fv_charts_draw(struct fv_charts *c)
{
	for (size_t i = 0; i < c->n; i++) {
		struct fv_chart *ch = &c->v[i];
		int ret;

		if (!ch->left_out[0] && !fv_chart_points(ch))
			fv_chart_leave_out(ch, "no point to draw");
		if (ch->left_out[0])
			continue;
		ret = draw_one(ch);
		if (ret)
			return ret;
	}
	return 0;
}
