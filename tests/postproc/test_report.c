/* SPDX-License-Identifier: MIT */
/*
 * fioverdict report always writes its page: on folders of real files whose
 * charts have nothing to draw, when gnuplot fails on one chart, without
 * gnuplot, without a temporary folder; it exits as verdict does; and it
 * leaves nothing in $TMPDIR.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fvtest.h"
#include "html/chart.h"

static char *old_path, *old_tmpdir;

/* $TMPDIR: an empty folder of the test's own, checked afterwards. */
static int setup(void **state)
{
	const char *p = getenv("PATH"), *t = getenv("TMPDIR");

	if (fvt_tmp_setup(state))
		return -1;
	old_path = p ? strdup(p) : NULL;
	old_tmpdir = t ? strdup(t) : NULL;
	fvt_mkdir(fvt_at("tmp"));
	setenv("TMPDIR", fvt_at("tmp"), 1);
	return 0;
}

static int teardown(void **state)
{
	if (old_path)
		setenv("PATH", old_path, 1);
	if (old_tmpdir)
		setenv("TMPDIR", old_tmpdir, 1);
	else
		unsetenv("TMPDIR");
	free(old_path);
	free(old_tmpdir);
	return fvt_tmp_teardown(state);
}

/* The real gnuplot on PATH, into buf; false when there is none. */
static bool gnuplot_at(char *buf, size_t len)
{
	const char *path = getenv("PATH");
	char copy[8192], *save = NULL;

	snprintf(copy, sizeof(copy), "%s", path ? path : "/usr/bin:/bin");
	for (char *d = strtok_r(copy, ":", &save); d;
	     d = strtok_r(NULL, ":", &save)) {
		snprintf(buf, len, "%s/gnuplot", d);
		if (!access(buf, X_OK))
			return true;
	}
	return false;
}

static size_t entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

/* report on a fixture folder: its exit status; the page, which must be. */
static int report(const char *folder, char **page, char **err,
		  const char *extra)
{
	char out_path[PATH_MAX];
	char *out;
	int st;

	snprintf(out_path, sizeof(out_path), "%s", fvt_at("page.html"));
	unlink(out_path);
	st = extra ? fvt_run(&out, err, "report", "-q", extra,
			     fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				      folder),
			     "-o", out_path, NULL)
		   : fvt_run(&out, err, "report", "-q",
			     fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				      folder),
			     "-o", out_path, NULL);
	free(out);
	*page = fvt_slurp(out_path, NULL);
	if (!*page)
		fail_msg("report %s: exit %d, no page: %s", folder, st, *err);
	if (!strstr(*page, "</html>"))
		fail_msg("report %s: the page is cut short", folder);
	if (entries(fvt_at("tmp")))
		fail_msg("report %s: left %zu entries in $TMPDIR", folder,
			 entries(fvt_at("tmp")));
	return st;
}

/*
 * Folders of real and generated files: each gives its page, exits as
 * verdict does (2: cdm/made has a garbled file), and the charts with
 * nothing to draw are said to be left out in their place.
 */
static void every_folder_has_its_page(void **state)
{
	static const struct {
		const char *folder;
		int status;
		const char *left_out; /* a line the page must have, or NULL */
	} cases[] = {
		{ "cdm/real", 0, NULL },
		{ "cdm/seed004", 0, NULL },
		{ "cdm/made", 2, NULL },
		{ "diskspd", 0, NULL },
		{ "diskspd-text", 0, NULL },
		{ "versions/3.42", 0,
		  "<b>fleet: each run's P99 latency</b>: left out: no run of "
		  "a repeated job has a P99 latency" },
		/* nine VMs and disks, each its file: no repeated job */
		{ "seed004", 0, "'seed004' held the results of 9 files" },
		{ "fio_text/fio-3.42", 0, NULL },
		{ "hosts", 0, NULL },
	};
	char gp[PATH_MAX];
	bool have = gnuplot_at(gp, sizeof(gp));

	(void) state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *page, *err;
		int st = report(cases[i].folder, &page, &err, NULL);
		/* without gnuplot: 69, unless the inputs said worse */
		int want = !have && !cases[i].status ? 69 : cases[i].status;

		if (st != want)
			fail_msg("report %s: exit %d, not %d: %s",
				 cases[i].folder, st, want, err);
		if (cases[i].left_out && !strstr(page, cases[i].left_out))
			fail_msg("report %s: no '%s'", cases[i].folder,
				 cases[i].left_out);
		free(page);
		free(err);
	}
}

/* --fail-on as verdict's: 1 when such a verdict occurs, the page written. */
static void fail_on(void **state)
{
	char gp[PATH_MAX], *page, *err;
	int st;

	(void) state;
	st = report("seed004", &page, &err, "--fail-on=methodology");
	assert_int_equal(st, 1);
	free(page);
	free(err);
	st = report("seed004", &page, &err, "--fail-on=host-outlier");
	assert_int_equal(st, gnuplot_at(gp, sizeof(gp)) ? 0 : 69);
	free(page);
	free(err);
}

/* A script in front of the real gnuplot, failing on one chart as it does. */
static const char fake[] =
	"#!/bin/sh\n"
	"if grep -q 'Completion latency percentiles: peak write' \"$1\"; then\n"
	"  echo '         plot $d0 using 1:2' >&2\n"
	"  echo '                            ^' >&2\n"
	"  echo \"\\\"$1\\\" line 12: all points y value undefined!\" >&2\n"
	"  exit 1\n"
	"fi\n"
	"exec '%s' \"$@\"\n";

