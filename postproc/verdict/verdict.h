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

#include "analysis/analysis.h"
#include "logs/logs.h"

enum fv_verdict {
	FV_V_SUSTAINED,
	FV_V_BURST_COLLAPSE,
	FV_V_BURST_SPENT,
	FV_V_STEADY,
	FV_V_STEADY_FAIL,
	FV_V_NOT_CAPPED,
	FV_V_CAPPED,
	FV_V_NO_CACHE_SIGN,
	FV_V_CACHE_SUSPECT,
	FV_V_CACHE_UNVERIFIED,
	FV_V_METHOD_OK,
	FV_V_METHODOLOGY,
	FV_V_NO_STORAGE,
	FV_V_FLUSH_REAL,
	FV_V_FLUSH_NOOP,
	FV_V_FLUSH_UNVERIFIED,
	FV_V_TAIL_STABLE,
	FV_V_TAIL_UNSTABLE,
	FV_V_STABLE,
	FV_V_INCONCLUSIVE,
	FV_V_IMPROVEMENT,
	FV_V_REGRESSION,
	FV_V_INSUFFICIENT,
	FV_V_HOST_IN_LINE,
	FV_V_HOST_OUTLIER,
	FV_V_CPU_HEADROOM,
	FV_V_LOAD_BOUND,
	FV_V_LAT_STABLE,
	FV_V_LAT_STEP,
	FV_V_LAT_DRIFT,
	FV_V_LAT_SPIKES,
	FV_V_FAILED,	   /* error: the tool says the job failed */
	FV_V_CANNOT_TELL,  /* a check whose facts the result does not record */
	FV_V_HELD_TO_RATE, /* load: held to its rate option, and reached it */
	FV_V_NR,
};

/*
 * What a verdict asks of the reader: nothing (pass), to get evidence that
 * is missing (warn: unverified, inconclusive), or to act (fail). Warn and
 * fail are findings (fv_is_finding): each fails its JUnit test case.
 */
enum fv_outcome {
	FV_PASS,
	FV_WARN,
	FV_FAIL,
};

/* host-outlier needs this many hosts of one fleet running one job. */
#define FV_HOSTS_MIN 3

/* A user ceiling: a label's (or every label's) highest credible figure. */
struct fv_ceiling {
	char *label; /* NULL: every label */
	double iops; /* 0: none */
	double bw;   /* B/s, 0: none */
};

struct fv_vopts {
	double collapse_ratio;	 /* --collapse-ratio 0.85 */
	double sigma;		 /* --sigma 5: standard errors of a change */
	int ss_rounds;		 /* --ss-rounds 5 */
	double ss_round_ms;	 /* --ss-round 1s */
	double ss_range;	 /* --ss-range 20% */
	double ss_excursion;	 /* --ss-slope 10% */
	double cap_gain;	 /* --cap-gain 10% */
	double cap_little;	 /* --cap-little 15% */
	double cpu_busy;	 /* --cpu-busy 85%: a saturated thread */
	double cpu_idle_max;	 /* --cpu-idle 5%: CPUs that starve a job */
	double min_runtime_s;	 /* --min-runtime 60s */
	double min_lat_ns;	 /* --min-lat 5us, of the mean total latency */
	double mem_bytes;	 /* --mem; 0: the run's record, or unknown */
	double tail_ratio;	 /* --tail-ratio 10 */
	double tail_growth;	 /* --tail-growth 2 */
	int tail_windows;	 /* --tail-windows 5 */
	double diff_tput;	 /* --diff-tput 10% */
	double diff_p99;	 /* --diff-p99 20% */
	double noise_mult;	 /* --noise-mult 3 */
	double default_noise;	 /* --default-noise 10%: when none is known */
	double lat_floor_ns;	 /* --lat-floor 20us */
	int min_baseline;	 /* --min-baseline 1 */
	double alpha;		 /* --alpha 0.05, per job */
	double noise_tput;	 /* --noise 10: single runs' band */
	double noise_lat;	 /* --noise-lat 40 */
	double threshold;	 /* history --threshold 5% */
	int min_segment;	 /* history --min-segment 3 */
	double outlier_z;	 /* --outlier-z 3.5 */
	double outlier_dev;	 /* --outlier-dev 25% */
	uint64_t fail_on;	 /* --fail-on: bit per enum fv_verdict */
	struct fv_ceiling *ceil; /* --ceiling [LABEL:]iops=N,bw=N */
	size_t nceil, ceil_alloc;
	/* --sku: the labels' SKUs, whose limits a cap is matched with */
	const struct fv_label_skus *skus;
};

