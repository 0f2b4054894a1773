/* SPDX-License-Identifier: MIT */
/*
 * diff: each job of the new results against the same label and job in the
 * baseline (--baseline DIR), several runs a side, on throughput, p99,
 * p99.9 and sync latency. A run moves with the machine's other tenants,
 * which change between runs more than within one: a figure's runs are a
 * sample. The job's verdict is its primary figure's (gate.h), tested on
 * its own at --alpha, each way one-sided: worse, and better (no
 * correction across the suite, as Go's benchstat; the false alarms a
 * suite of k jobs gives are 1 - (1 - alpha)^k at most). How it is tested
 * depends on what the runs can tell:
 *   - samples whose rank test can reach alpha (3 runs a side and more):
 *     Mann-Whitney U, exact for small samples;
 *   - one new run against a baseline of 3 and more: the baseline's spread
 *     (on logs) predicts where a run of the same build falls, Student's t;
 *   - fewer: the declared noise band of single runs (--noise, --noise-lat).
 * A change counts when it is significant and beyond its threshold
 * (--diff-tput, --diff-p99), or beyond the band. The effect is the ratio
 * of the medians, with the Hodges-Lehmann interval of the ratio (on logs).
 * The other figures are shown, their p-values Holm-adjusted within the
 * job; one of them decides only beyond its band.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate.h"
#include "util/util.h"

enum how { BY_RANK, BY_SPREAD, BY_BAND };

/* One figure of one job: the two samples and what they show. */
struct cell {
	double *b, *a; /* the baseline's runs, the new ones (> 0) */
	size_t nb, na;
	double mb, ma;	      /* medians */
	double ratio;	      /* ma / mb */
	double lo, hi;	      /* Hodges-Lehmann interval of the ratio */
	double worse, better; /* one-sided p-values (NAN: the band) */
	double p;	      /* the one of the change's way */
	double padj;	      /* others: Holm within the job */
	enum how how;
	enum fv_verdict v;  /* this figure's verdict */
	size_t need;	    /* inconclusive: runs a side that decide */
	bool used, floored; /* compared; latency change under lat_floor */
};

struct group {
	const struct fv_job *j; /* the first of the new runs */
	enum fv_gfig primary;
	struct cell c[FV_G_NR];
};

struct dctx {
	struct fv_vctx vc;
	const struct fv_set *base;
	struct group *g;
	size_t ng;
};

static bool has_label(const struct fv_set *s, const char *label)
{
	for (size_t i = 0; i < s->njobs; i++)
		if (s->jobs[i]->label && !strcmp(s->jobs[i]->label, label))
			return true;
	return false;
}

static bool same_label(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/*
 * The runs of j's job in s: the same label and job; in a baseline without
 * such a label (each run in its own directory, labelled by it), the same
 * job of any label.
 */
static size_t runs_of(const struct fv_set *s, const struct fv_job *j,
		      bool any_label, const struct fv_job **out)
{
	size_t n = 0;

	for (size_t i = 0; i < s->njobs; i++)
		if (fv_gate_same_test(j, s->jobs[i]) &&
		    (any_label || same_label(s->jobs[i]->label, j->label)))
			out[n++] = s->jobs[i];
	return n;
}

/* The figure of runs r[n] that have it into v. */
static size_t sample(const struct dctx *dc, const struct fv_set *s,
		     const struct fv_job **r, size_t n, enum fv_gfig f,
		     double *v)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		double x = fv_gfig_value(dc->vc.ao, s, r[i], f);

		if (!isnan(x))
			v[k++] = x;
	}
	return k;
}

/* Each way's p-value: the rank test's, or the baseline's spread's. */
static void one_sided(struct cell *c, const struct fv_mw *mw, const double *lb,
		      const double *la, double alpha, int sign)
{
	double lower = mw->p_lower, upper = mw->p_upper;

	c->how = BY_RANK;
	if (fv_mw_min_p1(c->nb, c->na) > alpha * (1 + 1e-12)) {
		c->how = c->na == 1 && c->nb >= 3 ? BY_SPREAD : BY_BAND;
		lower = upper = NAN;
		if (c->how == BY_SPREAD)
			fv_t_predict(lb, c->nb, la[0], &lower, &upper);
	}
	c->worse = sign > 0 ? lower : upper;
	c->better = sign > 0 ? upper : lower;
}

