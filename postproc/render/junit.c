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

#include "util/util.h"
#include "render.h"

static size_t failures(const struct fv_table *t)
{
	size_t n = 0;

	for (size_t r = 0; r < t->nrows; r++)
		n += !strcmp(fv_table_str(t, r, "outcome"), "fail");
	return n;
}

/* Writes row r's column key, escaped. */
static void field(FILE *f, const struct fv_table *t, size_t r, const char *key)
{
	fv_xml_escape(f, fv_table_str(t, r, key));
}

static void testcase(FILE *f, const struct fv_table *t, size_t r)
{
	bool verdicts = fv_table_col(t, "verdict") >= 0;
	char first[64];

	fputs("    <testcase classname=\"", f);
	fv_xml_escape(f, fv_table_col(t, "label") >= 0
				 ? fv_table_str(t, r, "label")
				 : t->name);
	fputs("\" name=\"", f);
	if (fv_table_col(t, "job") >= 0) {
		field(f, t, r, "job");
		fputs(": ", f);
		field(f, t, r, "check");
	} else {
		fv_cell_human(first, sizeof(first), &t->cols[0],
			      fv_table_cell(t, r, 0));
		fprintf(f, "row %zu ", r + 1);
		fv_xml_escape(f, first);
	}
	fputs("\">\n", f);
	if (!strcmp(fv_table_str(t, r, "outcome"), "fail")) {
		fputs("      <failure type=\"", f);
		field(f, t, r, "verdict");
		fputs("\" message=\"", f);
		field(f, t, r, "sentence");
		fputs("\">", f);
		field(f, t, r, "evidence");
		fputs("</failure>\n", f);
	} else if (verdicts) {
		fputs("      <system-out>", f);
		field(f, t, r, "verdict");
		fputs(": ", f);
		field(f, t, r, "sentence");
		fputs(" (", f);
		field(f, t, r, "evidence");
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
		fv_xml_escape(f, x->file ? x->file : "(inputs)");
		fprintf(f, ":%d:%d\">\n      <error message=\"", x->line,
			x->column);
		fv_xml_escape(f, x->message);
		fputs("\"/>\n    </testcase>\n", f);
	}
	fputs("  </testsuite>\n", f);
}

static int render_junit(FILE *f, const struct fv_report *rep)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "
	      "name=\"fioverdict ",
	      f);
	fv_xml_escape(f, rep->command);
	fputs("\">\n", f);
	for (size_t i = 0; i < rep->ntables; i++) {
		const struct fv_table *t = rep->tables[i];

		fputs("  <testsuite name=\"", f);
		fv_xml_escape(f, t->name);
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
