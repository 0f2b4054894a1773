/* SPDX-License-Identifier: MIT */
/*
 * The path a label's I/O took (--path) and the limit that binds on it,
 * against seed 004's CrystalDiskMark figures (D8s_v3 with ReadOnly cached
 * P20/P30/P40 and its temp disk, L8s and L8s_v2 with an uncached P30,
 * L8s_v2's NVMe): the binding limit each one names, which reading of a
 * MBps limit (10^6 or 2^20 B/s) the measurement sits on, and the
 * combinations refused before anything runs. The real catalog/.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "util/util.h"
#include "fvtest.h"

#define MB 1e6
#define MIB 1048576.0

/* One label's SKUs and path; fails the test on a refusal. */
static void add(struct fv_label_skus *s, const char *sku, const char *path)
{
	struct fv_error err = { 0 };

	if (fv_label_skus_add(s, &fvt_catalog, sku, &err) ||
	    (path && fv_label_path_set(s, &fvt_catalog, path, &err)))
		fail_msg("%s / %s: %s", sku, path ? path : "-", err.text);
}

/* The binding limits of a label, for reads or for writes. */
static void binding(const struct fv_label_skus *s, const char *label,
		    bool writes, const struct fv_limit **iops,
		    const struct fv_limit **bw, struct fv_limits *l)
{
	fv_limits_of(fv_label_skus_find(s, label), l);
	*iops = writes ? l->w_iops : l->iops;
	*bw = writes ? l->w_bw : l->bw;
	assert_non_null(*iops);
	assert_non_null(*bw);
}

/* The limit that binds on a label: its figure, whose it is, what it says. */
struct want_limit {
	const char *label;
	enum { READS, WRITES } dir;
	enum { IOPS, BW } of;
	double value;
	enum { VM, DISK } whose;
	const char *what;
};

/* Each wanted limit, by its label, direction and kind. */
static void expect_limits(const struct fv_label_skus *s,
			  const struct want_limit *w, size_t n)
{
	static const char *const dirs[] = { "reads", "writes" },
				 *kinds[] = { "IOPS", "bw" };

	for (size_t i = 0; i < n; i++, w++) {
		const struct fv_limit *iops, *bw, *lim;
		struct fv_limits l;

		binding(s, w->label, w->dir == WRITES, &iops, &bw, &l);
		lim = w->of == BW ? bw : iops;
		if (!(fabs(lim->value - w->value) < 1e-6 * w->value) ||
		    lim->disk != (w->whose == DISK) ||
		    !strstr(lim->what, w->what))
			fail_msg("%s %s %s: %g, the %s's, '%s'; want %g, "
				 "the %s's, '%s'",
				 w->label, dirs[w->dir], kinds[w->of],
				 lim->value, lim->disk ? "disk" : "VM",
				 lim->what, w->value,
				 w->whose == DISK ? "disk" : "VM", w->what);
	}
}

/*
 * The limit each label reads and writes against: seed 004's setups, OS
 * disks on a placement, a stripe.
 */
static void binding_limits(void **state)
{
	static const struct want_limit want[] = {
		/* cached reads: the VM's cached-and-temp 16,000 IOPS /
		 * 128 MBps whatever the disk ("bigger disks do not make
		 * sense") */
		{ "d8p20", READS, IOPS, 16000, VM, "cached" },
		{ "d8p20", READS, BW, 128 * MB, VM, "cached" },
		{ "d8p40", READS, IOPS, 16000, VM, "cached" },
		{ "d8p40", READS, BW, 128 * MB, VM, "cached" },
		/* cached writes: each disk's IOPS, the cache's throughput */
		{ "d8p20", WRITES, IOPS, 2300, DISK, "provisioned" },
		{ "d8p20", WRITES, BW, 128 * MB, VM, "cached" },
		{ "d8p40", WRITES, IOPS, 7500, DISK, "provisioned" },
		/* the temp disk shares the cached limit on Dsv3 */
		{ "d8temp", READS, BW, 128 * MB, VM, "cached and temp" },
		/* L8s_v2: the VM's uncached 160, not the P30's 200; L8s:
		 * the P30 */
		{ "l8v2", READS, BW, 160 * MB, VM, "uncached" },
		{ "l8v2", READS, IOPS, 5000, DISK, "provisioned" },
		{ "l8", READS, BW, 200 * MB, DISK, "provisioned" },
		{ "nvme", READS, IOPS, 400000, VM, "NVMe" },
		{ "nvme", READS, BW, 2000 * MB, VM, "NVMe" },
		/* ephemeral OS disks take their placement's limits */
		{ "v7", READS, IOPS, 600000, VM, "NVMe" },
		{ "v7", WRITES, IOPS, 240000, VM, "random write" },
		{ "v3", READS, IOPS, 16000, VM, "cached" },
		/* stripes add up: 3 x P30, 15,000 IOPS and 600 MBps, under
		 * the VM's 51,200 / 768 */
		{ "st", READS, IOPS, 15000, DISK, "3 disks striped" },
		{ "st", READS, BW, 600 * MB, DISK, "3 disks striped" },
	};
	struct fv_label_skus s = { 0 };

	(void) state;
	add(&s, "d8p20=azure:Standard_D8s_v3+azure:P20", "d8p20=cached");
	add(&s, "d8p40=azure:Standard_D8s_v3+azure:P40", "d8p40=cached");
	add(&s, "d8temp=azure:Standard_D8s_v3", "d8temp=temp");
	add(&s, "l8v2=azure:Standard_L8s_v2+azure:P30", "l8v2=uncached");
	add(&s, "l8=azure:Standard_L8s+azure:P30", "l8=uncached");
	add(&s, "nvme=azure:Standard_L8s_v2", "nvme=nvme");
	add(&s, "v7=azure:Standard_D32ads_v7", "v7=os");
	add(&s, "v3=azure:Standard_D8s_v3", "v3=os:cache");
	add(&s, "st=azure:Standard_D32ads_v5+azure:P30+azure:P30+azure:P30",
	    "st=uncached");
	assert_string_equal(fv_label_skus_find(&s, "v7")->placement,
			    "NvmeDisk");
	expect_limits(&s, want, FV_ARRAY_SIZE(want));
	fv_label_skus_free(&s);
}

