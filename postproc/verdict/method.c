/* SPDX-License-Identifier: MIT */
/*
 * methodology: the job's options and figures that make its numbers
 * doubtful (buffered I/O, no warm-up, a run too short to pass a burst, a
 * file the page cache can hold, latencies not measured, written data that
 * compresses or dedupes).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "verdict_int.h"

static double runtime_s(const struct fv_job *j)
{
	uint64_t ms = j->job_runtime_ms;

	for (int d = 0; d < FV_DIR_NR && !ms; d++)
		if (j->dir[d].runtime_ms > ms)
			ms = j->dir[d].runtime_ms;
	return (double) ms / 1000;
}

/* What the job's method gets wrong: l with its figures, kinds without. */
struct remarks {
	struct fv_vlist l, kinds;
};

static void small_file(struct fv_vctx *vc, const struct fv_job *j,
		       struct remarks *r)
{
	const char *s = fv_job_opt(j, "size");
	uint64_t bytes;
	char x[48], y[48];

	if (!s)
		s = fv_job_opt(j, "filesize");
	if (!s || fv_opt_size(s, &bytes) || !(vc->o->mem_bytes > 0) ||
	    (double) bytes >= vc->o->mem_bytes)
		return;
	fv_vfmt(x, sizeof(x), FV_U_BYTES, (double) bytes);
	fv_vfmt(y, sizeof(y), FV_U_BYTES, vc->o->mem_bytes);
	fv_vlist_add(&r->l, "buffered test file of %s fits in %s of memory", x,
		     y);
	fv_vlist_add(&r->kinds, "a buffered test file that fits in memory");
}

static bool writes(const struct fv_job *j)
{
	if (j->wl.read_pct >= 0) /* trims count: they are not reads */
		return j->wl.read_pct < 100;
	return j->dir[FV_DIR_WRITE].present && j->dir[FV_DIR_WRITE].total_ios;
}

/* A percentage option above 0 (fio takes "50" and "50%"). */
static bool some_percent(const char *v)
{
	return v && strtod(v, NULL) > 0;
}

/*
 * Data that compresses or repeats: a device that compresses or dedupes
 * (VDO, ZFS, btrfs compress, some SSDs and SANs) stores less than was
 * written and its figures are not those of real data. fio's default
 * (random buffers, scrambled at each I/O) is incompressible.
 */
static void compressible(const struct fv_job *j, struct remarks *r)
{
	const char *scramble = fv_job_opt(j, "scramble_buffers");
	const char *refill = fv_job_opt(j, "refill_buffers");
	struct fv_vlist why = { .n = 0 };

	if (!writes(j))
		return;
	if (fv_opt_true(fv_job_opt(j, "zero_buffers")))
		fv_vlist_add(&why, "zero_buffers");
	if (some_percent(fv_job_opt(j, "buffer_compress_percentage")))
		fv_vlist_add(&why, "buffer_compress_percentage=%s",
			     fv_job_opt(j, "buffer_compress_percentage"));
	if (some_percent(fv_job_opt(j, "dedupe_percentage")))
		fv_vlist_add(&why, "dedupe_percentage=%s",
			     fv_job_opt(j, "dedupe_percentage"));
	if (fv_job_opt(j, "buffer_pattern"))
		fv_vlist_add(&why, "buffer_pattern=%s",
			     fv_job_opt(j, "buffer_pattern"));
	if (scramble && !fv_opt_true(scramble) &&
	    !(refill && fv_opt_true(refill)))
		fv_vlist_add(&why, "scramble_buffers=0 without refill_buffers "
				   "(every write the same block)");
	if (!why.n)
		return;
	fv_vlist_add(&r->l,
		     "written data compresses or repeats (%s): a compressing "
		     "or deduplicating device stores less than was written",
		     why.buf);
	fv_vlist_add(&r->kinds, "data that compresses or dedupes");
}

int fv_vcheck_method(struct fv_vctx *vc, const struct fv_job *j)
{
	const char *ramp = fv_job_opt(j, "ramp_time");
	/*
	 * The workload's, whatever tool wrote it (fio's direct and
	 * ramp_time, DiskSpd's -S and -W); a fleet's row has fio's options.
	 */
	bool buffered =
		j->wl.direct >= 0
			? !j->wl.direct
			: !fv_opt_true(fv_job_opt(j, "direct")) &&
				  fv_opt_true(fv_job_opt(j, "buffered") ?: "1");
	double rt = runtime_s(j), ramp_s = 0, unfilled;
	struct remarks r = { .l.n = 0 };
	bool fio = ramp || fv_job_opt(j, "ioengine") || fv_job_opt(j, "rw");
	int ret;

	if (buffered) {
		fv_vlist_add(&r.l, "%s",
			     fio || j->wl.direct < 0
				     ? "buffered I/O (no direct=1)"
				     : "buffered I/O (the OS cache "
				       "on)");
		fv_vlist_add(&r.kinds, "buffered I/O");
	}
	if (!isnan(j->wl.warmup_s) && !fio) {
		if (j->wl.warmup_s <= 0) {
			fv_vlist_add(&r.l, "no warm-up");
			fv_vlist_add(&r.kinds, "no warm-up");
		}
	} else if (!ramp || fv_opt_seconds(ramp, &ramp_s) || ramp_s <= 0) {
		fv_vlist_add(&r.l, "no ramp_time (no warm-up)");
		fv_vlist_add(&r.kinds, "no ramp_time");
	}
	if (rt > 0 && rt < vc->o->min_runtime_s) {
		fv_vlist_add(&r.l,
			     "run of %.1f s, shorter than %.0f s: a burst can "
			     "last longer",
			     rt, vc->o->min_runtime_s);
		fv_vlist_add(&r.kinds, "runs shorter than %.0f s",
			     vc->o->min_runtime_s);
	}
	if (!isnan(unfilled = fv_vjob_queue_unfilled(j))) {
		fv_vlist_add(&r.l,
			     "iodepth=%d asked, but %.1f%% of submissions had "
			     "1 I/O in flight (fio's IO depths): a synchronous "
			     "ioengine caps the depth at 1",
			     j->depth > 0 ? j->depth : j->wl.depth, unfilled);
		fv_vlist_add(&r.kinds, "a queue that never filled");
	}
	if (buffered)
		small_file(vc, j, &r);
	compressible(j, &r);
	for (int d = 0; d < FV_DIR_NR; d++)
		if (j->dir[d].present && j->dir[d].lat_unmeasured) {
			fv_vlist_add(&r.l,
				     "%s latencies all zero (gtod_reduce or "
				     "clocks off): not measured",
				     fv_dir_name(d));
			fv_vlist_add(&r.kinds,
				     "latencies not measured (gtod_reduce)");
		}
	if (!r.l.n)
		return fv_vrow(vc, j->label, j->display, "methodology",
			       FV_V_METHOD_OK,
			       "direct I/O, ramp_time, long enough",
			       "nothing in the method casts doubt on the "
			       "figures");
	ret = fv_vrow(vc, j->label, j->display, "methodology", FV_V_METHODOLOGY,
		      r.l.buf,
		      "the method makes these figures doubtful; fix it before "
		      "trusting them");
	return ret ? ret : fv_vrow_cause(vc, r.kinds.buf);
}
