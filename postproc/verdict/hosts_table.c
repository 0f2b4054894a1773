/* SPDX-License-Identifier: MIT */
/*
 * The hosts table: for each fleet and job of client output, one row per
 * host (its newest result) with its IOPS, p99, p99.9, durability counts
 * and the bad verdicts found on it (host-outlier among them), then the
 * fleet's row: the hosts summed, percentiles from their merged bins.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict_int.h"

enum {
	HC_FLEET,
	HC_JOB,
	HC_HOST,
	HC_IOPS,
	HC_VS_MEDIAN,
	HC_P99,
	HC_P999,
	HC_FLUSHES,
	HC_NOT_DURABLE,
	HC_FINDINGS,
	HC_NR
};

static const struct fv_col cols[HC_NR] = {
	{ "fleet", "Fleet", FV_U_TEXT, 0 },
	{ "job", "Job", FV_U_TEXT, 0 },
	{ "host", "Host", FV_U_TEXT, 0 },
	{ "iops", "IOPS", FV_U_IOPS, 0 },
	{ "iops_vs_median", "vs median", FV_U_RATIO, 0 },
	{ "p99", "P99", FV_U_NS, 0 },
	{ "p99.9", "P99.9", FV_U_NS, 0 },
	{ "flushes", "Flushes", FV_U_COUNT, 0 },
	{ "writes_not_durable", "Not durable", FV_U_COUNT, 0 },
	{ "findings", "Findings", FV_U_TEXT, 0 },
};

struct ctx {
	const struct fv_verdict_in *in;
	const struct fv_table *verdicts; /* every check's rows */
	size_t *by_job; /* their indexes, sorted by label and job */
	struct fv_table *t;
};

static bool host_job(const struct fv_job *j)
{
	return j->host && j->fleet && fv_job_measured(j) &&
	       j->kind != FV_JOB_FLEET;
}

static bool in_group(const struct fv_job *j, const struct fv_job *first)
{
	return fv_fleet_test(j, first);
}

/* A host shown with several runs (--runs all): its newest. */
static bool newest(struct fv_job *const *m, size_t n, const struct fv_job *j)
{
	for (size_t i = 0; i < n; i++)
		if (m[i] != j && !strcmp(m[i]->host, j->host) &&
		    m[i]->run > j->run)
			return false;
	return true;
}

/* Verdict rows by label, then job: a host's are found by bisection. */
static int cmp_key(const struct fv_table *t, size_t r, const char *label,
		   const char *job)
{
	int c = strcmp(fv_table_str(t, r, "label"), label);

	return c ? c : strcmp(fv_table_str(t, r, "job"), job);
}

static int by_job(const void *a, const void *b, void *table)
{
	size_t y = *(const size_t *) b;

	return cmp_key(table, *(const size_t *) a,
		       fv_table_str(table, y, "label"),
		       fv_table_str(table, y, "job"));
}

static int index_verdicts(struct ctx *x)
{
	size_t n = x->verdicts->nrows;

	x->by_job = calloc(n + 1, sizeof(*x->by_job));
	if (!x->by_job)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		x->by_job[i] = i;
	qsort_r(x->by_job, n, sizeof(*x->by_job), by_job, (void *) x->verdicts);
	return 0;
}

