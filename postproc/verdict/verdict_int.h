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
	struct fv_diags *diags; /* histogram logs' problems; NULL: unsaid */
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
	VC_CAUSE, /* what a grouped finding shares: its cause, no figures */
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

/* A "; "-separated list of findings, for evidence text. */
struct fv_vlist {
	char buf[768];
	size_t len;
	int n;
};
void fv_vlist_add(struct fv_vlist *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The cause of the last row added, when several jobs can share it (the
 * findings view groups rows by it): words without the job's figures.
 * Rows without one are grouped by their sentence. 0 or -ENOMEM.
 */
int fv_vrow_cause(struct fv_vctx *vc, const char *cause);

/*
 * The row of a job the tool says failed (check error, verdict failed);
 * and one for each such job of vc->set (diff, history). 0 or -ENOMEM.
 */
int fv_vrow_failed(struct fv_vctx *vc, const struct fv_job *j);
int fv_vrows_failed(struct fv_vctx *vc);

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
int fv_vcheck_load(struct fv_vctx *vc, const struct fv_job *j);

/*
 * Was fio itself the limit of j (load.c): a thread busy --cpu-busy of a
 * CPU, or its CPUs idle less than --cpu-idle?
 */
bool fv_vjob_load_bound(const struct fv_vopts *o, const struct fv_job *j);
int fv_vcheck_latstab(struct fv_vctx *vc, const struct fv_job *j);

/* The target (target.c): its path (fio's filename, else directory). */
const char *fv_vtarget_path(const struct fv_job *j);
/*
 * The memory file system the job's target is on, in words (into why),
 * from the engine's stats file or from a /dev/shm path with no block
 * device in fio's disk_util; NULL when nothing says so.
 */
const char *fv_vtarget_memfs(const struct fv_job *j, char *why, size_t len);

/*
 * A memory file system and no disk our engine emulates: no burst credits
 * and no provisioned cap to find, the figures move with the CPU. The
 * burst and cap checks skip such jobs (the cache check names the cause).
 */
bool fv_vtarget_no_disk(const struct fv_job *j);

/* Helpers shared by the checks. */
double fv_vjob_iops(const struct fv_job *j); /* main direction(s) */
/*
 * The noise of a job's run (noise.c). The standard error of its IOPS: its
 * IOPS log's windows (their spread over the square root of their count),
 * else fio's iops_stddev over its samples; NAN when neither exists.
 */
double fv_vjob_iops_se(const struct fv_logset *logs, const struct fv_job *j);
/*
 * How far its IOPS move within the run, relative to their level: the
 * spread (a normal's sigma, from MAD) of its IOPS log's windows, else
 * fio's iops_stddev over its iops, else (fio 2) its bandwidth samples'
 * stddev over its bandwidth; NAN when none exists. What another
 * run of the same job may measure: windows drift together with the
 * machine's load, so the standard error would claim too much.
 */
double fv_vjob_iops_spread(const struct fv_logset *logs,
			   const struct fv_job *j);
/*
 * The relative spread (a normal's sigma, from MAD) of its per-window p99
 * (per-I/O latency logs), else of its window mean latencies (averaged
 * ones); NAN without a latency log.
 */
double fv_vjob_lat_spread(const struct fv_logset *logs, const struct fv_job *j);
/*
 * Two runs of one figure, a above b, each with its relative spread (sa,
 * sb; NAN: unknown, taken as default_noise, as the regression gate
 * does): how many times their noise apart on a log scale, ln(a / b) /
 * sqrt(sa^2 + sb^2); INFINITY for runs without noise. A sweep's depths,
 * a peak and a steady job, a run and its baseline are judged alike: a
 * change counts beyond noise_mult of it.
 */
double fv_vruns_apart(const struct fv_vopts *o, double a, double sa, double b,
		      double sb);
/* Engines that move no data (ioengine=null...): its name, or NULL. */
const char *fv_vjob_no_data(const struct fv_job *j);
/*
 * Held by its own rate= or rate_iops= (per thread, times its threads), and
 * reaching it (95% or more) in every direction asked: its figures are the
 * rate asked for, not the storage's nor fio's limit. buf (may be NULL)
 * says so: "write rate asked (58.0 MiB/s), 58.0 MiB/s made".
 */
bool fv_vjob_held_to_rate(const struct fv_job *j, char *buf, size_t len);
/*
 * A thread that polls for completions (hipri, sqthread_poll, SPDK): its
 * CPU is busy by design, and says nothing of fio's limit. What polls, or
 * NULL.
 */
const char *fv_vjob_polls(const struct fv_job *j);
/*
 * An engine (or a device) whose I/O passes neither through the page
 * cache nor through the kernel's block statistics (rbd, spdk,
 * io_uring_cmd on /dev/ngXnY...): what it is, or NULL. Such a job is
 * never buffered, and disk_util says nothing of its I/O.
 */
const char *fv_vjob_own_path(const struct fv_job *j);
/*
 * More than one I/O in flight asked for (iodepth), but fio's IO depths
 * say that one was in flight at (nearly) every submission, and no rate
 * or think time explains it: the depth the job is named by was never
 * reached (a synchronous ioengine caps it at 1). Its share of
 * submissions at depth 1, percent, or NAN when the queue filled or
 * nothing says.
 */
double fv_vjob_queue_unfilled(const struct fv_job *j);
/* The depth the job asked for: fv_job_depth, else its workload's (0: none). */
int fv_vjob_depth_asked(const struct fv_job *j);
double fv_vjob_bw(const struct fv_job *j);
/* Percentile p of kind in direction d, NAN when not available. */
double fv_vjob_pct(const struct fv_set *set, const struct fv_job *j,
		   enum fv_dir d, enum fv_latkind kind, double p);
/* The same, *lower set when it is at the end of fio's histogram. */
double fv_vjob_pct_bound(const struct fv_set *set, const struct fv_job *j,
			 enum fv_dir d, enum fv_latkind kind, double p,
			 bool *lower);
/* The direction the series checks use: the job's, READ for mixed. */
enum fv_dir fv_vjob_dir(const struct fv_job *j);

#endif
