/* SPDX-License-Identifier: MIT */
/*
 * Rows written back: as a catalog file (what `fioverdict catalog import`
 * prints, rates in the row's own unit), and as C initializers (the
 * engines' table, generated from catalog/ at build time).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "util/util.h"

static const char *const header[] = {
	"cloud",
	"id",
	"kind",
	"family",
	"title",
	"size_gib",
	"iops",
	"bw",
	"bw_unit",
	"burst_iops",
	"burst_bw",
	"burst_s",
	"burst_credits",
	"bursting",
	"iops_per_gib",
	"bw_per_gib",
	"iops_min",
	"iops_max",
	"bw_max",
	"prov",
	"prov_iops_per_gib",
	"bw_per_iops",
	"iops_range",
	"vm_class",
	"temp_gib",
	"temp_iops",
	"temp_bw",
	"temp_write_iops",
	"temp_write_bw",
	"cached_iops",
	"cached_bw",
	"cache_gib",
	"nvme_gib",
	"nvme_iops",
	"nvme_bw",
	"data_disks",
	"uv2_iops",
	"uv2_bw",
	"uv2_burst_iops",
	"uv2_burst_bw",
	"ephemeral",
	"used",
	"published",
	"read",
	"source",
	"via",
	"note",
};

#define NHEADER (FV_ARRAY_SIZE(header))

static const char *const kinds[] = { "disk", "disk-rule", "vm" };
static const char *const bursts[] = { "none", "credit", "on-demand" };
static const char *const provs[] = { "", "iops", "iops+bw" };

void fv_cat_write_header(FILE *f, const char *comment)
{
	fprintf(f, "# fioverdict-catalog %d\n", FV_CATALOG_FORMAT);
	if (comment)
		fprintf(f, "# %s\n", comment);
	for (size_t i = 0; i < NHEADER; i++)
		fprintf(f, "%s%s", i ? "," : "", header[i]);
	fputc('\n', f);
}

static void str(FILE *f, const char *s)
{
	fputc(',', f);
	fv_csv_field_line(f, s);
}

static void num(FILE *f, double v, double unit)
{
	fputc(',', f);
	if (!isnan(v))
		fprintf(f, "%.15g", v / unit);
}

static void range(FILE *f, double lo, double hi)
{
	fputc(',', f);
	if (isnan(lo))
		return;
	if (lo == hi)
		fprintf(f, "%.15g", lo);
	else
		fprintf(f, "%.15g-%.15g", lo, hi);
}

void fv_cat_write_row(FILE *f, const struct fv_cat_row *r)
{
	double u = r->bw_unit && !strcmp(r->bw_unit, "MiB/s") ? 1048576.0 : 1e6;

	fputs(r->cloud, f);
	str(f, r->id);
	str(f, kinds[r->kind]);
	str(f, r->family);
	str(f, r->title);
	range(f, r->size_lo, r->size_hi);
	num(f, r->iops, 1);
	num(f, r->bw, u);
	str(f, r->bw_unit);
	num(f, r->burst_iops, 1);
	num(f, r->burst_bw, u);
	num(f, r->burst_s, 1);
	num(f, r->burst_credits, 1);
	str(f, bursts[r->bursting]);
	num(f, r->iops_per_gib, 1);
	num(f, r->bw_per_gib, u);
	num(f, r->iops_min, 1);
	num(f, r->iops_max, 1);
	num(f, r->bw_max, u);
	str(f, provs[r->prov]);
	num(f, r->prov_iops_per_gib, 1);
	num(f, r->bw_per_iops, u);
	range(f, r->iops_lo, r->iops_hi);
	str(f, r->vm_class);
	num(f, r->temp_gib, 1);
	num(f, r->temp_iops, 1);
	num(f, r->temp_bw, u);
	num(f, r->temp_write_iops, 1);
	num(f, r->temp_write_bw, u);
	num(f, r->cached_iops, 1);
	num(f, r->cached_bw, u);
	num(f, r->cache_gib, 1);
	num(f, r->nvme_gib, 1);
	num(f, r->nvme_iops, 1);
	num(f, r->nvme_bw, u);
	num(f, r->data_disks, 1);
	num(f, r->uv2_iops, 1);
	num(f, r->uv2_bw, u);
	num(f, r->uv2_burst_iops, 1);
	num(f, r->uv2_burst_bw, u);
	str(f, r->ephemeral);
	str(f, r->used ? "yes" : "no");
	str(f, r->published);
	str(f, r->read);
	str(f, r->source);
	str(f, r->via);
	str(f, r->note);
	fputc('\n', f);
}

/* ---- C ---- */

