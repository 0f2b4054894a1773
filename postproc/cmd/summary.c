/* SPDX-License-Identifier: MIT */
/* fioverdict summary: one row per label and job. */
#include <stddef.h>
#include <string.h>

#include "cmd_int.h"

struct summary_opts {
	bool stream;
};

FV_CMDLINE_FIELD(at_aggregate_clones, bool, ao.aggregate_clones)
FV_OPT_FIELD(at_stream, bool, struct summary_opts, stream)

static const struct fv_option summary_opts[] = {
	FV_OPT_BOOL("aggregate-clones", 0, "sum numjobs clones",
		    at_aggregate_clones),
	FV_OPT_BOOL(
		"stream", 0,
		"csv or md: write each file's rows as it is read,\none file in "
		"memory",
		at_stream),
	FV_OPT_END,
};

/*
 * --stream writes rows as each file is read: only csv and md can be
 * written before the last row is known (text aligns columns, json counts
 * inputs).
 */
static const struct fv_stream_renderer *stream_format(struct fv_cmdline *c)
{
	if (!strcmp(c->format->name, "csv"))
		return &fv_stream_csv;
	if (!strcmp(c->format->name, "md"))
		return &fv_stream_md;
	fv_usage_error(c, "--stream: format csv or md, not '%s'",
		       c->format->name);
	return NULL;
}

static int summary_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct summary_opts so = { 0 };
	struct fv_cmdline c;
	struct fv_tables x = { .c = &c };
	const struct fv_stream_renderer *sr = NULL;
	int status;

	fv_cmdline_init(&c, inv);
	c.own = &so;
	status = fv_tables_parse(&x, argc, argv);
	if (!status && !c.done && so.stream && !(sr = stream_format(&c)))
		status = FV_EXIT_USAGE;
	if (!status && !c.done && sr && c.runs_given && c.runs != FV_RUNS_ALL)
		status = fv_usage_error(&c,
					"--runs %s: --stream reads one file at "
					"a time and shows every run (--runs "
					"all)",
					fv_runs_name(c.runs));
	if (!status && !c.done && sr)
		status = fv_summary_stream(&c, sr);
	else if (!status && !c.done) {
		x.analyse = fv_analyse_table;
		x.ctx = &fv_an_summary;
		status = fv_tables_main(&x);
	}
	fv_cmdline_free(&c);
	return status;
}

const struct fv_command fv_cmd_summary = {
	.name = "summary",
	.help = "one row per label and job: IOPS, bandwidth, percentiles, "
		"sync latency, CPU",
	.synopsis = "summary [OPTION]... INPUT...",
	.options = (const struct fv_option *const[]){ fv_opts_format,
						      fv_opts_common,
						      fv_opts_runs, fv_opts_lat,
						      summary_opts, NULL },
	.main = summary_main,
};
