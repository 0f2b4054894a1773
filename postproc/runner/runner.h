/* SPDX-License-Identifier: MIT */
/*
 * Running fio on one of our job files, for `fioverdict run`: finding fio,
 * the engine and the target, the job file's declared variables and the
 * copy that runs, the run directory, fio as a child with its signals, and
 * the manifest. Each step prints why it failed and returns an exit status
 * (util/exit_status.h); the command line is cmd/run.c's.
 */
#ifndef FV_RUNNER_H
#define FV_RUNNER_H

#include <stdbool.h>
#include <stdio.h>

#define FV_RUN_MAX_VARS 32
#define FV_RUN_MAX_EOPTS 16

/* One "#@ VAR=FULL quick=QUICK text" declaration of a job file. */
struct fv_run_var {
	char name[64];
	char full[256];
	char quick[256];
	char value[4096]; /* what the run uses */
};

struct fv_run {
	/* Command line. */
	const char *jobfile;
	const char *label;
	const char *target;
	const char *outdir; /* default "results" */
	const char *size;   /* --size: FV_SIZE */
	bool quick;
	bool dry; /* --check: checks only, nothing runs */
	const char *eopts[FV_RUN_MAX_EOPTS]; /* --engine-opt KEY=VALUE */
	size_t neopts;
	/* Found by the checks. */
	char fio[4096];
	char engine[4200];     /* the ioengine= value */
	char target_abs[4096]; /* FV_TARGET: fio runs in the run directory */
	struct fv_run_var vars[FV_RUN_MAX_VARS];
	size_t nvars;
	/* The run. */
	char stem[256];	     /* job file name without .fio */
	char stamp[64];	     /* run directory name */
	char dir[4096];	     /* DIR/NAME/<stamp> */
	char json[4400];     /* fio's json+ output, in dir */
	char json_tmp[4400]; /* where fio writes it until it exits */
	char jobcopy[4400];  /* the job file as run, in dir */
	long fio_pid;	     /* once started */
	char started[32];    /* UTC, ISO 8601 */
};

/* jobfile.c */
/* The "#@" declarations of the job file read from @f, into r->vars. */
void fv_run_scan_vars(struct fv_run *r, FILE *f);
/* The declarations of r->jobfile, each given its value for this run. */
int fv_run_read_vars(struct fv_run *r, FILE *err);
/*
 * The job file @in copied to @out, r->eopts added after its first
 * ioengine= line (*inserted says whether there was one). 0 or -EIO.
 */
int fv_run_copy_jobfile(const struct fv_run *r, FILE *in, FILE *out,
			bool *inserted);
int fv_run_write_jobfile(const struct fv_run *r, FILE *err);

/* locate.c: each returns 0 or an exit status after printing why. */
int fv_run_find_fio(struct fv_run *r, FILE *err);
int fv_run_find_engine(struct fv_run *r, FILE *err);
int fv_run_check_target(struct fv_run *r, FILE *err);

/* exec.c */
int fv_run_make_dir(struct fv_run *r, FILE *err);
/* fio --parse-only on the copied job file: 0 or FV_EXIT_JOBFILE_BAD. */
int fv_run_parse_only(const struct fv_run *r, FILE *err);
/*
 * Runs fio in the run directory. *interrupted is set when SIGINT or
 * SIGTERM arrived (forwarded to fio, which writes what finished). fio
 * writes its output to a temporary name, renamed once fio has exited (so
 * that a run cut short leaves no output that looks whole), and gets
 * SIGTERM if we die first. Returns fio's exit status, or -errno when it
 * could not be started.
 */
int fv_run_fio(struct fv_run *r, bool *interrupted, FILE *err);
/*
 * Writes the manifest DIR/run.txt, whole or not at all: "status: running"
 * before fio starts (a directory whose manifest still says so after the
 * run is an incomplete run, ingest/manifest.h), how it ended after.
 */
int fv_run_manifest(struct fv_run *r, const char *status, FILE *err);

#endif
