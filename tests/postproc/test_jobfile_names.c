/* SPDX-License-Identifier: MIT */
/*
 * Job files by name (runner/lookup.c), through `fioverdict run` as a user
 * calls it: --list shows the .fio files of $FV_JOBFILE_DIR by name, sorted,
 * and nothing else; a name finds its file, with or without ".fio"; a file
 * of that name in the current directory is a path and wins; a name found
 * nowhere is refused (66) with the places searched. The build tree's and
 * the installed directories are the shell tests' (check-jobfiles,
 * check-install): here FV_JOBFILE_DIR comes first and its names are
 * unlike theirs.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"

static char dir[PATH_MAX]; /* $FV_JOBFILE_DIR, resolved */

static int setup(void **state)
{
	fvt_tmp_setup(state);
	fvt_mkdir(fvt_at("jf"));
	fvt_mkfile(fvt_at("jf/zz-catalog-b.fio"), fvt_jobfile,
		   strlen(fvt_jobfile));
	fvt_mkfile(fvt_at("jf/zz-catalog-a.fio"), fvt_jobfile,
		   strlen(fvt_jobfile));
	fvt_mkfile(fvt_at("jf/notes.txt"), "not a job\n", 10);
	fvt_mkdir(fvt_at("jf/zz-catalog-dir.fio")); /* a directory */
	assert_non_null(realpath(fvt_at("jf"), dir));
	setenv("FV_JOBFILE_DIR", dir, 1);
	setenv("FV_ENGINE", "io_uring", 1); /* --check needs no engine .so */
	return 0;
}

static int teardown(void **state)
{
	unsetenv("FV_JOBFILE_DIR");
	unsetenv("FV_ENGINE");
	return fvt_tmp_teardown(state);
}

/* The line of @name in a --list output, or NULL. */
static const char *line_of(const char *out, const char *name)
{
	size_t n = strlen(name);

	for (const char *l = out; l && *l;
	     l = strchr(l, '\n'), l = l ? l + 1 : l)
		if (!strncmp(l, name, n) && l[n] == ' ')
			return l;
	return NULL;
}

static void list_shows_names_sorted(void **state)
{
	char *out, *err, want[PATH_MAX + 64];
	const char *a, *b;

	(void) state;
	assert_int_equal(fvt_run(&out, &err, "run", "--list", NULL), 0);
	a = line_of(out, "zz-catalog-a");
	b = line_of(out, "zz-catalog-b");
	assert_non_null(a);
	assert_non_null(b);
	assert_true(a < b);
	snprintf(want, sizeof(want), "  %s/zz-catalog-a.fio\n", dir);
	fvt_has(a, want);
	fvt_lacks(out, "notes");
	assert_null(line_of(out, "zz-catalog-dir"));
	free(out);
	free(err);
}

/* run NAME --check: 0, and the file it found. */
static void finds(const char *name, const char *want_file)
{
	char *out, *err, want[PATH_MAX + 64];

	assert_int_equal(fvt_run(&out, &err, "run", name, "--label", "a",
				 "--target", fvt_at("t.dat"), "--check", NULL),
			 0);
	snprintf(want, sizeof(want), "(job file %s,", want_file);
	if (!strstr(out, want))
		fail_msg("run %s: %s%s", name, out, err);
	free(out);
	free(err);
}

static void a_name_finds_its_file(void **state)
{
	char want[PATH_MAX + 32];

	(void) state;
	snprintf(want, sizeof(want), "%s/zz-catalog-a.fio", dir);
	finds("zz-catalog-a", want);
	finds("zz-catalog-a.fio", want);
}

static void a_file_here_wins(void **state)
{
	(void) state;
	fvt_mkdir(fvt_at("here"));
	fvt_mkfile(fvt_at("here/zz-catalog-a"), fvt_jobfile,
		   strlen(fvt_jobfile));
	fvt_enter(fvt_at("here"));
	finds("zz-catalog-a", "zz-catalog-a");
}

static void a_name_found_nowhere(void **state)
{
	char *out, *err, want[PATH_MAX + 64];

	(void) state;
	assert_int_equal(fvt_run(&out, &err, "run", "zz-nosuch", "--label", "a",
				 "--target", fvt_at("t.dat"), NULL),
			 66);
	snprintf(want, sizeof(want),
		 "no zz-nosuch.fio in FV_JOBFILE_DIR (%s), ", dir);
	if (!strstr(err, want) || !strstr(err, "fioverdict run --list"))
		fail_msg("%s", err);
	free(out);
	free(err);
}

static void list_takes_no_jobfile(void **state)
{
	(void) state;
	fvt_check_run(
		&(struct fvt_want){ .status = 64,
				    .err = { "--list takes no JOBFILE" } },
		(const char *[]){ "run", "--list", "zz", NULL });
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(list_shows_names_sorted, setup,
						teardown),
		cmocka_unit_test_setup_teardown(a_name_finds_its_file, setup,
						teardown),
		cmocka_unit_test_setup_teardown(a_file_here_wins, setup,
						teardown),
		cmocka_unit_test_setup_teardown(a_name_found_nowhere, setup,
						teardown),
		cmocka_unit_test_setup_teardown(list_takes_no_jobfile, setup,
						teardown),
	};

	return cmocka_run_group_tests_name("jobfile names", tests, NULL, NULL);
}
