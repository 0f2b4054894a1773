/* SPDX-License-Identifier: MIT */
/* The stats file: fields, units, nulls for the unknown, atomic writing. */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cmocka.h>

#include "stats/stats.h"

static struct engine_settings settings(void)
{
	struct engine_settings s;

	memset(&s, 0, sizeof(s));
	s.sqpoll_cpu = -1;
	s.accounting = true;
	s.sync_mode = SYNC_MODE_LINKED;
	return s;
}

static json_t *get(json_t *o, const char *path)
{
	char buf[128], *save = NULL, *k;

	snprintf(buf, sizeof(buf), "%s", path);
	for (k = strtok_r(buf, ".", &save); k && o;
	     k = strtok_r(NULL, ".", &save))
		o = json_object_get(o, k);
	if (!o)
		fail_msg("no %s in the document", path);
	return o;
}

static void test_document(void **state)
{
	struct engine_settings s = settings();
	struct dev_facts facts;
	struct stats_meta m;
	struct dur_acct a;
	struct dur_flush_token t;
	json_t *d;

	(void) state;
	assert_int_equal(dur_init(&a), 0);
	dur_write_completed(&a, 0, 1000, 4096, 0, false, NULL);
	dur_flush_submitted(&a, &t, DUR_FDATASYNC, 1000, false);
	dur_flush_completed(&a, &t, 3000, 0);
	memset(&facts, 0, sizeof(facts));
	strcpy(facts.fs_type, "tmpfs");
	facts.fua = TRI_UNKNOWN;
	facts.rotational = TRI_NO;
	memset(&m, 0, sizeof(m));
	m.engine = "uring_durable";
	m.job_name = "sync";
	m.thread_number = 2;
	m.target_path = "/dev/shm/x";
	m.facts = &facts;
	m.volatile_write_cache = TRI_UNKNOWN;
	m.settings = &s;
	m.direct = true;
	m.fdatasync_every = 1;
	d = stats_to_json(&a, &m);
	assert_non_null(d);
	assert_string_equal(json_string_value(get(d, "schema")),
			    "fioverdict-durability/1");
	assert_int_equal(json_integer_value(get(d, "job.thread_number")), 2);
	assert_int_equal(json_integer_value(get(d, "counts.fdatasyncs")), 1);
	assert_int_equal(json_integer_value(get(d, "counts.syncfses")), 0);
	assert_int_equal(json_integer_value(get(d, "syncfs_latency_ns.count")),
			 0);
	assert_int_equal(json_integer_value(get(d, "counts.writes")), 1);
	assert_int_equal(json_integer_value(get(d, "counts.write_bytes")),
			 4096);
	assert_int_equal(json_integer_value(get(d, "flush_latency_ns.min")),
			 2000);
	assert_int_equal(json_integer_value(get(d, "write_to_durable_ns.max")),
			 3000);
	/* percentile keys have dots of their own: fio's "%f" format */
	assert_int_equal(
		json_integer_value(json_object_get(
			get(d, "flush_latency_ns.percentiles"), "99.900000")),
		2000);
	assert_true(json_is_null(get(d, "target.block_device")));
	assert_true(json_is_null(get(d, "target.fua")));
	assert_true(json_is_false(get(d, "target.rotational")));
	assert_string_equal(json_string_value(get(d, "target.fs_type")),
			    "tmpfs");
	assert_string_equal(json_string_value(get(d, "settings.sync_mode")),
			    "linked");
	assert_true(json_real_value(get(d, "per_flush.bytes_mean")) == 4096.0);
	json_decref(d);
	dur_free(&a);
}

static void test_empty_distribution_is_null(void **state)
{
	struct histogram h;
	json_t *o;

	(void) state;
	hist_init(&h);
	o = stats_hist_to_json(&h);
	assert_int_equal(json_integer_value(json_object_get(o, "count")), 0);
	assert_true(json_is_null(json_object_get(o, "min")));
	assert_true(json_is_null(json_object_get(o, "mean")));
	assert_int_equal(json_object_size(json_object_get(o, "percentiles")),
			 0);
	json_decref(o);
}

static void test_write_file_round_trip(void **state)
{
	char dir[] = "/tmp/fv-stats-XXXXXX", path[300];
	json_error_t err;
	json_t *doc, *back;

	(void) state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/s.json", dir);
	doc = json_pack("{s:s, s:i}", "schema", STATS_SCHEMA, "n", 5);
	assert_int_equal(stats_write_file(path, doc), 0);
	back = json_load_file(path, 0, &err);
	assert_non_null(back);
	assert_true(json_equal(doc, back));
	json_decref(back);
	unlink(path);
	/* a directory that does not exist: an errno, nothing left behind */
	snprintf(path, sizeof(path), "%s/missing/s.json", dir);
	assert_true(stats_write_file(path, doc) < 0);
	json_decref(doc);
	assert_int_equal(rmdir(dir), 0);
}

/*
 * A write that fails half way (here the file size limit: EFBIG, as a full
 * disk fails with ENOSPC) leaves the old file whole and no temporary one.
 */
static void test_failed_write_keeps_old_file(void **state)
{
	char dir[] = "/tmp/fv-stats-XXXXXX", path[300], tmp[320];
	struct rlimit old, small = { .rlim_cur = 64, .rlim_max = 64 };
	json_t *a, *b, *back;
	json_error_t err;

	(void) state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/s.json", dir);
	a = json_pack("{s:s}", "schema", STATS_SCHEMA);
	b = json_pack("{s:s, s:s}", "schema", STATS_SCHEMA, "pad",
		      "................................................"
		      "................................................");
	assert_int_equal(stats_write_file(path, a), 0);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	small.rlim_max = old.rlim_max;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	assert_int_equal(stats_write_file(path, b), -EFBIG);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_DFL);
	back = json_load_file(path, 0, &err);
	assert_non_null(back);
	assert_true(json_equal(a, back));
	assert_int_equal(
		stats_temp_name(path, (int) getpid(), tmp, sizeof(tmp)), 0);
	assert_non_null(strstr(tmp, "/.s.json."));
	assert_int_equal(access(tmp, F_OK), -1);
	json_decref(back);
	json_decref(a);
	json_decref(b);
	unlink(path);
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_document),
		cmocka_unit_test(test_empty_distribution_is_null),
		cmocka_unit_test(test_write_file_round_trip),
		cmocka_unit_test(test_failed_write_keeps_old_file),
	};

	return cmocka_run_group_tests_name("stats_json", tests, NULL, NULL);
}
