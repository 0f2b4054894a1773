/* SPDX-License-Identifier: MIT */
/*
 * Verdicts on synthetic data with a known answer: change points, plateaus,
 * steady and unsteady windows, QD sweeps with and without a cap (Little's
 * law), flush no-ops from stats files and latencies, tail rules, diff
 * decisions; --fail-on and the exit status.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "vharness.h"
#include "verdict/series_stats.h"
#include "verdict/verdict_int.h"

static void test_step_fit(void **state)
{
	double v[40];
	struct fv_step st;

	(void) state;
	for (int i = 0; i < 40; i++) /* 8000 for 15 windows, then 2000 */
		v[i] = (i < 15 ? 8000 : 2000) + (i % 3) * 50;
	assert_true(fv_step_fit(v, 40, 4, &st));
	assert_int_equal(st.k, 15);
	assert_true(fabs(st.before - 8050) < 30);
	assert_true(fabs(st.after - 2050) < 30);
	assert_true(st.gain > 0.99);
	/* A plateau with noise: no split explains much. */
	for (int i = 0; i < 40; i++)
		v[i] = 5000 + ((i * 7919) % 13) * 20;
	assert_true(fv_step_fit(v, 40, 4, &st));
	assert_true(st.gain < 0.5);
	assert_false(fv_step_fit(v, 7, 4, &st));
}

static void test_snia(void **state)
{
	double steady[5] = { 1000, 1040, 990, 1010, 1020 };
	double wide[5] = { 1000, 1300, 900, 1000, 1100 };
	double trend[5] = { 1000, 1030, 1060, 1090, 1120 };
	struct fv_snia s;

	(void) state;
	fv_snia(steady, 5, 0.2, 0.1, &s);
	assert_true(s.steady);
	assert_true(fabs(s.range - 50.0 / 1012) < 1e-9);
	fv_snia(wide, 5, 0.2, 0.1, &s);
	assert_false(s.steady); /* range 40% */
	fv_snia(trend, 5, 0.2, 0.1, &s);
	assert_true(s.range <= 0.2);	/* 11.3%: the range passes */
	assert_true(s.excursion > 0.1); /* 120/1060: the slope does not */
	assert_false(s.steady);
}

static void test_rounds_median_mad(void **state)
{
	double t[10], v[10], out[10];
	double runs[5] = { 100, 102, 98, 150, 101 };

	(void) state;
	for (int i = 0; i < 10; i++) {
		t[i] = 100.0 * (i + 1);
		v[i] = i < 5 ? 10 : 20;
	}
	assert_int_equal(fv_rounds(t, v, 10, 500, out, NULL), 2);
	assert_true(out[0] == 10 && out[1] == 20);
	assert_int_equal(fv_rounds(t, v, 10, 300, out, NULL),
			 3); /* 900 < 1000 */
	assert_true(fv_median(runs, 5) == 101);
	assert_true(fabs(fv_rel_mad(runs, 5) - 1.0 / 101) < 1e-12);
	assert_true(fv_quantile(runs, 5, 50) == 101);
	assert_true(fv_quantile(runs, 5, 99.9) == 150);
}

/* ---- Checks on hand-made jobs (vharness.h) ---- */

/* Little's law holds: outstanding = depth = IOPS x latency. */
static void sweep(struct harness *h, const double *iops, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char name[16];
		int qd = 1 << i;

		snprintf(name, sizeof(name), "qd%d", qd);
		mkjob(&h->set, name, qd, iops[i], qd / iops[i] * 1e9);
	}
}

static void test_cap_found(void **state)
{
	double iops[6] = { 950, 1900, 3000, 3010, 2990, 3005 };
	struct harness h;

	(void) state;
	h_init(&h);
	sweep(&h, iops, 6);
	assert_int_equal(fv_vcheck_cap(&h.vc), 0);
	assert_int_equal(h.vc.t->nrows, 1);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "capped");
	fvt_has(cell(&h, 0, VC_SENTENCE), "≈ 3.0k IOPS", "from QD 4");
	/* The figures the report draws: the cap (mean from the knee). */
	assert_true(fabs(fig(&h, 0, VC_LEVEL) - 3001.25) < 1e-9);
	assert_true(fig(&h, 0, VC_KNEE) == 4);
	assert_true(isnan(fig(&h, 0, VC_AT)) && isnan(fig(&h, 0, VC_LEVEL2)));
	h_free(&h);
}

