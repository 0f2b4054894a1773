/* SPDX-License-Identifier: MIT */
/*
 * fioverdict report INPUT... -o report.html: the suite's tables, then
 * charts (html/, SVG written from the data), then one self-contained page.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"
#include "html/html.h"

struct report_opts {
	const char *title;
	uint64_t fail_on; /* --fail-on: bit per enum fv_verdict */
	bool history;	  /* --history: the inputs are a history's runs */
	bool interactive; /* --interactive: the browser's page around it */
	char *web_page;	  /* --interactive: the page (html/interactive.c) */
	/* report_main's: the page runs the command line again */
	char *const *argv;
	size_t argc;
};

FV_OPT_FIELD(at_title, const char *, struct report_opts, title)
FV_OPT_FIELD(at_fail_on, uint64_t, struct report_opts, fail_on)
FV_OPT_FIELD(at_history, bool, struct report_opts, history)
FV_OPT_FIELD(at_interactive, bool, struct report_opts, interactive)

static const struct fv_option report_opts[] = {
	FV_OPT_STRING("title", 0, "TEXT",
		      "page title (default: the tools that made the\n"
		      "results, \"fio and DiskSpd results: ...\")",
		      at_title),
	FV_OPT_U64(
		"fail-on", 0, "LIST",
		"exit 1 when one of these verdicts occurs\n(comma-separated)",
		fv_set_fail_on, at_fail_on),
	FV_OPT_BOOL("history", 0,
		    "the inputs are a history's runs: its table and\nchart "
		    "(fioverdict history)",
		    at_history),
	FV_OPT_BOOL("interactive", 0,
		    "the page of make web around the report, its inputs\n"
		    "inside: whoever opens it can drop their own results\n"
		    "beside them, offline (about 1 MB more)",
		    at_interactive),
	FV_OPT_END,
};

/* The report, inside the browser's page (--interactive). 0 or -errno. */
static int write_interactive(FILE *out, const struct fv_cmdline *c,
			     const struct fv_page *p)
{
	const struct report_opts *ro = c->own;
	struct fv_interactive in = { .page = ro->web_page,
				     .argv = ro->argv,
				     .argc = ro->argc,
				     .inputs = c->inputs,
				     .ninputs = c->ninputs };
	struct fv_error err = { 0 };
	char *text = NULL;
	FILE *m = open_memstream(&text, &in.report_len);
	int ret = m ? fv_html_write(m, p) : -ENOMEM;

	if (m && fclose(m) && !ret)
		ret = -ENOMEM;
	in.report = text;
	if (!ret)
		ret = fv_html_interactive(out, &in, &err);
	if (ret && err.status)
		fv_error_print(&err, "fioverdict report: --interactive",
			       c->err);
	free(text);
	return ret;
}

static int write_page(const struct fv_cmdline *c, const struct fv_page *p)
{
	const struct report_opts *ro = c->own;
	struct fv_output o;
	int ret = fv_output_open(&o, c->output, c->out, c->err);

	if (ret)
		return ret;
	return fv_output_close(&o,
			       ro->interactive ? write_interactive(o.f, c, p)
					       : fv_html_write(o.f, p),
			       c->err);
}

/* The charts of the page: 0 or -ENOMEM. */
static int charts(struct fv_charts *ch, const struct fv_page *page,
		  struct fv_suite *s, const struct fv_report *rep)
{
	int ret = fv_charts_build(ch, &s->set, &s->logs, page->verdicts);

	if (!ret)
		ret = fv_charts_hosts(ch, fv_report_table(rep, "hosts"));
	if (!ret)
		ret = fv_charts_replay(ch, fv_report_table(rep, "replay"));
	if (!ret)
		ret = fv_charts_runs(ch, &s->set);
	if (!ret)
		ret = fv_charts_history(ch,
					fv_report_table(rep, "history-runs"),
					fv_report_table(rep, "history"));
	return ret ? ret : fv_charts_draw(ch);
}

/*
 * As verdict's: the page's own problem first (73, 74), then a broken
 * input (2), a --fail-on verdict (1).
 */
static int status_of(int written, const struct fv_suite *s)
{
	if (written)
		return written;
	if (s->set.diags.nerrors)
		return FV_EXIT_INPUT;
	if (s->failed)
		return FV_EXIT_VERDICT;
	return 0;
}

