/* SPDX-License-Identifier: MIT */
/*
 * The lines of fio's normal output that describe a job's distributions
 * rather than its totals: IO depths, latency buckets, and the samples of
 * its bandwidth and IOPS (stat.c: show_latencies(), show_ddir_status()),
 * each with the precision fio printed it to.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_text_int.h"
#include "model/model.h"
#include "util/util.h"

/*
 * "IO depths    : 1=0.1%, 2=0.1%, 4=0.1%, 8=0.1%, 16=0.1%, 32=99.9%,
 * >=64=0.0%": seven levels, each "N=P%", or the line is garbled.
 */
int fv_ft_depths(struct ftext *f, struct fv_job *job, const char *s)
{
	static const char *const keys[FV_DEPTH_LEVELS] = {
		" 1=", " 2=", " 4=", " 8=", " 16=", " 32=", " >=64="
	};
	double pct[FV_DEPTH_LEVELS]; /* all or none: a garbled line is none */

	for (int i = 0; i < FV_DEPTH_LEVELS; i++) {
		const char *v = strstr(s, keys[i]);
		char *end;
		double p;

		if (!v)
			return fv_ft_skipped(f, "IO depths");
		p = strtod(v + strlen(keys[i]), &end);
		if (end == v + strlen(keys[i]) || *end != '%' || !(p >= 0))
			return fv_ft_skipped(f, "IO depths");
		pct[i] = p;
	}
	memcpy(job->depth_pct, pct, sizeof(pct));
	fv_job_depths_scale(job);
	return 0;
}

/*
 * A heading's unit: where its buckets start in fv_lat_bucket_ns, how
 * many it has and the ns of its unit; false when it is none of fio's.
 */
static bool bucket_unit(const char *u, int *base, int *nr, double *ns)
{
	static const char *const units[3] = { "(nsec)", "(usec)", "(msec)" };

	for (int i = 0; i < 3; i++)
		if (!strncmp(u, units[i], 6)) {
			*base = 10 * i;
			*nr = i == 2 ? 12 : 10;
			*ns = pow(1e3, i);
			return true;
		}
	return false;
}

/* One "250=45.67%" (or msec's ">=2000=0.01%") into b; p moves past it. */
static bool one_bucket(const char **p, struct fv_lat_buckets *b, int base,
		       int nr, double ns)
{
	bool top = !strncmp(*p, ">=", 2);
	double bound, share;
	int bounded = base == 20 ? nr - 1 : nr, i = top ? bounded : 0;
	char *end;

	bound = strtod(*p + (top ? 2 : 0), &end);
	if (end == *p + (top ? 2 : 0) || *end != '=')
		return false;
	*p = end + 1;
	share = strtod(*p, &end);
	if (end == *p || *end != '%' || !(share >= 0 && share <= 100))
		return false;
	*p = end + 1;
	/* ">=2000" is past 2000 ms, after the bounded buckets. */
	if (top && (base != 20 || bound != 2000))
		return false;
	while (!top && i < bounded && fv_lat_bucket_ns[base + i] != bound * ns)
		i++;
	if (i == bounded && !top)
		return false;
	b->pct[base + i] = share;
	return true;
}

/*
 * "(usec)   : 250=45.67%, 500=54.32%, 1000=0.01%": fio prints only the
 * buckets that hold I/Os, five to a line with the heading on each, each
 * share to 0.01 (%3.2f).
 */
int fv_ft_lat_buckets(struct ftext *f, struct fv_lat_buckets *b, const char *s)
{
	const char *p = strchr(s, ':');
	int base, nr;
	double ns;

	if (!bucket_unit(s, &base, &nr, &ns) || !p)
		goto skip;
	for (p++; *p; p += *p == ',') {
		p += strspn(p, " ");
		if (!one_bucket(&p, b, base, nr, ns) || (*p && *p != ','))
			goto skip;
	}
	b->present = !f->buckets_bad;
	b->res = 0.005;
	return 0;
skip:
	/* none of the job's buckets, rather than some of them */
	memset(b, 0, sizeof(*b));
	f->buckets_bad = true;
	return fv_ft_skipped(f, "latency bucket");
}

