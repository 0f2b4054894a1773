/* SPDX-License-Identifier: MIT */
/*
 * An input's text (inputs.h): read whole, kept with its file open, pages
 * let go and read again from the file, a file that changed, stdin and
 * fifos read once. Every test works in a fresh directory (fvt_tmp_setup).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fvtest.h"
#include "ingest/inputs.h"
#include "util/util.h"

static int saved_stdin = -2; /* -2: stdin not replaced */

/* Puts stdin back if a failed test left a pipe there, then the directory. */
static int teardown(void **state)
{
	if (saved_stdin != -2) {
		if (saved_stdin >= 0) {
			dup2(saved_stdin, STDIN_FILENO);
			close(saved_stdin);
		} else {
			close(STDIN_FILENO);
		}
		saved_stdin = -2;
	}
	return fvt_tmp_teardown(state);
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

#define MIB ((size_t) 1 << 20)

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

static void read_file_and_empty(void **state)
{
	struct fv_input in = { .named = true };
	char *buf = NULL;
	size_t len = 99;

	(void) state;
	/* Whatever the bytes, an embedded NUL included. */
	fvt_mkfile(fvt_at("f.json"), "{\"a\":\0 1}\n", 10);
	in.path = (char *) fvt_at("f.json");
	assert_int_equal(fv_input_read(&in, &buf, &len), 0);
	assert_int_equal(len, 10);
	assert_memory_equal(buf, "{\"a\":\0 1}\n", 11);
	free(buf);

	fvt_mkfile(fvt_at("empty.json"), "", 0);
	in.path = (char *) fvt_at("empty.json");
	buf = NULL;
	assert_int_equal(fv_input_read(&in, &buf, &len), 0);
	assert_int_equal(len, 0);
	assert_non_null(buf);
	assert_string_equal(buf, "");
	free(buf);

	/* Errors leave *buf alone. */
	buf = NULL;
	in.path = (char *) fvt_at("missing.json");
	assert_int_equal(fv_input_read(&in, &buf, &len), -ENOENT);
	in.path = (char *) fvt_tmp();
	assert_int_equal(fv_input_read(&in, &buf, &len), -EISDIR);
	assert_null(buf);
}

static void text_release_and_copy(void **state)
{
	/* More than a chunk (1 MiB): a smaller file is kept whole. */
	size_t page = page_size(), len = MIB + 5 * page - 37, zeros = 0;
	char *want = pattern(len);
	struct fv_input in = { .path = (char *) fvt_at("t.json"),
			       .named = true };
	struct fv_text t;
	uintptr_t base, a, b;
	int fd, r, err;

	(void) state;
	fvt_mkfile(in.path, want, len);
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_true(t.fd >= 0);
	assert_int_equal(fv_text_need(&t, len), 0); /* read as the scan would */
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

/* A file is read as the scan asks, a MiB at a time, never past its end. */
static void text_read_as_needed(void **state)
{
	size_t mib = MIB, len = 2 * mib + 300;
	char *want = pattern(len);
	struct fv_input in = { .path = (char *) fvt_at("t.json"),
			       .named = true };
	struct fv_text t;
	int fd;

	(void) state;
	fvt_mkfile(in.path, want, len);
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_int_equal(t.len, len);
	assert_int_equal(t.loaded, 0);
	assert_int_equal(t.buf[0], 0); /* nothing read yet */
	assert_int_equal(fv_text_need(&t, 10), 0);
	assert_int_equal(t.loaded, mib);
	assert_memory_equal(t.buf, want, mib);
	assert_int_equal(t.buf[mib], 0);
	assert_int_equal(fv_text_need(&t, mib), 0); /* there already */
	assert_int_equal(t.loaded, mib);
	assert_int_equal(fv_text_need(&t, 3 * mib), 0);
	assert_int_equal(t.loaded, len);
	assert_memory_equal(t.buf, want, len);
	assert_int_equal(t.buf[len], '\0');
	fv_text_free(&t);

	/* Shorter than when it was opened: -ESTALE, not a silent end. */
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_int_equal(fv_text_need(&t, 1), 0);
	fd = open(in.path, O_WRONLY | O_CLOEXEC);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t) (mib + 10)), 0);
	close(fd);
	assert_int_equal(fv_text_need(&t, len), -ESTALE);
	fv_text_free(&t);
	free(want);
}

/*
 * A file of one chunk is read in one go and kept whole: nothing is let
 * go, nothing read twice, and a change after the read does not reach it;
 * a change before the read has ended is -ESTALE.
 */
