/* SPDX-License-Identifier: MIT */
/*
 * Time series: fio's iops, bw and latency logs (write_iops_log,
 * write_bw_log, write_lat_log), parsed, normalised (IO/s, B/s, ns) and
 * joined to the jobs of a set. They live beside the set, not in it, so the
 * table analyses and the JSON ingest stay as they are.
 *
 * fio writes one file per job thread, NAME_KIND.N.log, with lines
 * "time_ms, value, ddir, bs[, offset][, prio]" and, in newer versions, more
 * columns; with log_avg_msec each line is a window's mean and bs is 0,
 * otherwise one line per I/O. Latency logs are in ns (µs before fio 3).
 */
#ifndef FV_LOGS_H
#define FV_LOGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

enum fv_log_kind {
	FV_LOG_IOPS,
	FV_LOG_BW,
	FV_LOG_LAT,
	FV_LOG_CLAT,
	FV_LOG_SLAT,
	FV_LOG_NR,
};

struct fv_log_point {
	double t_ms;
	double v;  /* as in the file until normalised */
	double bs; /* bytes; 0 in averaged logs */
};

/* One direction of one log file. */
struct fv_series {
	char *source; /* the log file */
	char *dir;    /* its directory */
	char *prefix; /* NAME of NAME_KIND.N.log */
	char *host;   /* HOST of NAME_KIND.N.log.HOST (fio's client), or NULL */
	int thread;   /* N; 0 when the name has none */
	enum fv_log_kind kind;
	enum fv_dir ddir; /* READ, WRITE, TRIM or SYNC */
	bool averaged;	  /* log_avg_msec: window means */
	bool normalised;  /* values in IO/s, B/s or ns */
	bool found;	  /* found beside results: theirs, or no one's */
	bool hist;	  /* a histogram log (NAME_clat_hist.N.log), not read */
	int first_line;	  /* the file's first line of this direction */
	const char *text; /* hist: its text when not read from the file */
	size_t text_len;
	struct fv_log_point *pt;
	size_t n, cap;
	const struct fv_job *job; /* after fv_log_join; NULL if unmatched */
};

struct fv_logset {
	struct fv_series **v;
	size_t n, cap;
	/*
	 * Histogram logs, named and joined but not read: their windows are
	 * streamed from the file when asked for (fv_hist_windows).
	 */
	struct fv_series **hist;
	size_t nhist, hist_cap;
	double bin_ms; /* per-I/O samples binned into rates (default 100) */
	bool lat_us;   /* force µs latency logs (fio 2.x without a JSON) */
};

/*
 * Parses a log file name: "dir/NAME_clat.3.log" gives prefix NAME, kind
 * clat, thread 3. Returns 0, or -EINVAL when it is not a log name.
 */
int fv_log_name(const char *path, char **prefix, enum fv_log_kind *kind,
		int *thread);

/*
 * The server of a log fio's client wrote (NAME_KIND.N.log.HOST): *host
 * is HOST (the caller frees it), or NULL. 0 or -ENOMEM.
 */
int fv_log_host(const char *path, char **host);

/* Is path named like a fio log (histogram logs included)? */
bool fv_log_named(const char *path);

/*
 * A histogram log's name: "dir/NAME_clat_hist.3.log" gives prefix NAME,
 * kind clat, thread 3. 0, -EINVAL when it is not one, or -ENOMEM.
 */
int fv_hist_name(const char *path, char **prefix, enum fv_log_kind *kind,
		 int *thread);

/*
 * Parses one log (buf, len) named name into ts, one series per direction
 * found. A bad line is an error "name:line:column: ..." in diags and the
 * whole file is dropped (-EBADMSG). Returns 0, -EBADMSG or -ENOMEM.
 */
int fv_log_parse(struct fv_logset *ts, const char *name, const char *buf,
		 size_t len, struct fv_diags *diags);

/* Reads and parses a file (-EBADMSG/-ENOENT... are also diagnostics). */
int fv_log_load_file(struct fv_logset *ts, const char *path,
		     struct fv_diags *diags);

/* Loads every log file directly in dir (not recursive), as if named. */
int fv_log_load_dir(struct fv_logset *ts, const char *dir,
		    struct fv_diags *diags);

/*
 * Joins logs to the jobs their names say, as fio names them: PREFIX the
 * job's write_*_log value (its basename; the job's name when the option
 * has no value), N within the job's thread numbers (counted over the
 * entries of its document, or of its host in a client's output; a
 * group_reporting entry of numjobs=K takes K; a log without N, any), HOST
 * the job's host. A job of the log's own directory first, then (a log not
 * found beside results) anywhere. A direction of the log the job did no
 * I/O in is a warning at its first line, not used. A named log that names
 * no job is an error saying what the jobs' logs would be called; those
 * found beside results, one warning per directory. Then normalises units
 * (latency µs for fio 2.x, bw KiB/s to B/s). Returns 0 or -ENOMEM.
 */
int fv_log_join(struct fv_logset *ts, const struct fv_set *set,
		struct fv_diags *diags);

