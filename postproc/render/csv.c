/* SPDX-License-Identifier: MIT */
/*
 * RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, a
 * quote or a line break; raw numbers, units in the header ("p99 (ns)").
 * Unavailable values are empty fields. Several tables are separated by an
 * empty line (each subcommand makes one).
 */
#include <errno.h>

#include "render.h"
#include "model/model.h"
#include "util/util.h"

static void put_header(FILE *out, const struct fv_table *t)
{
	for (size_t c = 0; c < t->ncols; c++) {
		const char *unit = fv_unit_name(t->cols[c].unit);
		char buf[256];

		if (unit[0])
			snprintf(buf, sizeof(buf), "%s (%s)", t->cols[c].key,
				 unit);
		else
			snprintf(buf, sizeof(buf), "%s", t->cols[c].key);
		if (c)
			fputc(',', out);
		fv_csv_field(out, buf);
	}
	fputs("\r\n", out);
}

static void put_row(FILE *out, const struct fv_table *t, size_t r)
{
	for (size_t c = 0; c < t->ncols; c++) {
		const struct fv_cell *cell = fv_table_cell(t, r, c);
		char buf[FV_NUMBUF];

		if (c)
			fputc(',', out);
		/* a number with its own text (a price) keeps it */
		if (cell->kind == FV_CELL_STR ||
		    (cell->kind == FV_CELL_NUM && cell->str)) {
			fv_csv_field(out, cell->str);
		} else if (cell->kind == FV_CELL_NUM) {
			fv_fmt_raw(buf, sizeof(buf), cell->num);
			fputs(buf, out);
		}
	}
	fputs("\r\n", out);
}

static int render(FILE *out, const struct fv_report *rep)
{
	for (size_t i = 0; i < rep->ntables; i++) {
		const struct fv_table *t = rep->tables[i];

		if (i)
			fputs("\r\n", out);
		put_header(out, t);
		for (size_t r = 0; r < t->nrows; r++)
			put_row(out, t, r);
	}
	return ferror(out) ? -EIO : 0;
}

static int stream_begin(FILE *out, const struct fv_table *cols)
{
	put_header(out, cols);
	return ferror(out) ? -EIO : 0;
}

static int stream_rows(FILE *out, const struct fv_table *batch, size_t first)
{
	(void) first; /* CSV rows carry no number */
	for (size_t r = 0; r < batch->nrows; r++)
		put_row(out, batch, r);
	return ferror(out) ? -EIO : 0;
}

/* CSV has no place for notes: the table ends with its last row. */
static int stream_end(FILE *out, const struct fv_table *tail,
		      const struct fv_table *reasons, size_t nrows,
		      const struct fv_report *rep)
{
	(void) tail;
	(void) reasons;
	(void) nrows;
	(void) rep;
	return ferror(out) ? -EIO : 0;
}

const struct fv_stream_renderer fv_stream_csv = {
	.name = "csv",
	.begin = stream_begin,
	.rows = stream_rows,
	.end = stream_end,
};

const struct fv_renderer fv_render_csv = {
	.name = "csv",
	.help = "RFC 4180 CSV, raw numbers, units in the header",
	.machine = true,
	.render = render,
};
