/* SPDX-License-Identifier: MIT */
/*
 * The traps real disks set for the verdicts, on hand-made jobs whose
 * right answer is known: io_uring's inline completions (clat near 0 on a
 * real disk), I/O that never reached the device (page cache, never-written
 * regions, tmpfs), a burst that runs dry inside a QD sweep (a fall, then a
 * plateau at the baseline), a deep fall in a noisy series, a steady-state
 * range inside the noise, a percentile at the end of fio's histogram,
 * engines that move no data, and the regression gate against noise.
 * tests/truth/ holds the same cases as real fio runs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "verdict/series_stats.h"
#include "vharness.h"

/* The job's figures moved to its read direction. */
static struct fv_job *mkread(struct fv_set *set, const char *name, int depth,
			     double iops, double lat_ns)
{
	struct fv_job *j = mkjob(set, name, depth, iops, lat_ns);

	j->dir[FV_DIR_READ] = j->dir[FV_DIR_WRITE];
	memset(&j->dir[FV_DIR_WRITE], 0, sizeof(j->dir[FV_DIR_WRITE]));
	j->dir[FV_DIR_READ].total_ios = 100000;
	return j;
}

static void opts(struct fv_job *j, const struct fv_opt *o, size_t n)
{
	h_opts(j, o, n);
}

/* fio's disk_util: the devices served dev of the job's ios reads. */
static void disk_util(struct fv_job *j, uint64_t dev, uint64_t ios)
{
	j->run_io.known = true;
	j->run_io.dev_ios[0] = dev;
	j->run_io.job_ios[0] = ios;
	j->run_io.targets = 1;
	snprintf(j->run_io.devices, sizeof(j->run_io.devices), "vda");
}

/* Column col of the row of j's check ("" when there is no such row). */
static const char *column_of(struct harness *h, const struct fv_job *j,
			     const char *check, const char *col)
{
	for (size_t r = 0; r < h->vc.t->nrows; r++)
		if (!strcmp(fv_table_str(h->vc.t, r, "job"), j->display) &&
		    !strcmp(fv_table_str(h->vc.t, r, "check"), check))
			return fv_table_str(h->vc.t, r, col);
	return "";
}

static const char *verdict_of(struct harness *h, const struct fv_job *j,
			      const char *check)
{
	return column_of(h, j, check, "verdict");
}

static const char *cause_of(struct harness *h, const struct fv_job *j,
			    const char *check)
{
	return column_of(h, j, check, "cause");
}

/* A job whose IOPS log is v (n windows of 100 ms). */
static struct fv_job *logged(struct harness *h, const char *name, int depth,
			     double iops, const double *v, size_t n)
{
	struct fv_job *j = mkjob(&h->set, name, depth, iops, 1e6);

	series(h, j, v, n);
	return j;
}

/*
 * A throttled real disk: clat min 0.12 µs (completed inside
 * io_uring_enter), total latency 499 µs, the device served every I/O:
 * no cache. The same job without fio's lat: cannot tell.
 */
static void test_cache_inline_completion(void **state)
{
	static const struct fv_opt direct[] = { { "direct", "1" } };
	struct harness h;
	struct fv_job *real, *clat_only;

	(void) state;
	h_init(&h);
	real = mkread(&h.set, "throttled", 1, 2000, 499e3);
	real->dir[FV_DIR_READ].lat[FV_CLAT].min_ns = 120;
	disk_util(real, 100000, 100000);
	opts(real, direct, 1);
	clat_only = mkread(&h.set, "clat_only", 1, 2000, 499e3);
	clat_only->dir[FV_DIR_READ].lat[FV_CLAT].min_ns = 120;
	clat_only->dir[FV_DIR_READ].lat[FV_CLAT].max_ns = 2e6;
	clat_only->dir[FV_DIR_READ].lat[FV_LAT].present = false;
	opts(clat_only, direct, 1);
	assert_int_equal(fv_vcheck_cache(&h.vc, real), 0);
	assert_int_equal(fv_vcheck_cache(&h.vc, clat_only), 0);
	assert_string_equal(verdict_of(&h, real, "cache"), "no-cache-sign");
	fvt_has(cell(&h, 0, VC_EVIDENCE), "reached vda");
	assert_string_equal(verdict_of(&h, clat_only, "cache"),
			    "cache-unverified");
	fvt_has(cell(&h, 1, VC_SENTENCE), "inline");
	h_free(&h);
}

