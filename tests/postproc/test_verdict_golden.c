/* SPDX-License-Identifier: MIT */
/*
 * Golden outputs of verdict and diff in every format (text, md, csv, json,
 * junit), from the committed fixtures (@F: fixtures/, @T: ts_fixtures/),
 * with exit status and stderr: broken logs, --fail-on, usage errors.
 * FV_UPDATE_GOLDEN=1 rewrites them (make golden-update); review the diff.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "fvtest.h"
#include "util/util.h"

/* "@F/" + rel: a fixture path, "@T/" + rel: a ts_fixtures path */
static const struct fvt_golden_case cases[] = {
#define V "verdict", "--mem", "64g"
	{ "verdict.text", { V, "@F/plan", "@T/burst" } },
	{ "verdict.md", { V, "-f", "md", "@F/plan", "@T/burst" } },
	{ "verdict.csv", { V, "-f", "csv", "@F/plan", "@T/burst" } },
	{ "verdict.json", { V, "-f", "json", "@T/burst" } },
	{ "verdict.junit", { V, "-f", "junit", "@F/plan", "@T/burst" } },
	{ "verdict-fail-on.text",
	  { V, "--fail-on", "burst-collapse,methodology", "@T/burst" } },
	{ "verdict-thresholds.text",
	  { V, "--all", "-r", "burst=steady", "--collapse-ratio", "20%",
	    "--ss-range", "200%", "--ss-slope", "200%", "--min-runtime", "1s",
	    "--ceiling", "burst:iops=1000", "@T/burst" } },
	{ "verdict-broken.text",
	  { V, "@T/burst", "@T/broken/bad_iops.1.log",
	    "@T/broken/dir_iops.1.log", "@T/broken/short_iops.1.log",
	    "@T/broken/sep_iops.1.log" } },
	{ "verdict-badfail.text", { V, "--fail-on", "nope", "@T/burst" } },
	{ "verdict-badratio.text", { V, "--collapse-ratio", "x", "@T/burst" } },
#define D "diff", "--baseline"
	{ "diff.text", { D, "@F/plan", "@F/d64" } },
	{ "diff.md", { D, "@F/plan", "-f", "md", "@F/d64" } },
	{ "diff.csv", { D, "@F/plan", "-f", "csv", "@F/d64" } },
	{ "diff.json", { D, "@F/plan", "-f", "json", "@F/d64" } },
	{ "diff.junit",
	  { D, "@F/plan", "-f", "junit", "--fail-on", "regression",
	    "@F/d64" } },
};

static char *fixture_arg(const char *a)
{
	const char *f = fvt_env("FV_FIXTURES", "tests/postproc/fixtures");
	const char *t = fvt_env("FV_TSFIX", "tests/postproc/ts_fixtures");
	char *s;

	if (a[0] != '@')
		return strdup(a);
	if (asprintf(&s, "%s/%s", a[1] == 'F' ? f : t, a + 3) < 0)
		return NULL;
	return s;
}

int main(void)
{
	return fvt_golden_group("verdict golden", cases, FV_ARRAY_SIZE(cases),
				"FV_VGOLDEN", "tests/postproc/verdict_golden",
				fixture_arg);
}
