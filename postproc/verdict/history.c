/* SPDX-License-Identifier: MIT */
/*
 * history: runs of one suite in order (one per commit or per night), and
 * per job the change points of its primary figure (history_build.c). A
 * job's verdict is its newest change's: regression when the figure got
 * worse there, improvement when better, stable without a change, and
 * insufficient-baseline while the history is shorter than two segments.
 * Each change is named by the first run after it, with its size (the
 * ratio of the segments' medians and its Hodges-Lehmann 95% interval),
 * the permutation test's p and the runs before and after it.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history.h"
#include "util/util.h"

/* A change: the segments around it and what they show. */
struct change {
	size_t from, at, to;  /* positions: before [from, at), after [at, to) */
	double before, after; /* medians, in the figure's unit */
	double ratio, lo, hi, p;
};

static int measure(const struct fv_hseries *s, size_t k, struct change *c)
{
	double est;
	int ret;

	c->from = k ? s->cp[k - 1].at : 0;
	c->at = s->cp[k].at;
	c->to = k + 1 < s->ncp ? s->cp[k + 1].at : s->n;
	c->p = s->cp[k].p;
	c->before = exp(fv_median(s->v + c->from, c->at - c->from));
	c->after = exp(fv_median(s->v + c->at, c->to - c->at));
	c->ratio = c->after / c->before;
	ret = fv_hl_shift(s->v + c->from, c->at - c->from, s->v + c->at,
			  c->to - c->at, 0.95, &est, &c->lo, &c->hi);
	c->lo = exp(c->lo);
	c->hi = exp(c->hi);
	return ret;
}

/* "run 13 (hist_13/hist_13.json)" of position i. */
static void run_name(char *buf, size_t len, const struct fv_history *h,
		     const struct fv_hseries *s, size_t i)
{
	snprintf(buf, len, "run %zu (%s)", s->run[i] + 1,
		 h->runs[s->run[i]].source);
}

static void say_change(struct fv_vlist *l, const struct fv_history *h,
		       const struct fv_hseries *s, const struct change *c)
{
	enum fv_unit u = fv_gfig_unit(s->primary, s->ref);
	char a[48], b[48], ci[48], name[320];

	fv_vfmt(b, sizeof(b), u, c->before);
	fv_vfmt(a, sizeof(a), u, c->after);
	run_name(name, sizeof(name), h, s, c->at);
	if (c->lo > 0 && isfinite(c->hi))
		snprintf(ci, sizeof(ci), "95%% %.2f-%.2f", c->lo, c->hi);
	else
		snprintf(ci, sizeof(ci), "95%% interval n/a");
	fv_vlist_add(l,
		     "change from %s on: %s to %s, ratio %.2f (%s), p %.3g, "
		     "%zu runs before, %zu after",
		     name, b, a, c->ratio, ci, c->p, c->at - c->from,
		     c->to - c->at);
}

/* Figure f of the runs at positions [from, to) into v: how many have it. */
static size_t others_of(const struct fv_history *h, const struct fv_hseries *s,
			enum fv_gfig f, size_t from, size_t to, double *v)
{
	size_t n = 0;

	for (size_t i = from; i < to; i++) {
		double x = fv_gfig_value(h->ao, h->set, s->job[s->run[i]], f);

		if (!isnan(x))
			v[n++] = x;
	}
	return n;
}

