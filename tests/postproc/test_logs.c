/* SPDX-License-Identifier: MIT */
/*
 * fio logs: every column layout, names, per-I/O binning, clone sums,
 * unit scaling, errors with line and column; logs made by the installed
 * fio (averaged, per-I/O, numjobs clones) joined to their jobs.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "logs/logs.h"

static int parse(struct fv_logset *ts, struct fv_diags *d, const char *name,
		 const char *text)
{
	return fv_log_parse(ts, name, text, strlen(text), d);
}

/* parse(), failing the test (naming the log) when it does not read it. */
static void parse_ok(struct fv_logset *ts, struct fv_diags *d, const char *name,
		     const char *text)
{
	if (parse(ts, d, name, text))
		fail_msg("%s not read", name);
}

static void test_names(void **state)
{
	enum fv_log_kind k;
	char *p = NULL;
	int n;

	(void) state;
	assert_int_equal(fv_log_name("d/job_x_clat.12.log", &p, &k, &n), 0);
	assert_string_equal(p, "job_x");
	assert_int_equal(k, FV_LOG_CLAT);
	assert_int_equal(n, 12);
	free(p);
	assert_int_equal(fv_log_name("a_lat.log", &p, &k, &n), 0);
	assert_int_equal(k, FV_LOG_LAT);
	assert_int_equal(n, 0);
	free(p);
	/* a histogram log is a log, read by timeline, not a rate log */
	assert_true(fv_log_named("a_clat_hist.1.log"));
	assert_int_equal(fv_log_name("a_clat_hist.1.log", NULL, &k, &n),
			 -EINVAL);
	assert_false(fv_log_named("fio.json"));
	assert_false(fv_log_named("_iops.1.log"));
	assert_true(fv_log_named("x_bw.3.log"));
}

/* 4, 5, 6 and 7 columns, hex prio, CRLF and blank lines. */
/*
 * log_window_value=both (fio 3.36): "time, mean, max, ddir, bs". Read as
 * such even when the first lines are zeros, the mean kept; an averaged
 * log with log_offset (also five columns) stays the plain layout.
 */
static void test_window_both(void **state)
{
	struct fv_logset ts = { 0 };
	struct fv_diags d = { 0 };

	(void) state;
	parse_ok(&ts, &d, "wb_iops.1.log",
		 "100, 0, 0, 1, 0\n200, 3900, 4100, 1, 0\n"
		 "300, 4000, 4200, 1, 0\n");
	assert_int_equal(d.nerrors, 0);
	assert_int_equal(ts.n, 1);
	assert_int_equal(ts.v[0]->ddir, FV_DIR_WRITE);
	assert_int_equal(ts.v[0]->n, 3);
	assert_true(ts.v[0]->pt[0].v == 0);
	assert_true(ts.v[0]->pt[2].v == 4000);
	parse_ok(&ts, &d, "off_iops.1.log",
		 "100, 7, 0, 0, 0\n200, 9, 0, 0, 0\n");
	assert_int_equal(ts.n, 2);
	assert_int_equal(ts.v[1]->ddir, FV_DIR_READ);
	assert_true(ts.v[1]->pt[1].v == 9);
	/* a negative direction is an error (and never an index) */
	assert_true(parse(&ts, &d, "neg_iops.1.log", "100, 10, -96, 0\n") < 0);
	assert_int_equal(d.nerrors, 1);
	/* a short line in a "both" log is an error, not a shifted value */
	assert_true(parse(&ts, &d, "bad_iops.1.log",
			  "100, 10, 20, 1, 0\n200, 10, 1, 0\n") < 0);
	assert_int_equal(d.nerrors, 2);
	fv_logset_free(&ts);
	fv_diags_free(&d);
}

