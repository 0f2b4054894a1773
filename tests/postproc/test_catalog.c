/* SPDX-License-Identifier: MIT */
/*
 * The catalog: its files (every malformed row named by file, line and
 * field; a newer format version refused with its version), the IDs and
 * their formulas against the figures the providers document, a label's
 * limits and which one binds, and which limit a measured level matches.
 * The real catalog/ too: it loads, and every row has a source and a date.
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

/* ---- Files ---- */

#define HEAD "# fioverdict-catalog 1\n"
#define COLS \
	"cloud,id,kind,family,size_gib,iops,bw,bw_unit,bursting,read,source\n"
#define ROW(x) "t,X1,disk,f,128,500,100,MB/s,none,2026-01-02,https://e.com/" x

/* Parses text; returns the error message (static) or NULL. */
static const char *parse(const char *text)
{
	static char msg[1024];
	struct fv_error err = { 0 };
	struct fv_catalog c = { 0 };
	int ret = fv_catalog_parse(&c, "t.csv", text, strlen(text), &err);

	if (!ret)
		ret = fv_catalog_check(&c, &err);
	fv_catalog_free(&c);
	if (!ret)
		return NULL;
	/* as the command prints it, without its prefix: "FILE:LINE: ..." */
	if (err.line)
		snprintf(msg, sizeof(msg), "%s:%d: %s", err.where, err.line,
			 err.text);
	else
		snprintf(msg, sizeof(msg), "%s: %s", err.where, err.text);
	return msg;
}

static void expect_error(const char *text, const char *needle)
{
	const char *err = parse(text);

	if (!err)
		fail_msg("accepted, wanted an error with: %s", needle);
	if (!strstr(err, needle))
		fail_msg("wanted '%s' in: %s", needle, err);
}

static void file_accepted(void **state)
{
	struct fv_catalog c = { 0 };
	struct fv_error err = { 0 };
	const char *text = HEAD "# a comment\n\n" COLS ROW(
		"\r\n") "t,\"X2\",disk,f,64,240,50,MiB/s,none,2026-01-02,"
			"\"https://e.com/a,b\"\n";

	(void) state;
	assert_int_equal(
		fv_catalog_parse(&c, "t.csv", text, strlen(text), &err), 0);
	assert_int_equal(c.n, 2);
	assert_string_equal(c.rows[0].id, "X1");
	assert_true(c.rows[0].bw == 100 * MB);
	assert_true(c.rows[1].bw == 50 * MIB);
	assert_string_equal(c.rows[1].source, "https://e.com/a,b");
	assert_int_equal(c.rows[1].line, 6);
	assert_true(isnan(c.rows[0].burst_iops));
	assert_true(c.rows[0].used);
	fv_catalog_free(&c);
}

