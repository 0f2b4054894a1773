/* SPDX-License-Identifier: MIT */
/*
 * Questions the analyses, verdicts and charts ask of a set: its labels,
 * the job that stands for a label and role, where a percentile is, and a
 * latency cell filled or explained.
 */
#ifndef FV_QUERY_H
#define FV_QUERY_H

#include <stdbool.h>
#include <stddef.h>

#include "set.h"
#include "table.h"

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
 * A representative job whose figures measure something: not one the tool
 * says failed. What comparisons, sweeps, pairs and samples are made of.
 */
bool fv_job_measured(const struct fv_job *job);

/*
 * The job of a label with a role whose main direction is dir (a job that
 * reads and writes counts for both). Several: the newest (fio timestamp);
 * of one run (CrystalDiskMark's SEQ1M Q8T1 and Q1T1), the fastest in that
 * direction (throughput by bandwidth, the others by IOPS), then the last
 * given. NULL when there is none.
 */
const struct fv_job *fv_pick(const struct fv_set *set, const char *label,
			     enum fv_role role, enum fv_dir dir);

/*
 * What makes one of a run's jobs of a role its figure: throughput's
 * bandwidth (B/s), the others' IOPS, in the direction asked (a job that
 * reads and writes counts for both).
 */
double fv_job_rate(const struct fv_job *j, enum fv_role role, enum fv_dir dir);

/* Index of percentile p in the set's computed list, or -1. */
int fv_pct_index(const struct fv_set *set, double p);

/* "99.9" -> "p99.9"; "50" -> "p50". */
void fv_pct_key(char *buf, size_t len, const char *prefix, double p);

/*
 * The latency the tool that made the job measures: fio's completion
 * latency (clat: from submission to completion) for fio's jobs; the whole
 * request (lat) for DiskSpd's and CrystalDiskMark's, which time nothing
 * shorter.
 */
enum fv_latkind fv_lat_own(const struct fv_job *job);

/* The direction whose percentiles a job's row shows. */
enum fv_dir fv_lat_dir(const struct fv_job *job);

/*
 * Puts percentile pidx of a job's direction into a cell, or marks it
 * unavailable with the reason, in the tool's words (not measured, not
 * reported, a kind the tool does not time); empty when no such I/O.
 */
int fv_put_pct(struct fv_table *t, size_t row, size_t col,
	       const struct fv_set *set, const struct fv_job *job,
	       enum fv_dir dir, enum fv_latkind kind, int pidx);

/* The mean of a job's latency of that kind, as fv_put_pct. */
int fv_put_lat_mean(struct fv_table *t, size_t row, size_t col,
		    const struct fv_job *job, enum fv_dir dir,
		    enum fv_latkind kind);

#endif
