/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "documents.h"

/* Text lines quoted in full before the rest are only counted. */
#define FV_SCAN_QUOTED_LINES 8

void fv_scan_init(struct fv_scanner *s, const char *name, const char *buf,
		  size_t len, struct fv_diags *diags)
{
	memset(s, 0, sizeof(*s));
	s->name = name;
	s->buf = buf;
	s->len = len;
	s->line = 1;
	s->diags = diags;
	/* PowerShell's Out-File -Encoding utf8 starts files with a BOM. */
	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		s->pos = 3;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static size_t line_end(const struct fv_scanner *s, size_t pos)
{
	const char *nl = memchr(s->buf + pos, '\n', s->len - pos);

	return nl ? (size_t) (nl - s->buf) : s->len;
}

/* Keeps one line of text as a warning, trimmed, quoted at most so long. */
static int keep_text(struct fv_scanner *s, size_t from, size_t to)
{
	while (from < to && is_blank(s->buf[from]))
		from++;
	while (to > from && is_blank(s->buf[to - 1]))
		to--;
	if (from == to)
		return 0;
	s->ntext_lines++;
	if (s->ntext_lines > FV_SCAN_QUOTED_LINES)
		return 0;
	if (to - from > 200)
		to = from + 200;
	return fv_diag_add(s->diags, FV_WARNING, s->name, s->line, 1,
			   "text outside the JSON: %.*s", (int) (to - from),
			   s->buf + from);
}

/*
 * Does the '{' at pos open a JSON object rather than text that happens to
 * start with a brace? A JSON object goes on with a key or closes at once.
 */
static bool opens_object(const struct fv_scanner *s, size_t pos)
{
	for (pos++; pos < s->len; pos++) {
		char c = s->buf[pos];

		if (c == '"' || c == '}')
			return true;
		if (!is_blank(c) && c != '\n')
			return false;
	}
	return true; /* truncated right after the brace */
}

static void advance(struct fv_scanner *s, size_t to)
{
	for (const char *p = s->buf + s->pos;
	     (p = memchr(p, '\n', s->buf + to - p)); p++) {
		s->line++;
		s->line_start = (size_t) (p - s->buf) + 1;
	}
	s->pos = to;
}

/*
 * jansson's error in text that starts at line `line`, after col0
 * characters of that line: where it is in the input. The scan cannot go
 * on.
 */
static int parse_error_at(struct fv_scanner *s, const json_error_t *err,
			  int line, int col0)
{
	int col = err->column > 0 ? err->column : 1;

	if (err->line > 1)
		line += err->line - 1;
	else /* the text may start after other text on its line */
		col += col0;
	fv_diag_add(s->diags, FV_ERROR, s->name, line, col,
		    "malformed JSON (document starting at line %d): %s",
		    s->doc_line, err->text);
	s->pos = s->len;
	return -EBADMSG;
}

/*
 * Characters in b[from, to) as jansson counts columns: the first byte of
 * each UTF-8 sequence (its utf8_check_first()).
 */
static int columns(const char *b, size_t from, size_t to)
{
	int n = 0;

	for (size_t i = from; i < to; i++) {
		unsigned char u = (unsigned char) b[i];

		n += u < 0x80 || (u >= 0xc2 && u <= 0xf4);
	}
	return n;
}

static int parse_error(struct fv_scanner *s, const json_error_t *err)
{
	return parse_error_at(s, err, s->line,
			      columns(s->buf, s->line_start, s->doc_start));
}

/*
 * The same parse with the bins objects kept compact and the jobs deferred
 * (bins_scan.h): lines and columns are those of the text; the position
 * jansson ends at is behind by *dropped.
 */
static json_t *load_with_bins(struct fv_scanner *s, size_t start, size_t flags,
			      bool defer_jobs, json_error_t *err,
			      size_t *dropped)
{
	struct fv_bins_feed feed = {
		.buf = s->buf,
		.pos = start,
		.len = s->len,
		.st = s->bins,
	};
	json_t *root;

	fv_bins_reset(s->bins);
	if (fv_bins_scan(s->bins, s->buf, s->len, start, defer_jobs)) {
		/* Out of memory: jansson gets the plain text instead. */
		fv_bins_reset(s->bins);
	}
	root = json_load_callback(fv_bins_feed, &feed, flags, err);
	*dropped = feed.dropped;
	return root;
}

static bool any_job(const struct fv_bins_store *st)
{
	for (size_t i = 0; i < st->nspans; i++)
		if (st->spans[i].job)
			return true;
	return false;
}

/*
 * With the jobs deferred, a document that does not parse may be broken
 * first inside a job (or a stray bracket may have ended a job early): the
 * error jansson reports on the whole text is the one to give, so the
 * document is parsed again without deferring (rare: broken inputs only).
 */
static json_t *load_deferred(struct fv_scanner *s, size_t start, size_t flags,
			     json_error_t *err, size_t *dropped)
{
	json_t *r = load_with_bins(s, start, flags, true, err, dropped);

	if (!r && any_job(s->bins))
		r = load_with_bins(s, start, flags, false, err, dropped);
	return r;
}

/*
 * Where each deferred job starts (line, and that line's offset), found
 * while the document's text is at hand: a job's text may be let go before
 * it is parsed, and its errors still name the input's line.
 */
static void note_job_lines(const struct fv_scanner *s)
{
	size_t pos = s->doc_start, line_start = s->line_start;
	int line = s->line;

	for (size_t i = 0; s->bins && i < s->bins->nspans; i++) {
		struct fv_bins_span *sp = &s->bins->spans[i];
		const char *nl;

		if (!sp->job)
			continue;
		while ((nl = memchr(s->buf + pos, '\n', sp->start - pos))) {
			line++;
			pos = (size_t) (nl - s->buf) + 1;
			line_start = pos;
		}
		pos = sp->start;
		sp->line = line;
		sp->col0 = columns(s->buf, line_start, sp->start);
	}
}

static int try_document(struct fv_scanner *s, size_t start, json_t **root,
			int *line)
{
	/*
	 * Integers as reals: fio prints unsigned 64-bit values that jansson's
	 * signed integers cannot hold.
	 */
	size_t flags = JSON_DISABLE_EOF_CHECK | JSON_DECODE_INT_AS_REAL;
	size_t dropped = 0;
	json_error_t err;
	json_t *r;

	advance(s, start);
	s->doc_start = start;
	s->doc_line = s->line;
	r = s->bins ? load_deferred(s, start, flags, &err, &dropped)
		    : json_loadb(s->buf + start, s->len - start, flags, &err);
	if (!r)
		return parse_error(s, &err);
	note_job_lines(s);
	*line = s->line;
	advance(s, start + (size_t) err.position + dropped);
	*root = r;
	return 1;
}

int fv_scan_next(struct fv_scanner *s, json_t **root, int *line)
{
	while (s->pos < s->len) {
		size_t eol = line_end(s, s->pos), p = s->pos;
		int ret;

		while (p < eol && is_blank(s->buf[p]))
			p++;
		if (p < eol && s->buf[p] == '{' && opens_object(s, p))
			return try_document(s, p, root, line);
		/* Text, or the rest of the line a document ended on. */
		ret = keep_text(s, p, eol);
		if (ret)
			return ret;
		advance(s, eol < s->len ? eol + 1 : eol);
	}
	if (s->ntext_lines > FV_SCAN_QUOTED_LINES)
		fv_diag_add(s->diags, FV_WARNING, s->name, 0, 0,
			    "%zu more lines of text outside the JSON not shown",
			    s->ntext_lines - FV_SCAN_QUOTED_LINES);
	return 0;
}

int fv_scan_job(struct fv_scanner *s, const struct fv_bins_span *sp,
		const char *text, struct fv_bins_store *st, json_t **root)
{
	size_t len = sp->end - sp->start;
	struct fv_bins_feed feed = { .buf = text, .len = len, .st = st };
	size_t flags = JSON_DISABLE_EOF_CHECK | JSON_DECODE_INT_AS_REAL;
	json_error_t err;

	fv_bins_reset(st);
	if (fv_bins_scan(st, text, len, 0, false))
		fv_bins_reset(st); /* out of memory: the plain text, then */
	*root = json_load_callback(fv_bins_feed, &feed, flags, &err);
	if (*root)
		return 0;
	return parse_error_at(s, &err, sp->line, sp->col0);
}
