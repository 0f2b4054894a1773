/* SPDX-License-Identifier: MIT */
/* A chart as data: its lines, their points, the findings marked on it. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "util/util.h"

struct fv_chart *fv_chart_add(struct fv_charts *c, const char *title,
			      const char *xlabel, const char *ylabel)
{
	struct fv_chart *ch;

	if (FV_ALLOC_GROW(c->v, c->n + 1, c->alloc))
		return NULL;
	ch = &c->v[c->n++];
	memset(ch, 0, sizeof(*ch));
	snprintf(ch->title, sizeof(ch->title), "%s", title);
	snprintf(ch->xlabel, sizeof(ch->xlabel), "%s", xlabel);
	snprintf(ch->ylabel, sizeof(ch->ylabel), "%s", ylabel);
	return ch;
}

struct fv_chart *fv_chart_add_pct(struct fv_charts *c, const char *title,
				  const char *ylabel)
{
	struct fv_chart *ch = fv_chart_add(c, title, "Percentile", ylabel);

	if (ch) {
		ch->xaxis = FV_AX_NINES;
		ch->yaxis = FV_AX_LOG10;
	}
	return ch;
}

struct fv_chart *fv_chart_add_numbered(struct fv_charts *c, const char *title,
				       const char *xlabel, const char *ylabel)
{
	struct fv_chart *ch = fv_chart_add(c, title, xlabel, ylabel);

	if (ch) {
		ch->xaxis = FV_AX_HOSTS;
		ch->yaxis = FV_AX_LIN;
	}
	return ch;
}

struct fv_line *fv_line_add(struct fv_chart *ch, const char *title)
{
	struct fv_line *v;

	if (FV_ALLOC_GROW(ch->lines, ch->nlines + 1, ch->lines_alloc))
		return NULL;
	v = ch->lines;
	memset(&v[ch->nlines], 0, sizeof(*v));
	v[ch->nlines].title = strdup(title);
	if (!v[ch->nlines].title)
		return NULL;
	return &v[ch->nlines++];
}

int fv_line_point(struct fv_line *l, double x, double y)
{
	if (!isfinite(x) || !isfinite(y))
		return 0;
	if (l->n == l->cap) {
		/* x and y grow alike: cap counts what both hold */
		size_t xcap = l->cap, ycap = l->cap;

		if (FV_ALLOC_GROW(l->x, l->n + 1, xcap) ||
		    FV_ALLOC_GROW(l->y, l->n + 1, ycap))
			return -ENOMEM;
		l->cap = xcap;
	}
	l->x[l->n] = x;
	l->y[l->n++] = y;
	return 0;
}

int fv_mark_add(struct fv_chart *ch, const struct fv_mark *m)
{
	struct fv_mark *v;

	if (FV_ALLOC_GROW(ch->marks, ch->nmarks + 1, ch->marks_alloc))
		return -ENOMEM;
	v = ch->marks;
	v[ch->nmarks] = *m;
	v[ch->nmarks].text = strdup(m->text ? m->text : "");
	return v[ch->nmarks++].text ? 0 : -ENOMEM;
}

bool fv_on_axis(enum fv_axis ax, double v)
{
	return isfinite(v) &&
	       (v > 0 || (ax != FV_AX_LOG2 && ax != FV_AX_LOG10));
}

size_t fv_chart_points(const struct fv_chart *ch)
{
	size_t n = 0;

	for (size_t k = 0; k < ch->nlines; k++)
		for (size_t i = 0; i < ch->lines[k].n; i++)
			n += fv_on_axis(ch->xaxis, ch->lines[k].x[i]) &&
			     fv_on_axis(ch->yaxis, ch->lines[k].y[i]);
	return n;
}

void fv_chart_leave_out(struct fv_chart *ch, const char *fmt, ...)
{
	va_list ap;

	if (ch->left_out[0])
		return;
	va_start(ap, fmt);
	vsnprintf(ch->left_out, sizeof(ch->left_out), fmt, ap);
	va_end(ap);
}

void fv_chart_free(struct fv_chart *ch)
{
	for (size_t k = 0; k < ch->nlines; k++) {
		free(ch->lines[k].title);
		free(ch->lines[k].x);
		free(ch->lines[k].y);
	}
	for (size_t k = 0; k < ch->nmarks; k++)
		free(ch->marks[k].text);
	free(ch->lines);
	free(ch->marks);
	free(ch->svg);
}

void fv_charts_free(struct fv_charts *c)
{
	for (size_t i = 0; i < c->n; i++)
		fv_chart_free(&c->v[i]);
	free(c->v);
	memset(c, 0, sizeof(*c));
}

double fv_nines_x(double p)
{
	return -log10(1 - p / 100);
}
