/* SPDX-License-Identifier: MIT */
/*
 * Labels by identity and the run each table shows: folders of results
 * made here (CrystalDiskMark 8 exports, whose figures each test sets) and
 * the committed DiskSpd fixtures, read by the whole program. Every
 * command must show one label with the same run, say which, and never
 * merge two machines or targets into one label.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "fvtest.h"
#include "util/util.h"

/* A CrystalDiskMark 8 export: RND4K Q32T1 read at iops, on a day. */
static void cdm(const char *path, const char *comment, const char *drive,
		double iops, int day)
{
	char text[2048];
	int n = snprintf(
		text, sizeof(text),
		"------------------------------------------------------------"
		"------------------\r\n"
		"CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo\r\n"
		"------------------------------------------------------------"
		"------------------\r\n"
		"* MB/s = 1,000,000 bytes/s [SATA/600 = 600,000,000 "
		"bytes/s]\r\n"
		"* KB = 1000 bytes, KiB = 1024 bytes\r\n\r\n"
		"[Read]\r\n"
		"  SEQ    1MiB (Q=  8, T= 1):   550.022 MB/s [    524.5 IOPS] "
		"< 15216.98 us>\r\n"
		"  RND    4KiB (Q= 32, T= 1): %9.3f MB/s [%9.1f IOPS] <   "
		"490.44 us>\r\n\r\n"
		"[Write]\r\n"
		"  SEQ    1MiB (Q=  8, T= 1):   513.437 MB/s [    489.7 IOPS] "
		"< 16267.21 us>\r\n"
		"  RND    4KiB (Q= 32, T= 1):   237.469 MB/s [  57975.8 IOPS] "
		"<   534.14 us>\r\n\r\n"
		"Profile: Default\r\n"
		"   Test: 1 GiB (x5) [%s 96%% (894/932GiB)]\r\n"
		"   Mode: [Admin]\r\n"
		"   Time: Measure 5 sec / Interval 5 sec \r\n"
		"   Date: 2021/06/%02d 0:05:57\r\n"
		"     OS: Windows 10  [10.0 Build 19042] (x64)\r\n"
		"Comment: %s\r\n",
		iops * 4096 / 1e6, iops, drive, day, comment);

	assert_true(n > 0 && (size_t) n < sizeof(text));
	fvt_mkfile(path, text, (size_t) n);
}

/* fioverdict ARGS... -f csv; stdout (caller frees), status checked. */
static char *csv(int want, const char *a, const char *b, const char *c,
		 const char *d)
{
	const char *args[] = { a, "-f", "csv", b, c, d, NULL };
	char *out, *err;
	int st = fvt_runv(&out, &err, args);

	if (st != want)
		fprintf(stderr, "status %d, stderr:\n%s\n", st, err);
	assert_int_equal(st, want);
	free(err);
	return out;
}

static char *text(int want, const char *a, const char *b, const char *c,
		  const char *d, char **err)
{
	const char *args[] = { a, b, c, d, NULL };
	char *out;
	int st = fvt_runv(&out, err, args);

	assert_int_equal(st, want);
	return out;
}

/* Three exports of one disk (one comment): 1000, 3000, 2000 IOPS. */
static void three_runs(void)
{
	fvt_mkdir(fvt_at("runs"));
	cdm(fvt_at("runs/a.txt"), "p30", "E:", 1000, 1);
	cdm(fvt_at("runs/b.txt"), "p30", "E:", 3000, 2);
	cdm(fvt_at("runs/c.txt"), "p30", "E:", 2000, 3);
}

/* compare, matrix and summary show one run: the newest (2000 IOPS). */
static void newest_everywhere(void **state)
{
	char *c, *m, *s;

	(void) state;
	three_runs();
	c = csv(0, "compare", fvt_at("runs"), NULL, NULL);
	m = csv(0, "matrix", "--metric", "iops", fvt_at("runs"));
	s = csv(0, "summary", fvt_at("runs"), NULL, NULL);
	fvt_has(c, "\r\np30,2000,");
	fvt_has(m, "\r\np30,524.5,2000\r\n");
	fvt_has(s, "\r\np30,peak,\"RND 4KiB (Q=32, T=1)\",2000,");
	fvt_lacks(s, ",3000,", ",1000,");
	free(c);
	free(m);
	free(s);
}