static void test_layouts(void **state)
{
	struct fv_logset ts = { 0 };
	struct fv_diags d = { 0 };

	(void) state;
	parse_ok(&ts, &d, "l4_iops.1.log",
		 "100, 50, 1, 4096\n200, 60, 1, 4096\n");
	parse_ok(&ts, &d, "l5_iops.1.log",
		 "100, 50, 0, 0, 0\n200, 60, 1, 0, 0\n");
	parse_ok(&ts, &d, "l7_clat.1.log",
		 "0, 14016, 1, 4096, 503808, 0x0000, 7\r\n\r\n"
		 "1, 3201, 2, 4096, 0, 0x6001, 9\r\n");
	assert_int_equal(d.nerrors, 0);
	/* l4: one write series; l5: read and write; l7: write and trim. */
	assert_int_equal(ts.n, 5);
	assert_int_equal(ts.v[0]->n, 2);
	assert_false(ts.v[0]->averaged);
	assert_true(ts.v[1]->averaged);
	assert_int_equal(ts.v[1]->ddir, FV_DIR_READ);
	assert_int_equal(ts.v[2]->ddir, FV_DIR_WRITE);
	assert_int_equal(ts.v[3]->kind, FV_LOG_CLAT);
	assert_true(ts.v[3]->pt[0].v == 14016);
	assert_int_equal(ts.v[4]->ddir, FV_DIR_TRIM);
	fv_logset_free(&ts);
	fv_diags_free(&d);
}

static void expect_error(const char *text, int line, int col,
			 const char *needle)
{
	struct fv_logset ts = { 0 };
	struct fv_diags d = { 0 };

	assert_int_equal(parse(&ts, &d, "x_iops.1.log", text), -EBADMSG);
	assert_int_equal(ts.n, 0); /* the whole file is dropped */
	assert_int_equal(d.nerrors, 1);
	assert_int_equal(d.v[0].line, line);
	assert_int_equal(d.v[0].column, col);
	assert_non_null(strstr(d.v[0].message, needle));
	fv_logset_free(&ts);
	fv_diags_free(&d);
}

static void test_errors(void **state)
{
	(void) state;
	expect_error("100, 50, 1, 0\n200, x50, 1, 0\n", 2, 6, "value");
	expect_error("100, 50, 7, 0\n", 1, 10, "direction 7");
	expect_error("100, 50\n", 1, 8, "expected at least 4");
	expect_error("100; 50, 1, 0\n", 1, 4, "',' expected");
	expect_error("100, 50, 1, 0, zz\n", 1, 16, "extra column");
	expect_error("100, 50, 1.5, 0\n", 1, 10, "direction");
}

static void test_empty_is_note(void **state)
{
	struct fv_logset ts = { 0 };
	struct fv_diags d = { 0 };

	(void) state;
	parse_ok(&ts, &d, "x_slat.1.log", "\n");
	assert_int_equal(ts.n, 0);
	assert_int_equal(d.nerrors, 0);
	assert_int_equal(d.n, 1);
	fv_diags_free(&d);
}

/* The write IOPS of a per-I/O log (text, file name), the log job's. */
static void write_iops(struct fv_logset *ts, struct fv_diags *d,
		       struct fv_job *job, const char *name, const char *text,
		       struct fv_rate *r)
{
	parse_ok(ts, d, name, text);
	ts->v[0]->job = job;
	assert_int_equal(fv_log_rate(ts, job, FV_LOG_IOPS, FV_DIR_WRITE, r), 0);
}

/* Per-I/O samples binned: 10 I/Os of 4 KiB in each 100 ms window. */
static void test_binning(void **state)
{
	struct fv_logset ts = { .bin_ms = 100 };
	struct fv_diags d = { 0 };
	struct fv_job job = { .name = "b", .kind = FV_JOB_SINGLE };
	struct fv_rate r;
	char text[4096];
	size_t len = 0;

	(void) state;
	for (int i = 0; i < 35; i++)
		len += (size_t) snprintf(text + len, sizeof(text) - len,
					 "%d, 1, 1, 4096\n", i * 10);
	write_iops(&ts, &d, &job, "b_iops.1.log", text, &r);
	assert_int_equal(r.n, 3); /* the partial last window is dropped */
	assert_true(fabs(r.v[0] - 100) < 1e-9);
	assert_true(fabs(r.t_ms[2] - 300) < 1e-9);
	fv_rate_free(&r);
	ts.v[0]->kind = FV_LOG_BW;
	assert_int_equal(fv_log_rate(&ts, &job, FV_LOG_BW, FV_DIR_WRITE, &r),
			 0);
	assert_true(fabs(r.v[1] - 409600) < 1e-6); /* B/s */
	fv_rate_free(&r);
	fv_logset_free(&ts);
	fv_diags_free(&d);
}

