/* SPDX-License-Identifier: MIT */
/*
 * sku: measured against provisioned, one row per label given --sku: the
 * limit that binds (the smaller of the disk's and the VM's, for IOPS and
 * for throughput), the peak, steady and sequential figures as a percent
 * of it, and whether a burst was in play (a peak above the sustained
 * limit and within the burst the SKUs allow).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "util/util.h"

/* A peak above a limit by less than this is the limit, measured. */
#define SLACK 0.05

enum {
	C_LABEL,
	C_SKU,
	C_PATH,
	C_DIR,
	C_IOPS_STATED,
	C_BW_STATED,
	C_IOPS_LIMIT,
	C_IOPS_BOUND,
	C_BW_LIMIT,
	C_BW_BOUND,
	C_BURST_IOPS,
	C_BURST_BW,
	C_PEAK,
	C_PEAK_PCT,
	C_STEADY,
	C_STEADY_PCT,
	C_SEQ,
	C_SEQ_PCT,
	C_READING,
	C_BURST,
	C_USD, /* with --region only */
	C_USD_KIOPS,
	C_USD_MBPS,
	C_USD_DATE,
	C_ALL_USD, /* the VM and its disks */
	C_ALL_KIOPS,
	C_ALL_MBPS,
	C_ALL_DATE,
	C_NR
};

static const struct fv_col cols[C_NR] = {
	{ "label", "Label", FV_U_TEXT, 0 },
	{ "sku", "SKU", FV_U_TEXT, 0 },
	{ "path", "Path", FV_U_TEXT, 0 },
	{ "dir", "Dir", FV_U_TEXT, 0 },
	/* as the source states it, and whose: "100 MB/s, disk" */
	{ "iops_limit_stated", "IOPS Limit", FV_U_TEXT, 0 },
	{ "bw_limit_stated", "BW Limit", FV_U_TEXT, 0 },
	{ "iops_limit", "IOPS Limit", FV_U_IOPS, FV_COL_MACHINE },
	{ "iops_bound_by", "IOPS Bound By", FV_U_TEXT, FV_COL_MACHINE },
	{ "bw_limit", "BW Limit", FV_U_BPS, FV_COL_MACHINE },
	{ "bw_bound_by", "BW Bound By", FV_U_TEXT, FV_COL_MACHINE },
	{ "burst_iops_limit", "Burst IOPS", FV_U_IOPS, 0 },
	{ "burst_bw_limit", "Burst BW", FV_U_BPS, FV_COL_MACHINE },
	{ "peak_iops", "Peak", FV_U_IOPS, 0 },
	{ "peak_pct", "Peak/Limit", FV_U_PERCENT, 0 },
	{ "steady_iops", "Steady", FV_U_IOPS, 0 },
	{ "steady_pct", "Steady/Limit", FV_U_PERCENT, 0 },
	{ "seq_bw", "Seq", FV_U_BPS, 0 },
	{ "seq_pct", "Seq/Limit", FV_U_PERCENT, 0 },
	/* which reading of a MB/s limit Seq sits on: 10^6 or 2^20 B/s */
	{ "bw_reading", "BW Read As", FV_U_TEXT, 0 },
	{ "burst", "Burst", FV_U_TEXT, 0 },
	{ "disks_usd_month", "Disks USD/Month", FV_U_USD_MONTH, 0 },
	{ "usd_per_kiops", "USD/1k IOPS", FV_U_USD_MONTH_PER_KIOPS, 0 },
	{ "usd_per_mbps", "USD/MB/s", FV_U_USD_MONTH_PER_MBPS, 0 },
	{ "disks_price_date", "Disks Price Date", FV_U_TEXT, 0 },
	{ "vm_disks_usd_month", "VM + Disks USD/Month", FV_U_USD_MONTH, 0 },
	{ "vm_disks_usd_per_kiops", "VM + Disks USD/1k IOPS",
	  FV_U_USD_MONTH_PER_KIOPS, 0 },
	{ "vm_disks_usd_per_mbps", "VM + Disks USD/MB/s",
	  FV_U_USD_MONTH_PER_MBPS, 0 },
	{ "vm_disks_price_date", "VM + Disks Price Date", FV_U_TEXT, 0 },
};

/* The labels' prices, while the table is made (NULL: no --region). */
static const struct fv_label_skus *prices_of;

/* Which directions a row of the table counts. */
enum rowdir { ROW_ALL, ROW_READ, ROW_WRITE };

/*
 * The highest IOPS (or bandwidth) of a role's jobs of a label in the
 * row's directions, or NAN; the job in *job when job is not NULL.
 */
