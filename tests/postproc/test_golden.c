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
#include "util/util.h"

/*
 * Seed 004's labels, each: name, its fio result, its CrystalDiskMark export
 * (fixtures/cdm/seed004), its SKU and its path; SEED004(X) is X of each.
 */
#define L8_P30                                                  \
	"l8-p30", "l8-p30.json", "L8s – P30 disk (no caching)", \
		"azure:Standard_L8s+azure:P30", "uncached"
#define L8V2_P30                                                      \
	"l8v2-p30", "l8v2-p30.json", "L8sv2 – P30 disk (no caching)", \
		"azure:Standard_L8s_v2+azure:P30", "uncached"
#define D8_P20                                                   \
	"d8-p20", "d8-p20.json", "D8sv3 – P20 disk (R caching)", \
		"azure:Standard_D8s_v3+azure:P20", "cached"
#define D8_P30                                                   \
	"d8-p30", "d8-p30.json", "D8sv3 – P30 disk (R caching)", \
		"azure:Standard_D8s_v3+azure:P30", "cached"
#define D8_P40                                                   \
	"d8-p40", "d8-p40.json", "D8sv3 – P40 disk (R caching)", \
		"azure:Standard_D8s_v3+azure:P40", "cached"
#define D8_TEMP                                         \
	"d8-temp", "d8-temp.json", "D8sv3 – Temp disk", \
		"azure:Standard_D8s_v3", "temp"
#define L8_TEMP                                                             \
	"l8-temp", "l8-temp.json", "L8s – Temp disk", "azure:Standard_L8s", \
		"temp"
#define L8V2_TEMP                                           \
	"l8v2-temp", "l8v2-temp.json", "L8sv2 – Temp disk", \
		"azure:Standard_L8s_v2", "temp"
#define L8V2_NVME                                           \
	"l8v2-nvme", "l8v2-nvme.json", "L8sv2 – NVMe disk", \
		"azure:Standard_L8s_v2", "nvme"
/* Each label, in the seed's order (clang-format wraps it unstably). */
/* clang-format off */
#define SEED004(X)                                                      \
	X(L8_P30) X(L8V2_P30)                                           \
	X(D8_P20) X(D8_P30) X(D8_P40) X(D8_TEMP)                        \
	X(L8_TEMP) X(L8V2_TEMP) X(L8V2_NVME)
/* clang-format on */

/* -l, --sku and --path of a label: its fio result (JSON_) or export (CDM_). */
#define JSON_LABEL(...) JSON_LABEL_(__VA_ARGS__)
#define JSON_LABEL_(l, json, cdm, sku, path) \
	"-l", l "=@seed004/" json, "--sku", l "=" sku, "--path", l "=" path,
#define CDM_LABEL(...) CDM_LABEL_(__VA_ARGS__)
#define CDM_LABEL_(l, json, cdm, sku, path) \
	"-l", l "=@cdm/seed004/" cdm, "--sku", l "=" sku, "--path", l "=" path,
/* A label's input alone. */
#define JSON_FILE(...) JSON_FILE_(__VA_ARGS__)
#define JSON_FILE_(l, json, cdm, sku, path) "@seed004/" json,
#define CDM_FILE(...) CDM_FILE_(__VA_ARGS__)
#define CDM_FILE_(l, json, cdm, sku, path) "@cdm/seed004/" cdm,

