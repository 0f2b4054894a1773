/* SPDX-License-Identifier: MIT */
/*
 * What a fault leaves behind, and how fioverdict reads it: a truncated
 * result beside whole ones (the whole ones printed, the broken one named,
 * status 2), the temporary files of writes that never finished (skipped),
 * run directories whose run was killed (named incomplete, not read), and
 * fioverdict's own outputs, written whole or not at all.
 *
 * Every test works in a fresh directory made by mkdtemp, removed after.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fvtest.h"
#include "ingest/ingest.h"
#include "util/util.h"

#define FIX(rel) fvt_path("FV_FIXTURES", "tests/postproc/fixtures", rel)

/* A copy of fixture @rel at @dest (under the test's directory). */
static void put(const char *rel, const char *dest)
{
	size_t len;
	char *text = fvt_slurp(FIX(rel), &len);

	assert_non_null(text);
	fvt_mkfile(dest, text, len);
	free(text);
}

static void put_text(const char *dest, const char *text)
{
	fvt_mkfile(dest, text, strlen(text));
}

/* fioverdict's exit status on argv, with stdout and stderr kept. */
struct run {
	int status;
	char *out, *err;
};

static void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

/* --- results cut short ------------------------------------------------ */

/*
 * A result tree with a truncated JSON beside whole ones: every whole one
 * is read and printed, the broken one named with its line and column,
 * status 2. The same file by file (--stream).
 */
static void truncated_beside_whole(void **state)
{
	const char *modes[][4] = { { "summary", "-f", "csv", NULL },
				   { "summary", "--stream", "-f", "csv" } };

	(void) state;
	fvt_mkdirs("res", "res/a", "res/b");
	put("old/fio-2.21.json", fvt_at("res/a/a_x_20260101-000000.json"));
	put("broken/truncated.json", fvt_at("res/a/a_y_20260101-000001.json"));
	put("old/fio-2.2.10.json", fvt_at("res/b/b_x_20260101-000000.json"));
	for (size_t m = 0; m < 2; m++) {
		FVT_HELD(res, "res");
		struct run r;

		r.status = fvt_run(&r.out, &r.err, modes[m][0], modes[m][1],
				   modes[m][2], modes[m][3] ? modes[m][3] : res,
				   modes[m][3] ? res : NULL, NULL);
		assert_int_equal(r.status, FV_EXIT_INPUT);
		assert_non_null(strstr(r.out, "v221_rr"));
		assert_non_null(strstr(r.out, "\r\nb,"));
		assert_non_null(strstr(r.err, "a_y_20260101-000001.json:"));
		assert_non_null(strstr(r.err, "error:"));
		run_free(&r);
	}
}

/*
 * The temporary file of a write that never finished (a killed fioverdict
 * or engine) is not read: a note, not an error.
 */
static void partial_files_skipped(void **state)
{
	struct run r;

	(void) state;
	fvt_mkdir(fvt_at("res"));
	put("old/fio-2.21.json", fvt_at("res/a_x_20260101-000000.json"));
	put("broken/truncated.json",
	    fvt_at("res/.a_x_20260101-000001.json.4242.partial"));
	put_text(fvt_at("res/.r_durability.1.json.17.partial"), "{\"sch");
	r.status =
		fvt_run(&r.out, &r.err, "summary", "-v", fvt_at("res"), NULL);
	assert_int_equal(r.status, FV_EXIT_OK);
	assert_non_null(strstr(r.out, "v221_rr"));
	assert_non_null(strstr(r.err, ".a_x_20260101-000001.json.4242.partial"
				      ": not read: the temporary file"));
	assert_non_null(strstr(r.err, ".r_durability.1.json.17.partial"));
	assert_null(strstr(r.err, "error:"));
	run_free(&r);
}

