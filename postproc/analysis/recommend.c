/* SPDX-License-Identifier: MIT */
/*
 * recommend: the SKUs that meet a need on the catalog's figures, cheapest
 * first at the list prices of a region, each with the limit that binds,
 * its headroom, whether it leans on a burst, and the price's date. On a
 * VM, N disks striped where one does not do, within the VM's uncached
 * limits, the VM's price counted where the prices have it. Nothing
 * beyond the catalog: latency is not in it.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"
#include "util/util.h"

#define TOP 10

struct cand {
	char what[320];
	bool meets, burst;
	bool vm_priced; /* usd holds the VM's price too */
	double iops, bw, capacity, usd, room, gap;
	const char *date;
	char binds[224], why[256];
};

struct cands {
	struct cand *v;
	size_t n, alloc;
};

/* The smallest provisioning of a rule that could meet the need. */
static void rule_id(char *buf, size_t len, const struct fv_cat_row *r,
		    const struct fv_need *n)
{
	double size = n->capacity > 0 ? n->capacity : r->size_lo;
	bool mib = r->bw_unit && !strcmp(r->bw_unit, "MiB/s");

	if (r->prov == FV_PROV_NONE) {
		if (r->iops_per_gib > 0 && n->iops > 0)
			size = fmax(size,
				    ceil((n->iops -
					  (isnan(r->iops) ? 0 : r->iops)) /
					 r->iops_per_gib));
		if (r->bw_per_gib > 0 && n->bw > 0)
			size = fmax(size,
				    ceil((n->bw - (isnan(r->bw) ? 0 : r->bw)) /
					 r->bw_per_gib));
		snprintf(buf, len, "%s:%s:%.0fGiB", r->cloud, r->id,
			 fmax(size, r->size_lo));
		return;
	}
	{
		/* whole IOPS, rounded up: a measured need has fractions */
		double iops =
			ceil(fmax(n->iops > 0 ? n->iops : 0,
				  isnan(r->iops) ? r->iops_min : r->iops));
		double bw = n->bw > 0 ? n->bw : r->bw;

		if (r->prov_iops_per_gib > 0)
			size = fmax(size, ceil(iops / r->prov_iops_per_gib));
		if (r->prov == FV_PROV_IOPS_BW && !isnan(bw))
			snprintf(buf, len, "%s:%s:%.0fGiB:%.0fiops:%.0f%s",
				 r->cloud, r->id, fmax(size, r->size_lo), iops,
				 ceil(bw / (mib ? 1048576.0 : 1e6)),
				 mib ? "MiBps" : "MBps");
		else
			snprintf(buf, len, "%s:%s:%.0fGiB:%.0fiops", r->cloud,
				 r->id, fmax(size, r->size_lo), iops);
	}
}

static int push(struct cands *c, const struct cand *x)
{
	if (FV_ALLOC_GROW(c->v, c->n + 1, c->alloc))
		return -ENOMEM;
	c->v[c->n++] = *x;
	return 0;
}

/* How far a delivered figure is above the need (NAN: not asked). */
static double room(double have, double need)
{
	return need > 0 ? have / need - 1 : INFINITY;
}

/* n disks of d, on vm (or none): what they deliver and cost. */
static void judge(struct cand *x, const struct fv_sku *d, size_t n,
		  const struct fv_sku *vm, const struct fv_need *nd,
		  const struct fv_prices *p, const char *region)
{
	double iops = n * d->iops, bw = n * d->bw;
	double biops = n * (isnan(d->burst_iops) ? d->iops : d->burst_iops);
	bool vm_iops = false, vm_bw = false;
	struct fv_cost cost;

	memset(x, 0, sizeof(*x));
	if (vm && vm->iops < iops) {
		iops = vm->iops;
		vm_iops = true;
	}
	if (vm && vm->bw < bw) {
		bw = vm->bw;
		vm_bw = true;
	}
	if (vm && vm->iops < biops)
		biops = vm->iops;
	x->iops = iops;
	x->bw = bw;
	x->capacity = n * d->size_gib;
	x->room = fmin(room(iops, nd->iops), room(bw, nd->bw));
	x->meets = x->room >= 0 && !(x->capacity < nd->capacity);
	/* the nearest of those that fall short: capacity counts too */
	x->gap = fmin(x->room, room(x->capacity, nd->capacity));
	x->burst = !x->meets && nd->iops > 0 && biops >= nd->iops &&
		   !(x->capacity < nd->capacity) && room(bw, nd->bw) >= 0;
	if (room(iops, nd->iops) <= room(bw, nd->bw))
		snprintf(x->binds, sizeof(x->binds), "%s %s: %.0f IOPS",
			 vm_iops ? "VM" : "disk", vm_iops ? vm->id : d->id,
			 iops);
	else
		snprintf(x->binds, sizeof(x->binds), "%s %s: %.0f MB/s",
			 vm_bw ? "VM" : "disk", vm_bw ? vm->id : d->id,
			 bw / 1e6);
	if (n > 1)
		snprintf(x->what, sizeof(x->what), "%zu x %s%s%s", n, d->id,
			 vm ? " + " : "", vm ? vm->id : "");
	else
		snprintf(x->what, sizeof(x->what), "%s%s%s", d->id,
			 vm ? " + " : "", vm ? vm->id : "");
	if (fv_sku_cost(p, d, region, &cost)) {
		x->usd = NAN;
		snprintf(x->why, sizeof(x->why), "%s", cost.why);
		return;
	}
	x->usd = n * cost.usd;
	x->date = cost.date;
	if (vm && !fv_sku_cost(p, vm, region, &cost)) {
		x->usd += cost.usd;
		x->vm_priced = true;
		if (cost.date && strcmp(cost.date, x->date) < 0)
			x->date = cost.date;
	}
}