static void malformed_rows_named(void **state)
{
	(void) state;
	expect_error(HEAD COLS "t,X1,disk,f,128,5x0,100,MB/s,none,2026-01-02,"
			       "https://e.com/\n",
		     "t.csv:3: field 'iops': '5x0': expected a plain number");
	expect_error(HEAD COLS "t,X1,disk,f,128,500,100,MB,none,2026-01-02,"
			       "https://e.com/\n",
		     "t.csv:3: field 'bw_unit': 'MB': expected MB/s");
	expect_error(HEAD COLS "t,X1,disk,f,128,500,100,MB/s,none,2026-02-30,"
			       "https://e.com/\n",
		     "t.csv:3: field 'read': '2026-02-30': expected a date");
	expect_error(HEAD COLS "t,X1,disk,f,128,500,100,MB/s,none,2026-01-02,"
			       "e.com\n",
		     "t.csv:3: field 'source': 'e.com': expected an http");
	expect_error(HEAD COLS "t,X1,tier,f,128,500,100,MB/s,none,2026-01-02,"
			       "https://e.com/\n",
		     "t.csv:3: field 'kind': 'tier': expected disk, disk-rule "
		     "or vm");
	expect_error(HEAD COLS "t,X1,disk,f,128,500,100,MB/s,none,2026-01-02\n",
		     "t.csv:3: 10 fields, the header has 11");
	expect_error(HEAD COLS "t,X1,disk,f,128,500,100,MB/s,none,2026-01-02,"
			       "\"https://e.com/\n",
		     "t.csv:3: a quote that does not close");
	expect_error(HEAD COLS "t,X1,disk,f,,500,100,MB/s,none,2026-01-02,"
			       "https://e.com/\n",
		     "t.csv:3: field 'size_gib': a disk tier has one size");
	expect_error(HEAD COLS "t,X:1,disk,f,128,500,100,MB/s,none,2026-01-02,"
			       "https://e.com/\n",
		     "t.csv:3: field 'id': no ':'");
	expect_error(HEAD COLS "t,X1,disk,f,128,500,100,,none,2026-01-02,"
			       "https://e.com/\n",
		     "t.csv:3: field 'bw': '100' is a rate: the row needs "
		     "bw_unit");
	expect_error(
		HEAD COLS "t,X1,disk,f,128,500,100,MB/s,credit,2026-01-02,"
			  "https://e.com/\n",
		"t.csv:3: field 'burst_iops': bursting needs a burst rate");
	expect_error(HEAD COLS "t,X1,disk,f,128,500,100,MB/s,none,,"
			       "https://e.com/\n",
		     "t.csv:3: field 'read': required");
	expect_error(HEAD "cloud,id,kind,size_gib,iosp,read,source\n",
		     "t.csv:2: unknown column 'iosp'");
	expect_error(HEAD "cloud,id,kind,read\n",
		     "t.csv:2: no column 'source'");
	expect_error(HEAD "cloud,id,id,kind,read,source\n",
		     "t.csv:2: column 'id' twice");
	expect_error(HEAD "# only comments\n", "no header line");
	expect_error("", "empty, not a catalog");
	expect_error("cloud,id\n", "t.csv:1: not a fioverdict catalog");
	/* the same SKU twice, both used */
	expect_error(HEAD COLS ROW("\n") ROW("\n"),
		     "t.csv:4: field 'used': t:X1 is also at t.csv:3");
}

static void newer_version_refused(void **state)
{
	(void) state;
	expect_error("# fioverdict-catalog 3\n" COLS ROW("\n"),
		     "t.csv:1: catalog format version 3 is newer than this "
		     "fioverdict reads (2)");
	expect_error("# fioverdict-catalog 17  \n",
		     "catalog format version 17 is newer");
	expect_error("# fioverdict-catalog x\n",
		     "'x' is not a catalog format version");
}

static void files_and_directories(void **state)
{
	struct fv_catalog c = { 0 };
	struct fv_error err = { 0 };

	(void) state;
	fvt_mkdir(fvt_at("cat"));
	fvt_mkfile(fvt_at("cat/b.csv"), HEAD COLS ROW("\n"),
		   strlen(HEAD COLS ROW("\n")));
	fvt_mkfile(fvt_at("cat/a.csv"),
		   HEAD COLS "u,Y,vm,f,,1,2,MB/s,none,2026-01-02,https://e/\n",
		   strlen(HEAD COLS
			  "u,Y,vm,f,,1,2,MB/s,none,2026-01-02,https://e/\n"));
	fvt_mkfile(fvt_at("cat/notes.txt"), "x", 1);
	assert_int_equal(fv_catalog_load(&c, fvt_at("cat"), &err), 0);
	assert_int_equal(c.nfiles, 2);
	assert_non_null(strstr(c.files[0], "a.csv")); /* name order */
	assert_string_equal(c.rows[0].cloud, "u");
	fv_catalog_free(&c);
	assert_true(fv_catalog_load(&c, fvt_at("nope"), &err) < 0);
	fvt_has(err.where, "nope");
	fv_catalog_free(&c);
}

/* ---- The real catalog ---- */