void fv_vopts_init(struct fv_vopts *o);
void fv_vopts_free(struct fv_vopts *o);

const char *fv_verdict_name(enum fv_verdict v);
enum fv_outcome fv_verdict_outcome(enum fv_verdict v);
const char *fv_outcome_name(enum fv_outcome o); /* "pass", "warn", "fail" */
/* Bad verdicts (outcome fail) may be --fail-on'ed. */
bool fv_verdict_bad(enum fv_verdict v);
/* "burst-collapse,capped" into a mask; -EINVAL names the bad word. */
int fv_fail_on_parse(const char *s, uint64_t *mask, const char **bad);
/* "[LABEL:]iops=N,bw=N" (sizes as fio: 200m = 200 MiB/s). */
int fv_ceiling_parse(struct fv_vopts *o, const char *s);

/* What the verdicts judge. */
struct fv_verdict_in {
	const struct fv_set *set;
	const struct fv_logset *logs;	   /* fio's logs joined to set's jobs */
	const struct fv_set *base;	   /* diff: the baseline runs */
	const struct fv_logset *base_logs; /* and their logs */
	const struct fv_aopts *ao;	   /* the latency kind (--lat) */
	const struct fv_vopts *o;
	/* where problems met reading histogram logs go; NULL: not said */
	struct fv_diags *diags;
};

/*
 * Every check on every job (a label's QD sweeps once) as one table,
 * "verdict", of rows label x job x check; *failed is set when a --fail-on
 * verdict occurred. Returns 0 or -ENOMEM.
 */
int fv_verdicts(const struct fv_verdict_in *in, struct fv_report *rep,
		bool *failed);

/*
 * A finding: a row of a table with outcomes (verdict, diff) that fails or
 * warns, i.e. asks something of the reader. The findings view lists them,
 * a JUnit test case fails on them, every format counts them alike.
 */
bool fv_is_finding(const struct fv_table *t, size_t r);

struct fv_tally {
	size_t checks;	 /* rows */
	size_t findings; /* fv_is_finding */
	size_t fails;	 /* of which outcome "fail" */
};

void fv_tally(const struct fv_table *t, struct fv_tally *n);
/*
 * The counts of t as every format says them: "98 checks: 55 findings (2
 * fail, 53 warn), 43 pass (cpu-headroom 36, ...)". Caller frees; NULL
 * when out of memory.
 */
char *fv_tally_text(const struct fv_table *t);
/* That sentence as a note of dst (none for a table without rows). */
int fv_tally_note(struct fv_table *dst, const struct fv_table *t);

/*
 * The findings view of t, a verdict table (fv_verdicts'): a new table
 * "findings", one line per failing or warning finding, the jobs of a
 * label that share its cause on one line, a label's methodology remarks
 * once; the counts in a note (fv_tally_note). 0 or -ENOMEM.
 */
int fv_findings(const struct fv_table *t, struct fv_table **out);

/*
 * The table "hosts": per fleet and job of client output, a row per host
 * (IOPS, p99, p99.9, durability counts, its bad verdicts) and the fleet's
 * row. Runs the verdicts for the findings (*failed as fv_verdicts sets
 * it). 0 or -ENOMEM.
 */
int fv_hosts_table(const struct fv_verdict_in *in, struct fv_report *rep,
		   bool *failed);

/* Each job of in->set against in->base: the table "diff". */
int fv_diff(const struct fv_verdict_in *in, struct fv_report *rep,
	    bool *failed);

/* The order of a history's runs (history --order). */
enum fv_hist_order {
	FV_HIST_TIME,  /* fio's timestamps, then the inputs' order */
	FV_HIST_NAME,  /* the files' paths, numbers by value (strverscmp) */
	FV_HIST_INPUT, /* the inputs' order, as given */
};

/*
 * in->set's runs (every run, shown or not: each input one run of one
 * suite, labels aside) as a history in order: per job, change points in
 * its primary figure, the newest deciding its verdict. The table
 * "history", one row per job, and with runs the table "history-runs",
 * one row per job and run (the series and its segments, for charts and
 * machines). 0 or -ENOMEM.
 */
int fv_history(const struct fv_verdict_in *in, enum fv_hist_order order,
	       bool runs, struct fv_report *rep, bool *failed);

#endif
