/* SPDX-License-Identifier: MIT */
/*
 * fio as the limit (load-bound): a saturated thread, a thread starved of
 * CPU by other work, a thread that waits for the device on a busy machine
 * (not load-bound); a CPU time counted in whole seconds (fio on Windows)
 * that cannot tell; a plateau at load-bound depths is no cap; and the
 * methodology remark on written data that compresses or repeats.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "vharness.h"

static void cpu(struct fv_job *j, double usr, double sys)
{
	j->usr_cpu = usr;
	j->sys_cpu = sys;
	j->cpu_busiest = usr + sys;
	j->job_runtime_ms = 4000;
	j->ctx = 400;
}

static void idle(struct fv_job *j, double pct)
{
	j->cpu_idle = pct;
	snprintf(j->cpu_idle_of, sizeof(j->cpu_idle_of), "CPU 1");
}

/* IOPS flat from QD 4 on, latency by Little's law: a plateau. */
static void plateau(struct harness *h, double usr, double sys)
{
	double iops[6] = { 950, 1900, 3000, 3010, 2990, 3005 };

	for (size_t i = 0; i < 6; i++) {
		char name[16];
		int qd = 1 << i;
		struct fv_job *j;

		snprintf(name, sizeof(name), "qd%d", qd);
		j = mkjob(&h->set, name, qd, iops[i], qd / iops[i] * 1e9);
		cpu(j, usr, sys);
	}
}

/*
 * The cap verdict on a plateau of fio using usr + sys of its CPU, and what
 * its sentence says (NULL after the last).
 */
static void expect_cap(double usr, double sys, const char *verdict,
		       const char *const *says)
{
	struct harness h;
	const char *sentence;

	h_init(&h);
	plateau(&h, usr, sys);
	assert_int_equal(fv_vcheck_cap(&h.vc), 0);
	assert_int_equal(h.vc.t->nrows, 1);
	assert_string_equal(cell(&h, 0, VC_VERDICT), verdict);
	sentence = cell(&h, 0, VC_SENTENCE);
	for (; *says; says++)
		if (!strstr(sentence, *says))
			fail_msg("no '%s' in: %s", *says, sentence);
	h_free(&h);
}

static void test_plateau_of_saturated_fio_not_capped(void **state)
{
	(void) state;
	expect_cap(20, 78, "not-capped",
		   (const char *const[]){ "fio's CPU", "from QD 4", NULL });
}

static void test_plateau_with_cpu_to_spare_capped(void **state)
{
	(void) state;
	expect_cap(5, 30, "capped", (const char *const[]){ NULL });
}

static void test_saturated_starved_waiting(void **state)
{
	struct harness h;
	struct fv_job *sat, *starved, *waiting, *none, *group;
	const struct fv_opt nj[1] = { { "numjobs", "4" } };

	(void) state;
	h_init(&h);
	sat = mkjob(&h.set, "sat", 8, 300e3, 26e3);
	cpu(sat, 18, 80);
	starved = mkjob(&h.set, "starved", 8, 80e3, 100e3);
	cpu(starved, 8, 34);
	idle(starved, 0.2);
	waiting = mkjob(&h.set, "waiting", 8, 2000, 4e6);
	cpu(waiting, 0.3, 3);
	idle(waiting, 1); /* a busy machine, the job waits for the disk */
	none = mkjob(&h.set, "none", 8, 2000, 4e6);
	assert_true(isnan(none->usr_cpu));
	group = mkjob(&h.set, "group", 8, 2000, 4e6);
	cpu(group, 10, 80);
	h_opts(group, nj, 1);
	for (size_t i = 0; i < h.set.njobs; i++)
		assert_int_equal(fv_vcheck_load(&h.vc, h.set.jobs[i]), 0);
	assert_int_equal(h.vc.t->nrows, 4); /* none: no CPU figures */
	assert_string_equal(cell(&h, 0, VC_VERDICT), "load-bound");
	assert_non_null(strstr(cell(&h, 0, VC_SENTENCE), "98% of a CPU"));
	assert_non_null(strstr(cell(&h, 0, VC_SENTENCE), "numjobs"));
	assert_string_equal(cell(&h, 1, VC_VERDICT), "load-bound");
	assert_non_null(strstr(cell(&h, 1, VC_SENTENCE), "starved"));
	assert_non_null(strstr(cell(&h, 1, VC_EVIDENCE), "CPU 1 0.2% idle"));
	assert_string_equal(cell(&h, 2, VC_VERDICT), "cpu-headroom");
	assert_string_equal(cell(&h, 3, VC_VERDICT), "load-bound");
	assert_non_null(strstr(cell(&h, 3, VC_EVIDENCE), "group's mean"));
	/* The threshold is an option. */
	h.o.cpu_busy = 0.99;
	assert_false(fv_vjob_load_bound(&h.o, sat));
	assert_true(fv_vjob_load_bound(&h.o, starved));
	h_free(&h);
}

/*
 * A fio job that states no iodepth ran at fio's default of 1 (its reader
 * keeps that in wl.depth): the starved sentence says so, not "QD 0".
 */
static void test_starved_at_fio_default_depth(void **state)
{
	struct harness h;
	struct fv_job *j;

	(void) state;
	h_init(&h);
	j = mkjob(&h.set, "starved", 0, 80e3, 100e3);
	j->wl.depth = 1;
	cpu(j, 8, 34);
	idle(j, 0.2);
	assert_int_equal(fv_vcheck_load(&h.vc, j), 0);
	assert_string_equal(cell(&h, 0, VC_VERDICT), "load-bound");
	if (!strstr(cell(&h, 0, VC_SENTENCE), "per context switch at QD 1:"))
		fail_msg("no QD 1 in: %s", cell(&h, 0, VC_SENTENCE));
	h_free(&h);
}

