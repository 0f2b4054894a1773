/* SPDX-License-Identifier: MIT */
/*
 * fio's normal text output against fio's JSON of the same runs
 * (fio_text_gen.sh: --output-format=json+,normal, the text behind seed
 * 000's header, with a BOM and CRLF): every figure the text holds equals
 * the JSON's within the precision the reader says the text was printed
 * to. The runs of the installed fio ($FV_GEN/text) and those other fio
 * versions made (fixtures/fio_text/fio-*); hand-made variants of the
 * format and of its faults.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "ingest/ingest.h"
#include "util/util.h"

#define GEN(rel) fvt_path("FV_GEN", "build/tests/postproc/gen", rel)
#define FIX(rel) fvt_path("FV_FIXTURES", "tests/postproc/fixtures", rel)

static const struct fv_pctlist seed_list = { 4, { 50, 95, 99, 99.9 } };

static void near(double json, double text, double tol, const char *what,
		 const char *file, const char *job)
{
	fvt_near(json, text, tol, "text", what, file, job);
}

static void check_lat(const struct fv_lat *j, const struct fv_lat *t,
		      const char *what, const char *file, const char *job)
{
	char w[64];

	if (!t->present)
		return; /* fio prints no line for an empty distribution */
	assert_true(j->present);
	fvt_lat_fields(near, near, j, t, what, file, job);
	for (uint32_t i = 0; i < t->nreported; i++) {
		const struct fv_reported_pct *r =
			fv_lat_reported(j, t->reported[i].p);

		assert_non_null(r);
		assert_true(t->pct_res_ns > 0);
		/* Rounded up to the unit: JSON in (text - res, text]. */
		snprintf(w, sizeof(w), "%s p%g", what, t->reported[i].p);
		near(r->ns, t->reported[i].ns - t->pct_res_ns / 2,
		     t->pct_res_ns / 2, w, file, job);
	}
}

/* A rate's samples: fio prints their line only when it took some. */
static void check_samples(const struct fv_rate_samples *j,
			  const struct fv_rate_samples *t, const char *what,
			  const char *file, const char *job)
{
	assert_int_equal(t->present, j->present && j->n > 0);
	if (!t->present)
		return;
	assert_int_equal(j->n, t->n);
	fvt_samples_fields(near, j, t, "per", what, file, job);
}

/* The latency buckets: every one, those the text left out at 0. */
static void check_buckets(const struct fv_lat_buckets *j,
			  const struct fv_lat_buckets *t, const char *file,
			  const char *job)
{
	char w[64];

	assert_int_equal(t->present, j->present);
	assert_true(!t->present || t->res == 0.005);
	for (int i = 0; t->present && i < FV_LAT_BUCKETS; i++) {
		snprintf(w, sizeof(w), "latency bucket %g ns",
			 fv_lat_bucket_ns[i]);
		near(j->pct[i], t->pct[i], t->res, w, file, job);
	}
}

static void check_dir(const struct fv_dirstats *j, const struct fv_dirstats *t,
		      int d, const char *file, const char *job)
{
	static const char *const kinds[] = { "slat", "clat", "lat" };
	char w[64];

	if (!j->total_ios && !t->present)
		return;
	assert_true(t->present);
	assert_int_equal(j->total_ios, t->total_ios);
	fvt_figures++;
	if (d == FV_DIR_SYNC) {
		check_lat(&j->lat[FV_LAT], &t->lat[FV_LAT], "sync lat", file,
			  job);
		return;
	}
	assert_int_equal(j->runtime_ms, t->runtime_ms);
	assert_int_equal(j->short_ios, t->short_ios);
	assert_int_equal(j->drop_ios, t->drop_ios);
	snprintf(w, sizeof(w), "%s iops", fv_dir_name(d));
	near(j->iops, t->iops, t->iops_res, w, file, job);
	snprintf(w, sizeof(w), "%s bw", fv_dir_name(d));
	near(j->bw_bytes, t->bw_bytes, t->bw_res, w, file, job);
	snprintf(w, sizeof(w), "%s io_bytes", fv_dir_name(d));
	near((double) j->io_bytes, (double) t->io_bytes, t->io_bytes_res, w,
	     file, job);
	snprintf(w, sizeof(w), "%s bw samples", fv_dir_name(d));
	check_samples(&j->bw_samples, &t->bw_samples, w, file, job);
	snprintf(w, sizeof(w), "%s iops samples", fv_dir_name(d));
	check_samples(&j->iops_samples, &t->iops_samples, w, file, job);
	for (int k = 0; k < FV_LAT_NR; k++) {
		snprintf(w, sizeof(w), "%s %s", fv_dir_name(d), kinds[k]);
		check_lat(&j->lat[k], &t->lat[k], w, file, job);
	}
}