static void real_catalog_sourced(void **state)
{
	size_t unused = 0;

	(void) state;
	assert_true(fvt_catalog.n > 60);
	for (size_t i = 0; i < fvt_catalog.n; i++) {
		const struct fv_cat_row *r = &fvt_catalog.rows[i];

		assert_non_null(r->source);
		assert_true(!strncmp(r->source, "https://", 8));
		assert_non_null(r->read);
		assert_int_equal(strlen(r->read), 10);
		unused += !r->used;
	}
	/* sources that disagree: both rows kept, one used */
	assert_true(unused >= 2);
}

/* ---- IDs and formulas, against the documented figures ---- */

static struct fv_sku sku(const char *id)
{
	struct fv_sku s;
	struct fv_error err = { 0 };

	if (fv_sku_resolve(fvt_catalog.rows, fvt_catalog.n, id, &s, &err))
		fail_msg("%s: %s", id, err.text);
	return s;
}

static void near(double got, double want, const char *what)
{
	if (fabs(got - want) > 1e-6 * fabs(want) + 1e-9)
		fail_msg("%s: %.10g, documented %.10g", what, got, want);
}

static void tiers(void **state)
{
	struct fv_sku s = sku("azure:P30");

	(void) state;
	assert_string_equal(s.id, "azure:P30");
	near(s.iops, 5000, "P30 IOPS");
	near(s.bw, 200 * MB, "P30 MB/s");
	assert_int_equal(s.bursting, FV_BURST_ON_DEMAND);
	near(s.burst_iops, 30000, "P30 on-demand burst");
	s = sku("azure:p10"); /* case ignored */
	near(s.iops, 500, "P10");
	near(s.burst_iops, 3500, "P10 burst");
	near(s.burst_bw, 170 * MB, "P10 burst MB/s");
	near(s.burst_s, 1800, "P10 30 min");
	s = sku("azure:premium-ssd:100GiB"); /* the smallest tier holding it */
	assert_string_equal(s.id, "azure:P10");
	s = sku("azure:premium-ssd:129GiB");
	assert_string_equal(s.id, "azure:P15");
	s = sku("azure:E30");
	near(s.burst_iops, 1000, "E30 burst");
	s = sku("azure:E60");
	near(s.iops, 2000, "E60");
	near(s.bw, 400 * MB, "E60 MB/s");
	assert_int_equal(s.bursting, FV_BURST_NONE);
}

static void vms(void **state)
{
	struct fv_sku s = sku("azure:Standard_D32ds_v5");

	(void) state;
	near(s.iops, 51200, "D32ds_v5 uncached IOPS");
	near(s.bw, 865 * MB, "D32ds_v5 uncached MB/s");
	near(s.burst_iops, 80000, "D32ds_v5 burst");
	near(s.burst_bw, 2000 * MB, "D32ds_v5 burst MB/s");
	s = sku("azure:D64ds_v5"); /* without Standard_ */
	assert_string_equal(s.id, "azure:Standard_D64ds_v5");
	assert_true(isnan(s.burst_iops)); /* 80000 both: no IOPS burst */
	near(s.burst_bw, 3000 * MB, "D64ds_v5 burst MB/s");
	/* the temp disk: 300000 used (2024 page), 375000 kept, not used */
	s = sku("azure:Standard_D64ds_v5:temp");
	near(s.iops, 300000, "D64ds_v5 temp IOPS");
	assert_string_equal(s.id, "azure:Standard_D64ds_v5:temp");
	s = sku("azure:Standard_D32ds_v6:NvmeDisk");
	near(s.iops, 600000, "D32ds_v6 NVMe read IOPS");
	near(s.write_iops, 240000, "D32ds_v6 NVMe write IOPS");
	s = sku("azure:Standard_D8s_v3:cached");
	near(s.iops, 16000, "D8s_v3 cached");
	near(s.bw, 128 * MB, "D8s_v3 cached MB/s");
	s = sku("aws:m5.large");
	near(s.iops, 3600, "m5.large baseline");
	near(s.burst_iops, 18750, "m5.large maximum");
	near(s.bw, 81.25 * MB, "m5.large MB/s");
}

