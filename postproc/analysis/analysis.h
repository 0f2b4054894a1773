/* SPDX-License-Identifier: MIT */
/*
 * The table analyses: each reads the model and adds a table to a report
 * (summary, compare, latency, scaling, sweep), without knowing the output
 * format. The verdicts, which need more than the set, are a stage of their
 * own (verdict/).
 */
#ifndef FV_ANALYSIS_H
#define FV_ANALYSIS_H

#include "catalog/catalog.h"
#include "logs/logs.h"
#include "model/model.h"
#include "select/select.h"

struct fv_aopts {
	const struct fv_pctlist *show; /* percentiles shown as columns */
	enum fv_latkind lat;	       /* --lat: clat, lat or slat */
	bool lat_set;		       /* --lat given; else each tool's own */
	bool aggregate_clones;	       /* summary: sums instead of clones */
	enum fv_role of_role;	       /* latency: the role shown */
	enum fv_dir of_dir;
	const char *base;     /* scaling: the reference label */
	const char **metrics; /* scaling: metric names */
	size_t nmetrics, alloc_metrics;
	const struct fv_label_skus *skus; /* --sku: the labels' SKUs */
	const char **mmetrics;		  /* matrix: --metric, NULL: default */
	size_t nmmetrics, alloc_mmetrics;
};

struct fv_analysis {
	const char *name;
	/*
	 * Returns 0, -ENOMEM, or -EINVAL for options that do not fit the
	 * data (an error diagnostic says which).
	 */
	int (*run)(const struct fv_set *set, const struct fv_aopts *o,
		   struct fv_report *rep, struct fv_diags *diags);
};

extern const struct fv_analysis fv_an_summary, fv_an_compare, fv_an_latency,
	fv_an_scaling, fv_an_sweep;
/* replay: the candidates a trace was replayed on (jobfiles/replay.fio). */
extern const struct fv_analysis fv_an_replay;
/* Does the set hold a replay's jobs? */
bool fv_set_has_replay(const struct fv_set *set);
/* sku: measured against the --sku limits (no table without --sku). */
extern const struct fv_analysis fv_an_sku;
/* ---- recommend: the SKUs that meet a need (recommend.c) ---- */

/* What is asked; 0: not asked. */
struct fv_need {
	double iops, bw; /* IO/s, B/s */
	double capacity; /* GiB */
	double lat;	 /* p99, s: not checked (not in the catalog), said */
};

struct fv_rec_query {
	const struct fv_catalog *cat;
	const struct fv_prices *prices;
	bool prices_given; /* from --prices, not the catalog's prices/ */
	const char *cloud, *region;
	const struct fv_sku *vms; /* the disks on each of these, or alone */
	size_t nvm;
	struct fv_need need;
	const char *from; /* a note on where the need came from, or NULL */
};

/*
 * The table of the SKUs that meet q's need on the catalog's sustained
 * figures, cheapest first at q->region's prices (the ten cheapest; none
 * meeting it: the nearest three), into rep. 0 or -ENOMEM.
 */
int fv_recommend(const struct fv_rec_query *q, struct fv_report *rep);

/*
 * The highest IOPS (bw false) or bandwidth (B/s) that a label's jobs of
 * a role measured, in any direction, and the job (job may be NULL); NAN
 * when the label has no such job.
 */
double fv_label_measured(const struct fv_set *set, const char *label,
			 enum fv_role role, bool bw, const struct fv_job **job);
/* matrix: labels down, tests across, one metric per table. */
extern const struct fv_analysis fv_an_matrix;

/* ---- What the runs were on (provenance.c) ---- */

/*
 * What j ran on, in one line: fioverdict run's record (fio, host,
 * kernel, CPUs, memory, the machine or cloud VM, file system and mount
 * options, block device), else what fio's JSON says.
 */
void fv_ran_on(const struct fv_job *j, char *buf, size_t len);
/*
 * Under every table of rep, "WHAT on (LABELS): line" for each line and
 * machine of set (what: "ran", or "baseline ran"). 0 or -ENOMEM.
 */
int fv_provenance_notes(const struct fv_set *set, const char *what,
			struct fv_report *rep);
/* The distinct lines and their labels, gathered set by set (--stream). */
struct fv_ran {
	char line[1536];
	char labels[512]; /* "a, b, ..." */
};
struct fv_ran_list {
	struct fv_ran *v;
	size_t n, alloc;
};
int fv_ran_add(struct fv_ran_list *l, const struct fv_set *set);
/* "WHAT on (LABELS): line" notes of t. 0 or -ENOMEM. */
int fv_ran_notes(const struct fv_ran_list *l, const char *what,
		 struct fv_table *t);
/* Whether note is one of l's "ran on (LABELS): line" notes. */
bool fv_ran_is_note(const struct fv_ran_list *l, const char *note);
void fv_ran_free(struct fv_ran_list *l);
/*
 * How a and b differ in fio version, kernel, device or VM size, in
 * words ("kernel (6.1.0 → 6.12.9); device (A → B)"); "" when in none
 * known on both sides.
 */
void fv_provenance_changes(const struct fv_job *a, const struct fv_job *b,
			   char *buf, size_t len);
/* The first job of label (NULL: of any) that tables show, or NULL. */
/*
 * A cell of a failed job's figure: n/a, because the job failed, the tool's
 * error named ("the job failed: fio error 22 (EINVAL: ...)"). 0 or -ENOMEM.
 */
int fv_cell_failed(struct fv_table *t, size_t row, size_t col,
		   const struct fv_job *job);

