/* SPDX-License-Identifier: MIT */
/*
 * fio's histogram logs: names, fio's bin layout and percentile rule on
 * hand-made lines with known answers, bad lines, and logs written by the
 * installed fio (tsgen/hist, tsgen/hist_coarse) through `timeline`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fvtest.h"
#include "logs/logs.h"
#include "util/util.h"

static const char *tsgen(const char *rel)
{
	return fvt_path("FV_TSGEN", "build/tests/postproc/tsgen", rel);
}

/* "t, dir, 4096, " then nbins counts: count[i] in bin at[i]. */
static char *hist_line(unsigned t, int dir, size_t nbins, const size_t *at,
		       const unsigned *count, size_t n, bool newline)
{
	size_t cap = 32 + nbins * 12, len;
	char *s = malloc(cap);

	assert_non_null(s);
	len = (size_t) snprintf(s, cap, "%u, %d, 4096", t, dir);
	for (size_t b = 0; b < nbins; b++) {
		unsigned c = 0;

		for (size_t i = 0; i < n; i++)
			if (at[i] == b)
				c = count[i];
		len += (size_t) snprintf(s + len, cap - len, ", %u", c);
	}
	if (newline)
		snprintf(s + len, cap - len, "\n");
	return s;
}

/* A directory with hist.json (two clones of job "hist") and a log. */
static void make_run(const char *log_text)
{
	size_t len;
	char *json = fvt_slurp(tsgen("hist/hist.json"), &len);

	assert_non_null(json);
	if (access(fvt_at("run"), F_OK))
		fvt_mkdir(fvt_at("run"));
	fvt_mkfile(fvt_at("run/hist.json"), json, len);
	fvt_mkfile(fvt_at("run/hist_clat_hist.1.log"), log_text,
		   strlen(log_text));
	free(json);
}

static char *join3(char *a, char *b, char *c)
{
	char *s;

	assert_true(asprintf(&s, "%s%s%s", a, b, c ? c : "") > 0);
	free(a);
	free(b);
	free(c);
	return s;
}

static void test_names(void **state)
{
	enum fv_log_kind k;
	char *prefix = NULL;
	int n;

	(void) state;
	assert_int_equal(fv_hist_name("d/job_clat_hist.3.log", &prefix, &k, &n),
			 0);
	assert_string_equal(prefix, "job");
	assert_int_equal(k, FV_LOG_CLAT);
	assert_int_equal(n, 3);
	free(prefix);
	assert_int_equal(fv_hist_name("a_lat_hist.1.log.host1", NULL, &k, &n),
			 0);
	assert_int_equal(k, FV_LOG_LAT);
	assert_true(fv_log_named("x_slat_hist.2.log"));
	/* not a rate log, and no histogram of IOPS */
	assert_int_equal(fv_log_name("job_clat_hist.3.log", NULL, &k, &n),
			 -EINVAL);
	assert_int_equal(fv_hist_name("job_clat.3.log", NULL, &k, &n), -EINVAL);
	assert_int_equal(fv_hist_name("job_iops_hist.1.log", NULL, &k, &n),
			 -EINVAL);
}

static void test_bin_ranges(void **state)
{
	double lo, hi;

	(void) state;
	/* fio's plat_idx_to_val: below 128 exact; bin 500 is 4096+52.5*64 */
	assert_int_equal(fv_hist_bin_range(1856, 100, &lo, &hi), 0);
	assert_true(lo == 100 && hi == 100);
	assert_int_equal(fv_hist_bin_range(1856, 500, &lo, &hi), 0);
	assert_true(lo == 4096 + 52 * 64 && hi == 4096 + 53 * 64);
	/* coarseness 6: bin 3 holds fine bins 192-255 */
	assert_int_equal(fv_hist_bin_range(29, 3, &lo, &hi), 0);
	assert_true(lo == 256 && hi == 512);
	/* fio 2.x: 1216 bins, µs */
	assert_int_equal(fv_hist_bin_range(1216, 100, &lo, &hi), 0);
	assert_true(lo == 100000 && hi == 100000);
	assert_int_equal(fv_hist_bin_range(1000, 3, &lo, &hi), -EINVAL);
}

/* A line at t of direction dir: count I/Os in bin at of nbins, no other. */
static char *one_bin(unsigned t, int dir, size_t nbins, size_t at,
		     unsigned count)
{
	return hist_line(t, dir, nbins, &at, &count, 1, true);
}

