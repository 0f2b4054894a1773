/* SPDX-License-Identifier: MIT */
/*
 * List prices: the files of catalog/prices/ load, every row has its
 * source and date; malformed rows are named by file and line; what a SKU
 * costs a month (a tier's price, a rule's capacity plus what is
 * provisioned above the free baseline, io2's IOPS tiers); what is not
 * priced says why (a VM size, unless an imported row prices it); and the
 * imports of an Azure Retail Prices page and an
 * AWS offer file write rows that read back, the traps left out.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "util/util.h"
#include "fvtest.h"

static struct fv_prices real;

static int setup(void **state)
{
	struct fv_error err = { 0 };

	if (fvt_catalog_setup(state))
		return -1;
	if (fv_prices_load(&real, "catalog/prices", &err)) {
		fv_error_print(&err, "setup", stderr);
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	fv_prices_free(&real);
	return fvt_catalog_teardown(state);
}

static void every_price_dated(void **state)
{
	(void) state;
	assert_true(real.n > 150);
	for (size_t i = 0; i < real.n; i++) {
		assert_non_null(real.v[i].read);
		assert_non_null(real.v[i].source);
		assert_true(!isnan(real.v[i].usd) || real.v[i].note);
	}
	for (size_t i = 0; i < 7; i++) {
		static const char *const r[][2] = {
			{ "azure", "eastus" },	      { "azure", "westeurope" },
			{ "azure", "francecentral" }, { "aws", "us-east-1" },
			{ "aws", "eu-west-3" },	      { "gcp", "us-central1" },
			{ "gcp", "europe-west9" },
		};
		assert_true(fv_prices_region_known(&real, r[i][0], r[i][1]));
	}
}

static double cost(const char *id, const char *region, char *why)
{
	struct fv_sku s;
	struct fv_cost c;
	struct fv_error err = { 0 };

	if (fv_sku_resolve(fvt_catalog.rows, fvt_catalog.n, id, &s, &err))
		fail_msg("%s: %s", id, err.text);
	if (fv_sku_cost(&real, &s, region, &c)) {
		snprintf(why, 256, "%s", c.why);
		return NAN;
	}
	assert_non_null(c.date);
	return c.usd;
}

/* A VM size priced by an imported page's row: its month, its date. */
static void vm_priced(void **state)
{
	struct fv_prices p = { 0 };
	struct fv_sku s;
	struct fv_cost c;
	struct fv_error err = { 0 };

	(void) state;
	assert_int_equal(fv_prices_load(&p,
					fvt_path("FV_FIXTURES",
						 "tests/postproc/fixtures",
						 "catalog/vm-prices.csv"),
					&err),
			 0);
	assert_int_equal(fv_sku_resolve(fvt_catalog.rows, fvt_catalog.n,
					"azure:Standard_D8s_v3", &s, &err),
			 0);
	assert_int_equal(fv_sku_cost(&p, &s, "eastus", &c), 0);
	assert_true(fabs(c.usd - 0.384 * 730) < 1e-9);
	assert_string_equal(c.date, "2024-04-01");
	/* another region: not priced, said */
	assert_int_equal(fv_sku_cost(&p, &s, "westeurope", &c), -ENOENT);
	fvt_has(c.why, "no VM price in westeurope");
	fv_prices_free(&p);
}

