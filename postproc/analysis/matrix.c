/* SPDX-License-Identifier: MIT */
/*
 * matrix: the comparison tables people publish, labels down, tests
 * across, one metric per table, reads and writes apart: by default the
 * CrystalDiskMark seed's three (bandwidth, IOPS, mean latency). A test is
 * named by its job's description= when the job file gives one, else in
 * CrystalDiskMark's style from its options (SEQ1M Q8T1: sequential, 1 MiB
 * blocks, iodepth 8, numjobs 1). Columns come sequential first, then
 * larger blocks, then more I/Os in flight (CrystalDiskMark's own order).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "util/util.h"

#define NAME_LEN 96

struct test {
	char name[NAME_LEN];	  /* the column's title */
	char ident[NAME_LEN + 8]; /* what makes two jobs one test */
	char alias[NAME_LEN];	  /* another name of it ("" none) */
	char key[NAME_LEN];	  /* its key: snake_case */
	bool seq;
	double bs, inflight;
	size_t first; /* input order of its first job */
	bool dir[FV_DIR_NR];
};

struct tests {
	struct test *v;
	size_t n, alloc;
};

/*
 * The metrics' names, as given, in the tables' names and shown when none
 * is given; pN is parsed.
 */
static const char *const mm_names[] = {
	[FV_MM_BW] = "bw",
	[FV_MM_IOPS] = "iops",
	[FV_MM_LAT] = "lat",
};

int fv_matrix_metric_parse(struct fv_mmetric *m, const char *s)
{
	memset(m, 0, sizeof(*m));
	for (size_t i = 0; i < FV_ARRAY_SIZE(mm_names); i++)
		if (!strcmp(s, mm_names[i])) {
			m->what = (enum fv_mm_what) i;
			return 0;
		}
	if (fv_pct_word(s, &m->p))
		return -EINVAL;
	m->what = FV_MM_PCT;
	return 0;
}

/* ---- Tests ---- */