/* Every table says which run and by what rule. */
static void says_which(void **state)
{
	char *err, *out;

	(void) state;
	three_runs();
	out = text(0, "compare", fvt_at("runs"), NULL, NULL, &err);
	fvt_has(out, "runs: 'p30': the newest of 3 runs of each test shown (",
		"c.txt); --runs all shows each");
	free(out);
	free(err);
}

/* --runs median: 2000 of 1000, 2000, 3000; all: a label each, by time. */
static void median_and_all(void **state)
{
	char *c;

	(void) state;
	three_runs();
	cdm(fvt_at("runs/d.txt"), "p30", "E:", 4000, 4);
	/* of 1000, 2000, 3000, 4000: the lower middle one */
	c = csv(0, "compare", "--runs=median", fvt_at("runs"), NULL);
	fvt_has(c, "\r\np30,2000,");
	free(c);
	c = csv(0, "compare", "--runs=all", fvt_at("runs"), NULL);
	fvt_has(c, "\r\np30 run 1,1000,", "\r\np30 run 2,3000,",
		"\r\np30 run 3,2000,", "\r\np30 run 4,4000,");
	free(c);
}

/* CrystalDiskMark exports without a comment: a label each, by file. */
static void exports_apart(void **state)
{
	char *c, *err;

	(void) state;
	fvt_mkdir(fvt_at("vms"));
	cdm(fvt_at("vms/CDM_1.txt"), "", "C:", 1000, 1);
	cdm(fvt_at("vms/CDM_2.txt"), "", "C:", 5000, 2);
	c = csv(0, "compare", fvt_at("vms"), NULL, NULL);
	fvt_has(c, "\r\nCDM_1,1000,", "\r\nCDM_2,5000,");
	free(c);
	/* --label-by dir: one label, two runs of its tests, said so */
	c = text(0, "compare", "--label-by", "dir", fvt_at("vms"), &err);
	fvt_has(c, "'vms': the newest of 2 runs");
	free(c);
	free(err);
}

/* One comment on two drives: split by the drive, after the comment. */
static void drives_apart(void **state)
{
	char *c, *err;

	(void) state;
	fvt_mkdir(fvt_at("d"));
	cdm(fvt_at("d/x.txt"), "box", "E:", 1000, 1);
	cdm(fvt_at("d/y.txt"), "box", "F:", 2000, 2);
	c = text(0, "compare", "-f", "csv", fvt_at("d"), &err);
	fvt_has(c, "\r\nbox (E:),1000,", "\r\nbox (F:),2000,");
	free(c);
	free(err);
}

/* DiskSpd's computer names: a label each, and the note says so. */
static void machines_apart(void **state)
{
	char *s, *err;
	char *d = strdup(fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				  "diskspd-text"));

	(void) state;
	s = text(0, "summary", d, NULL, NULL, &err);
	fvt_has(s, "\nfv-win21 D:  ", "\nfv-win22 E:  ");
	/* 2.0.17a's text names no computer: its drive after the folder */
	fvt_has(s, "\ndiskspd-text (C:)  ",
		"labels: 'diskspd-text' held the results "
		"of 3 machines and targets, a label for "
		"each");
	free(s);
	free(err);
	s = text(0, "summary", "--label-by", "host", d, &err);
	fvt_has(s, "\nfv-win21  ");
	fvt_lacks(s, "fv-win21 D:");
	free(s);
	free(err);
	free(d);
}

/* The fixtures (NULL after the last), one after another, in $tmp/dir/file. */
static void appended(const char *dir, const char *file,
		     const char *const *fixtures)
{
	FILE *f;

	fvt_mkdir(fvt_at("%s", dir));
	f = fopen(fvt_at("%s/%s", dir, file), "wb");
	assert_non_null(f);
	for (size_t i = 0; fixtures[i]; i++) {
		size_t n;
		char *t = fvt_slurp(fvt_path("FV_FIXTURES",
					     "tests/postproc/fixtures",
					     fixtures[i]),
				    &n);

		assert_non_null(t);
		assert_int_equal(fwrite(t, 1, n, f), n);
		free(t);
	}
	assert_int_equal(fclose(f), 0);
}

