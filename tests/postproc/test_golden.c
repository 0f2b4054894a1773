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

#define MAXARGS 63

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
	/* The catalog: list, show, import, errors (the real catalog/). */
	{ "catalog-list.text", { "catalog", "list", "--catalog", "catalog" } },
	{ "catalog-list.csv",
	  { "catalog", "list", "-f", "csv", "--catalog", "catalog" } },
	{ "catalog-list-azp.md",
	  { "catalog", "list", "azure:P*", "-f", "md", "--catalog",
	    "catalog" } },
	{ "catalog-list-gp.json",
	  { "catalog", "list", "gp", "-f", "json", "--catalog", "catalog" } },
	{ "catalog-list-none.text",
	  { "catalog", "list", "nothing-like-this", "--catalog", "catalog" } },
	{ "catalog-show-p30.text",
	  { "catalog", "show", "azure:P30", "--catalog", "catalog" } },
	{ "catalog-show-d64ds.text",
	  { "catalog", "show", "azure:Standard_D64ds_v5", "--catalog",
	    "catalog" } },
	{ "catalog-show-gp2.json",
	  { "catalog", "show", "aws:gp2:100GiB", "-f", "json", "--catalog",
	    "catalog" } },
	{ "catalog-show-pv2.csv",
	  { "catalog", "show", "azure:PremiumV2_LRS:1024GiB:20000iops:600MBps",
	    "-f", "csv", "--catalog", "catalog" } },
	{ "catalog-show-temp.md",
	  { "catalog", "show", "azure:Standard_D32ds_v6:temp", "-f", "md",
	    "--catalog", "catalog" } },
	{ "catalog-show-unknown.text",
	  { "catalog", "show", "azure:P35", "--catalog", "catalog" } },
	{ "catalog-show-nosize.text",
	  { "catalog", "show", "aws:gp2", "--catalog", "catalog" } },
	{ "catalog-newer.text",
	  { "catalog", "list", "--catalog", "@catalog/newer.csv" } },
	{ "catalog-bad-row.text",
	  { "catalog", "show", "t:X1", "--catalog", "@catalog/bad-row.csv" } },
	{ "catalog-import-az.text",
	  { "catalog", "import", "@catalog/az-list-skus.json" } },
	{ "catalog-import-aws.text",
	  { "catalog", "import", "@catalog/aws-instance-types.json" } },
	{ "catalog-import-bad.text",
	  { "catalog", "import", "@catalog/not-a-list.json" } },
	{ "catalog-import-broken.text",
	  { "catalog", "import", "@catalog/bad-row.csv" } },
	{ "catalog-usage.text", { "catalog", "frobnicate" } },
	{ "catalog-junit.text",
	  { "catalog", "list", "-f", "junit", "--catalog", "catalog" } },
	{ "help-catalog.text", { "catalog", "--help" } },
	/* Measured against the SKUs' limits, in every format. */
	{ "compare-sku.text",
	  { "compare", "--catalog", "catalog", "--sku", "p10=azure:P10",
	    "--sku", "rootfs=azure:P30,azure:Standard_D32ds_v5", "--sku",
	    "tmpfs=azure:Standard_D32ds_v6:temp", "@matrix" } },
	{ "compare-sku.md",
	  { "compare", "-f", "md", "--catalog", "catalog", "--sku",
	    "p10=azure:P10", "--sku",
	    "rootfs=azure:P30,azure:Standard_D32ds_v5", "@matrix" } },
	{ "compare-sku.csv",
	  { "compare", "-f", "csv", "--catalog", "catalog", "--sku",
	    "p10=azure:P10", "--sku",
	    "rootfs=azure:P30,azure:Standard_D32ds_v5", "@matrix" } },
	{ "compare-sku.json",
	  { "compare", "-f", "json", "--catalog", "catalog", "--sku",
	    "p10=azure:P10", "--sku",
	    "rootfs=azure:P30,azure:Standard_D32ds_v5", "@matrix" } },
	{ "compare-sku.junit",
	  { "compare", "-f", "junit", "--catalog", "catalog", "--sku",
	    "p10=azure:P10", "@matrix" } },
	{ "compare-sku-unknown.text",
	  { "compare", "--catalog", "catalog", "--sku", "p10=azure:P35",
	    "@matrix" } },
	{ "compare-sku-twice.text",
	  { "compare", "--catalog", "catalog", "--sku", "p10=azure:P10",
	    "--sku", "p10=azure:P30", "@matrix" } },
	/* Seed 004's CrystalDiskMark figures: the limit of each path. */
	{ "compare-sku-path.text",
	  { "compare",
	    "--catalog",
	    "catalog",
	    "-l",
	    "l8-p30=@seed004/l8-p30.json",
	    "--sku",
	    "l8-p30=azure:Standard_L8s+azure:P30",
	    "--path",
	    "l8-p30=uncached",
	    "-l",
	    "l8v2-p30=@seed004/l8v2-p30.json",
	    "--sku",
	    "l8v2-p30=azure:Standard_L8s_v2+azure:P30",
	    "--path",
	    "l8v2-p30=uncached",
	    "-l",
	    "d8-p20=@seed004/d8-p20.json",
	    "--sku",
	    "d8-p20=azure:Standard_D8s_v3+azure:P20",
	    "--path",
	    "d8-p20=cached",
	    "-l",
	    "d8-p30=@seed004/d8-p30.json",
	    "--sku",
	    "d8-p30=azure:Standard_D8s_v3+azure:P30",
	    "--path",
	    "d8-p30=cached",
	    "-l",
	    "d8-p40=@seed004/d8-p40.json",
	    "--sku",
	    "d8-p40=azure:Standard_D8s_v3+azure:P40",
	    "--path",
	    "d8-p40=cached",
	    "-l",
	    "d8-temp=@seed004/d8-temp.json",
	    "--sku",
	    "d8-temp=azure:Standard_D8s_v3",
	    "--path",
	    "d8-temp=temp",
	    "-l",
	    "l8-temp=@seed004/l8-temp.json",
	    "--sku",
	    "l8-temp=azure:Standard_L8s",
	    "--path",
	    "l8-temp=temp",
	    "-l",
	    "l8v2-temp=@seed004/l8v2-temp.json",
	    "--sku",
	    "l8v2-temp=azure:Standard_L8s_v2",
	    "--path",
	    "l8v2-temp=temp",
	    "-l",
	    "l8v2-nvme=@seed004/l8v2-nvme.json",
	    "--sku",
	    "l8v2-nvme=azure:Standard_L8s_v2",
	    "--path",
	    "l8v2-nvme=nvme",
	    "@seed004" } },
	{ "compare-sku-path.md",
	  { "compare",
	    "-f",
	    "md",
	    "--catalog",
	    "catalog",
	    "-l",
	    "l8-p30=@seed004/l8-p30.json",
	    "--sku",
	    "l8-p30=azure:Standard_L8s+azure:P30",
	    "--path",
	    "l8-p30=uncached",
	    "-l",
	    "l8v2-p30=@seed004/l8v2-p30.json",
	    "--sku",
	    "l8v2-p30=azure:Standard_L8s_v2+azure:P30",
	    "--path",
	    "l8v2-p30=uncached",
	    "-l",
	    "d8-p20=@seed004/d8-p20.json",
	    "--sku",
	    "d8-p20=azure:Standard_D8s_v3+azure:P20",
	    "--path",
	    "d8-p20=cached",
	    "-l",
	    "d8-p30=@seed004/d8-p30.json",
	    "--sku",
	    "d8-p30=azure:Standard_D8s_v3+azure:P30",
	    "--path",
	    "d8-p30=cached",
	    "-l",
	    "d8-p40=@seed004/d8-p40.json",
	    "--sku",
	    "d8-p40=azure:Standard_D8s_v3+azure:P40",
	    "--path",
	    "d8-p40=cached",
	    "-l",
	    "d8-temp=@seed004/d8-temp.json",
	    "--sku",
	    "d8-temp=azure:Standard_D8s_v3",
	    "--path",
	    "d8-temp=temp",
	    "-l",
	    "l8-temp=@seed004/l8-temp.json",
	    "--sku",
	    "l8-temp=azure:Standard_L8s",
	    "--path",
	    "l8-temp=temp",
	    "-l",
	    "l8v2-temp=@seed004/l8v2-temp.json",
	    "--sku",
	    "l8v2-temp=azure:Standard_L8s_v2",
	    "--path",
	    "l8v2-temp=temp",
	    "-l",
	    "l8v2-nvme=@seed004/l8v2-nvme.json",
	    "--sku",
	    "l8v2-nvme=azure:Standard_L8s_v2",
	    "--path",
	    "l8v2-nvme=nvme",
	    "@seed004" } },
	{ "compare-sku-path-refused.text",
	  { "compare", "--catalog", "catalog", "--sku",
	    "x=azure:Standard_D8s_v5", "--path", "x=temp", "@seed004" } },
	{ "compare-sku-nolabel.text",
	  { "compare", "--catalog", "catalog", "--sku", "nosuch=azure:P10",
	    "@matrix" } },
	/* The comparison matrices, on real cdm.fio and diskspd.fio runs. */
	{ "matrix.text", { "matrix", "@matrix" } },
	{ "matrix.md", { "matrix", "-f", "md", "@matrix" } },
	{ "matrix.csv", { "matrix", "-f", "csv", "@matrix" } },
	{ "matrix.json", { "matrix", "-f", "json", "@matrix" } },
	{ "matrix.junit", { "matrix", "-f", "junit", "@matrix" } },
	{ "matrix-metrics.text",
	  { "matrix", "--metric", "p99.9,iops", "@matrix" } },
	{ "matrix-lat.text",
	  { "matrix", "--metric", "lat", "--lat", "lat", "@matrix" } },
	{ "matrix-sku.text",
	  { "matrix", "--metric", "bw,iops", "--catalog", "catalog", "--sku",
	    "p10=azure:P10", "@matrix" } },
	{ "matrix-sku.json",
	  { "matrix", "-f", "json", "--metric", "iops", "--catalog", "catalog",
	    "--sku", "p10=azure:P10", "@matrix" } },
	{ "matrix-plan.text", { "matrix", "--metric", "iops", "@plan" } },
	{ "matrix-badmetric.text", { "matrix", "--metric", "p0", "@matrix" } },
	{ "help-matrix.text", { "matrix", "--help" } },
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

	/* catalog import dates its rows: a fixed day, 2026-12-01 */
	setenv("SOURCE_DATE_EPOCH", "1796083200", 1);

	for (size_t i = 0; i < N; i++) {
		tests[i] = (struct CMUnitTest){ .name = cases[i].name,
						.test_func = check,
						.initial_state =
							(void *) &cases[i] };
	}
	return cmocka_run_group_tests_name("golden", tests, NULL, NULL);
}
