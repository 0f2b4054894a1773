/* SPDX-License-Identifier: MIT */
/*
 * Splits one input into the JSON documents it holds and the text around
 * them. fio mixes both in one stream: warnings and "fio: pid=..., err=..."
 * lines before the JSON, one document per --status-interval tick, messages
 * after it. Text becomes warnings (shown to the user, never silently
 * dropped); a document that starts like JSON but does not parse is an error
 * with its line and column.
 */
#ifndef FV_SCAN_H
#define FV_SCAN_H

#include <jansson.h>
#include <stddef.h>

#include "ingest/lowmem/lowmem.h"
#include "util/util.h"

struct fv_scanner {
	const char *name; /* for diagnostics */
	const char *buf;
	size_t len;
	size_t pos;
	int line;	   /* line number at pos, 1-based */
	size_t line_start; /* offset where that line starts */
	size_t doc_start;
	int doc_line; /* line where the last document starts */
	struct fv_diags *diags;
	size_t ntext_lines; /* non-blank text lines seen so far */
	/*
	 * When set, each document's plain bins objects go there and jansson
	 * sees markers instead (bins_scan.h); the caller resets it.
	 */
	struct fv_bins_store *bins;
};

void fv_scan_init(struct fv_scanner *s, const char *name, const char *buf,
		  size_t len, struct fv_diags *diags);

/*
 * Finds the next JSON document. Returns 1 and sets *root (the caller owns
 * the reference) and *line (where the document starts); 0 at the end of the
 * input; -EBADMSG when a document is malformed (an error diagnostic naming
 * line, column and what was expected has been added, and the scan cannot go
 * on); -ENOMEM.
 */
int fv_scan_next(struct fv_scanner *s, json_t **root, int *line);

/*
 * Parses a job the scanner deferred (a job span sp of the document it
 * returned last, bins_scan.h) into *root, which the caller owns. text
 * holds the job's bytes, the input's [sp->start, sp->end) (the input
 * itself, or a copy); the job's bins objects go to st, reset first, with
 * offsets from text. Returns 0, or -EBADMSG when the job does not parse
 * (an error diagnostic names its line and column in the input, and the
 * scan cannot go on).
 */
int fv_scan_job(struct fv_scanner *s, const struct fv_bins_span *sp,
		const char *text, struct fv_bins_store *st, json_t **root);

#endif
