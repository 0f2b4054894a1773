/* SPDX-License-Identifier: MIT */
/*
 * fioverdict catalog import: a cloud's machine-readable list of sizes
 * into a catalog file. Which list it is follows from its shape: an array
 * of SKUs with capabilities (az vm list-skus), or an object with
 * InstanceTypes (aws ec2 describe-instance-types); and a price list
 * into a prices file: an Azure Retail Prices API page (Items with
 * BillingCurrency) or an AWS Price List offer file (products and terms).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "import.h"
#include "util/util.h"

/* Today, or the day of SOURCE_DATE_EPOCH (reproducible output). */
static void today(char *buf, size_t len)
{
	time_t t = fv_output_time();
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%d", &tm);
}

static bool is_az(json_t *root)
{
	json_t *first = json_array_get(root, 0);

	return json_is_array(root) &&
	       (!json_array_size(root) ||
		(json_is_object(first) &&
		 json_object_get(first, "resourceType") &&
		 json_object_get(first, "capabilities")));
}

int fv_catalog_import(const char *text, size_t len,
		      const struct fv_import_opts *o, FILE *out, FILE *notes,
		      struct fv_error *err)
{
	struct fv_import im = { .o = o, .out = out, .notes = notes };
	const char *name = o->input ? o->input : "-";
	json_error_t je;
	json_t *root = json_loadb(text, len, 0, &je);
	int ret;

	if (!root)
		return fv_error_set(err, EINVAL, FV_EXIT_INPUT, NULL, 0,
				    "%s:%d:%d: %s", name, je.line, je.column,
				    je.text);
	snprintf(im.read, sizeof(im.read), "%s", o->read ? o->read : "");
	if (!o->read)
		today(im.read, sizeof(im.read));
	if (is_az(root)) {
		fv_cat_write_header(out, "imported from az vm list-skus; "
					 "format: docs/catalog.md");
		ret = fv_import_az(&im, root);
	} else if (json_is_array(json_object_get(root, "InstanceTypes"))) {
		fv_cat_write_header(out, "imported from aws ec2 "
					 "describe-instance-types; format: "
					 "docs/catalog.md");
		ret = fv_import_aws(&im, root);
	} else if (json_is_array(json_object_get(root, "Items")) &&
		   json_object_get(root, "BillingCurrency")) {
		fv_prices_write_header(out, "imported from the Azure Retail "
					    "Prices API; format: "
					    "docs/catalog.md (Prices)");
		ret = fv_import_az_prices(&im, root);
	} else if (json_is_object(json_object_get(root, "products")) &&
		   json_is_object(json_object_get(root, "terms"))) {
		fv_prices_write_header(out, "imported from an AWS Price List "
					    "offer file; format: "
					    "docs/catalog.md (Prices)");
		ret = fv_import_aws_prices(&im, root);
	} else {
		ret = fv_error_set(
			err, EINVAL, FV_EXIT_INPUT, name, 0,
			"neither 'az vm list-skus --output json' (an "
			"array of SKUs with resourceType and capabilities), "
			"'aws ec2 describe-instance-types' (an object "
			"with InstanceTypes), an Azure Retail Prices API "
			"page (Items and BillingCurrency) nor an AWS Price "
			"List offer file (products and terms)");
	}
	json_decref(root);
	for (size_t i = 0; i < im.nseen; i++)
		free(im.seen[i]);
	free(im.seen);
	return ret ? ret : im.nrows;
}
