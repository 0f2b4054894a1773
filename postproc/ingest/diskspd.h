/* SPDX-License-Identifier: MIT */
/*
 * DiskSpd's XML result (-Rxml, 2.0.16 to 2.2), read with expat on its own
 * (fv_diskspd_parse: what the file says, nothing of fio) and into the
 * model (fv_diskspd_read: one job per result timespan). What its figures
 * are: counts of I/Os and bytes per thread and target, summed here and
 * divided by the timespan's measured seconds (the XML has no IOPS or MB/s
 * of its own); with -L, the mean and the percentiles of whole requests
 * (fio's lat) in ms to 3 decimals; the profile timespan that the result
 * ran read back into a workload (block size, random or sequential, write
 * ratio, requests per thread, threads, the OS cache off or on, warm-up).
 */
#ifndef FV_DISKSPD_H
#define FV_DISKSPD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "readers.h"

struct fv_error;

#define FV_DSPD_MAX_PCTS 128 /* 0, 1 to 99, 99.9 to 9 nines, 100 */
#define FV_DSPD_MAX_TARGETS 8
#define FV_DSPD_MAX_PROFILES 16

/* One target of a profile timespan (-b -r -w -o -t -S...). */
struct fv_dspd_target {
	char path[256];
	uint64_t block;	    /* bytes */
	bool random;	    /* <Random> (-r); <RandomAccess> is a hint only */
	int random_pct;	    /* -rs: <RandomRatio>; 100 with -r alone */
	int write_ratio;    /* -w, percent */
	int requests;	    /* -o: outstanding I/Os per thread */
	int threads;	    /* -t: threads per file */
	bool no_os_cache;   /* DisableOSCache (-Su, -Sh) or DisableAllCache */
	bool write_through; /* WriteThrough (-Sw, -Sh) or DisableAllCache */
};

/* One profile timespan: what the result timespan of its rank ran. */
struct fv_dspd_profile {
	double duration_s, warmup_s;
	int thread_count; /* -F: threads in all; 0: -t per target */
	int requests;	  /* -o with -F, when no target says its own */
	bool latency;	  /* -L: the result has latencies */
	struct fv_dspd_target targets[FV_DSPD_MAX_TARGETS];
	size_t ntargets; /* kept; more are counted in extra_targets */
	size_t extra_targets;
};

struct fv_dspd_pct {
	double p;
	double read_ms, write_ms; /* < 0: not printed (no such I/O) */
};

/*
 * One of -D's buckets of the whole timespan (all threads and targets):
 * the I/Os completed in it, per second, printed whole ("%.0f").
 */
struct fv_dspd_bucket {
	double end_ms; /* SampleMillisecond: the bucket's end */
	double read, write;
};

/* One result timespan. */
struct fv_dspd_result {
	int line;      /* where its <TimeSpan> opens */
	double test_s; /* TestTimeSeconds: after the warm-up; 0: none */
	int threads;   /* ThreadCount of the result: the threads that ran */
	uint64_t read_bytes, read_count, write_bytes, write_count;
	/* the text's "I/O per s" (2 decimals); 0: from the counts */
	double read_iops, write_iops;
	double avg_read_ms, avg_write_ms; /* < 0: not printed */
	struct fv_dspd_pct pct[FV_DSPD_MAX_PCTS];
	size_t npct;
	char error[128]; /* its <Error>, when DiskSpd stopped it */
	struct fv_dspd_bucket *buckets; /* -D, XML only; malloc()ed */
	size_t nbuckets, buckets_alloc;
};

struct fv_dspd {
	char host[128];	   /* ComputerName */
	char version[32];  /* Tool/Version: "2.1.0-dev" */
	char run_time[32]; /* RunTime: "2024/03/24 16:35:48 UTC" */
	struct fv_dspd_profile profiles[FV_DSPD_MAX_PROFILES];
	size_t nprofiles;
	struct fv_dspd_result *results;
	size_t nresults, results_alloc;
	int unescaped; /* '&' not starting an entity, escaped to read on */
	int unescaped_line;
	int trailing_line; /* text after </Results> from this line, not read */
	int unsummed_line; /* text: a total row its thread rows do not make */
};

/*
 * Parses a whole result (UTF-8; text before <Results> skipped). Returns
 * 0; -EBADMSG with e saying where the XML breaks off (e->line) and how
 * many timespans were whole before it; -ENOMEM. Free with
 * fv_diskspd_free() either way.
 */
int fv_diskspd_parse(const char *buf, size_t len, struct fv_dspd *d,
		     struct fv_error *e);
void fv_diskspd_free(struct fv_dspd *d);

bool fv_diskspd_detect(const char *head, size_t n);
int fv_diskspd_read(struct fv_set *set, const char *name, const char *dir,
		    const char *buf, size_t len, bool named);

/*
 * DiskSpd's text result (its default output, 2.0.17a to 2.2): the same
 * struct per run ("Command Line:" opens one; a file may hold several),
 * read from its "Input parameters:" and its "Total IO", "Read IO" and
 * "Write IO" tables' total rows (checked against the thread rows above
 * them) and, with -L, its last (all targets') percentile table. The text
 * prints no version: d->version names the versions its traits allow.
 * Returns 0 with *runs (free each with fv_diskspd_free, then the array);
 * -EBADMSG with e saying where it breaks off (e->line) and what was
 * whole; -ENOMEM.
 */
int fv_diskspd_text_parse(const char *buf, size_t len, struct fv_dspd **runs,
			  size_t *nruns, struct fv_error *e);
bool fv_diskspd_text_detect(const char *head, size_t n);
int fv_diskspd_text_read(struct fv_set *set, const char *name, const char *dir,
			 const char *buf, size_t len, bool named);

/* Which run of how many, from which file: what job names and sources say. */
struct fv_dspd_run {
	const char *name, *dir;
	size_t i, n;
	size_t first_index; /* the jobs before it in the file */
};

/*
 * A run's result timespans into set, one job each (a timespan that never
 * measured is a warning); *kept counts the jobs. 0 or -ENOMEM.
 */
int fv_dspd_add_jobs(struct fv_set *set, const struct fv_dspd *d,
		     const struct fv_dspd_run *run, size_t *kept);
/* The file read: one input more, or an error if it kept no job. */
int fv_dspd_input_done(struct fv_set *set, const char *name, size_t kept);

#endif