/*
 * The rates the inputs' tools measured themselves (DiskSpd's -D: each
 * job's fv_window_rate) into ts, as averaged IOPS series joined to their
 * jobs. 0 or -ENOMEM.
 */
int fv_log_add_measured(struct fv_logset *ts, const struct fv_set *set);

void fv_logset_free(struct fv_logset *ts);

const char *fv_log_kind_name(enum fv_log_kind k);

/* Where a command's logs come from. */
struct fv_log_sources {
	char *const *files; /* log files named as inputs */
	size_t nfiles;
	char *const *dirs; /* --logs DIR */
	size_t ndirs;
};

/*
 * Loads the logs of src, then those lying beside set's results (each
 * directory that holds a job, once; marked found), and joins them to
 * set's jobs: the series the verdicts and the report's time charts read.
 * Returns 0 or -ENOMEM; problems with a log are diagnostics in set.
 */
int fv_logs_load(struct fv_logset *ts, struct fv_set *set,
		 const struct fv_log_sources *src);

/* ---- Series for the verdicts (ts_series.c) ---- */

/* A regular series: value per window, window end times. */
struct fv_rate {
	double *t_ms; /* end of each window */
	double *v;
	size_t n;
};

/*
 * The rate series (IO/s for IOPS, B/s for BW) of a job in direction dir:
 * averaged logs as they are, per-I/O logs binned into bin_ms windows;
 * the series of several threads (clones, group_reporting) are summed
 * window by window. Returns 0 (r->n == 0 when there is none) or -ENOMEM.
 */
int fv_log_rate(const struct fv_logset *ts, const struct fv_job *job,
		enum fv_log_kind kind, enum fv_dir dir, struct fv_rate *r);

/* The per-I/O latency samples (ns, time order) of a job, kind clat/lat. */
int fv_log_lat_samples(const struct fv_logset *ts, const struct fv_job *job,
		       enum fv_log_kind kind, enum fv_dir dir,
		       struct fv_rate *r);

void fv_rate_free(struct fv_rate *r);

/* Is the series (or histogram log) s one of job's (itself, a clone...)? */
bool fv_series_belongs(const struct fv_series *s, const struct fv_job *job);

/* ---- Histogram logs (hist.c, hist_read.c) ---- */

/*
 * fio's write_hist_log writes NAME_KIND_hist.N.log: every log_hist_msec,
 * one line per direction, "time_ms, ddir, bs, bin0, ..., binN-1", the
 * I/Os completed since the previous line counted in fio's latency bins
 * (stat.h, FIO_IO_U_PLAT_*: 29 groups of 64, ns; 19 groups in fio 2.x,
 * µs), log_hist_coarseness C adding up 2^C neighbours: 1856 >> C bins.
 */

/*
 * Registers the histogram log path (its name says it is one). buf, when
 * not NULL, is its text (len bytes, kept by the caller until ts is freed)
 * instead of the file. 0 or -ENOMEM.
 */
int fv_hist_add(struct fv_logset *ts, const char *path, const char *buf,
		size_t len);

/* Whether a direction of job has histogram logs of kind. */
bool fv_hist_has(const struct fv_logset *ts, const struct fv_job *job,
		 enum fv_log_kind kind);

/* One window of a job's histograms, one direction. */
struct fv_hist_window {
	enum fv_dir dir;
	double start_ms, end_ms; /* [start, end) */
	uint64_t n;		 /* I/Os that completed in it */
	const double *pct;	 /* ns, one per percentile asked */
	double max_ns;		 /* the highest non-empty bin */
	/*
	 * Not NULL: "FILE:LINE", a histogram line of this window (or a
	 * whole file of the job) that could not be read; n and the
	 * percentiles are then not given, partial.
	 */
	const char *damaged;
};

struct fv_hist_query {
	const struct fv_job *job; /* its logs: clones and hosts added up */
	enum fv_log_kind kind;	  /* FV_LOG_CLAT, LAT or SLAT */
	/*
	 * The windows, ms; 0: the job's log_hist_msec, else the time of
	 * the first line. A line falls in the window holding the middle of
	 * the interval it covers (from its direction's previous line).
	 */
	double window_ms;
	const double *p; /* percentiles, (0, 100] */
	size_t np;
	/* Called for each window in time order; non-zero stops. */
	int (*emit)(void *ctx, const struct fv_hist_window *w);
	void *ctx;
};

/*
 * Streams the windows of q->job's histogram logs of q->kind: the files
 * are read side by side, a window's bins added up over them, memory
 * independent of their length. A line with the wrong number of bins,
 * cut short, out of time order, or not numbers is an error "FILE:LINE:
 * ..." in diags (NULL: not reported again) and damages its window.
 * Returns 0, what emit returned, or -ENOMEM.
 */
int fv_hist_windows(const struct fv_logset *ts, const struct fv_hist_query *q,
		    struct fv_diags *diags);

/*
 * The latency range [lo, hi] (ns) of bin b of a log of nbins bins.
 * -EINVAL when nbins is none of fio's layouts.
 */
int fv_hist_bin_range(size_t nbins, size_t b, double *lo, double *hi);

#endif
