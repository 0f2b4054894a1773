/* SPDX-License-Identifier: MIT */
/*
 * fioverdict report INPUT... -o report.html: the suite's tables, then
 * charts (html/, gnuplot's SVG), then one self-contained page.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"
#include "html/html.h"

struct report_opts {
	const char *title;
};

static const struct fv_option report_opts[] = {
	FV_OPT_AT("title", 0, "TEXT", "page title", fv_set_string,
		  offsetof(struct report_opts, title), 0, 0),
	FV_OPT_END,
};

static int write_page(const struct fv_cmdline *c, const struct fv_page *p)
{
	struct fv_output o;
	int ret = fv_output_open(&o, c->output, c->out, c->err);

	if (ret)
		return ret;
	return fv_output_close(&o, fv_html_write(o.f, p), c->err);
}

static int draw(struct fv_charts *ch, const char **note, FILE *err)
{
	int ret = fv_charts_draw(ch, err);

	if (ret == -ENOENT) {
		*note = "gnuplot not found on PATH: charts left out "
			"(Debian: apt-get install gnuplot-nox)";
		fprintf(err, "fioverdict report: %s\n", *note);
		return FV_EXIT_UNAVAILABLE;
	}
	if (ret) {
		*note = "gnuplot failed: charts left out";
		fprintf(err, "fioverdict report: %s (%s)\n", *note,
			strerror(-ret));
		return FV_EXIT_SOFTWARE;
	}
	return 0;
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
	int ret, status = 0;

	s->runs = c->runs;
	s->ao.skus = c->ao.skus;
	s->vo.skus = c->ao.skus;
	ret = fv_suite_run(s, &in, fv_report_tables, &rep);

	page.verdicts = fv_report_table(&rep, "verdict");
	if (!ret)
		ret = fv_charts_build(&ch, &s->set, &s->logs, page.verdicts);
	if (!ret)
		ret = fv_charts_hosts(&ch, fv_report_table(&rep, "hosts"));
	if (!ret)
		ret = fv_charts_runs(&ch, &s->set);
	if (!ret)
		status = draw(&ch, &page.chart_note, c->err);
	fv_print_diags(&s->set.diags, c->verbosity, c->err);
	if (ret)
		status = ret == -EINVAL ? FV_EXIT_USAGE : FV_EXIT_SOFTWARE;
	else if (status != FV_EXIT_SOFTWARE)
		status = write_page(c, &page) ?: status;
	if (!status && s->set.diags.nerrors)
		status = FV_EXIT_INPUT;
	fv_charts_free(&ch);
	fv_report_free(&rep);
	return status;
}

static int report_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct report_opts ro = {
		.title = "fio results: verdicts, charts and tables"
	};
	struct fv_pctlist compute;
	struct fv_cmdline c;
	struct fv_suite s;
	int ret;

	fv_cmdline_init(&c, inv);
	c.own = &ro;
	c.own_usage = true;
	ret = fv_cmdline_parse(&c, argc, argv);
	if (!ret && !c.done && !c.ninputs)
		ret = fv_usage_error(&c, "%s", "no input given");
	if (!ret && !c.done)
		ret = fv_skus_resolve(&c);
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
	return ret;
}

const struct fv_command fv_cmd_report = {
	.name = "report",
	.help = "self-contained HTML page: verdicts, charts, tables",
	.synopsis = "report [OPTION]... INPUT... -o report.html",
	.after = "INPUT: fio results, files or directories (e.g. the runs of "
		 "'fioverdict run').\nExit status: 0 ok, 2 an input is broken "
		 "or no fio result, 64 usage,\n69 gnuplot not found (the page "
		 "is written without charts), 70 internal\nerror, 73 the "
		 "output cannot be created, 74 it cannot be written.\n",
	.options =
		(const struct fv_option *const[]){ fv_opts_common, fv_opts_runs,
						   report_opts, fv_opts_sku,
						   fv_opts_catalog, NULL },
	.main = report_main,
};