/*
 * A peak job at a depth of the sweep (placement.fio runs both): the sweep
 * quotes its scaling job there, the one the sweep table shows, whatever
 * the order (the peak job first here, its figure 10% off).
 */
static void test_sweep_quotes_its_own_jobs(void **state)
{
	double iops[6] = { 950, 1900, 3000, 3010, 2990, 3005 };
	struct harness h;
	struct fv_job *peak;

	(void) state;
	h_init(&h);
	peak = mkjob(&h.set, "peak", 32, 2700, 32 / 2700.0 * 1e9);
	peak->role = FV_ROLE_PEAK;
	sweep(&h, iops, 6);
	assert_int_equal(fv_vcheck_cap(&h.vc), 0);
	assert_int_equal(h.vc.t->nrows, 1);
	fvt_has(cell(&h, 0, VC_EVIDENCE), "QD 32: 3.0k IOPS");
	fvt_lacks(cell(&h, 0, VC_EVIDENCE), "2.7k");
	assert_true(fabs(fig(&h, 0, VC_LEVEL) - 3001.25) < 1e-9);
	h_free(&h);
}

static void test_cap_scaling(void **state)
{
	double iops[5] = { 1000, 2000, 4000, 8000, 16000 };
	struct harness h;

	(void) state;
	h_init(&h);
	sweep(&h, iops, 5);
	assert_int_equal(fv_vcheck_cap(&h.vc), 0);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "not-capped");
	assert_true(isnan(fig(&h, 0, VC_LEVEL)) && isnan(fig(&h, 0, VC_KNEE)));
	h_free(&h);
}

/* Flat IOPS with flat latency: the queue never filled (psync). */
static void test_cap_not_little(void **state)
{
	struct harness h;

	(void) state;
	h_init(&h);
	for (int i = 0; i < 4; i++) {
		char name[16];

		snprintf(name, sizeof(name), "qd%d", 1 << i);
		mkjob(&h.set, name, 1 << i, 300000, 3000);
	}
	assert_int_equal(fv_vcheck_cap(&h.vc), 0);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "not-capped");
	h_free(&h);
}

/* fio's IO depths of a job: all at level k (0 is one I/O in flight). */
static void depths_at(struct fv_job *j, int k)
{
	memset(j->depth_pct, 0, sizeof(j->depth_pct));
	j->depth_pct[k] = 100;
}

/*
 * A sweep whose queue never filled (psync: fio's IO depths 1=100% at
 * every iodepth) is no sweep: no cap row either way, and the methodology
 * says why. Filled queues, or a rate that keeps them shallow, say nothing.
 */
static void test_queue_unfilled(void **state)
{
	struct harness h;
	const struct fv_opt rate[1] = { { "rate_iops", "300" } };

	(void) state;
	h_init(&h);
	for (int i = 0; i < 4; i++) {
		char name[16];

		snprintf(name, sizeof(name), "qd%d", 1 << i);
		depths_at(mkjob(&h.set, name, 1 << i, 300000, 3000), 0);
	}
	assert_int_equal(fv_vcheck_cap(&h.vc), 0);
	assert_int_equal(h.vc.t->nrows, 0);
	assert_int_equal(fv_vcheck_method(&h.vc, h.set.jobs[3]), 0);
	fvt_has(cell(&h, 0, VC_EVIDENCE),
		"iodepth=8 asked, but 100.0% of submissions "
		"had 1 I/O in flight");
	/* QD 1 asked: nothing to say */
	assert_true(isnan(fv_vjob_queue_unfilled(h.set.jobs[0])));
	/* the queue filled */
	depths_at(h.set.jobs[3], 4);
	assert_true(isnan(fv_vjob_queue_unfilled(h.set.jobs[3])));
	/* a rate limit keeps it shallow: not the method's fault */
	depths_at(h.set.jobs[3], 0);
	h_opts(h.set.jobs[3], rate, 1);
	assert_true(isnan(fv_vjob_queue_unfilled(h.set.jobs[3])));
	h_free(&h);
}