/* The tests and the interval, on logs: a ratio's scale. */
static int test_cell(struct cell *c, double alpha, int sign)
{
	double *lb = malloc((c->nb + c->na) * sizeof(*lb)), *la, est;
	struct fv_mw mw;
	int ret;

	if (!lb)
		return -ENOMEM;
	la = lb + c->nb;
	for (size_t i = 0; i < c->nb; i++)
		lb[i] = log(c->b[i]);
	for (size_t i = 0; i < c->na; i++)
		la[i] = log(c->a[i]);
	ret = fv_mw_test(lb, c->nb, la, c->na, &mw);
	if (!ret)
		ret = fv_hl_shift(lb, c->nb, la, c->na, 0.95, &est, &c->lo,
				  &c->hi);
	if (!ret)
		one_sided(c, &mw, lb, la, alpha, sign);
	free(lb);
	if (ret)
		return ret;
	c->lo = exp(c->lo);
	c->hi = exp(c->hi);
	c->mb = fv_median(c->b, c->nb);
	c->ma = fv_median(c->a, c->na);
	c->ratio = c->ma / c->mb;
	return isnan(c->ratio) ? -ENOMEM : 0;
}

static int gather(struct dctx *dc, struct group *g, const struct fv_job **rb,
		  const struct fv_job **ra)
{
	const struct fv_job *j = g->j;
	size_t nb = runs_of(dc->base, j,
			    !j->label || !has_label(dc->base, j->label), rb),
	       na = runs_of(dc->vc.set, j, false, ra);

	g->primary = fv_gfig_primary(nb ? rb[0] : j);
	for (int f = 0; f < FV_G_NR; f++) {
		struct cell *c = &g->c[f];
		int ret;

		c->b = calloc(nb + na + 1, sizeof(*c->b));
		if (!c->b)
			return -ENOMEM;
		c->a = c->b + nb;
		c->nb = sample(dc, dc->base, rb, nb, f, c->b);
		c->na = sample(dc, dc->vc.set, ra, na, f, c->a);
		c->used = c->nb && c->na;
		if (c->used &&
		    (ret = test_cell(c, dc->vc.o->alpha, fv_gfig_sign(f))))
			return ret;
	}
	/* A primary figure no run has: throughput decides. */
	if (!g->c[g->primary].used)
		g->primary = FV_G_TPUT;
	return 0;
}

static int collect(struct dctx *dc)
{
	const struct fv_set *s = dc->vc.set;
	const struct fv_job **rb = calloc(dc->base->njobs + 1, sizeof(*rb)),
			    **ra = calloc(s->njobs + 1, sizeof(*ra));
	int ret = rb && ra ? 0 : -ENOMEM;

	dc->g = calloc(s->njobs + 1, sizeof(*dc->g));
	if (!dc->g)
		ret = -ENOMEM;
	for (size_t i = 0; !ret && i < s->njobs; i++) {
		const struct fv_job *j = s->jobs[i];
		bool seen = false;

		if (!fv_job_measured(j))
			continue;
		for (size_t k = 0; k < dc->ng && !seen; k++)
			seen = fv_gate_same_test(dc->g[k].j, j) &&
			       same_label(j->label, dc->g[k].j->label);
		if (seen)
			continue;
		dc->g[dc->ng].j = j;
		ret = gather(dc, &dc->g[dc->ng++], rb, ra);
	}
	free(rb);
	free(ra);
	return ret;
}

/* The runs a side that would decide, when the samples cannot. */
static size_t runs_needed(const struct cell *c, double alpha)
{
	return c->how == BY_RANK ? 0 : fv_mw_runs_needed1(alpha);
}

/*
 * A figure's verdict: beyond the threshold and significant (primary), or
 * beyond the band (any figure); inconclusive when beyond the threshold
 * alone (primary).
 */