/* One run: its JSON and its text, job by job, figure by figure. */
static void check_pair(const char *json, const char *text)
{
	struct fv_set sj, st;

	fvt_load_pair(&sj, json, &st, text, &seed_list);
	for (size_t i = 0; i < sj.njobs; i++) {
		const struct fv_job *j = sj.jobs[i],
				    *t = fvt_job(&st, NULL, j->display);

		assert_non_null(t);
		assert_string_equal(t->format, "fio text");
		assert_string_equal(j->format, "fio JSON");
		assert_string_equal(t->fio_version, j->fio_version);
		/* The label from the header's "VM:" line. */
		assert_string_equal(t->label_rule, "input header");
		assert_int_equal(t->kind, j->kind);
		assert_int_equal(t->role, j->role);
		assert_int_equal(t->role_dir, j->role_dir);
		assert_int_equal(t->groupid, j->groupid);
		assert_int_equal(t->error, j->error);
		assert_int_equal(t->ninterim, j->ninterim);
		if (llabs(t->timestamp - j->timestamp) > 2)
			fail_msg("%s, job %s: time %lld in the text, %lld in "
				 "the JSON",
				 text, j->display, (long long) t->timestamp,
				 (long long) j->timestamp);
		if (!isnan(j->usr_cpu) && t->kind != FV_JOB_CLONE_SUM) {
			near(j->usr_cpu, t->usr_cpu, 0.005, "usr_cpu", text,
			     j->display);
			near(j->sys_cpu, t->sys_cpu, 0.005, "sys_cpu", text,
			     j->display);
			near(j->cpu_busiest, t->cpu_busiest, 0.01,
			     "cpu_busiest", text, j->display);
			near((double) j->ctx, (double) t->ctx, 0, "ctx", text,
			     j->display);
			assert_int_equal(j->cpu_whole_seconds,
					 t->cpu_whole_seconds);
		}
		/* IO depths: 1 decimal each, scaled to sum to 100 */
		assert_int_equal(isnan(t->depth_pct[0]),
				 isnan(j->depth_pct[0]));
		for (int k = 0; !isnan(j->depth_pct[0]) && k < FV_DEPTH_LEVELS;
		     k++)
			near(j->depth_pct[k], t->depth_pct[k], 0.1, "IO depths",
			     text, j->display);
		check_buckets(&j->lat_buckets, &t->lat_buckets, text,
			      j->display);
		if (t->kind == FV_JOB_CLONE_SUM)
			continue; /* its percentiles come from no bins */
		for (int d = 0; d < FV_DIR_NR; d++)
			check_dir(&j->dir[d], &t->dir[d], d, text, j->display);
		assert_int_equal(t->run_io.known, j->run_io.known);
		if (j->run_io.known) {
			assert_int_equal(t->run_io.dev_ios[0],
					 j->run_io.dev_ios[0]);
			assert_int_equal(t->run_io.dev_ios[1],
					 j->run_io.dev_ios[1]);
		}
	}
	fv_set_free(&sj);
	fv_set_free(&st);
}

/* Every NAME.txt with its NAME.json in dir; how many pairs. */
static size_t check_dir_pairs(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char text[4096], json[4096];

		if (len < 5 || strcmp(e->d_name + len - 4, ".txt"))
			continue;
		snprintf(text, sizeof(text), "%s/%s", dir, e->d_name);
		snprintf(json, sizeof(json), "%s/%.*s.json", dir,
			 (int) (len - 4), e->d_name);
		check_pair(json, text);
		n++;
	}
	closedir(d);
	return n;
}