/* The page's title names the tools that made its results. */
static const char *title(char *buf, size_t len, const struct fv_set *set)
{
	unsigned tools = 0;
	char names[64];

	for (size_t i = 0; i < set->njobs; i++)
		tools |= fv_tool_of(set->jobs[i]);
	fv_tool_names(names, sizeof(names), tools ? tools : FV_TOOL_FIO);
	snprintf(buf, len, "%s results: verdicts, charts and tables", names);
	return buf;
}

static int build(const struct fv_cmdline *c, struct fv_suite *s)
{
	const struct report_opts *ro = c->own;
	struct fv_report rep = { .command = "report", .pcts = &c->show };
	struct fv_charts ch = { 0 };
	struct fv_page page = { .title = ro->title,
				.rep = &rep,
				.charts = &ch,
				.diags = &s->set.diags,
				.set = &s->set };
	struct fv_load_opts in = fv_load_opts_of(c);
	char t[160];
	int ret, status;

	s->runs = c->runs;
	s->ao.skus = c->ao.skus;
	s->vo.skus = c->ao.skus;
	s->vo.fail_on = ro->fail_on;
	ret = fv_suite_run(s, &in, fv_report_tables, &rep);
	if (!ret && ro->history)
		ret = fv_history(&(struct fv_verdict_in){ .set = &s->set,
							  .ao = &s->ao,
							  .o = &s->vo },
				 FV_HIST_TIME, true, &rep, &s->failed);
	if (!ro->title)
		page.title = title(t, sizeof(t), &s->set);
	page.verdicts = fv_report_table(&rep, "verdict");
	if (!ret)
		ret = charts(&ch, &page, s, &rep);
	fv_print_diags(&s->set.diags, c->verbosity, c->err);
	if (ret == -EINVAL)
		status = FV_EXIT_USAGE;
	else if (ret < 0) {
		fputs("fioverdict report: out of memory\n", c->err);
		status = FV_EXIT_SOFTWARE;
	} else
		status = status_of(write_page(c, &page), s);
	fv_charts_free(&ch);
	fv_report_free(&rep);
	return status;
}

/* --interactive: the page of make web, found before any work. */
static int find_web_page(const struct fv_cmdline *c, struct report_opts *ro,
			 int argc, char **argv)
{
	struct fv_error err = { 0 };

	if (fv_web_page(&ro->web_page, &err)) {
		fv_error_print(&err, "fioverdict report: --interactive",
			       c->err);
		return FV_EXIT_UNAVAILABLE;
	}
	ro->argv = argv;
	ro->argc = (size_t) argc;
	return 0;
}

static int report_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct report_opts ro = { 0 };
	struct fv_pctlist compute;
	struct fv_cmdline c;
	struct fv_suite s;
	int ret;

	fv_cmdline_init(&c, inv);
	c.own = &ro;
	ret = fv_cmdline_parse(&c, argc, argv);
	if (!ret && !c.done && !c.ninputs)
		ret = fv_usage_error(&c, "%s", "no input given");
	if (!ret && !c.done)
		ret = fv_skus_resolve(&c);
	if (!ret && !c.done && ro.interactive)
		ret = find_web_page(&c, &ro, argc, argv);
	if (!ret && !c.done) {
		compute = c.show;
		fv_pctlist_add(&compute, 99);
		fv_pctlist_add(&compute, 99.9);
		fv_report_curve_pcts(&compute);
		fv_suite_init(&s, &c.show, &compute);
		ret = build(&c, &s);
		fv_suite_free(&s);
	}
	fv_cmdline_free(&c);
	free(ro.web_page);
	return ret;
}

const struct fv_command fv_cmd_report = {
	.name = "report",
	.help = "self-contained HTML page: verdicts, charts, tables",
	.synopsis = "report [OPTION]... INPUT... -o report.html",
	.after = "INPUT: fio results, files or directories (e.g. the runs of "
		 "'fioverdict run').\nThe page is written whenever it can be: "
		 "a chart with nothing to draw is left\nout with a line saying "
		 "why. Charts are SVG, drawn by fioverdict itself;\nhovering a "
		 "point shows its values.\nExit status: 0 ok, 1 a --fail-on "
		 "verdict occurred, 2 an input is broken or\nno fio result, 64 "
		 "usage, 69 --interactive without the page of make web, 70 "
		 "internal error\n(out of memory), 73 the output cannot be "
		 "created, 74 it cannot be written.\n",
	.options =
		(const struct fv_option *const[]){ fv_opts_common, fv_opts_runs,
						   report_opts, fv_opts_sku,
						   fv_opts_catalog, NULL },
	.main = report_main,
};