static void judge_cell(const struct fv_vopts *o, struct cell *c, enum fv_gfig f,
		       bool primary)
{
	double s = fv_gfig_sign(f) * log(c->ratio);
	bool beyond, sig;

	c->floored = f != FV_G_TPUT && fabs(c->ma - c->mb) < o->lat_floor_ns;
	if (c->floored)
		s = 0;
	c->p = s < 0 ? c->worse : c->better;
	beyond = fabs(s) > log1p(fv_gfig_threshold(o, f));
	/* worse: the gate's question, one-sided at alpha; better is named
	 * only where the two-sided test at alpha would name it */
	sig = primary &&
	      c->p <= (s < 0 ? o->alpha : o->alpha / 2) * (1 + 1e-12);
	if (beyond && (sig || fabs(s) > log(fv_gfig_band(o, f))))
		c->v = s < 0 ? FV_V_REGRESSION : FV_V_IMPROVEMENT;
	else if (beyond && primary)
		c->v = FV_V_INCONCLUSIVE;
	else
		c->v = FV_V_STABLE;
	if (c->v == FV_V_INCONCLUSIVE)
		c->need = runs_needed(c, o->alpha);
}

/* The other figures' p-values, Holm-adjusted within the job. */
static int adjust_others(struct group *g)
{
	double p[FV_G_NR];
	size_t k = 0;

	for (int f = 0; f < FV_G_NR; f++)
		if (f != (int) g->primary && g->c[f].used)
			p[k++] = isnan(g->c[f].p) ? 1 : g->c[f].p;
	if (fv_holm(p, k, p))
		return -ENOMEM;
	k = 0;
	for (int f = 0; f < FV_G_NR; f++)
		if (f != (int) g->primary && g->c[f].used)
			g->c[f].padj = isnan(g->c[f].p) ? NAN : p[k++];
	return 0;
}

static int judge(struct dctx *dc)
{
	for (size_t i = 0; i < dc->ng; i++) {
		struct group *g = &dc->g[i];

		for (int f = 0; f < FV_G_NR; f++)
			if (g->c[f].used)
				judge_cell(dc->vc.o, &g->c[f], f,
					   f == (int) g->primary);
		if (adjust_others(g))
			return -ENOMEM;
	}
	return 0;
}

/*
 * The machine formats' columns, each of one unit: the runs a side, every
 * figure's medians, and of the figure that decided (its primary, unless
 * another moved beyond its band) the ratio, its interval, the one-sided
 * p-value, how it was tested and the runs a side that would decide.
 */
static const struct {
	const char *key, *title;
	enum fv_unit unit;
} dcols[] = {
	{ "figure", "Figure", FV_U_TEXT },
	{ "n_base", "Baseline runs", FV_U_COUNT },
	{ "n_new", "New runs", FV_U_COUNT },
	{ "base_iops", "Baseline IOPS", FV_U_IOPS },
	{ "new_iops", "New IOPS", FV_U_IOPS },
	{ "base_bps", "Baseline bandwidth", FV_U_BPS },
	{ "new_bps", "New bandwidth", FV_U_BPS },
	{ "base_p99_ns", "Baseline p99", FV_U_NS },
	{ "new_p99_ns", "New p99", FV_U_NS },
	{ "base_p99.9_ns", "Baseline p99.9", FV_U_NS },
	{ "new_p99.9_ns", "New p99.9", FV_U_NS },
	{ "base_sync_p99_ns", "Baseline sync p99", FV_U_NS },
	{ "new_sync_p99_ns", "New sync p99", FV_U_NS },
	{ "ratio", "Ratio", FV_U_RATIO },
	{ "ratio_lo", "Ratio, 95% low", FV_U_RATIO },
	{ "ratio_hi", "Ratio, 95% high", FV_U_RATIO },
	{ "p", "p, one-sided", FV_U_PROB },
	{ "test", "Test", FV_U_TEXT },
	{ "runs_needed", "Runs a side needed", FV_U_COUNT },
};
#define NDCOLS (FV_ARRAY_SIZE(dcols))
enum { DC_FIGURE, DC_NB, DC_NA, DC_MEDIANS, DC_RATIO = 13, DC_TEST = 17 };

static int diff_cols(struct fv_table *t)
{
	for (size_t c = 0; c < NDCOLS; c++)
		if (fv_table_add_col(t, dcols[c].key, dcols[c].title,
				     dcols[c].unit, FV_COL_MACHINE))
			return -ENOMEM;
	return 0;
}

