/* SPDX-License-Identifier: MIT */
/* Internal to catalog/: one import in progress, and how each cloud's list
 * becomes rows. */
#ifndef FV_CAT_IMPORT_H
#define FV_CAT_IMPORT_H

#include <jansson.h>
#include <stdio.h>

#include "catalog.h"

struct fv_import {
	const struct fv_import_opts *o;
	char read[16]; /* YYYY-MM-DD */
	char via[256];
	FILE *out, *notes;
	int nrows;
	/* names already written, to drop the same SKU of another region */
	char **seen;
	size_t nseen, seen_alloc;
};

/* `az vm list-skus --output json`: an array of SKUs with capabilities. */
int fv_import_az(struct fv_import *im, json_t *root);
/* `aws ec2 describe-instance-types`: {"InstanceTypes": [...]}. */
int fv_import_aws(struct fv_import *im, json_t *root);

/* An Azure Retail Prices API page: {"BillingCurrency", "Items": [...]}. */
int fv_import_az_prices(struct fv_import *im, json_t *root);
/* An AWS Price List offer file: {"offerCode", "products", "terms"}. */
int fv_import_aws_prices(struct fv_import *im, json_t *root);
/* The first lines of a price list file. */
void fv_prices_write_header(FILE *f, const char *comment);

/*
 * Starts r as a SKU of cloud read from source (every figure unknown until
 * set, rates in MB/s as the clouds' APIs give them). The strings are the
 * caller's and must outlive fv_import_emit.
 */
void fv_import_row(struct fv_cat_row *r, const char *cloud, const char *id,
		   enum fv_cat_kind kind, const char *family, const char *title,
		   const char *source);
/*
 * Checks a row as the loader would and writes it (once per cloud:id);
 * a row that fails is left out with a note. 0 or -ENOMEM.
 */
int fv_import_emit(struct fv_import *im, struct fv_cat_row *r);
/* A note about a SKU left out or read in a particular way. */
void fv_import_note(struct fv_import *im, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
