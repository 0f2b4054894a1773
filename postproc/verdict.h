/* SPDX-License-Identifier: MIT */
/*
 * Verdicts: judgements on the figures (burst collapse, steady state,
 * platform cap, cache, methodology, flush no-op, tail, regression), each a
 * row with its evidence and one plain sentence. The thresholds, their
 * defaults and options are in README.md ("Verdicts") and fioverdict(1).
 */
#ifndef FV_VERDICT_H
#define FV_VERDICT_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "analysis.h"
#include "ts.h"

enum fv_verdict {
	FV_V_SUSTAINED,
	FV_V_BURST_COLLAPSE,
	FV_V_STEADY,
	FV_V_STEADY_FAIL,
	FV_V_NOT_CAPPED,
	FV_V_CAPPED,
	FV_V_NO_CACHE_SIGN,
	FV_V_CACHE_SUSPECT,
	FV_V_METHOD_OK,
	FV_V_METHODOLOGY,
	FV_V_FLUSH_OK,
	FV_V_FLUSH_NOOP,
	FV_V_TAIL_STABLE,
	FV_V_TAIL_UNSTABLE,
	FV_V_STABLE,
	FV_V_NOISY,
	FV_V_IMPROVEMENT,
	FV_V_REGRESSION,
	FV_V_INSUFFICIENT,
	FV_V_NR,
};

/* A user ceiling: a label's (or every label's) highest credible figure. */
struct fv_ceiling {
	char *label; /* NULL: every label */
	double iops; /* 0: none */
	double bw;   /* B/s, 0: none */
};

struct fv_vopts {
	double collapse_ratio;	 /* --collapse-ratio 0.85 */
	double cp_gain;		 /* --cp-gain 0.5 */
	int ss_rounds;		 /* --ss-rounds 5 */
	double ss_round_ms;	 /* --ss-round 1s */
	double ss_range;	 /* --ss-range 20% */
	double ss_excursion;	 /* --ss-slope 10% */
	double cap_gain;	 /* --cap-gain 10% */
	double cap_little;	 /* --cap-little 15% */
	double min_runtime_s;	 /* --min-runtime 60s */
	double min_lat_ns;	 /* --min-lat 1us */
	double mem_bytes;	 /* --mem: /proc/meminfo MemTotal */
	double flush_p50_ns;	 /* --flush-p50 20us */
	double tail_ratio;	 /* --tail-ratio 10 */
	double tail_growth;	 /* --tail-growth 2 */
	int tail_windows;	 /* --tail-windows 5 */
	double diff_tput;	 /* --diff-tput 10% */
	double diff_p99;	 /* --diff-p99 20% */
	double noise_mult;	 /* --noise-mult 3 */
	double lat_floor_ns;	 /* --lat-floor 20us */
	int min_baseline;	 /* --min-baseline 1 */
	uint32_t fail_on;	 /* --fail-on: bit per enum fv_verdict */
	struct fv_ceiling *ceil; /* --ceiling [LABEL:]iops=N,bw=N */
	size_t nceil;
	const char *baseline; /* diff: --baseline DIR */
	char **log_dirs;      /* --logs DIR */
	size_t nlog_dirs;
	char **named_logs; /* log files given as inputs */
	size_t nnamed_logs;
	/* State filled by the program, read by the analyses. */
	struct fv_tsset ts;
	struct fv_set *base_set;
	bool failed; /* a --fail-on verdict occurred */
};

void fv_vopts_init(struct fv_vopts *o);
void fv_vopts_free(struct fv_vopts *o);

const char *fv_verdict_name(enum fv_verdict v);
/* Bad verdicts fail their JUnit test case and may be --fail-on'ed. */
bool fv_verdict_bad(enum fv_verdict v);
/* "burst-collapse,capped" into a mask; -EINVAL names the bad word. */
int fv_fail_on_parse(const char *s, uint32_t *mask, const char **bad);
/* "[LABEL:]iops=N,bw=N" (sizes as fio: 200m = 200 MiB/s). */
int fv_ceiling_parse(struct fv_vopts *o, const char *s);

extern const struct fv_analysis fv_an_verdict, fv_an_diff;

/* ---- The verdict table and its checks (verdict_*.c) ---- */

struct fv_vctx {
	const struct fv_set *set;
	const struct fv_aopts *ao;
	const struct fv_vopts *o;
	const struct fv_tsset *ts;
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
int fv_vcheck_cap(struct fv_vctx *vc); /* per label and sweep */
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
