/* SPDX-License-Identifier: MIT */
/* GitHub-flavoured Markdown tables, e.g. for CI job summaries. */
#include <errno.h>
#include <string.h>

#include "render.h"
#include "model/model.h"

/* '|' would end the cell; a newline would end the table. */
static void put_escaped(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|' || *s == '\\' || *s == '*' || *s == '_' ||
		    *s == '`')
			fputc('\\', out);
		fputc(*s == '\n' || *s == '\r' ? ' ' : *s, out);
	}
}

static const struct fv_markup md_cells = { " ", " ", " |", put_escaped };

static void put_header(FILE *out, const struct fv_table *t)
{
	fputc('|', out);
	fv_markup_cells(out, t, FV_HEAD, &md_cells);
	fputs("\n|", out);
	for (size_t c = 0; c < t->ncols; c++)
		if (fv_col_shown(&t->cols[c], false))
			fputs(t->cols[c].unit == FV_U_TEXT ? "---|" : "---:|",
			      out);
	fputc('\n', out);
}

static void put_rows(FILE *out, const struct fv_table *t)
{
	for (size_t r = 0; r < t->nrows; r++) {
		fputc('|', out);
		fv_markup_cells(out, t, r, &md_cells);
		fputc('\n', out);
	}
}

static void put_reason(void *ctx, const char *reason)
{
	fputs("- n/a: ", ctx);
	put_escaped(ctx, reason);
	fputc('\n', ctx);
}

static void put_title(FILE *out, const struct fv_table *t)
{
	fputs("### ", out);
	put_escaped(out, t->title);
	fputs("\n\n", out);
}

/* Below the rows: notes, then why cells are n/a. */
static void put_notes(FILE *out, const struct fv_table *t, size_t nrows)
{
	if (t->nnotes || nrows == 0)
		fputc('\n', out);
	if (!nrows)
		fputs("_(no rows)_\n", out);
	for (size_t n = 0; n < t->nnotes; n++) {
		fputs("- note: ", out);
		put_escaped(out, t->notes[n]);
		fputc('\n', out);
	}
}

static int render(FILE *out, const struct fv_report *rep)
{
	for (size_t i = 0; i < rep->ntables; i++) {
		const struct fv_table *t = rep->tables[i];

		if (i)
			fputc('\n', out);
		put_title(out, t);
		put_header(out, t);
		put_rows(out, t);
		put_notes(out, t, t->nrows);
		fv_table_na_reasons(t, false, put_reason, out);
	}
	return ferror(out) ? -EIO : 0;
}

static int stream_begin(FILE *out, const struct fv_table *cols)
{
	put_title(out, cols);
	put_header(out, cols);
	return ferror(out) ? -EIO : 0;
}

static int stream_rows(FILE *out, const struct fv_table *batch, size_t first)
{
	(void) first;
	put_rows(out, batch);
	return ferror(out) ? -EIO : 0;
}

static int stream_end(FILE *out, const struct fv_table *tail,
		      const struct fv_table *reasons, size_t nrows,
		      const struct fv_report *rep)
{
	(void) rep;
	put_notes(out, tail, nrows);
	for (size_t n = 0; n < reasons->nnotes; n++)
		put_reason(out, reasons->notes[n]);
	return ferror(out) ? -EIO : 0;
}

const struct fv_stream_renderer fv_stream_md = {
	.name = "md",
	.begin = stream_begin,
	.rows = stream_rows,
	.end = stream_end,
};

const struct fv_renderer fv_render_md = {
	.name = "md",
	.help = "GitHub-flavoured Markdown",
	.render = render,
};
