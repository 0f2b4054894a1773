/* SPDX-License-Identifier: MIT */
/*
 * A stream or a descriptor read whole (util/read_all.h): the bound is the
 * bytes allowed, exactly, whatever it is; a descriptor's head already
 * taken starts the text; a failed read says its errno.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fvtest.h"
#include "util/read_all.h"

/* A stream of n bytes 'x', from its start. */
static FILE *stream_of(size_t n)
{
	FILE *f = tmpfile();

	assert_non_null(f);
	for (size_t i = 0; i < n; i++)
		assert_int_not_equal(fputc('x', f), EOF);
	rewind(f);
	return f;
}

/* 70,000 bytes fit a bound of 70,000 (not a power of two), not 69,999. */
static void stream_bound_exact(void **state)
{
	FILE *f = stream_of(70000);
	char *text;
	size_t len = 0;

	(void) state;
	assert_int_equal(fv_read_all(f, 70000, &text, &len), 0);
	assert_int_equal(len, 70000);
	assert_int_equal(text[len], '\0');
	free(text);
	rewind(f);
	assert_int_equal(fv_read_all(f, 69999, &text, &len), -EFBIG);
	assert_null(text);
	rewind(f);
	assert_int_equal(fv_read_all(f, 0, &text, &len), 0);
	assert_int_equal(len, 70000);
	free(text);
	fclose(f);
}

/* A pipe holding s, its write end closed: a descriptor to read. */
static int pipe_of(const char *s)
{
	int p[2];

	assert_int_equal(pipe(p), 0);
	assert_int_equal(write(p[1], s, strlen(s)), (ssize_t) strlen(s));
	close(p[1]);
	return p[0];
}

/* The head a caller took starts the text; hint or none, the same text. */
static void fd_after_head(void **state)
{
	char head[2], *text;
	size_t len = 0;
	int fd = pipe_of("abcdef");

	(void) state;
	assert_int_equal(read(fd, head, 2), 2);
	assert_int_equal(fv_read_fd(fd, 0, 0, head, 2, &text, &len), 0);
	assert_string_equal(text, "abcdef");
	assert_int_equal(len, 6);
	free(text);
	close(fd);
	fd = pipe_of("abcdef");
	assert_int_equal(fv_read_fd(fd, 6, 6, NULL, 0, &text, &len), 0);
	assert_string_equal(text, "abcdef");
	free(text);
	close(fd);
	fd = pipe_of("abcdef");
	assert_int_equal(fv_read_fd(fd, 5, 1, NULL, 0, &text, &len), -EFBIG);
	assert_null(text);
	close(fd);
}

/* A directory opened reads as EISDIR: the errno, not a generic -EIO. */
static void fd_errno(void **state)
{
	char *text;
	size_t len;
	int fd = open(".", O_RDONLY | O_DIRECTORY);

	(void) state;
	assert_true(fd >= 0);
	assert_int_equal(fv_read_fd(fd, 0, 0, NULL, 0, &text, &len), -EISDIR);
	assert_null(text);
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(stream_bound_exact),
		cmocka_unit_test(fd_after_head),
		cmocka_unit_test(fd_errno),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