static void installed_fio(void **state)
{
	char dir[4096];
	size_t n;

	(void) state;
	snprintf(dir, sizeof(dir), "%s", GEN("text"));
	fvt_figures = 0;
	n = check_dir_pairs(dir);
	printf("fio text vs JSON, installed fio: %zu runs, %zu figures\n", n,
	       fvt_figures);
	assert_true(n >= 7);
}

/* Runs of other fio versions, kept as fio made them. */
static void other_fio_versions(void **state)
{
	static const char *const versions[] = { "fio-3.28", "fio-3.39",
						"fio-3.42" };

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(versions); i++) {
		char rel[64], dir[4096];
		size_t n;

		snprintf(rel, sizeof(rel), "fio_text/%s", versions[i]);
		snprintf(dir, sizeof(dir), "%s", FIX(rel));
		fvt_figures = 0;
		n = check_dir_pairs(dir);
		printf("fio text vs JSON, %s: %zu runs, %zu figures\n",
		       versions[i], n, fvt_figures);
		assert_true(n >= 7);
	}
}

static int load_inline(struct fv_set *set, const char *text)
{
	fv_set_init(set, &seed_list);
	return fv_ingest_buffer(set, "inline.txt", ".", text, strlen(text),
				true);
}

/* The one job of text, read into set. */
static const struct fv_job *one_job(struct fv_set *set, const char *text)
{
	assert_int_equal(load_inline(set, text), 0);
	return fvt_only_job(set);
}

/* fio 2.x: "read : io=...", µs everywhere, "issued : total=r=/w=/d=". */
static void fio2_format(void **state)
{
	static const char text[] =
		"rr: (g=0): rw=randread, bs=4K-4K/4K-4K/4K-4K, "
		"ioengine=libaio, iodepth=32\n"
		"fio-2.2.10\n"
		"Starting 1 process\n\n"
		"rr: (groupid=0, jobs=1): err= 0: pid=1: Mon Jan  4 10:00:00 "
		"2016\n"
		"  read : io=409600KB, bw=40960KB/s, iops=10240, runt= "
		"10000msec\n"
		"    slat (usec): min=1, max=20, avg= 2.50, stdev= 0.50\n"
		"    clat (msec): min=1, max=12, avg= 3.10, stdev= 1.20\n"
		"     lat (msec): min=1, max=12, avg= 3.11, stdev= 1.20\n"
		"    clat percentiles (msec):\n"
		"     |  1.00th=[    2],  5.00th=[    2], 10.00th=[    2],\n"
		"     | 99.00th=[    9], 99.90th=[   12]\n"
		"    bw (KB  /s): min=38000, max=42000, per=100.00%, "
		"avg=40960.00, stdev=500.00\n"
		"    lat (msec) : 2=10.00%, 4=80.00%, 10=9.00%, 20=1.00%\n"
		"  cpu          : usr=1.00%, sys=5.00%, ctx=100, majf=0, "
		"minf=40\n"
		"  IO depths    : 1=0.1%, 2=0.1%, 4=0.1%, 8=0.1%, 16=0.1%, "
		"32=99.9%, >=64=0.0%\n"
		"     issued    : total=r=102400/w=0/d=0, short=r=0/w=0/d=0, "
		"drop=r=0/w=0/d=0\n"
		"     latency   : target=0, window=0, percentile=100.00%, "
		"depth=32\n\n"
		"Run status group 0 (all jobs):\n"
		"   READ: io=409600KB, aggrb=40960KB/s, minb=40960KB/s, "
		"maxb=40960KB/s, mint=10000msec, maxt=10000msec\n";
	const struct fv_rate_samples *rs;
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	j = one_job(&set, text);
	assert_string_equal(j->fio_version, "fio-2.2.10");
	assert_string_equal(fv_job_opt(j, "rw"), "randread");
	assert_string_equal(fv_job_opt(j, "bs"), "4K");
	assert_string_equal(fv_job_opt(j, "iodepth"), "32");
	assert_int_equal(j->dir[FV_DIR_READ].total_ios, 102400);
	assert_int_equal(j->dir[FV_DIR_READ].io_bytes, 409600 * 1024);
	assert_true(fabs(j->dir[FV_DIR_READ].iops - 10240) < 1e-9);
	assert_true(fabs(j->dir[FV_DIR_READ].lat[FV_CLAT].mean_ns - 3.1e6) <
		    1e-3);
	assert_true(j->dir[FV_DIR_READ].lat[FV_CLAT].pct_res_ns == 1e6);
	assert_true(
		fv_lat_reported(&j->dir[FV_DIR_READ].lat[FV_CLAT], 99)->ns ==
		9e6);
	/* fio 2 counted no samples and printed no IOPS samples. */
	rs = &j->dir[FV_DIR_READ].bw_samples;
	assert_true(rs->present && rs->n == 0);
	assert_true(rs->min == 38000 * 1024. && rs->max == 42000 * 1024.);
	assert_true(rs->mean == 40960 * 1024. && rs->sd == 500 * 1024.);
	assert_false(j->dir[FV_DIR_READ].iops_samples.present);
	/* The buckets printed, at their bounds; the rest 0. */
	assert_true(j->lat_buckets.present);
	for (int i = 0; i < FV_LAT_BUCKETS; i++)
		assert_true(j->lat_buckets.pct[i] ==
			    (fv_lat_bucket_ns[i] == 2e6	   ? 10
			     : fv_lat_bucket_ns[i] == 4e6  ? 80
			     : fv_lat_bucket_ns[i] == 10e6 ? 9
			     : fv_lat_bucket_ns[i] == 20e6 ? 1
							   : 0));
	/* 50 was not printed: not made up. */
	assert_int_equal(j->dir[FV_DIR_READ].lat[FV_CLAT].pct[0].src,
			 FV_PCT_NONE);
	assert_int_equal(j->dir[FV_DIR_READ].lat[FV_CLAT].pct[2].src,
			 FV_PCT_FIO);
	fv_set_free(&set);
}

