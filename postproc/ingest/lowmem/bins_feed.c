/* SPDX-License-Identifier: MIT */
/*
 * What jansson reads in place of the text (bins_scan.h): each span as its
 * marker, its newlines and its first and last lines, the blanks between
 * left out; and the span a marker found in jansson's tree stands for.
 */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "bins_scan.h"

/* The byte jansson sees at o of the current span: braces, marker, blanks. */
static char span_byte(const struct fv_bins_feed *f,
		      const struct fv_bins_span *sp, size_t o)
{
	if (o == sp->start)
		return '{';
	if (o == sp->end - 1)
		return '}';
	if (!sp->blank && o >= sp->marker && o < sp->marker + f->mk)
		return f->key[o - sp->marker];
	if (!sp->blank && o >= sp->marker_val && o < sp->marker_val + f->mv)
		return f->val[o - sp->marker_val];
	/* Newlines kept: jansson counts lines on them. */
	return f->buf[o] == '\n' ? '\n' : ' ';
}

/*
 * Entering span idx: where its bytes are given one for one (up to the
 * marker's end, and its last line, so that columns after it are right)
 * and where only its newlines are (the blanks between are dropped: most
 * of a json+ file, which jansson would otherwise read byte by byte).
 */
static void enter_span(struct fv_bins_feed *f, size_t idx)
{
	const struct fv_bins_span *sp = &f->st->spans[idx];
	size_t head, tail;

	f->mk = (size_t) fv_bins_marker_key(f->st, f->key, sizeof(f->key));
	f->mv = (size_t) fv_bins_marker_val(idx, f->val, sizeof(f->val));
	head = sp->blank ? sp->start + 1 : sp->marker_val + f->mv;
	tail = sp->end - 1;
	while (tail > head && f->buf[tail - 1] != '\n')
		tail--;
	f->cur = idx;
	f->head = head;
	f->tail = tail > head ? tail : head;
	f->entered = true;
}

/* Up to room bytes of the current span from f->pos; how many. */
static size_t span_out(struct fv_bins_feed *f, char *out, size_t room)
{
	const struct fv_bins_span *sp = &f->st->spans[f->cur];
	size_t n = 0;

	while (n < room && f->pos < sp->end) {
		const char *nl;

		if (f->pos < f->head || f->pos >= f->tail) {
			out[n++] = span_byte(f, sp, f->pos++);
			continue;
		}
		nl = memchr(f->buf + f->pos, '\n', f->tail - f->pos);
		if (!nl) {
			f->dropped += f->tail - f->pos;
			f->pos = f->tail;
			continue;
		}
		f->dropped += (size_t) (nl - f->buf) - f->pos;
		f->pos = (size_t) (nl - f->buf) + 1;
		out[n++] = '\n';
	}
	return n;
}

size_t fv_bins_feed(void *buffer, size_t buflen, void *data)
{
	struct fv_bins_feed *f = data;
	const struct fv_bins_store *st = f->st;
	char *out = buffer;
	size_t n = 0;

	while (n < buflen && f->pos < f->len) {
		const struct fv_bins_span *sp =
			f->next < st->nspans ? &st->spans[f->next] : NULL;
		size_t k;

		if (!sp || f->pos < sp->start) {
			k = (sp && sp->start < f->len ? sp->start : f->len) -
			    f->pos;
			k = k < buflen - n ? k : buflen - n;
			memcpy(out + n, f->buf + f->pos, k);
			n += k;
			f->pos += k;
			continue;
		}
		if (!f->entered || f->cur != f->next)
			enter_span(f, f->next);
		n += span_out(f, out + n, buflen - n);
		if (f->pos >= sp->end)
			f->next++;
	}
	return n;
}

const struct fv_bins_span *fv_bins_lookup(const struct fv_bins_store *st,
					  const json_t *obj, bool job)
{
	const char *key;
	json_t *val;
	double v;

	if (!json_is_object(obj) || json_object_size(obj) != 1)
		return NULL;
	json_object_foreach((json_t *) obj, key, val)
	{
		if (strcmp(key, st->tag) || !json_is_number(val))
			return NULL;
		v = json_number_value(val);
		if (!(v >= 0 && v < (double) st->nspans) || v != floor(v) ||
		    st->spans[(size_t) v].blank ||
		    st->spans[(size_t) v].job != job)
			return NULL;
		return &st->spans[(size_t) v];
	}
	return NULL;
}
