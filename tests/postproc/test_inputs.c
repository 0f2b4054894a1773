/* SPDX-License-Identifier: MIT */
/*
 * The list of inputs (inputs.h): directories walked in natural name order
 * (c9 before c10), each
 * file once however it was spelled, the stats files beside a named file,
 * errors naming the path. An input's text: test_text.c.
 *
 * Every test works in a fresh directory made by mkdtemp ($TMPDIR or /tmp),
 * removed afterwards. The program does not call setlocale: names sort as
 * in the C locale.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "fvtest.h"
#include "ingest/inputs.h"
#include "util/util.h"

static bool fsuid_dropped; /* root acting as nobody (unlistable dir) */

/* Undoes what a failed test may have left: fsuid, then the directory. */
static int teardown(void **state)
{
	if (fsuid_dropped) {
		setfsuid(0);
		fsuid_dropped = false;
	}
	return fvt_tmp_teardown(state);
}

/* Input i is path, in dir (NULL: none), named or not. */
static void input_is(const struct fv_inputs *in, size_t i, const char *path,
		     const char *dir, bool named)
{
	struct fv_input x;

	assert_true(i < fv_inputs_count(in));
	assert_int_equal(fv_inputs_get(in, i, &x), 0);
	assert_string_equal(x.path, path);
	if (dir)
		assert_string_equal(x.dir, dir);
	else
		assert_null(x.dir);
	assert_int_equal(x.named, named);
	fv_input_release(&x);
	assert_null(x.path);
	assert_null(x.dir);
}

/* Input i's path equals want. */
static void path_is(const struct fv_inputs *in, size_t i, const char *want)
{
	struct fv_input x;

	assert_int_equal(fv_inputs_get(in, i, &x), 0);
	assert_string_equal(x.path, want);
	fv_input_release(&x);
}

/* The number of error diagnostics about file whose message has needle. */
static size_t errors_about(const struct fv_diags *d, const char *file,
			   const char *needle)
{
	size_t n = 0;

	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].severity == FV_ERROR && d->v[i].file &&
		    !strcmp(d->v[i].file, file) &&
		    strstr(d->v[i].message, needle))
			n++;
	return n;
}

/* The end of a test whose inputs said nothing: no diagnostic; both freed. */
static void free_quiet(struct fv_inputs *in, struct fv_diags *d)
{
	fv_inputs_free(in);
	assert_int_equal(d->n, 0);
	fv_diags_free(d);
}