static int candidates(const struct fv_rec_query *q, struct cands *out)
{
	const struct fv_catalog *cat = q->cat;
	const struct fv_need *nd = &q->need;
	const struct fv_prices *p = q->prices;
	const struct fv_sku *vms = q->vms;
	size_t nvm = q->nvm;
	int ret = 0;

	for (size_t i = 0; i < cat->n && !ret; i++) {
		const struct fv_cat_row *r = &cat->rows[i];
		struct fv_sku d;
		char id[FV_SKU_ID_MAX];

		if (!r->used || r->kind == FV_CAT_VM ||
		    strcasecmp(r->cloud, q->cloud) ||
		    (i && r->kind == FV_CAT_RULE &&
		     !strcmp(cat->rows[i - 1].id, r->id)))
			continue;
		if (r->kind == FV_CAT_RULE)
			rule_id(id, sizeof(id), r, nd);
		else
			fv_cat_row_id(id, sizeof(id), r);
		if (fv_sku_resolve(cat->rows, cat->n, id, &d, NULL))
			continue;
		for (size_t v = 0; v < (nvm ? nvm : 1) && !ret; v++) {
			const struct fv_sku *vm = nvm ? &vms[v] : NULL;
			size_t most = vm && vm->row->data_disks > 0
					      ? (size_t) vm->row->data_disks
					      : 1;
			struct cand x, best;

			/* the fewest disks that meet it, else get nearest */
			for (size_t k = 1; k <= most; k++) {
				judge(&x, &d, k, vm, nd, p, q->region);
				if (k == 1 || x.gap > best.gap + 1e-9)
					best = x;
				if (x.meets)
					break;
			}
			ret = push(out, &best);
		}
	}
	return ret;
}

static int by_price(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;

	if (x->meets != y->meets)
		return x->meets ? -1 : 1;
	if (!x->meets) /* the nearest first */
		if (fabs(x->gap - y->gap) > 1e-9)
			return x->gap > y->gap ? -1 : 1;
	if (isnan(x->usd) != isnan(y->usd))
		return isnan(x->usd) ? 1 : -1;
	return x->usd < y->usd ? -1 : x->usd > y->usd;
}

static int add_row(struct fv_table *t, const struct cand *x)
{
	int row = fv_table_add_row(t);
	double k = x->iops / 1000, mb = x->bw / 1e6;

	if (row < 0)
		return row;
	fv_cell_str(t, row, 0, x->what);
	fv_cell_str(t, row, 1,
		    x->meets   ? "yes"
		    : x->burst ? "on a burst only"
			       : "no");
	fv_cell_num(t, row, 2, x->iops);
	fv_cell_num(t, row, 3, x->bw);
	fv_cell_num(t, row, 4, x->capacity);
	fv_cell_str(t, row, 5, x->binds);
	if (isinf(x->room))
		fv_cell_na(t, row, 6, "no IOPS or bw asked");
	else
		fv_cell_num(t, row, 6, 100 * x->room);
	fv_cell_usd(t, row, 7, x->usd, x->why);
	fv_cell_usd(t, row, 8, x->usd / k, x->why);
	fv_cell_usd(t, row, 9, x->usd / mb, x->why);
	if (x->date)
		fv_cell_str(t, row, 10, x->date);
	else
		fv_cell_na(t, row, 10, "not priced");
	return fv_table_status(t);
}

