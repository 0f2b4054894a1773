/* SPDX-License-Identifier: MIT */
/*
 * Hand-made jobs, logs and a verdict table for the verdict tests: a job
 * with a write direction of given IOPS and mean latency, an averaged IOPS
 * log joined to it, the table's cells.
 */
#ifndef FV_TEST_VHARNESS_H
#define FV_TEST_VHARNESS_H

#include "verdict/verdict_int.h"

struct harness {
	struct fv_set set;
	struct fv_vopts o;
	struct fv_logset logs;
	struct fv_vctx vc;
};

void h_init(struct harness *h);
void h_free(struct harness *h);

/* A scaling job of label "disk": IOPS, mean lat and clat (clat min half). */
struct fv_job *mkjob(struct fv_set *set, const char *name, int depth,
		     double iops, double lat_ns);
/* An averaged IOPS log of j, one window per 100 ms. */
void series(struct harness *h, struct fv_job *j, const double *v, size_t n);
/* fio options of j, and the workload ingest reads from them. */
void h_opts(struct fv_job *j, const struct fv_opt *o, size_t n);
/* rw=randwrite, bs=4k. */
void pattern(struct fv_job *j);

/* A text cell of the verdict table; a figure column (NAN when null). */
const char *cell(const struct harness *h, size_t row, int col);
double fig(const struct harness *h, size_t row, int col);

/* Rows 0, 1... have the verdicts listed: verdicts(&h, "capped", "steady"). */
void want_verdicts(const struct harness *h, const char *const *want);
#define verdicts(h, ...) \
	want_verdicts(h, (const char *const[]){ __VA_ARGS__, NULL })

#endif
