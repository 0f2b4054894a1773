/* SPDX-License-Identifier: MIT */
/* Pure functions: percentile rule, number formats, names, options. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "util/fio_value.h"
#include "fvtest.h"
#include "select/select.h"
#include "select/select_int.h"
#include "model/percentile.h"
#include "annotate/role.h"
#include "model/units.h"
#include "util/util.h"

static void pctl_rank_rule(void **state)
{
	/* 10 samples: p50 is rank 5, p51 rank ceil(5.1) = 6. */
	struct fv_bin b[] = { { 10, 5 }, { 20, 1 }, { 30, 4 } };
	uint64_t v = 0;

	(void) state;
	assert_int_equal(fv_pctl_from_bins(b, 3, 10, 50, &v), 0);
	assert_int_equal(v, 10);
	assert_int_equal(fv_pctl_from_bins(b, 3, 10, 51, &v), 0);
	assert_int_equal(v, 20);
	assert_int_equal(fv_pctl_from_bins(b, 3, 10, 60, &v), 0);
	assert_int_equal(v, 20);
	assert_int_equal(fv_pctl_from_bins(b, 3, 10, 60.1, &v), 0);
	assert_int_equal(v, 30);
	assert_int_equal(fv_pctl_from_bins(b, 3, 10, 100, &v), 0);
	assert_int_equal(v, 30);
}

static void pctl_empty_and_short(void **state)
{
	struct fv_bin b[] = { { 10, 5 } };
	uint64_t v = 0;

	(void) state;
	assert_int_equal(fv_pctl_from_bins(b, 0, 0, 50, &v), -ERANGE);
	/* Fewer samples than the total says: no value, not a guess. */
	assert_int_equal(fv_pctl_from_bins(b, 1, 100, 99, &v), -ERANGE);
}

static void bins_normalise(void **state)
{
	struct fv_bin b[] = { { 30, 1 }, { 10, 2 }, { 30, 3 }, { 20, 4 } };
	size_t n = 4;

	(void) state;
	fv_bins_normalise(b, &n);
	assert_int_equal(n, 3);
	assert_int_equal(b[0].ns, 10);
	assert_int_equal(b[2].ns, 30);
	assert_int_equal(b[2].count, 4);
}

static void lat_finish_sources(void **state)
{
	struct fv_pctlist pl;
	struct fv_reported_pct rep[1] = { { 50, 123 } };
	struct fv_lat lat = { .present = true,
			      .reported = rep,
			      .nreported = 1 };

	(void) state;
	assert_int_equal(fv_pctlist_parse(&pl, "50,99.99"), 0);
	assert_int_equal(fv_lat_finish(&lat, &pl), 0);
	assert_int_equal(lat.pct[0].src, FV_PCT_FIO);
	assert_true(lat.pct[0].ns == 123);
	/* Not reported, no bins: unavailable, never interpolated. */
	assert_int_equal(lat.pct[1].src, FV_PCT_NONE);
	free(lat.pct);
}

static void pctlist_parse(void **state)
{
	struct fv_pctlist pl;

	(void) state;
	assert_int_equal(fv_pctlist_parse(&pl, "50:95:99.9"), 0);
	assert_int_equal(pl.n, 3);
	assert_true(pl.p[2] == 99.9);
	assert_int_equal(fv_pctlist_parse(&pl, "0"), -EINVAL);
	assert_int_equal(fv_pctlist_parse(&pl, "101"), -EINVAL);
	assert_int_equal(fv_pctlist_parse(&pl, "50,x"), -EINVAL);
	assert_int_equal(fv_pctlist_parse(&pl, ""), -EINVAL);
}