/* 1048576 -> "1M", 4096 -> "4K", 512 -> "512". */
static void bs_text(char *buf, size_t len, double bs)
{
	static const char units[] = "KMGT";
	int u = -1;

	while (bs >= 1024 && fmod(bs, 1024) == 0 && u < 3) {
		bs /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%.0f", bs);
	else
		snprintf(buf, len, "%.0f%c", bs, units[u]);
}

/*
 * CrystalDiskMark's style from the workload: SEQ1M Q8T1 (MIX); the
 * title the tool's own name of the test when it has one. A test is its
 * name, but CrystalDiskMark's are its workload: 7.0's "Sequential 1MiB
 * (Q=8, T=1)" is 8.0's "SEQ 1MiB (Q=8, T=1)", one column.
 */
static void describe(const struct fv_job *j, struct test *t)
{
	const struct fv_workload *w = &j->wl;
	double bs = w->block ? (double) w->block : 4096;
	int qd = w->depth > 0 ? w->depth : 1,
	    nj = w->threads > 0 ? w->threads : 1;
	char b[16];
	bool mixed = w->read_pct > 0 && w->read_pct < 100,
	     cdm = j->format && !strcmp(j->format, "CrystalDiskMark");

	t->seq = w->pattern != FV_PAT_RAND;
	t->bs = bs;
	t->inflight = (double) qd * (double) nj;
	bs_text(b, sizeof(b), bs);
	snprintf(t->name, sizeof(t->name), "%s%s Q%dT%d%s",
		 t->seq ? "SEQ" : "RND", b, qd, nj, mixed ? " MIX" : "");
	snprintf(t->ident, sizeof(t->ident), "%s%s", cdm ? "CDM " : "",
		 t->name);
	if (w->test && *w->test) {
		snprintf(t->name, sizeof(t->name), "%s", w->test);
		if (!cdm)
			snprintf(t->ident, sizeof(t->ident), "%s", w->test);
	}
}

static void slug(char *key, size_t len, const char *name)
{
	size_t n = 0;
	bool sep = false;

	for (const char *p = name; *p && n + 1 < len; p++) {
		if (isalnum((unsigned char) *p)) {
			if (sep && n)
				key[n++] = '_';
			if (n + 1 < len)
				key[n++] = (char) tolower((unsigned char) *p);
			sep = false;
		} else
			sep = true;
	}
	key[n] = '\0';
	if (!n)
		snprintf(key, len, "test");
}

static bool counts(const struct fv_job *j)
{
	return fv_job_measured(j) && j->label && j->role != FV_ROLE_WARMUP;
}

/* The directions with I/O, as a matrix shows them. */
static void dirs_of(const struct fv_job *j, bool *dir)
{
	for (int d = 0; d < FV_DIR_NR; d++)
		dir[d] = false;
	if (fv_dir_did_io(&j->dir[FV_DIR_MIXED])) {
		dir[FV_DIR_MIXED] = true;
		return;
	}
	dir[FV_DIR_READ] = fv_dir_did_io(&j->dir[FV_DIR_READ]);
	dir[FV_DIR_WRITE] = fv_dir_did_io(&j->dir[FV_DIR_WRITE]);
}

static int add_test(struct tests *ts, const struct fv_job *j)
{
	struct test t = { 0 };
	bool dir[FV_DIR_NR];

	describe(j, &t);
	dirs_of(j, dir);
	for (size_t i = 0; i < ts->n; i++)
		if (!strcmp(ts->v[i].ident, t.ident)) {
			for (int d = 0; d < FV_DIR_NR; d++)
				ts->v[i].dir[d] |= dir[d];
			if (strcmp(ts->v[i].name, t.name))
				memcpy(ts->v[i].alias, t.name, NAME_LEN);
			return 0;
		}
	if (FV_ALLOC_GROW(ts->v, ts->n + 1, ts->alloc))
		return -ENOMEM;
	memcpy(t.dir, dir, sizeof(dir));
	t.first = j->order;
	ts->v[ts->n++] = t;
	return 0;
}

static int by_cdm_order(const void *a, const void *b)
{
	const struct test *x = a, *y = b;

	if (x->seq != y->seq)
		return x->seq ? -1 : 1;
	if (x->bs != y->bs)
		return x->bs > y->bs ? -1 : 1;
	if (x->inflight != y->inflight)
		return x->inflight > y->inflight ? -1 : 1;
	return (x->first > y->first) - (x->first < y->first);
}

/* Unique keys: "seq1m_q8t1", then "_2" for a second name of one key. */
static void keys(struct tests *ts)
{
	for (size_t i = 0; i < ts->n; i++) {
		int k = 1;

		slug(ts->v[i].key, sizeof(ts->v[i].key), ts->v[i].name);
		for (size_t j = 0; j < i; j++)
			if (!strcmp(ts->v[j].key, ts->v[i].key))
				k++;
		if (k > 1) {
			size_t n = strlen(ts->v[i].key);

			if (n > NAME_LEN - 8)
				n = NAME_LEN - 8;
			snprintf(ts->v[i].key + n, NAME_LEN - n, "_%d", k);
		}
	}
}

static int collect(const struct fv_set *set, struct tests *ts)
{
	int ret = 0;

	for (size_t i = 0; i < set->njobs && !ret; i++)
		if (counts(set->jobs[i]))
			ret = add_test(ts, set->jobs[i]);
	if (!ret) {
		qsort(ts->v, ts->n, sizeof(*ts->v), by_cdm_order);
		keys(ts);
	}
	return ret;
}

/* ---- Cells ---- */

/* The job of a label for a test and direction: the newest, then last. */
static const struct fv_job *pick(const struct fv_set *set, const char *label,
				 const struct test *t, enum fv_dir d)
{
	const struct fv_job *best = NULL;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];
		struct test x = { 0 };
		bool dir[FV_DIR_NR];

		if (!counts(j) || strcmp(j->label, label))
			continue;
		dirs_of(j, dir);
		if (!dir[d])
			continue;
		describe(j, &x);
		if (strcmp(x.ident, t->ident))
			continue;
		if (!best || j->timestamp >= best->timestamp)
			best = j;
	}
	return best;
}

