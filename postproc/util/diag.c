/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

const char *fv_severity_name(enum fv_severity sev)
{
	switch (sev) {
	case FV_NOTE:
		return "note";
	case FV_WARNING:
		return "warning";
	case FV_ERROR:
		return "error";
	}
	return "?";
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

/*
 * Messages quote input text and file names, which may be anything; the
 * JSON renderer needs valid UTF-8 and terminals need no control codes.
 */
void fv_sanitize(char *s)
{
	size_t n = strlen(s);
	unsigned char *p = (unsigned char *) s;

	for (size_t i = 0; i < n;) {
		size_t len = utf8_len(p + i, n - i);

		if (!len || p[i] < 0x20 || p[i] == 0x7f) {
			p[i++] = '?';
			continue;
		}
		i += len;
	}
}

static int diag_grow(struct fv_diags *d)
{
	size_t cap = d->cap ? d->cap * 2 : 16;
	struct fv_diag *v = realloc(d->v, cap * sizeof(*v));

	if (!v)
		return -ENOMEM;
	d->v = v;
	d->cap = cap;
	return 0;
}

int fv_diag_add(struct fv_diags *d, enum fv_severity sev, const char *file,
		int line, int column, const char *fmt, ...)
{
	struct fv_diag *g;
	va_list ap;
	int ret;

	if (d->n == d->cap && diag_grow(d))
		return -ENOMEM;
	g = &d->v[d->n];
	memset(g, 0, sizeof(*g));
	va_start(ap, fmt);
	ret = vasprintf(&g->message, fmt, ap);
	va_end(ap);
	if (ret < 0)
		return -ENOMEM;
	if (file) {
		g->file = strdup(file);
		if (!g->file) {
			free(g->message);
			return -ENOMEM;
		}
		fv_sanitize(g->file);
	}
	fv_sanitize(g->message);
	g->severity = sev;
	g->line = line;
	g->column = column;
	d->n++;
	if (sev == FV_ERROR)
		d->nerrors++;
	return 0;
}

void fv_diag_print(const struct fv_diags *d, FILE *out, enum fv_severity min)
{
	for (size_t i = 0; i < d->n; i++) {
		const struct fv_diag *g = &d->v[i];

		if (g->severity < min)
			continue;
		if (g->file && g->line && g->column)
			fprintf(out, "%s:%d:%d: ", g->file, g->line, g->column);
		else if (g->file && g->line)
			fprintf(out, "%s:%d: ", g->file, g->line);
		else if (g->file)
			fprintf(out, "%s: ", g->file);
		else /* of no file: whose message it is, as usage errors say */
			fputs("fioverdict: ", out);
		fprintf(out, "%s: %s\n", fv_severity_name(g->severity),
			g->message);
	}
}

void fv_diags_truncate(struct fv_diags *d, size_t n)
{
	while (d->n > n) {
		struct fv_diag *g = &d->v[--d->n];

		if (g->severity == FV_ERROR)
			d->nerrors--;
		free(g->file);
		free(g->message);
	}
}

void fv_diags_free(struct fv_diags *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].file);
		free(d->v[i].message);
	}
	free(d->v);
	memset(d, 0, sizeof(*d));
}
