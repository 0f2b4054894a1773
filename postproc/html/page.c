/* SPDX-License-Identifier: MIT */
/*
 * The HTML page: the comparison table (the question people came with),
 * the findings, the charts, every other table, the diagnostics. No script, no
 * external file: CSS and SVG are inline, so the page opens anywhere and prints.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "render/render.h"
#include "util/util.h"
#include "verdict/verdict.h"
#include "chart.h"

static const char css[] =
	"body{font-family:'DejaVu Sans',sans-serif;margin:2em auto;"
	"max-width:1100px;box-sizing:border-box;padding:0 "
	"1em;color:#111;background:#fff;line-height:1.4}"
	"h1{font-size:1.6em}h2{border-bottom:2px solid #333;margin-top:2em}"
	"table{border-collapse:collapse;margin:0.8em 0;font-size:0.9em}"
	"th,td{border:1px solid #999;padding:2px 8px}"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}"
	"th{background:#e8e8e8}"
	"figure{margin:1.5em 0;page-break-inside:avoid}"
	"figcaption{font-size:0.85em;color:#333;max-width:760px}"
	"tr.fail td.vn::before{content:'\\2717  '}"
	"tr.warn td.vn::before{content:'\\26A0  '}"
	"tr.pass td.vn::before{content:'\\2713  '}"
	"td.vn{white-space:nowrap;font-weight:bold}"
	/* long labels, job lists and paths wrap inside the page's width */
	"table.v{width:100%;table-layout:fixed}"
	"table.v td{overflow-wrap:anywhere}"
	"col.label{width:20%}col.vn{width:13em}col.jobs{width:18%}"
	"ul.ran-on{list-style:none;padding-left:1em}"
	"div.tw{overflow-x:auto}"
	"pre{white-space:pre-wrap;overflow-wrap:anywhere}"
	".ev{color:#444;font-size:0.9em}"
	"summary{cursor:pointer;margin:0.5em 0}"
	"p.left-out{color:#444;font-style:italic}"
	"@media print{body{margin:0;max-width:none}h2{page-break-after:"
	"avoid}details{display:block}}";

/* A cell of a table, escaped. */
static void cell(FILE *f, const struct fv_table *t, size_t r, const char *key)
{
	fv_xml_escape(f, fv_table_str(t, r, key));
}

/* A column of a verdicts table: its key, its <col> class (or none), title. */
struct vcol {
	const char *key, *cls, *title;
};

#define NVCOLS 5

/* A verdicts table's opening: its columns' widths, then their titles. */
static void vhead(FILE *f, const struct vcol *c)
{
	fputs("<table class=\"v\"><colgroup>", f);
	for (size_t i = 0; i < NVCOLS; i++)
		if (c[i].cls)
			fprintf(f, "<col class=\"%s\">", c[i].cls);
		else
			fputs("<col>", f);
	fputs("</colgroup>\n<tr>", f);
	for (size_t i = 0; i < NVCOLS; i++)
		fprintf(f, "<th>%s</th>", c[i].title);
	fputs("</tr>\n", f);
}

/* A row's cells, then its end: the verdict's and the evidence's styled. */
static void vcells(FILE *f, const struct fv_table *t, size_t r,
		   const struct vcol *c)
{
	for (size_t i = 0; i < NVCOLS; i++) {
		fputs(!strcmp(c[i].key, "verdict")    ? "<td class=\"vn\">"
		      : !strcmp(c[i].key, "evidence") ? "<td class=\"ev\">"
						      : "<td>",
		      f);
		cell(f, t, r, c[i].key);
		fputs("</td>", f);
	}
	fputs("</tr>\n", f);
}

/*
 * The findings (verdict/findings.c), the outcome each row's class (its mark
 * and its title); or, passing, every passing check of t, folded.
 */
