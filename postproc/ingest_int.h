/* SPDX-License-Identifier: MIT */
/* Internal to the ingest stage: JSON helpers and the per-document steps. */
#ifndef FV_INGEST_INT_H
#define FV_INGEST_INT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "bins_scan.h"
#include "model.h"

/* What the whole document tells about how to read its numbers. */
struct fv_docinfo {
	const char *name;
	int line;	   /* where the document starts, for diagnostics */
	int major, minor;  /* fio version, 0 when unknown */
	bool kib_io_bytes; /* io_bytes in KiB (fio before 2.21) */
	struct fv_diags *diags;
	/*
	 * The document's bins objects taken by the scanner; may be NULL.
	 * Jobs borrow their pairs, converted in place (ingest_job.c): it
	 * must outlive them until fv_lat_finish().
	 */
	struct fv_bins_store *bins;
};

/* Saturating conversion: input numbers may be negative, huge or NaN. */
static inline uint64_t fv_u64(double v)
{
	if (!(v >= 0))
		return 0;
	if (v >= 18446744073709551615.0)
		return UINT64_MAX;
	return (uint64_t) v;
}

static inline int fv_int(double v)
{
	if (!(v >= -2147483648.0))
		return v < 0 ? INT32_MIN : 0;
	if (v > 2147483647.0)
		return INT32_MAX;
	return (int) v;
}

/* A number member, or NAN when absent or not a number. */
double fv_jnum(const json_t *obj, const char *key);
/* A string member, or NULL. */
const char *fv_jstr(const json_t *obj, const char *key);

/* Parses one entry of "jobs" or "client_stats". Returns 0 or -ENOMEM. */
int fv_parse_job(const struct fv_docinfo *di, const json_t *jo,
		 const json_t *global_opts, struct fv_job *job);

/*
 * Numbers clones: same-name entries with identical options in one document
 * (numjobs without group_reporting) become CLONE entries named "name#k",
 * plus one CLONE_SUM entry added to *jobs. Must run while bins are still
 * there, so that the sum's percentiles are exact.
 */
int fv_group_clones(struct fv_job ***jobs, size_t *njobs);

/* Reads a fioverdict-durability stats document. */
int fv_parse_durability(struct fv_set *set, const struct fv_docinfo *di,
			const json_t *root, const char *dir);

#endif
