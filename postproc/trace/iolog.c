/* SPDX-License-Identifier: MIT */
/*
 * fio's iologs of version 2 and 3 (fio's iolog.c, read_iolog), read into
 * a trace of one device (what each line does to it: iolog_apply.c; written
 * back for fio to replay: iolog_write.c).
 *
 * Stricter than fio, which skips a line it cannot read with a message and
 * replays the rest: a replay of part of a log measures another workload,
 * so every line is read or the whole log is refused, naming the line and
 * saying what would be right.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "iolog_int.h"
#include "trace.h"
#include "util/util.h"

static const struct action actions[] = {
	{ "add", ACT_ADD, 0 },
	{ "open", ACT_OPEN, 0 },
	{ "close", ACT_CLOSE, 0 },
	{ "read", ACT_IO, FV_TRACE_READ },
	{ "write", ACT_IO, FV_TRACE_WRITE },
	{ "sync", ACT_IO, FV_TRACE_SYNC },
	{ "datasync", ACT_IO, FV_TRACE_SYNC },
	{ "trim", ACT_IO, FV_TRACE_TRIM },
	{ "wait", ACT_WAIT, 0 },
};

static void split(struct iolog *p, const char *s, size_t n)
{
	size_t at = 0;

	p->nf = p->count = 0;
	for (;;) {
		while (at < n && is_space(s[at]))
			at++;
		if (at == n)
			return;
		if (p->nf < MAX_FIELDS)
			p->f[p->nf++].s = s + at;
		p->count++;
		while (at < n && !is_space(s[at]))
			at++;
		if (p->nf == p->count)
			p->f[p->nf - 1].n = s + at - p->f[p->nf - 1].s;
	}
}

static bool field_is(const struct field *f, const char *s)
{
	return f->n == strlen(s) && !memcmp(f->s, s, f->n);
}

/* A plain decimal number that fits: no sign, no space, no hex. */
static bool number(const struct field *f, uint64_t *v)
{
	uint64_t x = 0;

	if (!f->n)
		return false;
	for (size_t i = 0; i < f->n; i++) {
		unsigned d = (unsigned char) f->s[i] - '0';

		if (d > 9 || x > (UINT64_MAX - d) / 10)
			return false;
		x = x * 10 + d;
	}
	*v = x;
	return true;
}

/* Version 3: the time first on every line, taken off the fields. */
static int take_time(struct iolog *p)
{
	struct quoted q;

	if (!number(&p->f[0], &p->time))
		return fv_iolog_bad(
			p,
			"'%s': expected the time in microseconds first, a "
			"decimal number (a version 3 iolog times every "
			"line)",
			fv_iolog_quote_field(&q, &p->f[0]));
	p->nf--;
	memmove(p->f, p->f + 1, p->nf * sizeof(*p->f));
	return 0;
}

static const char *shape(const struct iolog *p)
{
	return p->t->version == 3 ? "TIME " : "";
}

static int find_action(struct iolog *p)
{
	struct quoted q;

	for (size_t i = 0; i < FV_ARRAY_SIZE(actions); i++)
		if (field_is(&p->f[1], actions[i].name))
			p->act = &actions[i];
	if (p->act && p->act->act == ACT_WAIT && p->t->version == 3)
		return fv_iolog_bad(
			p, "'wait' in a version 3 iolog, which fio ignores: "
			   "the times on the lines say when");
	if (p->act)
		return 0;
	return fv_iolog_bad(
		p,
		"'%s': expected an action: add, open, close, read, write, "
		"sync, datasync, trim (or wait in version 2)",
		fv_iolog_quote_field(&q, &p->f[1]));
}

/* The number of fields the action takes: a file's 2, an I/O's 4. */
static int check_fields(struct iolog *p)
{
	const char *a = p->act->name;

	if (p->act->act <= ACT_CLOSE && p->nf != 2)
		return fv_iolog_bad(
			p,
			"'%s' takes no offset and length: expected '%sFILE %s'",
			a, shape(p), a);
	/* A bare "FILE sync" means one, though fio skips it for "sync 0 0". */
	if (p->act->act == ACT_IO && p->act->kind == FV_TRACE_SYNC &&
	    p->nf == 2)
		return 0;
	if (p->act->act == ACT_WAIT && p->nf != 4)
		return fv_iolog_bad(
			p, "'wait' takes its time and a length: expected "
			   "'FILE wait MS 0' (fio's milliseconds since it "
			   "started)");
	if (p->act->act == ACT_IO && p->nf != 4)
		return fv_iolog_bad(
			p,
			"'%s' takes an offset and a length: expected "
			"'%sFILE %s OFFSET LENGTH'",
			a, shape(p), a);
	return 0;
}