/*
 * Figures a medium did not make, each with its cause: buffered reads the
 * page cache served, O_DIRECT reads of a sparse file (the device saw 3 of
 * 100,000), tmpfs by its path, tmpfs by the engine's stats file.
 */
static void test_cache_causes(void **state)
{
	static const struct fv_opt buffered[] = { { "direct", "0" } },
				   direct[] = { { "direct", "1" } },
				   shm[] = { { "direct", "1" },
					     { "filename", "/dev/shm/x" } };
	struct harness h;
	struct fv_job *cached, *sparse, *tmpfs, *stats, *few;
	struct fv_durability *d = calloc(1, sizeof(*d));

	(void) state;
	h_init(&h);
	cached = mkread(&h.set, "cached", 1, 300000, 3e3);
	opts(cached, buffered, 1);
	sparse = mkread(&h.set, "sparse", 1, 60000, 16e3);
	disk_util(sparse, 3, 100000);
	opts(sparse, direct, 1);
	tmpfs = mkread(&h.set, "tmpfs", 1, 300000, 3e3);
	opts(tmpfs, shm, 2);
	stats = mkread(&h.set, "stats", 1, 300000, 3e3);
	opts(stats, direct, 1);
	d->fs_type = strdup("tmpfs");
	d->no_block_device = true;
	assert_int_equal(fv_set_add_durability(&h.set, d), 0);
	stats->dur = calloc(1, sizeof(*stats->dur));
	stats->dur[0] = d;
	stats->ndur = 1;
	/* Fewer than 1000 I/Os: too few to read a share from. */
	few = mkread(&h.set, "few", 1, 60000, 16e3);
	disk_util(few, 3, 900);
	few->run_io.job_ios[0] = 900;
	opts(few, direct, 1);
	for (size_t i = 0; i < h.set.njobs; i++)
		assert_int_equal(fv_vcheck_cache(&h.vc, h.set.jobs[i]), 0);
	assert_string_equal(verdict_of(&h, cached, "cache"), "cache-suspect");
	fvt_has(cause_of(&h, cached, "cache"), "page cache");
	assert_string_equal(verdict_of(&h, sparse, "cache"), "cache-suspect");
	fvt_has(cause_of(&h, sparse, "cache"), "never-written");
	assert_string_equal(verdict_of(&h, tmpfs, "cache"), "cache-suspect");
	fvt_has(cause_of(&h, tmpfs, "cache"), "memory file");
	assert_string_equal(verdict_of(&h, stats, "cache"), "cache-suspect");
	fvt_has(cause_of(&h, stats, "cache"), "memory file");
	assert_string_equal(verdict_of(&h, few, "cache"), "no-cache-sign");
	h_free(&h);
}

/* A depth d job of the sweep, its queue full (lat = d / IOPS). */
static struct fv_job *point(struct harness *h, int qd, double iops)
{
	static const struct fv_opt rr[] = { { "rw", "randread" },
					    { "bs", "4k" } };
	char name[32];
	struct fv_job *j;

	snprintf(name, sizeof(name), "qd%d", qd);
	j = mkread(&h->set, name, qd, iops, qd / iops * 1e9);
	opts(j, rr, 2);
	j->source = strdup("run.json");
	j->index = (int) h->set.njobs;
	return j;
}

/*
 * The sweep: 14k and 25k IOPS at QD 1-2, 3.9k at QD 4, 2.0k from
 * QD 8 on (a throttle came during QD 4). A fall as the depth rose (a burst
 * that ran dry), a plateau at 2.0k from QD 8, and the steady job that ran
 * after it measured the baseline. Never "capped at 6.2k".
 */