/*
 * fio's text of two runs appended in one file (fio ... >> out.txt): two
 * runs, each whole, not a report and its update (--status-interval). The
 * second run is the first's text a minute later; the same text appended
 * twice is one run.
 */
/* The n bytes of a, then those of b, in one file. */
static void write_two(const char *path, const char *a, const char *b, size_t n)
{
	char *both = malloc(2 * n);

	assert_non_null(both);
	memcpy(both, a, n);
	memcpy(both + n, b, n);
	fvt_mkfile(path, both, 2 * n);
	free(both);
}

static void appended_text_runs(void **state)
{
	const char *fx = fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				  "fio_text/fio-3.42/peak_randrw.txt");
	size_t n;
	char *run = fvt_slurp(fx, &n), *later = strdup(run), *at, *c, *err;

	(void) state;
	assert_non_null(later);
	at = strstr(later, "16:20:40 2026");
	assert_non_null(at);
	at[4] = '1'; /* 16:21:40 */
	fvt_mkdir(fvt_at("vm"));
	write_two(fvt_at("vm/runs.txt"), run, later, n);
	c = text(0, "compare", "--runs=all", fvt_at("vm"), NULL, &err);
	fvt_has(c, "\nvm-3.42 run 1 ", "\nvm-3.42 run 2 ");
	fvt_lacks(c, "copies: ");
	free(c);
	free(err);
	write_two(fvt_at("vm/runs.txt"), run, run, n);
	c = text(0, "compare", "--runs=all", fvt_at("vm"), NULL, &err);
	fvt_has(c, "\nvm-3.42 ",
		"vm/runs.txt holds one result twice (its "
		"outputs 1 and 2): read once");
	fvt_lacks(c, "run 1", "runs: ");
	free(c);
	free(err);
	free(later);
	free(run);
	/* a status-interval text: its reports are one run */
	fx = fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
		      "fio_text/fio-3.42/status.txt");
	c = text(0, "summary", fx, NULL, NULL, &err);
	fvt_lacks(c, "runs:");
	free(c);
	free(err);
}

/* Two fio JSON outputs appended: two runs, ordered by fio's timestamp. */
static void appended_json_runs(void **state)
{
	char *c, *err;

	(void) state;
	appended("j", "two.json",
		 (const char *const[]){ "versions/3.42/bins-plus.json",
					"versions/3.41/bins-plus.json", NULL });
	c = csv(0, "summary", "--runs=all", fvt_at("j"), NULL);
	/* 3.41's run is the older: run 1, though second in the file */
	fvt_has(c, "\r\nj run 1,peak,bins,4466.666667,",
		"\r\nj run 2,peak,bins,6711.644178,");
	free(c);
	c = text(0, "summary", fvt_at("j"), NULL, NULL, &err);
	fvt_has(c, "'j': the newest of 2 runs");
	free(c);
	free(err);
}

/* Two folders of one name are two labels, by the end of their path. */
static void folders_of_one_name(void **state)
{
	char *c, *err;

	(void) state;
	fvt_mkdirs("vmA", "vmA/p30", "vmB", "vmB/p30");
	cdm(fvt_at("vmA/p30/x.txt"), "", "C:", 1000, 1);
	cdm(fvt_at("vmB/p30/x.txt"), "", "C:", 2000, 2);
	c = text(0, "compare", "--label-by", "dir", fvt_tmp(), &err);
	fvt_has(c, "\nvmA/p30 ", "\nvmB/p30 ",
		"labels: 2 folders are named 'p30'");
	free(c);
	free(err);
}

/*
 * A result kept twice is one run, not two that agree to the digit: c.txt
 * repeats b.txt (the same date and figures) and is named, not counted.
 * The same date with another figure is a run of its own.
 */
