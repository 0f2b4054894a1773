/* SPDX-License-Identifier: MIT */
/*
 * The command line of verdict and diff: their options (thresholds,
 * --fail-on, --ceiling, --baseline, --logs), and the loading they need
 * beyond the fio JSON: logs named as inputs or lying beside the results,
 * and the baseline results.
 */
#ifndef FV_VERDICT_CLI_H
#define FV_VERDICT_CLI_H

#include <getopt.h>
#include <stdio.h>

#include "verdict.h"

struct fv_cli;

/* Option values of getopt_long for the verdict options. */
#define FV_VOPT_BASE 512

extern const struct option fv_vopt_long[];
/* Number of entries of fv_vopt_long (without a terminator). */
extern const size_t fv_vopt_count;

/*
 * Handles one verdict option. Returns 0, or prints the reason on err and
 * returns -EINVAL (usage) or -ENOMEM.
 */
int fv_vopt_parse(struct fv_vopts *o, int opt, const char *arg, FILE *err);

/* Help text of the verdict options. */
void fv_vopt_usage(FILE *out);

/*
 * Moves the log files among inputs[0..*n) to the end and lowers *n, so
 * that the JSON ingest never sees them; they are kept in o.
 */
void fv_vopt_split_inputs(struct fv_vopts *o, char **inputs, size_t *n);

/*
 * After the results are loaded and annotated: loads the logs (named ones,
 * --logs directories, the directories of the results), joins them, and
 * for diff loads and annotates the --baseline results with annotate.
 * Returns 0 or -ENOMEM; input problems are diagnostics in set.
 */
int fv_vopt_prepare(struct fv_vopts *o, struct fv_set *set,
		    const struct fv_cli *c,
		    int (*annotate)(struct fv_set *, const struct fv_cli *));

#endif
