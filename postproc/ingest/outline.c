/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "outline.h"
#include "util/util.h"

/* Deeper than jansson's 2048 levels: jansson refuses it first. */
#define MAX_DEPTH 4096

struct walk {
	struct fv_outline *o;
	struct fv_text *t;
	char stack[MAX_DEPTH]; /* the open brackets */
	int depth;
	int line, col; /* at the byte being read */
	bool in_str, esc;
	bool in_key;	     /* the string is a key of the top object */
	size_t key, key_end; /* the last key of the top object */
	bool after_key;	     /* a ':' of the top object, its value not begun */
	bool in_jobs;	     /* inside the jobs array */
	int narrays;	     /* jobs arrays seen */
};

static bool is_jobs_key(const char *k, size_t n)
{
	return (n == 4 && !memcmp(k, "jobs", 4)) ||
	       (n == 12 && !memcmp(k, "client_stats", 12));
}

static int add_job(struct walk *w, size_t at)
{
	struct fv_outline *o = w->o;

	if (FV_ALLOC_GROW(o->jobs, o->njobs + 1, o->jobs_alloc))
		return -ENOMEM;
	o->jobs[o->njobs++] = (struct fv_outline_job){ .start = at,
						       .line = w->line,
						       .col = w->col };
	return 0;
}

/* A bracket: 1 at the document's end, 0 to go on, -EBADMSG, -ENOMEM. */
static int bracket(struct walk *w, char c, size_t at)
{
	static const char open_of[128] = { ['}'] = '{', [']'] = '[' };
	struct fv_outline *o = w->o;

	if (c == '{' || c == '[') {
		if (w->depth == MAX_DEPTH)
			return -EBADMSG;
		if (w->depth == 2 && w->in_jobs && c == '{' && add_job(w, at))
			return -ENOMEM;
		w->stack[w->depth++] = c;
		return 0;
	}
	if (!w->depth || w->stack[w->depth - 1] != open_of[(int) c])
		return -EBADMSG;
	w->depth--;
	if (w->depth == 2 && w->in_jobs && c == '}') {
		/* Read again when the job is parsed: not kept meanwhile. */
		o->jobs[o->njobs - 1].end = at + 1;
		fv_text_release(w->t, o->jobs[o->njobs - 1].start, at + 1);
	}
	if (w->depth == 1 && c == ']')
		w->in_jobs = false;
	return w->depth == 0;
}

/* The value after a key of the top object begins with c. */
static void value_begins(struct walk *w, char c)
{
	const char *k = w->t->buf + w->key;

	w->after_key = false;
	if (c == '[' && is_jobs_key(k, w->key_end - w->key)) {
		w->in_jobs = true;
		w->narrays++;
	}
}

/* One byte outside a string: 1 at the document's end. */
static int token(struct walk *w, char c, size_t at)
{
	switch (c) {
	case '\t':
	case '\r':
		return 0;
	case '"':
		w->in_str = true;
		w->in_key = w->depth == 1 && !w->after_key;
		if (w->in_key)
			w->key = at + 1;
		break;
	case ':':
		if (w->depth == 1)
			w->after_key = true;
		return 0;
	case '{':
	case '[':
	case '}':
	case ']':
		if (w->depth == 1 && w->after_key)
			value_begins(w, c);
		return bracket(w, c, at);
	}
	if (w->depth == 1 && w->after_key)
		value_begins(w, c);
	return 0;
}

/* A character starts at each byte but UTF-8's continuation bytes. */
static int starts_char(unsigned char c)
{
	return c < 0x80 || (c >= 0xc2 && c <= 0xf4);
}

/*
 * Inside a string from *p: to its closing quote (1, *p past it), or the
 * end of what is read (0). Most of a json+ file is short strings.
 */
static int walk_string(struct walk *w, size_t *p, size_t lim)
{
	const unsigned char *b = (const unsigned char *) w->t->buf;

	for (; *p < lim; (*p)++) {
		unsigned char c = b[*p];

		if (c == '\n') {
			w->line++;
			w->col = 0;
			w->o->nlines++;
			w->o->last_newline = true;
			continue;
		}
		w->col += starts_char(c);
		if (w->esc) {
			w->esc = false;
		} else if (c == '\\') {
			w->esc = true;
		} else if (c == '"') {
			w->in_str = false;
			if (w->in_key)
				w->key_end = *p;
			(*p)++;
			return 1;
		}
	}
	return 0;
}

/* Bytes [*p, lim): 1 at the document's end (*p then past it). */
static int walk_bytes(struct walk *w, size_t *p, size_t lim)
{
	const unsigned char *b = (const unsigned char *) w->t->buf;

	while (*p < lim) {
		unsigned char c = b[*p];
		int ret;

		if (w->in_str) {
			walk_string(w, p, lim);
			continue;
		}
		if (c == ' ') { /* indentation: most of what is not strings */
			w->col++;
			(*p)++;
			continue;
		}
		if (c == '\n') {
			w->line++;
			w->col = 0;
			w->o->nlines++;
			w->o->last_newline = true;
			(*p)++;
			continue;
		}
		ret = token(w, (char) c, *p);
		w->col += starts_char(c);
		(*p)++;
		if (ret)
			return ret;
	}
	return 0;
}

int fv_outline_scan(struct fv_outline *o, struct fv_text *t, size_t start,
		    int line, int col)
{
	struct walk *w = calloc(1, sizeof(*w));
	size_t p = start;
	int ret = 0;

	if (!w)
		return -ENOMEM;
	o->njobs = 0;
	o->nlines = 0;
	o->last_newline = false;
	*w = (struct walk){ .o = o, .t = t, .line = line, .col = col };
	while (!ret) {
		if (p >= t->loaded)
			ret = fv_text_need(t, p + 1);
		if (!ret && p >= t->loaded)
			ret = -EBADMSG; /* the text ends inside */
		if (!ret)
			ret = walk_bytes(w, &p, t->loaded);
	}
	o->end = p;
	o->end_col = w->col;
	o->defer = ret == 1 && w->narrays == 1 && o->njobs;
	free(w);
	return ret == 1 ? 0 : ret;
}

void fv_outline_free(struct fv_outline *o)
{
	free(o->jobs);
	memset(o, 0, sizeof(*o));
}
