/* SPDX-License-Identifier: MIT */
/*
 * Internal to verdict/: a history's runs in order and each job's series
 * on them (history.c), shared with the table of its runs (history_runs.c).
 */
#ifndef FV_VERDICT_HISTORY_H
#define FV_VERDICT_HISTORY_H

#include "gate.h"
#include "util/util.h"

/* One run of the history: a document of one input. */
struct fv_hrun {
	const struct fv_job *job; /* one of its jobs: what the run is */
	const char *source;
	int doc;
	int64_t timestamp;
	size_t order;
};

/* One job along the history. */
struct fv_hseries {
	const struct fv_job *ref; /* its first run's entry */
	enum fv_gfig primary;
	const struct fv_job **job; /* per run of the history; NULL: absent */
	double *v;		   /* its primary figure, on the runs with it */
	size_t *run;		   /* the run of each value */
	size_t n;
	struct fv_cp *cp; /* the change points, by position in v */
	size_t ncp;
};

struct fv_history {
	const struct fv_set *set;
	const struct fv_aopts *ao;
	const struct fv_vopts *o;
	struct fv_hrun *runs;
	size_t nruns;
	struct fv_hseries *s;
	size_t ns;
};

/* The runs, the series and their change points. 0 or -ENOMEM. */
int fv_history_build(struct fv_history *h, enum fv_hist_order order);
void fv_history_free(struct fv_history *h);

/* The segment of position i of a series: how many changes precede it. */
size_t fv_hseries_segment(const struct fv_hseries *s, size_t i);

/* The table "history-runs": one row per job and run. 0 or -ENOMEM. */
int fv_history_runs_table(const struct fv_history *h, struct fv_report *rep);

#endif