static void test_sweep_burst_runs_dry(void **state)
{
	static const double iops[] = { 14000, 25000, 3900, 2000, 2010, 1995 };
	struct harness h;
	struct fv_job *steady;

	(void) state;
	h_init(&h);
	for (int i = 0; i < 6; i++)
		point(&h, 1 << i, iops[i]);
	steady = mkjob(&h.set, "steady", 32, 2000, 16e6);
	steady->role = FV_ROLE_STEADY;
	steady->source = strdup("run.json");
	steady->index = 6;
	assert_int_equal(fv_vcheck_cap(&h.vc), 0);
	assert_int_equal(h.vc.t->nrows, 3);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "burst-collapse");
	fvt_has(cell(&h, 0, VC_SENTENCE), "at QD 2", "at QD 4");
	assert_true(fig(&h, 0, VC_KNEE) == 4);
	assert_string_equal(cell(&h, 1, VC_VERDICT), "capped");
	fvt_has(cell(&h, 1, VC_SENTENCE), "≈ 2.0k IOPS", "from QD 8");
	assert_true(fabs(fig(&h, 1, VC_LEVEL) - 2001.67) < 0.01);
	assert_string_equal(verdict_of(&h, steady, "burst"), "burst-spent");
	h_free(&h);
}

/*
 * A fall with no plateau after it (two points): burst-collapse, and not
 * capped. A synchronous engine (iodepth ignored: latency flat, one I/O in
 * flight) whose IOPS drop 17% with the CPU: no fall, no cap.
 */
static void test_sweep_fall_without_plateau(void **state)
{
	static const double dry[] = { 8000, 16000, 2000, 2000 };
	static const double psync[] = { 278e3, 292e3, 250e3, 242e3 };
	struct harness h;

	(void) state;
	h_init(&h);
	for (int i = 0; i < 4; i++)
		point(&h, 1 << i, dry[i]);
	assert_int_equal(fv_vcheck_cap(&h.vc), 0);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "burst-collapse");
	assert_string_equal(cell(&h, 1, VC_VERDICT), "not-capped");
	h_free(&h);

	h_init(&h);
	for (int i = 0; i < 4; i++)
		point(&h, 1 << i, psync[i])
			->dir[FV_DIR_READ]
			.lat[FV_LAT]
			.mean_ns = 1e9 / psync[i];
	assert_int_equal(fv_vcheck_cap(&h.vc), 0);
	assert_int_equal(h.vc.t->nrows, 1);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "not-capped");
	h_free(&h);
}

/* check on a, then on b (a row each, in that order): their verdicts. */
static void judge_two(struct harness *h,
		      int (*check)(struct fv_vctx *, const struct fv_job *),
		      const struct fv_job *a, const struct fv_job *b,
		      const char *verdict_a, const char *evidence_a,
		      const char *verdict_b)
{
	assert_int_equal(check(&h->vc, a), 0);
	assert_int_equal(check(&h->vc, b), 0);
	assert_string_equal(cell(h, 0, VC_VERDICT), verdict_a);
	fvt_has(cell(h, 0, VC_EVIDENCE), evidence_a);
	assert_string_equal(cell(h, 1, VC_VERDICT), verdict_b);
}

/*
 * The QD 4 job of the issue: 7.1k IOPS, then 2.0k, in a series so noisy
 * that two levels explain less than half of its variance (43%). A fall to
 * 28%, 12 standard errors deep, is a collapse whatever the fit says; the
 * same noise around one level is not.
 */
static void test_deep_fall_poor_fit(void **state)
{
	double fall[200], flat[200];
	struct harness h;
	struct fv_job *a, *b;
	struct fv_step st;

	(void) state;
	h_init(&h);
	for (int i = 0; i < 200; i++) {
		double z = ((i * 7919) % 23 - 11) / 11.0;

		fall[i] = i < 100 ? 7100 + z * 6900 : 2000 + z * 800;
		flat[i] = 7100 + z * 6900;
	}
	assert_true(fv_step_fit(fall, 200, 20, &st));
	assert_true(st.gain < 0.5 && st.t > 10);
	a = logged(&h, "fall", 4, 4500, fall, 200);
	b = logged(&h, "flat", 4, 7100, flat, 200);
	judge_two(&h, fv_vcheck_burst, a, b, "burst-collapse",
		  "after/before 28%", "sustained");
	h_free(&h);
}

/*
 * Steady state: round means 1000 and 1250 alternate (a range of 22.7% of their
 * mean, beyond SNIA's 20%). With windows that swing by +-900 around them, the
 * range is inside the noise: steady. With windows within +-5: a failure.
 */
