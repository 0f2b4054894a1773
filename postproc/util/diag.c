/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "grow.h"
#include "utf8.h"
#include "array_size.h"

const char *fv_severity_name(enum fv_severity sev)
{
	static const char *const names[] = {
		[FV_NOTE] = "note",
		[FV_WARNING] = "warning",
		[FV_ERROR] = "error",
	};

	return (size_t) sev < FV_ARRAY_SIZE(names) && names[sev] ? names[sev]
								 : "?";
}

/* Out of memory: the list remembers that a diagnostic is missing. */
static int lost(struct fv_diags *d, enum fv_severity sev)
{
	d->lost++;
	if (sev == FV_ERROR)
		d->nerrors++;
	return -ENOMEM;
}

int fv_diag_add(struct fv_diags *d, enum fv_severity sev, const char *file,
		int line, int column, const char *fmt, ...)
{
	struct fv_diag *g;
	char *raw;
	va_list ap;
	int ret;

	if (FV_ALLOC_GROW(d->v, d->n + 1, d->cap))
		return lost(d, sev);
	g = &d->v[d->n];
	memset(g, 0, sizeof(*g));
	va_start(ap, fmt);
	ret = vasprintf(&raw, fmt, ap);
	va_end(ap);
	if (ret < 0)
		return lost(d, sev);
	/* Messages quote input text and file names, which may be anything. */
	g->message = fv_escape(raw);
	free(raw);
	if (!g->message)
		return lost(d, sev);
	if (file && !(g->file = fv_escape(file))) {
		free(g->message);
		return lost(d, sev);
	}
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
	if (d->lost) /* whatever min: what they were is not known */
		fprintf(out,
			"fioverdict: error: %zu diagnostic%s lost: out of "
			"memory\n",
			d->lost, d->lost == 1 ? "" : "s");
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
