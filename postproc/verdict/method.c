/* SPDX-License-Identifier: MIT */
/*
 * methodology: the job's options and figures that make its numbers
 * doubtful (buffered I/O, no warm-up, a measurement too short to pass a
 * cache or a burst, a file the page cache can hold, latencies not
 * measured, written data that compresses or dedupes), each said in the
 * settings of the tool that made the job: fio's options, DiskSpd's
 * flags, CrystalDiskMark's footer.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "verdict_int.h"

/*
 * What the job's method gets wrong: l with its figures, kinds without;
 * unknown, what the result does not record that a rule needs (no
 * finding: "cannot tell").
 */
struct remarks {
	struct fv_vlist l, kinds, unknown;
	bool no_direct, no_ramp; /* fio options the result does not list */
};

/*
 * The tested machine's memory: --mem, else what `fioverdict run`
 * recorded for a run it made; NAN when neither says (never this
 * machine's: the result may come from any other).
 */
static double memory_of(const struct fv_vctx *vc, const struct fv_job *j)
{
	const char *m = fv_prov_get(j->prov, "memory");
	double v = m ? strtod(m, NULL) : NAN;

	if (vc->o->mem_bytes > 0)
		return vc->o->mem_bytes;
	return v > 0 ? v : NAN;
}

static void small_file(struct fv_vctx *vc, const struct fv_job *j,
		       struct remarks *r)
{
	const char *s = fv_job_opt(j, "size");
	double mem = memory_of(vc, j);
	uint64_t bytes;
	char x[48], y[48];

	if (!s)
		s = fv_job_opt(j, "filesize");
	if (!s || fv_opt_size(s, &bytes))
		return;
	fv_vfmt(x, sizeof(x), FV_U_BYTES, (double) bytes);
	if (isnan(mem)) {
		fv_vlist_add(&r->unknown,
			     "whether the buffered test file of %s fits in "
			     "memory (the result records no memory of its "
			     "machine: --mem SIZE)",
			     x);
		return;
	}
	if ((double) bytes >= mem)
		return;
	fv_vfmt(y, sizeof(y), FV_U_BYTES, mem);
	fv_vlist_add(&r->l, "buffered test file of %s fits in %s of memory", x,
		     y);
	fv_vlist_add(&r->kinds, "a buffered test file that fits in memory");
}