static void text_small_kept_whole(void **state)
{
	size_t len = 3 * page_size() + 7;
	char *want = pattern(len), *dst = malloc(len);
	struct fv_input in = { .path = (char *) fvt_at("t.json"),
			       .named = true };
	struct fv_text t;
	FILE *f;

	(void) state;
	assert_non_null(dst);
	fvt_mkfile(in.path, want, len);
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_int_equal(fv_text_need(&t, 1), 0);
	assert_int_equal(t.loaded, len);
	fv_text_release(&t, 0, len);
	assert_memory_equal(t.buf, want, len);
	assert_int_equal(truncate(in.path, 0), 0);
	assert_int_equal(fv_text_copy(&t, 0, len, dst), 0);
	assert_memory_equal(dst, want, len);
	fv_text_free(&t);

	fvt_mkfile(in.path, want, len);
	assert_int_equal(fv_input_text(&in, &t), 0);
	f = fopen(in.path, "a"); /* grows between the open and the read */
	assert_non_null(f);
	fputc('x', f);
	fclose(f);
	assert_int_equal(fv_text_need(&t, len), -ESTALE);
	fv_text_free(&t);
	free(dst);
	free(want);
}

static void text_small_release_noop(void **state)
{
	size_t page = page_size(), len = MIB + 4 * page + 11, al;
	char *want = pattern(len);
	struct fv_input in = { .path = (char *) fvt_at("t.json"),
			       .named = true };
	struct fv_text t;
	size_t starts[] = { 0, 1, 100, page - 1, page, page + 1, 2 * page - 5 };

	(void) state;
	fvt_mkfile(in.path, want, len);
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_true(t.fd >= 0);
	assert_int_equal(fv_text_need(&t, len), 0); /* read as the scan would */
	/* Less than a page holds no whole page: nothing changes. */
	for (size_t i = 0; i < FV_ARRAY_SIZE(starts); i++) {
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
	size_t page = page_size(), len = MIB + 3 * page + 50, half = len / 2;
	char *want = pattern(len), *blanks = malloc(len);
	struct fv_input in = { .path = (char *) fvt_at("t.json"),
			       .named = true };
	struct fv_text t;
	char *dst = malloc(len);
	int fd;

	(void) state;
	assert_non_null(blanks);
	assert_non_null(dst);
	memset(blanks, ' ', len);
	fvt_mkfile(in.path, want, len);
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_true(t.fd >= 0);
	assert_int_equal(fv_text_need(&t, len), 0); /* read as the scan would */

	fd = open(in.path, O_WRONLY | O_CLOEXEC);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t) half), 0);
	close(fd);

	/* Nothing let go: copies are the text as it was read. */
	assert_int_equal(fv_text_copy(&t, len / 4, len, dst), 0);
	assert_memory_equal(dst, want + len / 4, len - len / 4);
	assert_memory_equal(t.buf, want, len);

	/* Let go, it comes from the file: the bytes still in it, then
	 * blanks for the missing ones. */
	fv_text_release(&t, 0, len);
	assert_int_equal(fv_text_copy(&t, len / 4, len, dst), -ESTALE);
	assert_memory_equal(dst, want + len / 4, half - len / 4);
	assert_memory_equal(dst + half - len / 4, blanks, len - half);
	assert_int_equal(fv_text_copy(&t, half + 10, len, dst), -ESTALE);
	assert_memory_equal(dst, blanks, len - half - 10);
	assert_int_equal(fv_text_copy(&t, 0, half, dst), -ESTALE);
	assert_memory_equal(dst, want, half);
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
	struct fv_input in = { .path = (char *) fvt_at("ff"), .named = true };
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
	fvt_mkfile(fvt_at("empty.json"), "", 0);
	in.path = (char *) fvt_at("empty.json");
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_true(t.fd >= 0);
	assert_int_equal(t.len, 0);
	assert_string_equal(t.buf, "");
	fv_text_release(&t, 0, 0);
	assert_int_equal(fv_text_copy(&t, 0, 0, NULL), 0);
	fv_text_free(&t);
	assert_int_equal(t.fd, -1);

	/* Errors: no file kept, nothing to free. */
	in.path = (char *) fvt_at("missing.json");
	assert_int_equal(fv_input_text(&in, &t), -ENOENT);
	assert_int_equal(t.fd, -1);
	assert_null(t.buf);
	in.path = (char *) fvt_tmp();
	assert_int_equal(fv_input_text(&in, &t), -EISDIR);
	assert_int_equal(t.fd, -1);
	assert_null(t.buf);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, fvt_tmp_setup, teardown)
	const struct CMUnitTest tests[] = {
		T(read_file_and_empty),
		T(text_release_and_copy),
		T(text_read_as_needed),
		T(text_small_kept_whole),
		T(text_small_release_noop),
		T(text_file_shrank),
		T(text_fifo),
		T(text_stdin),
		T(read_stdin_large),
		T(text_other_inputs),
	};
#undef T

	return cmocka_run_group_tests_name("text", tests, NULL, NULL);
}