/*
 * Whether USD/Month holds the VMs' prices, said in a note; where some
 * VMs are priced and others not, the others' rows say "disks only".
 */
static int vm_note(struct fv_table *t, struct cands *c)
{
	size_t priced = 0, unpriced = 0;

	for (size_t i = 0; i < c->n; i++)
		if (!isnan(c->v[i].usd))
			c->v[i].vm_priced ? priced++ : unpriced++;
	for (size_t i = 0; i < c->n && priced && unpriced; i++)
		if (!isnan(c->v[i].usd) && !c->v[i].vm_priced) {
			size_t len = strlen(c->v[i].what);

			snprintf(c->v[i].what + len, sizeof(c->v[i].what) - len,
				 " (disks only)");
		}
	if (priced && !unpriced)
		return fv_table_note(t, "%s",
				     "USD/Month: the disks and the VM (its "
				     "Linux pay-as-you-go price), a month "
				     "of 730 hours");
	if (priced)
		return fv_table_note(t, "%s",
				     "USD/Month: the disks, and the VM "
				     "where the prices have it ('disks "
				     "only' where not)");
	return fv_table_note(t, "%s",
			     "USD/Month: the disks alone: these prices have "
			     "no VM size (catalog import reads them from an "
			     "Azure Retail Prices page)");
}

static int table(const struct fv_rec_query *q, struct cands *c,
		 struct fv_report *rep)
{
	const struct fv_need *nd = &q->need;
	static const struct fv_col cols[] = {
		{ "sku", "SKU", FV_U_TEXT, 0 },
		{ "meets", "Meets", FV_U_TEXT, 0 },
		{ "iops", "IOPS", FV_U_IOPS, 0 },
		{ "bw", "BW", FV_U_BPS, 0 },
		{ "capacity_gib", "GiB", FV_U_GIB, 0 },
		{ "binding", "Binding Limit", FV_U_TEXT, 0 },
		{ "headroom", "Headroom", FV_U_PERCENT, 0 },
		{ "usd_month", "USD/Month", FV_U_USD_MONTH, 0 },
		{ "usd_per_kiops", "USD/1k IOPS", FV_U_USD_MONTH_PER_KIOPS, 0 },
		{ "usd_per_mbps", "USD/MB/s", FV_U_USD_MONTH_PER_MBPS, 0 },
		{ "price_date", "Price Date", FV_U_TEXT, 0 },
	};
	struct fv_table *t = fv_table_new("recommend", "SKUs for the need");
	size_t shown = 0, met = 0;

	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	fv_table_add_cols(t, cols, FV_ARRAY_SIZE(cols));
	if (q->from && q->from[0])
		fv_table_note(t, "%s", q->from);
	if (q->nvm)
		vm_note(t, c);
	qsort(c->v, c->n, sizeof(*c->v), by_price);
	for (size_t i = 0; i < c->n; i++)
		met += c->v[i].meets;
	for (size_t i = 0; i < c->n; i++)
		if ((c->v[i].meets && shown < TOP) || (!met && shown < 3)) {
			add_row(t, &c->v[i]);
			shown++;
		}
	if (met > TOP)
		fv_table_note(t, "%zu more meet it, dearer or not priced",
			      met - TOP);
	for (size_t i = 0; i < c->n; i++)
		if (c->v[i].meets && isnan(c->v[i].usd)) {
			fv_table_note(t, "meets it, not priced: %s (%s)",
				      c->v[i].what, c->v[i].why);
			break;
		}
	if (!met)
		fv_table_note(t,
			      "no SKU of %s meets the need on the "
			      "catalog's figures: the nearest shown",
			      q->cloud);
	if (nd->lat > 0)
		fv_table_note(t, "latency-p99: the catalog gives no "
				 "latency figures, so it is not checked "
				 "(measure it: fioverdict latency)");
	return fv_table_note(t,
			     "%s list prices in %s, USD per month, as of "
			     "each row's date (%s); IOPS, "
			     "BW: sustained figures of the catalog, the "
			     "smaller of the disks' and the VM's; "
			     "Headroom: above the need on the tighter "
			     "figure; USD/1k IOPS and USD/MB/s: the "
			     "month's price per delivered figure",
			     q->cloud, q->region,
			     q->prices_given ? "the --prices lists"
					     : "catalog/prices/");
}

int fv_recommend(const struct fv_rec_query *q, struct fv_report *rep)
{
	struct cands cs = { 0 };
	int ret = candidates(q, &cs);

	if (!ret)
		ret = table(q, &cs, rep);
	free(cs.v);
	return ret;
}