static void human_units(void **state)
{
	char b[FV_NUMBUF];

	(void) state;
	fv_fmt_human(b, sizeof(b), FV_U_IOPS, 153000);
	assert_string_equal(b, "153k");
	fv_fmt_human(b, sizeof(b), FV_U_IOPS, 9300);
	assert_string_equal(b, "9.3k");
	fv_fmt_human(b, sizeof(b), FV_U_IOPS, 507);
	assert_string_equal(b, "507");
	fv_fmt_human(b, sizeof(b), FV_U_IOPS, 2730000);
	assert_string_equal(b, "2.73M");
	/* A FUSE mount's 7 I/Os in 120 s are not 0 IOPS, nor 0 MiB/s. */
	fv_fmt_human(b, sizeof(b), FV_U_IOPS, 0.058333);
	assert_string_equal(b, "0.058");
	fv_fmt_human(b, sizeof(b), FV_U_IOPS, 9.4);
	assert_string_equal(b, "9.4");
	fv_fmt_human(b, sizeof(b), FV_U_BPS, 238);
	assert_string_equal(b, "0.23 KiB/s");
	fv_fmt_human(b, sizeof(b), FV_U_BPS, 1951.0 * 1024 * 1024);
	assert_string_equal(b, "1951 MiB/s");
	fv_fmt_human(b, sizeof(b), FV_U_NS, 523000);
	assert_string_equal(b, "523");
	fv_fmt_human(b, sizeof(b), FV_U_NS, 1234);
	assert_string_equal(b, "1.23");
	fv_fmt_human(b, sizeof(b), FV_U_RATIO, 2);
	assert_string_equal(b, "2.00x");
	/* times: the decimals that show the millisecond, one at least */
	fv_fmt_human(b, sizeof(b), FV_U_MS, 21000);
	assert_string_equal(b, "21.0 s");
	fv_fmt_human(b, sizeof(b), FV_U_MS, 250);
	assert_string_equal(b, "0.25 s");
	fv_fmt_human(b, sizeof(b), FV_U_MS, 20);
	assert_string_equal(b, "0.02 s");
	fv_fmt_human(b, sizeof(b), FV_U_MS, 20345.6);
	assert_string_equal(b, "20.346 s");
	fv_fmt_human(b, sizeof(b), FV_U_MS, 0);
	assert_string_equal(b, "0.0 s");
	fv_fmt_raw(b, sizeof(b), 0.1);
	assert_string_equal(b, "0.1");
	fv_fmt_raw(b, sizeof(b), 153000);
	assert_string_equal(b, "153000");
	assert_int_equal(fv_utf8_width("P99 (µs)"), 8);
}

static void filename_pattern(void **state)
{
	char *label = NULL, *test = NULL;

	(void) state;
	assert_int_equal(fv_filename_split("d/perftemp_peak_randread4k_qd32_"
					   "nj8_120s_20260101-101010.txt",
					   &label, &test),
			 0);
	assert_string_equal(label, "perftemp");
	assert_string_equal(test, "peak_randread4k_qd32_nj8_120s");
	free(label);
	free(test);
	/* A label holding '_': the test starts at the first test word. */
	assert_int_equal(fv_filename_split("Temp-D32ads_v5_steady_rw_"
					   "20260101-100300.json",
					   &label, NULL),
			 0);
	assert_string_equal(label, "Temp-D32ads_v5");
	free(label);
	assert_int_equal(fv_filename_split("results.json", &label, NULL),
			 -ENOENT);
	assert_int_equal(fv_filename_split("a_b_notatime.json", &label, NULL),
			 -ENOENT);
}

static void role_names(void **state)
{
	int depth;

	(void) state;
	assert_int_equal(fv_role_from_name("warmup", &depth), FV_ROLE_WARMUP);
	assert_int_equal(fv_role_from_name("peak_rr", &depth), FV_ROLE_PEAK);
	assert_int_equal(fv_role_from_name("steady_rw", &depth),
			 FV_ROLE_STEADY);
	assert_int_equal(fv_role_from_name("sync_rw", &depth), FV_ROLE_SYNC);
	assert_int_equal(fv_role_from_name("sr_1m", &depth),
			 FV_ROLE_THROUGHPUT);
	assert_int_equal(fv_role_from_name("seqwrite1m", &depth),
			 FV_ROLE_THROUGHPUT);
	assert_int_equal(fv_role_from_name("rr_qd16", &depth), FV_ROLE_SCALING);
	assert_int_equal(depth, 16);
	assert_int_equal(fv_role_from_name("peak_randread4k_qd32", &depth),
			 FV_ROLE_PEAK);
	assert_int_equal(fv_role_from_name("job1", &depth), FV_ROLE_UNKNOWN);
	/* "warm-up" in any spelling; "warm" alone is a cache's state */
	for (const char *const *w =
		     (const char *const[]){ "warm-up", "Warm Up seq",
					    "rr_warm_up", NULL };
	     *w; w++)
		assert_int_equal(fv_role_from_name(*w, &depth), FV_ROLE_WARMUP);
	for (const char *const *w =
		     (const char *const[]){ "randread-warm", "warm", "swarm-up",
					    "warm-upper", NULL };
	     *w; w++)
		assert_int_equal(fv_role_from_name(*w, &depth),
				 FV_ROLE_UNKNOWN);
	assert_int_equal(fv_role_from_name("seq-read-warm", &depth),
			 FV_ROLE_THROUGHPUT);
}

static void role_options(void **state)
{
	struct fv_job *j = fv_job_new();
	struct fv_opt opts[3] = {
		{ (char *) "rw", (char *) "write" },
		{ (char *) "bs", (char *) "1m" },
		{ (char *) "fsync", (char *) "0" },
	};

	(void) state;
	j->opts = opts;
	j->nopts = 3;
	assert_int_equal(fv_role_from_opts(j), FV_ROLE_THROUGHPUT);
	opts[2].val = (char *) "1";
	assert_int_equal(fv_role_from_opts(j), FV_ROLE_SYNC);
	opts[2].val = (char *) "0";
	opts[0].val = (char *) "randwrite";
	opts[1].val = (char *) "4k";
	assert_int_equal(fv_role_from_opts(j), FV_ROLE_PEAK);
	j->opts = NULL;
	j->nopts = 0;
	fv_job_free(j);
}