/* A write line at t: 7 I/Os in bin 200 (290 ns) of fio's 1856. */
static char *line7(unsigned t)
{
	return one_bin(t, 1, 1856, 200, 7);
}

/* `timeline -f csv` of the run (and extra, if not NULL), as w says. */
static void timeline_csv(const char *extra, const struct fvt_want *w)
{
	FVT_HELD(run, "run");
	const char *args[] = { "timeline", "-f", "csv", run, extra, NULL };

	fvt_check_run(w, args);
}

/* The first window of line7(200), as the CSV row starts. */
#define WINDOW7 ",hist,write,0,200,7,35,290,"

/* 98 I/Os at 290 ns (bin 200), 2 at 7456 ns (bin 500): known answers. */
static void test_known_percentiles(void **state)
{
	size_t at[] = { 200, 500 };
	unsigned c1[] = { 98, 2 }, c2[] = { 10, 0 };
	char *log = join3(hist_line(200, 1, 1856, at, c1, 2, true),
			  hist_line(400, 1, 1856, at, c2, 2, true), NULL);

	(void) state;
	make_run(log);
	/* window 0-200 ms: 100 I/Os, 500 IO/s, P50 P95 290, P99 P99.9 max */
	timeline_csv(NULL, &(struct fvt_want){
				   .out = { ",hist,write,0,200,100,500,290,290,"
					    "7456,7456,7456\r\n",
					    ",hist,write,200,400,10,50,290,290,"
					    "290,290,290\r\n" } });
	/* --window adds both up */
	fvt_check_run(&(struct fvt_want){ .out = { ",hist,write,0,400,110,275,"
						   "7456,290,7456\r\n" } },
		      (const char *[]){ "timeline", "-f", "csv", "--window",
					"1s", "-p", "99,50", fvt_at("run"),
					NULL });
	free(log);
}

static void test_coarse(void **state)
{
	char *log = one_bin(200, 1, 29, 3, 5);

	(void) state;
	make_run(log);
	/* bin 3 of 29 spans 256-512 ns: its middle */
	fvt_check_run(&(struct fvt_want){ .out = { ",hist,write,0,200,5,25,"
						   "384,384\r\n" } },
		      (const char *[]){ "timeline", "-f", "csv", "-p", "50",
					fvt_at("run"), NULL });
	free(log);
}

/* A bad line: named with file and line, its window n/a, the rest read. */
static void expect_bad(const char *bad_line, const char *needle,
		       const char *damaged_row)
{
	char *log = join3(line7(200), strdup(bad_line), line7(600));

	make_run(log);
	/* the window of the bad line: no number from it */
	timeline_csv(NULL,
		     &(struct fvt_want){
			     .status = 2,
			     .err = { "hist_clat_hist.1.log:2:", needle },
			     .out = { WINDOW7, damaged_row,
				      ",hist,write,400,600,7,35,290," } });
	free(log);
}

static void test_bad_lines(void **state)
{
	char *short_line = one_bin(400, 1, 1000, 200, 7);

	(void) state;
	expect_bad(short_line, "1000 histogram bins", ",hist,write,200,400,,,");
	expect_bad("400, 1, 4096, 1, 2, x\n", "histogram bins",
		   ",hist,write,200,400,,,");
	/* a direction it cannot tell: the window's row has none */
	expect_bad("400, 7, 4096, 1\n", "data direction", ",hist,-,200,400,,,");
	free(short_line);
}

static void test_out_of_order(void **state)
{
	char *log = join3(line7(400), line7(300), NULL);

	(void) state;
	make_run(log);
	timeline_csv(NULL,
		     &(struct fvt_want){ .status = 2,
					 .err = { "hist_clat_hist.1.log:2:",
						  "out of order" } });
	free(log);
}

/* The last line cut short, as a killed fio leaves it. */
static void test_truncated(void **state)
{
	char *full = line7(400);
	char *log;

	(void) state;
	full[strlen(full) / 2] = '\0';
	log = join3(line7(200), full, NULL);
	make_run(log);
	timeline_csv(NULL,
		     &(struct fvt_want){
			     .status = 2,
			     .err = { "hist_clat_hist.1.log:2:" },
			     .out = { WINDOW7, ",hist,write,200,400,,," } });
	free(log);
}

/*
 * A histogram log that names none of the results' jobs (another run's):
 * beside the results, one warning for the directory, the exit status the
 * results' and the log that has its job still read; named, an error
 * saying what the jobs' logs are called.
 */
