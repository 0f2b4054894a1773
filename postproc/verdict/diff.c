/* SPDX-License-Identifier: MIT */
/*
 * diff: each job of the new results against the same label and job in the
 * baseline (--baseline DIR), several runs a side, on throughput, p99,
 * p99.9 and sync latency. A run moves with the machine's other tenants,
 * which change between runs more than within one: a figure's runs are a
 * sample, judged by a rank test of the two samples (Mann-Whitney U, exact
 * for small samples), its p-values adjusted by Holm's method over every
 * job x figure compared. The effect is the ratio of the medians, with the
 * Hodges-Lehmann interval of the ratio (on logs). A change counts when it
 * is both significant at --alpha and beyond its threshold (diff_tput,
 * diff_p99); samples too small to ever reach --alpha are inconclusive,
 * with the runs a side that would decide, unless the change is beyond the
 * wide factor (wide_tput, wide_lat) that identical runs of a shared
 * machine do not reach.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "series_stats.h"
#include "util/util.h"
#include "verdict_int.h"

enum fig { F_TPUT, F_P99, F_P999, F_SYNC, F_NR };

/* One figure of one job: the two samples and what they show. */
struct cell {
	double *b, *a; /* the baseline's runs, the new ones (> 0) */
	size_t nb, na;
	double mb, ma;	    /* medians */
	double ratio;	    /* ma / mb */
	double lo, hi;	    /* Hodges-Lehmann interval of the ratio */
	double p, padj;	    /* rank test, Holm-adjusted */
	enum fv_verdict v;  /* this figure's verdict */
	size_t need;	    /* inconclusive: runs a side that decide */
	bool used, floored; /* compared; latency change under lat_floor */
};

struct group {
	const struct fv_job *j; /* the first of the new runs */
	struct cell c[F_NR];
};

struct dctx {
	struct fv_vctx vc;
	const struct fv_set *base;
	const struct fv_logset *base_logs;
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

/* One job in two runs: its name and kind (a fleet's sum with sums). */
static bool same_job(const struct fv_job *a, const struct fv_job *b)
{
	return fv_job_representative(b) &&
	       (a->kind == FV_JOB_FLEET) == (b->kind == FV_JOB_FLEET) &&
	       !strcmp(a->display, b->display);
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
		if (same_job(j, s->jobs[i]) &&
		    (any_label || same_label(s->jobs[i]->label, j->label)))
			out[n++] = s->jobs[i];
	return n;
}

static double tput(const struct fv_job *j)
{
	double v = fv_vjob_iops(j);

	return v > 0 ? v : fv_vjob_bw(j);
}

static double figure(const struct dctx *dc, const struct fv_set *s,
		     const struct fv_job *j, enum fig f)
{
	enum fv_latkind k = dc->vc.ao ? fv_ao_lat(dc->vc.ao, j) : fv_lat_own(j);

	switch (f) {
	case F_TPUT:
		return tput(j);
	case F_P99:
		return fv_vjob_pct(s, j, fv_vjob_dir(j), k, 99);
	case F_P999:
		return fv_vjob_pct(s, j, fv_vjob_dir(j), k, 99.9);
	default:
		return fv_vjob_pct(s, j, FV_DIR_SYNC, FV_LAT, 99);
	}
}

/* The figure of runs r[n] that have it, finite and positive, into v. */
static size_t sample(const struct dctx *dc, const struct fv_set *s,
		     const struct fv_job **r, size_t n, enum fig f, double *v)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		double x = figure(dc, s, r[i], f);

		if (x > 0 && isfinite(x))
			v[k++] = x;
	}
	return k;
}

static double median(const double *v, size_t n)
{
	double *t = malloc(n * sizeof(*t)), m;

	if (!t)
		return NAN;
	memcpy(t, v, n * sizeof(*t));
	m = fv_median(t, n);
	free(t);
	return m;
}

/* The rank test and the interval, on logs: a ratio's scale. */
static int test_cell(struct cell *c)
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
	free(lb);
	if (ret)
		return ret;
	c->p = mw.p;
	c->lo = exp(c->lo);
	c->hi = exp(c->hi);
	c->mb = median(c->b, c->nb);
	c->ma = median(c->a, c->na);
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

	for (int f = 0; f < F_NR; f++) {
		struct cell *c = &g->c[f];
		int ret;

		c->b = calloc(nb + na + 1, sizeof(*c->b));
		if (!c->b)
			return -ENOMEM;
		c->a = c->b + nb;
		c->nb = sample(dc, dc->base, rb, nb, f, c->b);
		c->na = sample(dc, dc->vc.set, ra, na, f, c->a);
		c->used = c->nb && c->na;
		if (c->used && (ret = test_cell(c)))
			return ret;
	}
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

		if (!fv_job_representative(j))
			continue;
		for (size_t k = 0; k < dc->ng && !seen; k++)
			seen = same_job(j, dc->g[k].j) &&
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

