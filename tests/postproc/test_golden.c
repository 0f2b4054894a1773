/* SPDX-License-Identifier: MIT */
/*
 * Golden outputs: every table in every format, from the committed
 * fixtures, plus the exit status and stderr of broken inputs and usage
 * errors. FV_UPDATE_GOLDEN=1 rewrites the files (make golden-update);
 * review the diff before committing it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "fvtest.h"

#define MAXARGS 12

struct golden {
	const char *name;
	const char *args[MAXARGS]; /* "@" + rel: a fixture path */
};

static const struct golden cases[] = {
	{ "summary.text", { "summary", "@plan", "@misc", "@old" } },
	{ "summary.md", { "summary", "-f", "md", "@plan", "@misc", "@old" } },
	{ "summary.csv", { "summary", "-f", "csv", "@plan", "@misc", "@old" } },
	{ "summary.json", { "summary", "-f", "json", "@misc", "@old" } },
	{ "summary-aggregate.text",
	  { "summary", "--aggregate-clones", "@misc" } },
	{ "compare.text", { "compare", "@plan" } },
	{ "compare.md", { "compare", "-f", "md", "@plan" } },
	{ "compare.csv", { "compare", "-f", "csv", "@plan" } },
	{ "compare.json", { "compare", "-f", "json", "@plan" } },
	{ "latency.text", { "latency", "@plan" } },
	{ "latency.md", { "latency", "-f", "md", "@plan" } },
	{ "latency.csv", { "latency", "-f", "csv", "@plan" } },
	{ "latency.json", { "latency", "-f", "json", "@plan" } },
	{ "latency-peak-read.text",
	  { "latency", "--of", "peak:read", "-p", "50,99.99", "@plan" } },
	{ "scaling.text", { "scaling", "--base", "NVMe-D32ads_v7", "@d64" } },
	{ "scaling.md",
	  { "scaling", "-f", "md", "--base", "NVMe-D32ads_v7", "@d64" } },
	{ "scaling.csv",
	  { "scaling", "-f", "csv", "--base", "NVMe-D32ads_v7", "@d64" } },
	{ "scaling.json",
	  { "scaling", "-f", "json", "--base", "NVMe-D32ads_v7", "@d64" } },
	{ "scaling-metrics.text",
	  { "scaling", "--metrics", "peak_write_iops,steady_write_p99.99",
	    "@d64" } },
	{ "sweep.text", { "sweep", "@plan" } },
	{ "sweep.md", { "sweep", "-f", "md", "@plan" } },
	{ "sweep.csv", { "sweep", "-f", "csv", "@plan" } },
	{ "sweep.json", { "sweep", "-f", "json", "@plan" } },
	{ "labels.text",
	  { "compare", "-l",
	    "Temp=@plan/Temp-D32ads_v5_peak_randread4k_"
	    "qd32_nj8_120s_20260101-100100.json",
	    "@plan" } },
	{ "broken.text",
	  { "summary", "@broken/truncated.json", "@broken/missing_comma.json",
	    "@broken/not_fio.json", "@broken/empty.json", "@old" } },
	{ "broken-dir.json", { "summary", "-f", "json", "-v", "@broken" } },
	{ "usage-nosub.text", { NULL } },
	{ "usage-badsub.text", { "frobnicate", "@plan" } },
	{ "usage-badfmt.text", { "summary", "-f", "xml", "@plan" } },
	{ "usage-badpct.text", { "summary", "-p", "50,101", "@plan" } },
	{ "usage-noinput.text", { "compare" } },
	{ "usage-badbase.text", { "scaling", "--base", "nope", "@plan" } },
	{ "help.text", { "--help" } },
	{ "help-summary.text", { "summary", "--help" } },
	{ "help-verdict.text", { "verdict", "--help" } },
	{ "help-diff.text", { "diff", "--help" } },
	{ "usage-foreign.text", { "summary", "--baseline", "x", "@plan" } },
	{ "usage-novalue.text", { "latency", "@plan", "--of" } },
	{ "version.text", { "--version" } },
};

static char *fixture_arg(const char *a)
{
	const char *dir = fvt_env("FV_FIXTURES", "tests/postproc/fixtures");
	const char *at = strchr(a, '@');
	char *s;

	if (!at)
		return strdup(a);
	/* "-l Name=@rel" as well as "@rel". */
	if (asprintf(&s, "%.*s%s/%s", (int) (at - a), a, dir, at + 1) < 0)
		return NULL;
	return s;
}

static char *run_case(const struct golden *g)
{
	return fvt_run_transcript(g->args, MAXARGS, fixture_arg);
}

static void check(void **state)
{
	const struct golden *g = *state;
	const char *path =
		fvt_path("FV_GOLDEN", "tests/postproc/golden", g->name);

	fvt_golden(path, g->name, run_case(g));
}

int main(void)
{
	enum { N = sizeof(cases) / sizeof(cases[0]) };
	struct CMUnitTest tests[N];

	for (size_t i = 0; i < N; i++) {
		tests[i] = (struct CMUnitTest){ .name = cases[i].name,
						.test_func = check,
						.initial_state =
							(void *) &cases[i] };
	}
	return cmocka_run_group_tests_name("golden", tests, NULL, NULL);
}
