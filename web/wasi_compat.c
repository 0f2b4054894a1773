/* SPDX-License-Identifier: MIT */
/* See wasi_compat.h: POSIX and glibc calls WASI's libc lacks. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wasi_compat.h"

/* Drops "." and "name/.." from the absolute path p, in place. */
static void normalise(char *p)
{
	char *out = p, *in = p;

	while (*in) {
		size_t n;

		while (*in == '/')
			in++;
		n = strcspn(in, "/");
		if (n == 1 && in[0] == '.') {
			in += n;
			continue;
		}
		if (n == 2 && in[0] == '.' && in[1] == '.') {
			while (out > p && *--out != '/')
				;
			in += n;
			continue;
		}
		if (!n)
			break;
		*out++ = '/';
		memmove(out, in, n);
		out += n;
		in += n;
	}
	if (out == p)
		*out++ = '/';
	*out = '\0';
}

char *fv_compat_realpath(const char *path, char *resolved)
{
	char buf[PATH_MAX], cwd[PATH_MAX];
	struct stat st;
	int n;

	if (!path) {
		errno = EINVAL;
		return NULL;
	}
	if (path[0] == '/')
		n = snprintf(buf, sizeof(buf), "%s", path);
	else if (getcwd(cwd, sizeof(cwd)))
		n = snprintf(buf, sizeof(buf), "%s/%s", cwd, path);
	else
		return NULL;
	if (n < 0 || (size_t) n >= sizeof(buf)) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	normalise(buf);
	if (stat(buf, &st))
		return NULL;
	if (resolved)
		return strcpy(resolved, buf);
	return strdup(buf);
}

/* The comparison of a sort: qsort's or qsort_r's with its argument. */
struct sort_by {
	int (*cmp)(const void *, const void *);
	int (*cmp_r)(const void *, const void *, void *);
	void *arg;
};

static int compare(const struct sort_by *by, const void *a, const void *b)
{
	return by->cmp ? by->cmp(a, b) : by->cmp_r(a, b, by->arg);
}

/* Stable: where two compare equal, a's comes first. */
static void merge_sort(char *v, char *tmp, size_t n, size_t size,
		       const struct sort_by *by)
{
	size_t half = n / 2, i = 0, j = half, k = 0;

	if (n < 2)
		return;
	merge_sort(v, tmp, half, size, by);
	merge_sort(v + half * size, tmp, n - half, size, by);
	while (i < half && j < n) {
		size_t from = compare(by, v + i * size, v + j * size) <= 0
				      ? i++
				      : j++;

		memcpy(tmp + k++ * size, v + from * size, size);
	}
	memcpy(tmp + k * size, v + i * size, (half - i) * size);
	k += half - i;
	memcpy(tmp + k * size, v + j * size, (n - j) * size);
	memcpy(v, tmp, n * size);
}

/* Without memory for the merge: insertion, as stable and slower. */
static void insertion_sort(char *v, size_t n, size_t size,
			   const struct sort_by *by)
{
	char one[256];

	for (size_t i = 1; i < n; i++)
		for (size_t j = i;
		     j > 0 && compare(by, v + (j - 1) * size, v + j * size) > 0;
		     j--)
			for (size_t o = 0; o < size; o += sizeof(one)) {
				size_t m = size - o < sizeof(one) ? size - o
								  : sizeof(one);

				memcpy(one, v + j * size + o, m);
				memcpy(v + j * size + o, v + (j - 1) * size + o,
				       m);
				memcpy(v + (j - 1) * size + o, one, m);
			}
}

static void stable_sort(void *base, size_t n, size_t size,
			const struct sort_by *by)
{
	char *tmp = n > 1 && size ? malloc(n * size) : NULL;

	if (tmp)
		merge_sort(base, tmp, n, size, by);
	else if (n > 1 && size)
		insertion_sort(base, n, size, by);
	free(tmp);
}

void fv_compat_qsort(void *base, size_t n, size_t size,
		     int (*cmp)(const void *, const void *))
{
	stable_sort(base, n, size, &(struct sort_by){ .cmp = cmp });
}