static void copy_read_once(void **state)
{
	char *c, *out, *err;

	(void) state;
	fvt_mkdir(fvt_at("runs"));
	cdm(fvt_at("runs/a.txt"), "p30", "E:", 1000, 1);
	cdm(fvt_at("runs/b.txt"), "p30", "E:", 3000, 2);
	cdm(fvt_at("runs/c.txt"), "p30", "E:", 3000, 2);
	c = csv(0, "compare", "--runs=all", fvt_at("runs"), NULL);
	fvt_has(c, "\r\np30 run 1,1000,", "\r\np30 run 2,3000,");
	fvt_lacks(c, "p30 run 3");
	free(c);
	out = text(0, "compare", fvt_at("runs"), NULL, NULL, &err);
	fvt_has(out, "'p30': the newest of 2 runs",
		"copies: ", "runs/c.txt holds the same result as ",
		"runs/b.txt (");
	free(out);
	free(err);
	cdm(fvt_at("runs/d.txt"), "p30", "E:", 3001, 2);
	out = text(0, "compare", fvt_at("runs"), NULL, NULL, &err);
	fvt_has(out, "'p30': the newest of 3 runs", "runs/c.txt holds");
	fvt_lacks(out, "d.txt holds");
	free(out);
	free(err);
}

/*
 * Real files: microsoft/VirtualClient keeps one fio 3.26 run from Windows
 * twice, the second after a UTF-8 BOM (fixtures/copies/SOURCES.md). In
 * one label, one row of the figures the file gives (write 2167.231601
 * IO/s, 8876980 B/s); a label each, both shown: a file beside its copy
 * is a comparison the user asked for.
 */
static void copy_with_bom(void **state)
{
	const char *dir =
		fvt_path("FV_FIXTURES", "tests/postproc/fixtures", "copies");
	const char *row = ",fio_randwrite_1GB_4k_d1_th1_direct,,,2167.231601,"
			  "8876980,write,";
	char *c, *out, *err;

	(void) state;
	c = csv(0, "summary", "--label-by=dir", dir, NULL);
	fvt_has(c, "\r\ncopies,peak", row);
	assert_int_equal(fvt_count(c, "\r\n"), 2);
	free(c);
	out = text(0, "summary", "--label-by=dir", dir, NULL, &err);
	fvt_has(out, "copies: ",
		"copies/Response2.txt holds the same result "
		"as ",
		"copies/FIOExample.txt (");
	fvt_lacks(out, "runs: ");
	free(out);
	free(err);
	c = csv(0, "summary", dir, NULL, NULL);
	fvt_has(c, "\r\nFIOExample,peak", "\r\nResponse2,peak");
	free(c);
}

/*
 * history's runs are documents whatever their label: the same file in
 * folders a/ and b/ is one run there, while compare shows both labels.
 */
static void copy_in_history(void **state)
{
	const char *fx = fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				  "copies/FIOExample.txt");
	size_t n;
	char *data = fvt_slurp(fx, &n), *out, *err, *c;

	(void) state;
	assert_non_null(data);
	fvt_mkdir(fvt_at("a"));
	fvt_mkdir(fvt_at("b"));
	fvt_mkfile(fvt_at("a/r.json"), data, n);
	fvt_mkfile(fvt_at("b/r.json"), data, n);
	out = text(0, "history", fvt_at("a"), fvt_at("b"), NULL, &err);
	fvt_has(out, "throughput over 1 run ",
		"b/r.json holds the same result "
		"as ");
	fvt_lacks(out, "over 2 runs");
	free(out);
	free(err);
	c = csv(0, "compare", fvt_at("a"), fvt_at("b"), NULL);
	fvt_has(c, "\r\na,", "\r\nb,");
	free(c);
	free(data);
}

/* fio's terse output gives no time: two equal files stay two runs. */
static void copy_needs_a_time(void **state)
{
	const char *fx = fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				  "fio-terse/jtulak-fio-test.out");
	size_t n;
	char *data = fvt_slurp(fx, &n), *out, *err;

	(void) state;
	fvt_mkdir(fvt_at("terse"));
	fvt_mkfile(fvt_at("terse/a.out"), data, n);
	fvt_mkfile(fvt_at("terse/b.out"), data, n);
	out = text(0, "summary", "--label-by=dir", fvt_at("terse"), NULL, &err);
	fvt_has(out, "'terse': the newest of 2 runs");
	fvt_lacks(out, "copies: ");
	free(out);
	free(err);
	free(data);
}

/*
 * One folder per run (CI's run-1/ ... run-3/, a script's run_1/): runs of
 * the folder above, never a label each; two machines' run folders of one
 * name stay two labels.
 */
