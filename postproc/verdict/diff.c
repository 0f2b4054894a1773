/* SPDX-License-Identifier: MIT */
/*
 * diff: each job of the new results against the same label and job in the
 * baseline (--baseline DIR), on throughput and p99. Changes are ratios,
 * judged on a log scale: a third of the throughput is as far below as
 * three times is above. A change counts when it passes the plain
 * threshold (diff_tput, diff_p99) and noise_mult times the noise of the
 * very figure compared:
 *   - between runs: the spread of the baseline's runs (a normal's sigma
 *     from their median absolute deviation), when there are two or more;
 *   - within runs: the new run's own and the baseline runs' (throughput:
 *     the spread of its IOPS windows or fio's iops_stddev; p99: the spread
 *     of its per-window p99s, noise.c), since windows drift with the
 *     machine's load as a whole run does;
 * added in quadrature. A single baseline run cannot show how much runs
 * differ: the noise is then at least default_noise. Beyond the plain
 * threshold but inside the noise: inconclusive, never a regression.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "series_stats.h"
#include "verdict_int.h"

struct metric {
	double now, base;   /* the new figure, the baseline's median */
	double change;	    /* now / base - 1, signed: > 0 better */
	double lchange;	    /* the same as a log ratio, judged */
	double noise;	    /* relative sigma of the change (~ of its log) */
	double band;	    /* log: max(log(1 + threshold), mult x noise) */
	double thr;	    /* the plain threshold */
	double mult;	    /* noise_mult */
	size_t n;	    /* baseline runs */
	bool assumed;	    /* the noise floor is default_noise */
};

struct dctx {
	struct fv_vctx vc;
	const struct fv_set *base;
	const struct fv_logset *base_logs;
};

static bool has_label(const struct fv_set *s, const char *label)
{
	for (size_t i = 0; i < s->njobs; i++)
		if (s->jobs[i]->label && !strcmp(s->jobs[i]->label, label))
			return true;
	return false;
}

/*
 * Baseline jobs of the same label and job; when the baseline has no such
 * label (each run in its own directory, labelled by it), the same job. A
 * fleet's sum is compared with fleets' sums only.
 */
static size_t matches(const struct dctx *dc, const struct fv_job *j,
		      const struct fv_job **out)
{
	bool any_label = !j->label || !has_label(dc->base, j->label);
	size_t n = 0;

	for (size_t i = 0; i < dc->base->njobs; i++) {
		const struct fv_job *b = dc->base->jobs[i];

		if (fv_job_representative(b) &&
		    (b->kind == FV_JOB_FLEET) == (j->kind == FV_JOB_FLEET) &&
		    !strcmp(b->display, j->display) &&
		    (any_label || (b->label && !strcmp(b->label, j->label))))
			out[n++] = b;
	}
	return n;
}

static double p99(const struct dctx *dc, const struct fv_set *s,
		  const struct fv_job *j)
{
	enum fv_latkind k = dc->vc.ao ? dc->vc.ao->lat : FV_CLAT;

	return fv_vjob_pct(s, j, fv_vjob_dir(j), k, 99);
}

static double tput(const struct fv_job *j)
{
	double v = fv_vjob_iops(j);

	return v > 0 ? v : fv_vjob_bw(j);
}

/* A figure and its run's own relative noise. */
struct sample {
	double v, noise;
};

static struct sample tput_of(const struct fv_logset *logs,
			     const struct fv_job *j)
{
	double v = tput(j);

	return (struct sample){ v, fv_vjob_iops(j) > 0
					   ? fv_vjob_iops_spread(logs, j)
					   : NAN };
}

static struct sample p99_of(const struct dctx *dc, const struct fv_set *s,
			    const struct fv_logset *logs,
			    const struct fv_job *j)
{
	return (struct sample){ p99(dc, s, j), fv_vjob_lat_spread(logs, j) };
}

/* Median of the finite positive values of v (their count in *k). */
static double median_of(const double *v, size_t n, double *tmp, size_t *k)
{
	*k = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i] > 0 && isfinite(v[i]))
			tmp[(*k)++] = v[i];
	return *k ? fv_median(tmp, *k) : NAN;
}

/*
 * sign: +1 when higher is better (throughput), -1 for latency. b[] the
 * baseline runs' figures, now the new one.
 */