static void cstr(FILE *f, const char *field, const char *s)
{
	if (!s)
		return;
	fprintf(f, "\t  .%s = \"", field);
	for (; *s; s++) {
		unsigned char c = (unsigned char) *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(f, "\\%03o", c);
		else
			fputc(c, f);
	}
	fputs("\",\n", f);
}

static void cnum(FILE *f, const char *field, double v)
{
	if (isnan(v))
		fprintf(f, "\t  .%s = NAN,\n", field);
	else
		fprintf(f, "\t  .%s = %.17g,\n", field, v);
}

void fv_cat_write_c(FILE *f, const struct fv_cat_row *r)
{
	static const char *const ckinds[] = { "FV_CAT_DISK", "FV_CAT_RULE",
					      "FV_CAT_VM" };
	static const char *const cbursts[] = { "FV_BURST_NONE",
					       "FV_BURST_CREDIT",
					       "FV_BURST_ON_DEMAND" };
	static const char *const cprovs[] = { "FV_PROV_NONE", "FV_PROV_IOPS",
					      "FV_PROV_IOPS_BW" };
	const struct {
		const char *name;
		double v;
	} nums[] = {
		{ "size_lo", r->size_lo },
		{ "size_hi", r->size_hi },
		{ "iops", r->iops },
		{ "bw", r->bw },
		{ "burst_iops", r->burst_iops },
		{ "burst_bw", r->burst_bw },
		{ "burst_s", r->burst_s },
		{ "burst_credits", r->burst_credits },
		{ "iops_per_gib", r->iops_per_gib },
		{ "bw_per_gib", r->bw_per_gib },
		{ "iops_min", r->iops_min },
		{ "iops_max", r->iops_max },
		{ "bw_max", r->bw_max },
		{ "prov_iops_per_gib", r->prov_iops_per_gib },
		{ "bw_per_iops", r->bw_per_iops },
		{ "iops_lo", r->iops_lo },
		{ "iops_hi", r->iops_hi },
		{ "temp_gib", r->temp_gib },
		{ "temp_iops", r->temp_iops },
		{ "temp_bw", r->temp_bw },
		{ "temp_write_iops", r->temp_write_iops },
		{ "temp_write_bw", r->temp_write_bw },
		{ "cached_iops", r->cached_iops },
		{ "cached_bw", r->cached_bw },
		{ "cache_gib", r->cache_gib },
		{ "nvme_gib", r->nvme_gib },
		{ "nvme_iops", r->nvme_iops },
		{ "nvme_bw", r->nvme_bw },
		{ "data_disks", r->data_disks },
		{ "uv2_iops", r->uv2_iops },
		{ "uv2_bw", r->uv2_bw },
		{ "uv2_burst_iops", r->uv2_burst_iops },
		{ "uv2_burst_bw", r->uv2_burst_bw },
	};

	fputs("\t{\n", f);
	cstr(f, "cloud", r->cloud);
	cstr(f, "id", r->id);
	cstr(f, "family", r->family);
	cstr(f, "title", r->title);
	fprintf(f, "\t  .kind = %s,\n\t  .bursting = %s,\n\t  .prov = %s,\n",
		ckinds[r->kind], cbursts[r->bursting], cprovs[r->prov]);
	for (size_t i = 0; i < FV_ARRAY_SIZE(nums); i++)
		cnum(f, nums[i].name, nums[i].v);
	cstr(f, "vm_class", r->vm_class);
	cstr(f, "ephemeral", r->ephemeral);
	cstr(f, "bw_unit", r->bw_unit);
	fprintf(f, "\t  .used = %s,\n", r->used ? "true" : "false");
	cstr(f, "published", r->published);
	cstr(f, "read", r->read);
	cstr(f, "source", r->source);
	cstr(f, "via", r->via);
	cstr(f, "note", r->note);
	cstr(f, "file", r->file);
	fprintf(f, "\t  .line = %u,\n\t},\n", r->line);
}