/*
 * The job a label's QD sweep shows at a depth, in a direction: a
 * scaling job there, the newest; NULL when none. The sweep table, the
 * report's QD charts and the verdicts' evidence quote this one.
 */
const struct fv_job *fv_sweep_job(const struct fv_set *set, const char *label,
				  enum fv_dir dir, int depth);

const struct fv_job *fv_label_first(const struct fv_set *set,
				    const char *label);

/* ---- matrix metrics: bw, iops, lat (the mean), pN ---- */

enum fv_mm_what { FV_MM_BW, FV_MM_IOPS, FV_MM_LAT, FV_MM_PCT };

struct fv_mmetric {
	enum fv_mm_what what;
	double p; /* FV_MM_PCT */
};

/* Returns 0 or -EINVAL. */
int fv_matrix_metric_parse(struct fv_mmetric *m, const char *s);

/* ---- The catalog as tables (catalog list, catalog show) ---- */

/* SKUs whose ID, family or title match pattern (a glob, else a
 * substring; NULL: all). 0 or -ENOMEM. */
int fv_catalog_list_table(const struct fv_catalog *c, const char *pattern,
			  struct fv_report *rep);
/* One SKU's figures, bursting model and source. 0 or -ENOMEM. */
int fv_catalog_show_table(const struct fv_catalog *c, const struct fv_sku *s,
			  struct fv_report *rep);

/* Options as the program starts: each tool's latency, steady:write. */
void fv_aopts_init(struct fv_aopts *o, const struct fv_pctlist *show);

/* The latency shown of a job: --lat's, else its tool's (fv_lat_own). */
enum fv_latkind fv_ao_lat(const struct fv_aopts *o, const struct fv_job *j);

/*
 * The latencies a table of the jobs v[0, n) (NULLs skipped) shows, as
 * FV_LAT_BIT bits: --lat's, else each tool's own. Each gets its own
 * columns, named after it, and a job fills only its own: a column never
 * holds clat beside lat.
 */
#define FV_LAT_BIT(k) (1u << (k))
unsigned fv_ao_lat_kinds(const struct fv_aopts *o,
			 const struct fv_job *const *v, size_t n);

/* The tool that made a job, for notes that speak only of those shown. */
enum { FV_TOOL_FIO = 1, FV_TOOL_DISKSPD = 2, FV_TOOL_CDM = 4 };
unsigned fv_tool_of(const struct fv_job *j);
/* The tools (FV_TOOL_ bits) by name: "fio", "fio and DiskSpd". */
void fv_tool_names(char *buf, size_t len, unsigned tools);

/* Those of the tools (FV_TOOL_ bits) whose jobs show latency k. */
unsigned fv_ao_lat_tools(const struct fv_aopts *o, unsigned tools,
			 enum fv_latkind k);

/*
 * What the latency k is, for a note under a table of the tools' jobs
 * (FV_TOOL_ bits): "lat: the whole request, its submission included
 * (fio's lat, DiskSpd's)".
 */
void fv_lat_meaning(char *buf, size_t len, enum fv_latkind k, unsigned tools);

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
/* A percentile named "pN" (p99, p99.9): N, in (0, 100], in *p. 0 or -EINVAL. */
int fv_pct_word(const char *w, double *p);
enum fv_unit fv_metric_unit(const struct fv_metric *m);
/*
 * Evaluates a metric for a label into a cell, a percentile of latency k;
 * sets *value if numeric.
 */
int fv_metric_put(struct fv_table *t, size_t row, size_t col,
		  const struct fv_set *set, enum fv_latkind k,
		  const char *label, const struct fv_metric *m, double *value);

/*
 * summary, in pieces, so that --stream can make the rows of one file at a
 * time (summary --stream) with the same code as the whole-set table.
 */
struct fv_summary_seen {
	bool clones;	    /* some job is a numjobs clone */
	unsigned tools;	    /* FV_TOOL_ bits of the jobs */
	bool unmeasured;    /* some direction had I/O but no latency */
	bool whole_seconds; /* some job's CPU counted in whole seconds */
};

/* The summary table with its columns and no rows; NULL on ENOMEM. */
struct fv_table *fv_summary_table(const struct fv_aopts *o);
/* Appends the rows of set's jobs, label by label. 0 or -ENOMEM. */
int fv_summary_rows(struct fv_table *t, const struct fv_set *set,
		    const struct fv_aopts *o);
/* Accumulates what the notes under the table depend on. */
void fv_summary_seen(const struct fv_set *set, struct fv_summary_seen *seen);
int fv_summary_notes(struct fv_table *t, const struct fv_aopts *o,
		     const struct fv_summary_seen *seen);

/* ---- timeline: latency over time from fio's histogram logs ---- */

/*
 * One row per label, job, window and direction of every job with
 * histogram logs of o->lat's kind: start and end (ms), I/Os, IOPS, the
 * percentiles of o->show and the highest bin (timeline.c). window_ms 0:
 * each job's own (fv_hist_query). 0 or -ENOMEM.
 */
int fv_timeline(const struct fv_set *set, const struct fv_logset *logs,
		const struct fv_aopts *o, double window_ms,
		struct fv_report *rep, struct fv_diags *diags);

/* The log kind of a latency kind (clat: FV_LOG_CLAT...). */
enum fv_log_kind fv_lat_log_kind(enum fv_latkind k);

/*
 * Whether job is one the timeline shows: a job, a clones' sum or a fleet
 * (a clone is in its sum).
 */
bool fv_timeline_job(const struct fv_job *job);

#endif
