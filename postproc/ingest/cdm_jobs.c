/* SPDX-License-Identifier: MIT */
/*
 * A CrystalDiskMark export into the model: one job per test line, its
 * workload from the test's name (CrystalDiskMark runs DiskSpd with -S, so
 * the cache is off: direct), MB/s, IOPS and the mean latency as printed,
 * each with its printed precision. The footer's Date is the jobs' time;
 * its Comment, when there is one, their label; its Test and Time the
 * workload's file, drive, passes, their time and the interval.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cdm.h"
#include "ingest_int.h"

static enum fv_dir dir_of(const struct fv_cdm_test *t)
{
	return t->dir == FV_CDM_READ	? FV_DIR_READ
	       : t->dir == FV_CDM_WRITE ? FV_DIR_WRITE
					: FV_DIR_MIXED;
}

/*
 * "2021/06/23 0:05:57" (hour not padded from 8.0). No zone is printed:
 * read as UTC, as DiskSpd's RunTime, so the time does not move with the
 * reader's TZ.
 */
static int64_t when(const struct fv_cdm *c)
{
	struct tm tm = { 0 };

	if (!strptime(c->date, "%Y/%m/%d %H:%M:%S", &tm))
		return 0;
	return (int64_t) timegm(&tm);
}

static int fill(struct fv_job *job, const struct fv_cdm *c,
		const struct fv_cdm_test *t, const char *name, const char *dir)
{
	struct fv_dirstats *ds = &job->dir[dir_of(t)];
	char version[80];

	ds->present = true;
	ds->bw_bytes = t->mbps * 1e6;
	ds->bw_res = 0.0005e6;
	ds->bw_decimal = true;
	/* IOPS: MB/s over the block size when 6.0 did not print it. */
	ds->iops = t->iops >= 0 ? t->iops : t->mbps * 1e6 / (double) t->block;
	ds->iops_res = t->iops >= 0 ? 0.05 : 0.0005e6 / (double) t->block;
	if (t->lat_us >= 0) {
		/* It times each request whole: fio's lat. */
		ds->lat[FV_LAT].present = true;
		ds->lat[FV_LAT].mean_ns = t->lat_us * 1e3;
		ds->lat[FV_LAT].moment_res_ns = 5;
	}
	job->wl.pattern = t->sequential ? FV_PAT_SEQ : FV_PAT_RAND;
	job->wl.read_pct = t->dir == FV_CDM_READ    ? 100
			   : t->dir == FV_CDM_WRITE ? 0
			   : c->mix_read_pct >= 0   ? c->mix_read_pct
						    : NAN;
	job->wl.block = t->block;
	job->wl.depth = t->queues;
	job->wl.threads = t->threads;
	job->wl.sync_every = 0;
	job->wl.direct = 1;
	job->wl.write_through = 0; /* DiskSpd -S, which is -Su */
	/* each pass is as long as the uncounted one before them (cdm.h) */
	job->wl.runtime_s = c->measure_s > 0 ? c->measure_s : NAN;
	job->wl.warmup_s = c->measure_s >= 0 ? c->measure_s : NAN;
	job->wl.passes = c->passes;
	job->wl.interval_s = c->interval_s >= 0 ? c->interval_s : NAN;
	job->wl.file_bytes = c->test_bytes;
	job->format = "CrystalDiskMark";
	job->timestamp = when(c);
	job->index = t->line;
	snprintf(version, sizeof(version), "CrystalDiskMark %s%s%s", c->version,
		 c->edition[0] ? " " : "", c->edition);
	if (!(job->name = strdup(t->name)) ||
	    !(job->display = strdup(t->name)) ||
	    !(job->wl.test = strdup(t->name)) ||
	    !(job->source = strdup(name)) ||
	    (c->drive[0] && !(job->wl.target = strdup(c->drive))) ||
	    (dir && !(job->source_dir = strdup(dir))) ||
	    !(job->fio_version = strdup(version)) ||
	    (c->comment[0] && !(job->source_label = strdup(c->comment))))
		return -ENOMEM;
	return 0;
}

int fv_cdm_read(struct fv_set *set, const char *name, const char *dir,
		const char *buf, size_t len, bool named)
{
	struct fv_cdm c;
	struct fv_error e = { 0 };
	int ret = fv_cdm_parse(buf, len, &c, &e);

	(void) named;
	if (ret == -EBADMSG)
		fv_diag_add(&set->diags, FV_ERROR, name, e.line, 1, "%s",
			    e.text);
	for (size_t i = 0; i < c.ntests && !ret; i++) {
		struct fv_job *job = fv_job_new();

		ret = job ? fill(job, &c, &c.tests[i], name, dir) : -ENOMEM;
		if (!ret)
			ret = fv_job_finish_add(set, job);
		if (ret)
			fv_job_free(job);
	}
	if (!ret)
		set->ninputs++;
	fv_cdm_free(&c);
	return ret;
}