/*
 * A sync section with p50, and unless stats is NULL, a stats file of the
 * engine: its file system, whether a block device is under it, its queue's
 * write cache.
 */
struct target {
	const char *fs, *cache;
	bool device;
};

static void add_sync(struct harness *h, struct fv_job *j, double p50,
		     const struct target *t)
{
	struct fv_dirstats *s = &j->dir[FV_DIR_SYNC];
	struct fv_durability *d;

	s->present = true;
	s->total_ios = 100;
	s->lat[FV_LAT].present = true;
	s->lat[FV_LAT].reported = calloc(1, sizeof(*s->lat[FV_LAT].reported));
	s->lat[FV_LAT].reported[0] = (struct fv_reported_pct){ 50, p50 };
	s->lat[FV_LAT].nreported = 1;
	if (!t)
		return;
	d = calloc(1, sizeof(*d));
	d->no_block_device = !t->device;
	d->block_device = t->device ? strdup("vda") : NULL;
	d->fs_type = strdup(t->fs);
	d->write_cache = t->cache ? strdup(t->cache) : NULL;
	d->volatile_cache = -1;
	d->fsyncs = 100;
	assert_int_equal(fv_set_add_durability(&h->set, d), 0);
	j->dur = calloc(1, sizeof(*j->dur));
	j->dur[0] = d;
	j->ndur = 1;
}

/*
 * flush-real only with a device whose cache writes back; flush-noop for a
 * memory file system or a write-through cache; else flush-unverified. The
 * latency never decides: a 1.5 µs p50 on a write-back device is real, a
 * 900 µs one without a stats file unverified.
 */
static void test_flush(void **state)
{
	static const struct target ext4 = { "ext4", "write back", true },
				   tmpfs = { "tmpfs", NULL, false },
				   wt = { "ext4", "write through", true };
	struct harness h;
	struct fv_job *shm;

	(void) state;
	h_init(&h);
	add_sync(&h, mkjob(&h.set, "fast", 1, 1000, 1e6), 1500, &ext4);
	add_sync(&h, mkjob(&h.set, "tmpfs", 1, 1000, 1e6), 900000, &tmpfs);
	add_sync(&h, mkjob(&h.set, "real", 1, 1000, 1e6), 900000, &ext4);
	add_sync(&h, mkjob(&h.set, "wt", 1, 1000, 1e6), 900000, &wt);
	add_sync(&h, mkjob(&h.set, "fio", 1, 1000, 1e6), 900000, NULL);
	shm = mkjob(&h.set, "shm", 1, 1000, 1e6);
	add_sync(&h, shm, 1500, NULL);
	h_opts(shm, &(struct fv_opt){ "filename", "/dev/shm/x" }, 1);
	for (size_t i = 0; i < 6; i++)
		assert_int_equal(fv_vcheck_flush(&h.vc, h.set.jobs[i]), 0);
	verdicts(&h, "flush-real", "flush-noop", "flush-real", "flush-noop",
		 "flush-unverified", "flush-noop");
	fvt_has(cell(&h, 1, VC_EVIDENCE), "tmpfs");
	fvt_has(cell(&h, 2, VC_EVIDENCE), "write back");
	fvt_has(cell(&h, 3, VC_EVIDENCE), "writes through");
	fvt_has(cell(&h, 4, VC_SENTENCE), "uring_durable");
	fvt_has(cell(&h, 5, VC_EVIDENCE), "/dev/shm/x");
	h_free(&h);
}

static void set_pcts(struct fv_job *j, double p50, double p999)
{
	struct fv_lat *l = &j->dir[FV_DIR_WRITE].lat[FV_CLAT];

	l->reported = calloc(2, sizeof(*l->reported));
	l->reported[0] = (struct fv_reported_pct){ 50, p50 };
	l->reported[1] = (struct fv_reported_pct){ 99.9, p999 };
	l->nreported = 2;
}

