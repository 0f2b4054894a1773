/* SPDX-License-Identifier: MIT */
/*
 * Splits one input into the JSON documents it holds and the text around
 * them. fio mixes both in one stream: warnings and "fio: pid=..., err=..."
 * lines before the JSON, one document per --status-interval tick, messages
 * after it. Text becomes warnings (shown to the user, never silently
 * dropped); a document that starts like JSON but does not parse is an error
 * with its line and column, as jansson gives them on the whole text.
 *
 * The entries of a document's jobs array are deferred (outline.h): the
 * document's tree holds an empty object in place of each, and each job is
 * parsed on its own with fv_scan_job(), when ingest gets to it.
 */
#ifndef FV_DOCUMENTS_H
#define FV_DOCUMENTS_H

#include <jansson.h>
#include <stddef.h>

#include "outline.h"
#include "util/util.h"

struct fv_scanner {
	const char *name; /* for diagnostics */
	struct fv_text *text;
	size_t pos;
	int line, col;	  /* at pos: 1-based line, characters before pos */
	size_t released;  /* the text before this is let go */
	size_t doc_start; /* the last document: where it starts, its line */
	int doc_line, doc_col;
	struct fv_diags *diags;
	size_t ntext_lines; /* non-blank text lines seen so far */
	bool whole; /* documents parsed whole: what the tests compare with */
	int error;  /* reading the text failed (-ESTALE, -errno) */
	/* The last document's jobs, if deferred (outline.defer). */
	struct fv_outline outline;
	char *copy; /* a job's or a document's text read again */
	size_t copy_cap;
	/*
	 * fio's client text (client_text.h): the last document was a stats
	 * line (from_line), sent by server ("" when the line had no
	 * "<server>" prefix); servers' progress lines are only counted;
	 * probe lines give each server's fio version.
	 */
	bool from_line;
	char server[256];
	size_t nroutine;
	struct fv_probe {
		char host[64];
		char fio[32];
	} * probes;
	size_t nprobes, probes_cap;
};

/* Scans t (which outlives the scanner); diagnostics go to diags. */
void fv_scan_init(struct fv_scanner *s, const char *name, struct fv_text *t,
		  struct fv_diags *diags);
void fv_scan_free(struct fv_scanner *s);

/*
 * Finds the next JSON document. Returns 1 and sets *root (the caller owns
 * the reference) and *line (where the document starts); 0 at the end of the
 * input; -EBADMSG when a document is malformed (an error diagnostic naming
 * line, column and what was expected has been added, and the scan cannot go
 * on); -ESTALE when the file changed while it was read; -ENOMEM or -errno.
 */
int fv_scan_next(struct fv_scanner *s, json_t **root, int *line);

/* Were the last document's jobs deferred? Then s->outline.jobs[k] is the
 * k-th object of its jobs array. */
bool fv_scan_deferred(const struct fv_scanner *s);

/*
 * Parses a deferred job (one of s->outline.jobs when its document was
 * returned) into *root (the caller's), its text read again from the file.
 * Returns 0; -EBADMSG when it does not parse (an error diagnostic names its
 * line and column in the input, and the scan cannot go on); -ESTALE when the
 * file changed since it was read; -ENOMEM.
 */
int fv_scan_job(struct fv_scanner *s, const struct fv_outline_job *j,
		json_t **root);

#endif
