/* SPDX-License-Identifier: MIT */
/*
 * flush: did the job's syncs reach a medium? Three answers, from what the
 * results can prove:
 *   flush-real: our engine's stats file names the block device under the
 *     file system, its write cache is write back (a volatile cache that a
 *     flush must empty; an NVMe controller with a volatile write cache),
 *     and flushes were sent to it;
 *   flush-noop: no medium was reached: a memory file system (tmpfs,
 *     ramfs: the stats file, or a /dev/shm target with no block device in
 *     fio's disk_util), or a write cache that writes through (Linux drops
 *     flushes to such a queue);
 *   flush-unverified: anything else, saying what is missing.
 * A flush's latency proves nothing either way: io_uring's fsync on tmpfs
 * takes tens of µs (a punt to a worker thread), as long as a flush to a
 * fast disk's cache. It is shown, never judged.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "verdict_int.h"

static uint64_t engine_flushes(const struct fv_job *j)
{
	uint64_t n = 0;

	for (size_t i = 0; i < j->ndur; i++)
		n += j->dur[i]->fsyncs + j->dur[i]->fdatasyncs;
	return n;
}

static bool has_syncs(const struct fv_job *j)
{
	const struct fv_dirstats *s = &j->dir[FV_DIR_SYNC];

	return (s->present && s->total_ios) || engine_flushes(j);
}

/* fio's sync latency p50, else the engine's flush latency p50. */
static double sync_p50(const struct fv_vctx *vc, const struct fv_job *j,
		       const char **from)
{
	double v = fv_vjob_pct(vc->set, j, FV_DIR_SYNC, FV_LAT, 50);

	*from = "fio's sync";
	for (size_t i = 0; isnan(v) && i < j->ndur; i++) {
		const struct fv_dist *f = &j->dur[i]->flush;

		for (size_t k = 0; f->present && k < f->npcts; k++)
			if (fabs(f->pcts[k].p - 50) < 1e-9) {
				v = f->pcts[k].ns;
				*from = "the engine's flush";
			}
	}
	return v;
}

/* What the stats files prove: 1 real, 0 no-op, -1 nothing. */
static int engine_says(const struct fv_job *j, char *why, size_t len)
{
	for (size_t i = 0; i < j->ndur; i++) {
		const struct fv_durability *d = j->dur[i];
		const char *dev = d->block_device ? d->block_device : "?";

		if (d->volatile_cache == 0 ||
		    (d->write_cache &&
		     !strcmp(d->write_cache, "write through"))) {
			snprintf(
				why, len,
				"%s's write cache writes through (the engine's "
				"stats file): Linux drops flushes to it",
				dev);
			return 0;
		}
		if ((d->volatile_cache == 1 ||
		     (d->write_cache &&
		      !strcmp(d->write_cache, "write back"))) &&
		    d->fsyncs + d->fdatasyncs > d->flush_errors) {
			snprintf(
				why, len,
				"%llu flushes sent to %s, whose write cache is "
				"write back (the engine's stats file)",
				(unsigned long long) (d->fsyncs +
						      d->fdatasyncs),
				dev);
			return 1;
		}
	}
	return -1;
}

static int row(struct fv_vctx *vc, const struct fv_job *j, enum fv_verdict v,
	       const char *why, const char *lat, const char *sentence)
{
	char ev[640];
	int ret;

	snprintf(ev, sizeof(ev), "%s; %s", why, lat);
	ret = fv_vrow(vc, j->label, j->display, "flush", v, ev, "%s", sentence);
	return ret ? ret : fv_vrow_cause(vc, why);
}

int fv_vcheck_flush(struct fv_vctx *vc, const struct fv_job *j)
{
	char why[400], lat[160], x[48];
	const char *from;
	double p50;
	int says;

	if (!has_syncs(j))
		return 0;
	p50 = sync_p50(vc, j, &from);
	fv_vfmt(x, sizeof(x), FV_U_NS, p50);
	snprintf(lat, sizeof(lat), "%s p50 %s (latency alone proves nothing)",
		 isnan(p50) ? "sync" : from, x);
	if (fv_vtarget_memfs(j, why, sizeof(why)))
		return row(vc, j, FV_V_FLUSH_NOOP, why, lat,
			   "a memory file system: the flushes reached no "
			   "medium, the figure measures a no-op");
	says = engine_says(j, why, sizeof(why));
	if (says == 0)
		return row(vc, j, FV_V_FLUSH_NOOP, why, lat,
			   "the flushes reached no volatile cache: the figure "
			   "measures a no-op (durability rests on the "
			   "device's own guarantee)");
	if (says == 1)
		return row(vc, j, FV_V_FLUSH_REAL, why, lat,
			   "the flushes reached a device whose cache they "
			   "had to empty: the figure is a flush's cost");
	snprintf(why, sizeof(why), "%s",
		 j->ndur ? "the engine's stats file names no block device or "
			   "write cache"
			 : "fio's output cannot tell where a flush went");
	return row(vc, j, FV_V_FLUSH_UNVERIFIED, why, lat,
		   "no evidence that the flushes reached a medium: run the "
		   "job with ioengine=external:uring_durable.so, whose stats "
		   "file names the device and its write cache");
}
