/* SPDX-License-Identifier: MIT */
/*
 * Each subcommand's options as tables (name, value, help, setter), as
 * git's parse-options: getopt_long's arrays and --help are made from the
 * same tables, so the help cannot miss an option or list one the command
 * does not take.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"

/* getopt_long's val of long-only options: past every short one. */
#define LONG_BASE 256
#define MAX_OPTS 96

void fv_cmdline_init(struct fv_cmdline *c, const struct fv_invocation *inv)
{
	memset(c, 0, sizeof(*c));
	c->inv = inv;
	c->command = inv->cmd->name;
	c->out = inv->out;
	c->err = inv->err;
	c->format = &fv_render_text;
	fv_pctlist_default(&c->show);
	fv_aopts_init(&c->ao, &c->show);
}

int fv_cmdline_start(struct fv_cmdline *c, const struct fv_invocation *inv,
		     size_t size, fv_parse_fn *parse, int argc, char **argv)
{
	fv_cmdline_init(c, inv);
	c->own = calloc(1, size);
	if (!c->own)
		return FV_EXIT_SOFTWARE;
	c->own_allocated = true;
	return parse(c, argc, argv);
}

void fv_cmdline_free(struct fv_cmdline *c)
{
	for (size_t i = 0; i < c->nlabels; i++)
		fv_label_rule_free(&c->labels[i]);
	for (size_t i = 0; i < c->nroles; i++)
		free(c->roles[i].job);
	free(c->labels);
	free(c->roles);
	free(c->ao.metrics);
	for (size_t i = 0; i < c->ao.nmmetrics; i++)
		free((char *) c->ao.mmetrics[i]);
	free(c->ao.mmetrics);
	free(c->sku_specs.v);
	free(c->path_specs.v);
	free(c->price_paths.v);
	fv_prices_free(&c->prices);
	fv_label_skus_free(&c->skus);
	fv_catalog_free(&c->cat);
	if (c->own_allocated)
		free(c->own);
}

/* ---- --help, from the tables ---- */

/*
 * Writes text at column col (the cursor there already), its paragraphs
 * ("\n\n" apart) wrapped at spaces to fit FV_HELP_WIDTH, the lines after
 * the first at column indent: help fits a terminal of 80 columns. A single
 * '\n' in text is a space: the texts were once broken by hand.
 */
void fv_help_wrap(FILE *out, const char *text, size_t col, size_t indent)
{
	char *flow = strdup(text);

	for (char *q = flow; q && *q; q++)
		if (q[0] == '\n' && q[1] && q[1] != '\n' &&
		    (q == flow || q[-1] != '\n'))
			q[0] = ' ';
	for (const char *p = flow ? flow : text; *p;) {
		size_t len = strcspn(p, "\n"), room = FV_HELP_WIDTH - col,
		       n = len;

		if (len > room) { /* the last space that fits, else the first */
			for (n = room; n && p[n] != ' '; n--)
				;
			if (!n)
				n = strcspn(p, " \n");
		}
		fprintf(out, "%.*s\n", (int) n, p);
		p += n;
		if (*p == ' ' || (*p == '\n' && n == len))
			p++;
		if (*p)
			fprintf(out, "%*s", (int) indent, "");
		col = indent;
	}
	free(flow);
}

void fv_option_help(FILE *out, const struct fv_option *o)
{
	char head[64];
	int n;

	if (o->short_name)
		n = snprintf(head, sizeof(head), "  -%c, --%s%s%s",
			     o->short_name, o->name, o->arg ? " " : "",
			     o->arg ? o->arg : "");
	else
		n = snprintf(head, sizeof(head), "      --%s%s%s", o->name,
			     o->arg ? " " : "", o->arg ? o->arg : "");
	fputs(head, out);
	if (n > 24) { /* no room: the help on lines of its own */
		fputc('\n', out);
		n = 0;
	}
	/* Help at column 26, as coreutils' --help has it. */
	fprintf(out, "%*s", 25 - n, "");
	fv_help_wrap(out, o->help, 25, 25);
}

static void usage(FILE *out, const struct fv_command *cmd)
{
	char line[256];

	fputs("Usage: fioverdict ", out);
	fv_help_wrap(out, cmd->synopsis, 18, 18);
	snprintf(line, sizeof(line), "%c%s.",
		 toupper((unsigned char) cmd->help[0]), cmd->help + 1);
	fv_help_wrap(out, line, 0, 0);
	fputs("\nOptions:\n", out);
	for (size_t t = 0; cmd->options[t]; t++)
		for (const struct fv_option *o = cmd->options[t]; o->name; o++)
			fv_option_help(out, o);
	if (cmd->after) {
		fputc('\n', out);
		fv_help_wrap(out, cmd->after, 0, 0);
	}
}

