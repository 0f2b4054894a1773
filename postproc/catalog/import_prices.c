/* SPDX-License-Identifier: MIT */
/*
 * Price lists into catalog/prices/ rows: a page of the Azure Retail
 * Prices API (prices.azure.com/api/retail/prices) and an AWS Price List
 * offer file (AmazonEC2). The traps (cloud-prices.md): Azure's
 * Reservation and DevTest rows share meters with Consumption ones (kept:
 * Consumption only); a disk's capacity meter is "<tier> LRS Disk" (2022:
 * "<tier> Disks"; a page with both keeps the newer row and names the
 * other in a note), not "... Disk Mount" or "... Disk Operations"; free
 * baselines come as tierMinimumUnits; Premium SSD v2 is priced per hour;
 * so are VM sizes (by armSkuName; Linux pay as you go, not Spot).
 * AWS: us-east-1's usage types have no region prefix, others do; the
 * throughput of gp3 is priced per GiBps-month; gp3's 3,000 IOPS and 125
 * MiB/s are free. Each row is read back before it is written: one that
 * would not read is left out with a note.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "util/util.h"

static const char *const unit_names[] = { "month", "GiB-month", "IOPS-month",
					  "MBps-month", "MiBps-month" };

void fv_prices_write_header(FILE *f, const char *comment)
{
	fprintf(f, "# fioverdict-prices 1\n# %s\n", comment);
	fputs("cloud,id,region,usd,unit,free,tier,published,read,source,via,"
	      "note\n",
	      f);
}

static void field(FILE *f, const char *s, bool comma)
{
	if (comma)
		fputc(',', f);
	fv_csv_field_line(f, s);
}

/* One row, written only if it reads back as a price. */
static int emit(struct fv_import *im, const struct fv_price *r,
		const char *source)
{
	struct fv_prices back = { 0 };
	struct fv_error err = { 0 };
	char *text = NULL, num[3][48];
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	int ret;

	if (!m)
		return -ENOMEM;
	fv_prices_write_header(m, "check");
	snprintf(num[0], sizeof(num[0]), "%.10g", r->usd);
	snprintf(num[1], sizeof(num[1]), "%.10g", r->free);
	snprintf(num[2], sizeof(num[2]), "%.10g-%.10g", r->tier_lo, r->tier_hi);
	field(m, r->cloud, false);
	field(m, r->id, true);
	field(m, r->region, true);
	field(m, num[0], true);
	field(m, unit_names[r->unit], true);
	field(m, isnan(r->free) ? NULL : num[1], true);
	field(m, isinf(r->tier_hi) ? NULL : num[2], true);
	field(m, r->published, true);
	field(m, im->read, true);
	field(m, source, true);
	field(m, im->via, true);
	field(m, r->note, true);
	fputc('\n', m);
	fclose(m);
	ret = fv_prices_parse(&back, "import", text, len, &err);
	fv_prices_free(&back);
	if (ret == -ENOMEM) {
		free(text);
		return ret;
	}
	if (ret)
		fv_import_note(im, "%s:%s %s left out: %s:%d: %s", r->cloud,
			       r->id, r->region, err.where, err.line, err.text);
	else {
		/* the text after the check header: the row alone */
		const char *row =
			strchr(strchr(strchr(text, '\n') + 1, '\n') + 1, '\n') +
			1;

		fputs(row, im->out);
		im->nrows++;
	}
	free(text);
	return 0;
}

/* ---- Azure Retail Prices API ---- */

#define AZ_SRC "https://prices.azure.com/api/retail/prices"

static const char *str(json_t *o, const char *k)
{
	return json_string_value(json_object_get(o, k));
}

/* "P30 LRS Disk" or "P30 Disks": the tier, else NULL (Mount, ZRS...). */
static bool tier_meter(const char *meter, char *tier, size_t len)
{
	const char *sp = meter ? strchr(meter, ' ') : NULL;

	if (!sp || (size_t) (sp - meter) >= len ||
	    (strcmp(sp, " LRS Disk") && strcmp(sp, " Disks")))
		return false;
	snprintf(tier, len, "%.*s", (int) (sp - meter), meter);
	return (tier[0] == 'P' || tier[0] == 'E' || tier[0] == 'S') &&
	       strspn(tier + 1, "0123456789") == strlen(tier + 1) && tier[1];
}

/* What an item prices: one of our rows, or false. */
struct az_key {
	char id[64];
	const char *region, *meter;
	enum fv_price_unit unit;
	double usd, min;
	bool hourly; /* a VM size's pay-as-you-go hour */
	char date[16];
};

/*
 * A VM size's Linux pay-as-you-go meter: "Virtual Machines", by its
 * armSkuName, per hour; not Windows (its licence is in the price), Spot
 * or Low Priority.
 */
static bool az_vm_key(json_t *it, const char *prod, const char *uom,
		      struct az_key *k)
{
	const char *sku = str(it, "armSkuName"), *meter = k->meter;

