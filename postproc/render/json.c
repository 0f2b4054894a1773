/* SPDX-License-Identifier: MIT */
/*
 * JSON report, schema fioverdict-report/1 (README.md, "JSON output"):
 * tables as column lists and row objects keyed by column key, raw numbers,
 * null for what is missing (with the reason in "unavailable"), and the
 * diagnostics about the inputs.
 */
#include <errno.h>
#include <math.h>

#include <jansson.h>

#include "util/util.h"
#include "model/model.h"
#include "render.h"

/* Integers print as integers; everything else as the shortest double. */
static json_t *number(double v)
{
	if (!isfinite(v))
		return json_null();
	if (v == floor(v) && fabs(v) < 9007199254740992.0)
		return json_integer((json_int_t) v);
	return json_real(v);
}

/* json_*_new() steal references and tolerate NULL: one check at the end. */
static json_t *columns(const struct fv_table *t)
{
	json_t *a = json_array();

	for (size_t c = 0; c < t->ncols && a; c++)
		json_array_append_new(
			a, json_pack("{s:s, s:s, s:s}", "key", t->cols[c].key,
				     "title", t->cols[c].title, "unit",
				     fv_unit_name(t->cols[c].unit)));
	return a;
}

static json_t *cell_value(const struct fv_cell *cell)
{
	switch (cell->kind) {
	case FV_CELL_NUM:
		return number(cell->num);
	case FV_CELL_STR:
		return json_string(cell->str);
	default:
		return json_null();
	}
}

static int rows(const struct fv_table *t, json_t *rows, json_t *na,
		json_t *bounds)
{
	for (size_t r = 0; r < t->nrows; r++) {
		json_t *row = json_object();

		if (!row || json_array_append_new(rows, row))
			return -ENOMEM;
		for (size_t c = 0; c < t->ncols; c++) {
			const struct fv_cell *cell = fv_table_cell(t, r, c);

			if (json_object_set_new(row, t->cols[c].key,
						cell_value(cell)))
				return -ENOMEM;
			if (cell->kind == FV_CELL_NA &&
			    json_array_append_new(
				    na, json_pack("{s:I, s:s, s:s}", "row",
						  (json_int_t) r, "key",
						  t->cols[c].key, "reason",
						  cell->str ? cell->str : "")))
				return -ENOMEM;
			if (cell->kind == FV_CELL_NUM && cell->lower_bound &&
			    json_array_append_new(
				    bounds, json_pack("{s:I, s:s}", "row",
						      (json_int_t) r, "key",
						      t->cols[c].key)))
				return -ENOMEM;
		}
	}
	return 0;
}

static json_t *table(const struct fv_table *t)
{
	json_t *o = json_object(), *r = json_array(), *na = json_array(),
	       *notes = json_array(), *bounds = json_array();

	if (!o || !r || !na || !notes || !bounds || rows(t, r, na, bounds))
		goto fail;
	for (size_t i = 0; i < t->nnotes; i++)
		if (json_array_append_new(notes, json_string(t->notes[i])))
			goto fail;
	if (json_object_set_new(o, "name", json_string(t->name)) ||
	    json_object_set_new(o, "title", json_string(t->title)) ||
	    json_object_set_new(o, "columns", columns(t)) ||
	    json_object_set_new(o, "rows", r) ||
	    json_object_set_new(o, "unavailable", na) ||
	    /* numbers that are lower bounds ("≥"): only when there are */
	    (json_array_size(bounds) &&
	     json_object_set(o, "lower_bounds", bounds)) ||
	    json_object_set_new(o, "notes", notes)) {
		json_decref(o);
		json_decref(bounds);
		return NULL;
	}
	json_decref(bounds);
	return o;
fail:
	json_decref(o);
	json_decref(r);
	json_decref(na);
	json_decref(notes);
	json_decref(bounds);
	return NULL;
}

static json_t *diagnostics(const struct fv_diags *d)
{
	json_t *a = json_array();

	for (size_t i = 0; d && i < d->n && a; i++) {
		const struct fv_diag *g = &d->v[i];
		json_t *o = json_pack("{s:s, s:s?, s:i, s:i, s:s}", "severity",
				      fv_severity_name(g->severity), "file",
				      g->file, "line", g->line, "column",
				      g->column, "message", g->message);

		if (json_array_append_new(a, o)) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static json_t *pct_list(const struct fv_pctlist *pl)
{
	json_t *a = json_array();

	for (size_t i = 0; pl && i < pl->n && a; i++)
		json_array_append_new(a, number(pl->p[i]));
	return a;
}

static int render(FILE *out, const struct fv_report *rep)
{
	json_t *tables = json_array(), *root;
	int ret = 0;

	for (size_t i = 0; i < rep->ntables && tables; i++)
		if (json_array_append_new(tables, table(rep->tables[i])))
			ret = -ENOMEM;
	root = json_pack(
		"{s:s, s:s, s:s, s:o, s:I, s:o, s:o}", "schema",
		FV_REPORT_SCHEMA, "generator", "fioverdict " FV_VERSION,
		"command", rep->command ? rep->command : "", "percentiles",
		pct_list(rep->pcts), "inputs", (json_int_t) rep->ninputs,
		"tables", tables, "diagnostics", diagnostics(rep->diags));
	if (!root || ret) {
		json_decref(root);
		return -ENOMEM;
	}
	if (json_dumpf(root, out, JSON_INDENT(2) | JSON_REAL_PRECISION(15)))
		ret = -EIO;
	else
		fputc('\n', out);
	json_decref(root);
	return ret || ferror(out) ? -EIO : 0;
}

const struct fv_renderer fv_render_json = {
	.name = "json",
	.help = "JSON, schema " FV_REPORT_SCHEMA,
	.machine = true,
	.document = true,
	.render = render,
};