static void gp2(void **state)
{
	struct fv_sku s;

	(void) state;
	/* AWS's table: size, baseline IOPS, burst seconds at 3000 IOPS */
	static const struct {
		const char *id;
		double iops, burst_s, mib;
	} doc[] = {
		{ "aws:gp2:1GiB", 100, 1862, 128 },
		{ "aws:gp2:33GiB", 100, 1862, 128 },
		{ "aws:gp2:100GiB", 300, 2000, 128 },
		{ "aws:gp2:334GiB", 1002, 2703, 250 },
		{ "aws:gp2:750GiB", 2250, 7200, 250 },
		{ "aws:gp2:1000GiB", 3000, NAN, 250 },
		{ "aws:gp2:5334GiB", 16000, NAN, 250 },
		{ "aws:gp2:16384GiB", 16000, NAN, 250 },
	};

	for (size_t i = 0; i < FV_ARRAY_SIZE(doc); i++) {
		s = sku(doc[i].id);
		near(s.iops, doc[i].iops, doc[i].id);
		near(s.bw, doc[i].mib * MIB, doc[i].id);
		if (isnan(doc[i].burst_s))
			assert_int_equal(s.bursting, FV_BURST_NONE);
		else /* the table rounds to the second */
			assert_true(fabs(s.burst_s - doc[i].burst_s) < 1);
	}
	/* 171 to 333 GiB: can burst to 250 MiB/s */
	s = sku("aws:gp2:200GiB");
	near(s.bw, 128 * MIB, "gp2 200 GiB");
	near(s.burst_bw, 250 * MIB, "gp2 200 GiB burst");
	s = sku("aws:gp2:1TiB");
	assert_string_equal(s.id, "aws:gp2:1024GiB");
}

/* Provisioned SKUs: each figure from its size, IOPS and MB/s. */
static void provisioned(void **state)
{
	static const struct {
		const char *id;
		bool bw; /* the figure checked: bw, else IOPS */
		double want;
		const char *what;
	} cases[] = {
		{ "aws:gp3", false, 3000, "gp3 baseline" },
		{ "aws:gp3", true, 125 * MIB, "gp3 baseline" },
		{ "aws:gp3:32GiB:16000iops:1000MiBps", false, 16000,
		  "gp3 at 32 GiB" },
		{ "azure:PremiumV2_LRS", false, 3000,
		  "Premium SSD v2 free baseline" },
		{ "azure:PremiumV2_LRS", true, 125 * MB,
		  "Premium SSD v2 free baseline" },
		/*
		 * 500 IOPS per GiB from 6 GiB: 8 GiB up to 4000, 160 GiB
		 * 80000
		 */
		{ "azure:PremiumV2_LRS:8GiB:4000iops:1000MBps", true, 1000 * MB,
		  "Pv2 0.25 MB/s per IOPS" },
		{ "azure:PremiumV2_LRS:160GiB:80000iops:2000MBps", false, 80000,
		  "Pv2 at 160 GiB" },
		{ "azure:UltraSSD_LRS:4GiB:4000iops:1000MBps", true, 1000 * MB,
		  "Ultra 4 GiB" },
		{ "azure:UltraSSD_LRS:1024GiB:400000iops:10000MBps", false,
		  400000, "Ultra maximum" },
		/*
		 * io1: 50 IOPS per GiB; 500 MiB/s to 32000, then 16 KiB per
		 * IOPS
		 */
		{ "aws:io1:100GiB:5000iops", true, 500 * MIB, "io1 5000 IOPS" },
		{ "aws:io1:2000GiB:48000iops", true, 750 * MIB,
		  "io1 48000 IOPS" },
		{ "aws:io1:2000GiB:64000iops", true, 1000 * MIB,
		  "io1 64000 IOPS" },
		{ "aws:io2:100GiB:50000iops", false, 50000,
		  "io2 500 IOPS per GiB" },
		{ "aws:io2-bx:256GiB:256000iops", true, 4000 * MIB,
		  "io2 Block Express" },
		{ "gcp:pd-balanced:100GiB", false, 3600,
		  "pd-balanced 3000 + 6 x 100" },
		{ "gcp:pd-balanced:100GiB", true, 168 * MIB,
		  "pd-balanced 140 + 0.28 x 100" },
		{ "gcp:pd-ssd:100GiB", false, 9000, "pd-ssd 6000 + 30 x 100" },
		{ "gcp:pd-ssd:100GiB", true, 288 * MIB,
		  "pd-ssd 240 + 0.48 x 100" },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		struct fv_sku s = sku(cases[i].id);

		near(cases[i].bw ? s.bw : s.iops, cases[i].want, cases[i].what);
	}
}