/* "min=%5llu, max=%5llu, " of a samples line, from after "min=". */
static bool min_max(const char **s, double *min, double *max)
{
	char *end;

	*min = strtod(*s, &end);
	if (end == *s || strncmp(end, ", max=", 6))
		return false;
	*s = end + 6;
	*max = strtod(*s, &end);
	if (end == *s || strncmp(end, ", ", 2))
		return false;
	*s = end + 2;
	return true;
}

/* "avg=%5.02f, stdev=%5.02f[, samples=%llu]" */
static bool avg_sd_n(const char *s, struct fv_rate_samples *rs, double unit)
{
	const char *sd = fv_ft_after(s, "stdev="),
		   *n = fv_ft_after(s, "samples=");
	char *end;

	if (strncmp(s, "avg=", 4))
		return false;
	rs->mean = strtod(s + 4, &end) * unit;
	if (end == s + 4 || !sd)
		return false;
	rs->sd = strtod(sd, &end) * unit;
	if (end == sd)
		return false;
	rs->n = n ? strtoull(n, NULL, 10) : 0;
	rs->moment_res = 0.005 * unit;
	rs->present = true;
	return true;
}

/*
 * The bytes one printed unit of a "bw (" line stands for. fio's samples
 * are KiB/s whatever kb_base: it labels them kB under kb_base=1000, and
 * past kb_base^2 divides them by kb_base and labels them MiB (or MB in
 * fio 2); a bit unit (unit_base=1) multiplied them by 8. 0: unknown.
 */
static double bw_unit(const char *u, size_t n, int kb_base)
{
	static const struct {
		const char *name;
		bool mega, bits;
	} units[] = {
		{ "KiB", false, false }, { "kB", false, false },
		{ "KB", false, false },	 { "MiB", true, false },
		{ "MB", true, false },	 { "Kibit", false, true },
		{ "kbit", false, true }, { "Kbit", false, true },
		{ "Mibit", true, true }, { "Mbit", true, true },
	};

	for (size_t i = 0; i < FV_ARRAY_SIZE(units); i++)
		if (strlen(units[i].name) == n && !strncmp(u, units[i].name, n))
			return 1024.0 * (units[i].mega ? kb_base : 1) /
			       (units[i].bits ? 8 : 1);
	return 0;
}

/*
 * fio 3: "bw (  KiB/s): min=27016, max=29800, per=100.00%, avg=28825.33,
 * stdev=1085.30, samples=6"; fio 2: "bw (KB  /s): min=..., stdev=...",
 * fio 2.0 "bw (KB/s)  : min=...".
 * min and max are truncated to the unit, the rest printed to 0.01.
 */
int fv_ft_bw_samples(struct ftext *f, struct fv_rate_samples *rs, const char *s)
{
	const char *u = s + 4 + strspn(s + 4, " "), *p;
	size_t n = strcspn(u, " /");
	double unit = bw_unit(u, n, f->kb_base ? f->kb_base : 1024), pct;
	char *end;

	/* fio 2.0: "bw (KB/s)  : min=" */
	if ((p = strchr(s, ')'))) {
		p += 1 + strspn(p + 1, " ");
		p += *p == ':';
		p += strspn(p, " ");
		p = strncmp(p, "min=", 4) ? NULL : p + 4;
	}
	if (!unit || !p || !min_max(&p, &rs->min, &rs->max) ||
	    strncmp(p, "per=", 4))
		return fv_ft_garbled(f, "bandwidth samples");
	pct = strtod(p + 4, &end);
	if (end == p + 4 || strncmp(end, "%, ", 3) ||
	    !avg_sd_n(end + 3, rs, unit))
		return fv_ft_garbled(f, "bandwidth samples");
	rs->min *= unit;
	rs->max *= unit;
	/* Integers: exact in KiB, truncated from a multiple of kb_base. */
	rs->minmax_res = unit > 1024 ? unit : 0;
	rs->group_pct = pct;
	rs->pct_res = 0.005;
	return 0;
}

/* "iops        : min=28182, max=29404, avg=28825.33, stdev=275.48,
 * samples=6" */
int fv_ft_iops_samples(struct ftext *f, struct fv_rate_samples *rs,
		       const char *s)
{
	const char *p = fv_ft_after(s, ": min=");

	if (!p || !min_max(&p, &rs->min, &rs->max) || !avg_sd_n(p, rs, 1))
		return fv_ft_garbled(f, "IOPS samples");
	return 0;
}