/* ---- Parsing ---- */

struct parser {
	struct option longopts[MAX_OPTS + 1];
	const struct fv_option *by_val[LONG_BASE + MAX_OPTS];
	char shortopts[2 * MAX_OPTS + 2];
};

/* getopt_long's arrays from the tables; -E2BIG past MAX_OPTS. */
static int build(struct parser *p, const struct fv_option *const *tables)
{
	size_t n = 0, ns = 0;

	memset(p, 0, sizeof(*p));
	p->shortopts[ns++] = ':'; /* a missing value is ours to report */
	for (size_t t = 0; tables[t]; t++)
		for (const struct fv_option *o = tables[t]; o->name; o++) {
			int val = o->short_name ? (unsigned char) o->short_name
						: LONG_BASE + (int) n;

			if (n == MAX_OPTS)
				return -E2BIG;
			p->longopts[n++] =
				(struct option){ o->name,
						 o->arg ? required_argument
							: no_argument,
						 NULL, val };
			p->by_val[val] = o;
			if (o->short_name) {
				p->shortopts[ns++] = o->short_name;
				if (o->arg)
					p->shortopts[ns++] = ':';
			}
		}
	return 0;
}

/* Which subcommand takes an option this one does not. */
static const char *owner_of(const struct fv_cmdline *c, const char *opt);

static int bad_option(struct fv_cmdline *c, const struct parser *p, char **argv,
		      int opt)
{
	const char *word = argv[optind - 1], *owner;
	char name[64], hint[96] = "";

	if (opt == ':') {
		const struct fv_option *o = optopt ? p->by_val[optopt] : NULL;

		return fv_usage_error(c, "%s%s: a value is expected",
				      o ? "--" : "", o ? o->name : word);
	}
	if (optopt && optopt < LONG_BASE)
		snprintf(name, sizeof(name), "-%c", optopt);
	else
		snprintf(name, sizeof(name), "%s", word);
	name[strcspn(name, "=")] = '\0';
	owner = name[0] == '-' && name[1] == '-' ? owner_of(c, name + 2) : NULL;
	if (owner)
		snprintf(hint, sizeof(hint), " (an option of 'fioverdict %s')",
			 owner);
	return fv_usage_error(c, "unknown option '%s'%s", name, hint);
}

int fv_cmdline_parse(struct fv_cmdline *c, int argc, char **argv)
{
	const struct fv_command *cmd = c->inv->cmd;
	struct parser *p = malloc(sizeof(*p));
	int opt, ret = 0;

	if (!p || build(p, cmd->options)) {
		free(p);
		return FV_EXIT_SOFTWARE;
	}
	optind = 0; /* GNU: full reinitialisation; fv_main may run again */
	opterr = 0;
	while (!ret && !c->done &&
	       (opt = getopt_long(argc, argv, p->shortopts, p->longopts,
				  NULL)) != -1) {
		const struct fv_option *o =
			opt >= 0 && opt < LONG_BASE + MAX_OPTS ? p->by_val[opt]
							       : NULL;

		if (opt == '?' || opt == ':' || !o)
			ret = bad_option(c, p, argv, opt);
		else if (!strcmp(o->name, "help")) {
			usage(c->out, cmd);
			c->done = true;
		} else
			ret = o->set(c, o, optarg);
	}
	c->inputs = argv + optind;
	c->ninputs = (size_t) (argc - optind);
	free(p);
	return ret;
}

/* ---- The options every table subcommand takes ---- */

static int set_format(struct fv_cmdline *c, const struct fv_option *o,
		      const char *arg)
{
	(void) o;
	c->format = fv_renderer_find(arg);
	if (c->format)
		return 0;
	return fv_usage_error(c,
			      "--format: unknown format '%s' (text, md, csv, "
			      "json, junit)",
			      arg);
}

FV_CMDLINE_ACCESSOR(fv_at_output, const char *, output)

static int set_percentiles(struct fv_cmdline *c, const struct fv_option *o,
			   const char *arg)
{
	if (!fv_pctlist_parse(&c->show, arg))
		return 0;
	return fv_option_expected(c, o, arg, "up to 32 numbers in (0, 100]");
}

static int set_label(struct fv_cmdline *c, const struct fv_option *o,
		     const char *arg)
{
	int ret;

	if (FV_ALLOC_GROW(c->labels, c->nlabels + 1, c->alloc_labels))
		return FV_EXIT_SOFTWARE;
	ret = fv_label_rule_parse(&c->labels[c->nlabels], arg);
	if (ret == -EINVAL)
		return fv_option_expected(c, o, arg, "NAME=PATH");
	if (ret)
		return FV_EXIT_SOFTWARE;
	c->nlabels++;
	return 0;
}

