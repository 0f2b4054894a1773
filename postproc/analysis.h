/* SPDX-License-Identifier: MIT */
/*
 * Analyses: each reads the model and adds tables to a report. One file per
 * analysis; a new one (a verdict on steady state, bursts, caps, caches,
 * flushes, tails, regressions) is a new file and a line in analysis.c,
 * without touching ingest or rendering.
 */
#ifndef FV_ANALYSIS_H
#define FV_ANALYSIS_H

#include "model.h"
#include "table.h"

struct fv_vopts;

struct fv_aopts {
	const struct fv_pctlist *show; /* percentiles shown as columns */
	enum fv_latkind lat;	       /* clat (default), lat or slat */
	bool aggregate_clones;	       /* summary: sums instead of clones */
	enum fv_role of_role;	       /* latency: the role shown */
	enum fv_dir of_dir;
	const char *base;     /* scaling: the reference label */
	const char **metrics; /* scaling: metric names */
	size_t nmetrics;
	struct fv_vopts *verdict; /* verdict, diff (verdict.h); may be NULL */
};

struct fv_analysis {
	const char *name;
	const char *help;
	/*
	 * Returns 0, -ENOMEM, or -EINVAL for options that do not fit the
	 * data (an error diagnostic says which).
	 */
	int (*run)(const struct fv_set *set, const struct fv_aopts *o,
		   struct fv_report *rep, struct fv_diags *diags);
};

extern const struct fv_analysis fv_an_summary, fv_an_compare, fv_an_latency,
	fv_an_scaling, fv_an_sweep;
extern const struct fv_analysis *const fv_analyses[];

const struct fv_analysis *fv_analysis_find(const char *name);

/* ---- Helpers shared by analyses (select.c) ---- */

/*
 * Distinct labels in order of first appearance; caller frees the array.
 * Without all, labels holding only fio's "All clients" aggregate are left
 * out: per-label tables compare hosts, not their sum.
 */
int fv_labels(const struct fv_set *set, bool all, const char ***labels,
	      size_t *n);

/* May this job stand for its label in a per-label table? */
bool fv_job_representative(const struct fv_job *job);

/*
 * The job of a label with a role whose main direction is dir (a job that
 * reads and writes counts for both). Several: the newest (fio timestamp),
 * then the last given. NULL when there is none.
 */
const struct fv_job *fv_pick(const struct fv_set *set, const char *label,
			     enum fv_role role, enum fv_dir dir);

/* Index of percentile p in the set's computed list, or -1. */
int fv_pct_index(const struct fv_set *set, double p);

/* "99.9" -> "p99.9"; "50" -> "p50". */
void fv_pct_key(char *buf, size_t len, const char *prefix, double p);

/* The direction whose percentiles a job's row shows. */
enum fv_dir fv_lat_dir(const struct fv_job *job);

/*
 * Puts percentile pidx of a job's direction into a cell, or marks it
 * unavailable with the reason (not measured, not reported, no such I/O).
 */
int fv_put_pct(struct fv_table *t, size_t row, size_t col,
	       const struct fv_set *set, const struct fv_job *job,
	       enum fv_dir dir, enum fv_latkind kind, int pidx);

/* ---- Metrics: "peak_read_iops", "seq_write_bw", "steady_write_p99" ---- */

enum fv_metric_what { FV_M_IOPS, FV_M_BW, FV_M_PCT };

struct fv_metric {
	char key[48];
	char title[64];
	enum fv_role role;
	enum fv_dir dir;
	enum fv_metric_what what;
	double p;
};

/* Returns 0 or -EINVAL. */
int fv_metric_parse(struct fv_metric *m, const char *name);
enum fv_unit fv_metric_unit(const struct fv_metric *m);
/* Evaluates a metric for a label into a cell; sets *value if numeric. */
int fv_metric_put(struct fv_table *t, size_t row, size_t col,
		  const struct fv_set *set, const struct fv_aopts *o,
		  const char *label, const struct fv_metric *m, double *value);

#endif
