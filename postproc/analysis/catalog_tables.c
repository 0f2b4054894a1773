/* SPDX-License-Identifier: MIT */
/*
 * The catalog as tables: `catalog list` (one row per SKU) and `catalog
 * show` (one row per figure of one SKU, with its bursting model and
 * source). Figures are shown as the source states them (MB/s or MiB/s);
 * csv and json also carry the raw numbers (IO/s, B/s, s, GiB).
 */
#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "util/util.h"

static bool has(double v)
{
	return !isnan(v);
}

static double unit_of(const char *bw_unit)
{
	return bw_unit && !strcmp(bw_unit, "MiB/s") ? 1048576.0 : 1e6;
}

/* "200 MB/s", as the source states it; "" when unknown. */
static void rate(char *buf, size_t len, const char *bw_unit, double v)
{
	if (!has(v))
		buf[0] = '\0';
	else
		snprintf(buf, len, "%g %s", v / unit_of(bw_unit),
			 bw_unit ? bw_unit : "MB/s");
}

static const char *kind_name(enum fv_cat_kind k)
{
	return k == FV_CAT_DISK	  ? "disk"
	       : k == FV_CAT_RULE ? "disk rule"
				  : "VM";
}

static void burst_text(char *buf, size_t len, const struct fv_cat_row *r,
		       double iops, double bw, double secs)
{
	char b[48];
	size_t n = 0;

	buf[0] = '\0';
	if (r->bursting == FV_BURST_NONE)
		return;
	if (has(iops))
		n += (size_t) snprintf(buf + n, len - n, "%.0f IOPS", iops);
	rate(b, sizeof(b), r->bw_unit, bw);
	if (b[0] && n < len)
		n += (size_t) snprintf(buf + n, len - n, "%s%s", n ? ", " : "",
				       b);
	if (n < len)
		n += (size_t) snprintf(buf + n, len - n, ", %s",
				       r->bursting == FV_BURST_CREDIT
					       ? "credit"
					       : "on demand");
	if (has(secs) && n < len)
		snprintf(buf + n, len - n, ", %g min", secs / 60);
}

/* ---- catalog list ---- */

static bool matches(const struct fv_cat_row *r, const char *pattern)
{
	char id[160];

	if (!pattern)
		return true;
	fv_cat_row_id(id, sizeof(id), r);
	if (strpbrk(pattern, "*?["))
		return !fnmatch(pattern, id, FNM_CASEFOLD) ||
		       (r->family &&
			!fnmatch(pattern, r->family, FNM_CASEFOLD));
	return strcasestr(id, pattern) ||
	       (r->family && strcasestr(r->family, pattern)) ||
	       (r->title && strcasestr(r->title, pattern));
}

static int list_cols(struct fv_table *t)
{
	static const struct fv_col cols[] = {
		{ "id", "ID", FV_U_TEXT, 0 },
		{ "kind", "Kind", FV_U_TEXT, 0 },
		{ "family", "Family", FV_U_TEXT, 0 },
		{ "size", "Size (GiB)", FV_U_TEXT, 0 },
		{ "iops", "IOPS", FV_U_IOPS, 0 },
		{ "throughput", "Throughput", FV_U_TEXT, 0 },
		{ "burst", "Burst", FV_U_TEXT, 0 },
		{ "bw", "Throughput", FV_U_BPS, FV_COL_MACHINE },
		{ "read", "Read", FV_U_TEXT, FV_COL_MACHINE },
		{ "source", "Source", FV_U_TEXT, FV_COL_MACHINE },
	};

	return fv_table_add_cols(t, cols, FV_ARRAY_SIZE(cols));
}

/* The sizes of all the rows of a rule's ID. */
static void rule_sizes(const struct fv_catalog *c, const struct fv_cat_row *r,
		       double *lo, double *hi)
{
	*lo = r->size_lo;
	*hi = r->size_hi;
	for (size_t i = 0; r->kind == FV_CAT_RULE && i < c->n; i++) {
		const struct fv_cat_row *o = &c->rows[i];

		if (o->used && o->kind == FV_CAT_RULE &&
		    !strcasecmp(o->cloud, r->cloud) &&
		    !strcasecmp(o->id, r->id)) {
			*lo = fmin(*lo, o->size_lo);
			*hi = fmax(*hi, o->size_hi);
		}
	}
}

