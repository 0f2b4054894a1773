/* SPDX-License-Identifier: MIT */
/* Internal to the ingest stage: JSON helpers and the per-document steps. */
#ifndef FV_INGEST_INT_H
#define FV_INGEST_INT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "model/model.h"
#include "util/util.h"

/* What the whole document tells about how to read its numbers. */
struct fv_docinfo {
	const char *name;
	int line;	   /* where the document starts, for diagnostics */
	int major, minor;  /* fio version, 0 when unknown */
	bool kib_io_bytes; /* io_bytes in KiB (fio before 2.21) */
	struct fv_diags *diags;
	const struct fv_pctlist *pcts; /* the set's */
	/* A stats line's server ("" without a prefix), else NULL. */
	const char *server;
	int doc; /* which run of fio the file holds (outputs appended) */
};

/*
 * The bytes of the char array a, taken from its declaration, and a build
 * error when a is a pointer or not of char (as git's BARF_UNLESS_AN_ARRAY):
 * a reader's field table holds no size written by hand.
 */
#define FV_CHARS(a)                                                      \
	(sizeof(a) +                                                     \
	 sizeof(char[1 - 2 * !__builtin_types_compatible_p(              \
				     __typeof__(a), char[sizeof(a)])]) - \
	 1)

/* Does s end with tail? (inputs.c) */
bool fv_ends_with(const char *s, const char *tail);

/* A number member, or NAN when absent or not a number. */
double fv_jnum(const json_t *obj, const char *key);
/* A string member, or NULL. */
const char *fv_jstr(const json_t *obj, const char *key);
/*
 * A member of fio's percentiles object ("99.900000": 1234): its p, when
 * the key is a percentile in (0, 100] and the value a number.
 */
bool fv_jpct(const char *key, const json_t *val, double *p);

/*
 * A job a reader built whole (not fio's JSON): every latency's percentiles
 * finished, then into set. 0 or -ENOMEM (job is the caller's to free then).
 */
int fv_job_finish_add(struct fv_set *set, struct fv_job *job);

/* The job's workload from its fio options (workload.c). 0 or -ENOMEM. */
int fv_workload_of_opts(struct fv_job *job);

/* Parses one entry of "jobs" or "client_stats". Returns 0 or -ENOMEM. */
int fv_parse_job(const struct fv_docinfo *di, const json_t *jo,
		 const json_t *global_opts, struct fv_job *job);

/*
 * Gives a job its bins again before its clones are summed (fio_json.c
 * computes percentiles, and lets the bins go, as each job is parsed).
 * Returns 0 or a negative errno.
 */
typedef int fv_bins_loader(void *ctx, struct fv_job *job);

/*
 * Numbers clones: same-name entries with identical options in one document
 * (numjobs without group_reporting) become CLONE entries named "name#k",
 * plus one CLONE_SUM entry added to *jobs, whose percentiles come from the
 * clones' bins merged: load (may be NULL) gives each clone its bins first.
 */
int fv_group_clones(struct fv_job ***jobs, size_t *njobs, fv_bins_loader *load,
		    void *ctx);
/* Adds job at the end of *jobs (clones.c). 0 or -ENOMEM. */
int fv_jobs_append(struct fv_job ***jobs, size_t *njobs, struct fv_job *job);

/*
 * The run's I/O as fio's disk_util and its jobs count it (jobs: the
 * document's final entries).
 */
void fv_run_io_of(const json_t *root, struct fv_job *const *jobs, size_t n,
		  struct fv_run_io *r);

/*
 * The idleness fio's --idle-prof=percpu measured (root's cpu_idleness)
 * of the CPUs j could run on: its cpus_allowed list, else the system's.
 * Leaves j alone when the document has none, or the list names a CPU it
 * did not measure.
 */
void fv_cpu_idle_of(const json_t *root, struct fv_job *j);
/*
 * The mean idleness of the CPUs of a cpus_allowed list ("1", "0-3,6"),
 * idle(ctx, n) giving CPU n's; NAN when the list does not parse or names
 * a CPU idle() does not know (NAN).
 */
double fv_cpus_idle(const char *list, double (*idle)(const void *, long),
		    const void *ctx);

/*
 * Client output of several hosts (fleet.c): for each job name, the sum of
 * its entries on every host (FV_JOB_FLEET) added to *jobs, and fio's "All
 * clients" entry given the percentiles fio before 3.39 leaves out; both
 * from the hosts' bins merged, load giving each entry its bins again.
 */
int fv_fleet_sums(struct fv_job ***jobs, size_t *njobs, fv_bins_loader *load,
		  void *ctx);

/* One job's counters in an interim document. */
struct snapshot {
	char *name;
	char *host;
	int index;
	bool has[FV_DIR_NR];
	struct fv_sample s[FV_DIR_NR];
};

struct snapshots {
	struct snapshot *v;
	size_t n, alloc;
	size_t ndocs;
};

/* snapshots.c: frees what sn holds (not sn). */
void fv_snapshots_free(struct snapshots *sn);
/* Keeps the counters of an interim document's jobs. 0 or -ENOMEM. */
int fv_record_snapshots(struct snapshots *sn, struct fv_job *const *jobs,
			size_t njobs);
/* Gives job, as its samples, the counters kept of it. 0 or -ENOMEM. */
int fv_attach_snapshots(const struct snapshots *sn, struct fv_job *job);

/* Reads a fioverdict-durability stats document. */
int fv_parse_durability(struct fv_set *set, const struct fv_docinfo *di,
			const json_t *root, const char *dir);

#endif
