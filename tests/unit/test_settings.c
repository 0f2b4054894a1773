/* SPDX-License-Identifier: MIT */
/* Option validation and stats file names. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "settings/settings.h"

static struct engine_settings defaults(void)
{
	struct engine_settings s;

	memset(&s, 0, sizeof(s));
	s.sqpoll_cpu = -1;
	s.accounting = true;
	return s;
}

static struct job_facts job(void)
{
	struct job_facts j;

	memset(&j, 0, sizeof(j));
	j.iodepth = 32;
	j.nr_files = 1;
	j.open_files = 1;
	j.numjobs = 1;
	j.online_cpus = 2;
	return j;
}

static void expect_error(const struct engine_settings *s,
			 const struct job_facts *j, const char *needle)
{
	char err[512] = "";

	assert_int_equal(settings_validate(s, j, err, sizeof(err)), -EINVAL);
	if (!strstr(err, needle))
		fail_msg("message '%s' does not name '%s'", err, needle);
}

static void test_defaults_valid(void **state)
{
	struct engine_settings s = defaults();
	struct job_facts j = job();
	char err[256] = "";

	(void) state;
	assert_int_equal(settings_validate(&s, &j, err, sizeof(err)), 0);
	assert_string_equal(err, "");
}

static void test_sqpoll_cpu_needs_sqpoll(void **state)
{
	struct engine_settings s = defaults();
	struct job_facts j = job();

	(void) state;
	s.sqpoll_cpu = 1;
	expect_error(&s, &j, "sqthread_poll_cpu=1 needs sqthread_poll=1");
	s.sqpoll = true;
	s.sqpoll_cpu = 5;
	expect_error(&s, &j, "CPUs 0 to 1");
	s.sqpoll_cpu = 1;
	assert_int_equal(settings_validate(&s, &j, NULL, 0), 0);
}

static void test_batch_bounds(void **state)
{
	struct engine_settings s = defaults();
	struct job_facts j = job();

	(void) state;
	s.submit_batch = 33;
	expect_error(&s, &j, "submit_batch=33 is larger than iodepth=32");
	s.submit_batch = 32;
	assert_int_equal(settings_validate(&s, &j, NULL, 0), 0);
}

static void test_registerfiles_needs_all_open(void **state)
{
	struct engine_settings s = defaults();
	struct job_facts j = job();

	(void) state;
	j.nr_files = 4;
	j.open_files = 2;
	s.sqpoll = true; /* implies registered files */
	expect_error(&s, &j, "nr_files=4 but openfiles=2");
}

static void test_linked_needs_cadence(void **state)
{
	struct engine_settings s = defaults();
	struct job_facts j = job();

	(void) state;
	s.sync_mode = SYNC_MODE_LINKED;
	expect_error(&s, &j, "sets neither");
	j.fsync_every = 1;
	j.fdatasync_every = 2;
	expect_error(&s, &j, "not both");
	j.fdatasync_every = 0;
	assert_int_equal(settings_validate(&s, &j, NULL, 0), 0);
}

static void test_end_syncfs_needs_one_file_system(void **state)
{
	struct engine_settings s = defaults();
	struct job_facts j = job();

	(void) state;
	j.end_syncfs = true;
	j.file_systems = 1;
	assert_int_equal(settings_validate(&s, &j, NULL, 0), 0);
	j.file_systems = 2;
	expect_error(&s, &j,
		     "end_syncfs=1 with the job's files on 2 file "
		     "systems");
	expect_error(&s, &j, "use end_fsync=1");
	j.end_syncfs = false;
	assert_int_equal(settings_validate(&s, &j, NULL, 0), 0);
}

static void test_stats_path_default_and_tokens(void **state)
{
	char out[256], err[256];

	(void) state;
	assert_int_equal(stats_path_expand(NULL, "sync_rw", 3, 99, false, out,
					   sizeof(out), err, sizeof(err)),
			 0);
	assert_string_equal(out, "sync_rw_durability.3.json");
	assert_int_equal(stats_path_expand("/r/%j-%p-%%.json", "a/b", 1, 42,
					   false, out, sizeof(out), err,
					   sizeof(err)),
			 0);
	assert_string_equal(out, "/r/a_b-42-%.json");
}

static void test_stats_path_clones_never_collide(void **state)
{
	char a[256], b[256], err[256];

	(void) state;
	assert_int_equal(stats_path_expand("out.json", "j", 1, 7, true, a,
					   sizeof(a), err, sizeof(err)),
			 0);
	assert_int_equal(stats_path_expand("out.json", "j", 2, 7, true, b,
					   sizeof(b), err, sizeof(err)),
			 0);
	assert_string_equal(a, "out.json.1");
	assert_string_equal(b, "out.json.2");
	assert_int_equal(stats_path_expand("out.%n.json", "j", 2, 7, true, b,
					   sizeof(b), err, sizeof(err)),
			 0);
	assert_string_equal(b, "out.2.json");
}

static void test_stats_path_errors(void **state)
{
	char out[16], err[256];

	(void) state;
	assert_int_equal(stats_path_expand("x%q", "j", 1, 1, false, out,
					   sizeof(out), err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "unknown '%q'"));
	assert_int_equal(stats_path_expand("trailing%", "j", 1, 1, false, out,
					   sizeof(out), err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(stats_path_expand("a-very-long-name-%j", "j", 1, 1,
					   false, out, sizeof(out), err,
					   sizeof(err)),
			 -ENAMETOOLONG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults_valid),
		cmocka_unit_test(test_sqpoll_cpu_needs_sqpoll),
		cmocka_unit_test(test_batch_bounds),
		cmocka_unit_test(test_registerfiles_needs_all_open),
		cmocka_unit_test(test_linked_needs_cadence),
		cmocka_unit_test(test_end_syncfs_needs_one_file_system),
		cmocka_unit_test(test_stats_path_default_and_tokens),
		cmocka_unit_test(test_stats_path_clones_never_collide),
		cmocka_unit_test(test_stats_path_errors),
	};

	return cmocka_run_group_tests_name("settings", tests, NULL, NULL);
}
