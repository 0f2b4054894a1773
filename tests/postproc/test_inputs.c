/* SPDX-License-Identifier: MIT */
/*
 * The list of inputs and their text (inputs.h): directories walked in name
 * order, each path once as it was spelled, the stats files beside a named
 * file, errors naming the path; an input's text kept with its file open,
 * pages let go and read again, a file that shrank, stdin.
 *
 * Every test works in a fresh directory made by mkdtemp ($TMPDIR or /tmp),
 * removed afterwards. The program does not call setlocale: names sort as
 * in the C locale.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fvtest.h"
#include "inputs.h"

static char tmp[PATH_MAX];    /* this test's directory */
static char oldcwd[PATH_MAX]; /* set while a test is inside tmp */
static int saved_stdin = -2;  /* -2: stdin not replaced */
static bool fsuid_dropped;    /* root acting as nobody (unlistable dir) */

/* Removes path and all under it; makes directories listable first. */
static void rm_tree(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;

	if (lstat(path, &st) < 0)
		return;
	if (!S_ISDIR(st.st_mode)) {
		unlink(path);
		return;
	}
	chmod(path, 0700);
	d = opendir(path);
	while (d && (e = readdir(d))) {
		char *p;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (asprintf(&p, "%s/%s", path, e->d_name) < 0)
			break;
		rm_tree(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(path);
}

static int setup(void **state)
{
	const char *base = fvt_env("TMPDIR", "/tmp");
	int n = snprintf(tmp, sizeof(tmp), "%s/fv_inputs.XXXXXX", base);

	(void) state;
	if (n < 0 || (size_t) n >= sizeof(tmp) || !mkdtemp(tmp))
		return -1;
	return 0;
}

/* Undoes what a failed test may have left: fsuid, cwd, stdin, files. */
static int teardown(void **state)
{
	(void) state;
	if (fsuid_dropped) {
		setfsuid(0);
		fsuid_dropped = false;
	}
	if (oldcwd[0]) {
		if (chdir(oldcwd) < 0)
			return -1;
		oldcwd[0] = '\0';
	}
	if (saved_stdin != -2) {
		if (saved_stdin >= 0) {
			dup2(saved_stdin, STDIN_FILENO);
			close(saved_stdin);
		} else {
			close(STDIN_FILENO);
		}
		saved_stdin = -2;
	}
	rm_tree(tmp);
	return 0;
}

/*
 * "$tmp/rel", rel formatted; one of 16 buffers, valid for 16 calls (a path
 * kept longer is copied: held()).
 */
static const char *at(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static const char *at(const char *fmt, ...)
{
	static char ring[16][PATH_MAX];
	static unsigned k;
	char rel[PATH_MAX], *b = ring[k++ % 16];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(rel, sizeof(rel), fmt, ap);
	va_end(ap);
	assert_true(n >= 0 && (size_t) n < sizeof(rel));
	n = snprintf(b, PATH_MAX, "%s%s%s", tmp, rel[0] ? "/" : "", rel);
	assert_true(n > 0 && n < PATH_MAX);
	return b;
}

/* A path kept across more than 16 calls of at(). */
#define held(var, ...)      \
	char var[PATH_MAX]; \
	strcpy(var, at(__VA_ARGS__))

static void mkfile(const char *path, const char *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	size_t done = 0;

	assert_true(fd >= 0);
	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);

		assert_true(w > 0);
		done += (size_t) w;
	}
	assert_int_equal(close(fd), 0);
}

static void touch(const char *path)
{
	mkfile(path, "{}\n", 3);
}

static void mkdir_p(const char *path)
{
	assert_int_equal(mkdir(path, 0755), 0);
}

/* Into tmp (or a directory under it) and back in leave(). */
static void enter(const char *dir)
{
	assert_non_null(getcwd(oldcwd, sizeof(oldcwd)));
	assert_int_equal(chdir(dir), 0);
}

static void leave(void)
{
	assert_int_equal(chdir(oldcwd), 0);
	oldcwd[0] = '\0';
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

/*
 * len bytes in which every 16 tell their own offset ("%015zx\n"): no NUL,
 * and a byte out of place shows where it came from.
 */
static char *pattern(size_t len)
{
	char *p = malloc(len + 1), chunk[32];

	assert_non_null(p);
	for (size_t i = 0; i < len; i += 16) {
		size_t n = len - i < 16 ? len - i : 16;

		snprintf(chunk, sizeof(chunk), "%015zx\n", i);
		memcpy(p + i, chunk, n);
	}
	p[len] = '\0';
	return p;
}

static size_t page_size(void)
{
	long page = sysconf(_SC_PAGESIZE);

	assert_true(page > 0);
	return (size_t) page;
}

/* fv_text_copy of [from, to) equals want's, and writes nothing else. */
static void copy_is(const struct fv_text *t, size_t from, size_t to,
		    const char *want)
{
	size_t n = to - from;
	char *dst = malloc(n + 2);

	assert_non_null(dst);
	memset(dst, '#', n + 2);
	assert_int_equal(fv_text_copy(t, from, to, dst + 1), 0);
	assert_int_equal(dst[0], '#');
	assert_int_equal(dst[n + 1], '#');
	if (memcmp(dst + 1, want + from, n))
		fail_msg("copy of [%zu, %zu) differs", from, to);
	free(dst);
}

/* ---- the list ---- */

static void walk_in_name_order(void **state)
{
	/* Created scrambled; C-locale order: 'B' < '_' < 'a'. */
	const char *made[] = { "t.json",     "b.json",	"c9.json",  "B.json",
			       "a.json.bak", "_x.json", "c10.json", "a.json" };
	const char *want[] = { "B.json",     "_x.json",	   "a.json",
			       "a.json.bak", "b.json",	   "c10.json",
			       "c9.json",    "sub/z.json", "t.json" };
	size_t nwant = sizeof(want) / sizeof(want[0]);
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };

	(void) state;
	mkdir_p(at("w"));
	for (size_t i = 0; i < 4; i++)
		touch(at("w/%s", made[i]));
	mkdir_p(at("w/sub"));
	touch(at("w/sub/z.json"));
	for (size_t i = 4; i < sizeof(made) / sizeof(made[0]); i++)
		touch(at("w/%s", made[i]));

	assert_int_equal(fv_inputs_add(&in, at("w"), &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(fv_inputs_count(&in), nwant);
	for (size_t i = 0; i < nwant; i++)
		input_is(&in, i, at("w/%s", want[i]),
			 strchr(want[i], '/') ? at("w/sub") : at("w"), false);
	/* Found while walking, not named: no stats file searched for. */
	fv_inputs_free(&in);

	/* A file named is named; its directory is where it lies. */
	assert_int_equal(fv_inputs_add(&in, at("w/sub/z.json"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, "-", &d), 0);
	assert_int_equal(fv_inputs_add(&in, "-", &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 0, at("w/sub/z.json"), at("w/sub"), true);
	input_is(&in, 1, "-", NULL, true);
	assert_false(fv_inputs_is_stats(&in, 1));
	fv_inputs_free(&in);

	/* A trailing '/' is not doubled in the paths found. */
	assert_int_equal(fv_inputs_add(&in, at("w/sub/"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 1);
	input_is(&in, 0, at("w/sub/z.json"), at("w/sub"), false);
	fv_inputs_free(&in);
	assert_int_equal(d.n, 0);
	fv_diags_free(&d);
}

static void walk_skips_special(void **state)
{
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };
	struct sockaddr_un sa = { .sun_family = AF_UNIX };

	(void) state;
	held(sock, "s/s.json");
	mkdir_p(at("s"));
	mkdir_p(at("s/real"));
	mkdir_p(at("other"));
	touch(at("s/a.json"));
	touch(at("s/real/y.json"));
	touch(at("other/x.json"));
	assert_int_equal(mkfifo(at("s/f.json"), 0644), 0);
	assert_int_equal(symlink("a.json", at("s/l.json")), 0);
	assert_int_equal(symlink("nowhere.json", at("s/dangling.json")), 0);
	assert_int_equal(symlink("../other", at("s/ldir")), 0);
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
	assert_int_equal(fv_inputs_add(&in, at("s"), &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(fv_inputs_count(&in), 3);
	input_is(&in, 0, at("s/a.json"), at("s"), false);
	input_is(&in, 1, at("s/l.json"), at("s"), false);
	input_is(&in, 2, at("s/real/y.json"), at("s/real"), false);
	fv_inputs_free(&in);

	/* Named, a fifo is an input, and a symlinked directory is walked. */
	assert_int_equal(fv_inputs_add(&in, at("s/f.json"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, at("s/ldir"), &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 0, at("s/f.json"), at("s"), true);
	input_is(&in, 1, at("s/ldir/x.json"), at("s/ldir"), false);
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
		mkdir_p(at("%s", rel));
		touch(at("%s/f.json", rel));
		strcat(rel, "/d");
	}
	assert_int_equal(fv_inputs_add(&in, at("n"), &d), 0);
	assert_int_equal(d.n, 0);
	assert_int_equal(fv_inputs_count(&in), 65);
	/* "d" sorts before "f.json": the deepest file comes first. */
	strcpy(rel, "n");
	for (int level = 0; level < 64; level++)
		strcat(rel, "/d");
	path_is(&in, 0, at("%s/f.json", rel));
	path_is(&in, 64, at("n/f.json"));
	fv_inputs_free(&in);
	fv_diags_free(&d);
}

static void duplicates_read_once(void **state)
{
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };

	(void) state;
	mkdir_p(at("dir"));
	touch(at("dir/x.json"));
	touch(at("dir/y.json"));

	/* The same file named twice. */
	assert_int_equal(fv_inputs_add(&in, at("dir/x.json"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, at("dir/x.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 1);
	/* Named, then found again by walking its directory. */
	assert_int_equal(fv_inputs_add(&in, at("dir"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 0, at("dir/x.json"), at("dir"), true);
	input_is(&in, 1, at("dir/y.json"), at("dir"), false);
	/* The directory again, with a trailing '/': the same spellings. */
	assert_int_equal(fv_inputs_add(&in, at("dir/"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	fv_inputs_free(&in);

	/*
	 * Walked, then named: still once, and named (what is not fio output
	 * in it is then an error, as for any file named).
	 */
	assert_int_equal(fv_inputs_add(&in, at("dir"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, at("dir/y.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 0, at("dir/x.json"), at("dir"), false);
	input_is(&in, 1, at("dir/y.json"), at("dir"), true);
	fv_inputs_free(&in);

	/*
	 * Current behaviour: paths are compared as strings, so another
	 * spelling of the same file is another input, read twice.
	 */
	enter(tmp);
	assert_int_equal(fv_inputs_add(&in, "dir/x.json", &d), 0);
	assert_int_equal(fv_inputs_add(&in, "./dir/x.json", &d), 0);
	assert_int_equal(fv_inputs_add(&in, "dir/x.json", &d), 0);
	assert_int_equal(fv_inputs_add(&in, "./dir", &d), 0);
	assert_int_equal(fv_inputs_add(&in, "dir", &d), 0);
	leave();
	assert_int_equal(fv_inputs_count(&in), 4);
	input_is(&in, 0, "dir/x.json", "dir", true);
	input_is(&in, 1, "./dir/x.json", "./dir", true);
	input_is(&in, 2, "./dir/y.json", "./dir", false);
	input_is(&in, 3, "dir/y.json", "dir", false);
	fv_inputs_free(&in);
	assert_int_equal(d.n, 0);
	fv_diags_free(&d);
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
	mkdir_p(at("r"));
	mkdir_p(at("o"));
	touch(at("r/run.json"));
	touch(at("r/run2.json"));
	touch(at("o/x.json"));
	for (size_t i = 0; i < 3; i++)
		touch(at("r/%s", stats[i]));
	for (size_t i = 0; i < 4; i++)
		touch(at("r/%s", others[i]));

	/* After the named file, its directory's stats files, sorted. */
	assert_int_equal(fv_inputs_add(&in, at("r/run.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 4);
	input_is(&in, 0, at("r/run.json"), at("r"), true);
	assert_false(fv_inputs_is_stats(&in, 0));
	for (size_t i = 0; i < 3; i++) {
		input_is(&in, i + 1, at("r/%s", stats[i]), at("r"), false);
		assert_true(fv_inputs_is_stats(&in, i + 1));
	}

	/*
	 * Another file of the same directory: the siblings are not added
	 * again, and the directory is not searched again (a stats file
	 * written since is not seen until another directory came between).
	 */
	touch(at("r/late_durability.json"));
	assert_int_equal(fv_inputs_add(&in, at("r/run2.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 5);
	input_is(&in, 4, at("r/run2.json"), at("r"), true);
	assert_int_equal(fv_inputs_add(&in, at("o/x.json"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, at("r/run.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 7);
	input_is(&in, 5, at("o/x.json"), at("o"), true);
	input_is(&in, 6, at("r/late_durability.json"), at("r"), false);
	assert_true(fv_inputs_is_stats(&in, 6));
	assert_false(fv_inputs_is_stats(&in, 5));
	assert_int_equal(unlink(at("r/late_durability.json")), 0);
	fv_inputs_free(&in);

	/* A stats file named: no search beside it; it is still stats. */
	assert_int_equal(fv_inputs_add(&in, at("r/run_durability.json"), &d),
			 0);
	assert_int_equal(fv_inputs_count(&in), 1);
	input_is(&in, 0, at("r/run_durability.json"), at("r"), true);
	assert_true(fv_inputs_is_stats(&in, 0));
	fv_inputs_free(&in);

	/* Walked, the stats files are there as any file, and are stats. */
	assert_int_equal(fv_inputs_add(&in, at("r"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 9);
	for (size_t i = 0; i < 9; i++) {
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
	mkdir_p(at("res_durability"));
	touch(at("res_durability/run.json"));
	touch(at("res_durability/run_durability.json"));
	assert_int_equal(fv_inputs_add(&in, at("res_durability/run.json"), &d),
			 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	assert_false(fv_inputs_is_stats(&in, 0));
	input_is(&in, 1, at("res_durability/run_durability.json"),
		 at("res_durability"), false);
	fv_inputs_free(&in);

	/* Beside a named file, only files named like stats files count. */
	mkdir_p(at("d"));
	touch(at("d/run.json"));
	mkdir_p(at("d/z_durability.json"));
	assert_int_equal(mkfifo(at("d/f_durability.json"), 0600), 0);
	touch(at("d/s_durability.json"));
	assert_int_equal(fv_inputs_add(&in, at("d/run.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), 2);
	input_is(&in, 1, at("d/s_durability.json"), at("d"), false);
	fv_inputs_free(&in);

	/* A bare name: the siblings are spelled bare too, in ".". */
	enter(at("r"));
	assert_int_equal(fv_inputs_add(&in, "run.json", &d), 0);
	leave();
	assert_int_equal(fv_inputs_count(&in), 4);
	input_is(&in, 0, "run.json", ".", true);
	for (size_t i = 0; i < 3; i++) {
		input_is(&in, i + 1, stats[i], ".", false);
		assert_true(fv_inputs_is_stats(&in, i + 1));
	}
	fv_inputs_free(&in);
	assert_int_equal(d.n, 0);
	fv_diags_free(&d);
}

static void errors_name_the_path(void **state)
{
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };

	(void) state;
	held(missing, "missing.json");
	held(notdir, "f.json/x.json");
	touch(at("f.json"));
	assert_int_equal(fv_inputs_add(&in, missing, &d), -ENOENT);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.nerrors, 1);
	assert_int_equal(errors_about(&d, missing, strerror(ENOENT)), 1);
	assert_int_equal(fv_inputs_add(&in, notdir, &d), -ENOTDIR);
	assert_int_equal(d.n, 2);
	assert_int_equal(errors_about(&d, notdir, strerror(ENOTDIR)), 1);
	assert_int_equal(fv_inputs_count(&in), 0);
	/* The list goes on after an error. */
	assert_int_equal(fv_inputs_add(&in, at("f.json"), &d), 0);
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
	held(top, "top");
	held(locked, "top/locked");
	mkdir_p(top);
	mkdir_p(locked);
	touch(at("top/a.json"));
	touch(at("top/locked/x.json"));
	touch(at("top/z.json"));
	assert_int_equal(chmod(locked, 0), 0);
	if (geteuid() == 0) {
		/* nobody must reach top: tmp is mkdtemp's 0700. */
		assert_int_equal(chmod(tmp, 0711), 0);
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
	path_is(&in, 0, at("top/a.json"));
	path_is(&in, 1, at("top/z.json"));
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

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

static void many_files_sorted_once(void **state)
{
	enum { N = 3000 };
	struct fv_inputs in = { 0 };
	struct fv_diags d = { 0 };
	char *names[N];

	(void) state;
	mkdir_p(at("many"));
	/* Created in a scrambled order (7 and 3000 are coprime). */
	for (size_t i = 0; i < N; i++) {
		size_t k = (i * 7) % N;

		assert_true(asprintf(&names[k], "f%zu.json", k) > 0);
		touch(at("many/%s", names[k]));
	}
	qsort(names, N, sizeof(names[0]), cmp_str);

	assert_int_equal(fv_inputs_add(&in, at("many"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), N);
	for (size_t i = 0; i < N; i++)
		path_is(&in, i, at("many/%s", names[i]));

	/* Adding again before fv_inputs_done(): nothing new. */
	assert_int_equal(fv_inputs_add(&in, at("many"), &d), 0);
	assert_int_equal(fv_inputs_add(&in, at("many/f1234.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), N);

	/* Sealed: the hash table is gone, the paths are all there. */
	fv_inputs_done(&in);
	assert_null(in.list.slots);
	assert_null(in.siblings_of);
	for (size_t i = 0; i < N; i++)
		path_is(&in, i, at("many/%s", names[i]));
	/* Adding after fv_inputs_done() builds the table again. */
	assert_int_equal(fv_inputs_add(&in, at("many"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), N);
	/* A new path is added after fv_inputs_done(). */
	touch(at("new.json"));
	assert_int_equal(fv_inputs_add(&in, at("new.json"), &d), 0);
	assert_int_equal(fv_inputs_count(&in), N + 1);
	path_is(&in, N, at("new.json"));
	assert_int_equal(d.n, 0);
	for (size_t i = 0; i < N; i++)
		free(names[i]);
	fv_inputs_free(&in);
	fv_diags_free(&d);
}

/* ---- the text ---- */

static void read_file_and_empty(void **state)
{
	struct fv_input in = { .named = true };
	char *buf = NULL;
	size_t len = 99;

	(void) state;
	/* Whatever the bytes, an embedded NUL included. */
	mkfile(at("f.json"), "{\"a\":\0 1}\n", 10);
	in.path = (char *) at("f.json");
	assert_int_equal(fv_input_read(&in, &buf, &len), 0);
	assert_int_equal(len, 10);
	assert_memory_equal(buf, "{\"a\":\0 1}\n", 11);
	free(buf);

	mkfile(at("empty.json"), "", 0);
	in.path = (char *) at("empty.json");
	buf = NULL;
	assert_int_equal(fv_input_read(&in, &buf, &len), 0);
	assert_int_equal(len, 0);
	assert_non_null(buf);
	assert_string_equal(buf, "");
	free(buf);

	/* Errors leave *buf alone. */
	buf = NULL;
	in.path = (char *) at("missing.json");
	assert_int_equal(fv_input_read(&in, &buf, &len), -ENOENT);
	in.path = (char *) tmp;
	assert_int_equal(fv_input_read(&in, &buf, &len), -EISDIR);
	assert_null(buf);
}

static void text_release_and_copy(void **state)
{
	size_t page = page_size(), len = 5 * page - 37, zeros = 0;
	char *want = pattern(len);
	struct fv_input in = { .path = (char *) at("t.json"), .named = true };
	struct fv_text t;
	uintptr_t base, a, b;
	int fd, r, err;

	(void) state;
	mkfile(in.path, want, len);
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_true(t.fd >= 0);
	assert_int_equal(t.len, len);
	assert_memory_equal(t.buf, want, len);
	assert_int_equal(t.buf[len], '\0');

	/* The whole pages strictly inside [100, len - 100), by address. */
	fv_text_release(&t, 100, len - 100);
	base = (uintptr_t) t.buf;
	a = (base + 100 + page - 1) & ~(uintptr_t) (page - 1);
	b = (base + len - 100) & ~(uintptr_t) (page - 1);
	assert_true(b >= a + 3 * page);
	for (size_t i = 0; i < len; i++) {
		bool gone = base + i >= a && base + i < b;

		if (t.buf[i] != (gone ? '\0' : want[i]))
			fail_msg("byte %zu: %d, want %d (page %s)", i, t.buf[i],
				 gone ? 0 : want[i],
				 gone ? "released" : "kept");
		zeros += gone;
	}
	assert_int_equal(zeros, b - a);
	assert_int_equal(t.buf[len], '\0');

	/* Copies give the original text, released or not. */
	copy_is(&t, 0, len, want);
	copy_is(&t, 100, len - 100, want);
	copy_is(&t, a - base - 10, a - base + 10, want); /* across */
	copy_is(&t, a - base, b - base, want);		 /* released */
	copy_is(&t, a - base + page + 1, a - base + page + 2, want);
	copy_is(&t, 0, 1, want);
	copy_is(&t, len - 1, len, want);
	copy_is(&t, 7, 7, want); /* empty: nothing written */

	/* Released again (overlapping): still the same. */
	fv_text_release(&t, 0, len);
	copy_is(&t, 0, len, want);

	fd = t.fd;
	fv_text_free(&t);
	assert_null(t.buf);
	assert_int_equal(t.fd, -1);
	/* The file was closed. */
	r = fcntl(fd, F_GETFD);
	err = errno;
	assert_int_equal(r, -1);
	assert_int_equal(err, EBADF);
	free(want);
}

static void text_small_release_noop(void **state)
{
	size_t page = page_size(), len = 4 * page + 11, al;
	char *want = pattern(len);
	struct fv_input in = { .path = (char *) at("t.json"), .named = true };
	struct fv_text t;
	size_t starts[] = { 0, 1, 100, page - 1, page, page + 1, 2 * page - 5 };

	(void) state;
	mkfile(in.path, want, len);
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_true(t.fd >= 0);
	/* Less than a page holds no whole page: nothing changes. */
	for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++) {
		fv_text_release(&t, starts[i], starts[i] + page - 1);
		assert_memory_equal(t.buf, want, len);
	}
	fv_text_release(&t, 0, 0);
	fv_text_release(&t, len, len);
	assert_memory_equal(t.buf, want, len);
	assert_int_equal(t.buf[len], '\0');

	/* The first page boundary inside buf (past byte 0). */
	al = (((uintptr_t) t.buf + page) & ~(uintptr_t) (page - 1)) -
	     (uintptr_t) t.buf;
	assert_true(al >= 1 && al <= page && al + 2 * page <= len);
	/* One byte short of the page, at either end: nothing. */
	fv_text_release(&t, al, al + page - 1);
	fv_text_release(&t, al + 1, al + 2 * page - 1);
	assert_memory_equal(t.buf, want, len);
	/* Exactly that page: it alone reads as zeros. */
	fv_text_release(&t, al, al + page);
	assert_memory_equal(t.buf, want, al);
	for (size_t i = al; i < al + page; i++)
		assert_int_equal(t.buf[i], 0);
	assert_memory_equal(t.buf + al + page, want + al + page,
			    len - al - page);
	copy_is(&t, 0, len, want);
	fv_text_free(&t);
	free(want);
}

static void text_file_shrank(void **state)
{
	size_t page = page_size(), len = 3 * page + 50, half = len / 2;
	char *want = pattern(len), *blanks = malloc(len);
	struct fv_input in = { .path = (char *) at("t.json"), .named = true };
	struct fv_text t;
	char *dst = malloc(len);
	int fd;

	(void) state;
	assert_non_null(blanks);
	assert_non_null(dst);
	memset(blanks, ' ', len);
	mkfile(in.path, want, len);
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_true(t.fd >= 0);

	fd = open(in.path, O_WRONLY | O_CLOEXEC);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t) half), 0);
	close(fd);

	/* The bytes still in the file, then blanks for the missing ones. */
	assert_int_equal(fv_text_copy(&t, len / 4, len, dst), -ESTALE);
	assert_memory_equal(dst, want + len / 4, half - len / 4);
	assert_memory_equal(dst + half - len / 4, blanks, len - half);
	assert_int_equal(fv_text_copy(&t, half + 10, len, dst), -ESTALE);
	assert_memory_equal(dst, blanks, len - half - 10);
	assert_int_equal(fv_text_copy(&t, 0, half, dst), -ESTALE);
	assert_memory_equal(dst, want, half);

	/* The text read before is whole; released, it comes from the file. */
	assert_memory_equal(t.buf, want, len);
	fv_text_release(&t, 0, len);
	assert_int_equal(fv_text_copy(&t, 0, len, dst), -ESTALE);
	assert_memory_equal(dst, want, half);
	assert_memory_equal(dst + half, blanks, len - half);

	/* Emptied: all blanks. */
	assert_int_equal(truncate(in.path, 0), 0);
	assert_int_equal(fv_text_copy(&t, 5, 500, dst), -ESTALE);
	assert_memory_equal(dst, blanks, 495);
	fv_text_free(&t);
	free(dst);
	free(blanks);
	free(want);
}

/* Puts a pipe's read end on stdin, saving stdin for restore_stdin(). */
static void pipe_to_stdin(int rd)
{
	saved_stdin = dup(STDIN_FILENO);
	if (saved_stdin < 0)
		saved_stdin = -1; /* stdin was closed: close it again */
	assert_int_equal(dup2(rd, STDIN_FILENO), STDIN_FILENO);
	assert_int_equal(close(rd), 0);
}

static void restore_stdin(void)
{
	if (saved_stdin >= 0) {
		assert_int_equal(dup2(saved_stdin, STDIN_FILENO), STDIN_FILENO);
		close(saved_stdin);
	} else {
		close(STDIN_FILENO);
	}
	saved_stdin = -2;
}

/*
 * A fifo named on the command line is opened once: a second open would
 * wait for a writer that has gone, and what it wrote would be lost.
 */
static void text_fifo(void **state)
{
	static const char msg[] = "{\"jobs\": []}\n";
	struct fv_input in = { .path = (char *) at("ff"), .named = true };
	struct fv_text t;
	int status;
	pid_t pid;

	(void) state;
	assert_int_equal(mkfifo(in.path, 0600), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) { /* the writer: waits for the reader, writes, goes */
		int fd = open(in.path, O_WRONLY);

		_exit(fd >= 0 && write(fd, msg, sizeof(msg) - 1) ==
					      (ssize_t) sizeof(msg) - 1
			      ? 0
			      : 1);
	}
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int_equal(t.fd, -1);
	assert_int_equal(t.len, sizeof(msg) - 1);
	assert_string_equal(t.buf, msg);
	fv_text_free(&t);
}

static void text_stdin(void **state)
{
	size_t len = 3 * page_size() + 100;
	char *want = pattern(len);
	struct fv_input in = { .path = (char *) "-", .named = true };
	struct fv_text t;
	int p[2];

	(void) state;
	assert_int_equal(pipe(p), 0);
	/* Less than a pipe's buffer (16 pages): written before it is read. */
	assert_int_equal(write(p[1], want, len), (ssize_t) len);
	assert_int_equal(close(p[1]), 0);
	pipe_to_stdin(p[0]);
	assert_int_equal(fv_input_text(&in, &t), 0);
	restore_stdin();

	assert_int_equal(t.fd, -1);
	assert_int_equal(t.len, len);
	assert_memory_equal(t.buf, want, len);
	assert_int_equal(t.buf[len], '\0');
	/* Nothing to read again: nothing is let go. */
	fv_text_release(&t, 0, len);
	fv_text_release(&t, 100, len - 100);
	assert_memory_equal(t.buf, want, len);
	/* A copy is a copy of buf. */
	copy_is(&t, 0, len, want);
	copy_is(&t, 123, 4567, want);
	copy_is(&t, len - 1, len, want);
	copy_is(&t, 9, 9, want);
	/* Even when buf changed: it is what is copied. */
	t.buf[200] = '!';
	want[200] = '!';
	copy_is(&t, 150, 250, want);
	fv_text_free(&t);
	assert_null(t.buf);
	assert_int_equal(t.fd, -1);
	free(want);
}

/* Stdin longer than the first buffer (64 KiB): written by a child. */
static void read_stdin_large(void **state)
{
	size_t len = 300000, got = 0;
	char *want = pattern(len), *buf = NULL;
	struct fv_input in = { .path = (char *) "-", .named = true };
	int p[2], status;
	pid_t pid;

	(void) state;
	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		size_t done = 0;

		close(p[0]);
		while (done < len) {
			ssize_t w = write(p[1], want + done, len - done);

			if (w <= 0)
				_exit(1);
			done += (size_t) w;
		}
		_exit(0);
	}
	assert_int_equal(close(p[1]), 0);
	pipe_to_stdin(p[0]);
	assert_int_equal(fv_input_read(&in, &buf, &got), 0);
	restore_stdin();
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_int_equal(got, len);
	assert_memory_equal(buf, want, len);
	assert_int_equal(buf[len], '\0');
	free(buf);
	free(want);
}

static void text_other_inputs(void **state)
{
	struct fv_input in = { .named = true };
	struct fv_text t;

	(void) state;
	/* Empty file: "" with the file open. */
	mkfile(at("empty.json"), "", 0);
	in.path = (char *) at("empty.json");
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_true(t.fd >= 0);
	assert_int_equal(t.len, 0);
	assert_string_equal(t.buf, "");
	fv_text_release(&t, 0, 0);
	assert_int_equal(fv_text_copy(&t, 0, 0, NULL), 0);
	fv_text_free(&t);
	assert_int_equal(t.fd, -1);

	/* Errors: no file kept, nothing to free. */
	in.path = (char *) at("missing.json");
	assert_int_equal(fv_input_text(&in, &t), -ENOENT);
	assert_int_equal(t.fd, -1);
	assert_null(t.buf);
	in.path = (char *) tmp;
	assert_int_equal(fv_input_text(&in, &t), -EISDIR);
	assert_int_equal(t.fd, -1);
	assert_null(t.buf);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(walk_in_name_order),
		T(walk_skips_special),
		T(deep_nesting_stops),
		T(duplicates_read_once),
		T(stats_siblings),
		T(errors_name_the_path),
		T(unlistable_directory),
		T(many_files_sorted_once),
		T(read_file_and_empty),
		T(text_release_and_copy),
		T(text_small_release_noop),
		T(text_file_shrank),
		T(text_fifo),
		T(text_stdin),
		T(read_stdin_large),
		T(text_other_inputs),
	};
#undef T

	return cmocka_run_group_tests_name("inputs", tests, NULL, NULL);
}