static double threshold(const struct fv_vopts *o, enum fig f)
{
	return f == F_TPUT ? o->diff_tput : o->diff_p99;
}

/*
 * The factor beyond which a change counts untested. p99.9 and the sync
 * p99 have none: a short run's p99.9 is a handful of I/Os, and moved up
 * to 7x between identical runs of this machine.
 */
static double wide(const struct fv_vopts *o, enum fig f)
{
	return f == F_TPUT ? o->wide_tput : f == F_P99 ? o->wide_lat : INFINITY;
}

/* Holm over every job x figure compared, then each figure's verdict. */
static int judge(struct dctx *dc)
{
	const struct fv_vopts *o = dc->vc.o;
	size_t k = 0, n = 0;
	double *p = calloc(dc->ng * F_NR + 1, sizeof(*p)), level;

	if (!p)
		return -ENOMEM;
	for (size_t i = 0; i < dc->ng; i++)
		for (int f = 0; f < F_NR; f++)
			if (dc->g[i].c[f].used)
				p[k++] = dc->g[i].c[f].p;
	if (fv_holm(p, k, p)) {
		free(p);
		return -ENOMEM;
	}
	/* Holm's first step: no p-value above alpha / k can count. */
	level = k ? o->alpha / (double) k : o->alpha;
	for (size_t i = 0; i < dc->ng; i++)
		for (int f = 0; f < F_NR; f++) {
			struct cell *c = &dc->g[i].c[f];
			int sign = f == F_TPUT ? 1 : -1;
			double s;
			bool beyond, sig;

			if (!c->used)
				continue;
			c->padj = p[n++];
			s = sign * log(c->ratio);
			c->floored = f != F_TPUT &&
				     fabs(c->ma - c->mb) < o->lat_floor_ns;
			if (c->floored)
				s = 0;
			beyond = fabs(s) > log1p(threshold(o, f));
			sig = c->padj <= o->alpha;
			if (beyond && (sig || fabs(s) > log(wide(o, f))))
				c->v = s < 0 ? FV_V_REGRESSION
					     : FV_V_IMPROVEMENT;
			else if (beyond)
				c->v = FV_V_INCONCLUSIVE;
			else
				c->v = FV_V_STABLE;
			if (c->v == FV_V_INCONCLUSIVE &&
			    fv_mw_min_p(c->nb, c->na) > level)
				c->need = fv_mw_runs_needed(level);
		}
	free(p);
	return 0;
}

static const char *const fig_names[F_NR] = { "throughput", "p99", "p99.9",
					     "sync p99" };

/*
 * The machine formats' columns: the figure that decided the job's verdict
 * (its worst; throughput when all are stable), as numbers. The medians are
 * in the unit the figure's key ends with.
 */
static const struct {
	const char *key, *title;
	enum fv_unit unit;
} dcols[] = {
	{ "figure", "Figure", FV_U_TEXT },
	{ "n_base", "Baseline runs", FV_U_COUNT },
	{ "n_new", "New runs", FV_U_COUNT },
	{ "median_base", "Baseline median", FV_U_TEXT },
	{ "median_new", "New median", FV_U_TEXT },
	{ "ratio", "Ratio", FV_U_RATIO },
	{ "ratio_lo", "Ratio, 95% low", FV_U_RATIO },
	{ "ratio_hi", "Ratio, 95% high", FV_U_RATIO },
	{ "p", "p", FV_U_PROB },
	{ "p_holm", "p, Holm", FV_U_PROB },
	{ "runs_needed", "Runs a side needed", FV_U_COUNT },
};
#define NDCOLS (sizeof(dcols) / sizeof(*dcols))

static int diff_cols(struct fv_table *t)
{
	for (size_t c = 0; c < NDCOLS; c++)
		if (fv_table_add_col(t, dcols[c].key, dcols[c].title,
				     dcols[c].unit, FV_COL_MACHINE))
			return -ENOMEM;
	return 0;
}

static int row_figures(struct dctx *dc, const struct group *g, int f)
{
	static const char *const keys[F_NR] = { "throughput_iops", "p99_ns",
						"p99.9_ns", "sync_p99_ns" };
	const struct cell *c = &g->c[f];
	struct fv_table *t = dc->vc.t;
	size_t row = t->nrows - 1, col = t->ncols - NDCOLS;
	const double v[NDCOLS - 1] = {
		(double) c->nb,
		(double) c->na,
		c->mb,
		c->ma,
		c->ratio,
		c->lo > 0 && isfinite(c->hi) ? c->lo : NAN,
		c->lo > 0 && isfinite(c->hi) ? c->hi : NAN,
		c->p,
		c->padj,
		c->need ? (double) c->need : NAN,
	};

	if (!c->used)
		return 0;
	if (fv_cell_str(t, row, col,
			f == F_TPUT && fv_vjob_iops(g->j) <= 0
				? "throughput_bps"
				: keys[f]))
		return -ENOMEM;
	for (size_t k = 0; k < NDCOLS - 1; k++)
		if (isfinite(v[k]) && fv_cell_num(t, row, col + 1 + k, v[k]))
			return -ENOMEM;
	return 0;
}