/*
 * fio on Windows counts CPU in whole seconds and no context switch or
 * page fault: usr + sys is then within 2 s of the runtime of the truth,
 * and decides only beyond that from the line (cpu_busy, 85%). Zero
 * counts with figures that are no whole seconds (xnvme's 14 ms tutorial
 * run on Linux: 53.85% + 23.08%) are fio's fine count.
 */
static void test_whole_seconds_of_cpu(void **state)
{
	static const struct {
		double usr, sys;
		uint64_t runtime_ms, ctx;
		bool whole;
		const char *verdict;
	} cases[] = {
		{ 0, 0, 1000, 0, true, "cannot-tell" }, /* 0 +/- 200% */
		{ 0, 40.650407, 7380, 0, true, "cpu-headroom" }, /* 3 s */
		{ 37.678975, 37.678975, 2654, 0, true, "cannot-tell" },
		{ 20, 78, 100000, 0, true, "load-bound" },  /* 98 - 2 >= 85 */
		{ 0, 0, 1000, 400, false, "cpu-headroom" }, /* switches */
		{ 53.85, 23.08, 14, 0, false, "cpu-headroom" },
		{ 0, 0, 0, 0, false, "cpu-headroom" }, /* runtime unknown */
	};
	struct harness h;

	(void) state;
	h_init(&h);
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		struct fv_job *j = mkjob(&h.set, "w", 1, 1000, 1e6);
		double slack = cases[i].whole
				       ? 2 * 100 * 1000.0 / cases[i].runtime_ms
				       : 0;
		char want[64];

		j->dir[FV_DIR_WRITE].runtime_ms = cases[i].runtime_ms;
		fv_job_set_cpu(j, cases[i].usr, cases[i].sys, cases[i].ctx, 0,
			       0);
		assert_int_equal(j->cpu_whole_seconds, cases[i].whole);
		assert_true(fabs(fv_job_cpu_slack(j) - slack) < 1e-9);
		assert_int_equal(fv_vcheck_load(&h.vc, j), 0);
		assert_string_equal(cell(&h, i, VC_VERDICT), cases[i].verdict);
		snprintf(want, sizeof(want), "± %.0f%%", slack);
		if (cases[i].whole && !strstr(cell(&h, i, VC_EVIDENCE), want))
			fail_msg("no '%s' in: %s", want,
				 cell(&h, i, VC_EVIDENCE));
	}
	h_free(&h);
}

/* The methodology evidence of a job with these options. */
static char *method_of(const struct fv_opt *o, size_t n)
{
	struct harness h;
	struct fv_job *j;
	char *ev;

	h_init(&h);
	j = mkjob(&h.set, "w", 1, 1000, 1e6);
	h_opts(j, o, n);
	assert_int_equal(fv_vcheck_method(&h.vc, j), 0);
	ev = strdup(cell(&h, 0, VC_EVIDENCE));
	h_free(&h);
	return ev;
}

static void expect_remark(const struct fv_opt *o, size_t n, const char *word)
{
	char *ev = method_of(o, n);

	if (word && !strstr(ev, word))
		fprintf(stderr, "%s not in %s\n", word, ev);
	assert_true(word ? strstr(ev, word) != NULL
			 : strstr(ev, "compresses") == NULL);
	free(ev);
}

static void test_compressible_writes(void **state)
{
	const struct fv_opt zero[2] = { { "rw", "randwrite" },
					{ "zero_buffers", "1" } };
	const struct fv_opt comp[2] = {
		{ "rw", "write" }, { "buffer_compress_percentage", "50" }
	};
	const struct fv_opt dedupe[2] = { { "rw", "randrw" },
					  { "dedupe_percentage", "30" } };
	const struct fv_opt pat[2] = { { "rw", "write" },
				       { "buffer_pattern", "0xdeadbeef" } };
	const struct fv_opt same[2] = { { "rw", "write" },
					{ "scramble_buffers", "0" } };
	const struct fv_opt refilled[3] = { { "rw", "write" },
					    { "scramble_buffers", "0" },
					    { "refill_buffers", "1" } };
	const struct fv_opt reads[2] = { { "rw", "randread" },
					 { "zero_buffers", "1" } };
	const struct fv_opt plain[2] = { { "rw", "randwrite" },
					 { "dedupe_percentage", "0" } };

	(void) state;
	expect_remark(zero, 2, "zero_buffers");
	expect_remark(comp, 2, "buffer_compress_percentage=50");
	expect_remark(dedupe, 2, "dedupe_percentage=30");
	expect_remark(pat, 2, "buffer_pattern=0xdeadbeef");
	expect_remark(same, 2, "every write the same block");
	expect_remark(refilled, 3, NULL);
	expect_remark(reads, 2, NULL);
	expect_remark(plain, 2, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plateau_of_saturated_fio_not_capped),
		cmocka_unit_test(test_plateau_with_cpu_to_spare_capped),
		cmocka_unit_test(test_saturated_starved_waiting),
		cmocka_unit_test(test_starved_at_fio_default_depth),
		cmocka_unit_test(test_whole_seconds_of_cpu),
		cmocka_unit_test(test_compressible_writes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
