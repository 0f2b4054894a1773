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

/*
 * A row leaves at zero what it does not test; these fill in a plain job's
 * values. No row pins sqpoll_cpu to CPU 0, so 0 can mean "not pinned".
 */
static struct engine_settings settings_of(struct engine_settings s)
{
	if (!s.sqpoll_cpu)
		s.sqpoll_cpu = -1;
	s.accounting = true;
	return s;
}

static struct job_facts job_of(struct job_facts j)
{
	if (!j.iodepth)
		j.iodepth = 32;
	if (!j.nr_files)
		j.nr_files = 1;
	if (!j.open_files)
		j.open_files = 1;
	if (!j.numjobs)
		j.numjobs = 1;
	if (!j.online_cpus)
		j.online_cpus = 2;
	return j;
}

static const struct validate_case {
	const char *name;
	struct engine_settings s;
	struct job_facts j;
	const char *error; /* a part of the message; NULL: valid */
} validate_cases[] = {
	{ "defaults", { 0 }, { 0 }, NULL },
	{ "sqpoll_cpu without sqpoll",
	  { .sqpoll_cpu = 1 },
	  { 0 },
	  "sqthread_poll_cpu=1 needs sqthread_poll=1" },
	{ "sqpoll_cpu past the online CPUs",
	  { .sqpoll = true, .sqpoll_cpu = 5 },
	  { 0 },
	  "CPUs 0 to 1" },
	{ "sqpoll_cpu on an online CPU",
	  { .sqpoll = true, .sqpoll_cpu = 1 },
	  { 0 },
	  NULL },
	{ "submit_batch over iodepth",
	  { .submit_batch = 33 },
	  { 0 },
	  "submit_batch=33 is larger than iodepth=32" },
	{ "submit_batch at iodepth", { .submit_batch = 32 }, { 0 }, NULL },
	/* sqpoll implies registered files, and those must all be open */
	{ "sqpoll with files not open",
	  { .sqpoll = true },
	  { .nr_files = 4, .open_files = 2 },
	  "nr_files=4 but openfiles=2" },
	{ "linked sync without a cadence",
	  { .sync_mode = SYNC_MODE_LINKED },
	  { 0 },
	  "sets neither" },
	{ "linked sync with both cadences",
	  { .sync_mode = SYNC_MODE_LINKED },
	  { .fsync_every = 1, .fdatasync_every = 2 },
	  "not both" },
	{ "linked sync with fsync=1",
	  { .sync_mode = SYNC_MODE_LINKED },
	  { .fsync_every = 1 },
	  NULL },
	{ "end_syncfs on one file system",
	  { 0 },
	  { .end_syncfs = true, .file_systems = 1 },
	  NULL },
	{ "end_syncfs on two file systems",
	  { 0 },
	  { .end_syncfs = true, .file_systems = 2 },
	  "end_syncfs=1 with the job's files on 2 file systems" },
	{ "end_syncfs on two file systems names the way out",
	  { 0 },
	  { .end_syncfs = true, .file_systems = 2 },
	  "use end_fsync=1" },
	{ "two file systems without end_syncfs",
	  { 0 },
	  { .file_systems = 2 },
	  NULL },
};

static void check_validate(const struct validate_case *c)
{
	struct engine_settings s = settings_of(c->s);
	struct job_facts j = job_of(c->j);
	int want = c->error ? -EINVAL : 0;
	char err[512] = "";
	int rc;

	rc = settings_validate(&s, &j, err, sizeof(err));
	if (rc != want)
		fail_msg("%s: returned %d, want %d ('%s')", c->name, rc, want,
			 err);
	if (c->error && !strstr(err, c->error))
		fail_msg("%s: message '%s' does not name '%s'", c->name, err,
			 c->error);
	if (!c->error && err[0])
		fail_msg("%s: valid, but says '%s'", c->name, err);
	/* a caller that wants no message may pass none */
	rc = settings_validate(&s, &j, NULL, 0);
	if (rc != want)
		fail_msg("%s: without a buffer returned %d, want %d", c->name,
			 rc, want);
}

static void test_validate(void **state)
{
	size_t i;

	(void) state;
	for (i = 0; i < sizeof(validate_cases) / sizeof(validate_cases[0]); i++)
		check_validate(&validate_cases[i]);
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
		cmocka_unit_test(test_validate),
		cmocka_unit_test(test_stats_path_default_and_tokens),
		cmocka_unit_test(test_stats_path_clones_never_collide),
		cmocka_unit_test(test_stats_path_errors),
	};

	return cmocka_run_group_tests_name("settings", tests, NULL, NULL);
}
