/* SPDX-License-Identifier: MIT */
/* Internal to a terse record: its fields split (fio_terse_record.c), read. */
#ifndef FV_FIO_TERSE_REC_H
#define FV_FIO_TERSE_REC_H

#include <stddef.h>

#include "fio_terse_int.h"
#include "model/model.h"

#define NPCT 20	    /* fio's FIO_IO_U_LIST_MAX_LEN */
#define PCT_AT 12   /* a direction's first percentile slot */
#define BLOCK 41    /* a direction's fields */
#define BLOCK_V5 47 /* and with v5's samples */
#define TAIL 34	    /* CPU, IO depths, latency buckets */
#define DISK 9

/* One record split at its ';', and what its layout is. */
struct rec {
	const struct fv_terse_src *src;
	const char *line; /* the record as it is in the file */
	char *copy;	  /* the same, each ';' a NUL */
	char **f;
	size_t nf;
	int version;
	size_t head;	/* 4 fields in v2, 5 after */
	size_t block;	/* a direction's fields */
	size_t nblocks; /* directions printed */
	size_t tail;	/* where CPU's fields start */
	size_t ndisks;	/* disk groups after the latency buckets */
	double *v;	/* each field's value; a slot's latency */
	double *p;	/* a percentile slot's percentile */
};

/* The record's fields into job, dirs the blocks' directions (layout). */
int fv_terse_fill_job(const struct rec *r, struct fv_job *job,
		      const enum fv_dir *dirs);
/* fio's version and the disks' fields as printed: a run's mark. */
int fv_terse_run_key(const struct rec *r, char **key);

#endif
