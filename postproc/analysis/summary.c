/* SPDX-License-Identifier: MIT */
/*
 * summary: one row per label and job, everything a reader of one run wants:
 * IOPS and bandwidth per direction, latency percentiles, sync latency, CPU.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "select/select.h"

enum col_id {
	C_LABEL,
	C_ROLE,
	C_JOB,
	C_RIOPS,
	C_RBW,
	C_WIOPS,
	C_WBW,
	C_LATDIR,
	C_LATKIND,
	C_PCTS, /* the shown percentiles start here */
};

/* Columns after the percentiles, in this order. */
enum tail_id {
	T_SYNC_P99,
	T_USR,
	T_SYS,
	T_DEPTH,
	T_ROLE_RULE,
	T_LABEL_RULE,
	T_SOURCE,
	T_FIO,
	T_RBYTES,
	T_WBYTES,
	T_RUNTIME,
	T_LAT_MEAN,
	T_ERROR,
	T_SS,
	T_FLUSHES,
	T_EMPTY_SYNCS,
	T_NOT_DURABLE,
	T_MACHINE,
	T_TARGET,
	T_RUN,
	T_RUNS,
	T_NR,
};

static const struct fv_col head_cols[C_PCTS] = {
	{ "label", "Label", FV_U_TEXT, 0 },
	{ "role", "Role", FV_U_TEXT, 0 },
	{ "job", "Job", FV_U_TEXT, 0 },
	{ "read_iops", "Read IOPS", FV_U_IOPS, 0 },
	{ "read_bw", "Read BW", FV_U_BPS, 0 },
	{ "write_iops", "Write IOPS", FV_U_IOPS, 0 },
	{ "write_bw", "Write BW", FV_U_BPS, 0 },
	{ "lat_dir", "Lat dir", FV_U_TEXT, 0 },
	/* the row's latency: each tool times its own (fv_lat_own) */
	{ "lat_kind", "Lat", FV_U_TEXT, 0 },
};

static const struct fv_col tail_cols[T_NR] = {
	{ "sync_p99", "Sync P99", FV_U_NS, 0 },
	{ "usr_cpu", "usr CPU", FV_U_PERCENT, 0 },
	{ "sys_cpu", "sys CPU", FV_U_PERCENT, 0 },
	{ "iodepth", "QD", FV_U_DEPTH, FV_COL_MACHINE },
	{ "role_rule", "Role from", FV_U_TEXT, FV_COL_MACHINE },
	{ "label_rule", "Label from", FV_U_TEXT, FV_COL_MACHINE },
	{ "source", "Source", FV_U_TEXT, FV_COL_MACHINE },
	{ "fio_version", "Tool", FV_U_TEXT, FV_COL_MACHINE },
	{ "read_bytes", "Read bytes", FV_U_BYTES, FV_COL_MACHINE },
	{ "write_bytes", "Write bytes", FV_U_BYTES, FV_COL_MACHINE },
	{ "runtime", "Runtime", FV_U_MS, FV_COL_MACHINE },
	{ "lat_mean", "Mean latency", FV_U_NS, FV_COL_MACHINE },
	{ "error", "Error", FV_U_ERROR_CODE, FV_COL_MACHINE },
	{ "steady_state", "Steady state", FV_U_TEXT, FV_COL_MACHINE },
	{ "flushes", "Flushes", FV_U_COUNT, FV_COL_MACHINE },
	{ "empty_syncs", "Empty syncs", FV_U_COUNT, FV_COL_MACHINE },
	{ "writes_not_durable", "Writes not durable", FV_U_COUNT,
	  FV_COL_MACHINE },
	/* what its label was told apart by (annotate/identity.c) */
	{ "machine", "Machine", FV_U_TEXT, FV_COL_MACHINE },
	{ "target", "Target", FV_U_TEXT, FV_COL_MACHINE },
	/* its test's runs in its label (select/) */
	{ "run", "Run", FV_U_COUNT, FV_COL_MACHINE },
	{ "runs", "Runs", FV_U_COUNT, FV_COL_MACHINE },
};