/*
 * A per-I/O log shorter than one window has no rate, and holds no memory:
 * the verdicts leave an empty rate unfreed (a leak fuzz_logs found).
 */
static void test_shorter_than_a_window(void **state)
{
	struct fv_logset ts = { .bin_ms = 100 };
	struct fv_diags d = { 0 };
	struct fv_job job = { .name = "s", .kind = FV_JOB_SINGLE };
	struct fv_rate r;

	(void) state;
	write_iops(&ts, &d, &job, "s_iops.1.log",
		   "0, 250, 1, 4096\n20, 260, 1, 4096\n", &r);
	assert_int_equal(r.n, 0);
	assert_null(r.t_ms);
	assert_null(r.v);
	fv_logset_free(&ts);
	fv_diags_free(&d);
}

/*
 * fio 2.x latency logs are in µs; bw logs in KiB/s. The logs of no job
 * lying there: one warning for the directory.
 */
static void test_units_and_join(void **state)
{
	const char *paths[] = { fvt_path(
		"FV_TSFIX", "tests/postproc/ts_fixtures", "layouts") };
	struct fv_logset ts = { 0 };
	struct fv_set set;

	(void) state;
	fvt_load(&set, paths, 1, NULL);
	assert_int_equal(fv_logs_load(&ts, &set, NULL), 0);
	for (size_t i = 0; i < ts.n; i++) {
		if (strcmp(ts.v[i]->prefix, "fio2"))
			continue;
		assert_non_null(ts.v[i]->job);
		assert_true(ts.v[i]->pt[0].v == 250000); /* 250 µs in ns */
	}
	assert_int_equal(set.diags.nerrors, 0);
	assert_int_equal(fvt_diags(&set, FV_WARNING,
				   "4 logs beside the results name no job of "
				   "them: l4_iops.1.log, l5_iops.1.log, "
				   "l6_clat.2.log, l7_clat.1.log (fio names"),
			 1);
	fv_logset_free(&ts);
	fv_set_free(&set);
}

/* $FV_TSGEN/rel: made by the installed fio. */
static const char *beside(const char *rel)
{
	return fvt_path("FV_TSGEN", "build/tests/postproc/tsgen", rel);
}

/* The tsgen run in folder rel: its results and its logs, joined. */
static void load_run(struct fv_set *set, struct fv_logset *ts, const char *rel)
{
	char *dir = strdup(beside(rel));
	const char *paths[] = { dir };

	fvt_load(set, paths, 1, NULL);
	assert_int_equal(fv_log_load_dir(ts, dir, &set->diags), 0);
	assert_int_equal(fv_log_join(ts, set, &set->diags), 0);
	free(dir);
}

/* Logs from the installed fio: two clones, averaged, summed. */
static void test_fio_avg_clones(void **state)
{
	struct fv_logset ts = { .bin_ms = 100 };
	struct fv_set set;
	const struct fv_job *sum, *c1;
	struct fv_rate r1, rs;

	(void) state;
	load_run(&set, &ts, "avg");
	assert_int_equal(set.diags.nerrors, 0);
	for (size_t i = 0; i < ts.n; i++)
		assert_non_null(ts.v[i]->job);
	sum = fvt_job(&set, NULL, "avg");
	c1 = fvt_job(&set, NULL, "avg#1");
	assert_non_null(sum);
	assert_non_null(c1);
	assert_int_equal(fv_log_rate(&ts, c1, FV_LOG_IOPS, FV_DIR_WRITE, &r1),
			 0);
	assert_int_equal(fv_log_rate(&ts, sum, FV_LOG_IOPS, FV_DIR_WRITE, &rs),
			 0);
	/* 1 s at log_avg_msec=100: fewer windows when the machine is busy. */
	assert_true(r1.n >= 3);
	assert_true(rs.n >= 3 && rs.n <= r1.n);
	assert_true(rs.v[2] > r1.v[2]); /* the sum of both clones */
	assert_true(ts.v[0]->averaged);
	fv_rate_free(&r1);
	fv_rate_free(&rs);
	fv_logset_free(&ts);
	fv_set_free(&set);
}