static void refused(const char *id, int want, const char *needle)
{
	struct fv_sku s;
	struct fv_error err = { 0 };
	int ret = fv_sku_resolve(fvt_catalog.rows, fvt_catalog.n, id, &s, &err);

	if (ret != want)
		fail_msg("%s: %d, wanted %d (%s)", id, ret, want,
			 ret ? err.text : "resolved");
	if (!strstr(err.text, needle))
		fail_msg("%s: wanted '%s' in: %s", id, needle, err.text);
}

static void bad_ids(void **state)
{
	(void) state;
	refused("azure:P35", -ENOENT,
		"no such SKU in the catalog; nearest: azure:P30, azure:P15, "
		"azure:P3");
	refused("azure:Standard_D32d_v5", -ENOENT, "azure:Standard_D32ds_v5");
	refused("nope:P10", -ENOENT, "nearest: azure:P10");
	refused("P10", -EINVAL, "expected CLOUD:NAME");
	refused("azure:P10:100GiB", -EINVAL, "is a fixed tier");
	refused("aws:gp2", -EINVAL, "needs a size (1 to 16384 GiB)");
	refused("aws:gp2:20000GiB", -EINVAL, "covers 1 to 16384 GiB");
	refused("aws:gp2:100GB", -EINVAL, "'100GB': not a size");
	refused("aws:gp2:1.5GiB", -EINVAL, "a whole number of GiB");
	refused("aws:gp2:100GiB:3000iops", -EINVAL, "give the size alone");
	refused("aws:gp3:10GiB:9000iops", -EINVAL,
		"takes 3000 to 5000 IOPS at this size");
	refused("aws:gp3:100GiB:3000iops:800MiBps", -EINVAL,
		"at most 750 MiB/s at 3000 IOPS");
	refused("aws:io1:100GiB", -EINVAL, "needs its provisioned IOPS");
	refused("aws:io1:100GiB:6000iops", -EINVAL, "100 to 5000");
	refused("aws:io1:100GiB:500iops:100MiBps", -EINVAL,
		"throughput follows from its IOPS");
	refused("azure:UltraSSD_LRS:8GiB", -EINVAL, "needs its provisioned");
	refused("azure:premium-ssd", -EINVAL, "a family of tiers");
	refused("azure:premium-ssd:40000GiB", -EINVAL,
		"larger than the largest premium-ssd tier (P80");
	refused("azure:dsv5", -EINVAL, "a family of VM sizes");
	refused("azure:Standard_D32s_v5:temp", -EINVAL, "no local (temp) disk");
	refused("azure:Standard_D32ds_v5:NvmeDisk", -EINVAL,
		"does not support the NvmeDisk placement");
	refused("azure:P10:temp", -EINVAL, "is a VM's disk");
	refused("aws:gp2:100GiB:100GiB", -EINVAL, "given twice");
}

/* ---- Limits: which binds, which a level matches ---- */

static struct fv_label_sku label(const char *spec)
{
	struct fv_label_skus s = { 0 };
	struct fv_label_sku one;
	struct fv_error err = { 0 };

