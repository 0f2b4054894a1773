/* SPDX-License-Identifier: MIT */
/* Internal to the DiskSpd text reader: its state, its words. */
#ifndef FV_DISKSPD_TEXT_INT_H
#define FV_DISKSPD_TEXT_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diskspd.h"

#define LINE_MAX_LEN 1024
#define MAX_FIELDS 12

enum where { NOWHERE, INPUT, RESULT, TOTALS };
enum table { NO_TABLE, T_TOTAL, T_READ, T_WRITE, T_PCT };

/* What the text shows of DiskSpd's version (it prints none). */
struct traits {
	bool mb, mib;  /* "MB/s" up to 2.0.17a, "MiB/s" from 2.0.18a */
	bool sysinfo;  /* "System information:" from 2.0.21a */
	bool v21;      /* "block size: 4KiB", "... per thread:" from 2.1 */
	bool total_hd; /* "total:" above the percentiles: up to 2.1 */
	bool dist_hd;  /* "Total latency distribution:": 2.2 */
};

/* The open result's tables. */
struct tables {
	enum table open;
	bool header;	/* its column names seen */
	int avglat_col; /* AvgLat's field in a total row; -1: none (no -L) */
	uint64_t rows_bytes, rows_ios; /* the thread rows, summed */
	bool total[3];		       /* T_TOTAL, T_READ, T_WRITE seen */
	uint64_t total_bytes, total_ios;
	bool pct_whole; /* a percentile table up to its "max" row */
};

struct tstate {
	struct fv_dspd *runs;
	size_t nruns, runs_alloc;
	struct fv_dspd *d;
	struct fv_dspd_profile *prof;
	struct fv_dspd_target *target;
	struct fv_dspd_result *res; /* the open result */
	enum where where;
	struct tables t;
	struct traits tr;
	int line, err_line;
	bool cmd_only;	/* the run opened by its command line, no input yet */
	char cmd[1024]; /* the open run's command line, "" none */
	size_t whole;	/* result timespans read whole */
	int err;	/* -ENOMEM, or -EBADMSG with why */
	char why[200];
};

/* diskspd_text_words.c: a line's words */
/* The file breaks off at this line: fmt says why, with what in it. */
void fv_dt_bad(struct tstate *s, const char *fmt, const char *what);

/* Leading blanks off; trailing blanks (and a CR) too. */
char *fv_dt_trim(char *l);

bool fv_dt_starts(const char *l, const char *p);

/* A decimal number of 0 or more, the whole of t: not inf, nan nor hex. */
bool fv_dt_decimal(const char *t, double *v);

bool fv_dt_whole(const char *t, uint64_t most, uint64_t *v);

/* "4KiB", "1.50MiB", "4096": DiskSpd's sizes, into bytes. */
bool fv_dt_size_bytes(const char *t, uint64_t *v);

/* "3-nines" is 99.9, "25th" 25, "min" 0, "max" 100. */
bool fv_dt_percentile_of(const char *name, double *p);

/* Splits a table row at '|', fields trimmed. Returns their count. */
int fv_dt_fields(char *l, char **f);

/* diskspd_text_cmdline.c */
/*
 * The profile of a run whose input parameters the file does not hold
 * (a script kept only its command line): DiskSpd's defaults (-b64K -o2
 * -t1 -d10 -W5 -w0, sequential), then its flags, each target the rest of
 * its words ("diskspd.exe -b4K -r -o4 C:\x.dat"), into pr, the profile the
 * caller opened (NULL: none could be).
 */
void fv_dt_cmdline_profile(struct tstate *s, struct fv_dspd_profile *pr);

/* diskspd_text_result.c */
void fv_dt_close_result(struct tstate *s);

void fv_dt_new_result(struct tstate *s);

void fv_dt_result_line(struct tstate *s, char *l);

#endif