/* Per-I/O logs from fio: one line per I/O (2048 writes of 8 MiB). */
static void test_fio_per_io(void **state)
{
	struct fv_logset ts = { .bin_ms = 100 };
	struct fv_set set;
	struct fv_rate r;
	const struct fv_job *j;

	(void) state;
	load_run(&set, &ts, "perio");
	j = fvt_job(&set, NULL, "perio");
	assert_non_null(j);
	assert_int_equal(
		fv_log_lat_samples(&ts, j, FV_LOG_CLAT, FV_DIR_WRITE, &r), 0);
	assert_int_equal(r.n, 2048);
	for (size_t i = 0; i < r.n; i++)
		assert_true(r.v[i] >= j->dir[FV_DIR_WRITE].lat[FV_CLAT].min_ns);
	fv_rate_free(&r);
	fv_logset_free(&ts);
	fv_set_free(&set);
}

/* The file's series of direction d (NULL: none). */
static const struct fv_series *series_of(const struct fv_logset *ts,
					 const char *base, enum fv_dir d)
{
	for (size_t i = 0; i < ts->n; i++) {
		const char *b = strrchr(ts->v[i]->source, '/');

		if (!strcmp(b ? b + 1 : ts->v[i]->source, base) &&
		    ts->v[i]->ddir == d)
			return ts->v[i];
	}
	return NULL;
}

static const struct fv_series *hist_of(const struct fv_logset *ts,
				       const char *base)
{
	for (size_t i = 0; i < ts->nhist; i++)
		if (strstr(ts->hist[i]->source, base))
			return ts->hist[i];
	return NULL;
}

/*
 * A folder as fio leaves it (tsgen/beside): a read job rd (thread 1) and
 * a write job wr (thread 2), their IOPS and histogram logs; other_*: logs
 * of another prefix; wr_bw.2.log: the write job's, a read line first.
 * Each log to the job its name says, each direction only to a job that
 * did it; the others said once, as a warning.
 */
static void test_beside_joins(void **state)
{
	const char *paths[] = { beside("beside/rw.json") };
	struct fv_logset ts = { .bin_ms = 100 };
	const struct fv_job *rd, *wr;
	const struct fv_series *s;
	struct fv_set set;

	(void) state;
	fvt_load(&set, paths, 1, NULL);
	rd = fvt_job(&set, NULL, "rd");
	wr = fvt_job(&set, NULL, "wr");
	assert_non_null(rd);
	assert_non_null(wr);
	assert_int_equal(fv_logs_load(&ts, &set, NULL), 0);
	assert_non_null(s = series_of(&ts, "rd_iops.1.log", FV_DIR_READ));
	assert_ptr_equal(s->job, rd);
	assert_non_null(s = series_of(&ts, "wr_iops.2.log", FV_DIR_WRITE));
	assert_ptr_equal(s->job, wr);
	assert_ptr_equal(hist_of(&ts, "rd_clat_hist.1.log")->job, rd);
	assert_ptr_equal(hist_of(&ts, "wr_clat_hist.2.log")->job, wr);
	/* another run's logs: no one's */
	assert_null(series_of(&ts, "other_iops.1.log", FV_DIR_READ)->job);
	assert_null(hist_of(&ts, "other_clat_hist.1.log")->job);
	/* the write job's log: its writes, not the read line */
	assert_ptr_equal(series_of(&ts, "wr_bw.2.log", FV_DIR_WRITE)->job, wr);
	assert_null(series_of(&ts, "wr_bw.2.log", FV_DIR_READ)->job);
	assert_int_equal(fvt_diags(&set, FV_WARNING,
				   "data direction read, but job wr did no "
				   "read I/O: the log's 1 read line not used"),
			 1);
	assert_int_equal(fvt_diags(&set, FV_WARNING, "beside the results"), 1);
	assert_int_equal(fvt_diags(&set, FV_WARNING,
				   "2 logs beside the results name no job of "
				   "them: other_clat_hist.1.log, "
				   "other_iops.1.log (fio names a job's logs "
				   "PREFIX_KIND.N.log after its write_*_log "
				   "option)"),
			 1);
	assert_int_equal(set.diags.nerrors, 0);
	fv_logset_free(&ts);
	fv_set_free(&set);
}