/* "@" + rel: a fixture path */
static const struct fvt_golden_case cases[] = {
	{ "summary.text", { "summary", "@plan", "@misc", "@old" } },
	{ "summary.md", { "summary", "-f", "md", "@plan", "@misc", "@old" } },
	{ "summary.csv", { "summary", "-f", "csv", "@plan", "@misc", "@old" } },
	{ "summary.json", { "summary", "-f", "json", "@misc", "@old" } },
	{ "versions.text", { "summary", "@versions" } },
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
	{ "catalog-import-azprices.text",
	  { "catalog", "import", "@catalog/az-retail-prices.json" } },
	{ "catalog-import-awsoffer.text",
	  { "catalog", "import", "@catalog/aws-offer.json" } },
	/* DiskSpd's XML: the real 2.1 sample, a made 2.0.16 one, cut */
	{ "diskspd-summary.text", { "summary", "--lat", "lat", "@diskspd" } },
	{ "diskspd-summary.json",
	  { "summary", "-f", "json", "--lat", "lat", "-p", "50,99,99.9",
	    "@diskspd" } },
	{ "diskspd-verdict.text", { "verdict", "--all", "@diskspd" } },
	{ "diskspd-edge.text", { "summary", "--lat", "lat", "@diskspd-edge" } },
	{ "diskspd-bad.text",
	  { "summary", "--lat", "lat", "@diskspd-bad", "@diskspd" } },
	/*
	 * DiskSpd's text: the real 2.0.17a sample, made 2.1 (two runs,
	 * UTF-16, CRLF) and 2.2 ones, an interrupted timespan, cut, garbled
	 */
	/* by default each tool's own latency: DiskSpd's whole requests */
	{ "diskspd-text-summary.text", { "summary", "@diskspd-text" } },
	/* a kind DiskSpd does not time, forced: each cell says why */
	{ "diskspd-text-clat.text",
	  { "latency", "--of", "peak:read", "--lat", "clat",
	    "@diskspd-text" } },
	/* fio's clat and DiskSpd's lat in one table: a set of columns each */
	{ "latency-mixed.text",
	  { "latency", "--of", "peak:read", "@diskspd-text", "@matrix" } },
	{ "diskspd-text-summary.json",
	  { "summary", "-f", "json", "--lat", "lat", "-p", "50,99,99.9",
	    "@diskspd-text" } },
	/* -D's buckets as the burst verdict's series: one falls, one holds */
	{ "diskspd-series-verdict.text",
	  { "verdict", "--all", "@diskspd-series" } },
	/* DiskSpd -o1 to -o32, one file a depth: a capped QD sweep */
	{ "diskspd-sweep-verdict.text", { "verdict", "@diskspd-sweep" } },
	/* what is not judged without a series or percentiles, and why */
	{ "cdm-verdict.text", { "verdict", "--all", "@cdm/real" } },
	{ "diskspd-text-bad.text",
	  { "summary", "--lat", "lat", "@diskspd-text-bad",
	    "@diskspd-text-edge" } },
	/*
	 * fio's terse records: fio 2.1.2's v3 (numjobs clones, the disk
	 * vda's fields); fio 3.28's before its normal output in a
	 * terminal, read once from the normal output; spoiled records
	 */
	{ "fio-terse-summary.text",
	  { "summary", "-v", "@fio-terse/jtulak-fio-test.out",
	    "@fio-terse/hikalium-result_2408X01456JF.txt" } },
	{ "fio-terse-summary.json",
	  { "summary", "-f", "json", "-p", "50,99,99.9",
	    "@fio-terse/jtulak-fio-test.out" } },
	/* no option in terse: direct and ramp_time unknown, not faulted */
	{ "fio-terse-verdict.text",
	  { "verdict", "--all", "@fio-terse/jtulak-fio-test.out" } },
	{ "fio-terse-bad.text",
	  { "summary", "@fio-terse-bad", "@fio-terse/jtulak-fio-test.out" } },
	/* recommend: the seeds' questions, every format, bad needs */
	{ "recommend-p15.text",
	  { "recommend", "--catalog", "catalog", "--need",
	    "iops=1100,bw=125MB/s,capacity=256" } },
	{ "recommend-d8s.md",
	  { "recommend", "-f", "md", "--catalog", "catalog", "--vm",
	    "azure:Standard_D8s_v3", "--need", "iops=12800,bw=192MB/s" } },
	{ "recommend-d32ads.csv",
	  { "recommend", "-f", "csv", "--catalog", "catalog", "--vm",
	    "azure:Standard_D32ads_v7", "--need", "iops=43296" } },
	{ "recommend-aws.json",
	  { "recommend", "-f", "json", "--catalog", "catalog", "--cloud", "aws",
	    "--region", "eu-west-3", "--need",
	    "iops=1100,bw=125MB/s,capacity=256,latency-p99=2ms" } },
	{ "recommend-none.text",
	  { "recommend", "--catalog", "catalog", "--vm",
	    "azure:Standard_D8s_v3", "--need", "iops=90000" } },
	{ "recommend-vm-priced.md",
	  { "recommend", "-f", "md", "--catalog", "catalog", "--prices",
	    "catalog/prices", "--prices", "@catalog/vm-prices.csv", "--vm",
	    "azure:Standard_D8s_v3", "--need", "iops=12800,bw=192MB/s" } },
	/* --from: the need from what a label measured */
	{ "recommend-from-nvme.text",
	  { "recommend", "--catalog", "catalog", "--from", "@cdm/seed004",
	    "--label", "L8sv2 – NVMe disk" } },
	{ "recommend-from-plan.md",
	  { "recommend", "-f", "md", "--catalog", "catalog", "--from", "@plan",
	    "--label", "NVMe-D32ads_v7", "--vm", "azure:Standard_D32ads_v7" } },
	{ "recommend-from-l8s.csv",
	  { "recommend", "-f", "csv", "--catalog", "catalog", "--from",
	    "@cdm/seed004", "--label", "L8s – P30 disk (no caching)", "--need",
	    "capacity=1024", "--region", "westeurope" } },
	{ "recommend-from-nolabel.text",
	  { "recommend", "--catalog", "catalog", "--from", "@plan" } },
	{ "recommend-from-nojob.text",
	  { "recommend", "--catalog", "catalog", "--from",
	    "@old/fio-2.1.10.json" } },
	{ "recommend-from-broken.text",
	  { "recommend", "--catalog", "catalog", "--from", "@broken" } },
	{ "recommend-label-nofrom.text",
	  { "recommend", "--catalog", "catalog", "--label", "x", "--need",
	    "iops=100" } },
	{ "recommend-badregion.text",
	  { "recommend", "--catalog", "catalog", "--region", "mars", "--need",
	    "iops=100" } },
	{ "recommend-badneed.text",
	  { "recommend", "--catalog", "catalog", "--need", "iops=lots" } },
	{ "recommend-badprices.text",
	  { "recommend", "--catalog", "catalog", "--prices",
	    "@catalog/bad-row.csv", "--need", "iops=100" } },
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
	  { "compare", "--catalog", "catalog",
	    SEED004(JSON_LABEL) "@seed004" } },
	/*
	 * The same, read from CrystalDiskMark 7 exports of seed 004's typed
	 * tables (fixtures/cdm/seed004): each label's fastest sequential and
	 * random Q32T16 tests are its Seq and Peak.
	 */
	{ "compare-sku-path-cdm.md",
	  { "compare", "-f", "md", "--catalog", "catalog",
	    SEED004(CDM_LABEL) SEED004(CDM_FILE) } },
	{ "compare-sku-path.md",
	  { "compare", "-f", "md", "--catalog", "catalog",
	    SEED004(JSON_LABEL) "@seed004" } },
	{ "compare-sku-cost.text",
	  { "compare", "--catalog", "catalog", "--region", "eastus",
	    JSON_LABEL(D8_P20) JSON_LABEL(D8_TEMP) JSON_FILE(D8_P20)
		    JSON_FILE(D8_TEMP) } },
	/* a VM priced (catalog import of a prices page): VM + disks */
	{ "compare-sku-cost-vm.md",
	  { "compare", "-f", "md", "--catalog", "catalog", "--region", "eastus",
	    "--prices", "catalog/prices", "--prices", "@catalog/vm-prices.csv",
	    JSON_LABEL(D8_P20) JSON_LABEL(D8_TEMP) JSON_FILE(D8_P20)
		    JSON_FILE(D8_TEMP) } },
	/* the same prices as numbers, each with its unit, and their dates */
	{ "compare-sku-cost-vm.json",
	  { "compare", "-f", "json", "--catalog", "catalog", "--region",
	    "eastus", "--prices", "catalog/prices", "--prices",
	    "@catalog/vm-prices.csv",
	    JSON_LABEL(D8_P20) JSON_LABEL(D8_TEMP) JSON_FILE(D8_P20)
		    JSON_FILE(D8_TEMP) } },
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
	/* CrystalDiskMark's MB/s beside a limit in MB/s; its lat, named */
	{ "matrix-cdm-sku.text",
	  { "matrix", "--metric", "bw,lat", "--catalog", "catalog", "--sku",
	    "cdm8-CrystalDiskMark_20210623000551=azure:P10", "@cdm/real" } },
	/* with fio's: MiB/s for both, a latency table per kind */
	{ "matrix-mixed.text",
	  { "matrix", "--metric", "bw,lat",
	    "@cdm/real/cdm8-CrystalDiskMark_20210623000551.txt",
	    "@misc/bins_clones.json" } },
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

int main(void)
{
	/* catalog import dates its rows: a fixed day, 2026-12-01 */
	setenv("SOURCE_DATE_EPOCH", "1796083200", 1);
	return fvt_golden_group("golden", cases, FV_ARRAY_SIZE(cases),
				"FV_GOLDEN", "tests/postproc/golden",
				fixture_arg);
}
