/* SPDX-License-Identifier: MIT */
/*
 * fioverdict recommend --need iops=N,bw=X,capacity=C [--vm ID | --vcpus N]:
 * the SKUs that meet a need on the catalog's figures, cheapest first at
 * the list prices of a region (catalog/prices/), each with the limit that
 * binds, its headroom, whether it leans on a burst, and the price's date.
 * With a VM, N striped disks where one does not do, within the VM's
 * uncached limits. Nothing beyond the catalog: latency is not in it.
 * With --from RESULTS --label L, the need is what L measured (its peak
 * IOPS, its sequential bandwidth, its peak job's p99), --need's keys
 * taking precedence.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd_int.h"

/* The cheapest this many are shown. */
#define TOP 10

struct need {
	double iops, bw, capacity, lat; /* NAN: not asked */
};

struct rec_opts {
	const char *need, *cloud, *region, *vm, *label;
	double vcpus;
	char **from; /* --from RESULTS (repeatable) */
	size_t nfrom;
};

/* One answer in the making: the need, and what it is judged against. */
struct rec {
	struct rec_opts *o;
	struct need nd;
	struct fv_sku *vms;
	size_t nvm;
	char from[600]; /* where the need came from (--from) */
};

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
	size_t n;
};

static int need_value(const char *key, const char *v, struct need *n)
{
	char *end;
	double x = strtod(v, &end);

	if (end == v || !isfinite(x) || x <= 0)
		return -EINVAL;
	if (!strcmp(key, "iops") && !*end)
		n->iops = x;
	else if (!strcmp(key, "bw"))
		n->bw = !*end || !strcasecmp(end, "MB/s") ||
					!strcasecmp(end, "MBps")
				? x * 1e6
			: !strcasecmp(end, "MiB/s") || !strcasecmp(end, "MiBps")
				? x * 1048576.0
				: NAN;
	else if (!strcmp(key, "capacity"))
		n->capacity = !*end || !strcasecmp(end, "GiB") ? x
			      : !strcasecmp(end, "TiB")	       ? x * 1024
							       : NAN;
	else if (!strcmp(key, "latency-p99"))
		n->lat = !strcmp(end, "ms")	      ? x * 1e-3
			 : !strcmp(end, "us")	      ? x * 1e-6
			 : !*end || !strcmp(end, "s") ? x
						      : NAN;
	else
		return -EINVAL;
	return isnan(n->bw) || isnan(n->capacity) || isnan(n->lat) ? -EINVAL
								   : 0;
}

static int parse_need(const char *spec, struct need *n)
{
	char *copy = strdup(spec), *save = NULL;
	int ret = copy ? 0 : -ENOMEM, any = 0;

	for (char *kv = copy ? strtok_r(copy, ",", &save) : NULL; kv && !ret;
	     kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '=');

		if (!eq)
			ret = -EINVAL;
		else {
			*eq = '\0';
			ret = need_value(kv, eq + 1, n);
			any++;
		}
	}
	free(copy);
	return ret ? ret : any ? 0 : -EINVAL;
}

static double vcpus_of(const struct fv_cat_row *r)
{
	const char *t = r->title ? strstr(r->title, " vCPU") : NULL;

	while (t && t > r->title && isdigit((unsigned char) t[-1]))
		t--;
	return t ? atof(t) : NAN;
}

