/* SPDX-License-Identifier: MIT */
/*
 * The columns of a catalog file (docs/catalog.md): each one's type, where
 * its value goes in a row, and what a row of each kind must have. Figures
 * are plain decimal numbers; rates are in the row's bw_unit.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "util/util.h"

enum col_type {
	T_STR,
	T_URL,
	T_DATE,
	T_NUM,	 /* a count: IO/s, s, GiB, I/Os */
	T_RATE,	 /* in the row's bw_unit */
	T_RANGE, /* "A-B" or "A" */
	T_KIND,
	T_BURST,
	T_PROV,
	T_USED,
	T_UNIT,
};

struct fv_cat_col {
	const char *name;
	enum col_type type;
	size_t off, off2; /* off2: a range's upper end */
};

#define COL(n, t, f)                                    \
	{                                               \
		n, t, offsetof(struct fv_cat_row, f), 0 \
	}
#define RANGE(n, lo, hi)                                     \
	{                                                    \
		n, T_RANGE, offsetof(struct fv_cat_row, lo), \
			offsetof(struct fv_cat_row, hi)      \
	}

static const struct fv_cat_col cols[] = {
	COL("cloud", T_STR, cloud),
	COL("id", T_STR, id),
	COL("kind", T_KIND, kind),
	COL("family", T_STR, family),
	COL("title", T_STR, title),
	RANGE("size_gib", size_lo, size_hi),
	COL("iops", T_NUM, iops),
	COL("bw", T_RATE, bw),
	COL("bw_unit", T_UNIT, bw_unit),
	COL("burst_iops", T_NUM, burst_iops),
	COL("burst_bw", T_RATE, burst_bw),
	COL("burst_s", T_NUM, burst_s),
	COL("burst_credits", T_NUM, burst_credits),
	COL("bursting", T_BURST, bursting),
	COL("iops_per_gib", T_NUM, iops_per_gib),
	COL("bw_per_gib", T_RATE, bw_per_gib),
	COL("iops_min", T_NUM, iops_min),
	COL("iops_max", T_NUM, iops_max),
	COL("bw_max", T_RATE, bw_max),
	COL("prov", T_PROV, prov),
	COL("prov_iops_per_gib", T_NUM, prov_iops_per_gib),
	COL("bw_per_iops", T_RATE, bw_per_iops),
	RANGE("iops_range", iops_lo, iops_hi),
	COL("vm_class", T_STR, vm_class),
	COL("temp_gib", T_NUM, temp_gib),
	COL("temp_iops", T_NUM, temp_iops),
	COL("temp_bw", T_RATE, temp_bw),
	COL("temp_write_iops", T_NUM, temp_write_iops),
	COL("temp_write_bw", T_RATE, temp_write_bw),
	COL("cached_iops", T_NUM, cached_iops),
	COL("cached_bw", T_RATE, cached_bw),
	COL("cache_gib", T_NUM, cache_gib),
	COL("nvme_gib", T_NUM, nvme_gib),
	COL("nvme_iops", T_NUM, nvme_iops),
	COL("nvme_bw", T_RATE, nvme_bw),
	COL("data_disks", T_NUM, data_disks),
	COL("uv2_iops", T_NUM, uv2_iops),
	COL("uv2_bw", T_RATE, uv2_bw),
	COL("uv2_burst_iops", T_NUM, uv2_burst_iops),
	COL("uv2_burst_bw", T_RATE, uv2_burst_bw),
	COL("ephemeral", T_STR, ephemeral),
	COL("used", T_USED, used),
	COL("published", T_DATE, published),
	COL("read", T_DATE, read),
	COL("source", T_URL, source),
	COL("via", T_STR, via),
	COL("note", T_STR, note),
};

#define NCOLS (FV_ARRAY_SIZE(cols))

const struct fv_cat_col *fv_cat_col_find(const char *name)
{
	for (size_t i = 0; i < NCOLS; i++)
		if (!strcmp(cols[i].name, name))
			return &cols[i];
	return NULL;
}

const char *fv_cat_col_name(const struct fv_cat_col *c)
{
	return c->name;
}

void fv_cat_col_names(char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NCOLS && n < len; i++)
		n += (size_t) snprintf(buf + n, len - n, "%s%s", i ? ", " : "",
				       cols[i].name);
}

void fv_cat_row_init(struct fv_cat_row *r)
{
	memset(r, 0, sizeof(*r));
	for (size_t i = 0; i < NCOLS; i++) {
		if (cols[i].type == T_NUM || cols[i].type == T_RATE)
			*(double *) ((char *) r + cols[i].off) = NAN;
		if (cols[i].type == T_RANGE) {
			*(double *) ((char *) r + cols[i].off) = NAN;
			*(double *) ((char *) r + cols[i].off2) = NAN;
		}
	}
	r->used = true;
}

