/* SPDX-License-Identifier: MIT */
/*
 * cache: figures that a medium did not make. The evidence, strongest
 * first:
 *   - a memory file system under the target (tmpfs: the engine's stats
 *     file, or a /dev/shm path with no block device in fio's disk_util);
 *   - the run's devices asked for far fewer I/Os than its jobs issued
 *     (fio's disk_util, a run on one target): the rest never left memory,
 *     from the page cache (buffered I/O), or never-written regions of the
 *     file (holes and unwritten extents read as zeros without the device);
 *   - a mean total latency (submission to completion, fio's lat) below
 *     min_lat, faster than a block device answers;
 *   - figures above a ceiling the user gave.
 * fio's completion latency (clat) alone is no evidence: io_uring can
 * complete a request inside the submitting call, and fio then records a
 * clat of 0.1 µs for an I/O the device took 40 µs for. When clat is all
 * there is, the verdict says the evidence is insufficient.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/util.h"
#include "verdict_int.h"

/* The device did at most this share of the I/Os the run issued. */
#define BYPASS_SHARE 0.25

struct cache {
	struct fv_vlist l; /* the findings */
	const char *cause; /* what made the figures, when it can be told */
	enum fv_dir d;	   /* the direction judged */
	double lat_mean;   /* total latency, ns; NAN when fio gave none */
	double clat_min;   /* ns; NAN when none */
	bool buffered;
};

static bool direct_io(const struct fv_job *j)
{
	return j->wl.direct == 1;
}

static void latencies(const struct fv_job *j, struct cache *c)
{
	const struct fv_dirstats *s = &j->dir[c->d];
	const struct fv_lat *lat = &s->lat[FV_LAT], *clat = &s->lat[FV_CLAT];

	c->lat_mean = lat->present && lat->mean_ns > 0 ? lat->mean_ns : NAN;
	c->clat_min = clat->present && clat->max_ns > 0 ? clat->min_ns : NAN;
}

/* The page cache for buffered I/O, else never-written regions. */
static const char *bypass_cause(const struct cache *c)
{
	if (c->buffered)
		return "the page cache (buffered I/O)";
	return c->d == FV_DIR_READ
		       ? "never-written regions of the file (holes or "
			 "unwritten extents read as zeros without the "
			 "device): fill the file first"
		       : "a cache in front of the device";
}

/* fio's disk_util: the devices' I/Os against the run's jobs'. */
static void device_share(const struct fv_job *j, struct cache *c)
{
	const struct fv_run_io *r = &j->run_io;
	int k = c->d == FV_DIR_READ ? 0 : 1;
	char x[48], y[48];

	if (!r->known || !r->devices[0] || r->targets != 1 ||
	    fv_vjob_own_path(j) || r->job_ios[k] < 1000 ||
	    (double) r->dev_ios[k] >= BYPASS_SHARE * (double) r->job_ios[k])
		return;
	snprintf(x, sizeof(x), "%llu", (unsigned long long) r->dev_ios[k]);
	snprintf(y, sizeof(y), "%llu", (unsigned long long) r->job_ios[k]);
	fv_vlist_add(&c->l,
		     "%s asked for %s %ss while the run issued %s (fio's "
		     "disk_util)",
		     r->devices, x, fv_dir_name(c->d), y);
	if (!c->cause)
		c->cause = bypass_cause(c);
}

static void too_fast(struct fv_vctx *vc, struct cache *c)
{
	char x[48], y[48];

	if (!(c->lat_mean < vc->o->min_lat_ns))
		return;
	fv_vfmt(x, sizeof(x), FV_U_NS, c->lat_mean);
	fv_vfmt(y, sizeof(y), FV_U_NS, vc->o->min_lat_ns);
	fv_vlist_add(&c->l,
		     "mean %s latency %s, submission to completion (below "
		     "%s: faster than a block device answers)",
		     fv_dir_name(c->d), x, y);
	if (!c->cause && c->buffered)
		c->cause = "the page cache (buffered I/O)";
}