static double measured_job(const struct fv_set *set, const char *label,
			   enum fv_role role, bool bw, enum rowdir rd,
			   const struct fv_job **job)
{
	static const enum fv_dir dirs[] = { FV_DIR_READ, FV_DIR_WRITE,
					    FV_DIR_MIXED };
	double best = NAN;

	for (size_t i = 0; i < FV_ARRAY_SIZE(dirs); i++) {
		if ((rd == ROW_READ && dirs[i] != FV_DIR_READ) ||
		    (rd == ROW_WRITE && dirs[i] != FV_DIR_WRITE))
			continue;
		const struct fv_job *j = fv_pick(set, label, role, dirs[i]);
		const struct fv_dirstats *d;

		if (!j || fv_job_failed(j))
			continue;
		d = &j->dir[dirs[i]];
		if (!d->present && rd == ROW_ALL &&
		    j->dir[FV_DIR_MIXED].present)
			d = &j->dir[FV_DIR_MIXED];
		if (d->present &&
		    (isnan(best) || (bw ? d->bw_bytes : d->iops) > best)) {
			best = bw ? d->bw_bytes : d->iops;
			if (job)
				*job = j;
		}
	}
	return best;
}

static double measured(const struct fv_set *set, const char *label,
		       enum fv_role role, bool bw, enum rowdir rd)
{
	return measured_job(set, label, role, bw, rd, NULL);
}

double fv_label_measured(const struct fv_set *set, const char *label,
			 enum fv_role role, bool bw, const struct fv_job **job)
{
	return measured_job(set, label, role, bw, ROW_ALL, job);
}

static int put_num(struct fv_table *t, size_t row, size_t col, double v,
		   const char *why)
{
	return isnan(v) ? fv_cell_na(t, row, col, why)
			: fv_cell_num(t, row, col, v);
}

/* The limit's figure (col), whose it is (col + 1), and as stated. */
static int put_limit(struct fv_table *t, size_t row, size_t col, size_t stated,
		     const struct fv_limit *lim)
{
	static const char none[] = "the catalog gives no such limit for "
				   "these SKUs";
	char name[224], v[48];

	if (!lim) {
		fv_cell_na(t, row, col, none);
		return fv_cell_na(t, row, stated, none);
	}
	fv_limit_fmt(v, sizeof(v), lim);
	snprintf(name, sizeof(name), "%s %s %s", lim->disk ? "disk" : "VM",
		 lim->sku, lim->what);
	fv_cell_num(t, row, col, lim->value);
	fv_cell_str(t, row, col + 1, name);
	snprintf(name, sizeof(name), "%s, %s", v, lim->disk ? "disk" : "VM");
	return fv_cell_str(t, row, stated, name);
}

static int put_pct(struct fv_table *t, size_t row, size_t col, double v,
		   const struct fv_limit *lim)
{
	if (isnan(v))
		return fv_cell_na(t, row, col, "no such job for this label");
	if (!lim)
		return fv_cell_na(t, row, col, "no limit to compare with");
	return fv_cell_num(t, row, col, 100 * v / lim->value);
}

/* Where a measured rate stands against the sustained and burst limits. */
enum standing { WITHIN, BURST, BEYOND, UNKNOWN };

static enum standing stand(double v, const struct fv_limit *lim,
			   const struct fv_limit *burst)
{
	if (isnan(v) || !lim)
		return UNKNOWN;
	/* a rate is within a limit met in either unit's reading */
	if (v <= fv_limit_upper(lim) * (1 + SLACK))
		return WITHIN;
	if (burst && v <= fv_limit_upper(burst) * (1 + SLACK))
		return BURST;
	return BEYOND;
}

static int burst_cell(struct fv_table *t, size_t row, const char *label,
		      double peak, double seq, const struct fv_limits *l)
{
	enum standing a = stand(peak, l->iops, l->burst_iops);
	enum standing b = stand(seq, l->bw, l->burst_bw);
	char x[48], y[48];

	if (a == BEYOND || b == BEYOND) {
		fv_cell_str(t, row, C_BURST, "beyond the limits");
		return fv_table_note(t,
				     "%s: the %s is above every limit the "
				     "catalog knows for these SKUs: a cache, "
				     "a local disk, or not these SKUs",
				     label,
				     a == BEYOND ? "peak IOPS" : "throughput");
	}
	if (a == BURST || b == BURST) {
		const struct fv_limit *lim = a == BURST ? l->iops : l->bw;
		const struct fv_limit *top =
			a == BURST ? l->burst_iops : l->burst_bw;

		fv_limit_fmt(x, sizeof(x), lim);
		fv_limit_fmt(y, sizeof(y), top);
		fv_cell_str(t, row, C_BURST,
			    a == BURST && b == BURST ? "in play (IOPS, BW)"
			    : a == BURST	     ? "in play (IOPS)"
						     : "in play (BW)");
		return fv_table_note(t,
				     "%s: the %s is above the %s sustained "
				     "limit and within the %s %s: a burst, "
				     "which runs out on a credit bucket",
				     label, a == BURST ? "peak" : "throughput",
				     x, y, top->what);
	}
	return fv_cell_str(t, row, C_BURST,
			   a == UNKNOWN && b == UNKNOWN ? "" : "no");
}

