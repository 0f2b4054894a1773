/* SPDX-License-Identifier: MIT */
/*
 * The job file as `fioverdict run` copies it for a fio built without zlib
 * (runner/hist_log.c): its histogram-log options turned into comments,
 * every other line kept, the engine options still after ioengine=. The
 * probe itself runs a real fio without zlib in check-fresh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"
#include "fvtest.h"

static const char jobfile[] = "[global]\n"
			      "ioengine=external:/x/uring_durable.so\n"
			      "write_hist_logs_of_mine=1\n"
			      "[steady]\n"
			      "write_hist_log\n"
			      "  log_hist_msec = 1000\n"
			      "log_hist_coarseness=2\n"
			      "write_lat_log\n";

static char *copy(bool drop)
{
	struct fv_run r = { .jobfile = "t.fio", .label = "t" };
	FILE *in = fmemopen((void *) jobfile, strlen(jobfile), "r"), *out;
	char *text = NULL;
	size_t len = 0;
	bool inserted;

	r.drop_hist_log = drop;
	r.eopts[0] = "sync_stats=1";
	r.neopts = 1;
	assert_non_null(in);
	out = open_memstream(&text, &len);
	assert_non_null(out);
	assert_int_equal(fv_run_copy_jobfile(&r, in, out, &inserted), 0);
	fclose(out);
	fclose(in);
	assert_true(inserted);
	return text;
}

static void options_recognised(void **state)
{
	(void) state;
	assert_true(fv_run_is_hist_log_line("write_hist_log\n"));
	assert_true(fv_run_is_hist_log_line("write_hist_log=steady\n"));
	assert_true(fv_run_is_hist_log_line("\tlog_hist_msec = 500\r\n"));
	assert_true(fv_run_is_hist_log_line("log_hist_coarseness=1"));
	assert_false(fv_run_is_hist_log_line("write_hist_logs_of_mine=1\n"));
	assert_false(fv_run_is_hist_log_line("; write_hist_log\n"));
	assert_false(fv_run_is_hist_log_line("write_lat_log\n"));
}

static void dropped_as_comments(void **state)
{
	char *text = copy(true);

	(void) state;
	assert_non_null(strstr(text, "; left out (this fio has no zlib): "
				     "write_hist_log\n"));
	assert_non_null(strstr(text, "; left out (this fio has no zlib):   "
				     "log_hist_msec = 1000\n"));
	assert_non_null(strstr(text, "; left out (this fio has no zlib): "
				     "log_hist_coarseness=2\n"));
	assert_non_null(strstr(text, "\nwrite_hist_logs_of_mine=1\n"));
	assert_non_null(strstr(text, "\nwrite_lat_log\n"));
	assert_non_null(strstr(text, "uring_durable.so\nsync_stats=1\n"));
	free(text);
}

static void kept_with_zlib(void **state)
{
	char *text = copy(false);

	(void) state;
	assert_null(strstr(text, "left out"));
	assert_non_null(strstr(text, "\nwrite_hist_log\n"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(options_recognised),
		cmocka_unit_test(dropped_as_comments),
		cmocka_unit_test(kept_with_zlib),
	};

	return cmocka_run_group_tests_name("hist log drop", tests, NULL, NULL);
}
