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

/* Kinds of limit: sustained or burst, for all I/O, writes or reads alone. */
enum { SUSTAINED = 0, BURST = 1, WRITES = 2, READS = 4 };

static bool has(double v)
{
	return !isnan(v) && v > 0;
}

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
	lim->reads = kind & READS;
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

/* The disks' figures, added up when the label stripes several. */
static void disk_limits(struct fv_limits *l, const struct fv_label_sku *ls,
			int kind)
{
	const struct fv_sku *first = NULL;
	double iops = 0, bw = 0, biops = 0, bbw = 0;
	size_t n = 0;
	char what[64];

	for (size_t i = 0; i < ls->n; i++) {
		const struct fv_sku *d = &ls->sku[i];

		if (d->kind != FV_CAT_DISK)
			continue;
		first = first ? first : d;
		n++;
		iops += d->iops;
		bw += d->bw;
		biops += isnan(d->burst_iops) ? d->iops : d->burst_iops;
		bbw += isnan(d->burst_bw) ? d->bw : d->burst_bw;
	}
	if (!first)
		return;
	if (n == 1) {
		add_pair(l, first, first->iops, first->bw, kind, "provisioned");
		add_pair(l, first, first->burst_iops, first->burst_bw,
			 kind | BURST, burst_name(first->bursting));
		return;
	}
	snprintf(what, sizeof(what), "provisioned, %zu disks striped", n);
	add_pair(l, first, iops, bw, kind, what);
	snprintf(what, sizeof(what), "burst, %zu disks striped", n);
	add_pair(l, first, biops > iops ? biops : NAN, bbw > bw ? bbw : NAN,
		 kind | BURST, what);
}

/* The VM's remote-disk limits; Ultra and Premium SSD v2 have their own. */
static void vm_limits(struct fv_limits *l, const struct fv_sku *v,
		      const struct fv_sku *disk, int kind)
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
		add_pair(l, v, r->uv2_iops, r->uv2_bw, kind,
			 "uncached, Ultra and Premium SSD v2");
		add_pair(l, v,
			 r->uv2_burst_iops > r->uv2_iops ? r->uv2_burst_iops
							 : NAN,
			 r->uv2_burst_bw > r->uv2_bw ? r->uv2_burst_bw : NAN,
			 kind | BURST,
			 "uncached burst, Ultra and Premium SSD v2");
		return;
	}
	add_pair(l, v, v->iops, v->bw, kind, "uncached");
	add_pair(l, v, v->burst_iops, v->burst_bw, kind | BURST,
		 "uncached burst");
}

/* The VM's own disk on a path: temp, NVMe, or the host cache. */
static void local_limits(struct fv_limits *l, const struct fv_sku *v,
			 enum fv_io_path path, int kind)
{
	const struct fv_cat_row *r = v->row;
	bool w = has(r->temp_write_iops) || has(r->temp_write_bw);

	if (path == FV_PATH_CACHED) {
		add_pair(l, v, r->cached_iops, r->cached_bw, kind,
			 "cached and temp");
		return;
	}
	if (path == FV_PATH_NVME && (has(r->nvme_iops) || has(r->nvme_bw))) {
		add_pair(l, v, r->nvme_iops, r->nvme_bw, SUSTAINED,
			 "local NVMe");
		return;
	}
	add_pair(l, v, r->temp_iops, r->temp_bw, w ? READS : SUSTAINED,
		 path == FV_PATH_NVME ? "local NVMe (temp), random read"
				      : "temp disk, random read");
	add_pair(l, v, r->temp_write_iops, r->temp_write_bw, WRITES,
		 path == FV_PATH_NVME ? "local NVMe (temp), random write"
				      : "temp disk, random write");
	/* Dsv3 and the like: the temp disk shares the cached limit */
	add_pair(l, v, r->cached_iops, r->cached_bw, SUSTAINED,
		 "cached and temp");
}

