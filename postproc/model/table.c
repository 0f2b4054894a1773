/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"
#include "util/util.h"

const char *fv_unit_name(enum fv_unit u)
{
	static const char *const names[] = {
		[FV_U_TEXT] = "",
		[FV_U_IOPS] = "IO/s",
		[FV_U_BPS] = "B/s",
		[FV_U_MBPS] = "B/s",
		[FV_U_NS] = "ns",
		[FV_U_PERCENT] = "%",
		[FV_U_RATIO] = "x",
		[FV_U_COUNT] = "count",
		[FV_U_BYTES] = "B",
		[FV_U_MS] = "ms",
		[FV_U_DEPTH] = "QD",
		[FV_U_PROB] = "probability",
		[FV_U_GIB] = "GiB",
		[FV_U_USD_MONTH] = "USD/month",
		[FV_U_USD_MONTH_PER_KIOPS] = "USD/month per 1000 IO/s",
		[FV_U_USD_MONTH_PER_MBPS] = "USD/month per MB/s",
		[FV_U_ERROR_CODE] = "error code",
	};

	return (size_t) u < FV_ARRAY_SIZE(names) && names[u] ? names[u] : "";
}

struct fv_table *fv_table_new(const char *name, const char *title)
{
	struct fv_table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->name = fv_escape(name);
	t->title = fv_escape(title);
	if (!t->name || !t->title) {
		fv_table_free(t);
		return NULL;
	}
	return t;
}

/* The first failure sticks: every later writer returns it. */
static int fail(struct fv_table *t, int err)
{
	if (!t->status)
		t->status = err;
	return t->status;
}

int fv_table_add_col(struct fv_table *t, const char *key, const char *title,
		     enum fv_unit unit, unsigned flags)
{
	struct fv_col *c;

	if (t->status)
		return t->status;
	/* Columns are fixed before rows: cells are indexed by ncols. */
	if (t->nrows)
		return fail(t, -EINVAL);
	/*
	 * Doubling: a block per column count would leave a freed block of
	 * each size behind, table after table, in malloc's caches.
	 */
	if (FV_ALLOC_GROW(t->cols, t->ncols + 1, t->cols_cap))
		return fail(t, -ENOMEM);
	c = &t->cols[t->ncols];
	c->key = fv_escape(key);
	c->title = fv_escape(title);
	c->unit = unit;
	c->flags = flags;
	if (!c->key || !c->title) {
		free((char *) c->key);
		free((char *) c->title);
		return fail(t, -ENOMEM);
	}
	t->ncols++;
	return 0;
}

int fv_table_add_cols(struct fv_table *t, const struct fv_col *cols, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fv_table_add_col(t, cols[i].key, cols[i].title, cols[i].unit,
				 cols[i].flags);
	return t->status;
}

int fv_table_add_row(struct fv_table *t)
{
	if (t->status)
		return t->status;
	/* cells_alloc counts cells: a row is ncols of them */
	if (FV_ALLOC_GROW(t->cells, (t->nrows + 1) * t->ncols, t->cells_alloc))
		return fail(t, -ENOMEM);
	memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof(*t->cells));
	return (int) t->nrows++;
}

struct fv_cell *fv_table_cell(const struct fv_table *t, size_t row, size_t col)
{
	return &t->cells[row * t->ncols + col];
}

/*
 * The cell written, or NULL when it is not in the table: a row or column
 * that failed to be added (the table's status says why) is skipped.
 */
static struct fv_cell *set_cell(struct fv_table *t, size_t row, size_t col,
				enum fv_cell_kind kind, double v, const char *s)
{
	struct fv_cell *c;

	if (row >= t->nrows || col >= t->ncols) {
		fail(t, -EINVAL);
		return NULL;
	}
	c = fv_table_cell(t, row, col);
	free(c->str);
	c->str = NULL;
	c->kind = kind;
	c->num = v;
	c->lower_bound = false;
	/* text from outside (a file's name, a tool's): valid UTF-8 out */
	if (s && !(c->str = fv_escape(s))) {
		c->kind = FV_CELL_EMPTY;
		fail(t, -ENOMEM);
	}
	return c;
}