static int add_cols(struct fv_table *t, const struct fv_aopts *o)
{
	char key[32], title[32];

	/* the table's status sticks: checked once, at the end */
	fv_table_add_cols(t, head_cols, C_PCTS);
	for (size_t i = 0; i < o->show->n; i++) {
		fv_pct_key(key, sizeof(key), "", o->show->p[i]);
		snprintf(title, sizeof(title), "P%g", o->show->p[i]);
		fv_table_add_col(t, key, title, FV_U_NS, 0);
	}
	return fv_table_add_cols(t, tail_cols, T_NR);
}

static int put_dir(struct fv_table *t, size_t row, size_t col,
		   const struct fv_job *job, enum fv_dir d)
{
	const struct fv_dirstats *ds = &job->dir[d];

	if (!fv_dir_did_io(ds))
		return 0; /* stays "-": the job did no such I/O */
	fv_cell_num(t, row, col, ds->iops);
	return fv_cell_num(t, row, col + 1, ds->bw_bytes);
}

/* fio's own sync latency; else the flush latency our engines recorded. */
static int put_sync(struct fv_table *t, size_t row, size_t col,
		    const struct fv_set *set, const struct fv_job *job)
{
	int p99 = fv_pct_index(set, 99);
	double worst = -1;

	if (job->dir[FV_DIR_SYNC].present && job->dir[FV_DIR_SYNC].total_ios)
		return fv_put_pct(t, row, col, set, job, FV_DIR_SYNC, FV_LAT,
				  p99);
	for (size_t i = 0; i < job->ndur; i++) {
		const struct fv_reported_pct *r = NULL;
		const struct fv_dist *f = &job->dur[i]->flush;

		for (size_t k = 0; k < f->npcts; k++)
			if (f->pcts[k].p > 98.9999995 &&
			    f->pcts[k].p < 99.0000005)
				r = &f->pcts[k];
		if (r && r->ns > worst)
			worst = r->ns;
	}
	if (worst >= 0)
		return fv_cell_num(t, row, col, worst);
	return 0;
}

static int put_durability(struct fv_table *t, size_t row, size_t col,
			  const struct fv_job *job)
{
	double flushes = 0, empty = 0, not_durable = 0;

	if (!job->ndur)
		return 0;
	for (size_t i = 0; i < job->ndur; i++) {
		flushes += job->dur[i]->fsyncs + job->dur[i]->fdatasyncs +
			   job->dur[i]->syncfses;
		empty += job->dur[i]->empty_syncs;
		not_durable += job->dur[i]->writes_not_durable;
	}
	fv_cell_num(t, row, col + T_FLUSHES, flushes);
	fv_cell_num(t, row, col + T_EMPTY_SYNCS, empty);
	return fv_cell_num(t, row, col + T_NOT_DURABLE, not_durable);
}

static int put_steady(struct fv_table *t, size_t row, size_t col,
		      const struct fv_job *job)
{
	char buf[160];

	if (!job->ss.present)
		return 0;
	snprintf(buf, sizeof(buf), "%s %s (%s)",
		 job->ss.attained ? "attained" : "not attained",
		 job->ss.setting ? job->ss.setting : "",
		 job->ss.criterion ? job->ss.criterion : "");
	return fv_cell_str(t, row, col, buf);
}

/* Whose results the row is, and which of its test's runs. */
static int put_identity(struct fv_table *t, size_t row, size_t col,
			const struct fv_job *job)
{
	struct fv_identity id;

	fv_identity_of(job, &id);
	/* fio's "All clients" names the client that reported last: no host */
	if (job->kind == FV_JOB_ALL_CLIENTS || job->kind == FV_JOB_FLEET)
		id.machine = NULL;
	else if (!id.machine)
		id.machine = job->host;
	if (id.machine)
		fv_cell_str(t, row, col + T_MACHINE, id.machine);
	if (id.place[0])
		fv_cell_str(t, row, col + T_TARGET, id.place);
	if (job->nruns) {
		fv_cell_num(t, row, col + T_RUN, job->run);
		fv_cell_num(t, row, col + T_RUNS, job->nruns);
	}
	return fv_table_status(t);
}