/* The bad verdicts on this job, comma-separated ("-" when none). */
static void findings(const struct ctx *x, const struct fv_job *j, char *buf,
		     size_t len)
{
	const struct fv_table *t = x->verdicts;
	size_t lo = 0, hi = t->nrows, n = 0;

	while (lo < hi) { /* the first row not before (label, job) */
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_key(t, x->by_job[mid], j->label, j->display) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	buf[0] = '\0';
	for (; lo < t->nrows && n + 1 < len &&
	       !cmp_key(t, x->by_job[lo], j->label, j->display);
	     lo++) {
		const char *v = fv_table_str(t, x->by_job[lo], "verdict");

		if (!fv_is_finding(t, x->by_job[lo]) || strstr(buf, v))
			continue;
		n += (size_t) snprintf(buf + n, len - n, "%s%s", n ? ", " : "",
				       v);
	}
	if (!buf[0])
		snprintf(buf, len, "-");
}

static int put_dur(struct fv_table *t, size_t row, const struct fv_job *j)
{
	double flushes = 0, nd = 0;

	if (!j->ndur)
		return 0;
	for (size_t i = 0; i < j->ndur; i++) {
		flushes += (double) (j->dur[i]->fsyncs + j->dur[i]->fdatasyncs);
		nd += (double) j->dur[i]->writes_not_durable;
	}
	if (fv_cell_num(t, row, HC_FLUSHES, flushes))
		return -ENOMEM;
	return fv_cell_num(t, row, HC_NOT_DURABLE, nd);
}

static int put_pct(struct ctx *x, size_t row, size_t col,
		   const struct fv_job *j, double p)
{
	enum fv_latkind k = x->in->ao ? x->in->ao->lat : FV_CLAT;
	double v = fv_vjob_pct(x->in->set, j, fv_vjob_dir(j), k, p);

	if (isfinite(v))
		return fv_cell_num(x->t, row, col, v);
	return fv_cell_na(x->t, row, col, "no such percentile for this job");
}

static int add_row(struct ctx *x, const struct fv_job *j, const char *host,
		   double median, const char *found)
{
	int row = fv_table_add_row(x->t);
	double iops = fv_vjob_iops(j);
	size_t r = (size_t) row;

	if (row < 0)
		return row;
	if (fv_cell_str(x->t, r, HC_FLEET, *j->fleet ? j->fleet : "-") ||
	    fv_cell_str(x->t, r, HC_JOB, j->display) ||
	    fv_cell_str(x->t, r, HC_HOST, host) ||
	    fv_cell_num(x->t, r, HC_IOPS, iops) ||
	    put_pct(x, r, HC_P99, j, 99) || put_pct(x, r, HC_P999, j, 99.9) ||
	    put_dur(x->t, r, j) || fv_cell_str(x->t, r, HC_FINDINGS, found))
		return -ENOMEM;
	if (median > 0 && fv_cell_num(x->t, r, HC_VS_MEDIAN, iops / median))
		return -ENOMEM;
	return 0;
}

static double median_iops(struct fv_job *const *m, size_t n)
{
	double *v = calloc(n + 1, sizeof(*v)), med = NAN;
	size_t k = 0;

	for (size_t i = 0; v && i < n; i++)
		if (newest(m, n, m[i]))
			v[k++] = fv_vjob_iops(m[i]);
	if (k) {
		qsort(v, k, sizeof(*v), fv_cmp_double);
		med = fv_median_sorted(v, k);
	}
	free(v);
	return med;
}

/* The hosts of one fleet and job m[0, n), then the fleet's row. */
static int group(struct ctx *x, struct fv_job *const *m, size_t n)
{
	const struct fv_set *set = x->in->set;
	double median = median_iops(m, n);
	char found[512], outliers[400] = "";
	size_t hosts = 0;
	int ret = 0;

	for (size_t i = 0; i < n && !ret; i++) {
		if (!newest(m, n, m[i]))
			continue;
		hosts++;
		findings(x, m[i], found, sizeof(found));
		if (strstr(found, "host-outlier") &&
		    strlen(outliers) + strlen(m[i]->host) + 3 <
			    sizeof(outliers))
			snprintf(outliers + strlen(outliers),
				 sizeof(outliers) - strlen(outliers), "%s%s",
				 outliers[0] ? ", " : "", m[i]->host);
		ret = add_row(x, m[i], m[i]->host, median, found);
	}
	snprintf(found, sizeof(found), "%zu host%s%s%s", hosts,
		 hosts == 1 ? "" : "s", outliers[0] ? "; outliers: " : "",
		 outliers);
	for (size_t i = 0; i < set->njobs && !ret; i++) {
		const struct fv_job *f = set->jobs[i];

		if (f->kind == FV_JOB_FLEET && in_group(f, m[0]))
			ret = add_row(x, f, "fleet", NAN, found);
	}
	return ret;
}

/* A host job and its group: the rank of its fleet and job's first job. */
struct member {
	struct fv_job *j;
	size_t g;
};

static int by_group(const void *a, const void *b)
{
	const struct member *x = a, *y = b;

	if (x->g != y->g)
		return (x->g > y->g) - (x->g < y->g);
	return (x->j->order > y->j->order) - (x->j->order < y->j->order);
}

/* Members of the set's host jobs, groups in order of first appearance. */
static size_t members(const struct fv_set *set, struct member *m,
		      struct fv_job **reps)
{
	size_t n = 0, ng = 0;

	for (size_t i = 0; i < set->njobs; i++) {
		struct fv_job *j = set->jobs[i];
		size_t g = 0;

		if (!host_job(j))
			continue;
		while (g < ng && !in_group(j, reps[g]))
			g++;
		if (g == ng)
			reps[ng++] = j;
		m[n++] = (struct member){ j, g };
	}
	qsort(m, n, sizeof(*m), by_group);
	return n;
}

static int fill(struct ctx *x)
{
	const struct fv_set *set = x->in->set;
	struct member *m = calloc(set->njobs + 1, sizeof(*m));
	struct fv_job **reps = calloc(set->njobs + 1, sizeof(*reps)),
		      **g = calloc(set->njobs + 1, sizeof(*g));
	size_t n = m && reps && g ? members(set, m, reps) : 0;
	int ret = m && reps && g ? 0 : -ENOMEM;

	for (size_t i = 0, end; i < n && !ret; i = end) {
		size_t k = 0;

		for (end = i; end < n && m[end].g == m[i].g; end++)
			g[k++] = m[end].j;
		ret = group(x, g, k);
	}
	free(m);
	free(reps);
	free(g);
	if (!ret && !x->t->nrows)
		ret = fv_table_note(x->t, "no results of fio's client and "
					  "servers (fio --client): no hosts");
	if (!ret && x->t->nrows)
		ret = fv_table_note(
			x->t,
			"a fleet's row sums its hosts, percentiles from their "
			"merged json+ bins; vs median: the host's IOPS over "
			"the median of the fleet's hosts; host-outlier needs "
			"%d hosts",
			FV_HOSTS_MIN);
	return ret;
}

int fv_hosts_table(const struct fv_verdict_in *in, struct fv_report *rep,
		   bool *failed)
{
	struct fv_report scratch = { .command = "hosts" };
	struct ctx x = { .in = in };
	int ret = fv_verdicts(in, &scratch, failed);

	if (ret)
		goto out;
	x.verdicts = fv_report_table(&scratch, "verdict");
	x.t = fv_table_new("hosts", "Hosts");
	if (!x.verdicts || !x.t) {
		ret = -ENOMEM;
		goto out;
	}
	fv_table_add_cols(x.t, cols, HC_NR);
	ret = index_verdicts(&x);
	if (!ret)
		ret = fill(&x);
	if (!ret)
		ret = fv_report_add(rep, x.t);
out:
	if (ret)
		fv_table_free(x.t);
	fv_report_free(&scratch);
	free(x.by_job);
	return ret;
}
