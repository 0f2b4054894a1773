/* SPDX-License-Identifier: MIT */
/*
 * recommend on a catalog and a price list this test writes: the SKUs that
 * meet the need, cheapest first, and each one's delivered figures,
 * headroom and price, computed here from the catalog's limits and prices
 * by the rule fioverdict(1) states.
 */
#include "answers.h"
#include "util/util.h"

/* Disk tiers of fixed size and figures, and their monthly price. */
static const struct disk {
	const char *id;
	int gib;
	double iops, mbps, usd;
} disks[] = {
	{ "T1", 128, 500, 100, 10 }, { "T2", 256, 1500, 120, 30 },
	{ "T3", 512, 3000, 80, 20 }, { "T4", 1024, 5000, 210, 90 },
	{ "T5", 64, 8000, 300, 70 },
};

#define NDISKS (FV_ARRAY_SIZE(disks))

/* A VM size: its uncached limits and how many data disks it attaches. */
static const struct vm {
	const char *id;
	double iops, mbps;
	int data_disks;
} vm = { "VM4", 6000, 250, 4 };

#define SRC ",2026-12-01,https://example.com/catalog"

/* A CSV file in the test's directory, its first lines written. */
static FILE *csv_file(const char *rel, const char *head)
{
	FILE *f = fopen(fvt_at("%s", rel), "w");

	assert_non_null(f);
	fputs(head, f);
	return f;
}

/* The catalog (disks, then the VM) and the price list, from the tables. */
static void write_catalog(void)
{
	FILE *cat, *prices;

	fvt_mkdir(fvt_at("cat"));
	cat = csv_file("cat/t.csv", "# fioverdict-catalog 2\ncloud,id,kind,"
				    "family,size_gib,iops,bw,bw_unit,bursting,"
				    "read,source,data_disks\n");
	prices = csv_file("prices.csv",
			  "# fioverdict-prices 1\n"
			  "cloud,id,region,usd,unit,published,read,source\n");
	for (size_t i = 0; i < NDISKS; i++) {
		const struct disk *d = &disks[i];

		fprintf(cat, "azure,%s,disk,t,%d,%g,%g,MB/s,none" SRC ",\n",
			d->id, d->gib, d->iops, d->mbps);
		fprintf(prices, "azure,%s,eastus,%g,month,2026-01-01" SRC "\n",
			d->id, d->usd);
	}
	fprintf(cat, "azure,%s,vm,v,,%g,%g,MB/s,none" SRC ",%d\n", vm.id,
		vm.iops, vm.mbps, vm.data_disks);
	assert_int_equal(fclose(cat), 0);
	assert_int_equal(fclose(prices), 0);
}

/* What n disks of one tier deliver (within the VM's limits, if on one). */
struct offer {
	const struct disk *d;
	int n;
	double iops, mbps, usd, headroom; /* headroom in % */
};

/*
 * The fewest disks of d that meet the need (one without a VM, at most its
 * data disks on one), striped: their figures added up, the VM's the
 * ceiling; headroom above the need on the tighter figure. 0: they do.
 */
static int offer_of(const struct disk *d, double iops, double mbps,
		    const struct vm *on, struct offer *o)
{
	int most = on ? on->data_disks : 1;

	o->d = d;
	for (o->n = 1; o->n <= most; o->n++) {
		o->iops = o->n * d->iops;
		o->mbps = o->n * d->mbps;
		if (on) {
			o->iops = fmin(o->iops, on->iops);
			o->mbps = fmin(o->mbps, on->mbps);
		}
		if (o->iops >= iops && o->mbps >= mbps)
			break;
	}
	o->usd = o->n * d->usd;
	o->headroom = 100 * (fmin(o->iops / iops, o->mbps / mbps) - 1);
	return o->n <= most ? 0 : -1;
}

static int by_price(const void *a, const void *b)
{
	const struct offer *x = a, *y = b;

	return (x->usd > y->usd) - (x->usd < y->usd);
}

/* The offers that meet the need, cheapest first; returns how many. */
static size_t cheapest(double iops, double mbps, const struct vm *on,
		       struct offer *o)
{
	size_t n = 0;

	for (size_t i = 0; i < NDISKS; i++)
		n += !offer_of(&disks[i], iops, mbps, on, &o[n]);
	qsort(o, n, sizeof(*o), by_price);
	return n;
}

