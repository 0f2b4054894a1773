/* SPDX-License-Identifier: MIT */
/* Aligned plain text for a terminal: numbers right, text left. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "model/model.h"

#define CELL_MAX 256

static void cell_text(char *buf, const struct fv_table *t, size_t r, size_t c)
{
	fv_cell_human(buf, CELL_MAX, &t->cols[c], fv_table_cell(t, r, c));
}

static void widths(const struct fv_table *t, size_t *w)
{
	char buf[CELL_MAX];

	for (size_t c = 0; c < t->ncols; c++) {
		fv_col_header(buf, sizeof(buf), &t->cols[c]);
		w[c] = fv_utf8_width(buf);
		for (size_t r = 0; r < t->nrows; r++) {
			size_t cw;

			cell_text(buf, t, r, c);
			cw = fv_utf8_width(buf);
			if (cw > w[c])
				w[c] = cw;
		}
	}
}

static void put_cell(FILE *out, const char *s, size_t w, bool right, bool last)
{
	size_t pad = w - fv_utf8_width(s);

	if (right)
		fprintf(out, "%*s%s", (int) pad, "", s);
	else
		fprintf(out, "%s%*s", s, last ? 0 : (int) pad, "");
	if (!last)
		fputs("  ", out);
}

static size_t last_shown(const struct fv_table *t)
{
	size_t last = 0;

	for (size_t c = 0; c < t->ncols; c++)
		if (fv_col_shown(&t->cols[c], false))
			last = c;
	return last;
}

static void put_row(FILE *out, const struct fv_table *t, const size_t *w,
		    long row)
{
	size_t last = last_shown(t);
	char buf[CELL_MAX];

	for (size_t c = 0; c < t->ncols; c++) {
		if (!fv_col_shown(&t->cols[c], false))
			continue;
		if (row < 0)
			fv_col_header(buf, sizeof(buf), &t->cols[c]);
		else
			cell_text(buf, t, (size_t) row, c);
		put_cell(out, buf, w[c], t->cols[c].unit != FV_U_TEXT,
			 c == last);
	}
	fputc('\n', out);
}

static void put_reason(void *ctx, const char *reason)
{
	fprintf(ctx, "  n/a: %s\n", reason);
}

static int render_table(FILE *out, const struct fv_table *t)
{
	size_t *w = calloc(t->ncols ? t->ncols : 1, sizeof(*w));

	if (!w)
		return -ENOMEM;
	widths(t, w);
	fprintf(out, "%s\n\n", t->title);
	put_row(out, t, w, -1);
	for (size_t r = 0; r < t->nrows; r++)
		put_row(out, t, w, (long) r);
	if (!t->nrows)
		fputs("(no rows)\n", out);
	for (size_t i = 0; i < t->nnotes; i++)
		fprintf(out, "  note: %s\n", t->notes[i]);
	fv_table_na_reasons(t, false, put_reason, out);
	free(w);
	return 0;
}

static int render(FILE *out, const struct fv_report *rep)
{
	for (size_t i = 0; i < rep->ntables; i++) {
		int ret;

		if (i)
			fputc('\n', out);
		ret = render_table(out, rep->tables[i]);
		if (ret)
			return ret;
	}
	return ferror(out) ? -EIO : 0;
}

const struct fv_renderer fv_render_text = {
	.name = "text",
	.help = "aligned columns, human units (default)",
	.render = render,
};