static void costs(void **state)
{
	char why[256];

	(void) state;
	assert_true(fabs(cost("azure:P30", "eastus", why) - 135.17) < 1e-9);
	assert_true(fabs(cost("azure:P15", "francecentral", why) - 45.992571) <
		    1e-9);
	/* Premium SSD v2 within its free 3000 IOPS / 125 MB/s: capacity */
	assert_true(fabs(cost("azure:PremiumV2_LRS:256GiB", "eastus", why) -
			 256 * 0.08103) < 1e-9);
	/* above the free IOPS: not priced in USD, and said so */
	assert_true(isnan(
		cost("azure:PremiumV2_LRS:256GiB:6000iops", "eastus", why)));
	fvt_has(why, "not priced");
	/* gp3: 500 GiB, 6000 IOPS (3000 free), 250 MiB/s (125 free) */
	assert_true(fabs(cost("aws:gp3:500GiB:6000iops:250MiBps", "us-east-1",
			      why) -
			 (500 * 0.08 + 3000 * 0.005 + 125 * 0.04)) < 1e-9);
	/* io2 at 40,000 IOPS: the second tier's rate */
	assert_true(fabs(cost("aws:io2:100GiB:40000iops", "us-east-1", why) -
			 (100 * 0.125 + 40000 * 0.0455)) < 1e-6);
	/* the catalog's lists price no VM size, and say where one comes from */
	assert_true(isnan(cost("azure:Standard_D8s_v3", "eastus", why)));
	fvt_has(why, "no VM price in eastus", "catalog import");
	assert_true(isnan(cost("azure:P30", "mars", why)));
	fvt_has(why, "no month price in mars");
}

static void refused(const char *text, const char *want)
{
	struct fv_prices p = { 0 };
	struct fv_error err = { 0 };
	char got[1024];

	assert_int_equal(fv_prices_parse(&p, "p.csv", text, strlen(text), &err),
			 -EINVAL);
	snprintf(got, sizeof(got), "%s:%d: %s", err.where, err.line, err.text);
	if (!strstr(got, want))
		fail_msg("got '%s', want '%s'", got, want);
	fv_prices_free(&p);
}

static void malformed(void **state)
{
	(void) state;
	refused("cloud,id\n", "p.csv:1: not a price list");
	refused("# fioverdict-prices 1\ncloud,id,region,usd,unit,read,source\n"
		"azure,P30,eastus,1x,month,2026-01-01,https://e/\n",
		"p.csv:3: field 'usd'");
	refused("# fioverdict-prices 1\ncloud,id,region,usd,unit,read,source\n"
		"azure,P30,eastus,1,week,2026-01-01,https://e/\n",
		"p.csv:3: field 'unit'");
	refused("# fioverdict-prices 1\ncloud,id,region,usd,unit,read,source\n"
		"azure,P30,eastus,,month,2026-01-01,https://e/\n",
		"says why in note");
	refused("# fioverdict-prices 1\ncloud,id,region,usd,unit\n",
		"every price has its source and date");
}

/* An import's output reads back as a price list. */
static void imports_read_back(void **state)
{
	static const char *const files[] = { "catalog/az-retail-prices.json",
					     "catalog/aws-offer.json" };

	(void) state;
	for (size_t i = 0; i < 2; i++) {
		const char *path = fvt_path("FV_FIXTURES",
					    "tests/postproc/"
					    "fixtures",
					    files[i]);
		struct fv_import_opts o = { .read = "2026-12-01",
					    .input = files[i] };
		struct fv_prices p = { 0 };
		size_t len, olen;
		struct fv_error err = { 0 };
		char *text = fvt_slurp(path, &len), *out = NULL;
		FILE *f = open_memstream(&out, &olen);
		FILE *notes = fopen("/dev/null", "w");
		int n;

		assert_non_null(text);
		n = fv_catalog_import(text, len, &o, f, notes, &err);
		fclose(f);
		fclose(notes);
		assert_true(n > 0);
		assert_int_equal(fv_prices_parse(&p, "back", out, olen, &err),
				 0);
		assert_int_equal(p.n, (size_t) n);
		for (size_t k = 0; k < p.n; k++) {
			/* the traps: no Mount, ZRS, Reservation, instance */
			assert_true(strcmp(p.v[k].id, "P40") &&
				    p.v[k].usd != 120.0 &&
				    p.v[k].usd != 202.75);
		}
		if (i == 1)
			assert_non_null(fv_price_find(&p, "aws", "gp3",
						      "eu-west-3",
						      FV_PRICE_GIB_MONTH, 1));
		fv_prices_free(&p);
		free(out);
		free(text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_price_dated),
		cmocka_unit_test(costs),
		cmocka_unit_test(vm_priced),
		cmocka_unit_test(malformed),
		cmocka_unit_test(imports_read_back),
	};

	return cmocka_run_group_tests_name("prices", tests, setup, teardown);
}