static int list_row(struct fv_table *t, const struct fv_catalog *c,
		    const struct fv_cat_row *r)
{
	char id[160], size[48] = "", tput[48], burst[128];
	int row = fv_table_add_row(t);
	bool rule = r->kind == FV_CAT_RULE;
	double lo, hi;

	if (row < 0)
		return row;
	fv_cat_row_id(id, sizeof(id), r);
	rule_sizes(c, r, &lo, &hi);
	if (has(lo))
		snprintf(size, sizeof(size), lo == hi ? "%g" : "%g-%g", lo, hi);
	rate(tput, sizeof(tput), r->bw_unit, r->bw);
	burst_text(burst, sizeof(burst), r, r->burst_iops, r->burst_bw,
		   r->burst_s);
	fv_cell_str(t, row, 0, id);
	fv_cell_str(t, row, 1, kind_name(r->kind));
	fv_cell_str(t, row, 2, r->family ? r->family : "");
	fv_cell_str(t, row, 3, size);
	if (rule || !has(r->iops))
		fv_cell_na(t, row, 4,
			   "a rule: its figures follow from the size "
			   "and what is provisioned (catalog show ID)");
	else
		fv_cell_num(t, row, 4, r->iops);
	fv_cell_str(t, row, 5, rule ? "per rule" : tput);
	fv_cell_str(t, row, 6, burst);
	if (!rule && has(r->bw))
		fv_cell_num(t, row, 7, r->bw);
	fv_cell_str(t, row, 8, r->read);
	return fv_cell_str(t, row, 9, r->source);
}

/* One row per rule ID: its rows (sizes, IOPS ranges) are one SKU. */
static bool listed(const struct fv_catalog *c, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (c->rows[k].used && c->rows[i].kind == FV_CAT_RULE &&
		    c->rows[k].kind == FV_CAT_RULE &&
		    !strcasecmp(c->rows[k].cloud, c->rows[i].cloud) &&
		    !strcasecmp(c->rows[k].id, c->rows[i].id))
			return true;
	return false;
}

int fv_catalog_list_table(const struct fv_catalog *c, const char *pattern,
			  struct fv_report *rep)
{
	struct fv_table *t = fv_table_new("catalog", "Catalog");
	size_t unused = 0;

	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	list_cols(t);
	for (size_t i = 0; i < c->n; i++) {
		if (!matches(&c->rows[i], pattern))
			continue;
		if (!c->rows[i].used)
			unused++;
		else if (!listed(c, i))
			list_row(t, c, &c->rows[i]);
	}
	fv_table_note(t, "rates as the source states them (MB/s = 10^6 B/s, "
			 "MiB/s = 2^20 B/s); disk rules take a size: "
			 "fioverdict catalog show aws:gp2:100GiB");
	if (unused)
		fv_table_note(t,
			      "rows kept but not used, another source being "
			      "used instead: %zu (catalog show ID lists them)",
			      unused);
	if (!t->nrows)
		fv_table_note(t, "no SKU matches '%s'", pattern ? pattern : "");
	return fv_table_status(t);
}

/* ---- catalog show ---- */

struct show {
	struct fv_table *t;
	const struct fv_sku *s;
};

/* A figure: its name, the value as the source states it, the number. */
static void fig(struct show *x, const char *name, const char *text, double num,
		const char *unit)
{
	int row;

	if (!text[0] && !has(num))
		return;
	row = fv_table_add_row(x->t);
	if (row < 0)
		return;
	fv_cell_str(x->t, row, 0, name);
	fv_cell_str(x->t, row, 1, text);
	if (has(num))
		fv_cell_num(x->t, row, 2, num);
	fv_cell_str(x->t, row, 3, unit);
}

/*
 * A pair of limits, IOPS then throughput, each named between before and
 * after: "local NVMe " gives "local NVMe IOPS", "local NVMe throughput".
 */