static int wait_time(struct iolog *p)
{
	struct quoted q;

	if (!number(&p->f[2], &p->offset) || p->offset > UINT64_MAX / 1000)
		return fv_iolog_bad(
			p,
			"'%s': expected the wait's time in milliseconds "
			"since fio started, a decimal number",
			fv_iolog_quote_field(&q, &p->f[2]));
	if (!number(&p->f[3], &p->len))
		return fv_iolog_bad(
			p, "'%s': expected a decimal number after the time",
			fv_iolog_quote_field(&q, &p->f[3]));
	return 0;
}

static int offset_len(struct iolog *p)
{
	struct quoted q;

	if (p->nf == 2) {
		p->offset = p->len = 0;
		return 0;
	}
	if (!number(&p->f[2], &p->offset))
		return fv_iolog_bad(
			p,
			"'%s': expected the offset in bytes, a decimal "
			"number below 2^64",
			fv_iolog_quote_field(&q, &p->f[2]));
	/* fio reads the length with "%u". */
	if (!number(&p->f[3], &p->len) || p->len > UINT32_MAX)
		return fv_iolog_bad(
			p,
			"'%s': expected the length in bytes, a decimal "
			"number below 4 GiB",
			fv_iolog_quote_field(&q, &p->f[3]));
	if (p->offset > UINT64_MAX - p->len)
		return fv_iolog_bad(p,
				    "offset %" PRIu64 " and length %" PRIu64
				    " end past 2^64 bytes",
				    p->offset, p->len);
	return 0;
}

static int check_numbers(struct iolog *p)
{
	if (p->act->act == ACT_WAIT)
		return wait_time(p);
	if (p->act->act != ACT_IO)
		return 0;
	if (offset_len(p))
		return -EINVAL;
	if (p->act->kind != FV_TRACE_SYNC && !p->len)
		return fv_iolog_bad(
			p, "'%s' of 0 bytes: a request moves one byte or more",
			p->act->name);
	return 0;
}

/* Version 3: a time never earlier than the line before's. */
static int check_time(struct iolog *p)
{
	if (p->t->version != 3)
		return 0;
	if (p->time < p->now_us)
		return fv_iolog_bad(p,
				    "time %" PRIu64 " us comes before the line "
				    "before's %" PRIu64
				    " us: sort the log by time",
				    p->time, p->now_us);
	p->now_us = p->time;
	return 0;
}

/* One device: every line names the file the add line named. */
static int check_target(struct iolog *p)
{
	const char *target = p->t->target;
	struct quoted q, r;

	if (p->f[0].n > NAME_MAX_BYTES)
		return fv_iolog_bad(
			p,
			"a file name of %zu bytes: fio reads names of at "
			"most %d",
			p->f[0].n, NAME_MAX_BYTES);
	if (!target || field_is(&p->f[0], target))
		return 0;
	return fv_iolog_bad(
		p,
		"a second file '%s' (the log's target is %s, line %d): "
		"replay takes one device; split the log",
		fv_iolog_quote_field(&q, &p->f[0]),
		fv_iolog_quote(&r, target, strlen(target)), p->added);
}

static int bad_shape(struct iolog *p)
{
	const char *s = shape(p);

	return fv_iolog_bad(
		p,
		"%zu field%s: expected '%sFILE ACTION' or '%sFILE ACTION "
		"OFFSET LENGTH'",
		p->count, p->count == 1 ? "" : "s", s, s);
}

static int parse_line(struct iolog *p, const char *s, size_t n)
{
	int ret;

	split(p, s, n);
	if (!p->nf)
		return 0;
	if (p->t->version == 3 && (ret = take_time(p)))
		return ret;
	if (p->nf < 2 || p->count > 4 + (p->t->version == 3))
		return bad_shape(p);
	p->act = NULL;
	if ((ret = find_action(p)) || (ret = check_fields(p)) ||
	    (ret = check_numbers(p)) || (ret = check_time(p)) ||
	    (ret = check_target(p)))
		return ret;
	return fv_iolog_apply(p);
}

/* What any line must be before it is read: short enough, and text. */
static int check_text(struct iolog *p, const char *s, size_t n)
{
	if (n > LINE_MAX_BYTES)
		return fv_iolog_bad(
			p,
			"a line of %zu bytes: fio reads lines of at most "
			"%d bytes",
			n, LINE_MAX_BYTES);
	if (memchr(s, '\0', n))
		return fv_iolog_bad(
			p, "a NUL byte: an iolog is text, an action a line");
	return 0;
}

