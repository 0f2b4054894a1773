/* SPDX-License-Identifier: MIT */
/*
 * flush-noop: a sync that cannot have reached a medium. Either its median
 * latency is below what any flush to stable media takes, or our engine's
 * stats file says the target has no block device (tmpfs) or a write
 * cache that writes through (Linux then skips the flush).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "verdict_int.h"

static bool has_syncs(const struct fv_job *j)
{
	const struct fv_dirstats *s = &j->dir[FV_DIR_SYNC];

	if (s->present && s->total_ios)
		return true;
	for (size_t i = 0; i < j->ndur; i++)
		if (j->dur[i]->fsyncs + j->dur[i]->fdatasyncs)
			return true;
	return false;
}

/* fio's sync latency p50, else the engine's flush latency p50. */
static double sync_p50(const struct fv_vctx *vc, const struct fv_job *j,
		       const char **from)
{
	double v = fv_vjob_pct(vc->set, j, FV_DIR_SYNC, FV_LAT, 50);

	*from = "fio sync";
	for (size_t i = 0; isnan(v) && i < j->ndur; i++) {
		const struct fv_dist *f = &j->dur[i]->flush;

		for (size_t k = 0; f->present && k < f->npcts; k++)
			if (fabs(f->pcts[k].p - 50) < 1e-9) {
				v = f->pcts[k].ns;
				*from = "engine flush";
			}
	}
	return v;
}

/* What the stats files say about the target; NULL when nothing. */
static const char *target_says(const struct fv_job *j, char *buf, size_t len)
{
	for (size_t i = 0; i < j->ndur; i++) {
		const struct fv_durability *d = j->dur[i];

		if (d->no_block_device) {
			snprintf(buf, len,
				 "no block device under the file "
				 "system%s%s",
				 d->fs_type ? ": " : "",
				 d->fs_type ? d->fs_type : "");
			return buf;
		}
		if (d->write_cache &&
		    !strcmp(d->write_cache, "write through")) {
			snprintf(buf, len,
				 "device write cache: write through "
				 "(no volatile cache to flush)");
			return buf;
		}
	}
	return NULL;
}

int fv_vcheck_flush(struct fv_vctx *vc, const struct fv_job *j)
{
	const char *from, *target;
	char ev[512], x[48], y[48], tb[160];
	double p50;
	bool fast;

	if (!has_syncs(j))
		return 0;
	p50 = sync_p50(vc, j, &from);
	target = target_says(j, tb, sizeof(tb));
	fast = p50 < vc->o->flush_p50_ns;
	fv_vfmt(x, sizeof(x), FV_U_NS, p50);
	fv_vfmt(y, sizeof(y), FV_U_NS, vc->o->flush_p50_ns);
	snprintf(ev, sizeof(ev), "%s p50 %s (threshold %s)%s%s",
		 isnan(p50) ? "sync" : from, x, y, target ? "; " : "",
		 target ? target : "");
	if (fast || target)
		return fv_vrow(vc, j->label, j->display, "flush",
			       FV_V_FLUSH_NOOP, ev,
			       "flushes did not reach stable media: the "
			       "figure measures a no-op");
	return fv_vrow(vc, j->label, j->display, "flush", FV_V_FLUSH_OK, ev,
		       "flushes take as long as reaching a medium does");
}
