/* SPDX-License-Identifier: MIT */
/*
 * An input read: whole into memory (gunzipped when it is gzip), or as a
 * text mapped or read in windows as a parser needs them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"
#include "inputs.h"
#include "gzip.h"
#include "ingest_int.h"

/* The first bytes, enough to tell a compressed input (fewer at its end). */
#define HEAD_LEN 2

static int read_head(int fd, unsigned char *head, size_t *n)
{
	for (*n = 0; *n < HEAD_LEN;) {
		ssize_t r = read(fd, head + *n, HEAD_LEN - *n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r)
			break;
		*n += (size_t) r;
	}
	return 0;
}

/*
 * fio's own compressed log (log_store_compressed=1 names it NAME.log.fz):
 * zlib streams (RFC 1950 header) of fio's binary samples, whose layout is
 * fio's build's; only fio --inflate-log turns it into the log's text.
 */
static bool is_fio_compressed_log(const char *path, const unsigned char *h,
				  size_t n)
{
	return fv_ends_with(path, ".fz") && n >= 2 && (h[0] & 0x0f) == 8 &&
	       ((unsigned) h[0] << 8 | h[1]) % 31 == 0;
}

/* 1: gzip, to inflate; 0: text as it is; -ENOTSUP: fio's .fz log. */
static int compressed(const char *path, const unsigned char *head, size_t n)
{
	if (is_fio_compressed_log(path, head, n))
		return -ENOTSUP;
	return fv_is_gzip(head, n);
}

/* An input read whole (stdin, a fifo, a log): a gzip one inflated. */
static int read_whole(int fd, const char *path, size_t hint, char **buf,
		      size_t *len)
{
	unsigned char head[HEAD_LEN];
	size_t n;
	int ret = read_head(fd, head, &n);

	if (ret)
		return ret;
	ret = compressed(path, head, n);
	if (ret < 0)
		return ret;
	if (ret)
		return fv_gunzip(fd, head, n, FV_GZIP_MAX, buf, len);
	return fv_read_fd(fd, FV_INPUT_MAX, hint, head, n, buf, len);
}

int fv_input_read(const struct fv_input *in, char **buf, size_t *len)
{
	struct stat st;
	size_t hint = 65536;
	int fd, ret;

	if (!strcmp(in->path, "-"))
		return read_whole(STDIN_FILENO, in->path, hint, buf, len);
	fd = open(in->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode)) {
		if ((size_t) st.st_size > FV_INPUT_MAX) {
			close(fd);
			return -EFBIG;
		}
		/* Exact size: one read, no reallocation, no slack. */
		hint = (size_t) st.st_size;
	}
	ret = read_whole(fd, in->path, hint, buf, len);
	close(fd);
	return ret;
}

const char *fv_input_strerror(int err)
{
	switch (err) {
	case -EFBIG:
		return "larger than 2 GiB, the most an input may be";
	case -EOVERFLOW:
		return "it decompresses to more than " FV_GZIP_MAX_TEXT
		       ", the most a compressed input may hold (it is held "
		       "whole in memory): gunzip it and give the plain file, "
		       "read a MiB at a time whatever its size";
	case -ENODATA:
		return "gzip data cut short: the file ends before its "
		       "compressed stream does (truncated)";
	case -EBADMSG:
		return "corrupt gzip data: zlib cannot inflate it (or bytes "
		       "follow its end)";
	case -ENOTSUP:
		return "fio's compressed log (log_store_compressed=1) holds "
		       "fio's binary samples, which only fio reads: give the "
		       "text of fio --inflate-log=FILE, saved without the .fz";
	case -ESTALE:
		return "the file changed while it was read: read it again "
		       "once it is written";
	default:
		return strerror(-err);
	}
}

/* A file is read a chunk at a time, as the scan goes. */
#define TEXT_CHUNK ((size_t) 1 << 20)

