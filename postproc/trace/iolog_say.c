/* SPDX-License-Identifier: MIT */
/* How an iolog's refused line is said: the file, the line, its bytes quoted. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "iolog_int.h"
#include "trace.h"

/*
 * At most QUOTE_BYTES of s, a control byte or invalid UTF-8 as '?' (the
 * input may be any bytes), "..." when cut.
 */
const char *fv_iolog_quote(struct quoted *q, const char *s, size_t n)
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

const char *fv_iolog_quote_field(struct quoted *q, const struct field *f)
{
	return fv_iolog_quote(q, f->s, f->n);
}

/* The line is refused: -EINVAL, e naming the file and line. */
int fv_iolog_bad(struct iolog *p, const char *fmt, ...)
{
	char text[sizeof(p->e->text)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return fv_error_set(p->e, EINVAL, FV_EXIT_INPUT, p->name, p->line, "%s",
			    text);
}

int fv_iolog_no_memory(struct iolog *p)
{
	return fv_error_set(p->e, ENOMEM, FV_EXIT_SOFTWARE, p->name, p->line,
			    "out of memory");
}