	if (!sku || strncmp(sku, "Standard_", 9) || strstr(prod, "Windows") ||
	    strstr(meter, "Spot") || strstr(meter, "Low Priority") || !uom ||
	    strcmp(uom, "1 Hour"))
		return false;
	snprintf(k->id, sizeof(k->id), "%s", sku);
	k->unit = FV_PRICE_MONTH;
	k->hourly = true;
	return true;
}

static bool az_key(json_t *it, struct az_key *k)
{
	const char *meter = str(it, "meterName"), *type = str(it, "type");
	const char *prod = str(it, "productName"),
		   *uom = str(it, "unitOfMeasure");
	const char *eff = str(it, "effectiveStartDate"),
		   *cur = str(it, "currencyCode");
	json_t *price = json_object_get(it, "retailPrice");

	if (!type || strcmp(type, "Consumption") || !meter || !prod ||
	    !json_is_number(price) || !str(it, "armRegionName") ||
	    strcmp(cur ? cur : "USD", "USD"))
		return false;
	memset(k, 0, sizeof(*k));
	k->region = str(it, "armRegionName");
	k->meter = meter;
	k->usd = json_number_value(price);
	k->min = json_number_value(json_object_get(it, "tierMinimumUnits"));
	if (eff)
		snprintf(k->date, sizeof(k->date), "%.10s", eff);
	if (str(it, "serviceName") &&
	    !strcmp(str(it, "serviceName"), "Virtual Machines"))
		return az_vm_key(it, prod, uom, k);
	if (tier_meter(meter, k->id, sizeof(k->id))) {
		k->unit = FV_PRICE_MONTH;
		return uom && !strcmp(uom, "1/Month");
	}
	/* Premium SSD v2: per hour; its free tier's rows (price 0 up to the
	 * baseline) add nothing */
	if (!strstr(prod, "Premium SSD v2") || !uom || strcmp(uom, "1/Hour"))
		return false;
	snprintf(k->id, sizeof(k->id), "PremiumV2_LRS");
	if (!strcmp(meter, "Premium LRS Provisioned Capacity"))
		k->unit = FV_PRICE_GIB_MONTH;
	else if (!strcmp(meter, "Premium LRS Provisioned IOPS"))
		k->unit = FV_PRICE_IOPS_MONTH;
	else if (!strcmp(meter, "Premium LRS Provisioned Throughput (MBps)"))
		k->unit = FV_PRICE_MBPS_MONTH;
	else
		return false;
	return k->unit == FV_PRICE_GIB_MONTH || k->min > 0;
}

/*
 * Another row of the page that prices the same (a meter renamed: "E10
 * Disks" in 2022, "E10 LRS Disk" later) and is newer, or as new and
 * before it: the one kept. Its index, or -1.
 */
static long az_newer(const struct az_key *keys, const bool *ours, size_t n,
		     size_t self)
{
	const struct az_key *k = &keys[self];

	for (size_t i = 0; i < n; i++) {
		const struct az_key *o = &keys[i];
		int c;

		if (i == self || !ours[i] || strcmp(o->id, k->id) ||
		    strcmp(o->region, k->region) || o->unit != k->unit ||
		    o->min != k->min)
			continue;
		c = strcmp(o->date, k->date);
		if (c > 0 || (!c && i < self))
			return (long) i;
	}
	return -1;
}

static int az_row(struct fv_import *im, const struct az_key *k)
{
	struct fv_price r = { .cloud = (char *) "azure",
			      .free = NAN,
			      .tier_hi = INFINITY };

	r.id = (char *) k->id;
	r.region = (char *) k->region;
	r.unit = k->unit;
	r.usd = k->usd;
	r.published = k->date[0] ? (char *) k->date : NULL;
	/* per hour: a month is 730 hours, as Azure's calculator counts */
	if (k->hourly) {
		r.usd *= 730;
		r.note = (char *) "hourly price x 730 (Linux, pay as you go)";
	} else if (k->unit != FV_PRICE_MONTH) {
		r.usd *= 730;
		if (k->min > 0)
			r.free = k->min;
		r.note = (char *) "hourly price x 730";
	}
	return emit(im, &r, AZ_SRC);
}

int fv_import_az_prices(struct fv_import *im, json_t *root)
{
	json_t *items = json_object_get(root, "Items"), *it;
	size_t i, n = json_array_size(items);
	struct az_key *keys = calloc(n + 1, sizeof(*keys));
	bool *ours = calloc(n + 1, sizeof(*ours));
	int ret = keys && ours ? 0 : -ENOMEM;

	snprintf(im->via, sizeof(im->via), "Azure Retail Prices API page (%s)",
		 im->o->input ? im->o->input : "-");
	if (json_object_get(root, "NextPageLink") &&
	    json_is_string(json_object_get(root, "NextPageLink")))
		fv_import_note(im, "this page has a NextPageLink: the rows of "
				   "the next pages are not in it");
	json_array_foreach(items, i, it)
	{
		const char *cur = str(it, "currencyCode");

		if (ret)
			break;
		if (cur && strcmp(cur, "USD") && str(it, "meterName"))
			fv_import_note(im, "%s: not in USD: left out",
				       str(it, "meterName"));
		ours[i] = az_key(it, &keys[i]);
	}
	for (i = 0; i < n && !ret; i++) {
		long kept = ours[i] ? az_newer(keys, ours, n, i) : -1;

		if (!ours[i])
			continue;
		if (kept < 0)
			ret = az_row(im, &keys[i]);
		else
			fv_import_note(im,
				       "azure:%s %s: meter '%s' (%s) left out: "
				       "'%s' (%s) prices the same",
				       keys[i].id, keys[i].region,
				       keys[i].meter, keys[i].date,
				       keys[kept].meter, keys[kept].date);
	}
	free(keys);
	free(ours);
	return ret;
}