static void ceilings(struct fv_vctx *vc, const struct fv_job *j,
		     struct fv_vlist *l)
{
	char x[48], y[48];

	for (size_t i = 0; i < vc->o->nceil; i++) {
		const struct fv_ceiling *c = &vc->o->ceil[i];

		if (c->label && (!j->label || strcmp(c->label, j->label)))
			continue;
		if (c->iops > 0 && fv_vjob_iops(j) > c->iops) {
			fv_vfmt(x, sizeof(x), FV_U_IOPS, fv_vjob_iops(j));
			fv_vfmt(y, sizeof(y), FV_U_IOPS, c->iops);
			fv_vlist_add(l, "%s above the ceiling %s", x, y);
		}
		if (c->bw > 0 && fv_vjob_bw(j) > c->bw) {
			fv_vfmt(x, sizeof(x), FV_U_BPS, fv_vjob_bw(j));
			fv_vfmt(y, sizeof(y), FV_U_BPS, c->bw);
			fv_vlist_add(l, "%s above the ceiling %s", x, y);
		}
	}
}

static int suspect(struct fv_vctx *vc, const struct fv_job *j,
		   const struct cache *c)
{
	int ret = fv_vrow(vc, j->label, j->display, "cache", FV_V_CACHE_SUSPECT,
			  c->l.buf,
			  "the figures did not come from the medium%s%s",
			  c->cause ? ": " : "", c->cause ? c->cause : "");

	return ret ? ret : fv_vrow_cause(vc, c->cause ? c->cause : "");
}

/* clat is all there is: it cannot say, and lat would be needed. */
static int unverified(struct fv_vctx *vc, const struct fv_job *j,
		      const struct cache *c)
{
	char x[48], ev[256];

	fv_vfmt(x, sizeof(x), FV_U_NS, c->clat_min);
	snprintf(ev, sizeof(ev),
		 "%s: completion latency only (clat min %s), no total "
		 "latency (lat)",
		 fv_dir_name(c->d), x);
	return fv_vrow(vc, j->label, j->display, "cache", FV_V_CACHE_UNVERIFIED,
		       ev,
		       "clat can be near 0 for requests io_uring completes "
		       "inline: without fio's total latency (lat) the "
		       "figures cannot be judged");
}

int fv_vcheck_cache(struct fv_vctx *vc, const struct fv_job *j)
{
	struct cache c = { .d = fv_vjob_dir(j), .buffered = !direct_io(j) };
	char why[300], x[48];

	if (!j->dir[c.d].present || !j->dir[c.d].total_ios ||
	    j->dir[c.d].lat_unmeasured)
		return 0;
	latencies(j, &c);
	if (fv_vtarget_memfs(j, why, sizeof(why))) {
		fv_vlist_add(&c.l, "%s", why);
		c.cause = "a memory file system: there is no medium";
	}
	device_share(j, &c);
	too_fast(vc, &c);
	ceilings(vc, j, &c.l);
	if (c.l.n)
		return suspect(vc, j, &c);
	if (isnan(c.lat_mean) && c.clat_min < vc->o->min_lat_ns)
		return unverified(vc, j, &c);
	if (isnan(c.lat_mean) && isnan(c.clat_min))
		return 0; /* nothing to judge */
	fv_vfmt(x, sizeof(x), FV_U_NS,
		isnan(c.lat_mean) ? c.clat_min : c.lat_mean);
	snprintf(why, sizeof(why), "%s %s latency %s%s%s",
		 isnan(c.lat_mean) ? "minimum completion" : "mean total",
		 fv_dir_name(c.d), x,
		 j->run_io.known && j->run_io.devices[0] ? "; I/O reached "
							 : "",
		 j->run_io.known ? j->run_io.devices : "");
	return fv_vrow(vc, j->label, j->display, "cache", FV_V_NO_CACHE_SIGN,
		       why,
		       "no sign that the figures came from anywhere "
		       "but the medium");
}
