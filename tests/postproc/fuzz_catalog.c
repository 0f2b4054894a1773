/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness: any bytes as a catalog file, then every row's ID
 * (bare, sized, provisioned, a VM's disks) and the input's first line as
 * IDs resolved against it, labels and their limits matched (on every
 * --path, alone and with a disk striped twice), the list and
 * show tables rendered in every format, the rows written back and read
 * again (they must read); the same bytes as a price list, and what the
 * catalog's SKUs cost from it. A crash, a sanitizer report, a leak, a hang or
 * rows written back that do not read is a failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "catalog/catalog.h"
#include "util/util.h"
#include "render/render.h"

#include "fuzz_common.h"

/* Every path on a label of spec: checked, and its limits taken. */
static void paths(const struct fv_catalog *c, const char *spec)
{
	static const char *const p[] = { "l=uncached", "l=cached", "l=temp",
					 "l=nvme",     "l=os",	   "l=os:cache",
					 "l=os:temp",  "l=os:nvme" };
	struct fv_error err = { 0 };

	for (size_t i = 0; i < FV_ARRAY_SIZE(p); i++) {
		struct fv_label_skus skus = { 0 };
		struct fv_limits l;

		if (!fv_label_skus_add(&skus, c, spec, &err) &&
		    !fv_label_path_set(&skus, c, p[i], &err)) {
			fv_limits_of(&skus.v[0], &l);
			fv_limits_match(&l, 1000, 1e8, 0.05, NULL);
		}
		fv_label_skus_free(&skus);
	}
}

static void show(const struct fv_catalog *c, const char *id)
{
	struct fv_report rep = { .command = "fuzz" };
	struct fv_label_skus skus = { 0 };
	struct fv_error err = { 0 };
	char spec[300];
	struct fv_sku s;

	if (fv_sku_resolve(c->rows, c->n, id, &s, &err))
		return;
	if (!fv_catalog_show_table(c, &s, &rep))
		fuzz_render_all(&rep);
	fv_report_free(&rep);
	snprintf(spec, sizeof(spec), "l=%s", id);
	if (!fv_label_skus_add(&skus, c, spec, &err)) {
		struct fv_limits l;
		char buf[512];

		fv_limits_of(&skus.v[0], &l);
		fv_limits_match(&l, s.iops, s.bw, 0.05, NULL);
		fv_limits_explain(&skus.v[0], "the level", 1000, 1e8, 0.05, buf,
				  sizeof(buf));
		paths(c, spec);
		if (c->n) {
			char two[700], first[FV_SKU_ID_MAX];

			fv_cat_row_id(first, sizeof(first), &c->rows[0]);
			snprintf(two, sizeof(two), "%s+%s+%s", spec, first,
				 first);
			paths(c, two);
		}
	}
	fv_label_skus_free(&skus);
}

/* The rows written back read: what import relies on. */
static void round_trip(const struct fv_catalog *c)
{
	struct fv_catalog back = { 0 };
	struct fv_error err = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return;
	fv_cat_write_header(f, NULL);
	for (size_t i = 0; i < c->n; i++)
		fv_cat_write_row(f, &c->rows[i]);
	fclose(f);
	if (fv_catalog_parse(&back, "back.csv", text, len, &err)) {
		fprintf(stderr, "rows written back do not read: %s:%d: %s\n",
			err.where, err.line, err.text);
		abort();
	}
	fv_catalog_free(&back);
	free(text);
}

/* The bytes as a price list; every SKU of the catalog priced from it. */
static void prices(const struct fv_catalog *c, const uint8_t *data, size_t size)
{
	struct fv_prices p = { 0 };
	struct fv_error err = { 0 };

	if (!fv_prices_parse(&p, "fuzz.csv", (const char *) data, size, &err))
		for (size_t i = 0; i < p.n && i < 32; i++) {
			char id[300];
			struct fv_sku s;
			struct fv_cost cost;

			snprintf(id, sizeof(id), "%s:%s", p.v[i].cloud,
				 p.v[i].id);
			if (!fv_sku_resolve(c->rows, c->n, id, &s, &err))
				fv_sku_cost(&p, &s, p.v[i].region, &cost);
			fv_prices_region_known(&p, p.v[i].cloud, p.v[i].region);
		}
	fv_prices_free(&p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const params[] = { "", ":100GiB",
					      ":1TiB:20000iops:500MBps",
					      ":temp", ":cached" };
	struct fv_catalog c = { 0 };
	struct fv_report rep = { .command = "fuzz" };
	struct fv_error err = { 0 };
	char id[300], first[128];
	size_t n = 0;

	if (!fv_catalog_parse(&c, "fuzz.csv", (const char *) data, size,
			      &err)) {
		fv_catalog_check(&c, &err);
		for (size_t i = 0; i < c.n && i < 32; i++)
			for (size_t p = 0; p < 5; p++) {
				snprintf(id, sizeof(id), "%s:%s%s",
					 c.rows[i].cloud,
					 p == 2 ? c.rows[i].family
							  ? c.rows[i].family
							  : c.rows[i].id
						: c.rows[i].id,
					 params[p]);
				show(&c, id);
			}
		if (!fv_catalog_list_table(&c, "*", &rep))
			fuzz_render_all(&rep);
		round_trip(&c);
	}
	/* the first line as an ID, against what was read */
	while (n < size && n + 1 < sizeof(first) && data[n] != '\n' && data[n])
		n++;
	memcpy(first, data, n);
	first[n] = '\0';
	show(&c, first);
	prices(&c, data, size);
	fv_report_free(&rep);
	fv_catalog_free(&c);
	return 0;
}