static void one_chart_fails(void **state)
{
	char gp[PATH_MAX], script[PATH_MAX + sizeof(fake)], path[PATH_MAX * 2];
	char *page, *err;
	int st;

	(void) state;
	if (!gnuplot_at(gp, sizeof(gp)))
		skip();
	fvt_mkdir(fvt_at("bin"));
	snprintf(script, sizeof(script), fake, gp);
	fvt_mkfile(fvt_at("bin/gnuplot"), script, strlen(script));
	assert_int_equal(chmod(fvt_at("bin/gnuplot"), 0755), 0);
	snprintf(path, sizeof(path), "%s:%s", fvt_at("bin"), old_path);
	setenv("PATH", path, 1);
	st = report("versions/3.42", &page, &err, NULL);
	if (st)
		fail_msg("exit %d: %s", st, err);
	/* the chart gnuplot failed on: its title and gnuplot's error */
	assert_non_null(strstr(page, "<b>Completion latency percentiles: peak "
				     "write</b>: left out: gnuplot failed "
				     "(exit status 1): line 12: all points y "
				     "value undefined!"));
	/* -q: on the page alone, not on standard error */
	assert_null(strstr(err, "left out"));
	/* the others are drawn */
	assert_non_null(strstr(page, "<figure class=\"fv-chart\""));
	assert_non_null(strstr(page, ">Completion latency percentiles: peak "
				     "read</text>"));
	free(page);
	free(err);
}

/* gnuplot not installed: 69, and still the page, saying so. */
static void no_gnuplot(void **state)
{
	char *page, *err;

	(void) state;
	fvt_mkdir(fvt_at("empty"));
	setenv("PATH", fvt_at("empty"), 1);
	assert_int_equal(report("versions/3.42", &page, &err, NULL), 69);
	assert_non_null(strstr(page, "gnuplot not found on PATH"));
	/* a chart with nothing to draw is said so all the same */
	assert_non_null(strstr(page, "each run's P99 latency</b>: left out"));
	free(page);
	free(err);
}

/* No temporary folder: 73, the page without charts, saying why. */
static void no_tmpdir(void **state)
{
	char gp[PATH_MAX], *page, *err;
	int st;

	(void) state;
	if (!gnuplot_at(gp, sizeof(gp)))
		skip();
	setenv("TMPDIR", fvt_at("tmp/missing"), 1);
	st = report("versions/3.42", &page, &err, NULL);
	assert_int_equal(st, 73);
	assert_non_null(strstr(page, "cannot make a temporary folder in "));
	assert_null(strstr(page, "<figure"));
	free(page);
	free(err);
}

/* A fleet whose hosts have no p99: that chart is left out, saying why. */
static void fleet_without_p99(void **state)
{
	static const char *const keys[] = { "fleet", "job", "host",
					    "iops",  "p99", "findings" };
	struct fv_table *t = fv_table_new("hosts", "Hosts");
	struct fv_charts c = { 0 };
	FILE *devnull = fopen("/dev/null", "w");
	char why[256];

	(void) state;
	assert_non_null(t);
	for (size_t k = 0; k < 6; k++)
		assert_int_equal(fv_table_add_col(t, keys[k], keys[k],
						  k == 3 || k == 4 ? FV_U_IOPS
								   : FV_U_TEXT,
						  0),
				 0);
	for (int h = 0; h < 3; h++) {
		char host[16];
		int r = fv_table_add_row(t);

		snprintf(host, sizeof(host), "h%d", h);
		assert_true(r >= 0);
		assert_int_equal(fv_cell_str(t, (size_t) r, 0, "-"), 0);
		assert_int_equal(fv_cell_str(t, (size_t) r, 1, "j"), 0);
		assert_int_equal(fv_cell_str(t, (size_t) r, 2, host), 0);
		assert_int_equal(fv_cell_num(t, (size_t) r, 3, 1000 + h), 0);
		assert_int_equal(fv_cell_str(t, (size_t) r, 5, "-"), 0);
	}
	assert_int_equal(fv_charts_hosts(&c, t), 0);
	assert_int_equal(c.n, 2);
	assert_string_equal(c.v[0].left_out, "");
	assert_string_equal(c.v[1].title,
			    "Fleet (unnamed): P99 latency per host");
	assert_non_null(strstr(c.v[1].left_out, "no host of the fleet has a "
						"P99 latency"));
	/* drawing keeps that reason, and gives gnuplot the other alone */
	setenv("PATH", fvt_at("tmp"), 1); /* no gnuplot: nothing drawn */
	assert_int_equal(fv_charts_draw(&c, devnull, why, sizeof(why)),
			 FV_DRAW_NO_GNUPLOT);
	assert_non_null(strstr(c.v[1].left_out, "no host of the fleet"));
	assert_string_equal(c.v[0].left_out, "");
	fv_charts_free(&c);
	fv_table_free(t);
	fclose(devnull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(every_folder_has_its_page,
						setup, teardown),
		cmocka_unit_test_setup_teardown(fail_on, setup, teardown),
		cmocka_unit_test_setup_teardown(one_chart_fails, setup,
						teardown),
		cmocka_unit_test_setup_teardown(no_gnuplot, setup, teardown),
		cmocka_unit_test_setup_teardown(no_tmpdir, setup, teardown),
		cmocka_unit_test_setup_teardown(fleet_without_p99, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
