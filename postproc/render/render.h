/* SPDX-License-Identifier: MIT */
/*
 * Renderers: a report (tables of raw numbers) into one output format. A new
 * format (HTML, say) is one more file and one more line in render.c.
 */
#ifndef FV_RENDER_H
#define FV_RENDER_H

#include <stdint.h>
#include <stdio.h>

#include "model/model.h"

struct fv_renderer {
	const char *name;
	const char *help;
	bool machine; /* shows FV_COL_MACHINE columns, raw numbers */
	/* one document a program parses: written even with no table */
	bool document;
	/* Returns 0, or -EIO when the output could not be written. */
	int (*render)(FILE *out, const struct fv_report *rep);
};

extern const struct fv_renderer fv_render_text, fv_render_md, fv_render_csv,
	fv_render_json, fv_render_junit;

const struct fv_renderer *fv_renderer_find(const char *name);
/* NULL-terminated list, for --help. */
extern const struct fv_renderer *const fv_renderers[];

/* Shared by the human formats. */
bool fv_col_shown(const struct fv_col *c, bool machine);
/* Cell text for people: "n/a" when unavailable, "-" when not applicable. */
void fv_cell_human(char *buf, size_t len, const struct fv_col *col,
		   const struct fv_cell *cell);
/* The header text for people: title plus unit, e.g. "P99 (µs)". */
void fv_col_header(char *buf, size_t len, const struct fv_col *col);
/*
 * The markup formats (Markdown, the HTML page): a line of t, its header
 * when row is FV_HEAD else row row, as each shown column's text escaped
 * by esc between open (open_num in a column of numbers) and close.
 */
struct fv_markup {
	const char *open, *open_num, *close;
	void (*esc)(FILE *f, const char *s);
};
#define FV_HEAD SIZE_MAX
void fv_markup_cells(FILE *f, const struct fv_table *t, size_t row,
		     const struct fv_markup *m);
/*
 * Calls fn once per distinct reason of the table's unavailable cells, so
 * that "n/a" is always explained under the table.
 */
void fv_table_na_reasons(const struct fv_table *t, bool machine,
			 void (*fn)(void *ctx, const char *reason), void *ctx);

/*
 * A table written while its rows are made (summary --stream): the header
 * first, then batches of rows (each batch a table of the same columns,
 * freed after it is written), then what goes under the rows. Formats that
 * need every row first (text: column widths) have none.
 */
struct fv_stream_renderer {
	const char *name;
	/* cols: the columns, no rows. */
	int (*begin)(FILE *out, const struct fv_table *cols);
	/* batch: rows numbered from first in the whole table. */
	int (*rows)(FILE *out, const struct fv_table *batch, size_t first);
	/*
	 * tail: the notes; reasons: the distinct reasons of unavailable
	 * cells as its notes, in order of first appearance; nrows in all.
	 */
	int (*end)(FILE *out, const struct fv_table *tail,
		   const struct fv_table *reasons, size_t nrows,
		   const struct fv_report *rep);
};

extern const struct fv_stream_renderer fv_stream_csv, fv_stream_md;

#endif
