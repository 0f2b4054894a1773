/* SPDX-License-Identifier: MIT */
/*
 * diff: each job of the new results against the same label and job in the
 * baseline (--baseline DIR): throughput worse by more than diff_tput or
 * p99 worse by more than diff_p99 is a regression. With several baseline
 * runs the baseline is their median and each threshold is widened to
 * noise_mult x their noise (median absolute deviation / median), as
 * Azure/azure-storage-fuse gates its runs.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict_int.h"
#include "series_stats.h"

struct metric {
	double now, base, noise, thr, change; /* change > 0: better */
	size_t n;
};

struct dctx {
	struct fv_vctx vc;
	const struct fv_set *base;
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

/* sign: +1 when higher is better (throughput), -1 for latency. */
static void measure(struct metric *m, const double *v, size_t n, double now,
		    double thr, double mult, int sign)
{
	double *ok = calloc(n ? n : 1, sizeof(*ok));
	size_t k = 0;

	for (size_t i = 0; ok && i < n; i++)
		if (v[i] > 0 && isfinite(v[i]))
			ok[k++] = v[i];
	m->n = k;
	m->now = now;
	m->base = k ? fv_median(ok, k) : NAN;
	m->noise = k >= 2 ? fv_rel_mad(ok, k) : 0;
	m->thr = fmax(thr, mult * m->noise);
	m->change = sign * (now / m->base - 1);
	free(ok);
}

static void fmt_metric(char *buf, size_t len, const char *what, enum fv_unit u,
		       const struct metric *m, int sign)
{
	char a[48], b[48];

	fv_vfmt(a, sizeof(a), u, m->now);
	fv_vfmt(b, sizeof(b), u, m->base);
	snprintf(buf, len,
		 "%s %s vs baseline median %s of %zu run%s (%+.1f%%, "
		 "threshold %.1f%%, noise %.1f%%)",
		 what, a, b, m->n, m->n == 1 ? "" : "s", 100 * sign * m->change,
		 100 * m->thr, 100 * m->noise);
}

static enum fv_verdict decide(const struct fv_vopts *o, const struct metric *t,
			      const struct metric *l)
{
	bool lat = isfinite(l->change);

	if (!t->n || !isfinite(t->change) || t->n < (size_t) o->min_baseline)
		return FV_V_INSUFFICIENT;
	if (t->change < -t->thr || (lat && l->change < -l->thr))
		return FV_V_REGRESSION;
	if (t->change > t->thr || (lat && l->change > l->thr))
		return FV_V_IMPROVEMENT;
	/* Beyond the plain thresholds, within the noise: cannot tell. */
	if (fabs(t->change) > o->diff_tput ||
	    (lat && fabs(l->change) > o->diff_p99))
		return FV_V_NOISY;
	return FV_V_STABLE;
}

static const char *sentence(enum fv_verdict v)
{
	switch (v) {
	case FV_V_REGRESSION:
		return "worse than the baseline beyond its thresholds";
	case FV_V_IMPROVEMENT:
		return "better than the baseline beyond its thresholds";
	case FV_V_NOISY:
		return "changed beyond the thresholds but within the "
		       "baseline's noise: cannot tell";
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
	double *tv = calloc(n + 1, sizeof(*tv)),
	       *lv = calloc(n + 1, sizeof(*lv));
	struct metric t, l;
	char ev[768], a[360], b[360];
	enum fv_verdict v;

	if (!tv || !lv) {
		free(tv);
		free(lv);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		tv[i] = tput(m[i]);
		lv[i] = p99(dc, dc->base, m[i]);
	}
	measure(&t, tv, n, tput(j), o->diff_tput, o->noise_mult, +1);
	measure(&l, lv, n, p99(dc, dc->vc.set, j), o->diff_p99, o->noise_mult,
		-1);
	/* A few µs of scheduler jitter is no change, whatever its ratio. */
	if (fabs(l.now - l.base) < o->lat_floor_ns)
		l.change = 0;
	free(tv);
	free(lv);
	v = decide(o, &t, &l);
	fmt_metric(a, sizeof(a),
		   fv_vjob_iops(j) > 0 ? "throughput" : "bandwidth",
		   fv_vjob_iops(j) > 0 ? FV_U_IOPS : FV_U_BPS, &t, +1);
	fmt_metric(b, sizeof(b), "p99", FV_U_NS, &l, -1);
	snprintf(ev, sizeof(ev), "%s; %s", a, l.n ? b : "p99 n/a");
	return fv_vrow(&dc->vc, j->label, j->display, "regression", v, ev, "%s",
		       sentence(v));
}

int fv_diff(const struct fv_verdict_in *in, struct fv_report *rep, bool *failed)
{
	struct fv_set empty;
	struct dctx dc = { .vc = { .set = in->set,
				   .ao = in->ao,
				   .o = in->o,
				   .logs = in->logs } };
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
