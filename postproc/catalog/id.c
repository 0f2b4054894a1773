/* SPDX-License-Identifier: MIT */
/*
 * An ID's parts: cloud:name, then what parametrises it: a size (100GiB,
 * 1TiB), provisioned IOPS (20000iops) and throughput (500MBps, 500MiBps,
 * 500MB/s), or which of a VM's disks (temp, cached). libc only: the
 * engines parse emulate= with it too.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"
#include "util/util.h"

static int bad(struct fv_error *err, const char *id, const char *why,
	       const char *part)
{
	return fv_error_set(err, EINVAL, FV_EXIT_USAGE, NULL, 0, "%s: %s%s%s%s",
			    id, part ? "'" : "", part ? part : "",
			    part ? "': " : "", why);
}

/* A number then a unit among units (case ignored); scale by its factor. */
static bool with_unit(const char *s, const char *const *units,
		      const double *factors, double *v)
{
	char *end;
	double x;

	if (!isdigit((unsigned char) *s))
		return false;
	x = strtod(s, &end);
	if (end == s || !isfinite(x) || x <= 0)
		return false;
	for (size_t i = 0; units[i]; i++)
		if (!strcasecmp(end, units[i])) {
			*v = x * factors[i];
			return true;
		}
	return false;
}

static const char *const size_units[] = { "GiB", "G", "TiB", "T", NULL };
static const double size_factors[] = { 1, 1, 1024, 1024 };
static const char *const iops_units[] = { "iops", NULL };
static const double iops_factors[] = { 1 };
static const char *const bw_units[] = { "MBps",	 "MB/s",  "MiBps",
					"MiB/s", "GBps",  "GB/s",
					"GiBps", "GiB/s", NULL };
static const double bw_factors[] = { 1e6, 1e6, 1048576.0,    1048576.0,
				     1e9, 1e9, 1073741824.0, 1073741824.0 };

static int placement(const char *p, struct fv_sku_id *out)
{
	static const char *const local[] = { "temp", "local", "ResourceDisk",
					     "NvmeDisk", NULL };
	static const char *const cached[] = { "cached", "cache", "CacheDisk",
					      NULL };

	for (size_t i = 0; local[i]; i++)
		if (!strcasecmp(p, local[i])) {
			out->part = FV_SKU_LOCAL;
			out->placement = local[i];
			return 0;
		}
	for (size_t i = 0; cached[i]; i++)
		if (!strcasecmp(p, cached[i])) {
			out->part = FV_SKU_CACHED;
			out->placement = cached[i];
			return 0;
		}
	return -EINVAL;
}

static int param(const char *id, const char *p, struct fv_sku_id *out,
		 struct fv_error *err)
{
	double v;
	bool had = false;

	if (with_unit(p, size_units, size_factors, &v)) {
		had = !isnan(out->size_gib);
		if (v != floor(v))
			return bad(err, id, "a size is a whole number of GiB",
				   p);
		out->size_gib = v;
	} else if (with_unit(p, iops_units, iops_factors, &v)) {
		had = !isnan(out->iops);
		out->iops = v;
	} else if (with_unit(p, bw_units, bw_factors, &v)) {
		had = !isnan(out->bw);
		out->bw = v;
	} else if (placement(p, out))
		return bad(err, id,
			   "not a size, IOPS, throughput or placement (e.g. "
			   "100GiB, 1TiB, 20000iops, 500MBps, 500MiBps, "
			   "temp, cached)",
			   p);
	if (had)
		return bad(err, id, "given twice", p);
	return 0;
}

static int copy_word(char *dst, size_t len, const char *src, size_t n)
{
	if (!n || n >= len)
		return -EINVAL;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return 0;
}

int fv_sku_id_parse(const char *id, struct fv_sku_id *out, struct fv_error *err)
{
	const char *colon = strchr(id, ':'), *p, *next;
	char part[64];
	int ret;

	memset(out, 0, sizeof(*out));
	out->size_gib = out->iops = out->bw = NAN;
	if (!colon || copy_word(out->cloud, sizeof(out->cloud), id,
				(size_t) (colon - id)))
		return bad(err, id,
			   "expected CLOUD:NAME, e.g. azure:P30, "
			   "aws:gp2:100GiB, azure:Standard_D32ds_v5",
			   NULL);
	p = colon + 1;
	next = strchr(p, ':');
	if (copy_word(out->name, sizeof(out->name), p,
		      next ? (size_t) (next - p) : strlen(p)))
		return bad(err, id, "no name after the cloud", NULL);
	for (p = next; p; p = next) {
		p++;
		next = strchr(p, ':');
		if (copy_word(part, sizeof(part), p,
			      next ? (size_t) (next - p) : strlen(p)))
			return bad(err, id, "an empty or long part", NULL);
		ret = param(id, part, out, err);
		if (ret)
			return ret;
	}
	for (char *c = out->cloud; *c; c++)
		*c = (char) tolower((unsigned char) *c);
	return 0;
}
