/* SPDX-License-Identifier: MIT */
/*
 * Per-host charts of a fleet, from the hosts table: each host's IOPS, and
 * its p99, over the median of the fleet's hosts, one line per job, so
 * that every job reads on one scale (1 = the median) and a host out of
 * line stands out; the hosts the host-outlier verdict found are marked.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "util/util.h"

/* The rows of one fleet's hosts (not its sum), in the table's order. */
struct fleet_rows {
	const struct fv_table *t;
	const char *fleet;
	const char **hosts; /* distinct, numbered 1.. on the x axis */
	size_t nhosts;
};

static bool host_row(const struct fv_table *t, size_t r, const char *fleet)
{
	return !strcmp(fv_table_str(t, r, "fleet"), fleet) &&
	       strcmp(fv_table_str(t, r, "host"), "fleet");
}

static size_t host_x(const struct fleet_rows *f, const char *host)
{
	for (size_t i = 0; i < f->nhosts; i++)
		if (!strcmp(f->hosts[i], host))
			return i + 1;
	return 0;
}

/* The median of key over the hosts of one job; NAN when none. */
static double median_of(const struct fleet_rows *f, const char *job,
			const char *key)
{
	double *v = calloc(f->t->nrows + 1, sizeof(*v)), m = NAN;
	size_t n = 0;

	for (size_t r = 0; v && r < f->t->nrows; r++) {
		double x = fv_table_num(f->t, r, key);

		if (host_row(f->t, r, f->fleet) &&
		    !strcmp(fv_table_str(f->t, r, "job"), job) && isfinite(x))
			v[n++] = x;
	}
	if (n) {
		qsort(v, n, sizeof(*v), fv_cmp_double);
		m = fv_median_sorted(v, n);
	}
	free(v);
	return m;
}

static int job_line(struct fv_chart *ch, const struct fleet_rows *f,
		    const char *job, const char *key)
{
	double med = median_of(f, job, key);
	struct fv_line *l = fv_line_add(ch, job);

	if (!l)
		return -ENOMEM;
	for (size_t r = 0; r < f->t->nrows; r++) {
		double x = fv_table_num(f->t, r, key);

		if (!host_row(f->t, r, f->fleet) ||
		    strcmp(fv_table_str(f->t, r, "job"), job) || !isfinite(x) ||
		    !(med > 0))
			continue;
		if (fv_line_point(
			    l,
			    (double) host_x(f, fv_table_str(f->t, r, "host")),
			    x / med))
			return -ENOMEM;
	}
	return 0;
}

/* Dashed: the median, and each host the verdict found out of line. */
static int marks(struct fv_chart *ch, const struct fleet_rows *f)
{
	char median[] = "fleet median";
	struct fv_mark m = { .kind = FV_MK_HLINE,
			     .x0 = NAN,
			     .x1 = NAN,
			     .y = 1,
			     .text = median };
	int ret = fv_mark_add(ch, &m);

	for (size_t i = 0; !ret && i < f->nhosts; i++) {
		char text[320];
		bool out = false;

		for (size_t r = 0; r < f->t->nrows && !out; r++)
			out = host_row(f->t, r, f->fleet) &&
			      !strcmp(fv_table_str(f->t, r, "host"),
				      f->hosts[i]) &&
			      strstr(fv_table_str(f->t, r, "findings"),
				     "host-outlier");
		if (!out)
			continue;
		snprintf(text, sizeof(text), "%s: host-outlier", f->hosts[i]);
		m = (struct fv_mark){ .kind = FV_MK_VLINE,
				      .x0 = (double) (i + 1),
				      .x1 = NAN,
				      .y = NAN,
				      .text = text };
		ret = fv_mark_add(ch, &m);
	}
	return ret;
}

static void caption(struct fv_chart *ch, const struct fleet_rows *f,
		    const char *what)
{
	size_t n = (size_t) snprintf(ch->caption, sizeof(ch->caption),
				     "Each host's %s over the median of the "
				     "fleet's hosts, one line per job (1 = "
				     "the median). Hosts:",
				     what);

	for (size_t i = 0; i < f->nhosts && n < sizeof(ch->caption); i++)
		n += (size_t) snprintf(ch->caption + n, sizeof(ch->caption) - n,
				       " %zu %s%s", i + 1, f->hosts[i],
				       i + 1 < f->nhosts ? "," : ".");
}

static int fleet_chart(struct fv_charts *c, const struct fleet_rows *f,
		       const char *key, const char *what)
{
	char title[256];
	struct fv_chart *ch;
	int ret = 0;

	snprintf(title, sizeof(title), "Fleet %s: %s per host",
		 *f->fleet && strcmp(f->fleet, "-") ? f->fleet : "(unnamed)",
		 what);
	ch = fv_chart_add_numbered(c, title, "Host (numbered in the caption)",
				   "Over the fleet's median (x)");
	if (!ch)
		return -ENOMEM;
	caption(ch, f, what);
	for (size_t r = 0; r < f->t->nrows && !ret; r++) {
		const char *job = fv_table_str(f->t, r, "job");
		bool seen = false;

		if (!host_row(f->t, r, f->fleet))
			continue;
		for (size_t k = 0; k < ch->nlines && !seen; k++)
			seen = !strcmp(ch->lines[k].title, job);
		if (!seen)
			ret = job_line(ch, f, job, key);
	}
	if (!ret && !fv_chart_points(ch))
		fv_chart_leave_out(ch,
				   "no host of the fleet has %s (above 0) "
				   "to compare with the fleet's median",
				   strcmp(key, "p99") ? "IOPS"
						      : "a P99 latency");
	return ret ? ret : marks(ch, f);
}

static int one_fleet(struct fv_charts *c, const struct fv_table *t,
		     const char *fleet)
{
	struct fleet_rows f = { .t = t, .fleet = fleet };
	int ret;

	f.hosts = calloc(t->nrows + 1, sizeof(*f.hosts));
	if (!f.hosts)
		return -ENOMEM;
	for (size_t r = 0; r < t->nrows; r++)
		if (host_row(t, r, fleet) &&
		    !host_x(&f, fv_table_str(t, r, "host")))
			f.hosts[f.nhosts++] = fv_table_str(t, r, "host");
	ret = fleet_chart(c, &f, "iops", "IOPS");
	if (!ret)
		ret = fleet_chart(c, &f, "p99", "P99 latency");
	free(f.hosts);
	return ret;
}

int fv_charts_hosts(struct fv_charts *c, const struct fv_table *hosts)
{
	int ret = 0;

	for (size_t r = 0; hosts && r < hosts->nrows && !ret; r++) {
		const char *fleet = fv_table_str(hosts, r, "fleet");
		bool seen = false;

		for (size_t k = 0; k < r && !seen; k++)
			seen = !strcmp(fv_table_str(hosts, k, "fleet"), fleet);
		if (!seen)
			ret = one_fleet(c, hosts, fleet);
	}
	return ret;
}
