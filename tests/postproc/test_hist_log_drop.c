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
#include "util/util.h"

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
	fvt_check_pred(fv_run_is_hist_log_line,
		       (const char *[]){ "write_hist_log\n",
					 "write_hist_log=steady\n",
					 "\tlog_hist_msec = 500\r\n",
					 "log_hist_coarseness=1", NULL },
		       (const char *[]){ "write_hist_logs_of_mine=1\n",
					 "; write_hist_log\n",
					 "write_lat_log\n", NULL });
}

/*
 * Without zlib the histogram-log options become comments, every other line
 * kept; with zlib the copy leaves them as they are.
 */
static void copied(void **state)
{
	static const struct {
		bool drop;
		const char *has[7], *not_has[2];
	} cases[] = {
		{ .drop = true,
		  .has = { "; left out (this fio has no zlib): "
			   "write_hist_log\n",
			   "; left out (this fio has no zlib):   "
			   "log_hist_msec = 1000\n",
			   "; left out (this fio has no zlib): "
			   "log_hist_coarseness=2\n",
			   "\nwrite_hist_logs_of_mine=1\n", "\nwrite_lat_log\n",
			   "uring_durable.so\nsync_stats=1\n" } },
		{ .has = { "\nwrite_hist_log\n" }, .not_has = { "left out" } },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		char *text = copy(cases[i].drop);

		for (size_t k = 0; cases[i].has[k]; k++)
			if (!strstr(text, cases[i].has[k]))
				fail_msg("drop %d: no '%s' in:\n%s",
					 cases[i].drop, cases[i].has[k], text);
		for (size_t k = 0; cases[i].not_has[k]; k++)
			if (strstr(text, cases[i].not_has[k]))
				fail_msg("drop %d: '%s' in:\n%s", cases[i].drop,
					 cases[i].not_has[k], text);
		free(text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(options_recognised),
		cmocka_unit_test(copied),
	};

	return cmocka_run_group_tests_name("hist log drop", tests, NULL, NULL);
}