/* The same folder through the commands: exit 0, silent with -q. */
static void test_beside_commands(void **state)
{
	const char *cmds[] = { "verdict", "timeline" };
	char json[4096], *out, *err;

	(void) state;
	snprintf(json, sizeof(json), "%s", beside("beside/rw.json"));
	for (size_t i = 0; i < 2; i++) {
		assert_int_equal(fvt_run(&out, &err, cmds[i], json, NULL), 0);
		assert_non_null(strstr(err, "2 logs beside the results name "
					    "no job of them"));
		assert_non_null(strstr(err, "wr_bw.2.log:1: warning:"));
		free(out);
		free(err);
		assert_int_equal(fvt_run(&out, &err, cmds[i], "-q", json, NULL),
				 0);
		assert_string_equal(err, "");
		free(out);
		free(err);
	}
	/* the read job's rows come from its logs, none of the write job */
	fvt_check_run(&(struct fvt_want){ .out = { ",rd,read,", ",wr,write," },
					  .not_out = { ",wr,read," } },
		      (const char *[]){ "timeline", "-f", "csv", json, NULL });
}

/*
 * Named on the command line or in --logs DIR, a log that names no job is
 * an error with the names the jobs' logs have.
 */
static void test_named_stray(void **state)
{
	char json[4096], dir[4096];
	char *out, *err, *slash;

	(void) state;
	snprintf(json, sizeof(json), "%s", beside("beside/rw.json"));
	snprintf(dir, sizeof(dir), "%s", json);
	slash = strrchr(dir, '/');
	*slash = '\0';
	assert_int_equal(fvt_run(&out, &err, "verdict", json,
				 beside("beside/other_iops.1.log"), NULL),
			 2);
	assert_non_null(strstr(err,
			       "other_iops.1.log: error: log names no job "
			       "of the inputs: fio names a job's log "
			       "PREFIX_iops.N.log after its write_iops_log "
			       "option (else the job's name) and its "
			       "thread number N; the inputs' jobs would "
			       "write rd_iops.1.log, wr_iops.2.log"));
	assert_null(strstr(err, "beside the results name no job"));
	free(out);
	free(err);
	fvt_check_run(
		&(struct fvt_want){ .status = 2,
				    .err = { "other_clat_hist.1.log: error: "
					     "histogram log names no job",
					     "other_iops.1.log: error:" } },
		(const char *[]){ "verdict", "--logs", dir, json, NULL });
}