double fv_cat_unit_bytes(const char *unit)
{
	if (!unit)
		return 0;
	if (!strcmp(unit, "MB/s"))
		return 1e6;
	if (!strcmp(unit, "MiB/s"))
		return 1048576.0;
	return 0;
}

/* A plain decimal number >= 0: "5000", "0.25". */
static int number(const char *s, double *v)
{
	char *end;

	if (!isdigit((unsigned char) *s) && *s != '.')
		return -EINVAL;
	errno = 0;
	*v = strtod(s, &end);
	if (end == s || *end || errno || !isfinite(*v))
		return -EINVAL;
	return 0;
}

static int range(const char *s, double *lo, double *hi)
{
	char buf[64], *dash;

	if (strlen(s) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, s);
	dash = strchr(buf, '-');
	if (dash)
		*dash = '\0';
	if (number(buf, lo) || (dash ? number(dash + 1, hi) : (*hi = *lo, 0)))
		return -EINVAL;
	return *lo <= *hi ? 0 : -EINVAL;
}

static bool leap(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* YYYY-MM-DD, a day that exists. */
static bool date_ok(const char *s)
{
	static const int mdays[] = { 31, 28, 31, 30, 31, 30,
				     31, 31, 30, 31, 30, 31 };
	int y, m, d, len = 0;

	if (strlen(s) != 10 ||
	    sscanf(s, "%4d-%2d-%2d%n", &y, &m, &d, &len) != 3 || len != 10)
		return false;
	for (int i = 0; i < 10; i++)
		if (i == 4 || i == 7 ? s[i] != '-'
				     : !isdigit((unsigned char) s[i]))
			return false;
	if (y < 1990 || m < 1 || m > 12 || d < 1)
		return false;
	return d <= mdays[m - 1] + (m == 2 && leap(y));
}

static bool url_ok(const char *s)
{
	if (strncmp(s, "https://", 8) && strncmp(s, "http://", 7))
		return false;
	for (; *s; s++)
		if (isspace((unsigned char) *s))
			return false;
	return true;
}

static int word(const char *s, const char *const *words, int *out)
{
	for (int i = 0; words[i]; i++)
		if (!strcmp(s, words[i])) {
			*out = i;
			return 0;
		}
	return -EINVAL;
}

static const char *const kinds[] = { "disk", "disk-rule", "vm", NULL };
static const char *const bursts[] = { "none", "credit", "on-demand", NULL };
static const char *const provs[] = { "", "iops", "iops+bw", NULL };
static const char *const useds[] = { "no", "yes", NULL };

static int set_enum(struct fv_cat_row *r, const struct fv_cat_col *c,
		    const char *s, char *why, size_t len)
{
	const char *const *w = c->type == T_KIND    ? kinds
			       : c->type == T_BURST ? bursts
			       : c->type == T_PROV  ? provs
						    : useds;
	const char *expect = c->type == T_KIND	  ? "disk, disk-rule or vm"
			     : c->type == T_BURST ? "none, credit or on-demand"
			     : c->type == T_PROV  ? "empty, iops or iops+bw"
						  : "yes or no";
	int v;

	if (word(s, w, &v)) {
		snprintf(why, len, "'%s': expected %s", s, expect);
		return -EINVAL;
	}
	if (c->type == T_USED)
		r->used = v;
	else
		*(int *) ((char *) r + c->off) = v;
	return 0;
}

static int set_text(struct fv_cat_row *r, const struct fv_cat_col *c,
		    const char *s, char *why, size_t len)
{
	char *copy;

	if (c->type == T_DATE && !date_ok(s)) {
		snprintf(why, len, "'%s': expected a date YYYY-MM-DD", s);
		return -EINVAL;
	}
	if (c->type == T_URL && !url_ok(s)) {
		snprintf(why, len, "'%s': expected an http:// or https:// URL",
			 s);
		return -EINVAL;
	}
	if (c->type == T_UNIT && !fv_cat_unit_bytes(s)) {
		snprintf(why, len,
			 "'%s': expected MB/s (10^6 B/s) or MiB/s (2^20 B/s)",
			 s);
		return -EINVAL;
	}
	copy = strdup(s);
	if (!copy)
		return -ENOMEM;
	free(*(char **) ((char *) r + c->off));
	*(char **) ((char *) r + c->off) = copy;
	return 0;
}

int fv_cat_col_set(const struct fv_cat_col *c, struct fv_cat_row *r,
		   const char *s, double unit, char *why, size_t len)
{
	double *at = (double *) ((char *) r + c->off), v;

	switch (c->type) {
	case T_STR:
	case T_URL:
	case T_DATE:
	case T_UNIT:
		return *s ? set_text(r, c, s, why, len) : 0;
	case T_KIND:
	case T_BURST:
	case T_PROV:
	case T_USED:
		/* an empty kind is an error, an empty prov means none */
		if (*s || c->type == T_PROV || c->type == T_KIND)
			return set_enum(r, c, s, why, len);
		return 0;
	case T_RANGE:
		if (*s && range(s, at, (double *) ((char *) r + c->off2))) {
			snprintf(why, len,
				 "'%s': expected a number or a range A-B "
				 "(A <= B)",
				 s);
			return -EINVAL;
		}
		return 0;
	case T_NUM:
	case T_RATE:
		if (!*s)
			return 0;
		if (number(s, &v)) {
			snprintf(why, len,
				 "'%s': expected a plain number >= 0 (e.g. "
				 "5000 or 0.25)",
				 s);
			return -EINVAL;
		}
		if (c->type == T_RATE && !unit) {
			snprintf(why, len,
				 "'%s' is a rate: the row needs bw_unit "
				 "(MB/s or MiB/s)",
				 s);
			return -EINVAL;
		}
		*at = c->type == T_RATE ? v * unit : v;
		return 0;
	}
	return 0;
}

/* ---- The row as a whole ---- */

static int fail(const char **field, const char *f, char *why, size_t len,
		const char *msg)
{
	*field = f;
	snprintf(why, len, "%s", msg);
	return -EINVAL;
}

static bool has(double v)
{
	return !isnan(v);
}

static bool name_ok(const char *s)
{
	for (; *s; s++)
		if (*s == ':' || *s == ',' || isspace((unsigned char) *s) ||
		    (unsigned char) *s < 0x20)
			return false;
	return true;
}

static bool placements_ok(const char *s)
{
	static const char *const known[] = { "none", "ResourceDisk", "NvmeDisk",
					     "CacheDisk", NULL };
	char buf[128], *save = NULL;

	if (strlen(s) >= sizeof(buf))
		return false;
	strcpy(buf, s);
	for (char *w = strtok_r(buf, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		int k;

		if (word(w, known, &k))
			return false;
	}
	return true;
}

static int check_ids(const struct fv_cat_row *r, const char **field, char *why,
		     size_t len)
{
	static const char *const need[] = { "cloud", "id", "source", "read" };
	const char *const have[] = { r->cloud, r->id, r->source, r->read };

	for (size_t i = 0; i < 4; i++)
		if (!have[i])
			return fail(field, need[i], why, len,
				    "required: every row names its cloud, "
				    "its id, its source URL and the date it "
				    "was read");
	if (!name_ok(r->cloud) || !name_ok(r->id))
		return fail(field, name_ok(r->cloud) ? "id" : "cloud", why, len,
			    "no ':', ',' or blank: IDs are cloud:id");
	if (r->family && !name_ok(r->family))
		return fail(field, "family", why, len,
			    "no ':', ',' or blank: a family is part of IDs");
	return 0;
}

static int check_disk(const struct fv_cat_row *r, const char **field, char *why,
		      size_t len)
{
	if (!has(r->size_lo) || r->size_lo != r->size_hi || r->size_lo <= 0)
		return fail(field, "size_gib", why, len,
			    "a disk tier has one size, in GiB");
	if (!has(r->iops) || !has(r->bw))
		return fail(field, has(r->iops) ? "bw" : "iops", why, len,
			    "a disk tier has its provisioned IOPS and "
			    "throughput");
	return 0;
}

static int check_rule(const struct fv_cat_row *r, const char **field, char *why,
		      size_t len)
{
	if (!has(r->size_lo))
		return fail(field, "size_gib", why, len,
			    "a disk rule covers a range of sizes, A-B GiB");
	if (r->prov == FV_PROV_NONE) {
		if (!has(r->iops) && !has(r->iops_per_gib))
			return fail(field, "iops", why, len,
				    "a rule without provisioning needs iops "
				    "or iops_per_gib");
		if (!has(r->bw) && !has(r->bw_per_gib))
			return fail(field, "bw", why, len,
				    "a rule without provisioning needs bw or "
				    "bw_per_gib");
		return 0;
	}
	if (!has(r->iops_min) || !has(r->iops_max))
		return fail(field, has(r->iops_min) ? "iops_max" : "iops_min",
			    why, len,
			    "provisioned IOPS need their range: iops_min and "
			    "iops_max");
	if (!has(r->bw_max))
		return fail(field, "bw_max", why, len,
			    "provisioned disks need their throughput ceiling");
	return 0;
}

static int check_burst(const struct fv_cat_row *r, const char **field,
		       char *why, size_t len)
{
	bool rates = has(r->burst_iops) || has(r->burst_bw);

	if (r->bursting == FV_BURST_NONE && rates)
		return fail(field, "bursting", why, len,
			    "burst rates are given: credit or on-demand");
	if (r->bursting != FV_BURST_NONE && !rates)
		return fail(field, "burst_iops", why, len,
			    "bursting needs a burst rate (burst_iops or "
			    "burst_bw)");
	if (r->bursting == FV_BURST_CREDIT && !has(r->burst_s) &&
	    !has(r->burst_credits))
		return fail(field, "burst_s", why, len,
			    "credit bursting needs how long a full bucket "
			    "lasts (burst_s) or its size (burst_credits)");
	return 0;
}

/*
 * Every number as the writer prints it ("%.15g" in the row's unit) must
 * read back under number()'s rule: an imported -81.25 MB/s, an overflow
 * to inf or a value that underflows would otherwise be written into a
 * catalog that then does not load.
 */
static int check_numbers(const struct fv_cat_row *r, const char **field,
			 char *why, size_t len)
{
	double unit = fv_cat_unit_bytes(r->bw_unit);

	for (size_t i = 0; i < NCOLS; i++) {
		const struct fv_cat_col *c = &cols[i];
		size_t offs[2] = { c->off, c->off2 };
		size_t n = c->type == T_RANGE ? 2 : 1;

		if (c->type != T_NUM && c->type != T_RATE && c->type != T_RANGE)
			continue;
		for (size_t k = 0; k < n; k++) {
			double v = *(const double *) ((const char *) r +
						      offs[k]),
			       back;
			char text[64];

			if (!has(v))
				continue;
			snprintf(text, sizeof(text), "%.15g",
				 c->type == T_RATE && unit ? v / unit : v);
			if (number(text, &back))
				return fail(field, c->name, why, len,
					    "expected a plain number >= 0 "
					    "(e.g. 5000 or 0.25)");
		}
		if (n == 2 &&
		    *(const double *) ((const char *) r + c->off2) <
			    *(const double *) ((const char *) r + c->off))
			return fail(
				field, c->name, why, len,
				"expected a number or a range A-B (A <= B)");
	}
	return 0;
}

int fv_cat_row_check(const struct fv_cat_row *r, const char **field, char *why,
		     size_t len)
{
	bool rates = has(r->bw) || has(r->burst_bw) || has(r->bw_max) ||
		     has(r->bw_per_gib) || has(r->bw_per_iops) ||
		     has(r->temp_bw) || has(r->cached_bw) || has(r->uv2_bw);
	int ret = check_ids(r, field, why, len);

	if (!ret)
		ret = check_numbers(r, field, why, len);
	if (ret)
		return ret;
	if (rates && !r->bw_unit)
		return fail(field, "bw_unit", why, len,
			    "the row has rates: MB/s or MiB/s");
	if (r->kind == FV_CAT_DISK)
		ret = check_disk(r, field, why, len);
	else if (r->kind == FV_CAT_RULE)
		ret = check_rule(r, field, why, len);
	else if (!has(r->iops) || !has(r->bw))
		return fail(field, has(r->iops) ? "bw" : "iops", why, len,
			    "a VM has its uncached disk IOPS and throughput");
	if (ret)
		return ret;
	if (r->vm_class && strcmp(r->vm_class, "uv2"))
		return fail(field, "vm_class", why, len,
			    "empty, or uv2 (a VM's Ultra Disk and Premium "
			    "SSD v2 limits apply)");
	if (r->ephemeral && !placements_ok(r->ephemeral))
		return fail(field, "ephemeral", why, len,
			    "none, or placements among ResourceDisk, "
			    "NvmeDisk, CacheDisk, separated by blanks");
	return check_burst(r, field, why, len);
}

void fv_cat_row_free(struct fv_cat_row *r)
{
	for (size_t i = 0; i < NCOLS; i++) {
		enum col_type t = cols[i].type;

		if (t == T_STR || t == T_URL || t == T_DATE || t == T_UNIT)
			free(*(char **) ((char *) r + cols[i].off));
	}
	free((char *) r->file);
}
