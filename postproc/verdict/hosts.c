/* SPDX-License-Identifier: MIT */
/*
 * host-outlier: among the hosts of one fleet running one job (client
 * output: the same fleet and job name, each host's newest result), a host
 * whose IOPS or p99 is out of line with the others. Robust statistics, so
 * that the outlier itself cannot hide in the spread it makes: the median
 * of the hosts and their median absolute deviation (MAD), and Iglewicz and
 * Hoaglin's modified z-score z = 0.6745 (x - median) / MAD; out of line
 * when |z| > outlier-z (3.5, their threshold) and x is more than
 * outlier-dev (25%) away from the median, which keeps a fleet whose hosts
 * are nearly equal (MAD near 0) from flagging a few percent. With fewer
 * than FV_HOSTS_MIN hosts no host can be told from the others: no row.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "series_stats.h"
#include "verdict_int.h"

/* Iglewicz and Hoaglin: the MAD of a normal sample is 0.6745 sigma. */
#define MAD_TO_Z 0.6745

/* One host's figures. */
struct host_pt {
	const struct fv_job *j;
	double iops, p99;
};

/* How far a figure is from the fleet's. */
struct spread {
	double median, mad;
};

struct judged {
	double z, ratio; /* modified z-score; value / median */
	bool out;
};

static bool candidate(const struct fv_job *j)
{
	return j->host && j->fleet && fv_job_measured(j) &&
	       j->kind != FV_JOB_FLEET;
}

static int by_group(const void *a, const void *b)
{
	const struct fv_job *x = *(const struct fv_job *const *) a,
			    *y = *(const struct fv_job *const *) b;
	int c = strcmp(x->fleet, y->fleet);

	c = c ? c : fv_test_cmp(x, y);
	return c ? c : (x->order > y->order) - (x->order < y->order);
}

/* One job of one fleet: its hosts' labels differ (FLEET@HOST). */
static bool same_group(const struct fv_job *a, const struct fv_job *b)
{
	return !strcmp(a->fleet, b->fleet) && !fv_test_cmp(a, b);
}

/* An earlier run of a host shown too (--runs all): not judged. */
static bool superseded(struct fv_job **g, size_t n, size_t i)
{
	for (size_t k = 0; k < n; k++)
		if (k != i && !strcmp(g[k]->host, g[i]->host) &&
		    g[k]->run > g[i]->run)
			return true;
	return false;
}

static struct spread spread_of(const double *v, size_t n)
{
	double *ok = malloc((n ? n : 1) * sizeof(*ok));
	struct spread s = { NAN, NAN };
	size_t k = 0;

	if (!ok)
		return s;
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]))
			ok[k++] = v[i];
	if (k >= FV_HOSTS_MIN) {
		s.median = fv_median(ok, k);
		s.mad = fv_rel_mad(ok, k) * fabs(s.median);
	}
	free(ok);
	return s;
}

static struct judged judge(const struct fv_vopts *o, double x, struct spread s)
{
	struct judged r = { NAN, NAN, false };
	double dev;

	if (!isfinite(x) || !isfinite(s.median) || !(s.median > 0))
		return r;
	dev = x - s.median;
	r.ratio = x / s.median;
	r.z = s.mad > 0 ? MAD_TO_Z * dev / s.mad
	      : dev	? copysign(INFINITY, dev)
			: 0;
	r.out = fabs(r.z) > o->outlier_z &&
		fabs(dev) / s.median > o->outlier_dev;
	return r;
}

static void fmt_z(char *buf, size_t len, double z)
{
	if (isinf(z))
		snprintf(buf, len, "%s (MAD 0)", z > 0 ? "+inf" : "-inf");
	else
		snprintf(buf, len, "%+.1f", z);
}