static void fmt_cell(struct fv_vlist *l, const struct fv_job *j, enum fig f,
		     const struct cell *c)
{
	enum fv_unit u = f != F_TPUT	       ? FV_U_NS
			 : fv_vjob_iops(j) > 0 ? FV_U_IOPS
					       : FV_U_BPS;
	char a[48], b[48], ci[64], need[64] = "";

	fv_vfmt(a, sizeof(a), u, c->ma);
	fv_vfmt(b, sizeof(b), u, c->mb);
	if (!(c->lo > 0) || isinf(c->hi))
		snprintf(ci, sizeof(ci), "95%% interval n/a");
	else
		snprintf(ci, sizeof(ci), "95%% %.2f-%.2f", c->lo, c->hi);
	if (c->need)
		snprintf(need, sizeof(need), ", %zu runs a side would decide",
			 c->need);
	fv_vlist_add(l,
		     "%s n %zu/%zu: median %s vs %s, ratio %.2f (%s), p "
		     "%.3g (Holm %.3g)%s: %s%s",
		     f == F_TPUT && u == FV_U_BPS ? "bandwidth" : fig_names[f],
		     c->na, c->nb, a, b, c->ratio, ci, c->p, c->padj,
		     c->floored ? ", under --lat-floor" : "",
		     fv_verdict_name(c->v), need);
}

static const char *sentence(enum fv_verdict v)
{
	switch (v) {
	case FV_V_REGRESSION:
		return "worse than the baseline: significant and beyond the "
		       "threshold, or beyond the wide factor";
	case FV_V_IMPROVEMENT:
		return "better than the baseline: significant and beyond the "
		       "threshold, or beyond the wide factor";
	case FV_V_INCONCLUSIVE:
		return "changed beyond the threshold but not significantly: "
		       "cannot tell";
	case FV_V_STABLE:
		return "within the thresholds of the baseline";
	default:
		return "no usable baseline run of this label and job";
	}
}

/* The job's verdict: its worst figure's (into *fig). */
static enum fv_verdict worst(const struct dctx *dc, const struct group *g,
			     size_t *need, int *fig)
{
	static const enum fv_verdict order[] = { FV_V_REGRESSION,
						 FV_V_IMPROVEMENT,
						 FV_V_INCONCLUSIVE };

	*need = 0;
	*fig = F_TPUT;
	if (!g->c[F_TPUT].used ||
	    g->c[F_TPUT].nb < (size_t) dc->vc.o->min_baseline)
		return FV_V_INSUFFICIENT;
	for (size_t k = 0; k < sizeof(order) / sizeof(*order); k++)
		for (int f = 0; f < F_NR; f++)
			if (g->c[f].used && g->c[f].v == order[k]) {
				for (int h = 0; h < F_NR; h++)
					if (g->c[h].need > *need)
						*need = g->c[h].need;
				*fig = f;
				return order[k];
			}
	return FV_V_STABLE;
}

static int row(struct dctx *dc, const struct group *g)
{
	struct fv_vlist l = { .len = 0 };
	size_t need;
	int fig, ret;
	enum fv_verdict v = worst(dc, g, &need, &fig);

	for (int f = 0; f < F_NR; f++)
		if (g->c[f].used)
			fmt_cell(&l, g->j, f, &g->c[f]);
	if (!l.n)
		fv_vlist_add(&l,
			     "throughput n %zu/0: no baseline run to "
			     "compare with",
			     g->c[F_TPUT].na);
	if (need)
		ret = fv_vrow(&dc->vc, g->j->label, g->j->display, "regression",
			      v, l.buf, "%s; %zu runs a side would decide",
			      sentence(v), need);
	else
		ret = fv_vrow(&dc->vc, g->j->label, g->j->display, "regression",
			      v, l.buf, "%s", sentence(v));
	return ret ? ret : row_figures(dc, g, fig);
}

static void groups_free(struct dctx *dc)
{
	for (size_t i = 0; dc->g && i < dc->ng; i++)
		for (int f = 0; f < F_NR; f++)
			free(dc->g[i].c[f].b);
	free(dc->g);
}

int fv_diff(const struct fv_verdict_in *in, struct fv_report *rep, bool *failed)
{
	struct fv_set empty;
	struct dctx dc = { .vc = { .set = in->set,
				   .ao = in->ao,
				   .o = in->o,
				   .logs = in->logs },
			   .base_logs = in->base_logs };
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