static int cell(struct fv_table *t, size_t row, size_t col,
		const struct fv_set *set, const struct fv_job *j, enum fv_dir d,
		const struct fv_mmetric *m, enum fv_latkind k)
{
	const struct fv_dirstats *ds = &j->dir[d];

	switch (m->what) {
	case FV_MM_BW:
		return fv_cell_printed(t, row, col, ds->bw_bytes, ds->bw_res);
	case FV_MM_IOPS:
		return fv_cell_printed(t, row, col, ds->iops, ds->iops_res);
	case FV_MM_LAT:
		return fv_put_lat_mean(t, row, col, j, d, k);
	case FV_MM_PCT:
		return fv_put_pct(t, row, col, set, j, d, k,
				  fv_pct_index(set, m->p));
	}
	return 0;
}

/* ---- Tables ---- */

static const char *dir_title(enum fv_dir d)
{
	return d == FV_DIR_READ	   ? "Read"
	       : d == FV_DIR_WRITE ? "Write"
				   : "Mixed";
}

static void titles(const struct fv_mmetric *m, enum fv_dir d, enum fv_latkind k,
		   char *name, size_t nlen, char *title, size_t tlen)
{
	char p[32];

	if (m->what == FV_MM_PCT)
		fv_pct_key(p, sizeof(p), "p", m->p);
	snprintf(name, nlen, "matrix_%s_%s", fv_dir_name(d),
		 m->what == FV_MM_PCT ? p : mm_names[m->what]);
	switch (m->what) {
	case FV_MM_BW:
		snprintf(title, tlen, "%s: bandwidth", dir_title(d));
		break;
	case FV_MM_IOPS:
		snprintf(title, tlen, "%s: IOPS", dir_title(d));
		break;
	case FV_MM_LAT:
		snprintf(title, tlen, "%s: mean latency (%s)", dir_title(d),
			 fv_lat_name(k));
		break;
	case FV_MM_PCT:
		snprintf(title, tlen, "%s: P%g latency (%s)", dir_title(d),
			 m->p, fv_lat_name(k));
		break;
	}
}

static bool is_lat(const struct fv_mmetric *m)
{
	return m->what == FV_MM_LAT || m->what == FV_MM_PCT;
}

static enum fv_unit unit_of(const struct fv_mmetric *m)
{
	return m->what == FV_MM_BW     ? FV_U_BPS
	       : m->what == FV_MM_IOPS ? FV_U_IOPS
				       : FV_U_NS;
}

/* The label's binding limit in this table's unit, when it has one. */
static const struct fv_limit *limit_of(const struct fv_aopts *o,
				       const char *label,
				       const struct fv_mmetric *m,
				       struct fv_limits *l)
{
	const struct fv_label_sku *ls = fv_label_skus_find(o->skus, label);

	if (!ls)
		return NULL;
	fv_limits_of(ls, l);
	return m->what == FV_MM_BW ? l->bw : l->iops;
}

struct mtable {
	const struct fv_set *set;
	const struct fv_aopts *o;
	const struct tests *ts;
	const struct fv_mmetric *m;
	enum fv_dir d;
	const char **labels;
	size_t nl;
	bool limits; /* a Limit column */
	/* Of the table's cells: their latencies, tools, bandwidth's unit. */
	unsigned kinds;
	enum fv_latkind k; /* the table's latency, one of kinds */
	unsigned tools;
	bool decimal;
	enum fv_unit unit;
};

/*
 * What the table's cells are of, before its columns are made: their
 * latencies (fv_ao_lat_kinds), their tools, and the unit of a column of
 * bandwidths: MB/s (10^6 B/s) when every figure was printed so
 * (CrystalDiskMark), the tool's own figures to their digits; else MiB/s.
 */
static int survey(struct mtable *x)
{
	const struct fv_job **v = calloc(x->nl * x->ts->n + 1, sizeof(*v));
	size_t n = 0;
	bool all = true;

	if (!v)
		return -ENOMEM;
	x->tools = 0;
	x->decimal = false;
	for (size_t l = 0; l < x->nl; l++)
		for (size_t i = 0; i < x->ts->n; i++) {
			const struct fv_job *j;

			if (!x->ts->v[i].dir[x->d] ||
			    !(j = pick(x->set, x->labels[l], &x->ts->v[i],
				       x->d)))
				continue;
			v[n++] = j;
			x->tools |= fv_tool_of(j);
			x->decimal |= j->dir[x->d].bw_decimal;
			all &= j->dir[x->d].bw_decimal;
		}
	/* a table per latency; rates, or no cell at all: one */
	x->kinds = is_lat(x->m) ? fv_ao_lat_kinds(x->o, v, n) : 0;
	if (!x->kinds)
		x->kinds = FV_LAT_BIT(x->o->lat_set ? x->o->lat : FV_CLAT);
	x->unit = x->m->what != FV_MM_BW ? unit_of(x->m)
		  : n && all		 ? FV_U_MBPS
					 : FV_U_BPS;
	free(v);
	return 0;
}

