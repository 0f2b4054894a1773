/* SPDX-License-Identifier: MIT */
/*
 * --catalog PATH, --sku LABEL=ID[+ID]... and --path LABEL=PATH: the
 * catalog read once, the labels' SKUs and paths resolved against it after
 * the command line is parsed (--catalog may come after --sku, --path
 * before it), so that a combination that cannot be is refused before
 * anything runs.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"

FV_CMDLINE_FIELD(at_catalog_path, const char *, catalog_path)
FV_CMDLINE_FIELD(at_sku_specs, struct fv_args, sku_specs)
FV_CMDLINE_FIELD(at_path_specs, struct fv_args, path_specs)
FV_CMDLINE_FIELD(at_region, const char *, region)
FV_CMDLINE_ACCESSOR(fv_at_price_paths, struct fv_args, price_paths)

const struct fv_option fv_opts_catalog[] = {
	FV_OPT_STRING("catalog", 0, "PATH",
		      "catalog file or directory [FV_CATALOG, else\nthe "
		      "installed one]",
		      at_catalog_path),
	FV_OPT_END,
};

const struct fv_option fv_opts_sku[] = {
	FV_OPT_LIST("sku", 0, "LABEL=ID[+ID]",
		    "the VM and disk(s) a label ran on, e.g.\np30=azure:P30+"
		    "azure:Standard_D32ds_v5\n(repeatable; fioverdict catalog "
		    "list)",
		    at_sku_specs),
	FV_OPT_LIST("path", 0, "LABEL=PATH",
		    "where a label's I/O went: uncached, cached,\ntemp, nvme, "
		    "os or os:cache|temp|nvme\n(repeatable; needs its --sku)",
		    at_path_specs),
	FV_OPT_STRING(
		"region", 0, "REGION",
		"price the SKUs at REGION's list prices\n(eastus, us-east-1..."
		"; catalog/prices/)",
		at_region),
	FV_OPT_LIST("prices", 0, "PATH",
		    "price list file or directory instead of the\ncatalog's "
		    "prices/ (repeatable: the first\nthat prices a SKU counts)",
		    fv_at_price_paths),
	FV_OPT_END,
};

int fv_catalog_open(struct fv_cmdline *c)
{
	struct fv_error err = { 0 };
	const char *where = c->catalog_path;
	int ret;

	if (c->cat_loaded)
		return 0;
	if (c->catalog_path) {
		ret = fv_catalog_load(&c->cat, c->catalog_path, &err);
		if (!ret)
			ret = fv_catalog_check(&c->cat, &err);
	} else
		ret = fv_catalog_default(&c->cat, &where, &err);
	if (ret == -ENOMEM) {
		fputs("fioverdict: out of memory\n", c->err);
		return FV_EXIT_SOFTWARE;
	}
	if (ret) {
		fv_error_print(&err, "fioverdict: catalog", c->err);
		return FV_EXIT_INPUT;
	}
	c->cat_loaded = true;
	return 0;
}

int fv_prices_open(struct fv_cmdline *c, char *where, size_t len)
{
	const char *f = c->cat.nfiles ? c->cat.files[0] : "./x";
	const char *slash = strrchr(f, '/');
	struct fv_error err = { 0 };
	char prefix[64];
	int ret = 0;

	if (c->price_paths.n)
		snprintf(where, len, "%s", c->price_paths.v[0]);
	else
		snprintf(where, len, "%.*s/prices",
			 slash ? (int) (slash - f) : 1, slash ? f : ".");
	for (size_t i = 0;
	     i < (c->price_paths.n ? c->price_paths.n : 1) && !ret; i++)
		ret = fv_prices_load(
			&c->prices,
			c->price_paths.n ? c->price_paths.v[i] : where, &err);
	if (ret == -ENOMEM)
		return FV_EXIT_SOFTWARE;
	if (ret) {
		snprintf(prefix, sizeof(prefix), "fioverdict %s: prices",
			 c->command);
		fv_error_print(&err, prefix, c->err);
		return FV_EXIT_INPUT;
	}
	return 0;
}

/* The prices (--prices, else catalog/prices/), for --region. */
static int load_prices(struct fv_cmdline *c)
{
	char path[4200];
	int ret = fv_prices_open(c, path, sizeof(path));

	if (ret)
		return ret;
	for (size_t i = 0; i < c->skus.n; i++)
		if (!fv_prices_region_known(&c->prices,
					    c->skus.v[i].sku[0].row->cloud,
					    c->region))
			return fv_usage_error(
				c,
				"--region %s: no %s prices for "
				"it (%s/%s.csv)",
				c->region, c->skus.v[i].sku[0].row->cloud, path,
				c->skus.v[i].sku[0].row->cloud);
	c->skus.prices = &c->prices;
	c->skus.region = c->region;
	return 0;
}

/*
 * Each spec of a given to add (fv_label_skus_add, fv_label_path_set); a
 * refused one a usage error, what before the reason.
 */
static int add_specs(struct fv_cmdline *c, const struct fv_args *a,
		     int (*add)(struct fv_label_skus *s,
				const struct fv_catalog *cat, const char *spec,
				struct fv_error *err),
		     const char *what)
{
	struct fv_error err = { 0 };

	for (size_t i = 0; i < a->n; i++) {
		int ret = add(&c->skus, &c->cat, a->v[i], &err);

		if (ret == -ENOMEM) {
			fputs("fioverdict: out of memory\n", c->err);
			return FV_EXIT_SOFTWARE;
		}
		if (ret)
			return fv_usage_error(c, "%s%s", what, err.text);
	}
	return 0;
}

int fv_skus_resolve(struct fv_cmdline *c)
{
	int ret;

	if (!c->sku_specs.n && c->path_specs.n)
		return fv_usage_error(c,
				      "--path %s: no --sku names its label: "
				      "give the label's SKUs with --sku",
				      c->path_specs.v[0]);
	if (!c->sku_specs.n)
		return 0;
	ret = fv_catalog_open(c);
	if (!ret)
		ret = add_specs(c, &c->sku_specs, fv_label_skus_add, "--sku: ");
	if (!ret)
		ret = add_specs(c, &c->path_specs, fv_label_path_set, "");
	if (!ret && c->region)
		ret = load_prices(c);
	c->ao.skus = &c->skus;
	return ret;
}