static bool same_file(const struct stat *a, const struct stat *b)
{
	return a->st_ino == b->st_ino && a->st_dev == b->st_dev &&
	       a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/*
 * A compressed file's text, inflated whole: there is nothing to read again
 * from the middle. Its file is checked as a plain one's is once read.
 */
static int text_gunzip(struct fv_text *t, int fd, const struct stat *st,
		       const unsigned char *head, size_t n)
{
	struct stat now;
	int ret = fv_gunzip(fd, head, n, FV_GZIP_MAX, &t->buf, &t->len);

	if (!ret && (fstat(fd, &now) || !same_file(&now, st))) {
		free(t->buf);
		t->buf = NULL;
		t->len = 0;
		ret = -ESTALE;
	}
	t->loaded = t->len;
	return ret;
}

int fv_input_text(const struct fv_input *in, struct fv_text *t)
{
	unsigned char head[HEAD_LEN];
	struct stat st;
	size_t n;
	int fd, ret;

	memset(t, 0, sizeof(*t));
	t->fd = -1;
	t->owned = true;
	if (!strcmp(in->path, "-")) {
		ret = fv_input_read(in, &t->buf, &t->len);
		t->loaded = t->len;
		return ret;
	}
	fd = open(in->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		/* A fifo: read from this open, a second one would wait. */
		ret = read_whole(fd, in->path, 65536, &t->buf, &t->len);
		t->loaded = t->len;
		close(fd);
		return ret;
	}
	if ((size_t) st.st_size > FV_INPUT_MAX) {
		close(fd);
		return -EFBIG;
	}
	ret = read_head(fd, head, &n);
	if (!ret)
		ret = compressed(in->path, head, n);
	if (ret) {
		if (ret > 0)
			ret = text_gunzip(t, fd, &st, head, n);
		close(fd);
		return ret;
	}
	t->len = (size_t) st.st_size;
	if (t->len > TEXT_CHUNK) {
		/*
		 * Memory of its own, not the heap's: its pages can be let go
		 * one by one, and given back whole when the file is done.
		 */
		t->map_len = t->len + 1;
		t->buf = mmap(NULL, t->map_len, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	} else {
		/* Read in one go and kept whole: the heap's, reused. */
		t->buf = calloc(1, t->len + 1);
	}
	if (!t->buf || t->buf == MAP_FAILED) {
		close(fd);
		memset(t, 0, sizeof(*t));
		t->fd = -1;
		return -ENOMEM;
	}
	t->fd = fd;
	t->st = st;
	return 0;
}

void fv_text_of(struct fv_text *t, const char *buf, size_t len)
{
	memset(t, 0, sizeof(*t));
	t->buf = (char *) buf;
	t->len = t->loaded = len;
	t->fd = -1;
}

static bool text_changed(const struct fv_text *t)
{
	struct stat now;

	return fstat(t->fd, &now) || !same_file(&now, &t->st);
}

int fv_text_need(struct fv_text *t, size_t to)
{
	size_t want;

	if (to > t->len)
		to = t->len;
	if (t->loaded >= to)
		return 0;
	want = to - t->loaded < TEXT_CHUNK ? t->loaded + TEXT_CHUNK : to;
	if (want > t->len)
		want = t->len;
	while (t->loaded < want) {
		ssize_t r = pread(t->fd, t->buf + t->loaded, want - t->loaded,
				  (off_t) t->loaded);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r)
			return -ESTALE; /* shorter than when it was opened */
		t->loaded += (size_t) r;
	}
	/* Read to its end: what was read is the file as it was opened. */
	if (t->loaded == t->len && text_changed(t))
		return -ESTALE;
	return 0;
}

int fv_text_copy(const struct fv_text *t, size_t from, size_t to, char *dst)
{
	int ret = 0;

	/* All there, nothing let go: the text as it was read. */
	if (!t->released && to <= t->loaded) {
		if (from < to)
			memcpy(dst, t->buf + from, to - from);
		return 0;
	}
	if (t->fd >= 0 && text_changed(t))
		ret = -ESTALE;
	while (t->fd >= 0 && from < to) {
		ssize_t r = pread(t->fd, dst, to - from, (off_t) from);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		dst += r;
		from += (size_t) r;
	}
	/*
	 * Not re-readable (stdin), or the file shrank since it was read:
	 * blanks, which no JSON value ends with, so the job is reported
	 * malformed rather than read as something else.
	 */
	if (from < to) {
		if (t->fd < 0)
			memcpy(dst, t->buf + from, to - from);
		else
			memset(dst, ' ', to - from);
	}
	return ret;
}

void fv_text_release(struct fv_text *t, size_t from, size_t to)
{
	long page = sysconf(_SC_PAGESIZE);
	uintptr_t a = (uintptr_t) t->buf + from, b = (uintptr_t) t->buf + to;

	/* A file read in one go is kept whole: nothing is read twice. */
	if (t->fd < 0 || page <= 0 || t->len <= TEXT_CHUNK)
		return;
	/* Whole pages inside the range only: they are all ours. */
	a = (a + (uintptr_t) page - 1) & ~((uintptr_t) page - 1);
	b &= ~((uintptr_t) page - 1);
	if (a < b) {
		madvise((void *) a, b - a, MADV_DONTNEED);
		t->released = true;
	}
}

void fv_text_free(struct fv_text *t)
{
	if (t->map_len)
		munmap(t->buf, t->map_len);
	else if (t->owned)
		free(t->buf);
	if (t->fd >= 0)
		close(t->fd);
	memset(t, 0, sizeof(*t));
	t->fd = -1;
}