static void run_folders(void **state)
{
	char *c, *err;

	(void) state;
	for (int vm = 0; vm < 2; vm++)
		for (int r = 1; r <= 3; r++) {
			char dir[64], file[80];

			snprintf(dir, sizeof(dir), "vm%c", 'A' + vm);
			if (r == 1)
				fvt_mkdir(fvt_at(dir));
			snprintf(dir, sizeof(dir), "vm%c/run-%d", 'A' + vm, r);
			fvt_mkdir(fvt_at(dir));
			snprintf(file, sizeof(file), "%s/x.txt", dir);
			cdm(fvt_at(file), "", "C:", 1000 * (r + 3 * vm), r);
		}
	c = text(0, "compare", "--label-by", "dir", fvt_tmp(), &err);
	/* the newest run of each: 3000 and 6000 IOPS */
	fvt_has(c, "\nvmA ", "\nvmB ");
	fvt_lacks(c, "run-1");
	fvt_has(c, "'vmA': the newest of 3 runs");
	free(c);
	c = csv(0, "compare", "--label-by=dir", fvt_tmp(), NULL);
	fvt_has(c, "\r\nvmA,3000,", "\r\nvmB,6000,");
	free(c);
	free(err);
}

/*
 * DiskSpd's jobs are named by their profile: a peak and a steady test of
 * one profile, named LABEL_TEST_TIME by the script that ran them, are
 * two tests of their roles, not two runs of one (the steady was hidden).
 */
static void diskspd_tests_by_file_name(void **state)
{
	const char *fx =
		fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
			 "diskspd/diskspd-2.0.16-rnd4k-q32t4-made.xml");
	size_t n;
	char *xml = fvt_slurp(fx, &n), *c;

	(void) state;
	assert_non_null(xml);
	fvt_mkdir(fvt_at("w"));
	fvt_mkfile(fvt_at("w/vm1_peak_randread_20260101-000000.xml"), xml, n);
	fvt_mkfile(fvt_at("w/vm1_steady_randread_20260101-000500.xml"), xml, n);
	c = csv(0, "summary", fvt_at("w"), NULL, NULL);
	/* one name, two tests: each named by its file's test too */
	fvt_has(c,
		"\r\nvm1,peak,RND 4KiB Q32 T4 W0% #1 "
		"(peak_randread),",
		"\r\nvm1,steady,RND 4KiB Q32 T4 W0% #1 "
		"(steady_randread),");
	assert_null(strstr(c, ",2,2\r\n")); /* no run 2 of 2 */
	free(c);
	free(xml);
}

/* A --label whose PATH is no input: usage error naming it. */
static void label_unused(void **state)
{
	char *out, *err;

	(void) state;
	three_runs();
	out = text(64, "compare", "-l", "x=/nonexistent/p30", fvt_at("runs"),
		   &err);
	fvt_has(err, "--label x=/nonexistent/p30: no input "
		     "is /nonexistent/p30 or under it");
	assert_string_equal(out, "");
	free(out);
	free(err);
}

static void bad_values(void **state)
{
	FVT_HELD(runs, "runs");
	const struct {
		const char *args[6], *says;
	} cases[] = {
		{ { "compare", "--runs", "oldest", runs },
		  "--runs: expected newest, median or all, got 'oldest'" },
		{ { "compare", "--label-by", "disk", runs },
		  "--label-by: expected dir, file, host or target, got "
		  "'disk'" },
		/* --stream reads one file at a time: every run, nothing else */
		{ { "summary", "--stream", "-fcsv", "--runs=newest", runs },
		  "--runs newest: --stream reads one file" },
	};

	(void) state;
	three_runs();
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++)
		fvt_check_run(&(struct fvt_want){ .status = 64,
						  .err = { cases[i].says } },
			      cases[i].args);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			newest_everywhere, fvt_tmp_setup, fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(says_which, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(median_and_all, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(exports_apart, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(drives_apart, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(machines_apart, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(
			appended_text_runs, fvt_tmp_setup, fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(
			appended_json_runs, fvt_tmp_setup, fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(
			folders_of_one_name, fvt_tmp_setup, fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(run_folders, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(copy_read_once, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(copy_with_bom, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(copy_in_history, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(
			copy_needs_a_time, fvt_tmp_setup, fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(diskspd_tests_by_file_name,
						fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(label_unused, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(bad_values, fvt_tmp_setup,
						fvt_tmp_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