static void fig_rates(struct show *x, const char *before, const char *after,
		      double iops, double bw)
{
	char name[160], b[48];

	if (has(iops)) {
		snprintf(name, sizeof(name), "%sIOPS%s", before, after);
		snprintf(b, sizeof(b), "%.0f IOPS", iops);
		fig(x, name, b, iops, "IO/s");
	}
	if (has(bw)) {
		snprintf(name, sizeof(name), "%sthroughput%s", before, after);
		rate(b, sizeof(b), x->s->row->bw_unit, bw);
		fig(x, name, b, bw, "B/s");
	}
}

static void show_burst(struct show *x)
{
	const struct fv_sku *s = x->s;
	char b[96];

	if (s->bursting == FV_BURST_NONE) {
		if (s->part == FV_SKU_WHOLE)
			fig(x, "bursting", "none", NAN, "");
		return;
	}
	fig(x, "bursting",
	    s->bursting == FV_BURST_CREDIT
		    ? "credit: earned below the baseline, spent above it"
		    : "on demand: paid, enabled per disk, no time limit",
	    NAN, "");
	fig_rates(x, "burst ", "", s->burst_iops, s->burst_bw);
	if (has(s->burst_s)) {
		snprintf(b, sizeof(b), "%.0f s (%.1f min) from a full bucket",
			 s->burst_s, s->burst_s / 60);
		fig(x, "burst duration", b, s->burst_s, "s");
	}
}

static void show_vm(struct show *x)
{
	const struct fv_cat_row *r = x->s->row;
	char b[64];

	if (x->s->part != FV_SKU_WHOLE) {
		fig_rates(x, "random write ", "", x->s->write_iops,
			  x->s->write_bw);
		return;
	}
	if (has(r->temp_gib)) {
		snprintf(b, sizeof(b), "%g GiB", r->temp_gib);
		fig(x, "local disk size", b, r->temp_gib, "GiB");
	}
	fig_rates(x, "local disk random read ", "", r->temp_iops, r->temp_bw);
	fig_rates(x, "local disk random write ", "", r->temp_write_iops,
		  r->temp_write_bw);
	fig_rates(x, "cached and temp ", "", r->cached_iops, r->cached_bw);
	if (has(r->cache_gib)) {
		snprintf(b, sizeof(b), "%g GiB", r->cache_gib);
		fig(x, "host cache size", b, r->cache_gib, "GiB");
	}
	if (has(r->nvme_gib)) {
		snprintf(b, sizeof(b), "%g GiB", r->nvme_gib);
		fig(x, "local NVMe size", b, r->nvme_gib, "GiB");
	}
	fig_rates(x, "local NVMe ", "", r->nvme_iops, r->nvme_bw);
	if (has(r->data_disks)) {
		snprintf(b, sizeof(b), "%g", r->data_disks);
		fig(x, "data disks", b, r->data_disks, "");
	}
	fig_rates(x, "uncached ", ", Ultra and Premium SSD v2", r->uv2_iops,
		  r->uv2_bw);
	fig_rates(x, "uncached burst ", ", Ultra and Premium SSD v2",
		  r->uv2_burst_iops, r->uv2_burst_bw);
	if (r->ephemeral)
		fig(x, "ephemeral OS disk placements", r->ephemeral, NAN, "");
}

static int show_cols(struct fv_table *t)
{
	static const struct fv_col cols[] = {
		{ "figure", "Figure", FV_U_TEXT, 0 },
		{ "value", "Value", FV_U_TEXT, 0 },
		{ "number", "Number", FV_U_COUNT, FV_COL_MACHINE },
		{ "unit", "Unit", FV_U_TEXT, FV_COL_MACHINE },
	};

	return fv_table_add_cols(t, cols, FV_ARRAY_SIZE(cols));
}

