/* SPDX-License-Identifier: MIT */
/*
 * set.h's one "unknown" per type, on real reads: a figure fio did not
 * print is NAN (no flag beside it), and a job's depth is read from one
 * place, fv_job_depth(). The expectations are read by hand from the
 * fixtures.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "ingest/ingest.h"

#define FIX(rel) fvt_path("FV_FIXTURES", "tests/postproc/fixtures", rel)

/*
 * fio 2.2.10's JSON (old/fio-2.2.10.json): "usr_cpu": 3.0, "sys_cpu": 7.0;
 * no iodepth_level, no idle-prof, no job options, job "old_rr".
 */
static void fio2_json(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	fvt_load_clean(&set, "old/fio-2.2.10.json", 1);
	j = set.jobs[0];
	assert_true(j->usr_cpu == 3 && j->sys_cpu == 7 && j->cpu_busiest == 10);
	for (int k = 0; k < FV_DEPTH_LEVELS; k++)
		assert_true(isnan(j->depth_pct[k]));
	assert_true(isnan(j->cpu_idle));
	/* no "job options" in fio 2's JSON: no rw, no read share */
	assert_int_equal(j->wl.pattern, FV_PAT_UNKNOWN);
	assert_true(isnan(j->wl.read_pct));
	/* iodepth not shown: fio's default in the workload, none to show */
	assert_int_equal(j->wl.depth, 1);
	assert_int_equal(fv_job_depth(j), 0);
	/* nor runtime: the time asked for is unknown, not none */
	assert_true(isnan(j->wl.runtime_s));
	fv_set_free(&set);
}

/*
 * fio 3's job options list what the job file set: seed004/d8-p20.json's
 * first job "runtime": "5"; plan/PremiumSSD_peak_randread4k_...json's
 * "peak_rr" none, so it asked for no time (0), which is known.
 */
static void fio3_runtime_asked_or_none(void **state)
{
	struct fv_set set;

	(void) state;
	fvt_load_fixture(&set, "seed004/d8-p20.json");
	assert_true(set.jobs[0]->wl.runtime_s == 5);
	fv_set_free(&set);
	fvt_load_fixture(&set, "plan/PremiumSSD_peak_randread4k_qd32_nj8_"
			       "120s_20260101-100100.json");
	assert_true(set.jobs[0]->wl.runtime_s == 0);
	fv_set_free(&set);
}

/* The same document without its CPU figures: NAN, all three. */
static void fio_json_without_cpu(void **state)
{
	size_t len;
	char *doc = fvt_slurp(FIX("old/fio-2.2.10.json"), &len);
	char *at = strstr(doc, "\"usr_cpu\"");
	const char *path = fvt_at("nocpu.json");
	const char *paths[] = { path };
	const struct fv_job *j;
	struct fv_set set;

	(void) state;
	assert_non_null(at);
	memcpy(at, "\"usr_cpX\"", 9);
	fvt_mkfile(path, doc, len);
	free(doc);
	fvt_load(&set, paths, 1, NULL);
	j = fvt_only_job(&set);
	assert_true(isnan(j->usr_cpu));
	assert_true(isnan(j->sys_cpu)); /* printed, but alone */
	assert_true(isnan(j->cpu_busiest));
	fv_set_free(&set);
}

/*
 * DiskSpd 2.0.16 (diskspd-2.0.16-rnd4k-q32t4-made.xml): <RequestCount>32
 * and <ThreadsPerFile>4; no fio option: the depth is DiskSpd's -o, in the
 * workload alone.
 */
static void diskspd_depth(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	fvt_load_fixture(&set, "diskspd/diskspd-2.0.16-rnd4k-q32t4-made.xml");
	assert_true(set.njobs > 0);
	j = set.jobs[0];
	assert_null(fv_job_opt(j, "iodepth"));
	assert_int_equal(j->wl.depth, 32);
	assert_int_equal(j->wl.threads, 4);
	assert_int_equal(fv_job_depth(j), 32);
	fv_set_free(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fio2_json),
		cmocka_unit_test(fio3_runtime_asked_or_none),
		cmocka_unit_test_setup_teardown(
			fio_json_without_cpu, fvt_tmp_setup, fvt_tmp_teardown),
		cmocka_unit_test(diskspd_depth),
	};

	return cmocka_run_group_tests_name("unknowns", tests, NULL, NULL);
}