static void walk_in_natural_order(void **state)
{
	/*
	 * Created scrambled; natural order: 'B' < '_' < 'a' as bytes, and
	 * numbers by their value (c9 before c10, as ls -v).
	 */
	const char *made[] = { "t.json",     "b.json",	"c9.json",  "B.json",
			       "a.json.bak", "_x.json", "c10.json", "a.json" };
	const char *want[] = { "B.json",     "_x.json",	   "a.json",
			       "a.json.bak", "b.json",	   "c9.json",
			       "c10.json",   "sub/z.json", "t.json" };
	size_t nwant = FV_ARRAY_SIZE(want);
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };

	(void) state;
	fvt_mkdir(fvt_at("w"));
	for (size_t i = 0; i < 4; i++)
		fvt_touch(fvt_at("w/%s", made[i]));
	fvt_mkdir(fvt_at("w/sub"));
	fvt_touch(fvt_at("w/sub/z.json"));
	for (size_t i = 4; i < FV_ARRAY_SIZE(made); i++)
		fvt_touch(fvt_at("w/%s", made[i]));

	assert_int_equal(fv_inputs_add(&in, fvt_at("w"), &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(fv_inputs_count(&in), nwant);
	for (size_t i = 0; i < nwant; i++)
		input_is(&in, i, fvt_at("w/%s", want[i]),
			 strchr(want[i], '/') ? fvt_at("w/sub") : fvt_at("w"),
			 false);
	/* Found while walking, not named: no stats file searched for. */
	fv_inputs_free(&in);

	/* A file named is named; its directory is where it lies. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("w/sub/z.json"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, "-", &d), 0);
	assert_int_equal(fv_inputs_add(&in, "-", &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 0, fvt_at("w/sub/z.json"), fvt_at("w/sub"), true);
	input_is(&in, 1, "-", NULL, true);
	assert_false(fv_inputs_is_stats(&in, 1));
	fv_inputs_free(&in);

	/* A trailing '/' is not doubled in the paths found. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("w/sub/"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 1);
	input_is(&in, 0, fvt_at("w/sub/z.json"), fvt_at("w/sub"), false);
	free_quiet(&in, &d);
}

static void walk_skips_special(void **state)
{
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };
	struct sockaddr_un sa = { .sun_family = AF_UNIX };

	(void) state;
	FVT_HELD(sock, "s/s.json");
	fvt_mkdirs("s", "s/real", "other");
	fvt_touch(fvt_at("s/a.json"));
	fvt_touch(fvt_at("s/real/y.json"));
	fvt_touch(fvt_at("other/x.json"));
	assert_int_equal(mkfifo(fvt_at("s/f.json"), 0644), 0);
	assert_int_equal(symlink("a.json", fvt_at("s/l.json")), 0);
	assert_int_equal(symlink("nowhere.json", fvt_at("s/dangling.json")), 0);
	assert_int_equal(symlink("../other", fvt_at("s/ldir")), 0);
	/* A socket only where its path fits in sun_path. */
	if (strlen(sock) < sizeof(sa.sun_path)) {
		int fd = socket(AF_UNIX, SOCK_STREAM, 0);

		assert_true(fd >= 0);
		strcpy(sa.sun_path, sock);
		assert_int_equal(bind(fd, (struct sockaddr *) &sa, sizeof(sa)),
				 0);
		close(fd);
	}

	/*
	 * The fifo, the socket, the dangling link and the symlinked
	 * directory are left out; a link to a file is a file.
	 */
	assert_int_equal(fv_inputs_add(&in, fvt_at("s"), &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(fv_inputs_count(&in), 3);
	input_is(&in, 0, fvt_at("s/a.json"), fvt_at("s"), false);
	input_is(&in, 1, fvt_at("s/l.json"), fvt_at("s"), false);
	input_is(&in, 2, fvt_at("s/real/y.json"), fvt_at("s/real"), false);
	fv_inputs_free(&in);

	/* Named, a fifo is an input, and a symlinked directory is walked. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("s/f.json"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, fvt_at("s/ldir"), &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 0, fvt_at("s/f.json"), fvt_at("s"), true);
	input_is(&in, 1, fvt_at("s/ldir/x.json"), fvt_at("s/ldir"), false);
	fv_inputs_free(&in);
	fv_diags_free(&d);
}

/*
 * Current behaviour: directories are walked 64 levels deep, and what lies
 * deeper is left out without a word. The top directory is level 0; the
 * files of levels 0 to 64 are found.
 */
static void deep_nesting_stops(void **state)
{
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };
	char rel[PATH_MAX] = "n";

	(void) state;
	for (int level = 0; level < 70; level++) {
		fvt_mkdir(fvt_at("%s", rel));
		fvt_touch(fvt_at("%s/f.json", rel));
		strcat(rel, "/d");
	}
	assert_int_equal(fv_inputs_add(&in, fvt_at("n"), &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(fv_inputs_count(&in), 65);
	/* "d" sorts before "f.json": the deepest file comes first. */
	strcpy(rel, "n");
	for (int level = 0; level < 64; level++)
		strcat(rel, "/d");
	path_is(&in, 0, fvt_at("%s/f.json", rel));
	path_is(&in, 64, fvt_at("n/f.json"));
	fv_inputs_free(&in);
	fv_diags_free(&d);
}

static void duplicates_read_once(void **state)
{
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };

	(void) state;
	fvt_mkdir(fvt_at("dir"));
	fvt_touch(fvt_at("dir/x.json"));
	fvt_touch(fvt_at("dir/y.json"));

	/* The same file named twice. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("dir/x.json"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, fvt_at("dir/x.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 1);
	/* Named, then found again by walking its directory. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("dir"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 0, fvt_at("dir/x.json"), fvt_at("dir"), true);
	input_is(&in, 1, fvt_at("dir/y.json"), fvt_at("dir"), false);
	/* The directory again, with a trailing '/': the same spellings. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("dir/"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	fv_inputs_free(&in);

	/*
	 * Walked, then named: still once, and named (what is not fio output
	 * in it is then an error, as for any file named).
	 */
	assert_int_equal(fv_inputs_add(&in, fvt_at("dir"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, fvt_at("dir/y.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 0, fvt_at("dir/x.json"), fvt_at("dir"), false);
	input_is(&in, 1, fvt_at("dir/y.json"), fvt_at("dir"), true);
	fv_inputs_free(&in);

	/*
	 * Other spellings of one file or folder: "." parts and doubled or
	 * trailing '/' are dropped, so the walk of "./dir" finds the named
	 * "dir/x.json" as it was spelled; an absolute path and a link are
	 * the same file or folder again, read once with a note.
	 */
	assert_int_equal(symlink("dir", fvt_at("link")), 0);
	fvt_enter(fvt_tmp());
	assert_int_equal(fv_inputs_add(&in, "dir/x.json", &d), 0);
	assert_int_equal(fv_inputs_add(&in, ".//dir/./x.json", &d), 0);
	assert_int_equal(fv_inputs_add(&in, "./dir/", &d), 0);
	assert_int_equal(fv_inputs_add(&in, fvt_at("dir/x.json"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, "link", &d), 0);
	assert_int_equal(fv_inputs_add(&in, "dir", &d), 0);
	fvt_leave();
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 0, "dir/x.json", "dir", true);
	input_is(&in, 1, "dir/y.json", "dir", false);
	assert_int_equal(d.n, 2);
	assert_int_equal(d.v[0].severity, FV_NOTE);
	assert_string_equal(d.v[0].file, fvt_at("dir/x.json"));
	assert_string_equal(d.v[0].message, "the same file as 'dir/x.json', "
					    "named again: read once");
	assert_string_equal(d.v[1].file, "link");
	assert_string_equal(d.v[1].message,
			    "the same folder as 'dir', named again: read once");
	fv_inputs_free(&in);
	fv_diags_free(&d);

	/* Two files alike to the byte are two files: both read. */
	fvt_mkfile(fvt_at("dir/z.json"), "{}\n", 3);
	assert_int_equal(fv_inputs_add(&in, fvt_at("dir/x.json"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, fvt_at("dir/z.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	free_quiet(&in, &d);
}

static void stats_siblings(void **state)
{
	const char *stats[] = { "a_durability.json", "run_durability.json",
				"run_durability_2.json" };
	/* Not stats files: no "_durability", or not ending in ".json". */
	const char *others[] = { "durability.json", "run-durability.json",
				 "run_durability.txt",
				 "run_durability.json.gz" };
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };

	(void) state;
	fvt_mkdirs("r", "o");
	fvt_touch(fvt_at("r/run.json"));
	fvt_touch(fvt_at("r/run2.json"));
	fvt_touch(fvt_at("r/run3.json"));
	fvt_touch(fvt_at("o/x.json"));
	for (size_t i = 0; i < 3; i++)
		fvt_touch(fvt_at("r/%s", stats[i]));
	for (size_t i = 0; i < 4; i++)
		fvt_touch(fvt_at("r/%s", others[i]));

	/* After the named file, its directory's stats files, sorted. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("r/run.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 4);
	input_is(&in, 0, fvt_at("r/run.json"), fvt_at("r"), true);
	assert_false(fv_inputs_is_stats(&in, 0));
	for (size_t i = 0; i < 3; i++) {
		input_is(&in, i + 1, fvt_at("r/%s", stats[i]), fvt_at("r"),
			 false);
		assert_true(fv_inputs_is_stats(&in, i + 1));
	}

	/*
	 * Another file of the same directory: the siblings are not added
	 * again, and the directory is not searched again (a stats file
	 * written since is not seen until another directory came between).
	 */
	fvt_touch(fvt_at("r/late_durability.json"));
	assert_int_equal(fv_inputs_add(&in, fvt_at("r/run2.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 5);
	input_is(&in, 4, fvt_at("r/run2.json"), fvt_at("r"), true);
	assert_int_equal(fv_inputs_add(&in, fvt_at("o/x.json"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, fvt_at("r/run3.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 8);
	input_is(&in, 5, fvt_at("o/x.json"), fvt_at("o"), true);
	input_is(&in, 6, fvt_at("r/run3.json"), fvt_at("r"), true);
	input_is(&in, 7, fvt_at("r/late_durability.json"), fvt_at("r"), false);
	assert_true(fv_inputs_is_stats(&in, 7));
	assert_false(fv_inputs_is_stats(&in, 5));
	assert_int_equal(unlink(fvt_at("r/late_durability.json")), 0);
	fv_inputs_free(&in);

	/* A stats file named: no search beside it; it is still stats. */
	assert_int_equal(
		fv_inputs_add(&in, fvt_at("r/run_durability.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 1);
	input_is(&in, 0, fvt_at("r/run_durability.json"), fvt_at("r"), true);
	assert_true(fv_inputs_is_stats(&in, 0));
	fv_inputs_free(&in);

	/* Walked, the stats files are there as any file, and are stats. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("r"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 10);
	for (size_t i = 0; i < 10; i++) {
		struct fv_input x;
		const char *name;

		assert_int_equal(fv_inputs_get(&in, i, &x), 0);
		name = strrchr(x.path, '/') + 1;
		assert_int_equal(fv_inputs_is_stats(&in, i),
				 !strcmp(name, stats[0]) ||
					 !strcmp(name, stats[1]) ||
					 !strcmp(name, stats[2]));
		fv_input_release(&x);
	}
	fv_inputs_free(&in);

	/* A directory named like a stats file: the name alone counts. */
	fvt_mkdir(fvt_at("res_durability"));
	fvt_touch(fvt_at("res_durability/run.json"));
	fvt_touch(fvt_at("res_durability/run_durability.json"));
	assert_int_equal(
		fv_inputs_add(&in, fvt_at("res_durability/run.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	assert_false(fv_inputs_is_stats(&in, 0));
	input_is(&in, 1, fvt_at("res_durability/run_durability.json"),
		 fvt_at("res_durability"), false);
	fv_inputs_free(&in);

	/* Beside a named file, only files named like stats files count. */
	fvt_mkdir(fvt_at("d"));
	fvt_touch(fvt_at("d/run.json"));
	fvt_mkdir(fvt_at("d/z_durability.json"));
	assert_int_equal(mkfifo(fvt_at("d/f_durability.json"), 0600), 0);
	fvt_touch(fvt_at("d/s_durability.json"));
	assert_int_equal(fv_inputs_add(&in, fvt_at("d/run.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 1, fvt_at("d/s_durability.json"), fvt_at("d"), false);
	fv_inputs_free(&in);

	/* A bare name: the siblings are spelled bare too, in ".". */
	fvt_enter(fvt_at("r"));
	assert_int_equal(fv_inputs_add(&in, "run.json", &d), 0);
	fvt_leave();
	assert_int_equal(fv_inputs_count(&in), 4);
	input_is(&in, 0, "run.json", ".", true);
	for (size_t i = 0; i < 3; i++) {
		input_is(&in, i + 1, stats[i], ".", false);
		assert_true(fv_inputs_is_stats(&in, i + 1));
	}
	free_quiet(&in, &d);
}

static void errors_name_the_path(void **state)
{
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };

	(void) state;
	FVT_HELD(missing, "missing.json");
	FVT_HELD(notdir, "f.json/x.json");
	fvt_touch(fvt_at("f.json"));
	assert_int_equal(fv_inputs_add(&in, missing, &d), -ENOENT);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.nerrors, 1);
	assert_int_equal(errors_about(&d, missing, strerror(ENOENT)), 1);
	assert_int_equal(fv_inputs_add(&in, notdir, &d), -ENOTDIR);
	assert_int_equal(d.n, 2);
	assert_int_equal(errors_about(&d, notdir, strerror(ENOTDIR)), 1);
	assert_int_equal(fv_inputs_count(&in), 0);
	/* The list goes on after an error. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("f.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 1);
	assert_int_equal(d.n, 2);
	fv_inputs_free(&in);
	fv_diags_free(&d);
}

/*
 * A directory that cannot be listed. As root, chmod does not stop
 * opendir (CAP_DAC_READ_SEARCH): root then checks file access as nobody
 * (setfsuid, which drops those capabilities for file access). When that
 * does not make the directory unlistable either, the test is skipped.
 */
static void unlistable_directory(void **state)
{
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };
	DIR *probe, *top_dir;
	int err;

	(void) state;
	FVT_HELD(top, "top");
	FVT_HELD(locked, "top/locked");
	fvt_mkdir(top);
	fvt_mkdir(locked);
	fvt_touch(fvt_at("top/a.json"));
	fvt_touch(fvt_at("top/locked/x.json"));
	fvt_touch(fvt_at("top/z.json"));
	assert_int_equal(chmod(locked, 0), 0);
	if (geteuid() == 0) {
		/* nobody must reach top: tmp is mkdtemp's 0700. */
		assert_int_equal(chmod(fvt_tmp(), 0711), 0);
		setfsuid(65534);
		fsuid_dropped = (uid_t) setfsuid((uid_t) -1) == 65534;
	}
	/* Unlistable, while the directory holding it is listable. */
	probe = opendir(locked);
	err = errno;
	top_dir = opendir(top);
	if (top_dir)
		closedir(top_dir);
	if (probe || err != EACCES || !top_dir) {
		if (probe)
			closedir(probe);
		if (fsuid_dropped)
			setfsuid(0);
		fsuid_dropped = false;
		print_message("cannot make a directory unlistable here "
			      "(root without setfsuid?): skipped\n");
		skip();
	}

	/* Found while walking: an error, and the rest is still listed. */
	assert_int_equal(fv_inputs_add(&in, top, &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	path_is(&in, 0, fvt_at("top/a.json"));
	path_is(&in, 1, fvt_at("top/z.json"));
	assert_int_equal(d.n, 1);
	assert_int_equal(errors_about(&d, locked, "cannot list"), 1);
	assert_non_null(strstr(d.v[0].message, strerror(EACCES)));
	/* Named: the error is returned too. */
	assert_int_equal(fv_inputs_add(&in, locked, &d), -EACCES);
	assert_int_equal(d.n, 2);
	assert_int_equal(errors_about(&d, locked, "cannot list"), 2);
	assert_int_equal(fv_inputs_count(&in), 2);
	if (fsuid_dropped)
		setfsuid(0);
	fsuid_dropped = false;
	fv_inputs_free(&in);
	fv_diags_free(&d);
}

/* ls -v's order: f9.json before f10.json. */
static int cmp_str(const void *a, const void *b)
{
	return strverscmp(*(char *const *) a, *(char *const *) b);
}

static void many_files_sorted_once(void **state)
{
	enum { N = 3000 };
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };
	char *names[N];

	(void) state;
	fvt_mkdir(fvt_at("many"));
	/* Created in a scrambled order (7 and 3000 are coprime). */
	for (size_t i = 0; i < N; i++) {
		size_t k = (i * 7) % N;

		assert_true(asprintf(&names[k], "f%zu.json", k) > 0);
		fvt_touch(fvt_at("many/%s", names[k]));
	}
	qsort(names, N, sizeof(names[0]), cmp_str);

	assert_int_equal(fv_inputs_add(&in, fvt_at("many"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), N);
	for (size_t i = 0; i < N; i++)
		path_is(&in, i, fvt_at("many/%s", names[i]));

	/* Adding again before fv_inputs_done(): nothing new. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("many"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, fvt_at("many/f1234.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), N);

	/* Sealed: the hash table is gone, the paths are all there. */
	fv_inputs_done(&in);
	assert_null(in.list.slots);
	assert_null(in.siblings_of);
	for (size_t i = 0; i < N; i++)
		path_is(&in, i, fvt_at("many/%s", names[i]));
	/* Adding after fv_inputs_done() builds the table again. */
	assert_int_equal(fv_inputs_add(&in, fvt_at("many"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), N);
	/* A new path is added after fv_inputs_done(). */
	fvt_touch(fvt_at("new.json"));
	assert_int_equal(fv_inputs_add(&in, fvt_at("new.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), N + 1);
	path_is(&in, N, fvt_at("new.json"));
	assert_int_equal(d.n, 0);
	for (size_t i = 0; i < N; i++)
		free(names[i]);
	fv_inputs_free(&in);
	fv_diags_free(&d);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, fvt_tmp_setup, teardown)
	const struct CMUnitTest tests[] = {
		T(walk_in_natural_order), T(walk_skips_special),
		T(deep_nesting_stops),	  T(duplicates_read_once),
		T(stats_siblings),	  T(errors_name_the_path),
		T(unlistable_directory),  T(many_files_sorted_once),
	};
#undef T

	return cmocka_run_group_tests_name("inputs", tests, NULL, NULL);
}
