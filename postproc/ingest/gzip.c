/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>
#include <zlib.h>

#include "gzip.h"
#include "util/util.h"

bool fv_is_gzip(const void *head, size_t len)
{
	const unsigned char *u = head;

	return len >= 2 && u[0] == 0x1f && u[1] == 0x8b;
}

/* The compressed bytes: those already read, then the file's. */
struct source {
	int fd;
	const unsigned char *head;
	size_t nhead;
	unsigned char *chunk;
	bool eof;
};

#define GZ_CHUNK ((size_t) 64 << 10)

/* More input for z once it has used all it had; at the end, s->eof. */
static int refill(struct source *s, z_stream *z)
{
	ssize_t r;

	if (z->avail_in)
		return 0;
	if (s->nhead) {
		/* zlib counts in uInt: a large buffer goes in slices. */
		size_t n = s->nhead < UINT_MAX ? s->nhead : UINT_MAX;

		z->next_in = (unsigned char *) s->head;
		z->avail_in = (uInt) n;
		s->head += n;
		s->nhead -= n;
		return 0;
	}
	if (s->fd < 0) {
		s->eof = true;
		return 0;
	}
	do
		r = read(s->fd, s->chunk, GZ_CHUNK);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return -errno;
	s->eof = !r;
	z->next_in = s->chunk;
	z->avail_in = (uInt) r;
	return 0;
}

/*
 * The text so far: n bytes of b; cap bytes allocated, one kept for the
 * NUL.
 */
struct sink {
	char *b;
	size_t n, cap, max;
};

/* What z may write: up to max + 1 bytes in all, one past is too much. */
static size_t usable(const struct sink *o)
{
	size_t room = o->cap ? o->cap - 1 : 0;

	return room < o->max + 1 ? room : o->max + 1;
}

/* Room for z to write, doubling as fv_grow does. */
static int room(struct sink *o)
{
	if (o->n > o->max)
		return -EOVERFLOW;
	if (o->n < usable(o))
		return 0;
	return fv_grow((void **) &o->b, &o->cap,
		       o->cap ? o->cap + 1 : GZ_CHUNK + 1);
}

static int inflate_some(struct sink *o, z_stream *z)
{
	size_t left = usable(o) - o->n;
	int zr;

	z->next_out = (unsigned char *) o->b + o->n;
	z->avail_out = (uInt) (left < UINT_MAX ? left : UINT_MAX);
	zr = inflate(z, Z_NO_FLUSH);
	o->n = (size_t) ((char *) z->next_out - o->b);
	switch (zr) {
	case Z_OK:
	case Z_STREAM_END:
	case Z_BUF_ERROR: /* no input left: more is read */
		return zr == Z_STREAM_END;
	case Z_MEM_ERROR:
		return -ENOMEM;
	default: /* Z_DATA_ERROR, Z_NEED_DICT: not gzip's */
		return -EBADMSG;
	}
}

static int inflate_all(struct source *s, struct sink *o, z_stream *z)
{
	bool ended = false;

	for (;;) {
		int ret = refill(s, z);

		if (ret)
			return ret;
		if (!z->avail_in && s->eof)
			return ended ? 0 : -ENODATA;
		/* More after a member's end: another member, or corrupt. */
		if (ended && inflateReset(z) != Z_OK)
			return -EBADMSG;
		ret = room(o);
		if (ret)
			return ret;
		ret = inflate_some(o, z);
		if (ret < 0)
			return ret;
		ended = ret;
		if (o->n > o->max)
			return -EOVERFLOW;
	}
}

int fv_gunzip(int fd, const void *head, size_t nhead, size_t max, char **buf,
	      size_t *len)
{
	struct source s = { .fd = fd, .head = head, .nhead = nhead };
	struct sink o = { .max = max };
	z_stream z = { 0 };
	int ret;

	/* 16 + the largest window: gzip's header and trailer, not zlib's. */
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		return -ENOMEM;
	if (fd >= 0 && !(s.chunk = malloc(GZ_CHUNK)))
		ret = -ENOMEM;
	else
		ret = inflate_all(&s, &o, &z);
	inflateEnd(&z);
	free(s.chunk);
	if (!ret && !o.b && !(o.b = malloc(1)))
		ret = -ENOMEM;
	if (ret) {
		free(o.b);
		return ret;
	}
	o.b[o.n] = '\0';
	*buf = o.b;
	*len = o.n;
	return 0;
}
