/* SPDX-License-Identifier: MIT */
/*
 * Internal to verdict/: what the regression gates (diff: two sets of
 * runs; history: a series of single runs) compare of a job. Its figures
 * (throughput, p99, p99.9, the sync p99), the one that decides its
 * verdict (its primary figure), which way is worse, and what a test of
 * one job is across runs.
 */
#ifndef FV_VERDICT_GATE_H
#define FV_VERDICT_GATE_H

#include "verdict_int.h"

enum fv_gfig { FV_G_TPUT, FV_G_P99, FV_G_P999, FV_G_SYNC, FV_G_NR };

/* The figure f of run j of set s (> 0), NAN when it has none. */
double fv_gfig_value(const struct fv_aopts *ao, const struct fv_set *s,
		     const struct fv_job *j, enum fv_gfig f);

/*
 * The figure that decides a job's verdict, from its reference run (the
 * baseline's, the history's first): the sync p99 for a job that syncs,
 * p99 for a job held to a rate (its throughput is the one asked for),
 * throughput otherwise.
 */
enum fv_gfig fv_gfig_primary(const struct fv_job *j);

/* "throughput" (or "bandwidth" for a job without IOPS), "p99"... */
const char *fv_gfig_name(enum fv_gfig f, const struct fv_job *j);
/* Its unit: IO/s, B/s or ns. */
enum fv_unit fv_gfig_unit(enum fv_gfig f, const struct fv_job *j);
/* +1: higher is better (throughput); -1: lower is (latency). */
int fv_gfig_sign(enum fv_gfig f);
/* The change a figure must exceed: --diff-tput or --diff-p99. */
double fv_gfig_threshold(const struct fv_vopts *o, enum fv_gfig f);
/*
 * The declared noise band of single runs (--noise, --noise-lat): a change
 * beyond it counts untested. p99.9 and the sync p99 have none: a short
 * run's p99.9 is a handful of I/Os.
 */
double fv_gfig_band(const struct fv_vopts *o, enum fv_gfig f);

/*
 * One test in two runs: its name, direction (CrystalDiskMark names its
 * read and write tests alike) and kind (a fleet's sum with sums); b one
 * that tables show.
 */
bool fv_gate_same_test(const struct fv_job *a, const struct fv_job *b);

#endif