	if (fv_label_skus_add(&s, &fvt_catalog, spec, &err))
		fail_msg("%s: %s", spec, err.text);
	one = s.v[0];
	free(s.v); /* the caller keeps (and frees) label and spec */
	return one;
}

static void drop(struct fv_label_sku *ls)
{
	free(ls->label);
	free(ls->spec);
}

static void binding(void **state)
{
	struct fv_label_sku ls = label("p=azure:P30,azure:Standard_D32ds_v5");
	struct fv_limits l;

	(void) state;
	fv_limits_of(&ls, &l);
	/* the smaller of disk and VM, per unit */
	near(l.iops->value, 5000, "P30 on D32ds_v5: IOPS");
	assert_true(l.iops->disk);
	near(l.bw->value, 200 * MB, "P30 on D32ds_v5: MB/s");
	/* the burst: the disk's on-demand 30000 under the VM's 80000 */
	near(l.burst_iops->value, 30000, "burst IOPS");
	assert_true(l.burst_iops->burst && l.burst_iops->disk);
	drop(&ls);

	ls = label("p=azure:P80,azure:Standard_D8s_v5");
	fv_limits_of(&ls, &l);
	near(l.iops->value, 12800, "P80 on D8s_v5: the VM binds");
	assert_false(l.iops->disk);
	near(l.bw->value, 290 * MB, "P80 on D8s_v5: MB/s");
	drop(&ls);

	/* Premium SSD v2 on a v6: the VM's Ultra/Premium SSD v2 limits */
	ls = label("v=azure:PremiumV2_LRS:1024GiB:80000iops:1200MBps,"
		   "azure:Standard_D32s_v6");
	fv_limits_of(&ls, &l);
	near(l.iops->value, 66667, "Pv2 on D32s_v6");
	near(l.bw->value, 1200 * MB, "Pv2 1200 MB/s under the VM's 1984");
	drop(&ls);

	ls = label("p10=azure:P10");
	fv_limits_of(&ls, &l);
	near(l.iops->value, 500, "P10 alone");
	near(l.burst_iops->value, 3500, "P10 burst");
	drop(&ls);

	ls = label("n=azure:Standard_D32s_v6");
	fv_limits_of(&ls, &l);
	near(l.burst_iops->value, 80000, "D32s_v6 burst");
	drop(&ls);
	/* a burst no higher than the baseline is none */
	ls = label("n=azure:Standard_D64s_v6");
	fv_limits_of(&ls, &l);
	assert_null(l.burst_iops);
	assert_null(l.burst_bw);
	drop(&ls);
}

static void labels_refused(void **state)
{
	struct fv_label_skus s = { 0 };
	struct fv_error err = { 0 };

	(void) state;
	assert_int_equal(fv_label_skus_add(&s, &fvt_catalog, "azure:P10", &err),
			 -EINVAL);
	fvt_has(err.text, "expected LABEL=ID");
	err = (struct fv_error){ 0 }; /* the first cause wins: a new one */
	assert_int_equal(fv_label_skus_add(&s, &fvt_catalog,
					   "a=azure:Standard_D8s_v3,azure:"
					   "Standard_D4s_v3",
					   &err),
			 -EINVAL);
	fvt_has(err.text, "one VM at most");
	err = (struct fv_error){ 0 }; /* the first cause wins */
	assert_int_equal(
		fv_label_skus_add(&s, &fvt_catalog,
				  "a=azure:P10,azure:Standard_D32ds_v5:temp",
				  &err),
		-EINVAL);
	fvt_has(err.text, "stands alone");
	assert_int_equal(fv_label_skus_add(&s, &fvt_catalog, "a=", &err),
			 -EINVAL);
	assert_int_equal(
		fv_label_skus_add(&s, &fvt_catalog, "a=azure:P10", &err), 0);
	err = (struct fv_error){ 0 }; /* the first cause wins */
	assert_int_equal(
		fv_label_skus_add(&s, &fvt_catalog, "a=azure:P30", &err),
		-EINVAL);
	fvt_has(err.text, "label 'a' is given twice");
	assert_non_null(fv_label_skus_find(&s, "a"));
	assert_null(fv_label_skus_find(&s, "b"));
	fv_label_skus_free(&s);
}