/*
 * fio on Windows: its getrusage counts no context switch and no page
 * fault, and user and kernel time in whole seconds. The text (windowsaio,
 * made in fio 3.27's layout) and fio's JSON of a Windows run
 * (VirtualClient's, a fixture) both say so; a Linux run does not.
 */
static void windows_cpu(void **state)
{
	static const char text[] =
		"rr: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, "
		"(T) 4096B-4096B, ioengine=windowsaio, iodepth=16\n"
		"fio-3.27\n"
		"Starting 1 thread\n\n"
		"rr: (groupid=0, jobs=1): err= 0: pid=2072: Sat Oct 30 "
		"02:40:25 2021\n"
		"  read: IOPS=3984, BW=15.6MiB/s (16.3MB/s)(16.0MiB/1028msec)\n"
		"    clat (usec): min=11, max=73724, avg=3991.21, "
		"stdev=5224.92\n"
		"  cpu          : usr=0.00%, sys=0.00%, ctx=0, majf=0, minf=0\n"
		"  IO depths    : 1=0.1%, 2=0.1%, 4=0.1%, 8=0.1%, 16=99.9%, "
		"32=0.0%, >=64=0.0%\n"
		"     issued rwts: total=4096,0,0,0 short=0,0,0,0 "
		"dropped=0,0,0,0\n\n"
		"Run status group 0 (all jobs):\n"
		"   READ: bw=15.6MiB/s (16.3MB/s), 15.6MiB/s-15.6MiB/s "
		"(16.3MB/s-16.3MB/s), io=16.0MiB (16.8MB), run=1028-1028msec\n";
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	j = one_job(&set, text);
	assert_true(j->usr_cpu == 0 && j->sys_cpu == 0 && j->ctx == 0);
	assert_true(j->cpu_whole_seconds);
	assert_true(fv_job_runtime_s(j) == 1.028);
	assert_true(fabs(fv_job_cpu_slack(j) - 2 * 100 * 1000.0 / 1028) < 1e-9);
	fv_set_free(&set);

	/* "ctx": 0, "majf": 0, "minf": 0; write "runtime": 120958 (ms) */
	fvt_load_fixture(&set, "copies/FIOExample.txt");
	assert_int_equal(set.njobs, 1);
	assert_true(set.jobs[0]->cpu_whole_seconds);
	assert_true(fabs(fv_job_cpu_slack(set.jobs[0]) -
			 2 * 100 * 1000.0 / 120958) < 1e-9);
	fv_set_free(&set);

	/*
	 * xnvme's tutorial run on Linux (io_uring_cmd, 14 ms) counted no
	 * switch or fault either, but "usr=53.85%, sys=23.08%" of 14 ms is
	 * no whole second: fio's fine count.
	 */
	{
		char path[PATH_MAX];
		const char *paths[1] = { path };

		snprintf(path, sizeof(path), "%s/%s",
			 fvt_env("FV_CORPUS", "tests/acceptance/corpus"),
			 "fio-text/xnvme-xnvme/docs/tutorial/fdp/"
			 "001_xnvme_fdp_fio.out");
		fvt_load(&set, paths, 1, NULL);
		j = fvt_only_job(&set);
		assert_true(j->ctx == 0 && fabs(j->usr_cpu - 53.85) < 1e-9);
		assert_false(j->cpu_whole_seconds);
		fv_set_free(&set);
	}

	/* summary says so under its table; not of a Linux run (plan/) */
	for (int i = 0; i < 2; i++) {
		const char *in =
			fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				 i ? "plan" : "copies/FIOExample.txt");
		char *out, *err;

		assert_int_equal(fvt_run(&out, &err, "summary", in, NULL), 0);
		if (i)
			fvt_lacks(out, "fio counted whole seconds of CPU");
		else
			fvt_has(out, "fio counted whole seconds of CPU");
		free(out);
		free(err);
	}
}