/* The label's SKUs, a disk given n times as "n x ID". */
static int sku_text(char *buf, size_t len, const struct fv_label_sku *ls)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ls->n && n < len;) {
		size_t k = 1;

		while (i + k < ls->n &&
		       !strcmp(ls->sku[i].id, ls->sku[i + k].id))
			k++;
		if (k > 1)
			n += (size_t) snprintf(buf + n, len - n, "%s%zu x %s",
					       i ? " + " : "", k,
					       ls->sku[i].id);
		else
			n += (size_t) snprintf(buf + n, len - n, "%s%s",
					       i ? " + " : "", ls->sku[i].id);
		i += k;
	}
	return 0;
}

static void path_text(char *buf, size_t len, const struct fv_label_sku *ls)
{
	if (ls->path == FV_PATH_ANY)
		snprintf(buf, len, "any");
	else if (ls->placement[0])
		snprintf(buf, len, "%s (%s)", fv_io_path_name(ls->path),
			 ls->placement);
	else
		snprintf(buf, len, "%s", fv_io_path_name(ls->path));
}

/* Which reading of the binding throughput limit seq matches, and by how
 * much: "MiB/s, -0.6%" (Microsoft's MBps read as 2^20 B/s). */
static int reading_cell(struct fv_table *t, size_t row, double seq,
			const struct fv_limit *lim)
{
	bool stated_mib = lim && lim->bw_unit && !strcmp(lim->bw_unit, "MiB/s");
	double n, mb, mib;
	char b[80];

	if (isnan(seq) || !lim)
		return fv_cell_na(t, row, C_READING,
				  "no sequential job or no throughput limit");
	n = lim->value / (stated_mib ? 1048576.0 : 1e6); /* as stated */
	mb = 100 * (seq / (n * 1e6) - 1);
	mib = 100 * (seq / (n * 1048576.0) - 1);
	if (fmin(fabs(mib), fabs(mb)) > 100 * SLACK)
		snprintf(b, sizeof(b), "neither: MB/s %+.1f%%, MiB/s %+.1f%%",
			 mb, mib);
	else if (fabs(mib) < fabs(mb))
		snprintf(b, sizeof(b), "MiB/s %+.1f%% (MB/s %+.1f%%)", mib, mb);
	else
		snprintf(b, sizeof(b), "MB/s %+.1f%% (MiB/s %+.1f%%)", mb, mib);
	return fv_cell_str(t, row, C_READING, b);
}

static bool has_jobs(const struct fv_set *set, const char *label,
		     enum rowdir rd)
{
	return !isnan(measured(set, label, FV_ROLE_PEAK, false, rd)) ||
	       !isnan(measured(set, label, FV_ROLE_STEADY, false, rd)) ||
	       !isnan(measured(set, label, FV_ROLE_THROUGHPUT, true, rd));
}

/*
 * Four cells from col: the month's price, per 1k IOPS, per MB/s, and the
 * date of the prices (the earliest where several add up).
 */
static int price_cells(struct fv_table *t, size_t row, size_t col, double usd,
		       const char *date, const char *why, double iops,
		       double bw)
{
	if (why[0])
		usd = NAN;
	fv_cell_usd(t, row, col, usd, why);
	fv_cell_usd(t, row, col + 1, usd / (iops / 1000),
		    why[0] ? why : "no IOPS measured");
	fv_cell_usd(t, row, col + 2, usd / (bw / 1e6),
		    why[0] ? why : "no throughput measured");
	if (why[0] || !date)
		return fv_cell_na(t, row, col + 3,
				  why[0] ? why : "the prices carry no date");
	return fv_cell_str(t, row, col + 3, date);
}

static void earliest(const char **date, const char *d)
{
	if (!*date || (d && strcmp(d, *date) < 0))
		*date = d;
}