static int measure(struct metric *m, const struct sample *b, size_t n,
		   struct sample now, double thr, const struct fv_vopts *o,
		   int sign)
{
	double *v = calloc(n + 1, sizeof(*v)), *tmp = calloc(n + 1, sizeof(*v));
	double between = 0, within_base;
	size_t kn;

	if (!v || !tmp) {
		free(v);
		free(tmp);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		v[i] = b[i].v;
	m->base = median_of(v, n, tmp, &m->n);
	if (m->n >= 2)
		between = 1.4826 * fv_rel_mad(tmp, m->n);
	for (size_t i = 0; i < n; i++)
		v[i] = b[i].noise;
	within_base = median_of(v, n, tmp, &kn);
	within_base = kn ? within_base / sqrt((double) m->n) : 0;
	m->noise = sqrt(between * between + within_base * within_base +
			(isfinite(now.noise) ? now.noise * now.noise : 0));
	m->assumed = m->n < 2 && m->noise < o->default_noise;
	if (m->assumed)
		m->noise = o->default_noise;
	m->now = now.v;
	m->thr = thr;
	m->mult = o->noise_mult;
	m->band = fmax(log1p(thr), o->noise_mult * m->noise);
	m->change = sign * (now.v / m->base - 1);
	m->lchange = sign * log(now.v / m->base);
	free(v);
	free(tmp);
	return 0;
}

static void fmt_metric(char *buf, size_t len, const char *what, enum fv_unit u,
		       const struct metric *m, int sign)
{
	char a[48], b[48];

	fv_vfmt(a, sizeof(a), u, m->now);
	fv_vfmt(b, sizeof(b), u, m->base);
	if (!m->n) {
		snprintf(buf, len, "%s %s, no baseline run to compare with",
			 what, a);
		return;
	}
	snprintf(buf, len,
		 "%s %s vs baseline median %s of %zu run%s (%+.1f%%; counts "
		 "beyond a factor of %.2f: the threshold %.0f%%, or %.0f x a "
		 "noise of %.1f%%%s)",
		 what, a, b, m->n, m->n == 1 ? "" : "s", 100 * sign * m->change,
		 exp(m->band), 100 * m->thr, m->mult, 100 * m->noise,
		 m->assumed ? " assumed: one baseline run" : "");
}

static bool valid(const struct metric *m)
{
	return m->n && isfinite(m->lchange);
}

static enum fv_verdict decide(const struct fv_vopts *o, const struct metric *t,
			      const struct metric *l)
{
	bool lat = valid(l);

	if (!valid(t) || t->n < (size_t) o->min_baseline)
		return FV_V_INSUFFICIENT;
	if (t->lchange < -t->band || (lat && l->lchange < -l->band))
		return FV_V_REGRESSION;
	if (t->lchange > t->band || (lat && l->lchange > l->band))
		return FV_V_IMPROVEMENT;
	/* Beyond the plain thresholds, within the noise: cannot tell. */
	if (fabs(t->lchange) > log1p(t->thr) ||
	    (lat && fabs(l->lchange) > log1p(l->thr)))
		return FV_V_INCONCLUSIVE;
	return FV_V_STABLE;
}

static const char *sentence(enum fv_verdict v)
{
	switch (v) {
	case FV_V_REGRESSION:
		return "worse than the baseline beyond its threshold and its "
		       "noise";
	case FV_V_IMPROVEMENT:
		return "better than the baseline beyond its threshold and its "
		       "noise";
	case FV_V_INCONCLUSIVE:
		return "changed beyond the threshold but within the noise of "
		       "the figure: cannot tell";
	case FV_V_STABLE:
		return "within the thresholds of the baseline";
	default:
		return "no usable baseline run of this label and job";
	}
}

static int one(struct dctx *dc, const struct fv_job *j, const struct fv_job **m)
{
	const struct fv_vopts *o = dc->vc.o;
	size_t n = matches(dc, j, m);
	struct sample *tb = calloc(n + 1, sizeof(*tb)),
		      *lb = calloc(n + 1, sizeof(*lb));
	struct metric t = { 0 }, l = { 0 };
	char ev[1024], a[480], b[480];
	enum fv_verdict v;
	int ret = tb && lb ? 0 : -ENOMEM;

	for (size_t i = 0; !ret && i < n; i++) {
		tb[i] = tput_of(dc->base_logs, m[i]);
		lb[i] = p99_of(dc, dc->base, dc->base_logs, m[i]);
	}
	if (!ret)
		ret = measure(&t, tb, n, tput_of(dc->vc.logs, j), o->diff_tput,
			      o, +1);
	if (!ret)
		ret = measure(&l, lb, n, p99_of(dc, dc->vc.set, dc->vc.logs, j),
			      o->diff_p99, o, -1);
	free(tb);
	free(lb);
	if (ret)
		return ret;
	/* A few µs of scheduler jitter is no change, whatever its ratio. */
	if (fabs(l.now - l.base) < o->lat_floor_ns)
		l.change = l.lchange = 0;
	v = decide(o, &t, &l);
	fmt_metric(a, sizeof(a),
		   fv_vjob_iops(j) > 0 ? "throughput" : "bandwidth",
		   fv_vjob_iops(j) > 0 ? FV_U_IOPS : FV_U_BPS, &t, +1);
	fmt_metric(b, sizeof(b), "p99", FV_U_NS, &l, -1);
	snprintf(ev, sizeof(ev), "%s; %s", a, valid(&l) ? b : "p99 n/a");
	return fv_vrow(&dc->vc, j->label, j->display, "regression", v, ev, "%s",
		       sentence(v));
}

int fv_diff(const struct fv_verdict_in *in, struct fv_report *rep, bool *failed)
{
	struct fv_set empty;
	struct dctx dc = { .vc = { .set = in->set,
				   .ao = in->ao,
				   .o = in->o,
				   .logs = in->logs },
			   .base_logs = in->base_logs };
	const struct fv_job **m;
	int ret = 0;

	fv_set_init(&empty, NULL);
	dc.base = in->base ? in->base : &empty;
	m = calloc(dc.base->njobs + 1, sizeof(*m));
	dc.vc.t = fv_vtable_new("diff", "Against the baseline");
	if (!m || !dc.vc.t)
		ret = -ENOMEM;
	for (size_t i = 0; !ret && i < in->set->njobs; i++)
		if (fv_job_representative(in->set->jobs[i]))
			ret = one(&dc, in->set->jobs[i], m);
	if (!ret)
		ret = fv_report_add(rep, dc.vc.t);
	if (ret)
		fv_table_free(dc.vc.t);
	else
		*failed |= dc.vc.failed;
	free(m);
	fv_set_free(&empty);
	return ret;
}
