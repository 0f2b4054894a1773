/* SPDX-License-Identifier: MIT */
/*
 * junit: JUnit XML for CI systems. One testsuite per table; one testcase
 * per row, named "job: check" (classname the label) for verdict tables,
 * failed when the row's outcome is "fail"; input errors are errored test
 * cases, so that a broken result never passes silently.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "markup.h"
#include "render.h"
#include "diag.h"

static int col(const struct fv_table *t, const char *key)
{
	for (size_t c = 0; c < t->ncols; c++)
		if (!strcmp(t->cols[c].key, key))
			return (int) c;
	return -1;
}

static const char *str(const struct fv_table *t, size_t r, int c)
{
	const struct fv_cell *cell;

	if (c < 0)
		return "";
	cell = fv_table_cell(t, r, (size_t) c);
	return cell->kind == FV_CELL_STR && cell->str ? cell->str : "";
}

static size_t failures(const struct fv_table *t)
{
	int oc = col(t, "outcome");
	size_t n = 0;

	for (size_t r = 0; r < t->nrows; r++)
		n += !strcmp(str(t, r, oc), "fail");
	return n;
}

static void testcase(FILE *f, const struct fv_table *t, size_t r)
{
	int lab = col(t, "label"), job = col(t, "job"), chk = col(t, "check");
	int ver = col(t, "verdict"), ev = col(t, "evidence");
	int sen = col(t, "sentence"), oc = col(t, "outcome");
	char first[64];

	fputs("    <testcase classname=\"", f);
	fv_markup_escape(f, lab >= 0 ? str(t, r, lab) : t->name);
	fputs("\" name=\"", f);
	if (job >= 0) {
		fv_markup_escape(f, str(t, r, job));
		fputs(": ", f);
		fv_markup_escape(f, str(t, r, chk));
	} else {
		fv_cell_human(first, sizeof(first), &t->cols[0],
			      fv_table_cell(t, r, 0));
		fprintf(f, "row %zu ", r + 1);
		fv_markup_escape(f, first);
	}
	fputs("\">\n", f);
	if (!strcmp(str(t, r, oc), "fail")) {
		fputs("      <failure type=\"", f);
		fv_markup_escape(f, str(t, r, ver));
		fputs("\" message=\"", f);
		fv_markup_escape(f, str(t, r, sen));
		fputs("\">", f);
		fv_markup_escape(f, str(t, r, ev));
		fputs("</failure>\n", f);
	} else if (ver >= 0) {
		fputs("      <system-out>", f);
		fv_markup_escape(f, str(t, r, ver));
		fputs(": ", f);
		fv_markup_escape(f, str(t, r, sen));
		fputs(" (", f);
		fv_markup_escape(f, str(t, r, ev));
		fputs(")</system-out>\n", f);
	}
	fputs("    </testcase>\n", f);
}

static void inputs_suite(FILE *f, const struct fv_diags *d)
{
	size_t n = 0;

	for (size_t i = 0; d && i < d->n; i++)
		n += d->v[i].severity == FV_ERROR;
	if (!n)
		return;
	fprintf(f,
		"  <testsuite name=\"inputs\" tests=\"%zu\" failures=\"0\" "
		"errors=\"%zu\">\n",
		n, n);
	for (size_t i = 0; i < d->n; i++) {
		const struct fv_diag *x = &d->v[i];

		if (x->severity != FV_ERROR)
			continue;
		fputs("    <testcase classname=\"inputs\" name=\"", f);
		fv_markup_escape(f, x->file ? x->file : "(inputs)");
		fprintf(f, ":%d:%d\">\n      <error message=\"", x->line,
			x->column);
		fv_markup_escape(f, x->message);
		fputs("\"/>\n    </testcase>\n", f);
	}
	fputs("  </testsuite>\n", f);
}

static int render_junit(FILE *f, const struct fv_report *rep)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "
	      "name=\"fioverdict ",
	      f);
	fv_markup_escape(f, rep->command);
	fputs("\">\n", f);
	for (size_t i = 0; i < rep->ntables; i++) {
		const struct fv_table *t = rep->tables[i];

		fputs("  <testsuite name=\"", f);
		fv_markup_escape(f, t->name);
		fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n",
			t->nrows, failures(t));
		for (size_t r = 0; r < t->nrows; r++)
			testcase(f, t, r);
		fputs("  </testsuite>\n", f);
	}
	inputs_suite(f, rep->diags);
	fputs("</testsuites>\n", f);
	return ferror(f) ? -EIO : 0;
}

const struct fv_renderer fv_render_junit = {
	.name = "junit",
	.help = "JUnit XML: a test case per row, failed verdicts fail",
	.machine = false,
	.render = render_junit,
};
