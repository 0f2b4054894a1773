/* SPDX-License-Identifier: MIT */
/*
 * A label's limits: every figure its SKUs document (the disk's baseline
 * and burst, the VM's uncached, burst, local or cached limits), the ones
 * that bind (the smallest sustained figure, per unit), and which limit a
 * measured level matches.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"

/* Kinds of limit: sustained or burst, for all I/O or writes alone. */
enum { SUSTAINED = 0, BURST = 1, WRITES = 2 };

static void add(struct fv_limits *l, const struct fv_sku *s, double v,
		enum fv_limit_unit unit, int kind, const char *what)
{
	struct fv_limit *lim;

	if (isnan(v) || v <= 0 || l->n == FV_LIMITS_MAX)
		return;
	lim = &l->v[l->n++];
	lim->value = v;
	lim->unit = unit;
	lim->burst = kind & BURST;
	lim->sku = s->id;
	lim->bw_unit = s->row->bw_unit;
	lim->disk = s->kind == FV_CAT_DISK;
	lim->writes = kind & WRITES;
	snprintf(lim->what, sizeof(lim->what), "%s", what);
}

static void add_pair(struct fv_limits *l, const struct fv_sku *s, double iops,
		     double bw, int kind, const char *what)
{
	add(l, s, iops, FV_LIM_IOPS, kind, what);
	add(l, s, bw, FV_LIM_BPS, kind, what);
}

static const char *burst_name(enum fv_cat_burst b)
{
	return b == FV_BURST_ON_DEMAND ? "on-demand burst (if enabled)"
				       : "credit burst";
}

static void disk_limits(struct fv_limits *l, const struct fv_sku *d)
{
	add_pair(l, d, d->iops, d->bw, SUSTAINED, "provisioned");
	add_pair(l, d, d->burst_iops, d->burst_bw, BURST,
		 burst_name(d->bursting));
}

/* The VM's remote-disk limits; Ultra and Premium SSD v2 have their own. */
static void vm_limits(struct fv_limits *l, const struct fv_sku *v,
		      const struct fv_sku *disk)
{
	const struct fv_cat_row *r = v->row;
	bool uv2 = disk && disk->row->vm_class &&
		   !strcmp(disk->row->vm_class, "uv2") && !isnan(r->uv2_iops);

	if (v->part == FV_SKU_LOCAL) {
		add_pair(l, v, v->iops, v->bw, SUSTAINED,
			 "local disk, random read");
		add_pair(l, v, v->write_iops, v->write_bw, WRITES,
			 "local disk, random write");
		return;
	}
	if (v->part == FV_SKU_CACHED) {
		add_pair(l, v, v->iops, v->bw, SUSTAINED, "cached and temp");
		return;
	}
	if (uv2) {
		add_pair(l, v, r->uv2_iops, r->uv2_bw, SUSTAINED,
			 "uncached, Ultra and Premium SSD v2");
		add_pair(l, v,
			 r->uv2_burst_iops > r->uv2_iops ? r->uv2_burst_iops
							 : NAN,
			 r->uv2_burst_bw > r->uv2_bw ? r->uv2_burst_bw : NAN,
			 BURST, "uncached burst, Ultra and Premium SSD v2");
		return;
	}
	add_pair(l, v, v->iops, v->bw, SUSTAINED, "uncached");
	add_pair(l, v, v->burst_iops, v->burst_bw, BURST, "uncached burst");
}

/* The smallest sustained limit of a unit. */
static const struct fv_limit *binding(const struct fv_limits *l,
				      enum fv_limit_unit unit)
{
	const struct fv_limit *best = NULL;

	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].unit == unit && !l->v[i].burst && !l->v[i].writes &&
		    (!best || l->v[i].value < best->value))
			best = &l->v[i];
	return best;
}

/*
 * The highest rate a burst reaches: for each SKU its burst (or, without
 * one, its sustained limit), the smallest of those. NULL when that is no
 * more than the sustained binding limit: no burst is possible.
 */
static const struct fv_limit *burst_ceiling(const struct fv_limits *l,
					    enum fv_limit_unit unit,
					    const struct fv_limit *sustained)
{
	const struct fv_limit *ceil = NULL;
	bool any = false;

	for (size_t i = 0; i < l->n; i++) {
		const struct fv_limit *a = &l->v[i], *use = a;

		if (a->unit != unit || a->burst || a->writes)
			continue;
		for (size_t k = 0; k < l->n; k++)
			if (l->v[k].burst && l->v[k].unit == unit &&
			    l->v[k].sku == a->sku) {
				use = &l->v[k];
				any = true;
			}
		if (!ceil || use->value < ceil->value)
			ceil = use;
	}
	if (!any || !ceil || !sustained || ceil->value <= sustained->value)
		return NULL;
	return ceil;
}