static bool writes(const struct fv_job *j)
{
	if (!isnan(j->wl.read_pct)) /* trims count: they are not reads */
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

/*
 * The time a figure was measured over: fio's runtime after ramp_time,
 * DiskSpd's test time after -W; CrystalDiskMark's one pass (its figure is
 * its best pass). 0 or NAN: none asked, or unknown.
 */
static double measured_s(const struct fv_job *j)
{
	double rt = fv_job_runtime_s(j);

	return rt > 0 ? rt : j->wl.runtime_s;
}

/* "1 GiB", "512 MiB": a test file's size as CrystalDiskMark says it. */
static void cdm_size(char *buf, size_t len, uint64_t bytes)
{
	if (!bytes)
		snprintf(buf, len, "?");
	else if (!(bytes & ((1ULL << 30) - 1)))
		snprintf(buf, len, "%llu GiB",
			 (unsigned long long) bytes >> 30);
	else
		snprintf(buf, len, "%llu MiB",
			 (unsigned long long) bytes >> 20);
}

/* The measurement's settings in the tool's words: "-d30 after -W5". */
static void settings(char *buf, size_t len, const struct fv_job *j,
		     unsigned tool)
{
	const struct fv_workload *w = &j->wl;
	char size[32], gap[32] = "";

	if (tool == FV_TOOL_CDM) {
		cdm_size(size, sizeof(size), w->file_bytes);
		if (!isnan(w->interval_s))
			snprintf(gap, sizeof(gap), ", Interval %g sec",
				 w->interval_s);
		snprintf(buf, len, "Test: %s (x%d), Measure %g sec%s", size,
			 w->passes, w->runtime_s, gap);
	} else if (tool == FV_TOOL_DISKSPD && w->runtime_s > 0 &&
		   w->warmup_s > 0)
		snprintf(buf, len, "-d%g after -W%g", w->runtime_s,
			 w->warmup_s);
	else if (tool == FV_TOOL_DISKSPD && w->runtime_s > 0)
		snprintf(buf, len, "-d%g", w->runtime_s);
	else if (tool == FV_TOOL_DISKSPD)
		snprintf(buf, len, "DiskSpd's test time");
	else
		snprintf(buf, len, "fio's runtime");
}

/*
 * One rule for every tool: a figure measured over less than
 * --min-runtime (60 s) is of caches and bursts as much as of the disk.
 */
static void short_run(struct fv_vctx *vc, const struct fv_job *j, unsigned tool,
		      struct remarks *r)
{
	double t = measured_s(j);
	char how[96];

	if (!(t > 0) || t >= vc->o->min_runtime_s)
		return;
	settings(how, sizeof(how), j, tool);
	if (tool == FV_TOOL_CDM && j->wl.passes > 0)
		fv_vlist_add(&r->l,
			     "each figure the best of %d passes of %g s (%s), "
			     "under %.0f s: a short run measures caches and "
			     "bursts (a credit burst lasts up to 30 min)",
			     j->wl.passes, t, how, vc->o->min_runtime_s);
	else
		fv_vlist_add(&r->l,
			     "measured %.1f s (%s), under %.0f s: a short run "
			     "measures caches and bursts (a credit burst lasts "
			     "up to 30 min)",
			     t, how, vc->o->min_runtime_s);
	fv_vlist_add(&r->kinds, "runs shorter than %.0f s",
		     vc->o->min_runtime_s);
}

/*
 * No warm-up: fio's ramp_time, DiskSpd's -W. CrystalDiskMark always runs
 * an uncounted pass first (its warmup_s). Unknown (NAN) where the result
 * does not record it: fio's text output prints no ramp_time.
 */
static void no_warmup(const struct fv_job *j, unsigned tool, struct remarks *r)
{
	if (isnan(j->wl.warmup_s)) {
		r->no_ramp = tool == FV_TOOL_FIO;
		return;
	}
	if (j->wl.warmup_s > 0)
		return;
	fv_vlist_add(&r->l, "%s",
		     tool == FV_TOOL_FIO       ? "no ramp_time (no warm-up)"
		     : tool == FV_TOOL_DISKSPD ? "no warm-up (-W0)"
					       : "no warm-up");
	fv_vlist_add(&r->kinds, "%s",
		     tool == FV_TOOL_FIO ? "no ramp_time" : "no warm-up");
}

static const char *buffered_why(unsigned tool)
{
	return tool == FV_TOOL_FIO	 ? "buffered I/O (no direct=1)"
	       : tool == FV_TOOL_DISKSPD ? "buffered I/O (the OS cache on: no "
					   "-Su or -Sh)"
					 : "buffered I/O (the OS cache on)";
}

/* What the figures were not doubted for, in the tool's words. */
static const char *sound(unsigned tool)
{
	return tool == FV_TOOL_DISKSPD ? "caching off (-Su or -Sh), -W "
					 "warm-up, -d long enough"
	       : tool == FV_TOOL_CDM   ? "caching off (its DiskSpd's -S), "
					 "a warm-up pass, passes long enough"
				       : "direct I/O, ramp_time, long enough";
}

/* What a fio result that lists no options cannot tell, and why. */
static const char *unrecorded_why(const struct fv_job *j)
{
	if (j->format && !strcmp(j->format, "fio terse"))
		return "fio's terse output records no option";
	if (j->format && !strcmp(j->format, "fio text"))
		return "fio's text output shows rw, bs, ioengine and iodepth "
		       "only";
	return "the result does not list the job's options";
}

/*
 * The unknowns, for the evidence: "cannot tell: direct= and ramp_time
 * (fio's text output shows ...)". "" when none.
 */
static void cannot_tell(const struct fv_job *j, struct remarks *r, char *buf,
			size_t len)
{
	const char *opts = r->no_direct && r->no_ramp ? "direct= and ramp_time"
			   : r->no_direct	      ? "direct="
			   : r->no_ramp		      ? "ramp_time"
						      : NULL;

	if (opts)
		fv_vlist_add(&r->unknown, "%s (%s)", opts, unrecorded_why(j));
	buf[0] = '\0';
	if (r->unknown.n)
		snprintf(buf, len, "cannot tell: %.500s", r->unknown.buf);
}

int fv_vcheck_method(struct fv_vctx *vc, const struct fv_job *j)
{
	unsigned tool = fv_tool_of(j);
	/*
	 * The workload's, whatever tool wrote it (fio's direct, DiskSpd's
	 * -S); unknown where the result does not record it (fio's text and
	 * terse output), never fio's default then.
	 */
	bool buffered = j->wl.direct == 0 && !fv_vjob_own_path(j);
	double unfilled;
	struct remarks r = { .l.n = 0 };
	char unknown[600];
	int ret;

	if (buffered) {
		fv_vlist_add(&r.l, "%s", buffered_why(tool));
		fv_vlist_add(&r.kinds, "buffered I/O");
	} else {
		r.no_direct = j->wl.direct < 0 && tool == FV_TOOL_FIO &&
			      !fv_vjob_own_path(j);
	}
	no_warmup(j, tool, &r);
	short_run(vc, j, tool, &r);
	if (!isnan(unfilled = fv_vjob_queue_unfilled(j))) {
		fv_vlist_add(&r.l,
			     "iodepth=%d asked, but %.1f%% of submissions had "
			     "1 I/O in flight (fio's IO depths): a synchronous "
			     "ioengine caps the depth at 1",
			     fv_vjob_depth_asked(j), unfilled);
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
	cannot_tell(j, &r, unknown, sizeof(unknown));
	if (!r.l.n && unknown[0])
		return fv_vrow(vc, j->label, j->display, "methodology",
			       FV_V_CANNOT_TELL, unknown,
			       "the result does not record what these rules "
			       "need: no finding");
	if (!r.l.n)
		return fv_vrow(vc, j->label, j->display, "methodology",
			       FV_V_METHOD_OK, sound(tool),
			       "nothing in the method casts doubt on the "
			       "figures");
	if (unknown[0])
		fv_vlist_add(&r.l, "%s", unknown);
	ret = fv_vrow(vc, j->label, j->display, "methodology", FV_V_METHODOLOGY,
		      r.l.buf,
		      "the method makes these figures doubtful; fix it before "
		      "trusting them");
	return ret ? ret : fv_vrow_cause(vc, r.kinds.buf);
}
