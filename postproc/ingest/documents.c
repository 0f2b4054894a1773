/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "client_text.h"
#include "documents.h"

/* Text lines quoted in full before the rest are only counted. */
#define QUOTED_LINES 8
/* The text behind the scan is let go a MiB at a time. */
#define RELEASE_STEP ((size_t) 1 << 20)
/* Integers as reals: fio prints unsigned 64-bit values that jansson's
 * signed integers cannot hold. */
#define JSON_FLAGS JSON_DECODE_INT_AS_REAL

void fv_scan_init(struct fv_scanner *s, const char *name, struct fv_text *t,
		  struct fv_diags *diags)
{
	memset(s, 0, sizeof(*s));
	s->name = name;
	s->text = t;
	s->line = 1;
	s->diags = diags;
	s->error = fv_text_need(t, 3);
	/* PowerShell's Out-File -Encoding utf8 starts files with a BOM. */
	if (!s->error && t->loaded >= 3 && !memcmp(t->buf, "\xef\xbb\xbf", 3)) {
		s->pos = 3;
		s->col = 1; /* jansson would count it as a character */
	}
}

void fv_scan_free(struct fv_scanner *s)
{
	fv_outline_free(&s->outline);
	free(s->copy);
	free(s->probes);
	memset(s, 0, sizeof(*s));
}

bool fv_scan_deferred(const struct fv_scanner *s)
{
	return s->outline.defer;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
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

/* The next '\n' at or after pos, or the end; reads the text as needed. */
static size_t line_end(struct fv_scanner *s, size_t pos, int *err)
{
	struct fv_text *t = s->text;

	for (;;) {
		const char *nl = memchr(t->buf + pos, '\n', t->loaded - pos);

		if (nl)
			return (size_t) (nl - t->buf);
		if (t->loaded >= t->len)
			return t->len;
		pos = t->loaded;
		*err = fv_text_need(t, t->loaded + 1);
		if (*err)
			return pos;
	}
}

/* Keeps one line of text (trimmed) as a warning, quoted at most so long. */
static int keep_text(struct fv_scanner *s, size_t from, size_t to)
{
	const char *b = s->text->buf;

	if (from == to)
		return 0;
	s->ntext_lines++;
	if (s->ntext_lines > QUOTED_LINES)
		return 0;
	if (to - from > 200)
		to = from + 200;
	return fv_diag_add(s->diags, FV_WARNING, s->name, s->line, 1,
			   "text outside the JSON: %.*s", (int) (to - from),
			   b + from);
}

/*
 * Does the '{' at pos open a JSON object rather than text that happens to
 * start with a brace? A JSON object goes on with a key or closes at once.
 */
static bool opens_object(struct fv_scanner *s, size_t pos)
{
	struct fv_text *t = s->text;

	for (pos++; pos < t->len; pos++) {
		char c;

		if (pos >= t->loaded && fv_text_need(t, pos + 1))
			return true; /* unreadable: jansson will say so */
		c = t->buf[pos];
		if (c == '"' || c == '}')
			return true;
		if (!is_blank(c) && c != '\n')
			return false;
	}
	return true; /* truncated right after the brace */
}

/* Over text already read: lines and columns follow. */
static void advance(struct fv_scanner *s, size_t to)
{
	const char *b = s->text->buf, *p = b + s->pos, *nl;
	size_t from = s->pos;

	while ((nl = memchr(p, '\n', (size_t) (b + to - p)))) {
		s->line++;
		from = (size_t) (nl - b) + 1;
		s->col = 0;
		p = nl + 1;
	}
	s->col += columns(b, from, to);
	s->pos = to;
}

/* What the scan is done with goes, a step at a time. */
static void let_go(struct fv_scanner *s)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t cut;

	if (page <= 0 || s->pos - s->released < RELEASE_STEP)
		return;
	cut = s->pos & ~((size_t) page - 1);
	fv_text_release(s->text, s->released, cut);
	s->released = cut;
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
	s->pos = s->text->len;
	return -EBADMSG;
}

/* The text [pos, stop) for jansson, read again where it was let go. */
struct feed {
	struct fv_scanner *s;
	size_t pos, stop;
	bool stale;
};

static size_t feed(void *buffer, size_t buflen, void *data)
{
	struct feed *f = data;
	size_t n = f->stop - f->pos < buflen ? f->stop - f->pos : buflen;

	if (fv_text_copy(f->s->text, f->pos, f->pos + n, buffer))
		f->stale = true;
	f->pos += n;
	return n;
}