/* blktrace's magic, 0x65617400 with its version in the low byte. */
static bool is_blktrace(const unsigned char *s, size_t n)
{
	if (n < 4)
		return false;
	if (s[1] == 't' && s[2] == 'a' && s[3] == 'e' && s[0] < 0x20)
		return true;
	return s[0] == 'e' && s[1] == 'a' && s[2] == 't' && s[3] < 0x20;
}

/* Binary files fio may be given, said for what they are. */
static int check_binary(struct iolog *p, const char *text, size_t len)
{
	const unsigned char *u = (const unsigned char *) text;

	if (is_blktrace(u, len))
		return fv_iolog_bad(
			p, "a blktrace binary, not an iolog: fio replays it "
			   "itself (read_iolog=); fioverdict reads fio's "
			   "iologs of version 2 and 3 (write_iolog=)");
	if (len >= 2 && u[0] == 0x1f && u[1] == 0x8b)
		return fv_iolog_bad(
			p, "a gzip file, not an iolog: unpack it first "
			   "(fio reads iologs as plain text)");
	return 0;
}

static int header(struct iolog *p, const char *s, size_t n)
{
	struct quoted q;
	int ret = check_text(p, s, n);

	if (ret)
		return ret;
	while (n && is_space(s[n - 1]))
		n--;
	if (n == 19 && !memcmp(s, "fio version 2 iolog", 19))
		p->t->version = 2;
	else if (n == 19 && !memcmp(s, "fio version 3 iolog", 19))
		p->t->version = 3;
	else if (n >= 12 && !memcmp(s, "fio version ", 12))
		return fv_iolog_bad(
			p,
			"'%s': fioverdict reads iolog versions 2 and 3 "
			"('fio version 3 iolog', 'fio version 2 iolog')",
			fv_iolog_quote(&q, s, n));
	else
		return fv_iolog_bad(
			p,
			"'%s': not an iolog: its first line would be 'fio "
			"version 3 iolog' (or 2)",
			fv_iolog_quote(&q, s, n));
	p->t->timed = p->t->version == 3;
	return 0;
}

/* The line at *at (its newline not counted); *at moves past it. */
static const char *next_line(const char *text, size_t len, size_t *at,
			     size_t *n)
{
	const char *s = text + *at;
	const char *nl = memchr(s, '\n', len - *at);

	*n = nl ? (size_t) (nl - s) : len - *at;
	*at += *n + (nl != NULL);
	return s;
}

static int parse_lines(struct iolog *p, const char *text, size_t len)
{
	size_t at = 0, n;
	const char *s;
	int ret;

	if (!len) {
		p->line = 0; /* no line to name */
		return fv_iolog_bad(
			p, "an empty file, not an iolog: its first line "
			   "would be 'fio version 3 iolog' (or 2)");
	}
	if ((ret = check_binary(p, text, len)))
		return ret;
	s = next_line(text, len, &at, &n);
	if ((ret = header(p, s, n)))
		return ret;
	while (at < len) {
		if (p->line == INT32_MAX)
			return fv_iolog_bad(p, "more than 2^31 lines");
		p->line++;
		s = next_line(text, len, &at, &n);
		if ((ret = check_text(p, s, n)) || (ret = parse_line(p, s, n)))
			return ret;
	}
	p->line = 0;
	if (!p->t->n)
		return fv_iolog_bad(
			p, "the iolog holds no request: nothing to replay");
	return 0;
}

int fv_iolog_parse(struct fv_trace *t, const char *name, const char *text,
		   size_t len, struct fv_error *e)
{
	struct iolog p = { .t = t, .name = name, .e = e, .line = 1 };
	int ret;

	memset(t, 0, sizeof(*t));
	ret = parse_lines(&p, text, len);
	if (ret)
		fv_trace_free(t);
	return ret;
}

int fv_iolog_load(struct fv_trace *t, const char *path, struct fv_error *e)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	char *text = NULL;
	size_t len = 0;
	int ret;

	memset(t, 0, sizeof(*t));
	if (!f)
		ret = -errno;
	else if (fstat(fileno(f), &st))
		ret = -errno;
	else if (S_ISDIR(st.st_mode))
		ret = -EISDIR;
	else
		ret = fv_read_all(f, 0, &text, &len);
	if (f)
		fclose(f);
	if (ret)
		return fv_error_set(
			e, -ret,
			ret == -ENOMEM ? FV_EXIT_SOFTWARE : FV_EXIT_INPUT, path,
			0, "cannot be read: %s", strerror(-ret));
	ret = fv_iolog_parse(t, path, text, len, e);
	free(text);
	return ret;
}
