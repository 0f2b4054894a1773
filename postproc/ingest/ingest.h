/* SPDX-License-Identifier: MIT */
/*
 * Ingest: one input (file contents) into the model. Knows every form of
 * fio's JSON output (see README.md, "Inputs") and our engines' stats files.
 * Inputs are handled one at a time and not kept: only the model remains.
 */
#ifndef FV_INGEST_H
#define FV_INGEST_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

#include "inputs.h"
#include "manifest.h"

/* What fioverdict reads, for the messages that say what would be right. */
#define FV_FORMATS_READ                                              \
	"fio's JSON, json+, normal text or terse output; DiskSpd's " \
	"XML or text; CrystalDiskMark's text export"

/*
 * No result in the inputs at all: an error saying so (what is read, and
 * that -v lists the files skipped) when no other error said why.
 * 0 or -ENOMEM.
 */
int fv_no_results(struct fv_set *set);

/*
 * Reads one input's text (inputs.h). name is shown in diagnostics and
 * recorded as the jobs' source; dir is the directory used to join stats
 * files (may be NULL). named: the input was named on the command line; an
 * input found while walking a directory may be something other than fio
 * output (a log, a job file): that is a note, not an error. Returns 0;
 * -EBADMSG when the input is broken or is not fio output (an error
 * diagnostic has been added to set->diags; jobs already taken from the
 * input are dropped); -ENOMEM.
 */
int fv_ingest_text(struct fv_set *set, const char *name, const char *dir,
		   struct fv_text *t, bool named);

/* The same, of text in memory. */
int fv_ingest_buffer(struct fv_set *set, const char *name, const char *dir,
		     const char *buf, size_t len, bool named);

/*
 * Reads one input of the list (inputs.h): its text, then
 * fv_ingest_buffer(). A file that cannot be read is an error diagnostic.
 * Returns 0 or -ENOMEM.
 */
int fv_ingest_input(struct fv_set *set, const struct fv_input *in);

/*
 * The sum of nm jobs, as group_reporting computes it (counters summed,
 * runtime the longest, moments pooled, the members' bins merged and left
 * in the sum's sections for its percentiles), named and optioned as m[0];
 * kind and display are the caller's. NULL when out of memory.
 */
struct fv_job *fv_jobs_sum(struct fv_job **m, size_t nm);

/*
 * Ingests every path (files, directories walked, "-" for stdin) into set,
 * one file at a time. Returns 0 or -ENOMEM; input problems are
 * diagnostics.
 */
int fv_ingest_paths(struct fv_set *set, char *const *paths, size_t npaths);

/*
 * Each job's provenance: its directory's provenance.txt (fioverdict run),
 * read once per directory into set->prov; the run's CPU record gives jobs
 * without fio's idle-prof their CPUs' idleness. fv_ingest_paths calls it;
 * a caller of fv_ingest_input does. 0 or -ENOMEM.
 */
int fv_provenance_attach(struct fv_set *set);
/*
 * A provenance.txt's text (any bytes): its "key: value" lines into p (the
 * first of a key wins; other lines skipped). 0 or -ENOMEM.
 */
int fv_provenance_parse(const char *buf, size_t len, struct fv_provenance *p);

#endif