int fv_table_status(const struct fv_table *t)
{
	return t->status;
}

int fv_cell_num(struct fv_table *t, size_t row, size_t col, double v)
{
	set_cell(t, row, col, FV_CELL_NUM, v, NULL);
	return t->status;
}

int fv_cell_printed(struct fv_table *t, size_t row, size_t col, double v,
		    double res)
{
	struct fv_cell *c = set_cell(t, row, col, FV_CELL_NUM, v, NULL);

	if (c)
		c->res = res;
	return t->status;
}

int fv_cell_bound(struct fv_table *t, size_t row, size_t col, double v)
{
	struct fv_cell *c = set_cell(t, row, col, FV_CELL_NUM, v, NULL);

	if (c)
		c->lower_bound = true;
	return t->status;
}

int fv_cell_str(struct fv_table *t, size_t row, size_t col, const char *s)
{
	set_cell(t, row, col, s ? FV_CELL_STR : FV_CELL_EMPTY, 0, s);
	return t->status;
}

int fv_cell_na(struct fv_table *t, size_t row, size_t col, const char *reason)
{
	set_cell(t, row, col, FV_CELL_NA, 0, reason);
	return t->status;
}

int fv_cell_num_as(struct fv_table *t, size_t row, size_t col, double v,
		   const char *text)
{
	set_cell(t, row, col, FV_CELL_NUM, v, text);
	return t->status;
}

int fv_cell_usd(struct fv_table *t, size_t row, size_t col, double v,
		const char *why)
{
	char b[32];

	if (!isfinite(v))
		return fv_cell_na(t, row, col, why);
	snprintf(b, sizeof(b), "%.2f", v);
	return fv_cell_num_as(t, row, col, v, b);
}

int fv_table_note(struct fv_table *t, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = fv_lines_vadd(&t->notes, &t->nnotes, fmt, ap);
	va_end(ap);
	return ret ? fail(t, ret) : t->status;
}

void fv_table_free(struct fv_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i].str);
	for (size_t i = 0; i < t->ncols; i++) {
		free((char *) t->cols[i].key);
		free((char *) t->cols[i].title);
	}
	fv_lines_free(t->notes, t->nnotes);
	free(t->cells);
	free(t->cols);
	free(t->name);
	free(t->title);
	free(t);
}

int fv_report_add(struct fv_report *r, struct fv_table *t)
{
	if (t->status)
		return t->status;
	if (FV_ALLOC_GROW(r->tables, r->ntables + 1, r->tables_alloc))
		return -ENOMEM;
	r->tables[r->ntables++] = t;
	return 0;
}

void fv_report_free(struct fv_report *r)
{
	for (size_t i = 0; i < r->ntables; i++)
		fv_table_free(r->tables[i]);
	free(r->tables);
	r->tables = NULL;
	r->ntables = 0;
}

int fv_table_col(const struct fv_table *t, const char *key)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (!strcmp(t->cols[c].key, key))
			return (int) c;
	return -1;
}

const char *fv_table_str(const struct fv_table *t, size_t row, const char *key)
{
	int c = fv_table_col(t, key);
	const struct fv_cell *cell;

	if (c < 0)
		return "";
	cell = fv_table_cell(t, row, (size_t) c);
	return cell->kind == FV_CELL_STR && cell->str ? cell->str : "";
}

double fv_table_num(const struct fv_table *t, size_t row, const char *key)
{
	int c = fv_table_col(t, key);
	const struct fv_cell *cell;

	if (c < 0)
		return NAN;
	cell = fv_table_cell(t, row, (size_t) c);
	return cell->kind == FV_CELL_NUM ? cell->num : NAN;
}

const struct fv_table *fv_report_table(const struct fv_report *r,
				       const char *name)
{
	for (size_t i = 0; i < r->ntables; i++)
		if (!strcmp(r->tables[i]->name, name))
			return r->tables[i];
	return NULL;
}