static void test_stray(void **state)
{
	static const struct {
		const char *at;
		bool named;
		struct fvt_want want;
	} cases[] = {
		{ "run/other_clat_hist.1.log",
		  false,
		  { .err = { "1 log beside the results names no job of them: "
			     "other_clat_hist.1.log" },
		    .out = { WINDOW7 } } },
		{ "other_clat_hist.1.log",
		  true,
		  { .status = 2,
		    .err = { "other_clat_hist.1.log: error: histogram log "
			     "names no job of the inputs",
			     "would write hist_clat_hist.1.log, "
			     "hist_clat_hist.2.log" } } },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		char *log = line7(200);

		make_run(log);
		fvt_mkfile(fvt_at("%s", cases[i].at), log, strlen(log));
		timeline_csv(cases[i].named ? fvt_at("%s", cases[i].at) : NULL,
			     &cases[i].want);
		/* the next case's run has only its own stray log */
		assert_int_equal(unlink(fvt_at("%s", cases[i].at)), 0);
		free(log);
	}
}

/*
 * A read line in the log of a job that only wrote: the log's fault, said
 * at the line; the line not used, the write lines read.
 */
static void test_other_direction(void **state)
{
	char *log = join3(line7(200), one_bin(200, 0, 1856, 200, 9), NULL);

	(void) state;
	make_run(log);
	timeline_csv(NULL, &(struct fvt_want){
				   .err = { "hist_clat_hist.1.log:2: warning: "
					    "data direction read, but job "
					    "hist#0 did no read I/O" },
				   .out = { WINDOW7 },
				   .not_out = { ",read," } });
	free(log);
}

/* Sum of every bin of every line of a log. */
static unsigned long long log_ios(const char *path)
{
	FILE *f = fopen(path, "r");
	unsigned long long n = 0, v;
	char *line = NULL;
	size_t cap = 0;

	assert_non_null(f);
	while (getline(&line, &cap, f) > 0) {
		char *p = line;
		int field = 0;

		for (; *p; field++) {
			v = strtoull(p, &p, 10);
			if (field >= 3)
				n += v;
			while (*p == ',' || *p == ' ' || *p == '\n')
				p++;
		}
	}
	free(line);
	fclose(f);
	return n;
}

/* fio's own logs: two clones added up, window by window. */
static void test_fio_clones(void **state)
{
	const char *dir = tsgen("hist");
	unsigned long long in_logs = 0, shown = 0;
	char *out, *err, *p;
	size_t rows = 0;

	(void) state;
	for (int i = 1; i <= 2; i++) {
		char path[PATH_MAX];

		snprintf(path, sizeof(path), "%s/hist_clat_hist.%d.log", dir,
			 i);
		in_logs += log_ios(path);
	}
	assert_true(in_logs > 1000);
	assert_int_equal(
		fvt_run(&out, &err, "timeline", "-f", "csv", dir, NULL), 0);
	assert_string_equal(err, "");
	for (p = strchr(out, '\n'); p && p[1]; p = strchr(p + 1, '\n')) {
		double start, end, ios, iops, p50, p95, p99, p999, max;

		assert_int_equal(sscanf(strstr(p, ",write,") + 7,
					"%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf",
					&start, &end, &ios, &iops, &p50, &p95,
					&p99, &p999, &max),
				 9);
		assert_true(end > start);
		assert_true(p50 <= p95 && p95 <= p99 && p99 <= p999 &&
			    p999 <= max);
		shown += (unsigned long long) ios;
		rows++;
	}
	assert_true(rows >= 8); /* 2 s of 200 ms windows */
	assert_true(shown == in_logs);
	free(out);
	free(err);
	/* the clones wrote IOPS logs too: the IOPS are theirs */
	fvt_check_run(&(struct fvt_want){ .out = { "the mean of fio's IOPS "
						   "log" } },
		      (const char *[]){ "timeline", dir, NULL });
}

static void test_fio_coarse(void **state)
{
	(void) state;
	fvt_check_run(
		&(struct fvt_want){
			.out = { "coarse  read", "coarse  write" } },
		(const char *[]){ "timeline", tsgen("hist_coarse"), NULL });
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_bin_ranges),
		FVT_TMP_TEST(test_known_percentiles),
		FVT_TMP_TEST(test_coarse),
		FVT_TMP_TEST(test_bad_lines),
		FVT_TMP_TEST(test_out_of_order),
		FVT_TMP_TEST(test_truncated),
		FVT_TMP_TEST(test_stray),
		FVT_TMP_TEST(test_other_direction),
		cmocka_unit_test(test_fio_clones),
		cmocka_unit_test(test_fio_coarse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
