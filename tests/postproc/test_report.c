/* SPDX-License-Identifier: MIT */
/*
 * fioverdict report always writes its page: on folders of real files whose
 * charts have nothing to draw, with no program on PATH and no temporary
 * folder (the charts are SVG written by fioverdict itself); it exits as
 * verdict does; and it leaves nothing in $TMPDIR. The SVG of a chart made
 * here: every point's values on hover, a level above the data inside the
 * frame, what a log axis cannot show left out.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fvtest.h"
#include "html/chart.h"
#include "util/util.h"

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

/*
 * report on a folder (a fixture's, or an absolute path): its exit status;
 * the page, which must be.
 */
static int report(const char *folder, char **page, char **err,
		  const char *extra)
{
	char out_path[PATH_MAX];
	char *out;
	int st;

	snprintf(out_path, sizeof(out_path), "%s", fvt_at("page.html"));
	unlink(out_path);
	if (folder[0] != '/')
		folder = fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				  folder);
	st = extra ? fvt_run(&out, err, "report", "-q", extra, folder, "-o",
			     out_path, NULL)
		   : fvt_run(&out, err, "report", "-q", folder, "-o", out_path,
			     NULL);
	free(out);
	*page = fvt_slurp(out_path, NULL);
	if (!*page)
		fail_msg("report %s: exit %d, no page: %s", folder, st, *err);
	if (!strstr(*page, "</html>"))
		fail_msg("report %s: the page is cut short", folder);
	if (fvt_entries(fvt_at("tmp"), NULL))
		fail_msg("report %s: left %zu entries in $TMPDIR", folder,
			 fvt_entries(fvt_at("tmp"), NULL));
	return st;
}

/*
 * fio 3.42's client output of two hosts (versions/3.42/client.json) and
 * a rerun of it a minute later (its timestamp + 60 s, figures alike):
 * the fleet's two runs, which have no percentiles. Returns the folder.
 */
static const char *fleet_reruns(void)
{
	size_t n;
	char *doc = fvt_slurp(fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				       "versions/3.42/client.json"),
			      &n),
	     *at;

	assert_non_null(doc);
	fvt_mkdir(fvt_at("reruns"));
	fvt_mkfile(fvt_at("reruns/client.json"), doc, n);
	at = strstr(doc, "\"timestamp\" : 1796164669,");
	assert_non_null(at);
	/* 1796164669 + 60 = 1796164729 */
	memcpy(at + strlen("\"timestamp\" : 1796164"), "729", 3);
	fvt_mkfile(fvt_at("reruns/client-rerun.json"), doc, n);
	free(doc);
	return fvt_at("reruns");
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
		/* client.json repeats client-preamble.json: one run */
		{ "versions/3.42", 0, "client.json holds the same result as " },
		/* nine VMs and disks, each its file: no repeated job */
		{ "seed004", 0, "'seed004' held the results of 9 files" },
		{ "fio_text/fio-3.42", 0, NULL },
		{ "hosts", 0, NULL },
	};
	char *page, *err;

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		int st = report(cases[i].folder, &page, &err, NULL);
		int want = cases[i].status;

		if (st != want)
			fail_msg("report %s: exit %d, not %d: %s",
				 cases[i].folder, st, want, err);
		if (cases[i].left_out && !strstr(page, cases[i].left_out))
			fail_msg("report %s: no '%s'", cases[i].folder,
				 cases[i].left_out);
		free(page);
		free(err);
	}
	/* the fleet's two runs have no percentiles */
	assert_int_equal(report(fleet_reruns(), &page, &err, NULL), 0);
	fvt_has(page, "<b>fleet: each run's P99 latency</b>: left out: no "
		      "run of a repeated job has a P99 latency");
	free(page);
	free(err);
}

/* --fail-on as verdict's: 1 when such a verdict occurs, the page written. */
static void fail_on(void **state)
{
	char *page, *err;
	int st;

	(void) state;
	st = report("seed004", &page, &err, "--fail-on=methodology");
	assert_int_equal(st, 1);
	free(page);
	free(err);
	st = report("seed004", &page, &err, "--fail-on=host-outlier");
	assert_int_equal(st, 0);
	free(page);
	free(err);
}

/*
 * No program on PATH and no temporary folder: the charts are drawn all
 * the same, and a chart with nothing to draw is said so in its place.
 */
static void charts_need_no_program(void **state)
{
	char *page, *err;

	(void) state;
	fvt_mkdir(fvt_at("empty"));
	setenv("PATH", fvt_at("empty"), 1);
	setenv("TMPDIR", fvt_at("tmp/missing"), 1);
	assert_int_equal(report("versions/3.42", &page, &err, NULL), 0);
	fvt_has(page, "<figure class=\"fv-chart\"",
		">Completion latency percentiles: peak "
		"read</text>");
	free(page);
	free(err);
	assert_int_equal(report(fleet_reruns(), &page, &err, NULL), 0);
	fvt_has(page, "each run's P99 latency</b>: left out");
	free(page);
	free(err);
}

static struct fv_chart *chart_of(struct fv_charts *c, enum fv_axis y)
{
	struct fv_chart *ch =
		fv_chart_add(c, "IOPS <&> time", "Time (s)", "IOPS");