static void test_steady_range_inside_noise(void **state)
{
	double noisy[50], quiet[50];
	struct harness h;
	struct fv_job *a, *b;

	(void) state;
	h_init(&h);
	for (int i = 0; i < 50; i++) {
		double mean = (i / 10) % 2 ? 1250 : 1000;

		noisy[i] = mean + (i % 2 ? 900 : -900);
		quiet[i] = mean + (i % 2 ? 5 : -5);
	}
	a = logged(&h, "noisy", 8, 1100, noisy, 50);
	b = logged(&h, "quiet", 8, 1100, quiet, 50);
	a->role = b->role = FV_ROLE_STEADY;
	judge_two(&h, fv_vcheck_steady, a, b, "steady", "range 22.7%",
		  "steady-state-failure");
	/* A job not meant to reach steady state is not judged on it. */
	b->role = FV_ROLE_PEAK;
	assert_int_equal(fv_vcheck_steady(&h.vc, b), 0);
	assert_int_equal(h.vc.t->nrows, 2);
	h_free(&h);
}

/*
 * A FUSE run: p50 = p99.9 = the end of fio's histogram (17.1 s): lower
 * bounds, no ratio, no tail row (not tail-stable at 1.0x). Too few I/Os
 * for p99.9 (500): no ratio either.
 */
static void test_tail_lower_bound_and_samples(void **state)
{
	struct harness h;
	struct fv_job *fuse, *few;
	struct fv_lat *l;

	(void) state;
	h_init(&h);
	fuse = mkjob(&h.set, "fuse", 1, 20000, 1e6);
	l = &fuse->dir[FV_DIR_WRITE].lat[FV_CLAT];
	l->reported = calloc(2, sizeof(*l->reported));
	l->reported[0] = (struct fv_reported_pct){ 50, FV_HIST_END_NS };
	l->reported[1] = (struct fv_reported_pct){ 99.9, FV_HIST_END_NS };
	l->nreported = 2;
	few = mkjob(&h.set, "few", 1, 500, 1e6);
	l = &few->dir[FV_DIR_WRITE].lat[FV_CLAT];
	l->reported = calloc(2, sizeof(*l->reported));
	l->reported[0] = (struct fv_reported_pct){ 50, 100e3 };
	l->reported[1] = (struct fv_reported_pct){ 99.9, 5000e3 };
	l->nreported = 2;
	assert_int_equal(fv_vcheck_tail(&h.vc, fuse), 0);
	assert_int_equal(fv_vcheck_tail(&h.vc, few), 0);
	assert_int_equal(h.vc.t->nrows, 0);
	h_free(&h);
}

/* ioengine=null moves no data: one no-storage row, no other verdict. */
static void test_no_storage(void **state)
{
	static const struct fv_opt null_engine[] = { { "ioengine", "null" } };
	struct harness h;
	struct fv_report rep = { .command = "verdict" };
	struct fv_verdict_in in;
	const struct fv_table *t;
	bool failed = false;

	(void) state;
	h_init(&h);
	opts(mkjob(&h.set, "null", 8, 2e6, 100), null_engine, 1);
	in = (struct fv_verdict_in){ .set = &h.set, .o = &h.o };
	assert_int_equal(fv_verdicts(&in, &rep, &failed), 0);
	t = fv_report_table(&rep, "verdict");
	assert_non_null(t);
	assert_int_equal(t->nrows, 1);
	assert_string_equal(fv_table_str(t, 0, "verdict"), "no-storage");
	assert_string_equal(fv_table_str(t, 0, "outcome"), "warn");
	assert_false(failed);
	fv_report_free(&rep);
	h_free(&h);
}

/* ---- diff: the gate against noise ---- */

/* A run of the gate's job: IOPS with fio's stddev, p99. */
static struct fv_job *gate_job(struct fv_set *set, double iops, double sd,
			       double p99)
{
	struct fv_job *j = mkjob(set, "gate", 8, iops, 8 / iops * 1e9);
	struct fv_dirstats *w = &j->dir[FV_DIR_WRITE];

	w->iops_samples.present = sd > 0;
	w->iops_samples.sd = sd;
	w->iops_samples.n = sd > 0 ? 12 : 0;
	w->lat[FV_CLAT].reported = calloc(1, sizeof(struct fv_reported_pct));
	w->lat[FV_CLAT].reported[0] = (struct fv_reported_pct){ 99, p99 };
	w->lat[FV_CLAT].nreported = 1;
	return j;
}