/*
 * The document at start parsed whole, from its text as the file holds it:
 * a document whose jobs are not deferred, or a broken one (the error is
 * then jansson's on the whole text). stop is its end, or the input's when
 * its brackets do not close.
 */
static json_t *parse_whole(struct fv_scanner *s, size_t start, size_t stop,
			   json_error_t *err, int *ret)
{
	struct feed f = { .s = s, .pos = start, .stop = stop };
	json_t *r = json_load_callback(
		feed, &f, JSON_FLAGS | JSON_DISABLE_EOF_CHECK, err);

	*ret = f.stale ? -ESTALE : 0;
	if (r && f.stale) {
		json_decref(r);
		r = NULL;
	}
	return r;
}

static int append(struct fv_scanner *s, size_t *n, const char *p, size_t len)
{
	if (fv_grow((void **) &s->copy, &s->copy_cap, *n + len + 1))
		return -ENOMEM;
	memcpy(s->copy + *n, p, len);
	*n += len;
	return 0;
}

/* The document without its jobs, an empty object in the place of each. */
static json_t *parse_skeleton(struct fv_scanner *s, size_t start, int *ret)
{
	const struct fv_outline *o = &s->outline;
	const char *b = s->text->buf;
	size_t n = 0, prev = start;
	json_error_t err;

	for (size_t k = 0; k < o->njobs && !*ret; k++) {
		*ret = append(s, &n, b + prev, o->jobs[k].start - prev);
		*ret = *ret ? *ret : append(s, &n, "{}", 2);
		prev = o->jobs[k].end;
	}
	*ret = *ret ? *ret : append(s, &n, b + prev, o->end - prev);
	return *ret ? NULL : json_loadb(s->copy, n, JSON_FLAGS, &err);
}

/*
 * fio refuses a server of another version; one that answered the probe
 * with another version than the document's is worth a warning.
 */
static int check_probes(struct fv_scanner *s, const json_t *doc)
{
	const char *v = json_string_value(json_object_get(doc, "fio version"));
	int ret = 0;

	for (size_t i = 0; v && i < s->nprobes && !ret; i++)
		if (strcmp(s->probes[i].fio, v))
			ret = fv_diag_add(
				s->diags, FV_WARNING, s->name, s->doc_line, 1,
				"server %s runs %s, the client %s: "
				"client and server must be the same "
				"fio",
				s->probes[i].host, s->probes[i].fio, v);
	return ret;
}

static int try_document(struct fv_scanner *s, size_t start, json_t **root,
			int *line)
{
	struct fv_outline *o = &s->outline;
	bool closes;
	json_error_t err;
	json_t *r = NULL;
	int ret;

	advance(s, start);
	s->doc_start = start;
	s->doc_line = s->line;
	s->doc_col = s->col;
	ret = fv_outline_scan(o, s->text, start, s->line, s->col);
	if (ret && ret != -EBADMSG)
		return ret;
	closes = !ret;
	if (closes && o->defer && !s->whole)
		r = parse_skeleton(s, start, &ret);
	if (ret == -ENOMEM)
		return ret;
	/*
	 * Not deferred, or broken: jansson on the whole text (brackets that
	 * do not close are broken for jansson too: it says where).
	 */
	if (!r) {
		o->defer = false;
		r = parse_whole(s, start, closes ? o->end : s->text->len, &err,
				&ret);
	}
	if (ret)
		return ret;
	if (r && !closes) { /* cannot be: jansson parsed what does not close */
		json_decref(r);
		r = NULL;
		snprintf(err.text, sizeof(err.text), "brackets do not close");
		err.line = err.column = 1;
	}
	if (!r)
		return parse_error_at(s, &err, s->doc_line, s->doc_col);
	ret = check_probes(s, r);
	if (ret) {
		json_decref(r);
		return ret;
	}
	*line = s->doc_line;
	s->line += o->nlines;
	s->col = o->end_col;
	s->pos = o->end;
	*root = r;
	return 1;
}

/* "hostname=NAME, ..., fio=VERSION": a note, and the version kept. */
static int keep_probe(struct fv_scanner *s, const struct fv_client_line *l)
{
	struct fv_probe *p;

	if (FV_ALLOC_GROW(s->probes, s->nprobes + 1, s->probes_cap))
		return -ENOMEM;
	p = &s->probes[s->nprobes++];
	snprintf(p->host, sizeof(p->host), "%.*s", (int) l->probe_host_len,
		 l->probe_host);
	snprintf(p->fio, sizeof(p->fio), "%.*s", (int) l->probe_fio_len,
		 l->probe_fio);
	return fv_diag_add(s->diags, FV_NOTE, s->name, s->line, 1,
			   "fio server %s: %s (fio's probe)", p->host, p->fio);
}