/* The smallest provisioning of a rule that could meet the need. */
static void rule_id(char *buf, size_t len, const struct fv_cat_row *r,
		    const struct need *n)
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
	struct cand *v = realloc(c->v, (c->n + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	c->v = v;
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
		  const struct fv_sku *vm, const struct need *nd,
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

static int candidates(struct fv_cmdline *c, const struct rec_opts *o,
		      const struct need *nd, const struct fv_prices *p,
		      const struct fv_sku *vms, size_t nvm, struct cands *out)
{
	const struct fv_catalog *cat = &c->cat;
	int ret = 0;

	for (size_t i = 0; i < cat->n && !ret; i++) {
		const struct fv_cat_row *r = &cat->rows[i];
		struct fv_sku d;
		char id[FV_SKU_ID_MAX], err[512];

		if (!r->used || r->kind == FV_CAT_VM ||
		    strcasecmp(r->cloud, o->cloud) ||
		    (i && r->kind == FV_CAT_RULE &&
		     !strcmp(cat->rows[i - 1].id, r->id)))
			continue;
		if (r->kind == FV_CAT_RULE)
			rule_id(id, sizeof(id), r, nd);
		else
			fv_cat_row_id(id, sizeof(id), r);
		if (fv_sku_resolve(cat->rows, cat->n, id, &d, err, sizeof(err)))
			continue;
		for (size_t v = 0; v < (nvm ? nvm : 1) && !ret; v++) {
			const struct fv_sku *vm = nvm ? &vms[v] : NULL;
			size_t most = vm && vm->row->data_disks > 0
					      ? (size_t) vm->row->data_disks
					      : 1;
			struct cand x, best;

			/* the fewest disks that meet it, else get nearest */
			for (size_t k = 1; k <= most; k++) {
				judge(&x, &d, k, vm, nd, p, o->region);
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

static int money(struct fv_table *t, int row, size_t col, double v,
		 const char *why)
{
	char b[32];

	if (isnan(v))
		return fv_cell_na(t, row, col, why);
	snprintf(b, sizeof(b), "%.2f", v);
	return fv_cell_str(t, row, col, b);
}

static int add_row(struct fv_table *t, const struct cand *x)
{
	int row = fv_table_add_row(t), ret;
	double k = x->iops / 1000, mb = x->bw / 1e6;

	if (row < 0)
		return row;
	ret = fv_cell_str(t, row, 0, x->what);
	ret = ret
		      ?: fv_cell_str(t, row, 1,
				     x->meets	? "yes"
				     : x->burst ? "on a burst only"
						: "no");
	ret = ret ?: fv_cell_num(t, row, 2, x->iops);
	ret = ret ?: fv_cell_num(t, row, 3, x->bw);
	ret = ret ?: fv_cell_num(t, row, 4, x->capacity);
	ret = ret ?: fv_cell_str(t, row, 5, x->binds);
	ret = ret
		      ?: (isinf(x->room)
				  ? fv_cell_na(t, row, 6,
					       "no IOPS or bw "
					       "asked")
				  : fv_cell_num(t, row, 6, 100 * x->room));
	ret = ret ?: money(t, row, 7, x->usd, x->why);
	ret = ret ?: money(t, row, 8, x->usd / k, x->why);
	ret = ret ?: money(t, row, 9, x->usd / mb, x->why);
	ret = ret
		      ?: (x->date ? fv_cell_str(t, row, 10, x->date)
				  : fv_cell_na(t, row, 10, "not priced"));
	return ret;
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

static int table(const struct rec *r, struct cands *c, struct fv_report *rep)
{
	const struct rec_opts *o = r->o;
	const struct need *nd = &r->nd;
	static const struct {
		const char *key, *title;
		enum fv_unit unit;
	} cols[] = {
		{ "sku", "SKU", FV_U_TEXT },
		{ "meets", "Meets", FV_U_TEXT },
		{ "iops", "IOPS", FV_U_IOPS },
		{ "bw", "BW", FV_U_BPS },
		{ "capacity_gib", "GiB", FV_U_COUNT },
		{ "binding", "Binding Limit", FV_U_TEXT },
		{ "headroom", "Headroom", FV_U_PERCENT },
		{ "usd_month", "USD/Month", FV_U_TEXT },
		{ "usd_per_kiops", "USD/1k IOPS", FV_U_TEXT },
		{ "usd_per_mbps", "USD/MB/s", FV_U_TEXT },
		{ "price_date", "Price Date", FV_U_TEXT },
	};
	struct fv_table *t = fv_table_new("recommend", "SKUs for the need");
	size_t shown = 0, met = 0;
	int ret = t ? fv_report_add(rep, t) : -ENOMEM;

	if (ret) {
		fv_table_free(t);
		return ret;
	}
	for (size_t i = 0; i < sizeof(cols) / sizeof(cols[0]) && !ret; i++)
		ret = fv_table_add_col(t, cols[i].key, cols[i].title,
				       cols[i].unit, 0);
	if (!ret && r->from[0])
		ret = fv_table_note(t, "%s", r->from);
	if (!ret && r->nvm)
		ret = vm_note(t, c);
	qsort(c->v, c->n, sizeof(*c->v), by_price);
	for (size_t i = 0; i < c->n; i++)
		met += c->v[i].meets;
	for (size_t i = 0; i < c->n && !ret; i++)
		if ((c->v[i].meets && shown < TOP) || (!met && shown < 3)) {
			ret = add_row(t, &c->v[i]);
			shown++;
		}
	if (!ret && met > TOP)
		ret = fv_table_note(t, "%zu more meet it, dearer or not priced",
				    met - TOP);
	for (size_t i = 0; i < c->n && !ret; i++)
		if (c->v[i].meets && isnan(c->v[i].usd)) {
			ret = fv_table_note(t, "meets it, not priced: %s (%s)",
					    c->v[i].what, c->v[i].why);
			break;
		}
	if (!ret && !met)
		ret = fv_table_note(t,
				    "no SKU of %s meets the need on the "
				    "catalog's figures: the nearest shown",
				    o->cloud);

	if (!ret && nd->lat > 0)
		ret = fv_table_note(t, "latency-p99: the catalog gives no "
				       "latency figures, so it is not checked "
				       "(measure it: fioverdict latency)");
	return ret
		       ?: fv_table_note(
				  t,
				  "%s list prices in %s, USD per month, as of "
				  "each row's date (catalog/prices/); IOPS, "
				  "BW: sustained figures of the catalog, the "
				  "smaller of the disks' and the VM's; "
				  "Headroom: above the need on the tighter "
				  "figure; USD/1k IOPS and USD/MB/s: the "
				  "month's price per delivered figure",
				  o->cloud, o->region);
}

/* --from RESULTS (repeatable) */
static int set_from(struct fv_cmdline *c, const struct fv_option *opt,
		    const char *arg)
{
	struct rec_opts *o = c->own;
	char **v = realloc(o->from, (o->nfrom + 1) * sizeof(*v));

	(void) opt;
	if (!v)
		return FV_EXIT_SOFTWARE;
	v[o->nfrom++] = (char *) arg;
	o->from = v;
	return 0;
}

static const struct fv_option rec_opts[] = {
	FV_OPT_AT("need", 0, "SPEC",
		  "iops=N,bw=X[MB/s|MiB/s],capacity=C[GiB|TiB],\n"
		  "latency-p99=T[ms|us]: any of them",
		  fv_set_string, offsetof(struct rec_opts, need), 0, 0),
	FV_OPT_AT("cloud", 0, "CLOUD", "azure, aws or gcp [azure]",
		  fv_set_string, offsetof(struct rec_opts, cloud), 0, 0),
	FV_OPT_AT("region", 0, "REGION",
		  "prices of REGION [eastus, us-east-1,\nus-central1]",
		  fv_set_string, offsetof(struct rec_opts, region), 0, 0),
	FV_OPT_AT("vm", 0, "ID",
		  "disks on this VM: its limits bind, N disks\nstriped "
		  "where one does not do",
		  fv_set_string, offsetof(struct rec_opts, vm), 0, 0),
	FV_OPT_AT("vcpus", 0, "N", "disks on each VM size of N vCPUs",
		  fv_set_number, offsetof(struct rec_opts, vcpus), 1, 0),
	FV_OPT("prices", 0, "PATH",
	       "price list file or directory instead of the\ncatalog's "
	       "prices/ (repeatable: the first\nthat prices a SKU counts)",
	       fv_set_prices),
	FV_OPT("from", 0, "RESULTS",
	       "the need from these results (a file or a\ndirectory; "
	       "repeatable): --label's peak IOPS,\nsequential bandwidth "
	       "and p99; --need adds\nor overrides keys",
	       set_from),
	FV_OPT_AT("label", 0, "L",
		  "with --from: the label whose figures are\nthe need "
		  "[the only one]",
		  fv_set_string, offsetof(struct rec_opts, label), 0, 0),
	FV_OPT("output", 'o', "FILE", "write the table to FILE", fv_set_output),
	FV_OPT("help", 'h', NULL, "this help", NULL),
	FV_OPT_END,
};

static const char *default_region(const char *cloud)
{
	return !strcmp(cloud, "aws")   ? "us-east-1"
	       : !strcmp(cloud, "gcp") ? "us-central1"
				       : "eastus";
}

static int find_vms(struct fv_cmdline *c, const struct rec_opts *o,
		    struct fv_sku **vms, size_t *n)
{
	char err[1024];

	*n = 0;
	*vms = calloc(c->cat.n ? c->cat.n : 1, sizeof(**vms));
	if (!*vms)
		return FV_EXIT_SOFTWARE;
	if (o->vm) {
		if (fv_sku_resolve(c->cat.rows, c->cat.n, o->vm, *vms, err,
				   sizeof(err)) ||
		    (*vms)[0].kind != FV_CAT_VM)
			return fv_usage_error(c, "--vm %s: %s", o->vm,
					      (*vms)[0].kind != FV_CAT_VM &&
							      !err[0]
						      ? "not a VM"
						      : err);
		*n = 1;
		return 0;
	}
	for (size_t i = 0; o->vcpus > 0 && i < c->cat.n; i++) {
		const struct fv_cat_row *r = &c->cat.rows[i];
		char id[FV_SKU_ID_MAX];

		fv_cat_row_id(id, sizeof(id), r);
		if (r->kind == FV_CAT_VM && r->used &&
		    !strcasecmp(r->cloud, o->cloud) &&
		    vcpus_of(r) == o->vcpus &&
		    !fv_sku_resolve(c->cat.rows, c->cat.n, id, &(*vms)[*n], err,
				    sizeof(err)))
			(*n)++;
	}
	if (o->vcpus > 0 && !*n)
		return fv_usage_error(c,
				      "--vcpus %g: no %s VM size of %g vCPUs "
				      "in the catalog",
				      o->vcpus, o->cloud, o->vcpus);
	return 0;
}

/* The options checked, the catalog, prices and VMs loaded: 0 or a status. */
static int prepare(struct fv_cmdline *c, struct rec *r)
{
	struct rec_opts *o = r->o;
	char where[4200];
	int ret;

	r->nd = (struct need){ 0, 0, 0, 0 };
	if ((!o->need && !o->nfrom) || (o->need && parse_need(o->need, &r->nd)))
		return fv_usage_error(c,
				      "--need %s: expected iops=N,bw=X,"
				      "capacity=C,latency-p99=T (any of them), "
				      "e.g. iops=5000,bw=200MB/s, or --from "
				      "RESULTS",
				      o->need ? o->need : "missing");
	if (o->label && !o->nfrom)
		return fv_usage_error(c, "--label %s: only with --from RESULTS",
				      o->label);
	if (strcmp(o->cloud, "azure") && strcmp(o->cloud, "aws") &&
	    strcmp(o->cloud, "gcp"))
		return fv_usage_error(
			c, "--cloud %s: expected azure, aws or gcp", o->cloud);
	if (!o->region)
		o->region = default_region(o->cloud);
	ret = fv_catalog_open(c);
	ret = ret ?: fv_prices_open(c, where, sizeof(where));
	if (!ret && !fv_prices_region_known(&c->prices, o->cloud, o->region))
		ret = fv_usage_error(c,
				     "--region %s: no %s prices for it in %s "
				     "(e.g. %s)",
				     o->region, o->cloud, where,
				     default_region(o->cloud));
	return ret ?: find_vms(c, o, &r->vms, &r->nvm);
}

/* The table of the SKUs for r's need into rep: 0 or -ENOMEM. */
static int build(struct fv_cmdline *c, struct rec *r, struct fv_report *rep)
{
	struct cands cs = { 0 };
	int ret = candidates(c, r->o, &r->nd, &c->prices, r->vms, r->nvm, &cs);

	ret = ret ?: table(r, &cs, rep);
	free(cs.v);
	return ret;
}

/*
 * The label --from's need is taken from: --label, else the only one.
 * NULL: a usage error said (*ret -EINVAL), or no results (a diagnostic,
 * *ret 0: exit status 2), or -ENOMEM.
 */
static const char *from_label(struct fv_tables *x, const char *want, int *ret)
{
	const char **v = NULL, *found = NULL;
	char list[512] = "";
	size_t n = 0, len = 0;

	*ret = fv_labels(x->set, false, &v, &n);
	if (*ret)
		return NULL;
	if (!n) {
		free(v);
		*ret = fv_diag_add(&x->set->diags, FV_ERROR, x->c->inputs[0], 0,
				   0,
				   "--from: no fio results read: no need to "
				   "take");
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		if (want ? !strcmp(v[i], want) : n == 1)
			found = v[i];
		if (len < sizeof(list))
			len += (size_t) snprintf(list + len, sizeof(list) - len,
						 "%s%s", i ? ", " : "", v[i]);
	}
	if (!found) {
		fv_usage_error(x->c, "--label %s: the results' labels are %s",
			       want ? want : "missing", list);
		*ret = -EINVAL;
	}
	free(v);
	return found;
}

/* Keys --need did not give, from what label measured (noted in r->from). */
static int need_from(struct fv_cmdline *c, const struct fv_set *set,
		     const char *label, struct rec *r)
{
	const struct fv_job *pj = NULL, *sj = NULL;
	double iops = fv_label_measured(set, label, FV_ROLE_PEAK, false, &pj);
	double bw =
		fv_label_measured(set, label, FV_ROLE_THROUGHPUT, true, &sj);
	int k = fv_pct_index(set, 99);
	double p99 = NAN;
	size_t len;

	if (isnan(iops) && isnan(bw)) {
		fv_usage_error(c,
			       "--label %s: no peak (random IOPS) or "
			       "sequential job in its results to take a need "
			       "from: give --need",
			       label);
		return -EINVAL;
	}
	if (pj && k >= 0) {
		const struct fv_lat *l = &pj->dir[fv_lat_dir(pj)].lat[FV_CLAT];

		if (l->pct && l->pct[k].src != FV_PCT_NONE)
			p99 = l->pct[k].ns;
	}
	len = (size_t) snprintf(r->from, sizeof(r->from),
				"the need: what label %s measured", label);
	if (!(r->nd.iops > 0) && !isnan(iops)) {
		r->nd.iops = iops;
		len += (size_t) snprintf(r->from + len, sizeof(r->from) - len,
					 ", %.0f IOPS (%s)", iops, pj->display);
	}
	if (!(r->nd.bw > 0) && !isnan(bw) && len < sizeof(r->from)) {
		r->nd.bw = bw;
		len += (size_t) snprintf(r->from + len, sizeof(r->from) - len,
					 ", %.1f MB/s (%s)", bw / 1e6,
					 sj->display);
	}
	if (!(r->nd.lat > 0) && !isnan(p99) && len < sizeof(r->from)) {
		r->nd.lat = p99 / 1e9;
		snprintf(r->from + len, sizeof(r->from) - len,
			 ", p99 %.0f µs (%s)", p99 / 1e3, pj->display);
	}
	return 0;
}

/* fv_tables' analysis: the results are loaded; the need, then the table. */
static int from_results(struct fv_tables *x, struct fv_report *rep)
{
	struct rec *r = (struct rec *) x->ctx;
	int ret;
	const char *label = from_label(x, r->o->label, &ret);

	if (!label)
		return ret;
	return need_from(x->c, x->set, label, r) ?: build(x->c, r, rep);
}

static int answer(struct fv_cmdline *c, struct rec_opts *o)
{
	struct fv_report rep = { .command = "recommend" };
	struct rec r = { .o = o };
	struct fv_output out;
	int ret = prepare(c, &r);

	if (!ret && o->nfrom) {
		struct fv_tables x = { .c = c,
				       .analyse = from_results,
				       .ctx = &r };

		c->inputs = o->from;
		c->ninputs = o->nfrom;
		ret = fv_tables_main(&x);
	} else if (!ret) {
		if (build(c, &r, &rep))
			ret = FV_EXIT_SOFTWARE;
		if (!ret &&
		    !(ret = fv_output_open(&out, c->output, c->out, c->err)))
			ret = fv_output_close(
				&out, c->format->render(out.f, &rep), c->err);
	}
	fv_report_free(&rep);
	free(r.vms);
	return ret;
}

static int recommend_main(const struct fv_invocation *inv, int argc,
			  char **argv)
{
	struct rec_opts o = { .cloud = "azure" };
	struct fv_cmdline c;
	int status;

	fv_cmdline_init(&c, inv);
	c.own = &o;
	c.own_usage = true;
	status = fv_cmdline_parse(&c, argc, argv);
	if (!status && !c.done && c.ninputs)
		status = fv_usage_error(&c, "%s",
					"no INPUT expected (results: --from "
					"RESULTS)");
	if (!status && !c.done)
		status = answer(&c, &o);
	free(o.from);
	fv_cmdline_free(&c);
	return status;
}

const struct fv_command fv_cmd_recommend = {
	.name = "recommend",
	.help = "the cheapest SKUs that meet a need, on the catalog's figures",
	.synopsis = "recommend --need SPEC | --from RESULTS [--label L] "
		    "[OPTION]...",
	.after = "The disks (and N disks striped on --vm, or on each size of "
		 "--vcpus) that meet\nthe need on the catalog's sustained "
		 "figures, cheapest first at the list\nprices of --region "
		 "(catalog/prices/, each with its date); none meeting it:\nthe "
		 "nearest. Latency is not in the catalog: a latency-p99 need "
		 "is not\nchecked. Exit status: 0 ok, 2 the catalog or prices "
		 "unreadable, 64 usage\n(a malformed need, an unknown cloud, "
		 "region or VM).\n",
	.options = (const struct fv_option *const[]){ rec_opts, fv_opts_format,
						      fv_opts_catalog, NULL },
	.main = recommend_main,
};