static void test_tail_ratio(void **state)
{
	struct harness h;

	(void) state;
	h_init(&h);
	/* 20,000 I/Os: enough for p99.9 (10 above it) */
	set_pcts(mkjob(&h.set, "wide", 1, 20000, 1e6), 100e3, 1500e3);
	set_pcts(mkjob(&h.set, "tight", 1, 20000, 1e6), 100e3, 900e3);
	assert_int_equal(fv_vcheck_tail(&h.vc, h.set.jobs[0]), 0);
	assert_int_equal(fv_vcheck_tail(&h.vc, h.set.jobs[1]), 0);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "tail-unstable");
	assert_string_equal(cell(&h, 1, VC_VERDICT), "tail-stable");
	h.o.tail_ratio = 20;
	assert_int_equal(fv_vcheck_tail(&h.vc, h.set.jobs[0]), 0);
	assert_string_equal(cell(&h, 2, VC_VERDICT), "tail-stable");
	h_free(&h);
}

/* A per-I/O latency log whose p99 grows fourfold during the run. */
static void test_tail_growth(void **state)
{
	struct harness h;
	struct fv_diags d = { 0 };
	char *text = malloc(1 << 16);
	size_t len = 0;
	struct fv_job *j;

	(void) state;
	h_init(&h);
	j = mkjob(&h.set, "grow", 1, 1000, 1e6);
	set_pcts(j, 100e3, 200e3);
	for (int i = 0; i < 1000; i++)
		len += (size_t) snprintf(
			text + len, (1 << 16) - len, "%d, %d, 1, 4096\n", i,
			i % 50 ? 100000 : 100000 * (1 + i / 200));
	assert_int_equal(
		fv_log_parse(&h.logs, "grow_clat.1.log", text, len, &d), 0);
	h.logs.v[0]->job = j;
	assert_int_equal(fv_vcheck_tail(&h.vc, j), 0);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "tail-unstable");
	fvt_has(cell(&h, 0, VC_SENTENCE), "grows");
	free(text);
	fv_diags_free(&d);
	h_free(&h);
}

static void test_burst_and_steady(void **state)
{
	double collapse[60], plateau[60], unsteady[60];
	struct harness h;

	(void) state;
	h_init(&h);
	for (int i = 0; i < 60; i++) {
		collapse[i] =
			i < 25 ? 8000 + (i % 2) * 40 : 2000 + (i % 3) * 10;
		plateau[i] = 5000 + (i % 4) * 60;
		unsteady[i] = 3000 + i * 60; /* still climbing */
	}
	series(&h, mkjob(&h.set, "collapse", 8, 4000, 1e6), collapse, 60);
	series(&h, mkjob(&h.set, "plateau", 8, 5000, 1e6), plateau, 60);
	series(&h, mkjob(&h.set, "unsteady", 8, 5000, 1e6), unsteady, 60);
	/* Steady state is judged for the jobs meant to reach it. */
	for (size_t i = 0; i < 3; i++)
		h.set.jobs[i]->role = FV_ROLE_STEADY;
	for (size_t i = 0; i < 3; i++) {
		assert_int_equal(fv_vcheck_burst(&h.vc, h.set.jobs[i]), 0);
		assert_int_equal(fv_vcheck_steady(&h.vc, h.set.jobs[i]), 0);
	}
	verdicts(&h, "burst-collapse", "steady-state-failure", "sustained",
		 "steady");
	fvt_has(cell(&h, 0, VC_EVIDENCE), "from 2.5 s");
	fvt_has(cell(&h, 0, VC_SENTENCE), "2.5 s burst");
	assert_string_equal(cell(&h, 5, VC_VERDICT), "steady-state-failure");
	/* Burst: the fall at the end of window 25 (2.5 s), the log's end,
	 * the levels before and after (means of 8000/8040, 2000..2020). */
	assert_true(fig(&h, 0, VC_AT) == 2500 && fig(&h, 0, VC_UNTIL) == 6000);
	assert_true(fabs(fig(&h, 0, VC_LEVEL) - 8020) < 1);
	assert_true(fabs(fig(&h, 0, VC_LEVEL2) - 2010) < 1);
	assert_true(isnan(fig(&h, 0, VC_KNEE)));
	/* Steady state, pass or fail: the last 5 rounds of 1 s (1-6 s) and
	 * their mean IOPS. */
	assert_true(fig(&h, 1, VC_AT) == 1000 && fig(&h, 1, VC_UNTIL) == 6000);
	/* (8020 + 5014 + 2009 + 2010 + 2011) / 5: the window straddles the
	 * fall, which is why it fails */
	assert_true(fabs(fig(&h, 1, VC_LEVEL) - 3812.8) < 1e-6);
	assert_true(isnan(fig(&h, 1, VC_LEVEL2)));
	assert_true(fig(&h, 3, VC_AT) == 1000 && fig(&h, 3, VC_UNTIL) == 6000);
	assert_true(fabs(fig(&h, 3, VC_LEVEL) - 5092.4) < 1e-6);
	/* Sustained: nothing to draw. */
	for (int c = VC_AT; c < VC_NR_FIGS; c++)
		assert_true(isnan(fig(&h, 2, c)));
	h_free(&h);
}