void fv_limits_of(const struct fv_label_sku *ls, struct fv_limits *out)
{
	const struct fv_sku *disk = NULL, *vm = NULL;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < ls->n; i++) {
		if (ls->sku[i].kind == FV_CAT_DISK)
			disk = &ls->sku[i];
		else
			vm = &ls->sku[i];
	}
	if (disk)
		disk_limits(out, disk);
	if (vm)
		vm_limits(out, vm, disk);
	out->iops = binding(out, FV_LIM_IOPS);
	out->bw = binding(out, FV_LIM_BPS);
	out->burst_iops = burst_ceiling(out, FV_LIM_IOPS, out->iops);
	out->burst_bw = burst_ceiling(out, FV_LIM_BPS, out->bw);
}

const struct fv_limit *fv_limits_match(const struct fv_limits *l,
				       double level_iops, double level_bw,
				       double noise, double *dev)
{
	const struct fv_limit *best = NULL;
	double bestd = INFINITY;

	for (size_t i = 0; i < l->n; i++) {
		double level =
			l->v[i].unit == FV_LIM_IOPS ? level_iops : level_bw;
		double d;

		if (isnan(level) || !(level > 0))
			continue;
		d = fabs(level / l->v[i].value - 1);
		if (d < bestd) {
			bestd = d;
			best = &l->v[i];
		}
	}
	if (dev)
		*dev = bestd;
	return best && bestd <= noise ? best : NULL;
}

void fv_limit_fmt(char *buf, size_t len, const struct fv_limit *lim)
{
	bool mib = lim->bw_unit && !strcmp(lim->bw_unit, "MiB/s");

	if (lim->unit == FV_LIM_IOPS)
		snprintf(buf, len, "%.0f IOPS", lim->value);
	else
		snprintf(buf, len, "%g %s",
			 lim->value / (mib ? 1048576.0 : 1e6),
			 mib ? "MiB/s" : "MB/s");
}

void fv_limit_name(char *buf, size_t len, const struct fv_limit *lim)
{
	char v[48];

	fv_limit_fmt(v, sizeof(v), lim);
	snprintf(buf, len, "the %s %s's %s %s", lim->disk ? "disk" : "VM",
		 lim->sku, v, lim->what);
}

/* A level in a limit's unit (and the SKU's rate unit): "3450 IOPS". */
static void level_fmt(char *buf, size_t len, const struct fv_limits *l,
		      enum fv_limit_unit unit, double v)
{
	struct fv_limit as = { .value = v, .unit = unit };

	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].unit == FV_LIM_BPS)
			as.bw_unit = l->v[i].bw_unit;
	fv_limit_fmt(buf, len, &as);
}

/*
 * Above the sustained IOPS limit but below a burst's: only credits can
 * pay for it (a bucket that refills while the disk idles between jobs
 * and is spent again), not something else capping the disk.
 */
static bool between_limits(char *buf, size_t len, const struct fv_limits *l,
			   const char *what, const char *lv, double level,
			   double noise)
{
	const struct fv_limit *s = l->iops, *b = l->burst_iops;
	char sv[48], bv[48];

	if (!s || !b || isnan(level) || level <= s->value * (1 + noise) ||
	    level >= b->value)
		return false;
	fv_limit_fmt(sv, sizeof(sv), s);
	fv_limit_fmt(bv, sizeof(bv), b);
	snprintf(buf, len,
		 "; %s, %s, lies between the sustained %s and the %s burst: "
		 "credits still paid for part of it (a bucket refills while "
		 "the disk idles between jobs)",
		 what, lv, sv, bv);
	return true;
}

void fv_limits_explain(const struct fv_label_sku *ls, const char *what,
		       double level_iops, double level_bw, double noise,
		       char *buf, size_t len)
{
	struct fv_limits l;
	const struct fv_limit *m;
	double dev;
	char name[224], v[48], lv[48];
	size_t n;

	fv_limits_of(ls, &l);
	m = fv_limits_match(&l, level_iops, level_bw, noise, &dev);
	if (m) {
		fv_limit_name(name, sizeof(name), m);
		level_fmt(lv, sizeof(lv), &l, m->unit,
			  m->unit == FV_LIM_IOPS ? level_iops : level_bw);
		snprintf(buf, len, "; %s, %s, matches %s limit (within %.1f%%)",
			 what, lv, name, 100 * dev);
		return;
	}
	level_fmt(lv, sizeof(lv), &l,
		  isnan(level_iops) ? FV_LIM_BPS : FV_LIM_IOPS,
		  isnan(level_iops) ? level_bw : level_iops);
	if (between_limits(buf, len, &l, what, lv, level_iops, noise))
		return;
	n = (size_t) snprintf(buf, len,
			      "; %s, %s, matches no limit known for %s (", what,
			      lv, ls->spec + strlen(ls->label) + 1);
	for (size_t i = 0; i < l.n && n < len; i++) {
		fv_limit_fmt(v, sizeof(v), &l.v[i]);
		n += (size_t) snprintf(buf + n, len - n, "%s%s%s",
				       i ? ", " : "", v,
				       l.v[i].burst ? " burst" : "");
	}
	if (n < len)
		snprintf(buf + n, len - n,
			 "%s): something else caps it (the host, the queue "
			 "depth, the file system)",
			 l.n ? "" : "none");
}