/*
 * The limit that binds: on the tighter figure (IOPS when the two tie),
 * the VM's when it is the ceiling, else the disks' together ("disk
 * azure:T3: 160 MB/s").
 */
static void binding(char *buf, size_t len, const struct offer *o, double iops,
		    double mbps, const struct vm *on)
{
	bool by_iops = o->iops / iops <= o->mbps / mbps;
	double disks = by_iops ? o->n * o->d->iops : o->n * o->d->mbps;
	double vm_max = on ? (by_iops ? on->iops : on->mbps) : INFINITY;
	const char *unit = by_iops ? "IOPS" : "MB/s";

	if (vm_max < disks)
		snprintf(buf, len, "VM azure:%s: %g %s", on->id, vm_max, unit);
	else
		snprintf(buf, len, "disk azure:%s: %g %s", o->d->id, disks,
			 unit);
}

static void sku_name(char *buf, size_t len, const struct offer *o,
		     const struct vm *on)
{
	int at = o->n > 1 ? snprintf(buf, len, "%d x ", o->n) : 0;

	at += snprintf(buf + at, len - at, "azure:%s", o->d->id);
	if (on)
		snprintf(buf + at, len - at, " + azure:%s", on->id);
}

/* The table's rows: the offers in their order, each with its figures. */
static void same_offers(const json_t *rows, const struct offer *o, size_t n,
			double iops, double mbps, const struct vm *on)
{
	char sku[64], limit[80];

	assert_int_equal(json_array_size(rows), n);
	for (size_t i = 0; i < n; i++) {
		const json_t *r = json_array_get(rows, i);

		sku_name(sku, sizeof(sku), &o[i], on);
		assert_string_equal(
			json_string_value(json_object_get(r, "sku")), sku);
		assert_string_equal(
			json_string_value(json_object_get(r, "meets")), "yes");
		fva_near(fva_num(r, "iops"), o[i].iops, "iops");
		fva_near(fva_num(r, "bw"), o[i].mbps * 1e6, "bw");
		fva_near(fva_num(r, "headroom"), o[i].headroom, "headroom");
		binding(limit, sizeof(limit), &o[i], iops, mbps, on);
		assert_string_equal(
			json_string_value(json_object_get(r, "binding")),
			limit);
		/* prices: numbers in JSON, as every figure there */
		fva_near(fva_num(r, "usd_month"), o[i].usd, "usd_month");
		fva_near(fva_num(r, "usd_per_kiops"),
			 o[i].usd / (o[i].iops / 1000), "usd_per_kiops");
		fva_near(fva_num(r, "usd_per_mbps"), o[i].usd / o[i].mbps,
			 "usd_per_mbps");
	}
}

static void run_need(const char *need, const char *vm_id, double iops,
		     double mbps, const struct vm *on)
{
	const char *args[] = { "recommend",	      "-f",	     "json",
			       "--catalog",	      fvt_at("cat"), "--prices",
			       fvt_at("prices.csv"),  "--need",	     need,
			       vm_id ? "--vm" : NULL, vm_id,	     NULL };
	struct offer o[NDISKS];
	size_t n = cheapest(iops, mbps, on, o);
	json_t *doc;

	assert_true(n > 0); /* the need is one some SKU meets */
	same_offers(fva_rows(args, 0, &doc), o, n, iops, mbps, on);
	json_decref(doc);
}

/* Disks alone: the cheapest (T1, T3) fall short on IOPS or on MB/s. */
static void disks_alone(void **state)
{
	char need[] = "iops=1200,bw=100MB/s";

	(void) state;
	write_catalog();
	run_need(need, NULL, 1200, 100, NULL);
}

/* On a VM: disks striped where one does not do, the VM's limits bind. */
static void striped_on_vm(void **state)
{
	char need[] = "iops=2500,bw=100MB/s";

	(void) state;
	write_catalog();
	run_need(need, "azure:VM4", 2500, 100, &vm);
}

/*
 * T2 has twice the IOPS and twice the MB/s asked: the two limits tie and
 * its binding limit is the IOPS one; the other tiers bind on MB/s.
 */
static void tie_binds_iops(void **state)
{
	char need[] = "iops=750,bw=60MB/s";

	(void) state;
	write_catalog();
	run_need(need, NULL, 750, 60, NULL);
}

#define T(f) cmocka_unit_test_setup_teardown(f, fvt_tmp_setup, fvt_tmp_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(disks_alone),
		T(striped_on_vm),
		T(tie_binds_iops),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