/*
 * The month's list price at --region of the label's managed disks, then
 * of its VM and disks together, each also per delivered (measured) 1,000
 * IOPS and MB/s. A local path (temp, NVMe, an ephemeral OS disk) has no
 * disk to price: the VM's price holds it.
 */
static int cost_cells(struct fv_table *t, size_t row,
		      const struct fv_label_skus *s,
		      const struct fv_label_sku *ls, double iops, double bw)
{
	bool local = ls->path == FV_PATH_TEMP || ls->path == FV_PATH_NVME ||
		     (ls->path == FV_PATH_OS && ls->placement[0]);
	double usd = 0, vm_usd = NAN;
	const char *date = NULL, *vm_date = NULL;
	char why[300] = "", vm_why[300] = "no VM among the label's SKUs";
	size_t disks = 0;

	for (size_t i = 0; i < ls->n; i++) {
		struct fv_cost c;
		bool vm = ls->sku[i].kind == FV_CAT_VM;

		if (ls->sku[i].kind != FV_CAT_DISK && !vm)
			continue;
		if (!vm && (why[0] || local))
			continue;
		disks += !vm;
		if (fv_sku_cost(s->prices, &ls->sku[i], s->region, &c))
			snprintf(vm ? vm_why : why, sizeof(why), "%s", c.why);
		else if (vm) {
			vm_usd = c.usd;
			vm_date = c.date;
			vm_why[0] = '\0';
		} else {
			usd += c.usd;
			earliest(&date, c.date);
		}
	}
	if (local)
		snprintf(why, sizeof(why),
			 "no managed disk: the local disk is in the VM's "
			 "price");
	else if (!disks)
		snprintf(why, sizeof(why),
			 "no managed disk among the "
			 "label's SKUs");
	price_cells(t, row, C_USD, usd, date, why, iops, bw);
	if (!local && why[0] && !vm_why[0])
		snprintf(vm_why, sizeof(vm_why), "%s", why);
	earliest(&vm_date, local ? NULL : date);
	return price_cells(t, row, C_ALL_USD, vm_usd + (local ? 0 : usd),
			   vm_date, vm_why, iops, bw);
}

static int label_row(struct fv_table *t, const struct fv_set *set,
		     const struct fv_label_sku *ls, enum rowdir rd)
{
	static const char *const dirs[] = { "all", "read", "write" };
	struct fv_limits l;
	char ids[512], path[48];
	double peak = measured(set, ls->label, FV_ROLE_PEAK, false, rd);
	double steady = measured(set, ls->label, FV_ROLE_STEADY, false, rd);
	double seq = measured(set, ls->label, FV_ROLE_THROUGHPUT, true, rd);
	int row;

	if (rd != ROW_ALL && !has_jobs(set, ls->label, rd))
		return 0;
	row = fv_table_add_row(t);
	if (row < 0)
		return row;
	fv_limits_of(ls, &l);
	if (rd == ROW_WRITE) {
		l.iops = l.w_iops;
		l.bw = l.w_bw;
	}
	sku_text(ids, sizeof(ids), ls);
	path_text(path, sizeof(path), ls);
	fv_cell_str(t, row, C_LABEL, ls->label);
	fv_cell_str(t, row, C_SKU, ids);
	fv_cell_str(t, row, C_PATH, path);
	fv_cell_str(t, row, C_DIR, dirs[rd]);
	put_limit(t, row, C_IOPS_LIMIT, C_IOPS_STATED, l.iops);
	put_limit(t, row, C_BW_LIMIT, C_BW_STATED, l.bw);
	put_num(t, row, C_BURST_IOPS, l.burst_iops ? l.burst_iops->value : NAN,
		"no burst above the sustained limit");
	put_num(t, row, C_BURST_BW, l.burst_bw ? l.burst_bw->value : NAN,
		"no burst above the sustained limit");
	put_num(t, row, C_PEAK, peak, "no peak job");
	put_pct(t, row, C_PEAK_PCT, peak, l.iops);
	put_num(t, row, C_STEADY, steady, "no steady job");
	put_pct(t, row, C_STEADY_PCT, steady, l.iops);
	put_num(t, row, C_SEQ, seq, "no sequential job");
	put_pct(t, row, C_SEQ_PCT, seq, l.bw);
	reading_cell(t, row, seq, l.bw);
	if (prices_of)
		cost_cells(t, row, prices_of, ls, isnan(steady) ? peak : steady,
			   seq);
	return burst_cell(t, row, ls->label, peak, seq, &l);
}

