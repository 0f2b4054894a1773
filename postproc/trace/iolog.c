/* SPDX-License-Identifier: MIT */
/*
 * fio's iologs of version 2 and 3 (fio's iolog.c, read_iolog), read into
 * a trace of one device and written back for fio to replay.
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

#include "trace.h"

/*
 * fio reads a line with fgets() into 4096 bytes (a line and its newline
 * must fit, NUL included) and a name or an action with "%256s".
 */
#define LINE_MAX_BYTES 4094
#define NAME_MAX_BYTES 256
/* "TIME FILE ACTION OFFSET LENGTH" */
#define MAX_FIELDS 5
/* What a message quotes of a line or a name. */
#define QUOTE_BYTES 100

static const char *const kind_names[FV_TRACE_KINDS] = {
	[FV_TRACE_READ] = "read",
	[FV_TRACE_WRITE] = "write",
	[FV_TRACE_SYNC] = "sync",
	[FV_TRACE_TRIM] = "trim",
};

const char *fv_trace_kind_name(enum fv_trace_kind k)
{
	return (unsigned) k < FV_TRACE_KINDS ? kind_names[k] : "?";
}

int fv_trace_add(struct fv_trace *t, const struct fv_trace_req *r)
{
	size_t bytes = t->cap * sizeof(*t->v);
	void *v = t->v;

	if (t->n >= (size_t) -1 / sizeof(*t->v) - 1)
		return -ENOMEM;
	if (fv_grow(&v, &bytes, (t->n + 1) * sizeof(*t->v)))
		return -ENOMEM;
	t->v = v;
	t->cap = bytes / sizeof(*t->v);
	t->v[t->n++] = *r;
	return 0;
}

void fv_trace_free(struct fv_trace *t)
{
	free(t->target);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

/* ---- Reading ---- */

struct field {
	const char *s;
	size_t n;
};

enum act { ACT_ADD, ACT_OPEN, ACT_CLOSE, ACT_WAIT, ACT_IO };

struct action {
	const char *name;
	enum act act;
	enum fv_trace_kind kind;
};

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

struct iolog {
	struct fv_trace *t;
	const char *name;
	struct fv_error *e;
	int line;
	/* The lines of the target's add, open and close; 0: none yet. */
	int added, opened, closed;
	uint64_t now_us; /* the line before's time (v3), the last wait's (v2) */
	/* The line's fields, its time taken off first in version 3. */
	struct field f[MAX_FIELDS];
	size_t nf, count; /* the fields kept, and all the line has */
	uint64_t time;
	const struct action *act;
	uint64_t offset, len;
};

/* A quoted piece of input, fit for a message. */
struct quoted {
	char s[QUOTE_BYTES + 4];
};

/*
 * At most QUOTE_BYTES of s, a control byte or invalid UTF-8 as '?' (the
 * input may be any bytes), "..." when cut.
 */
static const char *quote(struct quoted *q, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *) s;
	size_t at = 0, o = 0, l;

	while (at < n && o + 4 <= QUOTE_BYTES) {
		l = u[at] < 0x80 ? 1 : fv_utf8_len(u + at, n - at);
		if (!l || u[at] < 0x20 || u[at] == 0x7f) {
			q->s[o++] = '?';
			at++;
			continue;
		}
		memcpy(q->s + o, s + at, l);
		o += l;
		at += l;
	}
	if (at < n) {
		memcpy(q->s + o, "...", 3);
		o += 3;
	}
	q->s[o] = '\0';
	return q->s;
}

static const char *quote_field(struct quoted *q, const struct field *f)
{
	return quote(q, f->s, f->n);
}

