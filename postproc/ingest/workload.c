/* SPDX-License-Identifier: MIT */
/*
 * A fio job's workload (set.h, struct fv_workload) from its options, with
 * fio's defaults for those not given (bs=4k, iodepth=1, numjobs=1,
 * buffered I/O) where the result lists every option set (JSON); where it
 * shows some only (fio's text: rw, bs, ioengine, iodepth), the others are
 * unknown. Without rw, the pattern and mix are left unknown.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ingest_int.h"
#include "util/util.h"

static long opt_long(const struct fv_job *j, const char *k, long dflt)
{
	const char *s = fv_job_opt(j, k);
	long v;

	return s && !fv_opt_int(s, &v) && v >= 0 ? v : dflt;
}

static double read_pct(const struct fv_job *j, const char *rw)
{
	const char *mr = fv_job_opt(j, "rwmixread");
	const char *mw = fv_job_opt(j, "rwmixwrite");
	long v;

	if (!strcmp(rw, "read") || !strcmp(rw, "randread"))
		return 100;
	if (strstr(rw, "rw") || strstr(rw, "readwrite")) {
		if (mr && !fv_opt_int(mr, &v) && v <= 100)
			return (double) v;
		if (mw && !fv_opt_int(mw, &v) && v <= 100)
			return (double) (100 - v);
		return 50;
	}
	return 0; /* write, randwrite, trim, randtrim, trimwrite */
}

int fv_workload_of_opts(struct fv_job *job)
{
	struct fv_workload *w = &job->wl;
	const char *rw = fv_job_opt(job, "rw");
	const char *bs = fv_job_opt(job, "bs");
	const char *t = fv_job_opt(job, "filename");
	const char *desc = fv_job_opt(job, "description");
	const char *b = fv_job_opt(job, "buffered");
	bool all = job->opts_recorded; /* else: not shown, not known */
	double rt;

	if (!rw)
		rw = fv_job_opt(job, "readwrite");
	if (!bs)
		bs = fv_job_opt(job, "blocksize");
	/*
	 * Without rw (old fio, group_reporting mixes, All clients) the mix
	 * is the I/O counts' (fv_job_main_dir), not fio's default.
	 */
	w->pattern = !rw		      ? FV_PAT_UNKNOWN
		     : strncmp(rw, "rand", 4) ? FV_PAT_SEQ
					      : FV_PAT_RAND;
	w->read_pct = rw ? read_pct(job, rw) : NAN;
	w->block = 4096;
	if (bs)
		fv_opt_size(bs, &w->block);
	w->depth = (int) opt_long(job, "iodepth", 1);
	w->threads = (int) opt_long(job, "numjobs", all ? 1 : 0);
	w->sync_every = (int) opt_long(job, "fsync", all ? 0 : -1);
	if (w->sync_every <= 0 && fv_job_opt(job, "fdatasync"))
		w->sync_every = (int) opt_long(job, "fdatasync", 0);
	w->direct = fv_opt_true(fv_job_opt(job, "direct")) ||
		    (b && !fv_opt_true(b));
	if (!all && !fv_job_opt(job, "direct") && !b)
		w->direct = -1;
	/* sync=1, sync, dsync; fio's default is none. */
	w->write_through = fv_opt_true(fv_job_opt(job, "sync"));
	if (!all && !fv_job_opt(job, "sync"))
		w->write_through = -1;
	w->runtime_s = all ? 0 : NAN;
	if (fv_job_opt(job, "runtime") &&
	    !fv_opt_seconds(fv_job_opt(job, "runtime"), &rt))
		w->runtime_s = rt;
	w->warmup_s = all ? 0 : NAN;
	if (fv_job_opt(job, "ramp_time") &&
	    !fv_opt_seconds(fv_job_opt(job, "ramp_time"), &rt))
		w->warmup_s = rt > 0 ? rt : 0;
	if (!t)
		t = fv_job_opt(job, "directory");
	fv_workload_free(w);
	w->target = t ? strdup(t) : NULL;
	w->test = desc && *desc ? strdup(desc) : NULL;
	return (t && !w->target) || (desc && *desc && !w->test) ? -ENOMEM : 0;
}