/* ---- AWS Price List offer file ---- */

#define AWS_SRC                                                              \
	"https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/" \
	"current/index.json"

/* The price dimensions of a SKU's on-demand terms: one row each. */
static int aws_terms(struct fv_import *im, json_t *terms, const char *sku,
		     struct fv_price *r, double scale)
{
	json_t *offers = json_object_get(terms, sku), *offer, *dim;
	const char *code, *rate;
	int ret = 0;

	json_object_foreach(offers, code, offer)
	{
		json_t *dims = json_object_get(offer, "priceDimensions");
		const char *eff = str(offer, "effectiveDate");
		char date[16] = "";

		if (eff)
			snprintf(date, sizeof(date), "%.10s", eff);
		r->published = date[0] ? date : NULL;
		json_object_foreach(dims, rate, dim)
		{
			const char *usd = str(
				json_object_get(dim, "pricePerUnit"), "USD");
			const char *lo = str(dim, "beginRange");
			const char *hi = str(dim, "endRange");
			char *end = NULL;

			if (!usd || ret)
				continue;
			r->usd = strtod(usd, &end) * scale;
			if (*end || end == usd) {
				fv_import_note(im,
					       "aws:%s %s left out: price '%s' "
					       "is not a number",
					       r->id, r->region, usd);
				continue;
			}
			r->tier_lo = lo ? atof(lo) : 0;
			r->tier_hi =
				!hi || !strcmp(hi, "Inf") ? INFINITY : atof(hi);
			if (r->tier_lo == 0 && isinf(r->tier_hi))
				r->tier_lo = 0;
			ret = emit(im, r, AWS_SRC);
		}
	}
	return ret;
}

/* "EUW3-EBS:VolumeP-IOPS.io2.tier2" -> "io2"; NULL if not a volume's. */
static const char *volume_of(const char *usage, char *buf, size_t len)
{
	const char *dot = usage ? strrchr(usage, '.') : NULL;

	if (!dot)
		return NULL;
	if (!strncmp(dot, ".tier", 5)) {
		const char *p = dot;

		while (p > usage && p[-1] != '.')
			p--;
		if (p == usage)
			return NULL;
		snprintf(buf, len, "%.*s", (int) (dot - p), p);
		return buf;
	}
	snprintf(buf, len, "%s", dot + 1);
	return buf;
}

int fv_import_aws_prices(struct fv_import *im, json_t *root)
{
	json_t *products = json_object_get(root, "products"), *p;
	json_t *terms =
		json_object_get(json_object_get(root, "terms"), "OnDemand");
	const char *sku, *pub = str(root, "publicationDate");
	int ret = 0;

	snprintf(im->via, sizeof(im->via),
		 "AWS Price List offer file (%s, publicationDate %.10s)",
		 im->o->input ? im->o->input : "-", pub ? pub : "?");
	json_object_foreach(products, sku, p)
	{
		json_t *a = json_object_get(p, "attributes");
		const char *fam = str(p, "productFamily");
		const char *region = str(a, "regionCode");
		struct fv_price r = { .cloud = (char *) "aws",
				      .free = NAN,
				      .tier_hi = INFINITY };
		char vol[32];
		double scale = 1;

		if (ret || !fam || !region)
			continue;
		r.region = (char *) region;
		if (!strcmp(fam, "Storage") && str(a, "volumeApiName")) {
			r.id = (char *) str(a, "volumeApiName");
			r.unit = FV_PRICE_GIB_MONTH;
		} else if (!strcmp(fam, "System Operation") &&
			   str(a, "group") &&
			   !strcmp(str(a, "group"), "EBS IOPS") &&
			   (r.id = (char *) volume_of(str(a, "usagetype"), vol,
						      sizeof(vol)))) {
			r.unit = FV_PRICE_IOPS_MONTH;
			if (!strcmp(r.id, "gp3"))
				r.free = 3000;
		} else if (!strcmp(fam, "Provisioned Throughput") &&
			   (r.id = (char *) volume_of(str(a, "usagetype"), vol,
						      sizeof(vol)))) {
			/* GiBps-month: 1024 MiB/s */
			r.unit = FV_PRICE_MIBPS_MONTH;
			scale = 1.0 / 1024;
			if (!strcmp(r.id, "gp3"))
				r.free = 125;
		} else
			continue;
		ret = aws_terms(im, terms, sku, &r, scale);
	}
	return ret;
}
