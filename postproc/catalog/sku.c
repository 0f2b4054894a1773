/* SPDX-License-Identifier: MIT */
/*
 * An ID resolved to figures: a tier's own, a VM's (its remote, local or
 * cached disk limits), or a rule's evaluated for a size and what is
 * provisioned (docs/catalog.md, "Rules"). libc only: the engines resolve
 * emulate= with it, over rows generated from the same files.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"
#include "util/util.h"

struct ctx {
	const struct fv_cat_row *rows;
	size_t n;
	const char *id; /* as given */
	struct fv_sku_id p;
	struct fv_sku *out;
	struct fv_error *err;
};

static bool has(double v)
{
	return !isnan(v);
}

static int failf(struct ctx *x, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int failf(struct ctx *x, int ret, const char *fmt, ...)
{
	char msg[384];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fv_error_set(x->err, -ret, FV_EXIT_USAGE, NULL, 0, "%s: %s", x->id,
		     msg);
	return ret;
}

/* A rate in the row's own unit, for messages: "125 MiB/s". */
static void rate(char *buf, size_t len, const struct fv_cat_row *r, double v)
{
	bool mib = r->bw_unit && !strcmp(r->bw_unit, "MiB/s");

	snprintf(buf, len, "%g %s", v / (mib ? 1048576.0 : 1e6),
		 mib ? "MiB/s" : "MB/s");
}

static bool same_cloud(const struct ctx *x, const struct fv_cat_row *r)
{
	return r->used && !strcasecmp(r->cloud, x->p.cloud);
}

/* Row id equal to the name, or to Standard_<name> (Azure's VM sizes). */
static bool id_is(const struct fv_cat_row *r, const char *name)
{
	return !strcasecmp(r->id, name) ||
	       (!strncasecmp(r->id, "Standard_", 9) &&
		!strcasecmp(r->id + 9, name));
}

static void canonical(struct ctx *x, const struct fv_cat_row *r)
{
	struct fv_sku *o = x->out;
	bool mib = r->bw_unit && !strcmp(r->bw_unit, "MiB/s");
	size_t n;

	n = (size_t) snprintf(o->id, sizeof(o->id), "%s:%s", r->cloud, r->id);
	if (r->kind == FV_CAT_RULE && has(x->p.size_gib) && n < sizeof(o->id))
		n += (size_t) snprintf(o->id + n, sizeof(o->id) - n, ":%gGiB",
				       x->p.size_gib);
	if (r->kind == FV_CAT_RULE && r->prov != FV_PROV_NONE &&
	    n < sizeof(o->id))
		n += (size_t) snprintf(o->id + n, sizeof(o->id) - n, ":%giops",
				       o->iops);
	if (r->kind == FV_CAT_RULE && r->prov == FV_PROV_IOPS_BW &&
	    n < sizeof(o->id))
		n += (size_t) snprintf(o->id + n, sizeof(o->id) - n, ":%g%s",
				       o->bw / (mib ? 1048576.0 : 1e6),
				       mib ? "MiBps" : "MBps");
	if (o->part != FV_SKU_WHOLE && n < sizeof(o->id))
		snprintf(o->id + n, sizeof(o->id) - n, ":%s",
			 o->part == FV_SKU_LOCAL ? "temp" : "cached");
}

/* The burst above the sustained figures, when the row has one. */
static void burst(struct fv_sku *o, const struct fv_cat_row *r)
{
	o->bursting = FV_BURST_NONE;
	o->burst_iops = o->burst_bw = o->burst_s = NAN;
	if (r->bursting == FV_BURST_NONE || o->part != FV_SKU_WHOLE)
		return;
	if (has(r->burst_iops) && r->burst_iops > o->iops)
		o->burst_iops = r->burst_iops;
	if (has(r->burst_bw) && r->burst_bw > o->bw)
		o->burst_bw = r->burst_bw;
	if (!has(o->burst_iops) && !has(o->burst_bw))
		return; /* gp2 from 1000 GiB: the baseline is above it */
	o->bursting = r->bursting;
	if (r->bursting != FV_BURST_CREDIT)
		return;
	if (has(r->burst_s))
		o->burst_s = r->burst_s;
	else if (has(r->burst_credits) && has(o->burst_iops))
		/* the providers' rule: credits / (burst - baseline) */
		o->burst_s = r->burst_credits / (o->burst_iops - o->iops);
}

static void start(struct ctx *x, const struct fv_cat_row *r)
{
	struct fv_sku *o = x->out;

	memset(o, 0, sizeof(*o));
	o->row = r;
	o->kind = r->kind == FV_CAT_VM ? FV_CAT_VM : FV_CAT_DISK;
	o->part = x->p.part;
	o->size_gib = r->kind == FV_CAT_DISK ? r->size_lo : x->p.size_gib;
	o->write_iops = o->write_bw = NAN;
}

static int no_params(struct ctx *x, const struct fv_cat_row *r)
{
	if (has(x->p.size_gib) || has(x->p.iops) || has(x->p.bw))
		return failf(x, -EINVAL,
			     "%s:%s is a %s: it takes no size, IOPS or "
			     "throughput",
			     r->cloud, r->id,
			     r->kind == FV_CAT_VM ? "VM size" : "fixed tier");
	return 0;
}

static int tier(struct ctx *x, const struct fv_cat_row *r)
{
	struct fv_sku *o = x->out;

	if (x->p.part != FV_SKU_WHOLE)
		return failf(x, -EINVAL, "'%s' is a VM's disk; %s:%s is a disk",
			     x->p.placement, r->cloud, r->id);
	start(x, r);
	o->iops = r->iops;
	o->bw = r->bw;
	burst(o, r);
	snprintf(o->how, sizeof(o->how), "%s, %g GiB",
		 r->title ? r->title : r->id, r->size_lo);
	canonical(x, r);
	return 0;
}

bool fv_cat_lists(const char *placements, const char *p)
{
	size_t n = strlen(p);

	for (const char *s = placements; s && *s;) {
		const char *e = strchr(s, ' ');
		size_t k = e ? (size_t) (e - s) : strlen(s);

		if (k == n && !strncasecmp(s, p, n))
			return true;
		s = e ? e + 1 : NULL;
	}
	return false;
}

static int vm_part(struct ctx *x, const struct fv_cat_row *r)
{
	struct fv_sku *o = x->out;
	bool local = x->p.part == FV_SKU_LOCAL;
	double iops = local ? r->temp_iops : r->cached_iops;
	double bw = local ? r->temp_bw : r->cached_bw;
	const char *pl = x->p.placement;

	if (!has(iops) && !has(bw))
		return failf(x, -EINVAL, "%s:%s has no %s disk in the catalog",
			     r->cloud, r->id,
			     local ? "local (temp)" : "cached");
	if (strcmp(pl, "temp") && strcmp(pl, "local") && strcmp(pl, "cached") &&
	    strcmp(pl, "cache") && !fv_cat_lists(r->ephemeral, pl))
		return failf(x, -EINVAL,
			     "%s:%s does not support the %s placement of an "
			     "ephemeral OS disk (it supports: %s)",
			     r->cloud, r->id, pl,
			     r->ephemeral ? r->ephemeral : "unknown");
	o->iops = iops;
	o->bw = bw;
	if (local) {
		o->write_iops = r->temp_write_iops;
		o->write_bw = r->temp_write_bw;
	}
	snprintf(o->how, sizeof(o->how), "%s: %s disk%s",
		 r->title ? r->title : r->id,
		 local ? "local (temp)" : "host cache and temp",
		 local ? ", random read" : ", combined");
	return 0;
}

static int vm(struct ctx *x, const struct fv_cat_row *r)
{
	struct fv_sku *o = x->out;
	int ret = no_params(x, r);

	if (ret)
		return ret;
	start(x, r);
	if (x->p.part != FV_SKU_WHOLE)
		ret = vm_part(x, r);
	else {
		o->iops = r->iops;
		o->bw = r->bw;
		snprintf(o->how, sizeof(o->how), "%s: uncached remote disks",
			 r->title ? r->title : r->id);
	}
	if (ret)
		return ret;
	burst(o, r);
	canonical(x, r);
	return 0;
}

/* ---- Rules ---- */

static double clamp(double v, double lo, double hi)
{
	if (has(lo) && v < lo)
		v = lo;
	if (has(hi) && v > hi)
		v = hi;
	return v;
}

/* The most IOPS a size may be provisioned with. */
static double prov_max(const struct fv_cat_row *r, double size)
{
	if (!has(size) || !has(r->prov_iops_per_gib))
		return r->iops_max;
	return clamp(r->prov_iops_per_gib * size, r->iops_min, r->iops_max);
}

static int by_size(struct ctx *x, const struct fv_cat_row *r)
{
	struct fv_sku *o = x->out;
	double s = x->p.size_gib;
	char b[48];

	if (has(x->p.iops) || has(x->p.bw))
		return failf(x, -EINVAL,
			     "%s:%s's IOPS and throughput follow from its "
			     "size: give the size alone",
			     r->cloud, r->id);
	o->iops =
		clamp((has(r->iops) ? r->iops : 0) +
			      (has(r->iops_per_gib) ? r->iops_per_gib * s : 0),
		      r->iops_min, r->iops_max);
	o->bw = clamp((has(r->bw) ? r->bw : 0) +
			      (has(r->bw_per_gib) ? r->bw_per_gib * s : 0),
		      NAN, r->bw_max);
	rate(b, sizeof(b), r, o->bw);
	snprintf(o->how, sizeof(o->how), "%g GiB: %g IOPS (%s%g IOPS/GiB), %s",
		 s, o->iops, has(r->iops) ? "base + " : "",
		 has(r->iops_per_gib) ? r->iops_per_gib : 0, b);
	return 0;
}

static int prov_iops(struct ctx *x, const struct fv_cat_row *r, double iops)
{
	double hi = prov_max(r, x->p.size_gib);

	if (iops < r->iops_min || iops > hi)
		return failf(x, -EINVAL,
			     "%g IOPS: %s:%s takes %g to %g IOPS%s%s", iops,
			     r->cloud, r->id, r->iops_min, hi,
			     has(x->p.size_gib) ? " at this size" : "",
			     has(r->prov_iops_per_gib) && has(x->p.size_gib)
				     ? " (IOPS per GiB)"
				     : "");
	x->out->iops = iops;
	return 0;
}

static int provisioned(struct ctx *x, const struct fv_cat_row *r)
{
	struct fv_sku *o = x->out;
	double iops = has(x->p.iops) ? x->p.iops : r->iops, top;
	char b[48], t[48];
	int ret;

	if (!has(iops))
		return failf(x, -EINVAL,
			     "%s:%s needs its provisioned IOPS%s, e.g. "
			     "%s:%s:1024GiB:20000iops%s",
			     r->cloud, r->id,
			     r->prov == FV_PROV_IOPS_BW ? " and throughput"
							: "",
			     r->cloud, r->id,
			     r->prov == FV_PROV_IOPS_BW ? ":500MBps" : "");
	ret = prov_iops(x, r, iops);
	if (ret)
		return ret;
	top = has(r->bw_per_iops) ? r->bw_per_iops * iops : r->bw_max;
	if (r->prov == FV_PROV_IOPS) {
		if (has(x->p.bw))
			return failf(x, -EINVAL,
				     "%s:%s's throughput follows from its "
				     "IOPS: give the IOPS alone",
				     r->cloud, r->id);
		o->bw = clamp(top, NAN, r->bw_max);
	} else {
		/* the included baseline is always allowed */
		top = clamp(fmax(top, has(r->bw) ? r->bw : 0), NAN, r->bw_max);
		o->bw = has(x->p.bw) ? x->p.bw : r->bw;
		rate(t, sizeof(t), r, top);
		if (!has(o->bw))
			return failf(x, -EINVAL,
				     "%s:%s needs its provisioned throughput, "
				     "e.g. :500MBps (at most %s at %g IOPS)",
				     r->cloud, r->id, t, iops);
		rate(b, sizeof(b), r, o->bw);
		if (o->bw > top * (1 + 1e-9))
			return failf(x, -EINVAL, "%s: at most %s at %g IOPS", b,
				     t, iops);
	}
	rate(b, sizeof(b), r, o->bw);
	snprintf(o->how, sizeof(o->how), "provisioned %g IOPS (%g to %g%s), %s",
		 o->iops, r->iops_min, prov_max(r, x->p.size_gib),
		 has(x->p.size_gib) ? " at this size" : "", b);
	return 0;
}

static bool in(double v, double lo, double hi)
{
	return isnan(lo) || isnan(v) || (v >= lo && v <= hi);
}

/* The row of a rule for the size and IOPS asked (rows share cloud:id). */
static const struct fv_cat_row *rule_row(struct ctx *x, const char *id,
					 bool family, size_t *nrows)
{
	const struct fv_cat_row *found = NULL;

	*nrows = 0;
	for (size_t i = 0; i < x->n; i++) {
		const struct fv_cat_row *r = &x->rows[i];
		double iops = has(x->p.iops) ? x->p.iops : r->iops;

		if (!same_cloud(x, r) || r->kind != FV_CAT_RULE ||
		    strcasecmp(family ? (r->family ? r->family : "") : r->id,
			       id))
			continue;
		(*nrows)++;
		if (!found && in(x->p.size_gib, r->size_lo, r->size_hi) &&
		    in(iops, r->iops_lo, r->iops_hi))
			found = r;
	}
	return found;
}

/* The sizes a rule's rows cover, for messages: "1 to 16384 GiB". */
static void sizes(struct ctx *x, const struct fv_cat_row *any, char *buf,
		  size_t len)
{
	double lo = INFINITY, hi = -INFINITY;

	for (size_t i = 0; i < x->n; i++) {
		const struct fv_cat_row *r = &x->rows[i];

		if (same_cloud(x, r) && r->kind == FV_CAT_RULE &&
		    !strcasecmp(r->id, any->id)) {
			lo = fmin(lo, r->size_lo);
			hi = fmax(hi, r->size_hi);
		}
	}
	snprintf(buf, len, "%g to %g GiB", lo, hi);
}

static int rule(struct ctx *x, const char *id, bool family,
		const struct fv_cat_row *any)
{
	size_t nrows;
	const struct fv_cat_row *r = rule_row(x, id, family, &nrows);
	char range[64];
	int ret;

	sizes(x, any, range, sizeof(range));
	if (x->p.part != FV_SKU_WHOLE)
		return failf(x, -EINVAL, "'%s' is a VM's disk; %s:%s is a disk",
			     x->p.placement, any->cloud, any->id);
	if (!has(x->p.size_gib) && (nrows > 1 || any->prov == FV_PROV_NONE))
		return failf(x, -EINVAL,
			     "%s:%s needs a size (%s), e.g. %s:%s:%s",
			     any->cloud, any->id, range, any->cloud, any->id,
			     "100GiB");
	if (!r)
		return failf(x, -EINVAL, "%s:%s covers %s%s", any->cloud,
			     any->id, range,
			     has(x->p.iops) ? " at the IOPS asked" : "");
	start(x, r);
	ret = r->prov == FV_PROV_NONE ? by_size(x, r) : provisioned(x, r);
	if (ret)
		return ret;
	burst(x->out, r);
	canonical(x, r);
	return 0;
}

/* A family of tiers and a size: the smallest tier that holds it. */
static int tier_of_size(struct ctx *x, const char *family)
{
	const struct fv_cat_row *best = NULL, *largest = NULL;
	int ret;

	for (size_t i = 0; i < x->n; i++) {
		const struct fv_cat_row *r = &x->rows[i];

		if (!same_cloud(x, r) || r->kind != FV_CAT_DISK || !r->family ||
		    strcasecmp(r->family, family))
			continue;
		if (!largest || r->size_lo > largest->size_lo)
			largest = r;
		if (r->size_lo >= x->p.size_gib &&
		    (!best || r->size_lo < best->size_lo))
			best = r;
	}
	if (has(x->p.iops) || has(x->p.bw))
		return failf(x, -EINVAL,
			     "%s tiers are fixed: give a size alone", family);
	if (!has(x->p.size_gib))
		return failf(x, -EINVAL,
			     "%s is a family of tiers: give a size "
			     "(%s:%s:100GiB) or a tier (%s:%s)",
			     family, x->p.cloud, family, x->p.cloud,
			     largest ? largest->id : "?");
	if (!best)
		return failf(x, -EINVAL,
			     "%g GiB is larger than the largest %s tier (%s, "
			     "%g GiB)",
			     x->p.size_gib, family, largest->id,
			     largest->size_lo);
	ret = tier(x, best);
	if (!ret) {
		size_t n = strlen(x->out->how);

		snprintf(x->out->how + n, sizeof(x->out->how) - n,
			 " (the smallest %.40s tier holding %g GiB)", family,
			 x->p.size_gib);
	}
	return ret;
}

static int unknown(struct ctx *x)
{
	char near[256];
	size_t n = fv_sku_nearest(x->rows, x->n, x->id, 3, near, sizeof(near));

	if (n)
		return failf(x, -ENOENT,
			     "no such SKU in the catalog; nearest: %s", near);
	return failf(x, -ENOENT,
		     "no such SKU in the catalog (no SKU of cloud '%s')",
		     x->p.cloud);
}

int fv_sku_resolve(const struct fv_cat_row *rows, size_t n, const char *id,
		   struct fv_sku *out, struct fv_error *err)
{
	struct ctx x = {
		.rows = rows, .n = n, .id = id, .out = out, .err = err
	};
	int ret = fv_sku_id_parse(id, &x.p, err);

	if (ret)
		return ret;
	for (size_t i = 0; i < n; i++) {
		const struct fv_cat_row *r = &rows[i];

		if (!same_cloud(&x, r) || !id_is(r, x.p.name))
			continue;
		if (r->kind == FV_CAT_DISK)
			return no_params(&x, r) ?: tier(&x, r);
		if (r->kind == FV_CAT_VM)
			return vm(&x, r);
		return rule(&x, r->id, false, r);
	}
	for (size_t i = 0; i < n; i++) {
		const struct fv_cat_row *r = &rows[i];

		if (!same_cloud(&x, r) || !r->family ||
		    strcasecmp(r->family, x.p.name))
			continue;
		if (r->kind == FV_CAT_DISK)
			return tier_of_size(&x, r->family);
		if (r->kind == FV_CAT_RULE)
			return rule(&x, r->family, true, r);
		return failf(&x, -EINVAL,
			     "%s is a family of VM sizes: name one, e.g. "
			     "%s:%s",
			     r->family, r->cloud, r->id);
	}
	return unknown(&x);
}
