/* SPDX-License-Identifier: MIT */
/* fioverdict report: command line, then ingest -> tables -> charts -> page. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report.h"
#include "report_int.h"
#include "suite.h"
#include "verdict.h"

enum { OPT_TITLE = 256 };

struct rcli {
	const char *output;
	const char *title;
	struct fv_label_rule labels[64];
	size_t nlabels;
	struct fv_role_override roles[64];
	size_t nroles;
	struct fv_pctlist show;
	int verbosity;
	char **inputs;
	size_t ninputs;
};

static const struct option ropts[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "label", required_argument, NULL, 'l' },
	{ "role", required_argument, NULL, 'r' },
	{ "percentiles", required_argument, NULL, 'p' },
	{ "title", required_argument, NULL, OPT_TITLE },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static void rusage(FILE *out)
{
	fputs("Usage: fioverdict report [OPTION]... INPUT... -o report.html\n"
	      "One self-contained HTML page: verdicts, charts (gnuplot SVG) "
	      "and tables\nof fio results (files or directories, e.g. the "
	      "runs of 'fioverdict run').\n\n"
	      "  -o, --output FILE       the page (default: standard output)\n"
	      "  -l, --label NAME=PATH   label for inputs at or under PATH\n"
	      "  -r, --role JOB=ROLE     role of the jobs named JOB\n"
	      "  -p, --percentiles LIST  percentiles in the tables\n"
	      "      --title TEXT        page title\n"
	      "  -q, --quiet / -v, --verbose\n\n"
	      "Exit status: 0 ok, 2 an input is broken or no fio result, 64 "
	      "usage,\n69 gnuplot not found (the page is written without "
	      "charts), 70 internal\nerror, 73 the output cannot be created, "
	      "74 it cannot be written.\n",
	      out);
}

static int bad(FILE *err, const char *what, const char *arg)
{
	fprintf(err,
		"fioverdict report: %s: '%s'\nTry 'fioverdict report "
		"--help'.\n",
		what, arg);
	return FV_EXIT_USAGE;
}

static int one(struct rcli *c, int opt, char *arg, FILE *out, FILE *err)
{
	switch (opt) {
	case 'o':
		c->output = arg;
		return 0;
	case 'l':
		if (c->nlabels == 64 ||
		    fv_label_rule_parse(&c->labels[c->nlabels], arg))
			return bad(err, "--label: expected NAME=PATH", arg);
		c->nlabels++;
		return 0;
	case 'r':
		if (c->nroles == 64 ||
		    fv_role_override_parse(&c->roles[c->nroles], arg))
			return bad(err, "--role: expected JOB=ROLE", arg);
		c->nroles++;
		return 0;
	case 'p':
		return fv_pctlist_parse(&c->show, arg)
			       ? bad(err, "--percentiles: bad list", arg)
			       : 0;
	case OPT_TITLE:
		c->title = arg;
		return 0;
	case 'q':
		c->verbosity = -1;
		return 0;
	case 'v':
		c->verbosity = 1;
		return 0;
	case 'h':
		rusage(out);
		return -1;
	default:
		fputs("Try 'fioverdict report --help'.\n", err);
		return FV_EXIT_USAGE;
	}
}

static int parse(struct rcli *c, int argc, char **argv, FILE *out, FILE *err)
{
	int opt, ret;

	fv_pctlist_default(&c->show);
	c->title = "fio results: verdicts, charts and tables";
	optind = 0;
	opterr = 1;
	while ((opt = getopt_long(argc, argv, "o:l:r:p:qvh", ropts, NULL)) !=
	       -1) {
		ret = one(c, opt, optarg, out, err);
		if (ret)
			return ret;
	}
	c->inputs = argv + optind;
	c->ninputs = (size_t) (argc - optind);
	if (!c->ninputs) {
		fputs("fioverdict report: no input given\nTry 'fioverdict "
		      "report --help'.\n",
		      err);
		return FV_EXIT_USAGE;
	}
	return 0;
}

/* The table the verdict analysis added, found by its columns. */
static const struct fv_table *verdict_table(const struct fv_report *rep)
{
	for (size_t i = 0; i < rep->ntables; i++) {
		const struct fv_table *t = rep->tables[i];
		bool v = false, s = false;

		for (size_t c = 0; c < t->ncols; c++) {
			v = v || !strcmp(t->cols[c].key, "verdict");
			s = s || !strcmp(t->cols[c].key, "sentence");
		}
		if (v && s)
			return t;
	}
	return NULL;
}