void fv_compat_qsort_r(void *base, size_t n, size_t size,
		       int (*cmp)(const void *, const void *, void *),
		       void *arg)
{
	stable_sort(base, n, size,
		    &(struct sort_by){ .cmp_r = cmp, .arg = arg });
}

/*
 * Where the first difference falls decides: in plain text, the bytes
 * compare; in a number (a run of digits that began in the common part, or
 * two digits), the longer number is greater, unless it starts with a zero
 * (a fraction, ".05"), where the digits compare as text and a run of
 * zeros sorts first, as glibc's documentation of strverscmp says.
 */
enum run { TEXT, NUMBER, FRACTION, ZEROS };

/* 0: not a digit, 1: a digit but 0, 2: 0. */
static int kind(unsigned char c)
{
	return c == '0' ? 2 : isdigit(c) ? 1 : 0;
}

/* The run after c, in a run r, as both strings share it. */
static enum run next(enum run r, unsigned char c)
{
	switch (kind(c)) {
	case 0:
		return TEXT;
	case 1:
		return r == TEXT ? NUMBER : r == ZEROS ? FRACTION : r;
	default:
		return r == TEXT ? ZEROS : r;
	}
}

/* Which of two numbers that differ at a and b is longer; else diff. */
static int longer(const unsigned char *a, const unsigned char *b, int diff)
{
	for (; isdigit(*a); a++, b++)
		if (!isdigit(*b))
			return 1;
	return isdigit(*b) ? -1 : diff;
}

int fv_compat_strverscmp(const char *s1, const char *s2)
{
	const unsigned char *a = (const unsigned char *) s1,
			    *b = (const unsigned char *) s2;
	enum run r = TEXT;
	int diff, ka, kb;

	for (; *a == *b; a++, b++) {
		if (!*a)
			return 0;
		r = next(r, *a);
	}
	diff = *a - *b;
	ka = kind(*a);
	kb = kind(*b);
	switch (r) {
	case TEXT:
		return ka == 1 && kb == 1 ? longer(a, b, diff) : diff;
	case NUMBER:
		if (!ka)
			return kb ? -1 : diff;
		if (!kb)
			return 1;
		return longer(a, b, diff);
	case FRACTION:
		return diff;
	default: /* ZEROS: a zero run against the rest */
		if (!ka)
			return kb ? 1 : diff;
		if (ka == 1 && !kb)
			return -1;
		if (ka == 2 && !kb)
			return -1;
		return diff;
	}
}

#ifdef __wasi__
/*
 * What WASI's libc lacks is weak here: a newer wasi-libc that has it
 * (Debian 13's has fchmod) keeps its own. qsort, qsort_r and strverscmp
 * are not: this build orders as glibc does, whatever the libc's are.
 */
__attribute__((weak)) char *realpath(const char *path, char *resolved)
{
	return fv_compat_realpath(path, resolved);
}

void qsort(void *base, size_t n, size_t size,
	   int (*cmp)(const void *, const void *))
{
	fv_compat_qsort(base, n, size, cmp);
}

void qsort_r(void *base, size_t n, size_t size,
	     int (*cmp)(const void *, const void *, void *), void *arg)
{
	fv_compat_qsort_r(base, n, size, cmp, arg);
}

int strverscmp(const char *a, const char *b)
{
	return fv_compat_strverscmp(a, b);
}

__attribute__((weak)) int fchmod(int fd, mode_t mode)
{
	(void) fd;
	(void) mode;
	return 0;
}

__attribute__((weak)) int kill(pid_t pid, int sig)
{
	(void) pid;
	(void) sig;
	errno = ESRCH;
	return -1;
}

__attribute__((weak)) int gethostname(char *name, size_t len)
{
	(void) name;
	(void) len;
	errno = ENOSYS;
	return -1;
}

__attribute__((weak)) int madvise(void *addr, size_t len, int advice)
{
	(void) addr;
	(void) len;
	(void) advice;
	return 0;
}
#endif
