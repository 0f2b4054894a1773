/* SPDX-License-Identifier: MIT */
/* See read_all.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "read_all.h"

/* Where the bytes come from: a stream (f) or else a descriptor (fd). */
struct source {
	FILE *f;
	int fd;
};

/* Up to n bytes of s into buf: how many (0 at its end), or -errno. */
static ssize_t source_read(const struct source *s, char *buf, size_t n)
{
	ssize_t r;

	if (s->f) {
		size_t got = fread(buf, 1, n, s->f);

		return got || !ferror(s->f) ? (ssize_t) got : -EIO;
	}
	do
		r = read(s->fd, buf, n);
	while (r < 0 && errno == EINTR);
	return r < 0 ? -errno : r;
}

/*
 * The one loop of both readers: buf (cap bytes, the first n read) filled
 * from s to its end, doubling as it fills but never past max + 1 bytes and
 * the NUL, so that one byte beyond max is seen without holding more.
 */
static int read_rest(const struct source *s, size_t max, char *buf, size_t cap,
		     size_t n, char **text, size_t *len)
{
	ssize_t got;
	int ret;

	for (;;) {
		if (max && n > max) {
			ret = -EFBIG;
			goto out;
		}
		if (n + 1 >= cap) {
			size_t want = cap ? 2 * cap : 65536;
			char *b;

			if (max && want > max + 2)
				want = max + 2;
			b = realloc(buf, want);
			if (!b) {
				ret = -ENOMEM;
				goto out;
			}
			buf = b;
			cap = want;
		}
		got = source_read(s, buf + n, cap - n - 1);
		if (got < 0) {
			ret = (int) got;
			goto out;
		}
		if (!got)
			break;
		n += (size_t) got;
	}
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
out:
	free(buf);
	*text = NULL;
	return ret;
}

int fv_read_all(FILE *f, size_t max, char **text, size_t *len)
{
	const struct source s = { .f = f, .fd = -1 };

	return read_rest(&s, max, NULL, 0, 0, text, len);
}

int fv_read_fd(int fd, size_t max, size_t hint, const void *head, size_t nhead,
	       char **text, size_t *len)
{
	const struct source s = { .f = NULL, .fd = fd };
	/* The hint and one byte more (its end seen in one read), and a NUL. */
	size_t cap = (hint > nhead ? hint : nhead) + 2;
	char *buf = malloc(cap);

	if (!buf) {
		*text = NULL;
		return -ENOMEM;
	}
	if (nhead)
		memcpy(buf, head, nhead);
	return read_rest(&s, max, buf, cap, nhead, text, len);
}