static int write_page(const struct rcli *c, const struct fv_page *p, FILE *out,
		      FILE *err)
{
	FILE *f = c->output && strcmp(c->output, "-") ? fopen(c->output, "w")
						      : out;
	int ret;

	if (!f) {
		fprintf(err, "fioverdict report: %s: %s\n", c->output,
			strerror(errno));
		return FV_EXIT_CANTCREAT;
	}
	ret = fv_html_write(f, p);
	if ((f != out ? fclose(f) : fflush(f)) || ret) {
		fprintf(err, "fioverdict report: cannot write the page\n");
		return FV_EXIT_IOERR;
	}
	return 0;
}

static int draw(struct fv_charts *ch, const char **note, FILE *err)
{
	int ret = fv_charts_draw(ch, err);

	if (ret == -ENOENT) {
		*note = "gnuplot not found on PATH: charts left out "
			"(Debian: apt-get install gnuplot-nox)";
		fprintf(err, "fioverdict report: %s\n", *note);
		return FV_REPORT_NO_GNUPLOT;
	}
	if (ret) {
		*note = "gnuplot failed: charts left out";
		fprintf(err, "fioverdict report: %s (%s)\n", *note,
			strerror(-ret));
		return FV_EXIT_SOFTWARE;
	}
	return 0;
}

static int build(const struct rcli *c, struct fv_set *set, FILE *out, FILE *err)
{
	struct fv_report rep = { .command = "report", .pcts = &c->show };
	struct fv_aopts ao = { .show = &c->show,
			       .lat = FV_CLAT,
			       .of_role = FV_ROLE_STEADY,
			       .of_dir = FV_DIR_WRITE };
	struct fv_vopts vo;
	struct fv_charts ch = { 0 };
	struct fv_page page = { .title = c->title,
				.rep = &rep,
				.charts = &ch,
				.diags = &set->diags };
	int ret = fv_suite_load(set,
				&(struct fv_suite_in){ .paths = c->inputs,
						       .npaths = c->ninputs,
						       .labels = c->labels,
						       .nlabels = c->nlabels,
						       .roles = c->roles,
						       .nroles = c->nroles });
	int status = 0;

	fv_vopts_init(&vo);
	ao.verdict = &vo;
	if (!ret)
		ret = fv_suite_logs(&vo.ts, set);
	if (!ret)
		ret = fv_suite_analyse(set, &ao, fv_suite_tables, &rep);
	page.verdicts = verdict_table(&rep);
	if (!ret)
		ret = fv_charts_build(&ch, set, &vo.ts, page.verdicts);
	rep.ninputs = set->ninputs;
	if (!ret)
		status = draw(&ch, &page.chart_note, err);
	fv_diag_print(&set->diags, err,
		      c->verbosity < 0	  ? FV_ERROR
		      : c->verbosity == 0 ? FV_WARNING
					  : FV_NOTE);
	if (ret)
		status = ret == -EINVAL ? FV_EXIT_USAGE : FV_EXIT_SOFTWARE;
	else if (status != FV_EXIT_SOFTWARE)
		status = write_page(c, &page, out, err) ?: status;
	if (!status && set->diags.nerrors)
		status = FV_EXIT_INPUT;
	fv_charts_free(&ch);
	fv_vopts_free(&vo);
	fv_report_free(&rep);
	return status;
}

int fv_report_main(int argc, char **argv, FILE *out, FILE *err)
{
	struct rcli *c = calloc(1, sizeof(*c));
	struct fv_set set;
	struct fv_pctlist compute;
	int ret;

	if (!c)
		return FV_EXIT_SOFTWARE;
	ret = parse(c, argc, argv, out, err);
	if (!ret) {
		compute = c->show;
		fv_pctlist_add(&compute, 99);
		fv_pctlist_add(&compute, 99.9);
		fv_report_curve_pcts(&compute);
		fv_set_init(&set, &compute);
		ret = build(c, &set, out, err);
		fv_set_free(&set);
	}
	for (size_t i = 0; i < c->nlabels; i++)
		fv_label_rule_free(&c->labels[i]);
	for (size_t i = 0; i < c->nroles; i++)
		free(c->roles[i].job);
	free(c);
	return ret < 0 ? 0 : ret;
}