/* fio's client: each server's log (NAME_KIND.N.log.HOST) to its host. */
static void test_client_logs(void **state)
{
	static const char wr[] = "100, 300, 1, 0, 0\n200, 310, 1, 0, 0\n";
	FVT_HELD(cjson, "c/client.json");
	FVT_HELD(named, "client_iops.1.log");
	const char *paths[] = { cjson };
	char *files[] = { named };
	struct fv_log_sources src = { .files = files, .nfiles = 1 };
	struct fv_logset ts = { .bin_ms = 100 };
	const struct fv_job *fleet = NULL;
	const struct fv_series *a, *b;
	struct fv_set set;
	struct fv_rate r;
	size_t len;
	char *json =
		fvt_slurp(fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				   "versions/3.42/client.json"),
			  &len);

	(void) state;
	assert_non_null(json);
	fvt_mkdir(fvt_at("c"));
	fvt_mkfile(paths[0], json, len);
	fvt_mkfile(fvt_at("c/client_iops.1.log.127.0.0.2"), wr, strlen(wr));
	fvt_mkfile(fvt_at("c/client_iops.1.log.127.0.0.3"), wr, strlen(wr));
	fvt_mkfile(fvt_at("c/client_iops.1.log.127.0.0.9"), wr, strlen(wr));
	/* moved out of the client's naming: either host's */
	fvt_mkfile(named, wr, strlen(wr));
	fvt_load(&set, paths, 1, NULL);
	assert_int_equal(fv_logs_load(&ts, &set, &src), 0);
	assert_int_equal(
		fvt_diags(&set, FV_ERROR, "log names several jobs: client ("),
		1);
	assert_int_equal(fvt_diags(&set, FV_ERROR,
				   "c/client.json, host 127.0.0.2); "
				   "fio's client names each server's log "
				   "NAME.log.HOST: give it its host's suffix"),
			 1);
	a = series_of(&ts, "client_iops.1.log.127.0.0.2", FV_DIR_WRITE);
	b = series_of(&ts, "client_iops.1.log.127.0.0.3", FV_DIR_WRITE);
	assert_non_null(a->job);
	assert_non_null(b->job);
	assert_string_equal(a->job->hostname, "127.0.0.2");
	assert_string_equal(b->job->hostname, "127.0.0.3");
	assert_null(series_of(&ts, "client_iops.1.log.127.0.0.9", FV_DIR_WRITE)
			    ->job);
	assert_int_equal(fvt_diags(&set, FV_WARNING,
				   "1 log beside the results names no job of "
				   "them: client_iops.1.log.127.0.0.9"),
			 1);
	for (size_t i = 0; i < set.njobs; i++)
		if (set.jobs[i]->kind == FV_JOB_FLEET)
			fleet = set.jobs[i];
	assert_non_null(fleet);
	assert_int_equal(fv_log_rate(&ts, fleet, FV_LOG_IOPS, FV_DIR_WRITE, &r),
			 0);
	assert_int_equal(r.n, 2);
	assert_true(r.v[0] == 600 && r.v[1] == 620); /* both hosts' */
	fv_rate_free(&r);
	free(json);
	fv_logset_free(&ts);
	fv_set_free(&set);
}

/* fio's client names a server's logs NAME_KIND.N.log.HOST. */
static void test_server_log_names(void **state)
{
	enum fv_log_kind k;
	char *prefix = NULL, *host = NULL;
	int n;

	(void) state;
	assert_int_equal(
		fv_log_name("d/fleet_iops.2.log.127.0.0.2", &prefix, &k, &n),
		0);
	assert_string_equal(prefix, "fleet");
	assert_int_equal(k, FV_LOG_IOPS);
	assert_int_equal(n, 2);
	assert_int_equal(fv_log_host("d/fleet_iops.2.log.127.0.0.2", &host), 0);
	assert_string_equal(host, "127.0.0.2");
	free(prefix);
	free(host);
	assert_int_equal(fv_log_host("d/fleet_iops.2.log", &host), 0);
	assert_null(host);
	assert_true(fv_log_named("fleet_clat.1.log.node-7"));
	assert_false(fv_log_named("fleet_clat.1.log."));
	assert_false(fv_log_named("notes.log.txt"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_layouts),
		cmocka_unit_test(test_window_both),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_empty_is_note),
		cmocka_unit_test(test_binning),
		cmocka_unit_test(test_shorter_than_a_window),
		cmocka_unit_test(test_units_and_join),
		cmocka_unit_test(test_fio_avg_clones),
		cmocka_unit_test(test_fio_per_io),
		cmocka_unit_test(test_beside_joins),
		cmocka_unit_test(test_beside_commands),
		cmocka_unit_test(test_named_stray),
		FVT_TMP_TEST(test_client_logs),
		cmocka_unit_test(test_server_log_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
