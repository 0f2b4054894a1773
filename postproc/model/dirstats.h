/* SPDX-License-Identifier: MIT */
/*
 * What one direction of a job measured (set.h holds the job): its rates,
 * its latency distributions and their percentiles, fio's samples of its
 * rates, its interim snapshots. The rule of "unknown" is set.h's: NAN for
 * a figure, a present flag for a section the tool printed.
 */
#ifndef FV_DIRSTATS_H
#define FV_DIRSTATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum fv_dir {
	FV_DIR_READ,
	FV_DIR_WRITE,
	FV_DIR_TRIM,
	FV_DIR_SYNC,
	FV_DIR_MIXED,
	FV_DIR_NR,
};

enum fv_latkind {
	FV_SLAT,
	FV_CLAT,
	FV_LAT,
	FV_LAT_NR,
};

/* fio itself accepts at most 20 percentiles; we allow a few more. */
#define FV_MAX_PCTS 32

struct fv_pctlist {
	size_t n;
	double p[FV_MAX_PCTS]; /* in (0, 100], in the order asked */
};

enum fv_pct_src {
	FV_PCT_NONE, /* not available: neither bins nor a reported key */
	FV_PCT_BINS, /* computed from json+ bins by fio's rule */
	FV_PCT_FIO,  /* fio's own reported value for that percentile */
};

struct fv_pctval {
	enum fv_pct_src src;
	/* At the end of fio's histogram: its last bucket holds every slower
	 * I/O, so the value is a lower bound of the percentile. */
	bool lower_bound;
	double ns;
};

/*
 * The last bucket of fio's latency histogram (its value, ns): from fio
 * 2.99 on, ns buckets in 29 groups of 64 (stat.h: FIO_IO_U_PLAT_NR 1856,
 * 17.11 s); before, µs buckets in 19 groups (16.71 s).
 */
#define FV_HIST_END_NS 17112760320.0
#define FV_HIST_END_US_NS 16711680000.0

struct fv_bin {
	uint64_t ns;
	uint64_t count;
};

struct fv_reported_pct {
	double p;
	double ns;
};

/*
 * One latency distribution: slat, clat or lat of one direction. A job holds
 * fifteen of these and a set thousands of jobs: fields are ordered so that
 * no padding is wasted.
 */
struct fv_lat {
	bool present;
	bool has_n; /* "N" exists since fio 3.18 */
	bool had_bins;
	bool us_histogram; /* fio before 2.99: µs keys, a shorter histogram */
	uint32_t nreported;
	uint64_t n;
	double min_ns, max_ns, mean_ns, stddev_ns;
	/*
	 * Printed precision, 0 when exact (JSON): min and max are within
	 * minmax_res_ns of the true value (a text truncates them to its
	 * unit, then may round them to a k suffix), mean and stddev within
	 * moment_res_ns; reported percentiles were rounded up to
	 * pct_res_ns (the true value is in (v - pct_res_ns, v]; fio's terse
	 * output truncates them: in [v, v + pct_res_ns)). A text has no
	 * bins: no percentile but those it printed.
	 */
	double minmax_res_ns, moment_res_ns, pct_res_ns;
	/*
	 * Allocated to size: a set holds thousands of these, and a fixed
	 * array of FV_MAX_PCTS would dominate memory.
	 */
	struct fv_reported_pct *reported;
	/*
	 * Parallel to fv_set.pcts; NULL if absent. Read-only: when no
	 * percentile is available it is fv_pct_none, shared (fv_lat_pct_free).
	 */
	struct fv_pctval *pct;
	/* Transient: only between parsing and fv_lat_finish(). */
	struct fv_bin *bins;
	size_t nbins;
};

/* FV_MAX_PCTS values, all FV_PCT_NONE: the pct of most absent sections. */
extern const struct fv_pctval fv_pct_none[FV_MAX_PCTS];

/* Frees lat->pct unless it is the shared fv_pct_none. */
void fv_lat_pct_free(struct fv_lat *lat);
/* Gives lat the n bins (its own from now), freeing those it had. */
void fv_lat_set_bins(struct fv_lat *lat, struct fv_bin *bins, size_t n);

/* Interim snapshots (--status-interval): cumulative counters over time. */
struct fv_sample {
	uint64_t runtime_ms;
	uint64_t total_ios;
	uint64_t io_bytes;
};

/*
 * IO/s the tool measured itself, window by window, each window's end in ms
 * from the start of the measured time (DiskSpd's -D buckets): what an fio
 * IOPS log with log_avg_msec gives. n 0: none.
 */
struct fv_window_rate {
	double *end_ms, *iops;
	size_t n;
};

/*
 * fio's samples of a rate, one a second or per bwavgtime/iopsavgtime
 * (JSON's bw_min to bw_samples and iops_min to iops_samples, the text's
 * "bw (" and "iops" lines): bytes/s or IO/s. fio 2 counted none (n 0).
 */
struct fv_rate_samples {
	bool present;
	uint64_t n;
	double min, max, mean, sd;
	double group_pct; /* bw: the job's share of its group's, percent */
	/*
	 * Printed precision, 0 when exact: min and max within minmax_res
	 * (the text truncates them to its unit), mean and sd within
	 * moment_res, group_pct within pct_res.
	 */
	double minmax_res, moment_res, pct_res;
};

struct fv_dirstats {
	bool present;
	/*
	 * I/Os completed but every latency field is zero: gtod_reduce=1 or
	 * disabled clocks. The latencies are then unknown, not zero.
	 */
	bool lat_unmeasured;
	uint64_t io_bytes;
	uint64_t total_ios, short_ios, drop_ios;
	uint64_t runtime_ms;
	double bw_bytes; /* bytes per second */
	double iops;
	/*
	 * Printed precision of io_bytes, bw_bytes and iops (half a unit of
	 * the last printed digit), 0 when exact.
	 */
	double io_bytes_res, bw_res, iops_res;
	bool bw_decimal; /* the tool printed it in 10^6 B/s (MB/s) */
	/* fio's own samples of the rates: the run's variation. */
	struct fv_rate_samples bw_samples, iops_samples;
	struct fv_lat lat[FV_LAT_NR];
	struct fv_sample *samples;
	size_t nsamples;
	struct fv_window_rate windows;
};

#endif