static int cols(struct fv_table *t, const struct mtable *x)
{
	fv_table_add_col(t, "label", "Label", FV_U_TEXT, 0);
	if (x->limits) {
		fv_table_add_col(t, "limit", "Limit", x->unit, 0);
		fv_table_add_col(t, "limit_sku", "Limit Of", FV_U_TEXT,
				 FV_COL_MACHINE);
	}
	for (size_t i = 0; i < x->ts->n; i++)
		if (x->ts->v[i].dir[x->d])
			fv_table_add_col(t, x->ts->v[i].key, x->ts->v[i].name,
					 x->unit, 0);
	return fv_table_status(t);
}

static int limit_cells(struct fv_table *t, size_t row, const struct mtable *x,
		       const char *label)
{
	struct fv_limits l;
	const struct fv_limit *lim = limit_of(x->o, label, x->m, &l);
	char who[160];

	if (!lim)
		return fv_cell_na(t, row, 1,
				  fv_label_skus_find(x->o->skus, label)
					  ? "the catalog gives no such limit "
					    "for this label's SKUs"
					  : "no --sku for this label");
	snprintf(who, sizeof(who), "%s %s %s", lim->disk ? "disk" : "VM",
		 lim->sku, lim->what);
	fv_cell_num(t, row, 1, lim->value);
	return fv_cell_str(t, row, 2, who);
}

static int row(struct fv_table *t, const struct mtable *x, const char *label)
{
	int r = fv_table_add_row(t);
	size_t col = x->limits ? 3 : 1;
	char why[160];

	if (r < 0)
		return r;
	fv_cell_str(t, (size_t) r, 0, label);
	if (x->limits)
		limit_cells(t, (size_t) r, x, label);
	for (size_t i = 0; i < x->ts->n; i++) {
		const struct test *ts = &x->ts->v[i];
		const struct fv_job *j;

		if (!ts->dir[x->d])
			continue;
		j = pick(x->set, label, ts, x->d);
		snprintf(why, sizeof(why), "no %s %s job for this label",
			 ts->name, fv_dir_name(x->d));
		if (!j)
			fv_cell_na(t, (size_t) r, col, why);
		/* another tool's latency stays empty: in its own table */
		else if (!is_lat(x->m) || fv_ao_lat(x->o, j) == x->k)
			cell(t, (size_t) r, col, x->set, j, x->d, x->m, x->k);
		col++;
	}
	return fv_table_status(t);
}

/* How the columns are named, for the tools whose tests they are. */
static int tests_note(struct fv_table *t, unsigned tools)
{
	char b[400];
	size_t n = 0;

	if (tools & FV_TOOL_FIO)
		n += (size_t) snprintf(b + n, sizeof(b) - n,
				       "%sthe job's description= when the job "
				       "file gives one, else SEQ or RND, block "
				       "size, Q (iodepth) and T (numjobs) from "
				       "its options",
				       n ? "; " : "");
	if (tools & FV_TOOL_DISKSPD)
		n += (size_t) snprintf(b + n, sizeof(b) - n,
				       "%sDiskSpd's from its -r, -b, -o, -t "
				       "and -w",
				       n ? "; " : "");
	if (tools & FV_TOOL_CDM)
		snprintf(b + n, sizeof(b) - n, "%sCrystalDiskMark's own names",
			 n ? "; " : "");
	return fv_table_note(t,
			     "tests: %s; sequential first, then larger "
			     "blocks, then more I/Os in flight",
			     b);
}

