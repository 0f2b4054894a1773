/* SPDX-License-Identifier: MIT */
/* Internal to fio's text reader: its state, and the parts of its lines. */
#ifndef FV_FIO_TEXT_INT_H
#define FV_FIO_TEXT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

#define MAX_OPTS 48

/* The options of one job as its first line and the command line give. */
struct preamble {
	char name[128];
	const char *key[8]; /* static strings: the array moves */
	char val[8][64];
	size_t n;
};

struct ftext {
	const char *name;
	struct fv_diags *diags;
	char *label;   /* "VM:" of a script header */
	char *version; /* "fio-3.33" */
	/* "Command: fio --k=v ..." options, and the jobs' first lines. */
	struct fv_opt cmd[MAX_OPTS];
	char *cmd_text;
	size_t ncmd;
	struct preamble *pre;
	size_t npre, pre_alloc;
	struct fv_job **jobs;
	size_t njobs;
	struct fv_job *cur;
	int cur_line;
	bool cur_whole;	  /* its "issued" line read */
	bool buckets_bad; /* a latency bucket line of it did not parse */
	int dir;	  /* the direction whose lines follow, or -1 */
	struct fv_lat *pct_lat;
	double pct_unit;
	/* The job's kb_base, as its direction's line shows it (1024). */
	int kb_base;
	bool in_disk_stats;
	/* A run status group was printed since the last job's heading. */
	bool after_group;
	int last_gid;
	size_t ninterim; /* earlier reports (--status-interval) dropped */
	size_t runs;	 /* runs of fio appended in the file, read */
	/* When fio printed the report (a job's heading), as JSON's. */
	int64_t timestamp;
	struct fv_run_io run_io;
	int line;
	bool bad;
};

/*
 * A number with fio's num2str() suffix ("29.1k", k: 1000) into *v, and how
 * far it may be from the true value into *res (may be NULL). Moves *s
 * past it. false when there is no number.
 */
bool fv_ft_num(const char **s, double *v, double *res, double k);
/*
 * A size or rate with its unit ("114MiB/s", "227MiB", "4096B"): bytes,
 * and their precision. kib: fio 2's KB and MB, powers of 1024.
 */
bool fv_ft_bytes(const char **s, double *v, double *res, bool kib);
/* The text after key in s, or NULL. */
const char *fv_ft_after(const char *s, const char *key);
/* *dst = the n bytes of src (freeing *dst). 0 or -ENOMEM. */
int fv_ft_dup(char **dst, const char *src, size_t n);
/* A job's first line "NAME: (g=0): rw=..., bs=...", g at ": (g=". */
int fv_ft_preamble(struct ftext *f, const char *s, const char *g);
/* The job's options: the command line's, then its first line's. */
int fv_ft_job_opts(const struct ftext *f, struct fv_job *job);
/* A line before any job: a script's header, fio's version. */
int fv_ft_header_line(struct ftext *f, const char *s);

/*
 * fio 2.0 printed "min=101 , max=78393 , avg=..." and "bw=292318 B/s":
 * the line without the spaces before a comma or a unit, in buf (of len
 * bytes); s itself when it has none or buf is too short.
 */
const char *fv_ft_tidy(const char *s, char *buf, size_t len);

/*
 * A line that adds to a job and that it can do without (latency buckets,
 * IO depths) does not parse: a warning at its line, 0 (fio 2.2.10 printed
 * ">=2000=101.80%"). 0 or -ENOMEM.
 */
int fv_ft_skipped(struct ftext *f, const char *what);

/* Names the line as one that does not parse, the file as bad: 0, -ENOMEM. */
int fv_ft_garbled(struct ftext *f, const char *what);

/*
 * The job's distributions (fio_text_dist.c), each from its line, s at
 * its first word: "IO depths" (s at its ':'), the latency buckets "lat
 * (usec)   : 250=45.67%, ..." (s at "(usec)"), the samples of a rate
 * "bw (  KiB/s): min=..." and "iops        : min=...". 0, or the line is
 * garbled (fv_ft_garbled).
 */
int fv_ft_depths(struct ftext *f, struct fv_job *job, const char *s);
/* A line of the job f reads (fio_text_job.c), its indent taken off. */
int fv_ft_job_line(struct ftext *f, const char *t);
/* A disk's line under "Disk stats (": the run's, for each job. */
void fv_ft_disk_line(struct ftext *f, const char *s);
int fv_ft_lat_buckets(struct ftext *f, struct fv_lat_buckets *b, const char *s);
int fv_ft_bw_samples(struct ftext *f, struct fv_rate_samples *rs,
		     const char *s);
int fv_ft_iops_samples(struct ftext *f, struct fv_rate_samples *rs,
		       const char *s);

#endif
