/* SPDX-License-Identifier: MIT */
/*
 * junit: JUnit XML for CI systems. One testsuite per table, its tests its
 * rows; one testcase per row, its classname the label, its name the job
 * (and host, and check, when the table has them). A row that is a finding
 * (verdict/findings.c: the same rows every format counts) fails, with its
 * sentence as the message; input errors are errored test cases, so that a
 * broken result never passes silently.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/util.h"
#include "verdict/verdict.h"
#include "render.h"

/* Writes row r's column key, escaped. */
static void field(FILE *f, const struct fv_table *t, size_t r, const char *key)
{
	fv_xml_escape(f, fv_table_str(t, r, key));
}

/* The label (a host's fleet), else the table's name. */
static void classname(FILE *f, const struct fv_table *t, size_t r)
{
	const char *label = fv_table_str(t, r, "label"),
		   *fleet = fv_table_str(t, r, "fleet");

	/* "-": the fleet of hosts fio gave no label */
	if (!*label && strcmp(fleet, "-"))
		label = fleet;
	fv_xml_escape(f, *label ? label : t->name);
}

/*
 * The job, host and check ("seq_read: burst"), those the row has; else
 * its label (a row per label); else its first cell that says something
 * ("row 3 read"), else "row 3".
 */
static void name(FILE *f, const struct fv_table *t, size_t r)
{
	static const char *const keys[] = { "job", "host", "check" };
	char first[256] = "";
	bool any = false;

	for (size_t k = 0; k < FV_ARRAY_SIZE(keys); k++) {
		const char *v = fv_table_str(t, r, keys[k]);

		if (!*v)
			continue;
		fputs(any ? ": " : "", f);
		fv_xml_escape(f, v);
		any = true;
	}
	if (any)
		return;
	if (*fv_table_str(t, r, "label")) {
		field(f, t, r, "label");
		return;
	}
	for (size_t c = 0; c < t->ncols && !first[0]; c++) {
		fv_cell_human(first, sizeof(first), &t->cols[c],
			      fv_table_cell(t, r, c));
		if (!strcmp(first, "-") || !strcmp(first, "n/a"))
			first[0] = '\0';
	}
	fprintf(f, "row %zu%s", r + 1, first[0] ? " " : "");
	fv_xml_escape(f, first);
}

static void testcase(FILE *f, const struct fv_table *t, size_t r)
{
	const char *sentence = fv_table_str(t, r, "sentence");

	fputs("    <testcase classname=\"", f);
	classname(f, t, r);
	fputs("\" name=\"", f);
	name(f, t, r);
	fputs("\">\n", f);
	if (fv_is_finding(t, r)) {
		fputs("      <failure type=\"", f);
		field(f, t, r, "verdict");
		fputs("\" message=\"", f);
		field(f, t, r, *sentence ? "sentence" : "verdict");
		fputs("\">", f);
		field(f, t, r, "evidence");
		fputs("</failure>\n", f);
	} else if (fv_table_col(t, "verdict") >= 0) {
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
		fv_xml_escape(f, x->file ? x->file : "the inputs");
		if (x->file && x->line)
			fprintf(f, ":%d", x->line);
		if (x->file && x->line && x->column)
			fprintf(f, ":%d", x->column);
		fputs("\">\n      <error message=\"", f);
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
		struct fv_tally n;

		fputs("  <testsuite name=\"", f);
		fv_xml_escape(f, t->name);
		fv_tally(t, &n);
		fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n",
			n.checks, n.findings);
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
	.document = true,
	.render = render_junit,
};