static void verdict_rows(FILE *f, const struct fv_table *t, bool passing)
{
	static const struct vcol cols[2][NVCOLS] = {
		{
			{ "label", "label", "Label" },
			{ "verdict", "vn", "Verdict" },
			{ "jobs", "jobs", "Jobs" },
			{ "finding", NULL, "Finding" },
			{ "evidence", NULL, "Evidence" },
		},
		{
			{ "label", "label", "Label" },
			{ "job", "jobs", "Job" },
			{ "verdict", "vn", "Verdict" },
			{ "sentence", NULL, "Meaning" },
			{ "evidence", NULL, "Evidence" },
		},
	};

	vhead(f, cols[passing]);
	for (size_t r = 0; r < t->nrows; r++) {
		if (passing && fv_is_finding(t, r))
			continue;
		if (passing) {
			fputs("<tr class=\"pass\">", f);
		} else {
			/* its mark and its title */
			fputs("<tr class=\"", f);
			cell(f, t, r, "outcome");
			fputs("\" title=\"", f);
			cell(f, t, r, "outcome");
			fputs("\">", f);
		}
		vcells(f, t, r, cols[passing]);
	}
	fputs("</table>\n", f);
}

/*
 * The findings first; the passing checks folded (no script). 0, or
 * -ENOMEM: a page without its findings is not the report, so out of
 * memory is an error, not "No verdicts".
 */
static int verdicts(FILE *f, const struct fv_page *p)
{
	const struct fv_table *t = p->verdicts;
	struct fv_table *fd = NULL;
	struct fv_tally n;
	char *tally = NULL;
	int ret;

	fputs("<h2 id=\"findings\">Findings</h2>\n", f);
	if (!t) {
		fputs("<p>No verdicts: only the tables and charts "
		      "follow.</p>\n",
		      f);
		return 0;
	}
	ret = fv_findings(t, &fd);
	if (!ret && !(tally = fv_tally_text(t)))
		ret = -ENOMEM;
	if (ret)
		goto out;
	fv_tally(t, &n);
	/* verdict/findings.c's sentence, as text and md say it */
	fputs("<p class=\"tally\">", f);
	fv_xml_escape(f, tally);
	fputs(".</p>\n", f);
	if (fd->nrows)
		verdict_rows(f, fd, false);
	if (n.checks > n.findings) {
		fprintf(f, "<details><summary>%zu passing checks</summary>\n",
			n.checks - n.findings);
		verdict_rows(f, t, true);
		fputs("</details>\n", f);
	}
out:
	fv_table_free(fd);
	free(tally);
	return ret;
}

/* A chart not drawn, in its place: its title and why. */
static void left_out(FILE *f, const struct fv_chart *ch)
{
	fputs("<p class=\"left-out\"><b>", f);
	fv_xml_escape(f, ch->title);
	fputs("</b>: left out: ", f);
	fv_xml_escape(f, ch->left_out);
	fputs("</p>\n", f);
}

static void charts(FILE *f, const struct fv_page *p)
{
	fputs("<h2 id=\"charts\">Charts</h2>\n", f);
	for (size_t i = 0; p->charts && i < p->charts->n; i++) {
		const struct fv_chart *ch = &p->charts->v[i];

		if (ch->left_out[0])
			left_out(f, ch);
		if (!ch->svg)
			continue;
		fprintf(f,
			"<figure class=\"fv-chart\" data-w=\"%d\" "
			"data-h=\"%d\">\n%s\n<figcaption>",
			FV_CHART_W, FV_CHART_H, ch->svg);
		fv_xml_escape(f, ch->caption);
		fputs("</figcaption></figure>\n", f);
	}
}

/* The charts drawn. */
static size_t drawn(const struct fv_charts *c)
{
	size_t n = 0;

	for (size_t i = 0; c && i < c->n; i++)
		n += c->v[i].svg != NULL;
	return n;
}

struct na_ctx {
	FILE *f;
};

static void na_reason(void *ctx, const char *reason)
{
	struct na_ctx *c = ctx;

	fputs("<li>n/a: ", c->f);
	fv_xml_escape(c->f, reason);
	fputs("</li>\n", c->f);
}