/* A harness with a peak job of 10k IOPS and a steady one of 3k, QD 32. */
static void peak_and_steady(struct harness *h, struct fv_job **p,
			    struct fv_job **s)
{
	h_init(h);
	*p = mkjob(&h->set, "peak", 32, 10000, 1e6);
	*s = mkjob(&h->set, "steady", 32, 3000, 1e6);
	(*p)->role = FV_ROLE_PEAK;
	(*s)->role = FV_ROLE_STEADY;
}

/*
 * Peak against steady of the same pattern, without any series: two runs,
 * judged as the regression gate judges them. 10k then 3k: a burst that
 * ran dry. 10k then 8k with no measure of either run's noise: inside
 * three times the default 10% of each, cannot tell (inconclusive); the
 * same with fio's samples spread 1%: a fall; with fio 2's bandwidth
 * samples alone, a fall at 1% and inconclusive at 20%.
 */
static void test_peak_vs_steady(void **state)
{
	struct harness h;
	struct fv_job *p, *s;
	double ratio;

	(void) state;
	peak_and_steady(&h, &p, &s);
	pattern(p);
	pattern(s);
	assert_int_equal(fv_vcheck_burst(&h.vc, s), 0);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "burst-collapse");
	/* No series: the peak's and the steady job's IOPS, no time. */
	assert_true(fig(&h, 0, VC_LEVEL) == 10000);
	assert_true(fig(&h, 0, VC_LEVEL2) == 3000);
	assert_true(isnan(fig(&h, 0, VC_AT)) && isnan(fig(&h, 0, VC_UNTIL)));
	s->dir[FV_DIR_WRITE].iops = 8000;
	assert_int_equal(fv_vcheck_burst(&h.vc, s), 0);
	assert_string_equal(cell(&h, 1, VC_VERDICT), "inconclusive");
	for (int k = 0; k < 2; k++) {
		struct fv_dirstats *d = &h.set.jobs[k]->dir[FV_DIR_WRITE];

		d->iops_samples.present = true;
		d->iops_samples.sd = 0.01 * d->iops;
		d->iops_samples.n = 20;
	}
	assert_int_equal(fv_vcheck_burst(&h.vc, s), 0);
	assert_string_equal(cell(&h, 2, VC_VERDICT), "burst-collapse");
	ratio = h.o.collapse_ratio;
	h.o.collapse_ratio = 0.75;
	assert_int_equal(fv_vcheck_burst(&h.vc, s), 0);
	assert_string_equal(cell(&h, 3, VC_VERDICT), "sustained");
	/* fio 2: bandwidth samples alone, uncounted; spread 1%, then 20%. */
	h.o.collapse_ratio = ratio;
	for (int k = 0; k < 4; k++) {
		struct fv_dirstats *d = &h.set.jobs[k % 2]->dir[FV_DIR_WRITE];

		d->iops_samples = (struct fv_rate_samples){ 0 };
		d->bw_bytes = 4096 * d->iops;
		d->bw_samples = (struct fv_rate_samples){
			.present = true,
			.mean = d->bw_bytes,
			.sd = (k < 2 ? 0.01 : 0.2) * d->bw_bytes,
		};
		if (k == 1 || k == 3) {
			assert_int_equal(fv_vcheck_burst(&h.vc, s), 0);
			assert_string_equal(
				cell(&h, k == 1 ? 4 : 5, VC_VERDICT),
				k == 1 ? "burst-collapse" : "inconclusive");
		}
	}
	h_free(&h);
}