static void matching(void **state)
{
	struct fv_label_sku ls = label("p=azure:P30,azure:Standard_D32ds_v5");
	struct fv_limits l;
	const struct fv_limit *m;
	double dev;
	char buf[512];

	(void) state;
	fv_limits_of(&ls, &l);
	/* within the noise: the nearest limit */
	m = fv_limits_match(&l, 4950, NAN, 0.05, &dev);
	assert_non_null(m);
	near(m->value, 5000, "4950 IOPS matches 5000");
	near(dev, 0.01, "1% away");
	/* outside it: none, and how far the nearest is */
	assert_null(fv_limits_match(&l, 4000, NAN, 0.05, &dev));
	near(dev, 0.2, "4000 is 20% below 5000");
	/* the nearest of two within the noise */
	m = fv_limits_match(&l, 51000, NAN, 0.5, NULL);
	near(m->value, 51200, "the VM's 51200, nearer than 80000");
	/* a bandwidth level matches bandwidth limits only */
	m = fv_limits_match(&l, NAN, 201 * MB, 0.02, NULL);
	assert_true(m && m->unit == FV_LIM_BPS);
	near(m->value, 200 * MB, "200 MB/s");
	m = fv_limits_match(&l, 5000, 865 * MB, 0.001, &dev);
	assert_non_null(m); /* both exact: either is a match */
	assert_true(dev < 1e-9);
	assert_null(fv_limits_match(&l, NAN, NAN, 1, NULL));
	assert_null(fv_limits_match(&l, 0, -1, 1, NULL));

	fv_limits_explain(&ls, "the level", 5020, NAN, 0.05, buf, sizeof(buf));
	assert_string_equal(buf, "; the level, 5020 IOPS, matches the disk "
				 "azure:P30's 5000 IOPS provisioned limit "
				 "(within 0.4%)");
	fv_limits_explain(&ls, "the level", 2100, NAN, 0.05, buf, sizeof(buf));
	assert_non_null(strstr(buf, "; the level, 2100 IOPS, matches no limit "
				    "known for azure:P30,"
				    "azure:Standard_D32ds_v5 (5000 IOPS, 200 "
				    "MB/s, 30000 IOPS burst"));
	fvt_has(buf, "something else caps it (the host, the "
		     "queue depth, the file system)");
	drop(&ls);

	ls = label("g=aws:gp2:100GiB");
	fv_limits_of(&ls, &l);
	fv_limits_explain(&ls, "x", 3010, NAN, 0.05, buf, sizeof(buf));
	assert_string_equal(buf,
			    "; x, 3010 IOPS, matches the disk "
			    "aws:gp2:100GiB's 3000 IOPS credit burst limit "
			    "(within 0.3%)");
	/* a bandwidth level, in the SKU's own unit */
	fv_limits_explain(&ls, "x", NAN, 127 * MIB, 0.05, buf, sizeof(buf));
	assert_string_equal(buf, "; x, 127 MiB/s, matches the disk "
				 "aws:gp2:100GiB's 128 MiB/s provisioned limit "
				 "(read as MiB/s, 2^20 B/s, within 0.8%)");
	drop(&ls);
}

static void ids_parsed(void **state)
{
	struct fv_sku_id p;
	struct fv_error err = { 0 };

	(void) state;
	assert_int_equal(
		fv_sku_id_parse("AWS:gp3:1TiB:6000IOPS:250MiB/s", &p, &err), 0);
	assert_string_equal(p.cloud, "aws");
	assert_string_equal(p.name, "gp3");
	near(p.size_gib, 1024, "1TiB");
	near(p.iops, 6000, "6000IOPS");
	near(p.bw, 250 * MIB, "250MiB/s");
	assert_int_equal(fv_sku_id_parse("azure:X:500MBps", &p, &err), 0);
	near(p.bw, 500 * MB, "500MBps");
	assert_int_equal(fv_sku_id_parse("azure::x", &p, &err), -EINVAL);
	assert_int_equal(fv_sku_id_parse(":P10", &p, &err), -EINVAL);
	assert_int_equal(fv_sku_id_parse("azure:P10:", &p, &err), -EINVAL);
}