/* The figures another source gives for the same SKU, not used. */
static int others(struct fv_table *t, const struct fv_catalog *c,
		  const struct fv_cat_row *r)
{
	static const struct {
		const char *name;
		size_t off;
	} f[] = {
		{ "iops", offsetof(struct fv_cat_row, iops) },
		{ "bw", offsetof(struct fv_cat_row, bw) },
		{ "burst_iops", offsetof(struct fv_cat_row, burst_iops) },
		{ "burst_bw", offsetof(struct fv_cat_row, burst_bw) },
		{ "bw_max", offsetof(struct fv_cat_row, bw_max) },
		{ "iops_max", offsetof(struct fv_cat_row, iops_max) },
		{ "temp_iops", offsetof(struct fv_cat_row, temp_iops) },
		{ "temp_bw", offsetof(struct fv_cat_row, temp_bw) },
		{ "cached_iops", offsetof(struct fv_cat_row, cached_iops) },
		{ "cached_bw", offsetof(struct fv_cat_row, cached_bw) },
		{ "cache_gib", offsetof(struct fv_cat_row, cache_gib) },
	};
	for (size_t i = 0; i < c->n; i++) {
		const struct fv_cat_row *o = &c->rows[i];
		char diff[256] = "";
		size_t n = 0;

		if (o->used || strcasecmp(o->cloud, r->cloud) ||
		    strcasecmp(o->id, r->id))
			continue;
		for (size_t k = 0; k < FV_ARRAY_SIZE(f); k++) {
			double a =
				*(const double *) ((const char *) r + f[k].off);
			double b =
				*(const double *) ((const char *) o + f[k].off);

			if ((has(a) || has(b)) && !(a == b) && n < sizeof(diff))
				n += (size_t) snprintf(
					diff + n, sizeof(diff) - n, "%s%s %g",
					n ? ", " : "", f[k].name,
					strstr(f[k].name, "bw")
						? b / unit_of(o->bw_unit)
						: b);
		}
		fv_table_note(t,
			      "not used: %s:%u (%s, %s%s%sread %s) says %s%s%s",
			      o->file, o->line, o->source,
			      o->published ? "published " : "",
			      o->published ? o->published : "",
			      o->published ? ", " : "", o->read,
			      diff[0] ? diff : "the same figures",
			      o->note ? ": " : "", o->note ? o->note : "");
	}
	return fv_table_status(t);
}

static int show_notes(struct fv_table *t, const struct fv_catalog *c,
		      const struct fv_sku *s)
{
	const struct fv_cat_row *r = s->row;

	fv_table_note(t, "%s: %s", s->id, s->how);
	fv_table_note(t, "source: %s (read %s%s%s)", r->source, r->read,
		      r->published ? ", published " : "",
		      r->published ? r->published : "");
	if (r->via)
		fv_table_note(t, "figures taken from: %s", r->via);
	if (r->note)
		fv_table_note(t, "%s", r->note);
	fv_table_note(t, "catalog row: %s:%u", r->file, r->line);
	return others(t, c, r);
}

int fv_catalog_show_table(const struct fv_catalog *c, const struct fv_sku *s,
			  struct fv_report *rep)
{
	struct fv_table *t = fv_table_new("sku", s->id);
	struct show x = { .t = t, .s = s };
	const struct fv_cat_row *r = s->row;
	char b[64];

	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	show_cols(t);
	fig(&x, "kind", s->kind == FV_CAT_VM ? "VM" : "disk", NAN, "");
	if (r->title)
		fig(&x, "title", r->title, NAN, "");
	if (has(s->size_gib)) {
		snprintf(b, sizeof(b), "%g GiB", s->size_gib);
		fig(&x, "size", b, s->size_gib, "GiB");
	}
	/* a whole VM's: its uncached limits; a whole disk's: sustained */
	fig_rates(&x,
		  s->kind == FV_CAT_VM && s->part == FV_SKU_WHOLE ? "uncached "
								  : "",
		  s->kind != FV_CAT_VM && s->part == FV_SKU_WHOLE
			  ? " (sustained)"
			  : "",
		  s->iops, s->bw);
	show_burst(&x);
	if (s->kind == FV_CAT_VM)
		show_vm(&x);
	return show_notes(t, c, s);
}
