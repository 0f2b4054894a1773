/* SPDX-License-Identifier: MIT */
/*
 * List prices (the files of catalog/prices/, "# fioverdict-prices 1"): one row
 * a SKU, region and unit, in USD, each with its source and dates; a row without
 * a price says that the thing is not priced, and why. And what a SKU costs a
 * month from them: a tier its monthly price, a rule its capacity plus what is
 * provisioned above the free baseline.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "catalog.h"
#include "csv.h"
#include "files.h"
#include "util/util.h"

#define MAX_COLS 16

static const char *const units[] = { "month", "GiB-month", "IOPS-month",
				     "MBps-month", "MiBps-month" };
static const char *const cols[] = { "cloud", "id",     "region", "usd",
				    "unit",  "free",   "tier",	 "published",
				    "read",  "source", "via",	 "note" };
enum {
	C_CLOUD,
	C_ID,
	C_REGION,
	C_USD,
	C_UNIT,
	C_FREE,
	C_TIER,
	C_PUB,
	C_READ,
	C_SOURCE,
	C_VIA,
	C_NOTE,
	C_NR
};

struct pparse {
	struct fv_prices *p;
	const char *name;
	unsigned line;
	int col[C_NR]; /* column of each field, or -1 */
	struct fv_error *err;
};

static int perr(struct pparse *x, const char *field, const char *what)
{
	return fv_error_set(x->err, EINVAL, FV_EXIT_INPUT, x->name,
			    (int) x->line, "%s%s%s%s", field ? "field '" : "",
			    field ? field : "", field ? "': " : "", what);
}

static int number(const char *s, double *out)
{
	char *end;

	*out = NAN;
	if (!s || !*s)
		return 0;
	*out = strtod(s, &end);
	return *end || !isfinite(*out) || *out < 0 ? -EINVAL : 0;
}

static int header(struct pparse *x, char **f, int n)
{
	for (int c = 0; c < C_NR; c++)
		x->col[c] = -1;
	for (int i = 0; i < n; i++) {
		int c = 0;

		while (c < C_NR && strcmp(f[i], cols[c]))
			c++;
		if (c == C_NR)
			return perr(x, NULL,
				    "unknown column (columns: cloud, id, "
				    "region, usd, unit, free, tier, "
				    "published, read, source, via, note)");
		if (x->col[c] >= 0)
			return perr(x, f[i], "column given twice");
		x->col[c] = i;
	}
	for (int c = 0; c <= C_UNIT; c++)
		if (x->col[c] < 0)
			return perr(x, cols[c], "required column missing");
	if (x->col[C_READ] < 0 || x->col[C_SOURCE] < 0)
		return perr(x, "read", "every price has its source and date");
	return 0;
}

static char *dup_field(char **f, int n, int col)
{
	return col >= 0 && col < n && f[col][0] ? strdup(f[col]) : NULL;
}

static int row(struct pparse *x, char **f, int n)
{
	struct fv_price r = { 0 };
	const char *u = x->col[C_UNIT] < n ? f[x->col[C_UNIT]] : "";
	size_t k;

	for (k = 0; k < FV_ARRAY_SIZE(units); k++)
		if (!strcmp(u, units[k]))
			break;
	if (k == FV_ARRAY_SIZE(units))
		return perr(x, "unit",
			    "expected month, GiB-month, IOPS-month, "
			    "MBps-month or MiBps-month");
	r.unit = (enum fv_price_unit) k;
	if (x->col[C_USD] >= n || number(f[x->col[C_USD]], &r.usd))
		return perr(x, "usd",
			    "expected a plain number >= 0, or empty "
			    "(not priced: say why in note)");
	if (x->col[C_FREE] >= 0 && x->col[C_FREE] < n &&
	    number(f[x->col[C_FREE]], &r.free))
		return perr(x, "free", "expected a plain number >= 0");
	r.tier_lo = 0;
	r.tier_hi = INFINITY;
	if (x->col[C_TIER] >= 0 && x->col[C_TIER] < n && f[x->col[C_TIER]][0] &&
	    sscanf(f[x->col[C_TIER]], "%lf-%lf", &r.tier_lo, &r.tier_hi) != 2)
		return perr(x, "tier", "expected A-B");
	r.cloud = dup_field(f, n, x->col[C_CLOUD]);
	r.id = dup_field(f, n, x->col[C_ID]);
	r.region = dup_field(f, n, x->col[C_REGION]);
	r.published = dup_field(f, n, x->col[C_PUB]);
	r.read = dup_field(f, n, x->col[C_READ]);
	r.source = dup_field(f, n, x->col[C_SOURCE]);
	r.note = dup_field(f, n, x->col[C_NOTE]);
	if (!r.cloud || !r.id || !r.region || !r.read || !r.source ||
	    (isnan(r.usd) && !r.note)) {
		fv_price_free(&r);
		return perr(x, NULL,
			    "a price has its cloud, id, region, read date "
			    "and source; one without usd says why in note");
	}
	if (FV_ALLOC_GROW(x->p->v, x->p->n + 1, x->p->alloc)) {
		fv_price_free(&r);
		return -ENOMEM;
	}
	x->p->v[x->p->n++] = r;
	return 0;
}