static void table(FILE *f, const struct fv_table *t,
		  const struct fv_ran_list *ran)
{
	static const struct fv_markup th = { "<th>", "<th>", "</th>",
					     fv_xml_escape };
	static const struct fv_markup td = { "<td>", "<td class=n>", "</td>",
					     fv_xml_escape };
	struct na_ctx nc = { f };

	fputs("<h3>", f);
	fv_xml_escape(f, t->title);
	/* a table of many columns scrolls on its own, the page stays */
	fputs("</h3>\n<div class=\"tw\"><table><tr>", f);
	fv_markup_cells(f, t, FV_HEAD, &th);
	fputs("</tr>\n", f);
	for (size_t r = 0; r < t->nrows; r++) {
		fputs("<tr>", f);
		fv_markup_cells(f, t, r, &td);
		fputs("</tr>\n", f);
	}
	fputs("</table></div>\n<ul>\n", f);
	for (size_t i = 0; i < t->nnotes; i++) {
		if (fv_ran_is_note(ran, t->notes[i]))
			continue; /* the page's head says it, once */
		fputs("<li>", f);
		fv_xml_escape(f, t->notes[i]);
		fputs("</li>\n", f);
	}
	fv_table_na_reasons(t, false, na_reason, &nc);
	fputs("</ul>\n", f);
}

static void diagnostics(FILE *f, const struct fv_diags *d)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	if (!d || !d->n)
		return;
	m = open_memstream(&buf, &len);
	if (!m)
		return;
	fv_diag_print(d, m, FV_WARNING);
	fclose(m);
	if (len) {
		fputs("<h2 id=\"diagnostics\">Diagnostics</h2>\n<pre>", f);
		fv_xml_escape(f, buf);
		fputs("</pre>\n", f);
	}
	free(buf);
}

/* What the runs were on, once, under the title: a line per machine. */
static void ran_on(FILE *f, const struct fv_ran_list *ran)
{
	if (!ran->n)
		return;
	fputs("<p>Ran on:</p>\n<ul class=\"ran-on\">\n", f);
	for (size_t i = 0; i < ran->n; i++) {
		fputs("<li><b>", f);
		fv_xml_escape(f, ran->v[i].labels);
		fputs("</b>: ", f);
		fv_xml_escape(f, ran->v[i].line);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
}

int fv_html_write(FILE *f, const struct fv_page *p)
{
	char when[64];
	time_t now = fv_output_time();
	struct tm tm;
	struct fv_ran_list ran = { 0 };
	int ret;

	/* out of memory: no head, and every table keeps its own notes */
	if (p->set && fv_ran_add(&ran, p->set))
		fv_ran_free(&ran);
	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", &tm);
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta "
	      "charset=\"utf-8\">\n<title>",
	      f);
	fv_xml_escape(f, p->title);
	fprintf(f,
		"</title>\n<style>%s</style></head>\n<body "
		"data-fv-charts=\"%zu\">\n<h1>",
		css, drawn(p->charts));
	fv_xml_escape(f, p->title);
	fprintf(f, "</h1>\n<p>fioverdict %s, %s; %zu result files.</p>\n",
		FV_VERSION, when, p->rep->ninputs);
	ran_on(f, &ran);
	/* The question people came with: how the labels compare. */
	if (fv_report_table(p->rep, "compare"))
		table(f, fv_report_table(p->rep, "compare"), &ran);
	ret = verdicts(f, p);
	if (ret)
		goto out;
	charts(f, p);
	fputs("<h2 id=\"tables\">Tables</h2>\n", f);
	for (size_t i = 0; i < p->rep->ntables; i++)
		if (p->rep->tables[i] != p->verdicts &&
		    strcmp(p->rep->tables[i]->name, "compare"))
			table(f, p->rep->tables[i], &ran);
	diagnostics(f, p->diags);
	fputs("</body></html>\n", f);
	ret = ferror(f) ? -EIO : 0;
out:
	fv_ran_free(&ran);
	return ret;
}
