/* SPDX-License-Identifier: MIT */
/* Internal to logs/: histogram logs' layout and their line reader. */
#ifndef FV_HIST_INT_H
#define FV_HIST_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "logs.h"

#define FV_HIST_MAX_BINS 1856 /* fio 3's FIO_IO_U_PLAT_NR */

struct fv_hist_layout {
	size_t nbins; /* 0: not known yet */
	int coarse;   /* log_hist_coarseness */
	double unit_ns;
};

/* The layout of a log of nbins bins; -EINVAL when fio writes none such. */
int fv_hist_layout(size_t nbins, struct fv_hist_layout *l);
/* The latency bin b stands for, ns. */
double fv_hist_bin_value(const struct fv_hist_layout *l, size_t b);

/* One file, one line ahead. */
struct fv_hist_reader {
	const struct fv_series *s;
	struct fv_diags *diags; /* NULL: problems not reported */
	FILE *f;
	char *line;
	size_t cap;
	int lineno;
	struct fv_hist_layout layout; /* the first line's */
	bool failed;		      /* unreadable: every window partial */
	/* The pending line: */
	bool have, bad, have_time, have_dir;
	double t;      /* its time, ms */
	double mid_ms; /* the middle of what it covers */
	enum fv_dir dir;
	/* its non-zero bins (most of a line's are 0): index, count */
	uint32_t *nz_bin;
	uint64_t *nz_count;
	size_t nnz;
	double prev_t[FV_DIR_NR]; /* the previous good line's, per direction */
	bool dir_said[FV_DIR_NR]; /* lines of a direction its job did not do */
	double last_t, last_mid_ms; /* of the previous good line */
};

/* 0 or -ENOMEM; a file that cannot be opened is r->failed. */
int fv_hist_reader_open(struct fv_hist_reader *r, const struct fv_series *s,
			struct fv_diags *diags);
/* Reads the next line: r->have, r->bad. 0 or -ENOMEM. */
int fv_hist_reader_next(struct fv_hist_reader *r);
void fv_hist_reader_close(struct fv_hist_reader *r);

#endif
