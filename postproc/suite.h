/* SPDX-License-Identifier: MIT */
/*
 * The tables of a suite of runs, shared by `fioverdict run` (text at the
 * end of a run) and `fioverdict report` (HTML): load and annotate the
 * inputs as the table subcommands do, then run several analyses into one
 * report. Analyses are looked up by name, so verdict analyses registered
 * in analysis.c appear here without this file knowing them.
 */
#ifndef FV_SUITE_H
#define FV_SUITE_H

#include <stdbool.h>

#include "analysis.h"
#include "label.h"
#include "model.h"
#include "role.h"
#include "ts.h"

struct fv_suite_in {
	char *const *paths;
	size_t npaths;
	const struct fv_label_rule *labels;
	size_t nlabels;
	const struct fv_role_override *roles;
	size_t nroles;
};

/*
 * Ingests the inputs into set (initialised by the caller with the
 * percentiles to compute) and assigns labels, roles and stats files.
 * Returns 0 or -ENOMEM; input problems are diagnostics in set.
 */
int fv_suite_load(struct fv_set *set, const struct fv_suite_in *in);

/*
 * Runs each analysis of names that is registered, in order, into rep;
 * a name that is not registered is skipped (the verdicts may not be built
 * in), and so is "sweep" when no job has the scaling role. Returns 0,
 * -ENOMEM or -EINVAL (an error diagnostic says why).
 */
int fv_suite_analyse(struct fv_set *set, const struct fv_aopts *o,
		     const char *const *names, struct fv_report *rep);

/*
 * Loads the fio logs lying beside the results (every directory that holds
 * a job) into ts and joins them to the jobs: the series the verdicts and
 * the report's time charts read. Returns 0 or -ENOMEM.
 */
int fv_suite_logs(struct fv_tsset *ts, struct fv_set *set);

/* Analyses shown by run and report, NULL-terminated. */
extern const char *const fv_suite_tables[];

/* The verdicts analysis, or NULL when this build has none. */
const struct fv_analysis *fv_suite_verdicts(void);

/* Adds p to pl unless it is there (or pl is full). */
void fv_pctlist_add(struct fv_pctlist *pl, double p);

#endif
