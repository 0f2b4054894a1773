/* SPDX-License-Identifier: MIT */
/*
 * web/wasi_compat.c, natively, against glibc's own: the WebAssembly build
 * prints what the native one does only if its stand-ins order and name
 * things as glibc does. strverscmp on random strings of digits, zeros and
 * letters (the signs must agree); qsort and qsort_r on records with many
 * equal keys (the same order, which is glibc's stable one); realpath on
 * real paths with "." and "..".
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/array_size.h"
#include "wasi_compat.h"

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static void random_name(char *buf, size_t len, unsigned *seed)
{
	static const char alphabet[] = "00123989a.-_";
	size_t n = (size_t) rand_r(seed) % (len - 1);

	for (size_t i = 0; i < n; i++)
		buf[i] = alphabet[rand_r(seed) % (sizeof(alphabet) - 1)];
	buf[n] = '\0';
}

static void strverscmp_as_glibc(void **state)
{
	static const char *const pairs[][2] = {
		{ "8-scheduler", "example" },
		{ "rr_qd2", "rr_qd16" },
		{ "a.01", "a.1" },
		{ "000", "00" },
		{ "a9", "a10" },
		{ "0.9", "0.10" },
		{ "1.0", "1.01" },
		{ "", "0" },
	};
	unsigned seed = 42;
	char a[10], b[10];

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(pairs); i++)
		assert_int_equal(
			sign(fv_compat_strverscmp(pairs[i][0], pairs[i][1])),
			sign(strverscmp(pairs[i][0], pairs[i][1])));
	for (int i = 0; i < 200000; i++) {
		random_name(a, sizeof(a), &seed);
		random_name(b, sizeof(b), &seed);
		if (sign(fv_compat_strverscmp(a, b)) != sign(strverscmp(a, b)))
			fail_msg("strverscmp(\"%s\", \"%s\"): %d, glibc %d", a,
				 b, fv_compat_strverscmp(a, b),
				 strverscmp(a, b));
	}
}

struct rec {
	int key, at;
};

static int by_key(const void *p, const void *q)
{
	const struct rec *x = p, *y = q;

	return (x->key > y->key) - (x->key < y->key);
}

static int by_key_r(const void *p, const void *q, void *arg)
{
	int *calls = arg;

	(*calls)++;
	return by_key(p, q);
}

static void sorts_as_glibc(void **state)
{
	unsigned seed = 7;

	(void) state;
	for (size_t n = 0; n < 300; n += 1 + n / 8) {
		struct rec *mine = calloc(n + 1, sizeof(*mine)),
			   *mine_r = calloc(n + 1, sizeof(*mine_r)),
			   *glibc = calloc(n + 1, sizeof(*glibc));
		int calls = 0;

		assert_non_null(mine);
		assert_non_null(mine_r);
		assert_non_null(glibc);
		for (size_t i = 0; i < n; i++) {
			glibc[i].key = rand_r(&seed) % 5; /* many equal keys */
			glibc[i].at = (int) i;
		}
		memcpy(mine, glibc, n * sizeof(*mine));
		memcpy(mine_r, glibc, n * sizeof(*mine));
		qsort(glibc, n, sizeof(*glibc), by_key);
		fv_compat_qsort(mine, n, sizeof(*mine), by_key);
		fv_compat_qsort_r(mine_r, n, sizeof(*mine_r), by_key_r, &calls);
		assert_memory_equal(mine, glibc, n * sizeof(*mine));
		assert_memory_equal(mine_r, glibc, n * sizeof(*mine));
		assert_true(n < 2 || calls > 0);
		free(mine);
		free(mine_r);
		free(glibc);
	}
}

static void realpath_as_glibc(void **state)
{
	static const char *const paths[] = {
		".",
		"..",
		"web",
		"./web/../web",
		"web/./.",
		"/",
		"//usr/./bin/..",
		"tests/web/../../web",
		"/nonexist",
		"web/nonexist",
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(paths); i++) {
		char *want = realpath(paths[i], NULL);
		char *got = fv_compat_realpath(paths[i], NULL);

		if (!want) {
			assert_null(got);
			continue;
		}
		assert_non_null(got);
		assert_string_equal(got, want);
		free(want);
		free(got);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(strverscmp_as_glibc),
		cmocka_unit_test(sorts_as_glibc),
		cmocka_unit_test(realpath_as_glibc),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