/*
 * A stats line: its JSON is the next document. One that does not parse
 * is a warning (a line cut by a server that died), not the end of the
 * input. Returns 1 with *root, 0 when skipped, or -ENOMEM.
 */
static int stats_line(struct fv_scanner *s, const struct fv_client_line *l,
		      json_t **root, int *line)
{
	json_error_t err;
	int col = columns(s->text->buf, s->pos,
			  (size_t) (l->json - s->text->buf)) +
		  1;

	*root = json_loadb(l->json, l->json_len, JSON_FLAGS, &err);
	if (*root && !json_is_object(*root)) {
		snprintf(err.text, sizeof(err.text), "not an object");
		err.column = 1;
		json_decref(*root);
		*root = NULL;
	}
	if (!*root)
		return fv_diag_add(s->diags, FV_WARNING, s->name, s->line,
				   col + (err.column > 0 ? err.column - 1 : 0),
				   "stats line from server %.*s is not valid "
				   "JSON (%s): skipped",
				   (int) l->server_len,
				   l->server ? l->server : "", err.text);
	s->from_line = true;
	snprintf(s->server, sizeof(s->server), "%.*s", (int) l->server_len,
		 l->server ? l->server : "");
	*line = s->line;
	return 1;
}

/*
 * One line of text: fio's client text is recognised (client_text.h),
 * anything else kept as a warning. Returns 1 when the line is a stats
 * document (*root), 0 when the scan goes on, or an error.
 */
static int text_line(struct fv_scanner *s, size_t from, size_t to,
		     json_t **root, int *line)
{
	const char *b = s->text->buf;
	struct fv_client_line l;

	while (from < to && is_blank(b[from]))
		from++;
	while (to > from && is_blank(b[to - 1]))
		to--;
	fv_client_line(b + from, to - from, &l);
	switch (l.kind) {
	case FV_TEXT_STATS:
		return stats_line(s, &l, root, line);
	case FV_TEXT_ROUTINE:
		s->nroutine++;
		return 0;
	case FV_TEXT_PROBE:
		return keep_probe(s, &l);
	case FV_TEXT_SERVER:
	case FV_TEXT_PLAIN:
		break;
	}
	return keep_text(s, from, to);
}

static int end_of_text(struct fv_scanner *s)
{
	int ret = 0;

	if (s->ntext_lines > QUOTED_LINES)
		ret = fv_diag_add(s->diags, FV_WARNING, s->name, 0, 0,
				  "%zu more lines of text outside the JSON "
				  "not shown",
				  s->ntext_lines - QUOTED_LINES);
	if (!ret && s->nroutine)
		ret = fv_diag_add(s->diags, FV_NOTE, s->name, 0, 0,
				  "%zu lines of fio servers' progress "
				  "(\"<server> Starting ...\") not shown",
				  s->nroutine);
	s->nroutine = 0;
	return ret;
}

int fv_scan_next(struct fv_scanner *s, json_t **root, int *line)
{
	const struct fv_text *t = s->text;
	int ret = s->error;

	s->from_line = false;
	if (ret)
		return ret;
	while (s->pos < t->len) {
		size_t eol = line_end(s, s->pos, &ret), p = s->pos;

		if (ret)
			return ret;
		while (p < eol && is_blank(t->buf[p]))
			p++;
		if (p < eol && t->buf[p] == '{' && opens_object(s, p))
			return try_document(s, p, root, line);
		/* Text, or the rest of the line a document ended on. */
		ret = text_line(s, s->pos, eol, root, line);
		if (ret < 0)
			return ret;
		advance(s, eol < t->len ? eol + 1 : eol);
		let_go(s);
		if (ret == 1)
			return 1;
	}
	return end_of_text(s);
}

int fv_scan_job(struct fv_scanner *s, const struct fv_outline_job *j,
		json_t **root)
{
	size_t len = j->end - j->start;
	json_error_t err;

	if (fv_grow((void **) &s->copy, &s->copy_cap, len + 1))
		return -ENOMEM;
	if (fv_text_copy(s->text, j->start, j->end, s->copy))
		return -ESTALE;
	*root = json_loadb(s->copy, len, JSON_FLAGS, &err);
	if (*root)
		return 0;
	return parse_error_at(s, &err, j->line, j->col);
}