/*
 * The time the job measured: its longest direction's (a group_reporting
 * job's is its longest thread's, never their sum); a tool that prints
 * none but its setting (CrystalDiskMark's Measure, one pass) that.
 */
static int put_runtime(struct fv_table *t, size_t row, size_t col,
		       const struct fv_job *job)
{
	uint64_t ms = 0;

	for (int d = 0; d < FV_DIR_NR; d++)
		if (job->dir[d].runtime_ms > ms)
			ms = job->dir[d].runtime_ms;
	if (!ms && job->wl.runtime_s > 0)
		ms = (uint64_t) (job->wl.runtime_s * 1000 + 0.5);
	return ms ? fv_cell_num(t, row, col, (double) ms) : 0;
}

/* A failed job's figures: n/a, and why. */
static int put_failed(struct fv_table *t, size_t row, size_t from, size_t to,
		      const struct fv_job *job)
{
	for (size_t c = from; c < to; c++)
		fv_cell_failed(t, row, c, job);
	return fv_table_status(t);
}

static int put_meta(struct fv_table *t, size_t row, size_t col,
		    const struct fv_job *job, enum fv_dir ld, enum fv_latkind k)
{
	if (fv_job_depth(job))
		fv_cell_num(t, row, col + T_DEPTH, fv_job_depth(job));
	fv_cell_str(t, row, col + T_ROLE_RULE, job->role_why);
	fv_cell_str(t, row, col + T_LABEL_RULE, job->label_rule);
	fv_cell_str(t, row, col + T_SOURCE, job->source);
	fv_cell_str(t, row, col + T_FIO, job->fio_version);
	fv_cell_num(t, row, col + T_RBYTES, job->dir[FV_DIR_READ].io_bytes);
	fv_cell_num(t, row, col + T_WBYTES, job->dir[FV_DIR_WRITE].io_bytes);
	put_runtime(t, row, col + T_RUNTIME, job);
	fv_put_lat_mean(t, row, col + T_LAT_MEAN, job, ld, k);
	fv_cell_num(t, row, col + T_ERROR, job->error);
	put_steady(t, row, col + T_SS, job);
	put_identity(t, row, col, job);
	put_durability(t, row, col, job);
	return fv_table_status(t);
}

static int put_row(struct fv_table *t, const struct fv_set *set,
		   const struct fv_aopts *o, const struct fv_job *job)
{
	int row = fv_table_add_row(t);
	enum fv_dir ld = fv_lat_dir(job);
	enum fv_latkind k = fv_ao_lat(o, job);
	size_t tail = C_PCTS + o->show->n;

	if (row < 0)
		return row;
	fv_cell_str(t, row, C_LABEL, job->label);
	fv_cell_str(t, row, C_ROLE, fv_role_name(job->role));
	fv_cell_str(t, row, C_JOB, job->display);
	if (fv_job_failed(job)) {
		put_failed(t, row, C_RIOPS, C_LATDIR, job);
		put_failed(t, row, C_PCTS, tail + T_USR, job);
		return put_meta(t, row, tail, job, ld, k);
	}
	put_dir(t, row, C_RIOPS, job, FV_DIR_READ);
	put_dir(t, row, C_WIOPS, job, FV_DIR_WRITE);
	fv_cell_str(t, row, C_LATDIR, fv_dir_name(ld));
	fv_cell_str(t, row, C_LATKIND, fv_lat_name(k));
	for (size_t i = 0; i < o->show->n; i++)
		fv_put_pct(t, row, C_PCTS + i, set, job, ld, k,
			   fv_pct_index(set, o->show->p[i]));
	put_sync(t, row, tail + T_SYNC_P99, set, job);
	if (!isnan(job->usr_cpu)) {
		fv_cell_num(t, row, tail + T_USR, job->usr_cpu);
		fv_cell_num(t, row, tail + T_SYS, job->sys_cpu);
	}
	return put_meta(t, row, tail, job, ld, k);
}

