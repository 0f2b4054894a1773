/* SPDX-License-Identifier: MIT */
/* Command line: fioverdict SUBCOMMAND [options] INPUT... (see fioverdict.1) */
#ifndef FV_CLI_H
#define FV_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis.h"
#include "label.h"
#include "model.h"
#include "render.h"
#include "role.h"
#include "verdict.h"

/* Exit statuses (sysexits.h values for the usage and system ones). */
enum fv_exit {
	FV_EXIT_OK = 0,
	FV_EXIT_VERDICT = 1, /* a --fail-on verdict occurred */
	FV_EXIT_INPUT = 2,   /* an input is unreadable, broken, not fio */
	FV_EXIT_USAGE = 64,
	FV_EXIT_SOFTWARE = 70,	/* out of memory, internal error */
	FV_EXIT_CANTCREAT = 73, /* -o FILE cannot be created */
	FV_EXIT_IOERR = 74,	/* the output cannot be written */
};

struct fv_cli {
	const struct fv_analysis *analysis;
	const struct fv_renderer *format;
	const char *output;	   /* NULL: stdout */
	struct fv_pctlist show;	   /* percentiles shown */
	struct fv_pctlist compute; /* shown + what tables need */
	struct fv_label_rule *labels;
	size_t nlabels;
	struct fv_role_override *roles;
	size_t nroles;
	struct fv_aopts aopts;
	struct fv_vopts vopts; /* verdict and diff */
	char **inputs;
	size_t ninputs;
	int verbosity; /* 0: errors and warnings; -1: errors; 1: notes too */
	/* summary --stream: one file at a time, rows written as they come */
	const struct fv_stream_renderer *stream;
	bool done; /* --help or --version answered */
};

/*
 * Parses argv. Returns 0; or FV_EXIT_USAGE after printing the reason on
 * err; or FV_EXIT_SOFTWARE. With --help/--version, prints to out and sets
 * done.
 */
int fv_cli_parse(struct fv_cli *c, int argc, char **argv, FILE *out, FILE *err);
void fv_cli_free(struct fv_cli *c);

void fv_cli_usage(FILE *out);

#endif