/*
 * Peak without sync and steady with sync=1 (O_SYNC: each write stable) are
 * two workloads, and no pair: no burst row. The same reads are one.
 */
static void test_write_through_apart(void **state)
{
	static const struct fv_opt plain[] = { { "rw", "randwrite" },
					       { "bs", "4k" } },
				   synced[] = { { "rw", "randwrite" },
						{ "bs", "4k" },
						{ "sync", "1" } };
	struct harness h;
	struct fv_job *p, *s;

	(void) state;
	peak_and_steady(&h, &p, &s);
	h_opts(p, plain, 2);
	h_opts(s, synced, 3);
	assert_int_equal(s->wl.write_through, 1);
	assert_int_equal(p->wl.write_through, 0);
	assert_int_equal(fv_vcheck_burst(&h.vc, s), 0);
	assert_int_equal(h.vc.t->nrows, 0);
	h_opts(s, plain, 2);
	assert_int_equal(fv_vcheck_burst(&h.vc, s), 0);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "burst-collapse");
	h_free(&h);
}

static void test_fail_on(void **state)
{
	struct fv_vopts o;
	uint64_t m;
	const char *bad;

	(void) state;
	assert_int_equal(fv_fail_on_parse("capped,regression", &m, &bad), 0);
	assert_true(m == (((uint64_t) 1 << FV_V_CAPPED) |
			  ((uint64_t) 1 << FV_V_REGRESSION)));
	assert_int_equal(fv_fail_on_parse("capped,nope", &m, &bad), -EINVAL);
	assert_string_equal(bad, "nope");
	fv_vopts_init(&o);
	assert_int_equal(fv_ceiling_parse(&o, "NVMe:iops=150000,bw=2g"), 0);
	assert_int_equal(fv_ceiling_parse(&o, "iops=x"), -EINVAL);
	assert_string_equal(o.ceil[0].label, "NVMe");
	assert_true(o.ceil[0].bw == 2.0 * (1 << 30));
	fv_vopts_free(&o);
}

/* The program: --fail-on gives exit status 1 only when it occurs. */
static void test_exit_status(void **state)
{
	char *out, *err, dir[4096];

	(void) state;
	snprintf(dir, sizeof(dir), "%s",
		 fvt_path("FV_TSFIX", "tests/postproc/ts_fixtures", "burst"));
	assert_int_equal(fvt_run(&out, &err, "verdict", "--fail-on",
				 "burst-collapse", dir, NULL),
			 1);
	free(out);
	free(err);
	assert_int_equal(fvt_run(&out, &err, "verdict", "--fail-on", "capped",
				 dir, NULL),
			 0);
	free(out);
	free(err);
	assert_int_equal(
		fvt_run(&out, &err, "verdict", "--fail-on", "bogus", dir, NULL),
		64);
	fvt_has(err, "bogus");
	free(out);
	free(err);
	assert_int_equal(fvt_run(&out, &err, "verdict", "--collapse-ratio",
				 "20%", dir, NULL),
			 0);
	fvt_has(out, "sustained");
	free(out);
	free(err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step_fit),
		cmocka_unit_test(test_snia),
		cmocka_unit_test(test_rounds_median_mad),
		cmocka_unit_test(test_cap_found),
		cmocka_unit_test(test_cap_scaling),
		cmocka_unit_test(test_sweep_quotes_its_own_jobs),
		cmocka_unit_test(test_cap_not_little),
		cmocka_unit_test(test_queue_unfilled),
		cmocka_unit_test(test_flush),
		cmocka_unit_test(test_tail_ratio),
		cmocka_unit_test(test_tail_growth),
		cmocka_unit_test(test_burst_and_steady),
		cmocka_unit_test(test_write_through_apart),
		cmocka_unit_test(test_peak_vs_steady),
		cmocka_unit_test(test_fail_on),
		cmocka_unit_test(test_exit_status),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