static bool shown(const struct fv_job *job, const struct fv_aopts *o)
{
	if (job->kind == FV_JOB_CLONE)
		return !o->aggregate_clones;
	if (job->kind == FV_JOB_CLONE_SUM)
		return o->aggregate_clones;
	return true;
}

void fv_summary_seen(const struct fv_set *set, struct fv_summary_seen *seen)
{
	for (size_t i = 0; i < set->njobs; i++) {
		seen->clones |= set->jobs[i]->kind == FV_JOB_CLONE;
		seen->tools |= fv_tool_of(set->jobs[i]);
		seen->whole_seconds |= set->jobs[i]->cpu_whole_seconds;
		for (int d = 0; d < FV_DIR_NR; d++)
			seen->unmeasured |= set->jobs[i]->dir[d].lat_unmeasured;
	}
}

/* The kinds the Lat column holds, each said once: --lat's, else each
 * tool's own. */
static int lat_notes(struct fv_table *t, const struct fv_aopts *o,
		     unsigned tools)
{
	char a[160] = "", b[160] = "";
	bool clat = o->lat_set ? o->lat != FV_LAT : (tools & FV_TOOL_FIO);
	bool lat = o->lat_set ? o->lat == FV_LAT
			      : (tools & ~(unsigned) FV_TOOL_FIO);

	if (!clat && !lat)
		clat = true; /* no job: what a fio job would show */
	if (clat)
		fv_lat_meaning(a, sizeof(a), o->lat_set ? o->lat : FV_CLAT,
			       tools);
	if (lat)
		fv_lat_meaning(b, sizeof(b), FV_LAT,
			       fv_ao_lat_tools(o, tools, FV_LAT));
	return fv_table_note(t,
			     "percentiles: of the latency in \"Lat\", in the "
			     "\"Lat dir\" direction (%s%s%s)%s",
			     a, *a && *b ? "; " : "", b,
			     tools & FV_TOOL_FIO
				     ? "; Sync P99: fio's fsync/fdatasync "
				       "latency"
				     : "");
}

int fv_summary_notes(struct fv_table *t, const struct fv_aopts *o,
		     const struct fv_summary_seen *seen)
{
	int ret = lat_notes(t, o, seen->tools);

	if (!ret && seen->clones && !o->aggregate_clones)
		ret = fv_table_note(t, "name#k: clone k of a numjobs job "
				       "(--aggregate-clones shows their sum)");
	if (!ret && seen->unmeasured)
		ret = fv_table_note(t,
				    "some jobs did I/O with every latency "
				    "at zero (gtod_reduce=1?): shown as n/a, "
				    "not 0");
	if (!ret && seen->whole_seconds)
		ret = fv_table_note(t,
				    "usr/sys CPU: fio counted whole seconds "
				    "of CPU for some jobs (no context switch "
				    "or page fault counted: fio on Windows): "
				    "usr + sys may be off by up to 2 s of CPU "
				    "over the job's runtime");
	return ret;
}

struct fv_table *fv_summary_table(const struct fv_aopts *o)
{
	struct fv_table *t = fv_table_new("summary", "Summary");

	if (t && add_cols(t, o)) {
		fv_table_free(t);
		return NULL;
	}
	return t;
}

int fv_summary_rows(struct fv_table *t, const struct fv_set *set,
		    const struct fv_aopts *o)
{
	const char **labels = NULL;
	size_t nl = 0;
	int ret = fv_labels(set, true, &labels, &nl);

	for (size_t l = 0; l < nl && !ret; l++)
		for (size_t i = 0; i < set->njobs && !ret; i++)
			if (!strcmp(set->jobs[i]->label, labels[l]) &&
			    shown(set->jobs[i], o))
				ret = put_row(t, set, o, set->jobs[i]);
	free(labels);
	return ret;
}

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_table *t = fv_summary_table(o);
	struct fv_summary_seen seen = { 0 };
	int ret;

	(void) diags;
	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	fv_summary_seen(set, &seen);
	ret = fv_summary_rows(t, set, o);
	return ret ? ret : fv_summary_notes(t, o, &seen);
}

const struct fv_analysis fv_an_summary = {
	.name = "summary",
	.run = run,
};