static const char *const how_names[] = { "rank", "spread", "band" };

static int put_num(struct fv_table *t, size_t row, size_t col, double v)
{
	return isfinite(v) ? fv_cell_num(t, row, col, v) : 0;
}

/* Each figure's medians in its unit's columns. */
static int row_medians(struct fv_table *t, size_t row, size_t col,
		       const struct group *g)
{
	for (int f = 0; f < FV_G_NR; f++) {
		const struct cell *c = &g->c[f];
		/* IOPS, bandwidth, then one pair per latency figure */
		size_t k =
			f == FV_G_TPUT
				? (fv_gfig_unit(f, g->j) == FV_U_IOPS ? 0 : 2)
				: 2 + 2 * (size_t) f;

		if (c->used && (put_num(t, row, col + k, c->mb) ||
				put_num(t, row, col + k + 1, c->ma)))
			return -ENOMEM;
	}
	return 0;
}

static int row_figures(struct dctx *dc, const struct group *g, int f)
{
	const struct cell *c = &g->c[f];
	struct fv_table *t = dc->vc.t;
	size_t row = t->nrows - 1, col = t->ncols - NDCOLS;
	bool ci = c->lo > 0 && isfinite(c->hi);
	const double v[] = { c->ratio, ci ? c->lo : NAN, ci ? c->hi : NAN,
			     c->p };

	if (!c->used)
		return 0;
	if (fv_cell_str(t, row, col + DC_FIGURE, fv_gfig_name(f, g->j)) ||
	    put_num(t, row, col + DC_NB, (double) c->nb) ||
	    put_num(t, row, col + DC_NA, (double) c->na) ||
	    row_medians(t, row, col + DC_MEDIANS, g) ||
	    fv_cell_str(t, row, col + DC_TEST, how_names[c->how]) ||
	    (c->need && put_num(t, row, col + NDCOLS - 1, (double) c->need)))
		return -ENOMEM;
	for (size_t k = 0; k < FV_ARRAY_SIZE(v); k++)
		if (put_num(t, row, col + DC_RATIO + k, v[k]))
			return -ENOMEM;
	return 0;
}

/* How the cell was tested, in words: "p 0.004" or the band. */
static void tested(char *buf, size_t len, const struct dctx *dc,
		   const struct cell *c, enum fv_gfig f, bool primary)
{
	const char *way = c->p == c->worse ? "worse" : "better";

	double band = fv_gfig_band(dc->vc.o, f);
	bool out = fabs(log(c->ratio)) > log(band);

	if (c->how == BY_BAND)
		snprintf(buf, len, "%s the noise band of single runs (%.3gx)",
			 out ? "beyond" : "within", band);
	else if (!primary)
		snprintf(buf, len, "p %.3g %s (Holm within the job %.3g)", c->p,
			 way, c->padj);
	else
		snprintf(buf, len, "p %.3g %s (%s)", c->p, way,
			 c->how == BY_RANK ? "rank test"
					   : "baseline's spread, t");
}

static void fmt_cell(struct dctx *dc, struct fv_vlist *l, const struct group *g,
		     enum fv_gfig f)
{
	const struct cell *c = &g->c[f];
	enum fv_unit u = fv_gfig_unit(f, g->j);
	bool primary = f == g->primary;
	char a[48], b[48], ci[64], how[96];

	fv_vfmt(a, sizeof(a), u, c->ma);
	fv_vfmt(b, sizeof(b), u, c->mb);
	if (!(c->lo > 0) || isinf(c->hi))
		snprintf(ci, sizeof(ci), "95%% interval n/a");
	else
		snprintf(ci, sizeof(ci), "95%% %.2f-%.2f", c->lo, c->hi);
	tested(how, sizeof(how), dc, c, f, primary);
	fv_vlist_add(
		l, "%s%s n %zu/%zu: median %s vs %s, ratio %.2f (%s), %s%s: %s",
		fv_gfig_name(f, g->j), primary ? " (primary)" : "", c->na,
		c->nb, a, b, c->ratio, ci, how,
		c->floored ? ", under --lat-floor" : "",
		primary || c->v != FV_V_STABLE ? fv_verdict_name(c->v)
					       : "shown");
}