/* Seed 004's rates against the limits both ways. */
static void seed004_units(void **state)
{
	struct fv_label_skus s = { 0 };
	const struct fv_limit *iops, *bw, *m;
	struct fv_limits l;
	double dev;

	(void) state;
	add(&s, "d8=azure:Standard_D8s_v3+azure:P30", "d8=cached");
	add(&s, "l8v2=azure:Standard_L8s_v2+azure:P30", "l8v2=uncached");
	add(&s, "l8=azure:Standard_L8s+azure:P30", "l8=uncached");
	/* 135.07 MB/s (128.8 MiB/s) on "128 MBps": the 2^20 reading */
	binding(&s, "d8", false, &iops, &bw, &l);
	assert_true(fv_limit_reading(bw, 135.068 * MB, &dev));
	assert_true(fabs(dev) < 0.01);
	assert_true(135.068 * MB <= fv_limit_upper(bw) * 1.01);
	/* 167.75 MB/s on L8s_v2's "160 MBps": 2^20 again, within 0.1% */
	binding(&s, "l8v2", false, &iops, &bw, &l);
	assert_true(fv_limit_reading(bw, 167.754 * MB, &dev));
	assert_true(fabs(dev) < 0.001);
	/* 203.86 MB/s on the P30's 200: +1.9% as 10^6, -2.8% as 2^20;
	 * under the upper reading, so never "over its limit" */
	binding(&s, "l8", false, &iops, &bw, &l);
	assert_false(fv_limit_reading(bw, 203.859 * MB, &dev));
	assert_true(dev > 0.018 && dev < 0.020);
	assert_true(203.859 * MB < fv_limit_upper(bw));
	/* IOPS met a few percent above: 16,484 on 16,000, 2,369 on 2,300 */
	binding(&s, "d8", false, &iops, &bw, &l);
	m = fv_limits_match(&l, 16484.4, NAN, 0.05, &dev);
	assert_ptr_equal(m, iops);
	assert_true(dev > 0.029 && dev < 0.031);
	/* a throughput level matches through its nearer reading */
	m = fv_limits_match(&l, NAN, 135.068 * MB, 0.02, &dev);
	assert_non_null(m);
	assert_true(dev < 0.01);
	fv_label_skus_free(&s);
}

static void refused(const char *sku, const char *path, const char *want)
{
	struct fv_label_skus s = { 0 };
	struct fv_error err = { 0 };
	int ret = fv_label_skus_add(&s, &fvt_catalog, sku, &err);

	if (!ret && path)
		ret = fv_label_path_set(&s, &fvt_catalog, path, &err);
	if (ret != -EINVAL || !strstr(err.text, want))
		fail_msg("%s / %s: got %d '%s', want '%s'", sku,
			 path ? path : "-", ret, err.text, want);
	fv_label_skus_free(&s);
}

/* What cannot be combined is refused, naming what would do. */
static void combinations_refused(void **state)
{
	(void) state;
	refused("a=azure:Standard_D8s_v5", "a=temp",
		"has no temp disk in the catalog; sizes that have one: "
		"azure:Standard_D8ds_v5");
	refused("a=azure:Standard_L8s_v2+azure:P30", "a=cached",
		"has no host cache for data disks");
	refused("a=azure:Standard_D2s_v3+azure:P30+azure:P30+azure:P30+"
		"azure:P30+azure:P30",
		NULL,
		"attaches 4 data disks, 5 are given: a size that "
		"attaches 5: azure:Standard_D4s_v3 (8)");
	refused("a=azure:Standard_D8s_v3+aws:gp3", NULL,
		"a VM takes disks of its own cloud");
	refused("a=azure:Standard_D8s_v3", "a=os", "say which: os:cache");
	refused("a=azure:Standard_D8s_v3", "a=os:nvme",
		"does not support the NvmeDisk placement");
	refused("a=azure:Standard_D8s_v5", "a=os",
		"ephemeral OS disk not supported");
	refused("a=azure:Standard_D8s_v3", "a=nvme", "no local NVMe disk");
	refused("a=azure:Standard_D8s_v3+azure:P30", "a=temp", "stands alone");
	refused("a=azure:P30", "a=fast", "not a path");
	refused("a=azure:P30", "b=cached", "no --sku names the label 'b'");
	refused("a=azure:P30", "a=cached", "the host cache is the VM's");
	refused("a=azure:P30", "a=temp", "the label names no VM");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(binding_limits),
		cmocka_unit_test(seed004_units),
		cmocka_unit_test(combinations_refused),
	};

	return cmocka_run_group_tests_name("paths", tests, fvt_catalog_setup,
					   fvt_catalog_teardown);
}