/* diff of the new runs against the baseline runs: its verdict. */
static void diff_verdict(const double *base, size_t nb, const double *now,
			 size_t nn, double p99_base, double p99_now,
			 const char *want)
{
	struct fv_set b, n;
	struct fv_vopts o;
	struct fv_report rep = { .command = "diff" };
	struct fv_verdict_in in = { .set = &n, .base = &b, .o = &o };
	bool failed = false;

	fv_set_init(&b, NULL);
	fv_set_init(&n, NULL);
	fv_vopts_init(&o);
	for (size_t i = 0; i < nb; i++)
		gate_job(&b, base[i], 0, p99_base * (1 + 0.01 * (double) i));
	for (size_t i = 0; i < nn; i++)
		gate_job(&n, now[i], 0, p99_now * (1 + 0.01 * (double) i));
	assert_int_equal(fv_diff(&in, &rep, &failed), 0);
	assert_int_equal(rep.tables[0]->nrows, 1); /* one job, its runs */
	if (strcmp(fv_table_str(rep.tables[0], 0, "verdict"), want))
		fprintf(stderr, "want %s: %s\n", want,
			fv_table_str(rep.tables[0], 0, "evidence"));
	assert_string_equal(fv_table_str(rep.tables[0], 0, "verdict"), want);
	fv_report_free(&rep);
	fv_vopts_free(&o);
	fv_set_free(&b);
	fv_set_free(&n);
}

/*
 * One run a side: no test can tell, so a change beyond the threshold is
 * inconclusive inside the noise band of single runs (--noise 10x on
 * throughput: identical runs of this machine differed by up to 8.3x):
 * 18%, a third and a fifth lower are inconclusive, a twelfth a
 * regression, 1% stable. p99 is not the primary figure of a throughput job: 50x
 * worse (beyond its band, 40x) still decides, 5x is shown. Three against two
 * (the smallest one-sided p 0.1): half the throughput is inconclusive.
 * Five a side, all five new runs below the baseline's: 15% lower is a
 * regression, 5% lower (significant, within the threshold) stable; the
 * same 25% lower median with runs that interleave is not significant:
 * inconclusive. Three a side, all below (p 0.05): a regression.
 */
static void test_diff_against_noise(void **state)
{
	static const double one[] = { 100000 },
			    five[] = { 100000, 101000, 99500, 100500, 98000 },
			    low[] = { 85000, 86000, 84000, 85500, 83000 },
			    near[] = { 95000, 96000, 94000, 95500, 93000 },
			    spread[] = { 60000, 130000, 75000, 110000, 70000 },
			    base3[] = { 100000, 90000, 110000 },
			    half2[] = { 50000, 52000 },
			    low3[] = { 75000, 76000, 74000 };
	double x;

	(void) state;
	diff_verdict(one, 1, (x = 82000, &x), 1, 500e3, 500e3, "inconclusive");
	diff_verdict(one, 1, (x = 33000, &x), 1, 500e3, 500e3, "inconclusive");
	diff_verdict(one, 1, (x = 20000, &x), 1, 500e3, 500e3, "inconclusive");
	diff_verdict(one, 1, (x = 8000, &x), 1, 500e3, 500e3, "regression");
	diff_verdict(one, 1, (x = 101000, &x), 1, 500e3, 500e3, "stable");
	diff_verdict(one, 1, one, 1, 500e3, 25e6, "regression");
	diff_verdict(one, 1, one, 1, 500e3, 2500e3, "stable");
	diff_verdict(base3, 3, half2, 2, 500e3, 500e3, "inconclusive");
	diff_verdict(five, 5, low, 5, 500e3, 500e3, "regression");
	diff_verdict(five, 5, near, 5, 500e3, 500e3, "stable");
	diff_verdict(five, 5, spread, 5, 500e3, 500e3, "inconclusive");
	diff_verdict(base3, 3, low3, 3, 500e3, 500e3, "regression");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cache_inline_completion),
		cmocka_unit_test(test_cache_causes),
		cmocka_unit_test(test_sweep_burst_runs_dry),
		cmocka_unit_test(test_sweep_fall_without_plateau),
		cmocka_unit_test(test_deep_fall_poor_fit),
		cmocka_unit_test(test_steady_range_inside_noise),
		cmocka_unit_test(test_tail_lower_bound_and_samples),
		cmocka_unit_test(test_no_storage),
		cmocka_unit_test(test_diff_against_noise),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