/*
 * The limits of a path: on a cached path all I/O passes the host cache
 * (its limit), a read hit goes no further, writes go on to the disks and
 * the VM's uncached limit (seed measurements: a D8s_v3's cached P20 reads
 * at the cache's 128 MBps and writes at the P20's 2,300 IOPS); an
 * ephemeral OS disk is the cache, the temp disk or NVMe it is placed on.
 */
static void path_limits(struct fv_limits *l, const struct fv_label_sku *ls,
			const struct fv_sku *disk, const struct fv_sku *vm)
{
	enum fv_io_path path = ls->path;

	if (path == FV_PATH_OS && !disk)
		path = !strcmp(ls->placement, "CacheDisk")  ? FV_PATH_CACHED
		       : !strcmp(ls->placement, "NvmeDisk") ? FV_PATH_NVME
							    : FV_PATH_TEMP;
	else if (path == FV_PATH_OS)
		path = FV_PATH_UNCACHED;
	if (path == FV_PATH_UNCACHED) {
		disk_limits(l, ls, SUSTAINED);
		if (vm)
			vm_limits(l, vm, disk, SUSTAINED);
		return;
	}
	if (path == FV_PATH_CACHED && disk) {
		local_limits(l, vm, path, SUSTAINED);
		disk_limits(l, ls, WRITES);
		vm_limits(l, vm, disk, WRITES);
		return;
	}
	local_limits(l, vm, path, SUSTAINED);
}

/* The smallest sustained limit of a unit, for reads or for writes. */
static const struct fv_limit *binding(const struct fv_limits *l,
				      enum fv_limit_unit unit, bool writes)
{
	const struct fv_limit *best = NULL;

	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].unit == unit && !l->v[i].burst &&
		    !(writes ? l->v[i].reads : l->v[i].writes) &&
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
	if (ls->path != FV_PATH_ANY && vm)
		path_limits(out, ls, disk, vm);
	else {
		disk_limits(out, ls, SUSTAINED);
		if (vm)
			vm_limits(out, vm, disk, SUSTAINED);
	}
	out->iops = binding(out, FV_LIM_IOPS, false);
	out->bw = binding(out, FV_LIM_BPS, false);
	out->w_iops = binding(out, FV_LIM_IOPS, true);
	out->w_bw = binding(out, FV_LIM_BPS, true);
	out->burst_iops = burst_ceiling(out, FV_LIM_IOPS, out->iops);
	out->burst_bw = burst_ceiling(out, FV_LIM_BPS, out->bw);
}

/* The other reading of a rate limit, in B/s: MB/s read as MiB/s. */
static double other_reading(const struct fv_limit *lim)
{
	bool mib = lim->bw_unit && !strcmp(lim->bw_unit, "MiB/s");

	if (lim->unit == FV_LIM_IOPS)
		return NAN;
	return mib ? lim->value / 1048576.0 * 1e6
		   : lim->value / 1e6 * 1048576.0;
}

bool fv_limit_reading(const struct fv_limit *lim, double level, double *dev)
{
	double alt = other_reading(lim);
	double d = fabs(level / lim->value - 1);
	double da = isnan(alt) ? INFINITY : fabs(level / alt - 1);

	if (dev)
		*dev = da < d ? level / alt - 1 : level / lim->value - 1;
	return da < d;
}

double fv_limit_upper(const struct fv_limit *lim)
{
	double alt = other_reading(lim);

	return isnan(alt) || alt < lim->value ? lim->value : alt;
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
		fv_limit_reading(&l->v[i], level, &d);
		d = fabs(d);
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

/* Which reading of the limit the level matches, for sentences. */
static const char *reading_name(const struct fv_limit *m, double level)
{
	bool mib = m->bw_unit && !strcmp(m->bw_unit, "MiB/s");

	if (m->unit == FV_LIM_IOPS)
		return "";
	return fv_limit_reading(m, level, NULL) != mib
		       ? "read as MiB/s, 2^20 B/s, "
		       : "read as MB/s, 10^6 B/s, ";
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
		snprintf(buf, len,
			 "; %s, %s, matches %s limit (%swithin %.1f%%)", what,
			 lv, name, reading_name(m, level_bw), 100 * dev);
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