static void nearest(void **state)
{
	char buf[256];

	(void) state;
	assert_int_equal(fv_sku_nearest(fvt_catalog.rows, fvt_catalog.n,
					"aws:gp4", 2, buf, sizeof(buf)),
			 2);
	fvt_has(buf, "aws:gp3", "aws:gp2");
	assert_int_equal(fv_sku_nearest(fvt_catalog.rows, fvt_catalog.n,
					"azure:standard_d32ds_V5:temp", 1, buf,
					sizeof(buf)),
			 1);
	assert_string_equal(buf, "azure:Standard_D32ds_v5");
}

/* The rows written back read the same (import writes this way). */
static void write_round_trip(void **state)
{
	struct fv_error err = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct fv_catalog c = { 0 };

	(void) state;
	fv_cat_write_header(f, "round trip");
	for (size_t i = 0; i < fvt_catalog.n; i++)
		fv_cat_write_row(f, &fvt_catalog.rows[i]);
	fclose(f);
	assert_int_equal(fv_catalog_parse(&c, "rt.csv", text, len, &err), 0);
	assert_int_equal(c.n, fvt_catalog.n);
	for (size_t i = 0; i < c.n; i++) {
		const struct fv_cat_row *a = &c.rows[i],
					*b = &fvt_catalog.rows[i];

		assert_string_equal(a->id, b->id);
		assert_true(a->iops == b->iops ||
			    (isnan(a->iops) && isnan(b->iops)));
		assert_true(fabs(a->bw - b->bw) <= 1e-6 * b->bw ||
			    (isnan(a->bw) && isnan(b->bw)));
		assert_true(a->size_lo == b->size_lo ||
			    (isnan(a->size_lo) && isnan(b->size_lo)));
		assert_int_equal(a->used, b->used);
		if (b->note)
			assert_string_equal(a->note, b->note);
	}
	fv_catalog_free(&c);
	free(text);
}

/*
 * A row is one line: a title with a line break, a comma and a quote is
 * written as one quoted field without the break (it was written raw,
 * splitting the row in two).
 */
static void write_line_break(void **state)
{
	struct fv_cat_row r = fvt_catalog.rows[0];
	char *text = NULL, *nl;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void) state;
	assert_non_null(f);
	r.title = "two\r\nlines, \"quoted\"";
	fv_cat_write_row(f, &r);
	fclose(f);
	nl = strchr(text, '\n');
	assert_non_null(nl);
	assert_string_equal(nl + 1, "");
	fvt_has(text, ",\"twolines, \"\"quoted\"\"\",");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(file_accepted),
		cmocka_unit_test(malformed_rows_named),
		cmocka_unit_test(newer_version_refused),
		cmocka_unit_test_setup_teardown(
			files_and_directories, fvt_tmp_setup, fvt_tmp_teardown),
		cmocka_unit_test(real_catalog_sourced),
		cmocka_unit_test(tiers),
		cmocka_unit_test(vms),
		cmocka_unit_test(gp2),
		cmocka_unit_test(provisioned),
		cmocka_unit_test(bad_ids),
		cmocka_unit_test(binding),
		cmocka_unit_test(labels_refused),
		cmocka_unit_test(matching),
		cmocka_unit_test(ids_parsed),
		cmocka_unit_test(nearest),
		cmocka_unit_test(write_round_trip),
		cmocka_unit_test(write_line_break),
	};

	return cmocka_run_group_tests_name("catalog", tests, fvt_catalog_setup,
					   fvt_catalog_teardown);
}