/* A label with a path: a row per direction (a cached path's reads and
 * writes meet different limits); without, one row as before. */
static int label_rows(struct fv_table *t, const struct fv_set *set,
		      const struct fv_label_sku *ls)
{
	if (ls->path == FV_PATH_ANY || (!has_jobs(set, ls->label, ROW_READ) &&
					!has_jobs(set, ls->label, ROW_WRITE)))
		return label_row(t, set, ls, ROW_ALL);
	label_row(t, set, ls, ROW_READ);
	label_row(t, set, ls, ROW_WRITE);
	if (ls->path == FV_PATH_CACHED || !strcmp(ls->placement, "CacheDisk"))
		fv_table_note(t,
			      "%s: host cache: a read hit counts against the "
			      "VM's cached limit only, not the disk's; writes "
			      "and misses go on to the disk and the VM's "
			      "uncached limit",
			      ls->label);
	return fv_table_status(t);
}

static bool label_in(const char **labels, size_t n, const char *label)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(labels[i], label))
			return true;
	return false;
}

static bool any_label(const struct fv_label_skus *s, const char **labels,
		      size_t n)
{
	for (size_t i = 0; i < s->n; i++)
		if (label_in(labels, n, s->v[i].label))
			return true;
	return false;
}

/*
 * Seq's unit: MB/s (10^6 B/s) when every sequential figure of the labels
 * given SKUs was printed so (CrystalDiskMark), beside limits stated in
 * MB/s; else MiB/s, one unit for the column.
 */
static enum fv_unit seq_unit(const struct fv_set *set,
			     const struct fv_label_skus *s)
{
	bool any = false;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (j->role != FV_ROLE_THROUGHPUT ||
		    !fv_label_skus_find(s, j->label))
			continue;
		for (int d = 0; d < FV_DIR_NR; d++) {
			if (!fv_dir_did_io(&j->dir[d]))
				continue;
			if (!j->dir[d].bw_decimal)
				return FV_U_BPS;
			any = true;
		}
	}
	return any ? FV_U_MBPS : FV_U_BPS;
}

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_table *t = NULL;
	const char **labels = NULL;
	size_t nl = 0;
	int ret;

	if (!o->skus || !o->skus->n)
		return 0;
	ret = fv_labels(set, false, &labels, &nl);
	for (size_t i = 0; i < o->skus->n && !ret; i++)
		if (!label_in(labels, nl, o->skus->v[i].label))
			ret = fv_diag_add(diags, FV_WARNING, NULL, 0, 0,
					  "--sku %s: no results have the label "
					  "'%s'",
					  o->skus->v[i].spec,
					  o->skus->v[i].label);
	/* no table when no label of the results has SKUs */
	if (!ret && any_label(o->skus, labels, nl)) {
		t = fv_table_new("sku", "Measured against the SKUs' limits");
		if (!t || fv_report_add(rep, t)) {
			fv_table_free(t);
			ret = -ENOMEM;
			t = NULL;
		}
	}
	prices_of = o->skus->prices ? o->skus : NULL;
	if (!t)
		goto out;
	for (size_t c = 0; c < (prices_of ? C_NR : C_USD); c++)
		fv_table_add_col(t, cols[c].key, cols[c].title,
				 c == C_SEQ ? seq_unit(set, o->skus)
					    : cols[c].unit,
				 cols[c].flags);
	for (size_t i = 0; i < o->skus->n; i++)
		if (label_in(labels, nl, o->skus->v[i].label))
			label_rows(t, set, &o->skus->v[i]);
	fv_table_note(t, "limits: the smallest sustained figure of the "
			 "label's SKUs; Peak and Steady: the highest IOPS "
			 "of the peak and steady jobs, Seq: of the "
			 "sequential jobs, as a percent of it; a figure "
			 "within 5%% of a limit is that limit; BW Read As: "
			 "the reading of the limit Seq matches (MB/s = "
			 "10^6 B/s, MiB/s = 2^20 B/s), a rate under either "
			 "is within it");
	if (prices_of)
		fv_table_note(
			t,
			"Disks USD/Month: the label's managed disks at %s "
			"list prices (as of its Price Date), VM + Disks "
			"with its VM size where the prices have it (the "
			"catalog's lists have none: catalog import reads "
			"them from an Azure Retail Prices page); per 1k "
			"IOPS and per MB/s delivered: measured, not "
			"provisioned",
			o->skus->region);
	ret = fv_table_status(t);
out:
	free(labels);
	return ret;
}

const struct fv_analysis fv_an_sku = {
	.name = "sku",
	.run = run,
};