/*
 * fio 2.0: its version without "fio-", spaces before commas ("min=101 ,"),
 * a rate in bare bytes with a space ("292318 B/s"), "bw (KB/s)  :", no
 * heading date, no samples count.
 */
static void fio20_format(void **state)
{
	static const char text[] =
		"mixed: (g=0): rw=randrw, bs=4K-4K/4K-4K, ioengine=sync, "
		"iodepth=1\n"
		"2.0.8\n"
		"Starting 1 process\n\n"
		"mixed: (groupid=0, jobs=1): err= 0: pid=4283\n"
		"  read : io=16000KB, bw=273066 B/s, iops=66 , runt= "
		"60001msec\n"
		"    clat (usec): min=101 , max=18006K, avg=396.14, "
		"stdev=1190.18\n"
		"     lat (usec): min=102 , max=18006K, avg=397.87, "
		"stdev=1190.19\n"
		"    clat percentiles (usec):\n"
		"     | 50.00th=[  177], 99.00th=[ 6112]\n"
		"    bw (KB/s)  : min=  200, max=  300, per=100.00%, "
		"avg=266.50, stdev=20.25\n"
		"    lat (usec) : 250=75.37%, 500=24.63%\n"
		"  cpu          : usr=1.23%, sys=4.09%, ctx=149956, majf=0, "
		"minf=24\n"
		"  IO depths    : 1=100.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, "
		"32=0.0%, >=64=0.0%\n"
		"     issued    : total=r=4000/w=0/d=0, short=r=0/w=0/d=0\n\n"
		"Run status group 0 (all jobs):\n"
		"   READ: io=16000KB, aggrb=266KB/s, minb=266KB/s, "
		"maxb=266KB/s, mint=60001msec, maxt=60001msec\n";
	const struct fv_dirstats *r;
	struct fv_set set;

	(void) state;
	assert_int_equal(load_inline(&set, text), 0);
	assert_int_equal(set.diags.nerrors, 0);
	assert_int_equal(set.njobs, 1);
	assert_string_equal(set.jobs[0]->fio_version, "fio-2.0.8");
	r = &set.jobs[0]->dir[FV_DIR_READ];
	assert_int_equal(r->total_ios, 4000);
	assert_true(fabs(r->iops - 4000 / 60.001) < 1e-9);
	assert_true(fabs(r->bw_bytes - 273066) <= r->bw_res);
	assert_true(r->lat[FV_CLAT].min_ns == 101e3);
	assert_true(r->lat[FV_CLAT].max_ns == 18006e6);
	assert_true(r->bw_samples.present && r->bw_samples.n == 0);
	assert_true(r->bw_samples.mean == 266.5 * 1024);
	assert_true(fv_lat_bucket_ns[16] == 250e3 &&
		    set.jobs[0]->lat_buckets.pct[16] == 75.37);
	assert_true(fv_lat_bucket_ns[17] == 500e3 &&
		    set.jobs[0]->lat_buckets.pct[17] == 24.63);
	fv_set_free(&set);
}

