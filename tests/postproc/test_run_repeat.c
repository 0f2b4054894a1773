/* SPDX-License-Identifier: MIT */
/*
 * fioverdict run --repeat N with the real fio: N runs one after another,
 * each in a directory of its own under the label, the tables once after
 * the last; diff takes the label's directory as a sample of N runs a side;
 * the report draws each run as a point; two labels and targets take
 * turns, run by run.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"

static int setup(void **state)
{
	static char zeros[1 << 20];

	fvt_tmp_setup(state);
	fvt_mkfile(fvt_at("j.fio"), fvt_jobfile, strlen(fvt_jobfile));
	fvt_mkfile(fvt_at("t.dat"), zeros, sizeof(zeros));
	setenv("FV_ENGINE", "psync", 1);
	return 0;
}

static int teardown(void **state)
{
	unsetenv("FV_ENGINE");
	return fvt_tmp_teardown(state);
}

/* Directories under dir, each holding a json file of fio's. */
static int runs_in(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d))) {
		char path[4096];

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		n += fvt_entries(path, ".json");
	}
	closedir(d);
	return n;
}

/* The report draws each run of the job as a point. */
static void report_shows_runs(void)
{
	char *out, *err, *html, page[4096];
	int st;

	snprintf(page, sizeof(page), "%s", fvt_at("report.html"));
	st = fvt_run(&out, &err, "report", "-q", fvt_at("res"), "-o", page,
		     NULL);
	if (st != 0)
		fail_msg("report: exit %d: %s", st, err);
	html = fvt_slurp(page, NULL);
	assert_non_null(html);
	fvt_has(html, "a: each run's IOPS", "a: each run's P99 latency",
		"Each run of a job as a point");
	free(html);
	free(out);
	free(err);
}

static void three_runs_one_sample(void **state)
{
	char *out, *err, res[4096];

	(void) state;
	snprintf(res, sizeof(res), "%s", fvt_at("res"));
	assert_int_equal(fvt_run(&out, &err, "run", fvt_at("j.fio"), "--label",
				 "a", "--target", fvt_at("t.dat"), "--out", res,
				 "--repeat", "3", "--tables", "summary", NULL),
			 0);
	if (!strstr(out, "(run 1 of 3)") || !strstr(out, "(run 3 of 3)"))
		fail_msg("%s%s", out, err);
	assert_int_equal(fvt_count(out, "results: "), 3);
	assert_int_equal(fvt_count(out, "\nSummary\n"), 1);
	free(out);
	free(err);
	assert_int_equal(runs_in(fvt_at("res/a")), 3);
	/* The three runs against themselves: three a side, stable. */
	assert_int_equal(fvt_run(&out, &err, "diff", "-f", "csv", "--baseline",
				 fvt_at("res/a"), fvt_at("res/a"), NULL),
			 0);
	if (!strstr(out,
		    "a,read,regression,stable,\"throughput (primary) n 3/3: "))
		fail_msg("%s%s", out, err);
	free(out);
	free(err);
	report_shows_runs();
}

/* Two labels and targets take turns: a b a b, each label its runs. */
static void two_labels_interleaved(void **state)
{
	char *out, *err, res[4096], want[4200];
	const char *p;

	(void) state;
	fvt_mkfile(fvt_at("u.dat"), "0123456789", 10);
	snprintf(res, sizeof(res), "%s", fvt_at("res"));
	assert_int_equal(fvt_run(&out, &err, "run", fvt_at("j.fio"), "--label",
				 "a", "--target", fvt_at("t.dat"), "--label",
				 "b", "--target", fvt_at("t.dat"), "--out", res,
				 "--repeat", "2", "--tables", "summary", NULL),
			 0);
	p = out;
	for (int i = 0; i < 4; i++) {
		snprintf(want, sizeof(want), "as '%s' (run %d of 2) -> %s/%s/",
			 i % 2 ? "b" : "a", i / 2 + 1, res, i % 2 ? "b" : "a");
		p = strstr(p, want);
		if (!p)
			fail_msg("run %d: no '%s' in order: %s", i, want, out);
	}
	free(out);
	free(err);
	assert_int_equal(runs_in(fvt_at("res/a")), 2);
	assert_int_equal(runs_in(fvt_at("res/b")), 2);
	/* One name twice, or a target before its label: refused. */
	fvt_check_run(&(struct fvt_want){ .status = 64 },
		      (const char *[]){ "run", fvt_at("j.fio"), "--label", "a",
					"--target", fvt_at("t.dat"), "--label",
					"a", NULL });
	fvt_check_run(&(struct fvt_want){ .status = 64,
					  .err = { "one per --label" } },
		      (const char *[]){ "run", fvt_at("j.fio"), "--label", "a",
					"--target", fvt_at("t.dat"), "--target",
					fvt_at("u.dat"), NULL });
}

static void repeat_needs_a_count(void **state)
{
	(void) state;
	fvt_check_run(&(struct fvt_want){ .status = 64, .err = { "--repeat" } },
		      (const char *[]){ "run", fvt_at("j.fio"), "--label", "a",
					"--target", fvt_at("t.dat"), "--repeat",
					"0", NULL });
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(three_runs_one_sample, setup,
						teardown),
		cmocka_unit_test_setup_teardown(two_labels_interleaved, setup,
						teardown),
		cmocka_unit_test_setup_teardown(repeat_needs_a_count, setup,
						teardown),
	};

	return cmocka_run_group_tests_name("run_repeat", tests, NULL, NULL);
}