static int row(struct fv_vctx *vc, const struct host_pt *p, size_t nhosts,
	       struct spread si, struct spread sp)
{
	struct judged ji = judge(vc->o, p->iops, si),
		      jp = judge(vc->o, p->p99, sp);
	char ev[512], a[48], b[48], c[48], d[48], zi[32], zp[32];
	bool out = ji.out || jp.out;
	int n;

	fv_vfmt(a, sizeof(a), FV_U_IOPS, p->iops);
	fv_vfmt(b, sizeof(b), FV_U_IOPS, si.median);
	fv_vfmt(c, sizeof(c), FV_U_NS, p->p99);
	fv_vfmt(d, sizeof(d), FV_U_NS, sp.median);
	fmt_z(zi, sizeof(zi), ji.z);
	fmt_z(zp, sizeof(zp), jp.z);
	n = snprintf(ev, sizeof(ev), "IOPS %s, fleet median %s (%.2fx, z %s); ",
		     a, b, ji.ratio, zi);
	if (isfinite(jp.ratio))
		n += snprintf(ev + n, sizeof(ev) - (size_t) n,
			      "p99 %s, median %s (%.2fx, z %s); ", c, d,
			      jp.ratio, zp);
	else
		n += snprintf(ev + n, sizeof(ev) - (size_t) n, "p99 n/a; ");
	snprintf(ev + n, sizeof(ev) - (size_t) n,
		 "%zu hosts, limit |z| %.1f and %.0f%% off", nhosts,
		 vc->o->outlier_z, vc->o->outlier_dev * 100);
	if (!out)
		return fv_vrow(vc, p->j->label, p->j->display, "hosts",
			       FV_V_HOST_IN_LINE, ev,
			       "in line with the fleet's %zu hosts", nhosts);
	return fv_vrow(vc, p->j->label, p->j->display, "hosts",
		       FV_V_HOST_OUTLIER, ev,
		       "this host is out of line with the fleet's %zu hosts "
		       "(%s%s%s): look at it before trusting the fleet's "
		       "figures",
		       nhosts, ji.out ? "IOPS" : "",
		       ji.out && jp.out ? ", " : "", jp.out ? "p99" : "");
}

/* One fleet and job: g[0, n) sorted by input order. */
static int judge_group(struct fv_vctx *vc, struct fv_job **g, size_t n)
{
	struct host_pt *p = calloc(n, sizeof(*p));
	double *iops = calloc(n, sizeof(*iops)), *p99 = calloc(n, sizeof(*p99));
	enum fv_latkind k = vc->ao ? vc->ao->lat : FV_CLAT;
	struct spread si, sp;
	size_t m = 0;
	int ret = 0;

	if (!p || !iops || !p99)
		ret = -ENOMEM;
	for (size_t i = 0; i < n && !ret; i++) {
		if (superseded(g, n, i))
			continue;
		p[m].j = g[i];
		p[m].iops = iops[m] = fv_vjob_iops(g[i]);
		p[m].p99 = p99[m] =
			fv_vjob_pct(vc->set, g[i], fv_vjob_dir(g[i]), k, 99);
		m++;
	}
	if (!ret && m >= FV_HOSTS_MIN) {
		si = spread_of(iops, m);
		sp = spread_of(p99, m);
		for (size_t i = 0; i < m && !ret; i++)
			ret = row(vc, &p[i], m, si, sp);
	}
	free(p);
	free(iops);
	free(p99);
	return ret;
}

int fv_vcheck_hosts(struct fv_vctx *vc)
{
	struct fv_job **v = calloc(vc->set->njobs + 1, sizeof(*v));
	size_t n = 0;
	int ret = 0;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < vc->set->njobs; i++)
		if (candidate(vc->set->jobs[i]))
			v[n++] = vc->set->jobs[i];
	qsort(v, n, sizeof(*v), by_group);
	for (size_t i = 0, end; i < n && !ret; i = end) {
		for (end = i + 1; end < n && same_group(v[i], v[end]); end++)
			;
		ret = judge_group(vc, v + i, end - i);
	}
	free(v);
	return ret;
}