/*
 * A file cut mid-job (named, what it held said), a line of a known kind
 * cut short: none of it used, no figure made up from it.
 */
static void refused(void **state)
{
	static const struct {
		const char *name, *text, *says;
	} cases[] = {
		{ "cut mid-job",
		  "VM: az-d4s\r\nTestType: peak\r\n----\r\n"
		  "rr: (groupid=0, jobs=1): err= 0: pid=1: Mon Jan  4 10:00:00 "
		  "2021\r\n"
		  "  read: IOPS=10.2k, BW=40.0MiB/s "
		  "(41.9MB/s)(400MiB/10001msec)"
		  "\r\n"
		  "    clat (usec): min=100, max=1200, avg=310.00, "
		  "stdev=12.00\r\n"
		  "    clat percentiles (usec):\r\n"
		  "     | 50.00th=[  302], 95.00th=[  330],\r\n",
		  "job 'rr' is cut before" },
		{ "garbled line",
		  "rr: (groupid=0, jobs=1): err= 0: pid=1: Mon Jan  4 10:00:00 "
		  "2021\n"
		  "  read: IOPS=10.2k, BW=40.0Mi\n"
		  "     issued rwts: total=102400,0,0,0 short=0,0,0,0 "
		  "dropped=0,0,0,0\n",
		  "direction's line does" },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		struct fv_set set;
		int ret = load_inline(&set, cases[i].text);

		if (ret != -EBADMSG)
			fail_msg("%s: %d, wanted -EBADMSG", cases[i].name, ret);
		/* its message names the case */
		fvt_check_refused(&set, cases[i].says, 0);
		fv_set_free(&set);
	}
}

/* UTF-16LE with a BOM, as PowerShell's '>' writes it. */
static void utf16_text(void **state)
{
	static const char text[] =
		"\xef\xbb\xbfVM: win-vm\r\n"
		"rr: (groupid=0, jobs=1): err= 0: pid=1: Mon Jan  4 10:00:00 "
		"2021\r\n"
		"  write: IOPS=1234, BW=4936KiB/s (5054kB/s)(48.2MiB/10001msec)"
		"\r\n"
		"    clat (msec): min=1, max=5000, avg= 0.81, stdev= 2.00\r\n"
		"     issued rwts: total=0,12341,0,0 short=0,0,0,0 "
		"dropped=0,0,0,0\r\n";
	size_t n = strlen(text) - 3, len = 2 + 2 * n;
	char *u = calloc(1, len + 2);
	struct fv_set set;
	const struct fv_dirstats *w;

	(void) state;
	u[0] = (char) 0xff;
	u[1] = (char) 0xfe;
	for (size_t i = 0; i < n; i++)
		u[2 + 2 * i] = text[3 + i];
	fv_set_init(&set, &seed_list);
	assert_int_equal(fv_ingest_buffer(&set, "u16.txt", ".", u, len, true),
			 0);
	assert_int_equal(set.njobs, 1);
	assert_string_equal(set.jobs[0]->source_label, "win-vm");
	w = &set.jobs[0]->dir[FV_DIR_WRITE];
	assert_int_equal(w->total_ios, 12341);
	assert_true(fabs(w->bw_bytes - 4936 * 1024) < 1e-6);
	assert_true(fabs(w->bw_res - (512 + 1.024)) < 1e-9);
	assert_true(fabs(w->io_bytes - 48.2 * 1048576) < 1);
	assert_true(w->lat[FV_CLAT].max_ns == 5e9);
	assert_true(w->lat[FV_CLAT].minmax_res_ns == 1e6);
	fv_set_free(&set);
	free(u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(installed_fio),
		cmocka_unit_test(other_fio_versions),
		cmocka_unit_test(fio2_format),
		cmocka_unit_test(windows_cpu),
		cmocka_unit_test(fio20_format),
		cmocka_unit_test(refused),
		cmocka_unit_test(utf16_text),
	};

	return cmocka_run_group_tests_name("fio_text", tests, NULL, NULL);
}