int fv_prices_parse(struct fv_prices *p, const char *name, const char *text,
		    size_t len, struct fv_error *err)
{
	struct pparse x = { .p = p, .name = name, .err = err };
	char *copy = strndup(text, len), *save = NULL, *line;
	bool head = false;
	int ret = copy ? 0 : -ENOMEM;

	if (copy && (strlen(copy) != len ||
		     strncmp(copy, "# fioverdict-prices 1", 21))) {
		x.line = 1;
		ret = perr(&x, NULL,
			   "not a price list: the first line must be "
			   "'# fioverdict-prices 1'");
	}
	for (line = ret ? NULL : strtok_r(copy, "\n", &save); line && !ret;
	     line = strtok_r(NULL, "\n", &save)) {
		char *f[MAX_COLS];
		size_t col = 0;
		int n;

		x.line++;
		line[strcspn(line, "\r")] = '\0';
		if (line[0] == '#' || !line[0])
			continue;
		n = fv_csv_split(line, f, MAX_COLS, &col);
		if (n < 0)
			ret = perr(&x, NULL, "not a CSV record");
		else if (!head) {
			ret = header(&x, f, n);
			head = true;
		} else
			ret = row(&x, f, n);
	}
	free(copy);
	return ret;
}

static int load_file(void *ctx, const char *path, struct fv_error *err)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t len = 0;
	int ret;

	if (!f)
		return fv_error_set(err, errno, FV_EXIT_INPUT, path, 0, "%s",
				    strerror(errno));
	ret = fv_read_all(f, 0, &text, &len);
	fclose(f);
	if (ret)
		return fv_error_set(err, -ret, FV_EXIT_INPUT, path, 0, "%s",
				    strerror(-ret));
	ret = fv_prices_parse(ctx, path, text, len, err);
	free(text);
	return ret;
}

int fv_prices_load(struct fv_prices *p, const char *path, struct fv_error *err)
{
	return fv_cat_each_csv(path, load_file, p, NULL, err);
}

void fv_price_free(struct fv_price *r)
{
	free(r->cloud);
	free(r->id);
	free(r->region);
	free(r->published);
	free(r->read);
	free(r->source);
	free(r->note);
}

void fv_prices_free(struct fv_prices *p)
{
	for (size_t i = 0; i < p->n; i++)
		fv_price_free(&p->v[i]);
	free(p->v);
	memset(p, 0, sizeof(*p));
}

const struct fv_price *fv_price_find(const struct fv_prices *p,
				     const char *cloud, const char *id,
				     const char *region,
				     enum fv_price_unit unit, double qty)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct fv_price *r = &p->v[i];

		if (r->unit == unit && !strcasecmp(r->cloud, cloud) &&
		    !strcasecmp(r->id, id) && !strcasecmp(r->region, region) &&
		    qty >= r->tier_lo && qty <= r->tier_hi)
			return r;
	}
	return NULL;
}

bool fv_prices_region_known(const struct fv_prices *p, const char *cloud,
			    const char *region)
{
	for (size_t i = 0; i < p->n; i++)
		if (!strcasecmp(p->v[i].cloud, cloud) &&
		    (!region || !strcasecmp(p->v[i].region, region)))
			return true;
	return false;
}

/* One part of a price: qty above the free part at the row's rate. */
static int part(const struct fv_prices *p, const struct fv_sku *s,
		const char *region, enum fv_price_unit unit, double qty,
		struct fv_cost *c)
{
	const char *cloud = s->row->cloud, *id = s->row->id;
	const struct fv_price *r =
		fv_price_find(p, cloud, id, region, unit, qty);
	double billed;

	if (!r) {
		snprintf(c->why, sizeof(c->why), "%s:%s has no %s price in %s",
			 cloud, id, units[unit], region);
		return -ENOENT;
	}
	billed = isnan(r->free) ? qty : fmax(0, qty - r->free);
	if (unit != FV_PRICE_MONTH && !(billed > 0))
		return 0; /* within the free baseline */
	if (isnan(r->usd)) {
		snprintf(c->why, sizeof(c->why), "%s:%s %s: %s", cloud, id,
			 units[unit], r->note);
		return -ENOENT;
	}
	c->usd += unit == FV_PRICE_MONTH ? r->usd : billed * r->usd;
	if (!c->date || (r->published && strcmp(r->published, c->date) < 0))
		c->date = r->published ? r->published : r->read;
	return 0;
}

int fv_sku_cost(const struct fv_prices *p, const struct fv_sku *s,
		const char *region, struct fv_cost *c)
{
	const struct fv_cat_row *r = s->row;
	bool mib = r->bw_unit && !strcmp(r->bw_unit, "MiB/s");
	int ret;

	memset(c, 0, sizeof(*c));
	if (s->kind == FV_CAT_VM) {
		/* none in the catalog's lists: from an imported prices page */
		if (!part(p, s, region, FV_PRICE_MONTH, 1, c))
			return 0;
		snprintf(c->why, sizeof(c->why),
			 "%s: no VM price in %s (the catalog's lists have "
			 "none; catalog import reads them from an Azure "
			 "Retail Prices page)",
			 s->id, region);
		return -ENOENT;
	}
	if (r->kind == FV_CAT_DISK)
		return part(p, s, region, FV_PRICE_MONTH, 1, c);
	ret = part(p, s, region, FV_PRICE_GIB_MONTH, s->size_gib, c);
	if (!ret && r->prov != FV_PROV_NONE &&
	    fv_price_find(p, r->cloud, r->id, region, FV_PRICE_IOPS_MONTH,
			  s->iops))
		ret = part(p, s, region, FV_PRICE_IOPS_MONTH, s->iops, c);
	if (!ret && r->prov == FV_PROV_IOPS_BW)
		ret = part(p, s, region,
			   mib ? FV_PRICE_MIBPS_MONTH : FV_PRICE_MBPS_MONTH,
			   s->bw / (mib ? 1048576.0 : 1e6), c);
	return ret;
}
