/* SPDX-License-Identifier: MIT */
/* What the formats share: which columns show, cells and headers in words,
 * the reasons behind n/a. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "render.h"

bool fv_col_shown(const struct fv_col *c, bool machine)
{
	return machine || !(c->flags & FV_COL_MACHINE);
}

void fv_cell_human(char *buf, size_t len, const struct fv_col *col,
		   const struct fv_cell *cell)
{
	switch (cell->kind) {
	case FV_CELL_EMPTY:
		snprintf(buf, len, "-");
		break;
	case FV_CELL_NA:
		snprintf(buf, len, "n/a");
		break;
	case FV_CELL_STR:
		snprintf(buf, len, "%s", cell->str);
		break;
	case FV_CELL_NUM:
		if (cell->str) { /* its own text (fv_cell_num_as) */
			snprintf(buf, len, "%s", cell->str);
		} else if (cell->lower_bound && len > 4) {
			memcpy(buf, "≥", 4); /* 3 bytes of UTF-8 and a NUL */
			fv_fmt_human(buf + 3, len - 3, col->unit, cell->num);
		} else if (cell->res > 0) {
			fv_fmt_printed(buf, len, col->unit, cell->num,
				       cell->res);
		} else {
			fv_fmt_human(buf, len, col->unit, cell->num);
		}
		break;
	}
}

void fv_col_header(char *buf, size_t len, const struct fv_col *col)
{
	const char *unit = fv_unit_header(col->unit);

	/* "Read IOPS (IOPS)" says it twice. */
	if (col->unit == FV_U_IOPS && strstr(col->title, "IOPS"))
		unit = "";
	snprintf(buf, len, "%s%s", col->title, unit);
}

void fv_markup_cells(FILE *f, const struct fv_table *t, size_t row,
		     const struct fv_markup *m)
{
	char buf[256];

	for (size_t c = 0; c < t->ncols; c++) {
		const struct fv_col *col = &t->cols[c];

		if (!fv_col_shown(col, false))
			continue;
		if (row == FV_HEAD)
			fv_col_header(buf, sizeof(buf), col);
		else
			fv_cell_human(buf, sizeof(buf), col,
				      fv_table_cell(t, row, c));
		fputs(col->unit == FV_U_TEXT ? m->open : m->open_num, f);
		m->esc(f, buf);
		fputs(m->close, f);
	}
}

void fv_table_na_reasons(const struct fv_table *t, bool machine,
			 void (*fn)(void *ctx, const char *reason), void *ctx)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++) {
		const struct fv_cell *c = &t->cells[i];
		bool seen = false;

		if (c->kind != FV_CELL_NA || !c->str ||
		    !fv_col_shown(&t->cols[i % t->ncols], machine))
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = t->cells[j].kind == FV_CELL_NA &&
			       t->cells[j].str &&
			       fv_col_shown(&t->cols[j % t->ncols], machine) &&
			       !strcmp(t->cells[j].str, c->str);
		if (!seen)
			fn(ctx, c->str);
	}
}