static int set_label_by(struct fv_cmdline *c, const struct fv_option *o,
			const char *arg)
{
	int by = fv_label_by_parse(arg);

	if (by < 0)
		return fv_option_expected(c, o, arg,
					  "dir, file, host or target");
	c->label_by = (enum fv_label_by) by;
	return 0;
}

static int set_runs(struct fv_cmdline *c, const struct fv_option *o,
		    const char *arg)
{
	int rule = fv_runs_parse(arg);

	if (rule < 0)
		return fv_option_expected(c, o, arg, "newest, median or all");
	c->runs = (enum fv_runs) rule;
	c->runs_given = true;
	return 0;
}

struct fv_load_opts fv_load_opts_of(const struct fv_cmdline *c)
{
	return (struct fv_load_opts){ .paths = c->inputs,
				      .npaths = c->ninputs,
				      .labels = c->labels,
				      .nlabels = c->nlabels,
				      .label_by = c->label_by,
				      .roles = c->roles,
				      .nroles = c->nroles };
}

static int set_role(struct fv_cmdline *c, const struct fv_option *o,
		    const char *arg)
{
	int ret;

	(void) o;
	if (FV_ALLOC_GROW(c->roles, c->nroles + 1, c->alloc_roles))
		return FV_EXIT_SOFTWARE;
	ret = fv_role_override_parse(&c->roles[c->nroles], arg);
	if (ret == -EINVAL)
		return fv_usage_error(c,
				      "--role: expected JOB=ROLE with ROLE one "
				      "of warmup, scaling, peak, steady, sync, "
				      "throughput; got '%s'",
				      arg);
	if (ret)
		return FV_EXIT_SOFTWARE;
	c->nroles++;
	return 0;
}

static int set_verbosity(struct fv_cmdline *c, const struct fv_option *o,
			 const char *arg)
{
	(void) arg;
	c->verbosity = o->short_name == 'q' ? -1 : 1;
	return 0;
}

static int set_lat(struct fv_cmdline *c, const struct fv_option *o,
		   const char *arg)
{
	for (int k = 0; k < FV_LAT_NR; k++) {
		if (!strcmp(arg, fv_lat_name(k))) {
			c->ao.lat = k;
			c->ao.lat_set = true;
			return 0;
		}
	}
	return fv_option_expected(c, o, arg, "clat, lat or slat");
}

const struct fv_option fv_opts_format[] = {
	FV_OPT("format", 'f', "FMT",
	       "text, md, csv, json or junit (default text)", set_format),
	FV_OPT_END,
};

const struct fv_option fv_opts_common[] = {
	FV_OPT_STRING("output", 'o', "FILE", "write the report to FILE",
		      fv_at_output),
	FV_OPT("percentiles", 'p', "LIST",
	       "percentiles shown, e.g. 50,95,99,99.9,99.99", set_percentiles),
	FV_OPT("label", 'l', "NAME=PATH", "label for inputs at or under PATH",
	       set_label),
	FV_OPT("label-by", 0, "KEY",
	       "label by dir, file, host or target\n(default: the label "
	       "rules, a folder of\nseveral machines or targets split)",
	       set_label_by),
	FV_OPT("role", 'r', "JOB=ROLE",
	       "role of a job: warmup, scaling, peak,\nsteady, sync, "
	       "throughput",
	       set_role),
	FV_OPT("quiet", 'q', NULL, "no warnings on stderr (errors only)",
	       set_verbosity),
	FV_OPT("verbose", 'v', NULL, "also notes (skipped files)",
	       set_verbosity),
	FV_OPT("help", 'h', NULL, "this help", NULL),
	FV_OPT_END,
};

const struct fv_option fv_opts_runs[] = {
	FV_OPT("runs", 0, "RULE",
	       "the run shown of a test run several\ntimes: newest (default), "
	       "median, or\nall (each run a label of its own)",
	       set_runs),
	FV_OPT_END,
};

const struct fv_option fv_opts_lat[] = {
	FV_OPT("lat", 0, "KIND",
	       "latency shown: clat, lat or slat (default:\neach tool's own: "
	       "fio's clat, DiskSpd's and\nCrystalDiskMark's lat)",
	       set_lat),
	FV_OPT_END,
};

/* ---- Whose option is it? ---- */

static const char *owner_of(const struct fv_cmdline *c, const char *opt)
{
	const struct fv_command *const *all = c->inv->all;

	for (size_t i = 0; all && all[i]; i++)
		for (size_t t = 0; all[i]->options[t]; t++)
			for (const struct fv_option *o = all[i]->options[t];
			     o->name; o++)
				if (!strcmp(o->name, opt))
					return all[i]->name;
	return NULL;
}