static const char *sentence(enum fv_verdict v)
{
	switch (v) {
	case FV_V_REGRESSION:
		return "worse than the baseline: significant and beyond the "
		       "threshold, or beyond the noise band";
	case FV_V_IMPROVEMENT:
		return "better than the baseline: significant and beyond the "
		       "threshold, or beyond the noise band";
	case FV_V_INCONCLUSIVE:
		return "changed beyond the threshold but not significantly: "
		       "cannot tell";
	case FV_V_STABLE:
		return "within the thresholds of the baseline";
	default:
		return "no usable baseline run of this label and job";
	}
}

/* The job's verdict: its primary figure's, or another's beyond its band. */
static enum fv_verdict decide(const struct dctx *dc, const struct group *g,
			      int *fig)
{
	*fig = g->primary;
	if (!g->c[g->primary].used ||
	    g->c[g->primary].nb < (size_t) dc->vc.o->min_baseline)
		return FV_V_INSUFFICIENT;
	if (g->c[g->primary].v == FV_V_REGRESSION)
		return FV_V_REGRESSION;
	for (int f = 0; f < FV_G_NR; f++)
		if (g->c[f].used && f != (int) g->primary &&
		    g->c[f].v == FV_V_REGRESSION) {
			*fig = f;
			return FV_V_REGRESSION;
		}
	return g->c[g->primary].v;
}

/* What would decide: more runs, or a baseline whose spread is known. */
static void would_decide(char *buf, size_t len, const struct cell *c)
{
	if (c->na == 1 && c->nb < 3)
		snprintf(buf, len,
			 "; %zu runs a side, or a baseline of 3 runs (its "
			 "spread then tells), or a history (fioverdict "
			 "history), would decide",
			 c->need);
	else
		snprintf(buf, len, "; %zu runs a side would decide", c->need);
}

static int row(struct dctx *dc, const struct group *g)
{
	struct fv_vlist l = { .len = 0 };
	char more[160] = "";
	int fig;
	enum fv_verdict v = decide(dc, g, &fig);

	for (int f = 0; f < FV_G_NR; f++)
		if (g->c[f].used)
			fmt_cell(dc, &l, g, f);
	if (!l.n)
		fv_vlist_add(&l,
			     "throughput n %zu/0: no baseline run to "
			     "compare with",
			     g->c[FV_G_TPUT].na);
	if (v == FV_V_INCONCLUSIVE && g->c[fig].need)
		would_decide(more, sizeof(more), &g->c[fig]);
	if (fv_vrow(&dc->vc, g->j->label, g->j->display, "regression", v, l.buf,
		    "%s%s", sentence(v), more))
		return -ENOMEM;
	return row_figures(dc, g, fig);
}

static void groups_free(struct dctx *dc)
{
	for (size_t i = 0; dc->g && i < dc->ng; i++)
		for (int f = 0; f < FV_G_NR; f++)
			free(dc->g[i].c[f].b);
	free(dc->g);
}

int fv_diff(const struct fv_verdict_in *in, struct fv_report *rep, bool *failed)
{
	struct fv_set empty;
	struct dctx dc = { .vc = { .set = in->set,
				   .ao = in->ao,
				   .o = in->o,
				   .logs = in->logs } };
	int ret;

	fv_set_init(&empty, NULL);
	dc.base = in->base ? in->base : &empty;
	dc.vc.t = fv_vtable_new("diff", "Against the baseline");
	ret = dc.vc.t ? diff_cols(dc.vc.t) : -ENOMEM;
	if (!ret)
		ret = collect(&dc);
	if (!ret)
		ret = judge(&dc);
	for (size_t i = 0; !ret && i < dc.ng; i++)
		ret = row(&dc, &dc.g[i]);
	if (!ret)
		ret = fv_vrows_failed(&dc.vc);
	if (!ret)
		ret = fv_tally_note(dc.vc.t, dc.vc.t);
	if (!ret)
		ret = fv_report_add(rep, dc.vc.t);
	if (ret)
		fv_table_free(dc.vc.t);
	else
		*failed |= dc.vc.failed;
	groups_free(&dc);
	fv_set_free(&empty);
	return ret;
}