static int notes(struct fv_table *t, const struct mtable *x)
{
	char m[200];

	if (x->tools)
		tests_note(t, x->tools);
	if (x->m->what == FV_MM_BW && x->unit == FV_U_MBPS)
		fv_table_note(t, "MB/s: 10^6 B/s, as CrystalDiskMark prints "
				 "them (1 MiB/s = 1.048576 MB/s)");
	else if (x->m->what == FV_MM_BW && x->decimal)
		fv_table_note(t, "CrystalDiskMark's MB/s (10^6 B/s) shown in "
				 "MiB/s (2^20 B/s), as the other tools' "
				 "figures");
	if (is_lat(x->m)) {
		fv_lat_meaning(m, sizeof(m), x->k,
			       fv_ao_lat_tools(x->o, x->tools, x->k));
		fv_table_note(t, "%s%s", m, x->o->lat_set ? " (--lat)" : "");
	}
	for (size_t i = 0; i < x->ts->n; i++)
		if (x->ts->v[i].alias[0] && x->ts->v[i].dir[x->d])
			fv_table_note(t,
				      "%s: CrystalDiskMark's test of every "
				      "version, also named %s",
				      x->ts->v[i].name, x->ts->v[i].alias);
	if (x->limits)
		fv_table_note(t, "Limit: the smallest sustained limit of the "
				 "label's SKUs (--sku), in the unit of the "
				 "figures beside it");
	return fv_table_status(t);
}

static int table(struct fv_report *rep, const struct mtable *x)
{
	char name[64], title[96];
	struct fv_table *t;

	titles(x->m, x->d, x->k, name, sizeof(name), title, sizeof(title));
	/* one table per latency: its name keeps its key when it is alone */
	if (x->kinds & (x->kinds - 1))
		snprintf(name + strlen(name), sizeof(name) - strlen(name),
			 "_%s", fv_lat_name(x->k));
	t = fv_table_new(name, title);
	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	cols(t, x);
	for (size_t l = 0; l < x->nl; l++)
		row(t, x, x->labels[l]);
	return notes(t, x);
}

static bool any_dir(const struct tests *ts, enum fv_dir d)
{
	for (size_t i = 0; i < ts->n; i++)
		if (ts->v[i].dir[d])
			return true;
	return false;
}

/* Only warm-up jobs, or none with I/O: say so rather than print nothing. */
static int empty(struct fv_report *rep)
{
	struct fv_table *t = fv_table_new("matrix", "Matrix");

	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	fv_table_add_col(t, "label", "Label", FV_U_TEXT, 0);
	return fv_table_note(t, "no job with I/O to compare (warm-up jobs are "
				"left out)");
}

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	static const enum fv_dir dirs[] = { FV_DIR_READ, FV_DIR_WRITE,
					    FV_DIR_MIXED };
	const char *const *names = o->mmetrics ? o->mmetrics : mm_names;
	size_t nm = o->mmetrics ? o->nmmetrics : FV_ARRAY_SIZE(mm_names);
	struct tests ts = { 0 };
	struct mtable x = { .set = set, .o = o, .ts = &ts };
	int ret = collect(set, &ts);

	(void) diags;
	x.limits = o->skus && o->skus->n;
	if (!ret)
		ret = fv_labels(set, false, &x.labels, &x.nl);
	for (size_t di = 0; di < 3 && !ret; di++) {
		if (!any_dir(&ts, dirs[di]))
			continue;
		for (size_t i = 0; i < nm && !ret; i++) {
			struct fv_mmetric m;

			if (fv_matrix_metric_parse(&m, names[i])) {
				ret = -EINVAL; /* checked at the option */
				break;
			}
			x.m = &m;
			x.d = dirs[di];
			x.limits = o->skus && o->skus->n &&
				   (m.what == FV_MM_BW || m.what == FV_MM_IOPS);
			ret = survey(&x);
			for (int k = 0; k < FV_LAT_NR && !ret; k++) {
				x.k = (enum fv_latkind) k;
				if (x.kinds & FV_LAT_BIT(k))
					ret = table(rep, &x);
			}
		}
	}
	if (!ret && !ts.n)
		ret = empty(rep);
	free(x.labels);
	free(ts.v);
	return ret;
}

const struct fv_analysis fv_an_matrix = {
	.name = "matrix",
	.run = run,
};
