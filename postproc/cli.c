/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "verdict_cli.h"
#include "version.h"

enum {
	OPT_AGGREGATE = 256,
	OPT_LAT,
	OPT_OF,
	OPT_BASE,
	OPT_METRICS,
	OPT_STREAM,
};

static const struct option long_opts[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "output", required_argument, NULL, 'o' },
	{ "percentiles", required_argument, NULL, 'p' },
	{ "label", required_argument, NULL, 'l' },
	{ "role", required_argument, NULL, 'r' },
	{ "aggregate-clones", no_argument, NULL, OPT_AGGREGATE },
	{ "lat", required_argument, NULL, OPT_LAT },
	{ "of", required_argument, NULL, OPT_OF },
	{ "base", required_argument, NULL, OPT_BASE },
	{ "metrics", required_argument, NULL, OPT_METRICS },
	{ "stream", no_argument, NULL, OPT_STREAM },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

void fv_cli_usage(FILE *out)
{
	fputs("Usage: fioverdict SUBCOMMAND [OPTION]... INPUT...\n"
	      "Read fio JSON results (files, directories, - for stdin) and "
	      "print tables.\n\nSubcommands:\n",
	      out);
	for (size_t i = 0; fv_analyses[i]; i++)
		fprintf(out, "  %-9s %s\n", fv_analyses[i]->name,
			fv_analyses[i]->help);
	fputs("  run       run fio on a job file, keep the results, print "
	      "tables\n            (fioverdict run --help)\n"
	      "  report    self-contained HTML page: verdicts, charts, "
	      "tables\n            (fioverdict report --help)\n",
	      out);
	fputs("\nOptions:\n"
	      "  -f, --format FMT       text, md, csv, json or junit (default "
	      "text)\n"
	      "  -o, --output FILE      write the report to FILE\n"
	      "  -p, --percentiles LIST percentiles shown, e.g. "
	      "50,95,99,99.9,99.99\n"
	      "  -l, --label NAME=PATH  label for inputs at or under PATH\n"
	      "  -r, --role JOB=ROLE    role of a job: warmup, scaling, peak,\n"
	      "                         steady, sync, throughput\n"
	      "      --aggregate-clones summary: sum numjobs clones\n"
	      "      --stream           summary, csv or md: write each file's rows\n"
	      "                         as it is read, one file in memory\n"
	      "      --lat KIND         percentiles of clat (default), lat or "
	      "slat\n"
	      "      --of ROLE[:DIR]    latency: role and direction (default "
	      "steady:write)\n"
	      "      --base LABEL       scaling: reference label (default: "
	      "the first)\n"
	      "      --metrics LIST     scaling: e.g. peak_read_iops,"
	      "seq_write_bw,steady_write_p99\n"
	      "  -q, --quiet            no warnings on stderr (errors only)\n"
	      "  -v, --verbose          also notes (skipped files)\n"
	      "  -h, --help             this help\n"
	      "  -V, --version          version\n",
	      out);
	fv_vopt_usage(out);
	fputs("\nExit status: 0 ok, 2 an input could not be read or is not fio "
	      "output,\n64 usage error, 70 internal error, 73/74 output "
	      "error; 1 a --fail-on\nverdict occurred. See fioverdict(1).\n",
	      out);
}

static int usage_error(FILE *err, const char *fmt, const char *arg)
{
	fputs("fioverdict: ", err);
	fprintf(err, fmt, arg);
	fputs("\nTry 'fioverdict --help'.\n", err);
	return FV_EXIT_USAGE;
}

static int add_label(struct fv_cli *c, const char *arg, FILE *err)
{
	struct fv_label_rule *v =
		realloc(c->labels, (c->nlabels + 1) * sizeof(*v));
	int ret;

	if (!v)
		return FV_EXIT_SOFTWARE;
	c->labels = v;
	ret = fv_label_rule_parse(&v[c->nlabels], arg);
	if (ret == -EINVAL)
		return usage_error(err, "--label: expected NAME=PATH, got '%s'",
				   arg);
	if (ret)
		return FV_EXIT_SOFTWARE;
	c->nlabels++;
	return 0;
}

static int add_role(struct fv_cli *c, const char *arg, FILE *err)
{
	struct fv_role_override *v =
		realloc(c->roles, (c->nroles + 1) * sizeof(*v));
	int ret;

	if (!v)
		return FV_EXIT_SOFTWARE;
	c->roles = v;
	ret = fv_role_override_parse(&v[c->nroles], arg);
	if (ret == -EINVAL)
		return usage_error(err,
				   "--role: expected JOB=ROLE with ROLE one of "
				   "warmup, scaling, peak, steady, sync, "
				   "throughput; got '%s'",
				   arg);
	if (ret)
		return FV_EXIT_SOFTWARE;
	c->nroles++;
	return 0;
}

