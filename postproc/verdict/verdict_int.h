/* SPDX-License-Identifier: MIT */
/* Internal to verdict/: the verdict table, its rows and its checks. */
#ifndef FV_VERDICT_INT_H
#define FV_VERDICT_INT_H

#include "verdict.h"

struct fv_vctx {
	const struct fv_set *set;
	const struct fv_aopts *ao;
	const struct fv_vopts *o;
	const struct fv_logset *logs;
	struct fv_table *t;
	bool failed;
};

/* Column indexes of the verdict table. The figures (VC_AT ...) are only
 * in tables given them by fv_vtable_figs (verdict, not diff). */
enum {
	VC_LABEL,
	VC_JOB,
	VC_CHECK,
	VC_VERDICT,
	VC_EVIDENCE,
	VC_SENTENCE,
	VC_OUTCOME,
	VC_NR,
	VC_AT = VC_NR, /* ms from the job's start */
	VC_UNTIL,      /* ms */
	VC_LEVEL,      /* IO/s */
	VC_LEVEL2,     /* IO/s */
	VC_KNEE,       /* QD */
	VC_NR_FIGS
};

/*
 * A finding's figures, for whoever draws it (the report's charts); NAN
 * where a figure does not apply (null in csv/json). burst-collapse: at =
 * the fall, until = the log's end, level before and level2 after (or the
 * peak and the steady job's IOPS); steady-state: the window judged [at,
 * until] and its mean IOPS in level; capped: the cap in level, the knee.
 */
struct fv_vfigs {
	double at_ms, until_ms;
	double level, level2;
	double knee_qd;
};
#define FV_VFIGS_NONE ((struct fv_vfigs){ NAN, NAN, NAN, NAN, NAN })

struct fv_table *fv_vtable_new(const char *name, const char *title);
/* Adds the figure columns (machine formats only). 0 or -ENOMEM. */
int fv_vtable_figs(struct fv_table *t);
/* Sets the figures of the last row added; a no-op on a table without
 * figure columns. 0 or -ENOMEM. */
int fv_vrow_figs(struct fv_vctx *vc, const struct fv_vfigs *f);
/* Adds a row; the sentence is printf-formatted. Returns 0 or -ENOMEM. */
int fv_vrow(struct fv_vctx *vc, const char *label, const char *job,
	    const char *check, enum fv_verdict v, const char *evidence,
	    const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* Numbers with their unit for evidence text: "8.0k IOPS", "523 µs". */
void fv_vfmt(char *buf, size_t len, enum fv_unit u, double v);

int fv_vcheck_burst(struct fv_vctx *vc, const struct fv_job *j);
int fv_vcheck_steady(struct fv_vctx *vc, const struct fv_job *j);
int fv_vcheck_cap(struct fv_vctx *vc);	 /* per label and sweep */
int fv_vcheck_hosts(struct fv_vctx *vc); /* per fleet and job */
int fv_vcheck_cache(struct fv_vctx *vc, const struct fv_job *j);
int fv_vcheck_method(struct fv_vctx *vc, const struct fv_job *j);
int fv_vcheck_flush(struct fv_vctx *vc, const struct fv_job *j);
int fv_vcheck_tail(struct fv_vctx *vc, const struct fv_job *j);

/* Helpers shared by the checks. */
double fv_vjob_iops(const struct fv_job *j); /* main direction(s) */
double fv_vjob_bw(const struct fv_job *j);
/* Percentile p of kind in direction d, NAN when not available. */
double fv_vjob_pct(const struct fv_set *set, const struct fv_job *j,
		   enum fv_dir d, enum fv_latkind kind, double p);
/* The direction the series checks use: the job's, READ for mixed. */
enum fv_dir fv_vjob_dir(const struct fv_job *j);

#endif
