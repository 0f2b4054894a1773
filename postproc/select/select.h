/* SPDX-License-Identifier: MIT */
/*
 * Which run of a test each table shows, decided once for every command.
 * A test is a job name in a label; its runs are the documents that hold
 * it (run --repeat, a folder of reruns), in time order. One run of each
 * test is shown, by the rule --runs names, and every table says which and
 * by what rule; the runs not shown leave set->jobs for set->others, so no
 * table, verdict or chart can pick another.
 */
#ifndef FV_SELECT_H
#define FV_SELECT_H

#include "model/model.h"
#include "fleets.h"
#include "identity.h"
#include "label.h"
#include "pipeline.h"

enum fv_runs {
	FV_RUNS_NEWEST, /* the newest (fio's timestamp, then input order) */
	FV_RUNS_MEDIAN, /* the run of the median figure (of two, the lower) */
	FV_RUNS_ALL,	/* every run, each a label of its own: "LABEL run K" */
	FV_RUNS_KEEP,	/* every run in its label: diff's samples */
};

/*
 * One test: the same job name, the test its file's name gives, the
 * direction (CrystalDiskMark names its read and write tests alike) and
 * the same I/O (pattern, read share, block, direct, write-through where
 * it writes, syncs, depth and threads: a QD sweep may name every depth
 * alike), a fleet's sum apart from its hosts' entries. Labels aside (diff
 * and history match a test across sets): a total order, for sorting.
 */
int fv_test_cmp(const struct fv_job *a, const struct fv_job *b);

/*
 * Is fleet (a fleet's row, or any job of a fleet) the test host (a host's
 * entry) ran, in the same fleet: the hosts a fleet's row sums.
 */
bool fv_fleet_test(const struct fv_job *fleet, const struct fv_job *host);

/* By label, then fv_test_cmp. */
int fv_label_test_cmp(const struct fv_job *a, const struct fv_job *b);

/* One test of one label: what a table has one row for. */
bool fv_same_test(const struct fv_job *a, const struct fv_job *b);

/*
 * One run: the same document (its file, its place among the outputs
 * appended in the file, fio's timestamp). A run holds one tool's output,
 * so it never spans two tool versions.
 */
bool fv_same_run(const struct fv_job *a, const struct fv_job *b);

/* "newest", "median", "all"; -EINVAL for another. */
int fv_runs_parse(const char *s);
const char *fv_runs_name(enum fv_runs rule);

/*
 * Numbers the runs of each test (job->run of job->nruns), then applies
 * the rule, saying in set->notes what it did where a label has several
 * runs of a test. Returns 0 or -ENOMEM.
 */
int fv_select_runs(struct fv_set *set, enum fv_runs rule);

/* set->notes under every table of rep. 0 or -ENOMEM. */
int fv_select_notes(const struct fv_set *set, struct fv_report *rep);

/*
 * After labels: drops each document whose print an earlier one had (its
 * label unless labels_aside, its test, the time its tool gives and every
 * job's figures), freeing its jobs, with a note naming both files
 * (copies.c). A document whose time is unknown is nobody's copy. 0 or
 * -ENOMEM.
 */
int fv_copies_drop(struct fv_set *set, bool labels_aside);

#endif