static int parse_of(struct fv_cli *c, const char *arg, FILE *err)
{
	char buf[64], *colon;
	int role;

	snprintf(buf, sizeof(buf), "%s", arg);
	colon = strchr(buf, ':');
	if (colon)
		*colon++ = '\0';
	role = fv_role_parse(buf);
	if (role <= FV_ROLE_UNKNOWN)
		return usage_error(err, "--of: unknown role '%s'", arg);
	c->aopts.of_role = role;
	if (!colon)
		return 0;
	if (!strcmp(colon, "read"))
		c->aopts.of_dir = FV_DIR_READ;
	else if (!strcmp(colon, "write"))
		c->aopts.of_dir = FV_DIR_WRITE;
	else if (!strcmp(colon, "mixed"))
		c->aopts.of_dir = FV_DIR_MIXED;
	else
		return usage_error(err,
				   "--of: direction must be read, write "
				   "or mixed, got '%s'",
				   colon);
	return 0;
}

static int parse_metrics(struct fv_cli *c, char *arg)
{
	char *save = NULL;

	for (char *tok = strtok_r(arg, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		const char **v = realloc(c->aopts.metrics,
					 (c->aopts.nmetrics + 1) * sizeof(*v));

		if (!v)
			return FV_EXIT_SOFTWARE;
		v[c->aopts.nmetrics++] = tok;
		c->aopts.metrics = v;
	}
	return 0;
}

static int parse_lat(struct fv_cli *c, const char *arg, FILE *err)
{
	for (int k = 0; k < FV_LAT_NR; k++) {
		if (!strcmp(arg, fv_lat_name(k))) {
			c->aopts.lat = k;
			return 0;
		}
	}
	return usage_error(err, "--lat: expected clat, lat or slat, got '%s'",
			   arg);
}

static int one_opt(struct fv_cli *c, int opt, char *arg, FILE *out, FILE *err)
{
	switch (opt) {
	case 'f':
		c->format = fv_renderer_find(arg);
		return c->format ? 0
				 : usage_error(err,
					       "--format: unknown format "
					       "'%s' (text, md, csv, json, "
					       "junit)",
					       arg);
	case 'o':
		c->output = arg;
		return 0;
	case 'p':
		return fv_pctlist_parse(&c->show, arg)
			       ? usage_error(err,
					     "--percentiles: expected up "
					     "to 32 numbers in (0, 100], "
					     "got '%s'",
					     arg)
			       : 0;
	case 'l':
		return add_label(c, arg, err);
	case 'r':
		return add_role(c, arg, err);
	case OPT_AGGREGATE:
		c->aopts.aggregate_clones = true;
		return 0;
	case OPT_LAT:
		return parse_lat(c, arg, err);
	case OPT_OF:
		return parse_of(c, arg, err);
	case OPT_BASE:
		c->aopts.base = arg;
		return 0;
	case OPT_METRICS:
		return parse_metrics(c, arg);
	case OPT_STREAM:
		c->stream = &fv_stream_csv; /* the format picks it below */
		return 0;
	case 'q':
		c->verbosity = -1;
		return 0;
	case 'v':
		c->verbosity = 1;
		return 0;
	case 'h':
		fv_cli_usage(out);
		c->done = true;
		return 0;
	case 'V':
		fprintf(out, "fioverdict %s (report schema %s)\n", FV_VERSION,
			FV_REPORT_SCHEMA);
		c->done = true;
		return 0;
	default:
		if (opt >= FV_VOPT_BASE) {
			int ret = fv_vopt_parse(&c->vopts, opt, arg, err);

			return ret == -ENOMEM ? FV_EXIT_SOFTWARE
			       : ret	      ? FV_EXIT_USAGE
					      : 0;
		}
		fputs("Try 'fioverdict --help'.\n", err);
		return FV_EXIT_USAGE;
	}
}

static void add_pct(struct fv_pctlist *pl, double p)
{
	for (size_t i = 0; i < pl->n; i++)
		if (pl->p[i] == p)
			return;
	if (pl->n < FV_MAX_PCTS)
		pl->p[pl->n++] = p;
}

/* Bins are gone after ingest: compute now all that any table shows. */
static int compute_list(struct fv_cli *c, FILE *err)
{
	c->compute = c->show;
	add_pct(&c->compute, 99); /* sync P99, sweep P99 */
	for (size_t i = 0; i < c->aopts.nmetrics; i++) {
		struct fv_metric m;

		if (fv_metric_parse(&m, c->aopts.metrics[i]))
			return usage_error(err,
					   "--metrics: unknown metric '%s' "
					   "(expected ROLE_DIR_WHAT, e.g. "
					   "peak_read_iops, seq_write_bw, "
					   "steady_write_p99)",
					   c->aopts.metrics[i]);
		if (m.what == FV_M_PCT)
			add_pct(&c->compute, m.p);
	}
	if (!c->aopts.nmetrics)
		add_pct(&c->compute, 99.9); /* scaling's default metrics */
	add_pct(&c->compute, 50);	    /* verdicts: flush, tail */
	add_pct(&c->compute, 99.9);
	return 0;
}

/*
 * --stream writes rows as each file is read: only summary makes rows per
 * job without looking at other files, and only csv and md can be written
 * before the last row is known (text aligns columns, json counts inputs).
 */
static int stream_format(struct fv_cli *c, FILE *err)
{
	if (!c->stream)
		return 0;
	if (c->analysis != &fv_an_summary)
		return usage_error(err, "--stream: only with summary, not %s",
				   c->analysis->name);
	if (!strcmp(c->format->name, "csv"))
		c->stream = &fv_stream_csv;
	else if (!strcmp(c->format->name, "md"))
		c->stream = &fv_stream_md;
	else
		return usage_error(err, "--stream: format csv or md, not '%s'",
				   c->format->name);
	return 0;
}

static int subcommand(struct fv_cli *c, int argc, char **argv, FILE *out,
		      FILE *err)
{
	if (argc < 2)
		return usage_error(err, "%s", "missing subcommand");
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return one_opt(c, 'h', NULL, out, err);
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
		return one_opt(c, 'V', NULL, out, err);
	c->analysis = fv_analysis_find(argv[1]);
	if (!c->analysis)
		return usage_error(err, "unknown subcommand '%s'", argv[1]);
	return 0;
}

/* Ours, then the verdict options (verdict_cli.c), then the terminator. */
static struct option all_opts[sizeof(long_opts) / sizeof(*long_opts) + 32];

static void merge_opts(void)
{
	size_t n = sizeof(long_opts) / sizeof(*long_opts) - 1;

	memcpy(all_opts, long_opts, n * sizeof(*long_opts));
	memcpy(all_opts + n, fv_vopt_long, fv_vopt_count * sizeof(*all_opts));
	memset(&all_opts[n + fv_vopt_count], 0, sizeof(*all_opts));
}

int fv_cli_parse(struct fv_cli *c, int argc, char **argv, FILE *out, FILE *err)
{
	int ret, opt;

	merge_opts();
	memset(c, 0, sizeof(*c));
	fv_vopts_init(&c->vopts);
	c->aopts.verdict = &c->vopts;
	c->format = &fv_render_text;
	fv_pctlist_default(&c->show);
	c->aopts.lat = FV_CLAT;
	c->aopts.of_role = FV_ROLE_STEADY;
	c->aopts.of_dir = FV_DIR_WRITE;
	ret = subcommand(c, argc, argv, out, err);
	if (ret || c->done)
		return ret;
	optind = 0; /* GNU: full reinitialisation, fv_main may run again */
	opterr = 1;
	/* GNU getopt permutes: options may follow the inputs. */
	while ((opt = getopt_long(argc - 1, argv + 1, "f:o:p:l:r:qvhV",
				  all_opts, NULL)) != -1) {
		ret = one_opt(c, opt, optarg, out, err);
		if (ret || c->done)
			return ret;
	}
	ret = stream_format(c, err);
	if (ret)
		return ret;
	c->aopts.show = &c->show;
	c->inputs = argv + 1 + optind;
	c->ninputs = (size_t) (argc - 1 - optind);
	if (c->analysis == &fv_an_verdict || c->analysis == &fv_an_diff)
		fv_vopt_split_inputs(&c->vopts, c->inputs, &c->ninputs);
	if (c->ninputs != (size_t) (argc - 1 - optind) && !c->ninputs)
		return usage_error(err, "%s",
				   "logs need the fio results they belong "
				   "to (the JSON files)");
	if (!c->ninputs)
		return usage_error(err, "%s",
				   "no input given (a file, a "
				   "directory, or - for stdin)");
	return compute_list(c, err);
}

void fv_cli_free(struct fv_cli *c)
{
	for (size_t i = 0; i < c->nlabels; i++)
		fv_label_rule_free(&c->labels[i]);
	for (size_t i = 0; i < c->nroles; i++)
		free(c->roles[i].job);
	free(c->labels);
	free(c->roles);
	free(c->aopts.metrics);
	fv_vopts_free(&c->vopts);
	memset(c, 0, sizeof(*c));
}