static int bad(struct iolog *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The line is refused: -EINVAL, e naming the file and line. */
static int bad(struct iolog *p, const char *fmt, ...)
{
	char text[sizeof(p->e->text)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return fv_error_set(p->e, EINVAL, FV_EXIT_INPUT, p->name, p->line, "%s",
			    text);
}

static int no_memory(struct iolog *p)
{
	return fv_error_set(p->e, ENOMEM, FV_EXIT_SOFTWARE, p->name, p->line,
			    "out of memory");
}

static bool is_space(char c)
{
	/* sscanf's %s stops at any of these: fio's field separators. */
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

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
		return bad(p,
			   "'%s': expected the time in microseconds first, a "
			   "decimal number (a version 3 iolog times every "
			   "line)",
			   quote_field(&q, &p->f[0]));
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

	for (size_t i = 0; i < sizeof(actions) / sizeof(*actions); i++)
		if (field_is(&p->f[1], actions[i].name))
			p->act = &actions[i];
	if (p->act && p->act->act == ACT_WAIT && p->t->version == 3)
		return bad(p, "'wait' in a version 3 iolog, which fio ignores: "
			      "the times on the lines say when");
	if (p->act)
		return 0;
	return bad(p,
		   "'%s': expected an action: add, open, close, read, write, "
		   "sync, datasync, trim (or wait in version 2)",
		   quote_field(&q, &p->f[1]));
}

/* The number of fields the action takes: a file's 2, an I/O's 4. */
static int check_fields(struct iolog *p)
{
	const char *a = p->act->name;

	if (p->act->act <= ACT_CLOSE && p->nf != 2)
		return bad(
			p,
			"'%s' takes no offset and length: expected '%sFILE %s'",
			a, shape(p), a);
	/* A bare "FILE sync" means one, though fio skips it for "sync 0 0". */
	if (p->act->act == ACT_IO && p->act->kind == FV_TRACE_SYNC &&
	    p->nf == 2)
		return 0;
	if (p->act->act == ACT_WAIT && p->nf != 4)
		return bad(p, "'wait' takes its time and a length: expected "
			      "'FILE wait MS 0' (fio's milliseconds since it "
			      "started)");
	if (p->act->act == ACT_IO && p->nf != 4)
		return bad(p,
			   "'%s' takes an offset and a length: expected "
			   "'%sFILE %s OFFSET LENGTH'",
			   a, shape(p), a);
	return 0;
}

static int wait_time(struct iolog *p)
{
	struct quoted q;

	if (!number(&p->f[2], &p->offset) || p->offset > UINT64_MAX / 1000)
		return bad(p,
			   "'%s': expected the wait's time in milliseconds "
			   "since fio started, a decimal number",
			   quote_field(&q, &p->f[2]));
	if (!number(&p->f[3], &p->len))
		return bad(p, "'%s': expected a decimal number after the time",
			   quote_field(&q, &p->f[3]));
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
		return bad(p,
			   "'%s': expected the offset in bytes, a decimal "
			   "number below 2^64",
			   quote_field(&q, &p->f[2]));
	/* fio reads the length with "%u". */
	if (!number(&p->f[3], &p->len) || p->len > UINT32_MAX)
		return bad(p,
			   "'%s': expected the length in bytes, a decimal "
			   "number below 4 GiB",
			   quote_field(&q, &p->f[3]));
	if (p->offset > UINT64_MAX - p->len)
		return bad(p,
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
		return bad(p,
			   "'%s' of 0 bytes: a request moves one byte or more",
			   p->act->name);
	return 0;
}

/* Version 3: a time never earlier than the line before's. */
static int check_time(struct iolog *p)
{
	if (p->t->version != 3)
		return 0;
	if (p->time < p->now_us)
		return bad(p,
			   "time %" PRIu64 " us comes before the line "
			   "before's %" PRIu64 " us: sort the log by time",
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
		return bad(p,
			   "a file name of %zu bytes: fio reads names of at "
			   "most %d",
			   p->f[0].n, NAME_MAX_BYTES);
	if (!target || field_is(&p->f[0], target))
		return 0;
	return bad(p,
		   "a second file '%s' (the log's target is %s, line %d): "
		   "replay takes one device; split the log",
		   quote_field(&q, &p->f[0]), quote(&r, target, strlen(target)),
		   p->added);
}

static int add_target(struct iolog *p)
{
	struct quoted q;

	if (p->added)
		return bad(p, "a second 'add' of %s (line %d)",
			   quote_field(&q, &p->f[0]), p->added);
	p->t->target = strndup(p->f[0].s, p->f[0].n);
	if (!p->t->target)
		return no_memory(p);
	p->added = p->line;
	return 0;
}

static int open_target(struct iolog *p)
{
	struct quoted q;

	if (!p->added)
		return bad(p, "'open' of %s before its 'add'",
			   quote_field(&q, &p->f[0]));
	if (p->opened)
		return bad(p, "a second 'open' of %s (line %d)",
			   quote_field(&q, &p->f[0]), p->opened);
	p->opened = p->line;
	return 0;
}

static int close_target(struct iolog *p)
{
	struct quoted q;

	if (!p->opened)
		return bad(p, "'close' of %s before its 'open'",
			   quote_field(&q, &p->f[0]));
	p->closed = p->line;
	return 0;
}

static int add_request(struct iolog *p)
{
	struct quoted q;
	struct fv_trace_req r = {
		.t_us = p->now_us,
		.line = (uint32_t) p->line,
		.kind = p->act->kind,
	};

	if (p->added && !p->opened)
		return bad(p, "'%s' on %s before its 'open' (added on line %d)",
			   p->act->name, quote_field(&q, &p->f[0]), p->added);
	if (!p->opened)
		return bad(p, "'%s' on %s before 'add' and 'open' of it",
			   p->act->name, quote_field(&q, &p->f[0]));
	if (p->act->kind != FV_TRACE_SYNC) {
		r.offset = p->offset;
		r.len = (uint32_t) p->len;
	}
	return fv_trace_add(p->t, &r) ? no_memory(p) : 0;
}

/*
 * A wait sets the time of the requests after it: fio sleeps until that
 * many milliseconds since it started, and not at all when they have
 * passed already, so a wait never takes the time back.
 */
static void wait_until(struct iolog *p)
{
	uint64_t us = p->offset * 1000;

	if (us > p->now_us)
		p->now_us = us;
	p->t->timed = true;
}

/* What the line does to the target, in the order fio needs. */
static int apply(struct iolog *p)
{
	struct quoted q;

	if (p->act->act == ACT_ADD)
		return add_target(p);
	if (p->closed)
		return bad(p,
			   "'%s' on %s after its 'close' on line %d: the "
			   "close comes last",
			   p->act->name, quote_field(&q, &p->f[0]), p->closed);
	switch (p->act->act) {
	case ACT_OPEN:
		return open_target(p);
	case ACT_CLOSE:
		return close_target(p);
	case ACT_WAIT:
		wait_until(p);
		return 0;
	default:
		return add_request(p);
	}
}

static int bad_shape(struct iolog *p)
{
	const char *s = shape(p);

	return bad(p,
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
	return apply(p);
}

/* What any line must be before it is read: short enough, and text. */
static int check_text(struct iolog *p, const char *s, size_t n)
{
	if (n > LINE_MAX_BYTES)
		return bad(p,
			   "a line of %zu bytes: fio reads lines of at most "
			   "%d bytes",
			   n, LINE_MAX_BYTES);
	if (memchr(s, '\0', n))
		return bad(p, "a NUL byte: an iolog is text, an action a line");
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
		return bad(p, "a blktrace binary, not an iolog: fio replays it "
			      "itself (read_iolog=); fioverdict reads fio's "
			      "iologs of version 2 and 3 (write_iolog=)");
	if (len >= 2 && u[0] == 0x1f && u[1] == 0x8b)
		return bad(p, "a gzip file, not an iolog: unpack it first "
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
		return bad(p,
			   "'%s': fioverdict reads iolog versions 2 and 3 "
			   "('fio version 3 iolog', 'fio version 2 iolog')",
			   quote(&q, s, n));
	else
		return bad(p,
			   "'%s': not an iolog: its first line would be 'fio "
			   "version 3 iolog' (or 2)",
			   quote(&q, s, n));
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
		return bad(p, "an empty file, not an iolog: its first line "
			      "would be 'fio version 3 iolog' (or 2)");
	}
	if ((ret = check_binary(p, text, len)))
		return ret;
	s = next_line(text, len, &at, &n);
	if ((ret = header(p, s, n)))
		return ret;
	while (at < len) {
		if (p->line == INT32_MAX)
			return bad(p, "more than 2^31 lines");
		p->line++;
		s = next_line(text, len, &at, &n);
		if ((ret = check_text(p, s, n)) || (ret = parse_line(p, s, n)))
			return ret;
	}
	p->line = 0;
	if (!p->t->n)
		return bad(p, "the iolog holds no request: nothing to replay");
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

/* ---- Writing ---- */

/* A name fio reads back as one field of at most 256 bytes. */
static bool writable_name(const char *s)
{
	size_t n = strlen(s);

	if (!n || n > NAME_MAX_BYTES)
		return false;
	for (size_t i = 0; i < n; i++)
		if (is_space(s[i]) || s[i] == '\n')
			return false;
	return true;
}

/* A request's action, offset and length as fio reads them. */
static int put_request(FILE *f, const char *target,
		       const struct fv_trace_req *r)
{
	if (r->kind == FV_TRACE_SYNC)
		return fprintf(f, "%s sync 0 0\n", target);
	return fprintf(f, "%s %s %" PRIu64 " %" PRIu32 "\n", target,
		       fv_trace_kind_name(r->kind), r->offset, r->len);
}

/*
 * Every request 1 us later than its time: fio waits before a line for
 * its time minus the line before's, but not at all after a line at 0
 * (delay_since_ttime), which would lose the gap after a first request at
 * 0. The add and open lines stay at 0.
 */
static uint64_t late(uint64_t t_us)
{
	return t_us < UINT64_MAX ? t_us + 1 : t_us;
}

static int write_v3(const struct fv_trace *t, const char *target, FILE *f)
{
	uint64_t last = 0;
	int err = 0;

	err |= fprintf(f, "fio version 3 iolog\n0 %s add\n0 %s open\n", target,
		       target) < 0;
	for (size_t i = 0; i < t->n; i++) {
		err |= fprintf(f, "%" PRIu64 " ", late(t->v[i].t_us)) < 0;
		err |= put_request(f, target, &t->v[i]) < 0;
		last = late(t->v[i].t_us);
	}
	err |= fprintf(f, "%" PRIu64 " %s close\n", last, target) < 0;
	return err ? -EIO : 0;
}

/*
 * fio before 3.31: a wait's offset field is the time, in milliseconds
 * since fio started (fio 3.28's read_iolog2: ipo->delay = offset, then
 * read_iolog_get sleeps until mtime_since_genesis() reaches it).
 */
static int write_v2(const struct fv_trace *t, const char *target, FILE *f)
{
	uint64_t waited = 0, ms;
	int err = 0;

	err |= fprintf(f, "fio version 2 iolog\n%s add\n%s open\n", target,
		       target) < 0;
	for (size_t i = 0; i < t->n; i++) {
		ms = t->v[i].t_us / 1000;
		if (ms > waited) {
			err |= fprintf(f, "%s wait %" PRIu64 " 0\n", target,
				       ms) < 0;
			waited = ms;
		}
		err |= put_request(f, target, &t->v[i]) < 0;
	}
	err |= fprintf(f, "%s close\n", target) < 0;
	return err ? -EIO : 0;
}

int fv_iolog_write(const struct fv_trace *t, int version, const char *target,
		   FILE *f)
{
	int ret;

	if (!target)
		target = t->target;
	/* Nothing fio would read back as what was meant. */
	if (!target || !writable_name(target) || (version != 2 && version != 3))
		return -EINVAL;
	ret = version == 3 ? write_v3(t, target, f) : write_v2(t, target, f);
	if (fflush(f) || ferror(f))
		return -EIO;
	return ret;
}

/* ---- The target's size ---- */

/* Where r ends: its last byte's offset plus one, at most 2^64 - 1. */
static uint64_t req_end(const struct fv_trace_req *r)
{
	return r->offset > UINT64_MAX - r->len ? UINT64_MAX
					       : r->offset + r->len;
}

int fv_trace_check_size(const struct fv_trace *t, uint64_t size,
			const char *name, struct fv_error *e)
{
	const char *target = t->target ? t->target : "the target";
	const struct fv_trace_req *r;
	size_t i;

	for (i = 0; i < t->n && req_end(&t->v[i]) <= size; i++)
		;
	if (i == t->n)
		return 0;
	r = &t->v[i];
	if (r->line)
		return fv_error_set(e, ERANGE, FV_EXIT_INPUT, name,
				    (int) r->line,
				    "'%s' of %" PRIu32 " bytes at %" PRIu64
				    " ends at byte %" PRIu64 ", past the end "
				    "of %s (%" PRIu64 " bytes): the log needs "
				    "a larger device",
				    fv_trace_kind_name(r->kind), r->len,
				    r->offset, req_end(r), target, size);
	return fv_error_set(e, ERANGE, FV_EXIT_INPUT, name, 0,
			    "request %zu ('%s' of %" PRIu32 " bytes at %" PRIu64
			    ") ends at byte %" PRIu64 ", past the end of %s "
			    "(%" PRIu64 " bytes): the trace needs a larger "
			    "device",
			    i + 1, fv_trace_kind_name(r->kind), r->len,
			    r->offset, req_end(r), target, size);
}