static void option_values(void **state)
{
	uint64_t b;
	double s;

	(void) state;
	assert_int_equal(fv_opt_size("4k", &b), 0);
	assert_int_equal(b, 4096);
	assert_int_equal(fv_opt_size("1M", &b), 0);
	assert_int_equal(b, 1048576);
	assert_int_equal(fv_opt_size("4k,8k", &b), 0);
	assert_int_equal(b, 4096);
	assert_int_equal(fv_opt_size("x", &b), -EINVAL);
	assert_int_equal(fv_opt_seconds("2m", &s), 0);
	assert_true(s == 120);
	assert_int_equal(fv_opt_seconds("500ms", &s), 0);
	assert_true(s == 0.5);
	assert_true(fv_opt_true("1"));
	assert_false(fv_opt_true("0"));
	assert_false(fv_opt_true(NULL));
}

static void metric_names(void **state)
{
	struct fv_metric m;

	(void) state;
	assert_int_equal(fv_metric_parse(&m, "peak_read_iops"), 0);
	assert_int_equal(m.role, FV_ROLE_PEAK);
	assert_int_equal(m.dir, FV_DIR_READ);
	assert_int_equal(fv_metric_parse(&m, "seq_write_bw"), 0);
	assert_int_equal(m.role, FV_ROLE_THROUGHPUT);
	assert_int_equal(fv_metric_parse(&m, "steady_write_p99.9"), 0);
	assert_int_equal(m.what, FV_M_PCT);
	assert_true(m.p == 99.9);
	assert_string_equal(m.title, "Steady Write P99.9");
	assert_int_equal(fv_metric_parse(&m, "peak_read"), -EINVAL);
	assert_int_equal(fv_metric_parse(&m, "bogus_read_iops"), -EINVAL);
	assert_int_equal(fv_metric_parse(&m, "peak_read_p0"), -EINVAL);
}

static void sanitize(void **state)
{
	char s[] = "ok \x01 \xff µs";

	(void) state;
	fv_sanitize(s);
	assert_string_equal(s, "ok ? ? µs");
}

/*
 * A run's folder or file name: a counter alone or after a run word, or a
 * time stamp; not a version ("3.28") nor parameters ("randread-1-16").
 */
static void run_names(void **state)
{
	static const struct {
		const char *name;
		bool folder;
		const char *stem;
	} cases[] = {
		{ "run_1", true, "run_#" },
		{ "RUN2", true, "RUN#" },
		{ "run-12", true, "run-#" },
		{ "7", true, "#" },
		{ "iter-3", true, "iter-#" },
		{ "2021-04-14_11-53-55", true, "#-#-#_#-#-#" },
		{ "20260101T101010", true, "#" },
		{ "fio-20260101T101010.json", false, "fio-#.json" },
		{ "3.28", false, "3.28" },
		{ "vm1", false, "vm1" },
		{ "run", false, "run" },
		{ "p30", false, "p30" },
		{ "randread-1-16.json", false, "randread-1-16.json" },
		{ "fio_run1.json", false, "fio_run#.json" },
		{ "x-2.json", false, "x-#.json" },
		{ "result_2246HK6933GS.txt", false, "result_2246HK6933GS.txt" },
		{ "a/run_1/x.json", false, "a/run_#/x.json" },
	};
	char stem[256];

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		fv_run_stem(cases[i].name, stem, sizeof(stem));
		if (fv_run_folder(cases[i].name) != cases[i].folder ||
		    strcmp(stem, cases[i].stem))
			fail_msg("%s: folder %d stem %s, want %d %s",
				 cases[i].name, fv_run_folder(cases[i].name),
				 stem, cases[i].folder, cases[i].stem);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pctl_rank_rule),
		cmocka_unit_test(pctl_empty_and_short),
		cmocka_unit_test(bins_normalise),
		cmocka_unit_test(lat_finish_sources),
		cmocka_unit_test(pctlist_parse),
		cmocka_unit_test(human_units),
		cmocka_unit_test(filename_pattern),
		cmocka_unit_test(role_names),
		cmocka_unit_test(role_options),
		cmocka_unit_test(option_values),
		cmocka_unit_test(metric_names),
		cmocka_unit_test(sanitize),
		cmocka_unit_test(run_names),
	};

	return cmocka_run_group_tests_name("units", tests, NULL, NULL);
}