	assert_non_null(ch);
	ch->yaxis = y;
	return ch;
}

/*
 * A chart made here, drawn: its frame at the chart's size, each point's
 * values in its hover title, a cap above every point inside the frame,
 * the title escaped; on a log axis a 0 is left out, and a line of zeros
 * alone leaves the chart out.
 */
static void svg_of_a_chart(void **state)
{
	struct fv_charts c = { 0 };
	struct fv_chart *ch = chart_of(&c, FV_AX_LIN);
	struct fv_line *l = fv_line_add(ch, "disk-a");
	struct fv_mark cap = { .kind = FV_MK_HLINE,
			       .x0 = NAN,
			       .x1 = NAN,
			       .y = 5000,
			       .text = "capped at 5k IOPS" };
	const char *svg;

	(void) state;
	assert_int_equal(fv_line_point(l, 1, 1200), 0);
	assert_int_equal(fv_line_point(l, 2, 3400), 0);
	assert_int_equal(fv_mark_add(ch, &cap), 0);
	ch = chart_of(&c, FV_AX_LOG10);
	l = fv_line_add(ch, "disk-b");
	assert_int_equal(fv_line_point(l, 1, 0), 0);
	assert_int_equal(fv_line_point(l, 2, 250), 0);
	ch = chart_of(&c, FV_AX_LOG10);
	l = fv_line_add(ch, "zeros");
	assert_int_equal(fv_line_point(l, 1, 0), 0);
	assert_int_equal(fv_charts_draw(&c), 0);

	svg = c.v[0].svg;
	assert_non_null(svg);
	fvt_has(svg, "width=\"760\" height=\"380\"",
		">IOPS &lt;&amp;&gt; time</text>",
		"<title>disk-a\nTime (s): 1\nIOPS: 1200"
		"</title>",
		"<title>disk-a\nTime (s): 2\nIOPS: 3400"
		"</title>",
		">capped at 5k IOPS</text>", "stroke-dasharray");
	/* the axis reaches past the cap: a tick at or above 5k */
	assert_true(strstr(svg, ">5k</text>") || strstr(svg, ">6k</text>"));

	svg = c.v[1].svg;
	assert_non_null(svg);
	fvt_lacks(svg, "IOPS: 0</title>");
	fvt_has(svg, "IOPS: 250</title>");
	assert_null(c.v[2].svg);
	assert_string_equal(c.v[2].left_out, "no point to draw");
	fv_charts_free(&c);
}

/*
 * report --interactive without the page of make web, or with a file that
 * is not it: 69 before any work, the file named, no page written.
 */
static void interactive_without_its_page(void **state)
{
	const char *page = fvt_at("page.html"), *fake = fvt_at("fake.html");
	char *out, *err;

	(void) state;
	setenv("FV_WEB_PAGE", fvt_at("missing.html"), 1);
	assert_int_equal(fvt_run(&out, &err, "report", "--interactive",
				 fvt_path("FV_FIXTURES",
					  "tests/postproc/fixtures", "diskspd"),
				 "-o", page, NULL),
			 69);
	fvt_has(err, "missing.html: No such file");
	assert_int_equal(access(page, F_OK), -1);
	free(out);
	free(err);
	fvt_mkfile(fake, "<html></html>\n", 14);
	setenv("FV_WEB_PAGE", fake, 1);
	assert_int_equal(fvt_run(&out, &err, "report", "--interactive",
				 fvt_path("FV_FIXTURES",
					  "tests/postproc/fixtures", "diskspd"),
				 "-o", page, NULL),
			 69);
	fvt_has(err, "fake.html is not the page of make web");
	assert_int_equal(access(page, F_OK), -1);
	unsetenv("FV_WEB_PAGE");
	free(out);
	free(err);
}

/* A fleet whose hosts have no p99: that chart is left out, saying why. */
static void fleet_without_p99(void **state)
{
	static const char *const keys[] = { "fleet", "job", "host",
					    "iops",  "p99", "findings" };
	struct fv_table *t = fv_table_new("hosts", "Hosts");
	struct fv_charts c = { 0 };

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
	fvt_has(c.v[1].left_out, "no host of the fleet has a "
				 "P99 latency");
	/* drawing keeps that reason, and draws the other */
	assert_int_equal(fv_charts_draw(&c), 0);
	fvt_has(c.v[1].left_out, "no host of the fleet");
	assert_null(c.v[1].svg);
	assert_string_equal(c.v[0].left_out, "");
	assert_non_null(c.v[0].svg);
	fv_charts_free(&c);
	fv_table_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(every_folder_has_its_page,
						setup, teardown),
		cmocka_unit_test_setup_teardown(fail_on, setup, teardown),
		cmocka_unit_test_setup_teardown(charts_need_no_program, setup,
						teardown),
		cmocka_unit_test_setup_teardown(svg_of_a_chart, setup,
						teardown),
		cmocka_unit_test_setup_teardown(interactive_without_its_page,
						setup, teardown),
		cmocka_unit_test_setup_teardown(fleet_without_p99, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
