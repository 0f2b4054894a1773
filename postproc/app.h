/* SPDX-License-Identifier: MIT */
/*
 * The whole program as a function: parse the command line, ingest every
 * input, annotate (labels, roles, stats files), analyse, render. main()
 * calls it; the golden tests call it with memory streams.
 */
#ifndef FV_APP_H
#define FV_APP_H

#include <stdio.h>

#include "analysis.h"
#include "model.h"

/* Returns the exit status (enum fv_exit). */
int fv_main(int argc, char **argv, FILE *out, FILE *err);

/*
 * Ingests every input path (files, directories, "-") into set, one file
 * at a time. Returns 0 or -ENOMEM; input problems are diagnostics.
 */
int fv_load(struct fv_set *set, char *const *paths, size_t npaths);

/*
 * summary, in pieces, so that --stream can make the rows of one file at a
 * time (app.c) with the same code as the whole-set table (an_summary.c).
 */
struct fv_summary_seen {
	bool clones;	 /* some job is a numjobs clone */
	bool unmeasured; /* some direction had I/O but no latency */
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

#endif