/* The other figures' medians across the newest change (shown only). */
static int say_others(struct fv_vlist *l, const struct fv_history *h,
		      const struct fv_hseries *s, const struct change *c)
{
	double *v = malloc((c->to - c->from + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	for (int f = 0; f < FV_G_NR; f++) {
		enum fv_unit u = fv_gfig_unit(f, s->ref);
		size_t nb, na;
		char a[48], b[48];

		if (f == (int) s->primary)
			continue;
		nb = others_of(h, s, f, c->from, c->at, v);
		fv_vfmt(b, sizeof(b), u, fv_median(v, nb));
		na = others_of(h, s, f, c->at, c->to, v);
		fv_vfmt(a, sizeof(a), u, fv_median(v, na));
		if (nb && na)
			fv_vlist_add(l, "%s %s to %s (shown)",
				     fv_gfig_name(f, s->ref), b, a);
	}
	free(v);
	return 0;
}

/* The machine formats' columns, each of one unit. */
static const struct {
	const char *key, *title;
	enum fv_unit unit;
} hcols[] = {
	{ "figure", "Figure", FV_U_TEXT },
	{ "runs", "Runs", FV_U_COUNT },
	{ "changes", "Changes", FV_U_COUNT },
	{ "run_after", "First run after", FV_U_COUNT },
	{ "first_after", "Its file", FV_U_TEXT },
	{ "runs_before", "Runs before", FV_U_COUNT },
	{ "runs_after", "Runs after", FV_U_COUNT },
	{ "before_iops", "IOPS before", FV_U_IOPS },
	{ "after_iops", "IOPS after", FV_U_IOPS },
	{ "before_bps", "Bandwidth before", FV_U_BPS },
	{ "after_bps", "Bandwidth after", FV_U_BPS },
	{ "before_ns", "Latency before", FV_U_NS },
	{ "after_ns", "Latency after", FV_U_NS },
	{ "ratio", "Ratio", FV_U_RATIO },
	{ "ratio_lo", "Ratio, 95% low", FV_U_RATIO },
	{ "ratio_hi", "Ratio, 95% high", FV_U_RATIO },
	{ "p", "p", FV_U_PROB },
};
#define NHCOLS (FV_ARRAY_SIZE(hcols))
enum {
	HC_FIGURE,
	HC_RUNS,
	HC_CHANGES,
	HC_RUN_AFTER,
	HC_FILE,
	HC_BEFORE_N,
	HC_AFTER_N,
	HC_LEVELS,
	HC_RATIO = 13
};

static int history_cols(struct fv_table *t)
{
	for (size_t c = 0; c < NHCOLS; c++)
		fv_table_add_col(t, hcols[c].key, hcols[c].title, hcols[c].unit,
				 FV_COL_MACHINE);
	return fv_table_status(t);
}

static int put(struct fv_table *t, size_t row, size_t col, double v)
{
	return isfinite(v) ? fv_cell_num(t, row, col, v) : fv_table_status(t);
}

static int row_figures(struct fv_table *t, const struct fv_history *h,
		       const struct fv_hseries *s, const struct change *c)
{
	size_t row = t->nrows - 1, col = t->ncols - NHCOLS;
	enum fv_unit u = fv_gfig_unit(s->primary, s->ref);
	size_t lv = col + HC_LEVELS +
		    (u == FV_U_IOPS  ? 0
		     : u == FV_U_BPS ? 2
				     : 4);

	fv_cell_str(t, row, col + HC_FIGURE, fv_gfig_name(s->primary, s->ref));
	put(t, row, col + HC_RUNS, (double) s->n);
	put(t, row, col + HC_CHANGES, (double) s->ncp);
	if (!c)
		return fv_table_status(t);
	put(t, row, col + HC_RUN_AFTER, (double) s->run[c->at] + 1);
	fv_cell_str(t, row, col + HC_FILE, h->runs[s->run[c->at]].source);
	put(t, row, col + HC_BEFORE_N, (double) (c->at - c->from));
	put(t, row, col + HC_AFTER_N, (double) (c->to - c->at));
	put(t, row, lv, c->before);
	put(t, row, lv + 1, c->after);
	put(t, row, col + HC_RATIO, c->ratio);
	put(t, row, col + HC_RATIO + 1, c->lo > 0 ? c->lo : NAN);
	put(t, row, col + HC_RATIO + 2, c->hi);
	put(t, row, col + HC_RATIO + 3, c->p);
	return fv_table_status(t);
}

/* The label every run of the job shares, else none. */
static const char *common_label(const struct fv_history *h,
				const struct fv_hseries *s)
{
	const char *l = s->ref->label ? s->ref->label : "";

	for (size_t r = 0; r < h->nruns; r++)
		if (s->job[r] &&
		    strcmp(s->job[r]->label ? s->job[r]->label : "", l))
			return "";
	return l;
}

static int verdict_row(struct fv_vctx *vc, const struct fv_history *h,
		       const struct fv_hseries *s, enum fv_verdict v,
		       const char *evidence, const char *sentence)
{
	return fv_vrow(vc, common_label(h, s), s->ref->display, "history", v,
		       evidence, "%s", sentence);
}

static int too_short(struct fv_vctx *vc, const struct fv_history *h,
		     const struct fv_hseries *s)
{
	char ev[200], sent[200];

	snprintf(ev, sizeof(ev), "%s over %zu run%s",
		 fv_gfig_name(s->primary, s->ref), s->n, s->n == 1 ? "" : "s");
	snprintf(sent, sizeof(sent),
		 "too short a history: a change needs %d runs on each side "
		 "(--min-segment), %d in all",
		 h->o->min_segment, 2 * h->o->min_segment);
	return verdict_row(vc, h, s, FV_V_INSUFFICIENT, ev, sent)
		       ?: row_figures(vc->t, h, s, NULL);
}

static int no_change(struct fv_vctx *vc, const struct fv_history *h,
		     const struct fv_hseries *s)
{
	enum fv_unit u = fv_gfig_unit(s->primary, s->ref);
	char ev[200], m[48], sent[200];

	fv_vfmt(m, sizeof(m), u, exp(fv_median(s->v, s->n)));
	snprintf(ev, sizeof(ev), "%s over %zu runs: median %s, no change",
		 fv_gfig_name(s->primary, s->ref), s->n, m);
	snprintf(sent, sizeof(sent),
		 "no change beyond %.3g%% that the permutation test finds "
		 "significant at %.3g",
		 100 * h->o->threshold, h->o->alpha);
	return verdict_row(vc, h, s, FV_V_STABLE, ev, sent)
		       ?: row_figures(vc->t, h, s, NULL);
}

static int changed(struct fv_vctx *vc, const struct fv_history *h,
		   const struct fv_hseries *s)
{
	struct fv_vlist l = { .len = 0 };
	struct change c;
	char name[320], sent[480];
	enum fv_verdict v;

	fv_vlist_add(&l, "%s over %zu runs", fv_gfig_name(s->primary, s->ref),
		     s->n);
	for (size_t k = 0; k < s->ncp; k++) {
		if (measure(s, k, &c))
			return -ENOMEM;
		say_change(&l, h, s, &c);
	}
	if (say_others(&l, h, s, &c))
		return -ENOMEM;
	v = fv_gfig_sign(s->primary) * log(c.ratio) < 0 ? FV_V_REGRESSION
							: FV_V_IMPROVEMENT;
	run_name(name, sizeof(name), h, s, c.at);
	snprintf(sent, sizeof(sent),
		 "%s from %s on: the newest change of the "
		 "history (%zu in all)",
		 v == FV_V_REGRESSION ? "worse" : "better", name, s->ncp);
	return verdict_row(vc, h, s, v, l.buf, sent)
		       ?: row_figures(vc->t, h, s, &c);
}

static int rows(struct fv_vctx *vc, const struct fv_history *h)
{
	int ret = 0;

	for (size_t i = 0; !ret && i < h->ns; i++) {
		const struct fv_hseries *s = &h->s[i];

		if (s->n < 2 * (size_t) h->o->min_segment)
			ret = too_short(vc, h, s);
		else if (!s->ncp)
			ret = no_change(vc, h, s);
		else
			ret = changed(vc, h, s);
	}
	return ret;
}

int fv_history(const struct fv_verdict_in *in, enum fv_hist_order order,
	       bool runs, struct fv_report *rep, bool *failed)
{
	struct fv_history h = { .set = in->set, .ao = in->ao, .o = in->o };
	struct fv_vctx vc = { .set = in->set, .ao = in->ao, .o = in->o };
	int ret = fv_history_build(&h, order);

	if (ret)
		goto out;
	vc.t = fv_vtable_new("history", "Along the history");
	if (!vc.t) {
		ret = -ENOMEM;
		goto out;
	}
	history_cols(vc.t);
	ret = rows(&vc, &h);
	if (!ret)
		ret = fv_vrows_failed(&vc);
	if (!ret)
		ret = fv_tally_note(vc.t, vc.t);
	if (!ret)
		ret = fv_report_add(rep, vc.t);
	if (ret) {
		fv_table_free(vc.t);
		goto out;
	}
	*failed |= vc.failed;
	if (runs)
		ret = fv_history_runs_table(&h, rep);
out:
	fv_history_free(&h);
	return ret;
}