static void partial_names(void **state)
{
	char buf[64];

	(void) state;
	fvt_check_pred(fv_is_partial_name,
		       (const char *[]){ ".x.json.12.partial",
					 ".report.html.9.partial", NULL },
		       (const char *[]){ "x.json.12.partial", ".x.json.partial",
					 ".12.partial", ".x.json.1a.partial",
					 ".partial", NULL });
	assert_int_equal(fv_partial_name("d/r.html", 7, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "d/.r.html.7.partial");
	assert_int_equal(fv_partial_name("r.html", 7, buf, sizeof(buf)), 0);
	assert_string_equal(buf, ".r.html.7.partial");
	assert_int_equal(fv_partial_name("r.html", 7, buf, 8), -ENAMETOOLONG);
}

/* --- run directories ------------------------------------------------- */

/* A run directory as `fioverdict run` leaves it, with a manifest. */
static void run_dir(const char *dir, const char *fixture, const char *json,
		    const char *manifest)
{
	fvt_mkdir(fvt_at("%s", dir));
	put(fixture, fvt_at("%s/%s", dir, json));
	put_text(fvt_at("%s/run.txt", dir), manifest);
}

#define DONE "label: a\nstatus: done\nrunner-pid: 1\nhost: h\n"
/* a runner on another machine: whether it lives cannot be known */
#define KILLED                                                           \
	"label: a\nstatus: running\nrunner-pid: 4242\nhost: elsewhere\n" \
	"boot-id: 0\nstarted: 2026-01-01T00:00:00Z\n"

/*
 * A run whose manifest still says running and whose runner is gone is
 * named incomplete and not read; the whole run beside it is printed.
 */
static void incomplete_run_named(void **state)
{
	struct run r;

	(void) state;
	fvt_mkdirs("res", "res/a");
	run_dir("res/a/20260101T000000", "old/fio-2.21.json",
		"a_x_20260101T000000.json", DONE);
	run_dir("res/a/20260101T010000", "old/fio-2.2.10.json",
		"a_y_20260101T010000.json", KILLED);
	r.status = fvt_run(&r.out, &r.err, "summary", "-f", "csv",
			   fvt_at("res"), NULL);
	assert_int_equal(r.status, FV_EXIT_INPUT);
	assert_non_null(strstr(r.out, "v221_rr"));
	assert_null(strstr(r.out, "a_y_"));
	assert_non_null(strstr(r.err, "20260101T010000/run.txt: error: "
				      "incomplete run: 'fioverdict run' "
				      "(pid 4242 on elsewhere"));
	run_free(&r);
	/* named one by one, its files are not read either */
	r.status = fvt_run(
		&r.out, &r.err, "summary", "-f", "csv",
		fvt_at("res/a/20260101T010000/a_y_20260101T010000.json"),
		fvt_at("res/a/20260101T000000/a_x_20260101T000000.json"), NULL);
	assert_int_equal(r.status, FV_EXIT_INPUT);
	assert_non_null(strstr(r.out, "v221_rr"));
	assert_non_null(strstr(r.err, "incomplete run"));
	run_free(&r);
}

/* Our own pid, here, in this boot: a run still going is not read yet. */
static void run_in_progress(void **state)
{
	char host[256] = "", boot[64] = "", manifest[512];
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
	struct run r;

	(void) state;
	assert_non_null(f);
	assert_non_null(fgets(boot, sizeof(boot), f));
	fclose(f);
	boot[strcspn(boot, "\n")] = '\0';
	gethostname(host, sizeof(host) - 1);
	snprintf(manifest, sizeof(manifest),
		 "status: running\nrunner-pid: %ld\nhost: %s\nboot-id: %s\n"
		 "started: 2026-01-01T00:00:00Z\n",
		 (long) getpid(), host, boot);
	run_dir("r", "old/fio-2.21.json", "a_x_20260101T000000.json", manifest);
	r.status = fvt_run(&r.out, &r.err, "summary", fvt_at("r"), NULL);
	assert_int_equal(r.status, FV_EXIT_INPUT);
	assert_non_null(strstr(r.err, "run in progress ('fioverdict run', "
				      "pid"));
	assert_null(strstr(r.out, "v221_rr"));
	run_free(&r);
}

/* An interrupted run is read, with a warning saying what it lacks. */
static void interrupted_run_warned(void **state)
{
	struct run r;

	(void) state;
	run_dir("r", "old/fio-2.21.json", "a_x_20260101T000000.json",
		"status: interrupted\n");
	r.status = fvt_run(&r.out, &r.err, "summary", fvt_at("r"), NULL);
	assert_int_equal(r.status, FV_EXIT_OK);
	assert_non_null(strstr(r.out, "v221_rr"));
	assert_non_null(strstr(r.err, "warning: interrupted run"));
	run_free(&r);
}

static void manifest_parse(void **state)
{
	static const char text[] = "label: a\nstatus: running\nrunner-pid: 12\n"
				   "fio-pid: x13\nhost: h\r\nnot a line\n"
				   "boot-id: b\nstarted:2026\n";
	char big[400];
	struct fv_manifest m;

	(void) state;
	assert_int_equal(fv_manifest_parse(text, sizeof(text) - 1, &m), 0);
	assert_string_equal(m.status, "running");
	assert_int_equal(m.pid, 12);
	assert_int_equal(m.fio_pid, 0); /* not a number */
	assert_string_equal(m.host, "h");
	assert_string_equal(m.boot_id, "b");
	assert_string_equal(m.started, ""); /* no blank after the colon */
	assert_int_equal(fv_manifest_parse("label: a\n", 9, &m), -EINVAL);
	assert_int_equal(fv_manifest_parse("", 0, &m), -EINVAL);
	/* a value longer than its field is left out, not cut */
	memset(big, 'x', sizeof(big));
	memcpy(big, "status: ", 8);
	assert_int_equal(fv_manifest_parse(big, sizeof(big), &m), -EINVAL);
	/* no newline at the end, a NUL inside */
	assert_int_equal(fv_manifest_parse("status: done\0x", 14, &m), 0);
	assert_int_equal(memcmp(m.status, "done\0x", 7), 0);
}

/* --- outputs written whole or not at all ----------------------------- */

static char *contents(const char *path)
{
	size_t len;
	char *t = fvt_slurp(path, &len);

	assert_non_null(t);
	return t;
}

/* The names in the test's directory "o", joined: no temporary left. */
static void only_files(const char *want)
{
	char cmd[PATH_MAX + 64], got[256] = "";
	FILE *p;

	snprintf(cmd, sizeof(cmd), "ls -A %s | tr '\\n' ' '", fvt_at("o"));
	p = popen(cmd, "r");
	assert_non_null(p);
	if (!fgets(got, sizeof(got), p))
		got[0] = '\0';
	pclose(p);
	assert_string_equal(got, want);
}

static void atomic_replace_and_fail(void **state)
{
	struct fv_atomic a;
	struct stat st;
	char *t;

	(void) state;
	fvt_mkdir(fvt_at("o"));
	put_text(fvt_at("o/r.txt"), "old\n");
	assert_int_equal(chmod(fvt_at("o/r.txt"), 0640), 0);
	/* a failed writer leaves the old file and nothing else */
	assert_int_equal(fv_atomic_open(&a, fvt_at("o/r.txt")), 0);
	fputs("half", a.f);
	assert_int_equal(fv_atomic_close(&a, -EIO), -EIO);
	t = contents(fvt_at("o/r.txt"));
	assert_string_equal(t, "old\n");
	free(t);
	only_files("r.txt ");
	/* a whole one replaces it, with its permissions */
	assert_int_equal(fv_atomic_open(&a, fvt_at("o/r.txt")), 0);
	fputs("new\n", a.f);
	assert_int_equal(fv_atomic_close(&a, 0), 0);
	t = contents(fvt_at("o/r.txt"));
	assert_string_equal(t, "new\n");
	free(t);
	assert_int_equal(stat(fvt_at("o/r.txt"), &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	only_files("r.txt ");
	/* a symlink stays one: its target is replaced */
	assert_int_equal(symlink("r.txt", fvt_at("o/l.txt")), 0);
	assert_int_equal(fv_atomic_open(&a, fvt_at("o/l.txt")), 0);
	fputs("via link\n", a.f);
	assert_int_equal(fv_atomic_close(&a, 0), 0);
	assert_int_equal(lstat(fvt_at("o/l.txt"), &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	t = contents(fvt_at("o/r.txt"));
	assert_string_equal(t, "via link\n");
	free(t);
	/* a device is written in place */
	assert_int_equal(fv_atomic_open(&a, "/dev/null"), 0);
	assert_null(a.tmp);
	assert_int_equal(fv_atomic_close(&a, 0), 0);
	/* no directory: the errno, nothing made */
	assert_int_equal(fv_atomic_open(&a, fvt_at("o/none/r.txt")), -ENOENT);
}

/*
 * -o FILE that cannot be written whole (the file size limit stands in for
 * a full disk): status 74, the message names FILE, FILE is as it was and
 * no temporary file is left.
 */
static void output_cut_short(void **state)
{
	struct rlimit old, small;
	struct run r;
	char *t;

	(void) state;
	fvt_mkdir(fvt_at("o"));
	put_text(fvt_at("o/s.csv"), "old\n");
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	small = old;
	small.rlim_cur = 100;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	r.status = fvt_run(&r.out, &r.err, "summary", "-f", "csv", "-o",
			   fvt_at("o/s.csv"), FIX("old"), NULL);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_DFL);
	assert_int_equal(r.status, FV_EXIT_IOERR);
	assert_non_null(strstr(r.err, "cannot write the report to "));
	assert_non_null(strstr(r.err, "(the file is left as it was)"));
	t = contents(fvt_at("o/s.csv"));
	assert_string_equal(t, "old\n");
	free(t);
	only_files("s.csv ");
	run_free(&r);
	/* and without the limit, the whole report replaces it */
	r.status = fvt_run(&r.out, &r.err, "summary", "-f", "csv", "-o",
			   fvt_at("o/s.csv"), FIX("old"), NULL);
	assert_int_equal(r.status, FV_EXIT_OK);
	t = contents(fvt_at("o/s.csv"));
	assert_non_null(strstr(t, "v221_rr"));
	free(t);
	only_files("s.csv ");
	run_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		FVT_TMP_TEST(truncated_beside_whole),
		FVT_TMP_TEST(partial_files_skipped),
		cmocka_unit_test(partial_names),
		FVT_TMP_TEST(incomplete_run_named),
		FVT_TMP_TEST(run_in_progress),
		FVT_TMP_TEST(interrupted_run_warned),
		cmocka_unit_test(manifest_parse),
		FVT_TMP_TEST(atomic_replace_and_fail),
		FVT_TMP_TEST(output_cut_short),
	};

	return cmocka_run_group_tests_name("faults", tests, NULL, NULL);
}
