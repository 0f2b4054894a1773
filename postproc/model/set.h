/* SPDX-License-Identifier: MIT */
/*
 * The data model every stage shares: a set of jobs, each tagged with the
 * label (disk, placement, VM) it belongs to, its role in the test plan, and
 * per direction the numbers fio reported (dirstats.h), already normalised
 * to one unit system (bytes, bytes/s, nanoseconds, milliseconds) whatever
 * the fio version that wrote them.
 *
 * Ingest fills it; labelling and role classification annotate it; analyses
 * only read it. Histogram bins are transient: ingest turns them into the
 * requested percentiles and frees them, so memory does not grow with the
 * size of the inputs (only with the number of jobs).
 *
 * One "unknown" per type, in every struct below: a figure (a double) the
 * tool did not give is NAN, with no flag beside it; an integer is 0 where
 * 0 cannot be a real value (a block size, a depth, a file's size) and -1
 * where it can (1/0 settings, a flush every N writes: 0 none); a string
 * is NULL; an enum has its own ..._UNKNOWN. A value is stored once: what
 * follows from others is a function (fv_job_depth). One exception, said
 * at its fields: a count fio only lacks when it did none (ctx, syncfses:
 * 0).
 *
 * The flags that stay say more than "known":
 * - present (fv_dirstats, fv_lat, fv_rate_samples, fv_lat_buckets,
 *   fv_steady, fv_dist) and fv_run_io.known: the tool printed the
 *   section, whose zeros are then real zeros (no I/O, no share);
 * - fv_dirstats.lat_unmeasured: fio prints 0 for a latency it did not
 *   measure (gtod_reduce), a 0 that is no figure;
 * - fv_lat.has_n: fio before 3.18 printed no N, and N 0 is a real count;
 * - fv_job.opts_recorded: an option not listed is fio's default, or unknown;
 * - fv_durability.no_block_device: no device (tmpfs) apart from none said.
 */
#ifndef FV_SET_H
#define FV_SET_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/util.h"
#include "dirstats.h"

enum fv_role {
	FV_ROLE_UNKNOWN,
	FV_ROLE_WARMUP,
	FV_ROLE_SCALING,
	FV_ROLE_PEAK,
	FV_ROLE_STEADY,
	FV_ROLE_SYNC,
	FV_ROLE_THROUGHPUT,
	FV_ROLE_NR,
};

struct fv_opt {
	char *key;
	char *val;
};

struct fv_steady {
	bool present;
	bool attained;
	char *setting;	 /* "iops:20.000000%" */
	char *criterion; /* reached value, e.g. "0.384297%" */
	uint64_t duration_s;
	double max_deviation, slope;
	double iops_mean, bw_mean;
	/* data.iops[] and data.bw[] (B/s): fio's samples of the window. */
	double *iops_data, *bw_data;
	size_t niops_data, nbw_data;
};

/* A latency distribution from our engines' stats file (ns). */
struct fv_dist {
	bool present;
	uint64_t count;
	double min, mean, max;
	size_t npcts;
	struct fv_reported_pct pcts[FV_MAX_PCTS];
};

/* One `fioverdict-durability/1` stats file (docs/stats-file.md). */
struct fv_durability {
	char *source;
	char *dir; /* directory of the file, for joining */
	char *engine;
	char *job_name;
	int thread_number;
	int clone;
	char *write_cache;    /* NULL when unknown */
	char *fs_type;	      /* NULL when unknown */
	char *block_device;   /* its name, NULL when none or unknown */
	bool no_block_device; /* target.block_device is null: tmpfs */
	int volatile_cache;   /* NVMe VWC: 1 present, 0 absent, -1 unknown */
	bool emulated;	      /* the engine emulated a provisioned disk */
	uint64_t reads, read_bytes;
	uint64_t writes, write_bytes, write_errors;
	uint64_t fsyncs, fdatasyncs, flush_errors, empty_syncs;
	/* first request submitted to last completed; 0: unknown */
	uint64_t io_span_ns;
	uint64_t syncfses; /* fio 3.42's end_syncfs, absent before: 0 */
	uint64_t writes_not_durable, writes_untracked;
	struct fv_dist flush, write_to_durable;
	/*
	 * The host, for stats sent through fio's client (a stats line,
	 * docs/stats-file.md): from_server when it came from a fio server.
	 */
	bool from_server;
	char *host_name;       /* "host.name": the engine's stats_host */
	char *server_hostname; /* "host.hostname", or the line's <prefix> */
	char *server_addr;     /* "host.server.address" */
	int server_port;
	bool joined;
};

/*
 * What fio's disk_util says of the run a job was part of: the I/Os each
 * device completed while the run lasted (counted by the kernel for the
 * whole device: other processes' I/O too), and the I/Os the run's jobs
 * issued. Devices that did far fewer I/Os than the jobs issued are the
 * mark of I/O that never reached them.
 */
struct fv_run_io {
	bool known; /* the document had a disk_util section (fio leaves it
		     * out when no block device was touched, or disk_util=0) */
	uint64_t dev_ios[2]; /* reads, writes its devices were asked for */
	uint64_t job_ios[2]; /* reads, writes issued by the run's jobs */
	int targets;	     /* 1: every job on one target; 2: several */
	char devices[64];    /* their names, "vda, nvme0n1" */
};

/*
 * What a fleet's row keeps beyond ingest: its hosts' bins merged (so that
 * the rows of several client outputs of one fleet can be merged exactly)
 * and the documents whose hosts it sums.
 */
struct fv_fleet_keep {
	struct fv_bin *bins[FV_DIR_NR][FV_LAT_NR];
	size_t nbins[FV_DIR_NR][FV_LAT_NR];
	char **sources;
	size_t nsources, sources_alloc;
};

enum fv_pattern { FV_PAT_UNKNOWN, FV_PAT_SEQ, FV_PAT_RAND };

/*
 * What a job did, in no tool's terms: each reader fills what its format
 * tells (fio from its options, CrystalDiskMark from its test's name), and
 * leaves the rest unknown.
 */
struct fv_workload {
	enum fv_pattern pattern;
	double read_pct; /* share of the I/Os that read, 0-100; NAN unknown */
	uint64_t block;	 /* bytes; 0 unknown */
	int depth;	 /* I/Os in flight per thread; 0 unknown */
	int threads;	 /* 0 unknown */
	int sync_every;	 /* a flush every N writes; 0 none; -1 unknown */
	int direct;	 /* 1 direct, 0 through the page cache, -1 unknown */
	/*
	 * Every write stable when it completes (fio's sync=1 or dsync:
	 * O_SYNC, O_DSYNC; DiskSpd's -Sw, -Sh): 1, 0, -1 unknown.
	 */
	int write_through;
	double runtime_s; /* the time asked for; 0 none, NAN unknown */
	double warmup_s;  /* ramp_time, DiskSpd's -W; 0 none; NAN unknown */
	/*
	 * A tool that runs a test several times and reports its best pass
	 * (CrystalDiskMark's "(x5)"): the passes, each of runtime_s, and the
	 * idle time between tests (its Interval; NAN unknown). passes 0: one
	 * measurement, interval_s unused.
	 */
	int passes;
	double interval_s;
	uint64_t file_bytes; /* the test file's size; 0 unknown */
	char *target;	     /* the file or device; NULL unknown */
	char *test;	     /* the tool's own name of the test, or NULL */
};

/*
 * The same I/O but for its depth and threads: pattern, read share, block,
 * direct and, where they write, write-through. Unknowns equal only
 * unknowns.
 */
bool fv_workload_same_io(const struct fv_workload *a,
			 const struct fv_workload *b);

/* Do two figures say the same? An unknown (NAN) equals only an unknown. */
static inline bool fv_same_figure(double a, double b)
{
	return a == b || (isnan(a) && isnan(b));
}

/* A copy of src's strings into dst (which owns its own). 0 or -ENOMEM. */
int fv_workload_copy(struct fv_workload *dst, const struct fv_workload *src);
void fv_workload_free(struct fv_workload *w);

/*
 * What a run was on: the provenance.txt `fioverdict run` writes in its
 * run directory ("key: value" lines: fio, kernel, cpu-model, cpus,
 * memory, fs, mount-options, device, device-model, device-firmware,
 * scheduler, queue-depth, rotational, write-cache, sys-vendor,
 * product-name, chassis-asset-tag, cloud, vm-size, cpu-idle), shared by
 * the jobs of that directory.
 */
struct fv_provenance {
	char *dir;
	struct fv_opt *kv; /* as the file has them; keys unique */
	size_t n;
};

/* A provenance value, NULL when the file had no such line. */
const char *fv_prov_get(const struct fv_provenance *p, const char *key);
/* Frees what p holds (not p), and zeroes it. */
void fv_provenance_clear(struct fv_provenance *p);

enum fv_job_kind {
	FV_JOB_SINGLE,	    /* one fio job entry, no same-name siblings */
	FV_JOB_CLONE,	    /* one of several identical same-name entries */
	FV_JOB_CLONE_SUM,   /* the sum of those clones, made by fioverdict */
	FV_JOB_ALL_CLIENTS, /* fio's "All clients" aggregate */
	/*
	 * Client/server: one job's entries of every host summed, made by
	 * fioverdict, with percentiles from the hosts' merged bins.
	 */
	FV_JOB_FLEET,
};

#define FV_DEPTH_LEVELS 7 /* 1, 2, 4, 8, 16, 32, >=64 */

/*
 * fio's latency buckets (JSON's latency_ns, latency_us and latency_ms, the
 * text's "lat (nsec)" lines): the share of a job's I/Os, percent, whose
 * latency was at most fv_lat_bucket_ns[i] and above the bound before
 * (the last: 2 s or more). fio counts a share under 0.01% as 0.01.
 */
#define FV_LAT_BUCKETS 32

struct fv_lat_buckets {
	bool present;
	double res; /* printed precision, percentage points; 0 exact */
	double pct[FV_LAT_BUCKETS];
};

/* The bounds, ns: 2 ns to 1000 ns, 2 us to 1000 us, 2 ms to 2000 ms, inf. */
extern const double fv_lat_bucket_ns[FV_LAT_BUCKETS];

struct fv_job {
	char *name;    /* fio jobname */
	char *display; /* name shown in tables: name, name#clone */
	char *source;  /* input file the job came from */
	char *source_dir;
	char *hostname; /* client/server output only: fio's "hostname" */
	char *machine;	/* the computer the tool names (DiskSpd's), or NULL */
	int port;	/* and "port" */
	/*
	 * The host as shown: hostname, with ":port" when the port is not
	 * fio's default 8765 (IPv6 in brackets); NULL when not a client's.
	 */
	char *host;
	/* The label without its host: what the hosts of one fleet share. */
	char *fleet;
	char *label;
	const char *label_rule; /* which label rule applied */
	/*
	 * Its test's runs in its label (the same job name, by time): this
	 * is run `run` of `nruns` (select/); 0 before the selection.
	 */
	int run, nruns;
	char *fio_version;
	/*
	 * The format it was read from ("fio JSON", "fio text", "fio terse"):
	 * static, the producer's version in fio_version.
	 */
	const char *format;
	/* The label its input names (a script header's "VM:"), or NULL. */
	char *source_label;
	/*
	 * The test its file's name gives (LABEL_TEST_TIME.json, a script's
	 * naming), or NULL (annotate/label.c).
	 */
	char *file_test;
	int64_t timestamp; /* fio's "timestamp", seconds */
	int doc; /* which run of its file: fio's outputs appended (0: first) */
	size_t order; /* global input order, for stable output */
	int index;    /* position in the document's job array */
	int clone;    /* rank among identical same-name entries */
	int nclones;  /* entries summed into a CLONE_SUM */
	enum fv_job_kind kind;
	int groupid;
	int error; /* fio's errno; -1 a tool's failure said in error_text */
	char *error_text; /* what the tool said of it (DiskSpd's <Error>) */
	/*
	 * Job options merged over global options: one allocation holding the
	 * array and the strings (fv_opts_pack), freed with free(opts) alone.
	 */
	struct fv_opt *opts;
	size_t nopts;
	/*
	 * The result lists every option the job set (fio's JSON "job
	 * options"): one it does not list had fio's default. Else (fio's
	 * text and terse output, fio 2's JSON) an option not shown is
	 * unknown, not fio's default.
	 */
	bool opts_recorded;
	struct fv_workload wl;
	struct fv_dirstats dir[FV_DIR_NR];
	double usr_cpu, sys_cpu; /* percent; NAN unknown */
	/*
	 * The busiest of its threads, usr + sys (percent of one CPU): the
	 * job's own for one entry, the highest clone's for a clone sum. NAN
	 * with usr_cpu and sys_cpu (the three are known together or not).
	 */
	double cpu_busiest;
	uint64_t ctx; /* context switches (fio's "ctx"), summed */
	/*
	 * fio counted no context switch and no page fault (ctx, majf and
	 * minf all 0) and usr_cpu and sys_cpu are each a whole number of
	 * seconds of its runtime: its getrusage filled only user and kernel
	 * time, in whole seconds, as fio's own on Windows does
	 * (os/windows/posix.c). Each is then within 1 s of the runtime of
	 * the truth (fv_job_cpu_slack). A short Linux job of a polling
	 * engine counts no switch or fault either, but its 53.85% of 14 ms
	 * is no whole second.
	 */
	bool cpu_whole_seconds;
	/*
	 * fio's "IO depths" (iodepth_level): the share of submissions made
	 * with 1, 2 (2-3), 4 (4-7), 8, 16, 32 and 64 or more I/Os in flight,
	 * percent, scaled to sum to 100 (fio's text can sum past it); NAN
	 * all when fio said none (or a sum of 0: no I/O).
	 */
	double depth_pct[FV_DEPTH_LEVELS];
	struct fv_lat_buckets lat_buckets;
	/*
	 * How idle the CPUs the job could run on were (cpus_allowed, else
	 * all), percent: from fio's --idle-prof=percpu, else from the run's
	 * CPU record (provenance.txt's cpu-idle, the whole run). cpu_idle_of
	 * names them ("CPU 1", "all CPUs"). NAN unknown.
	 */
	bool cpu_idle_run; /* from the run's CPU record, not idle-prof */
	double cpu_idle;
	char cpu_idle_of[32];
	uint64_t job_runtime_ms;
	struct fv_steady ss;
	size_t ninterim; /* earlier documents of the same file seen */
	/* Annotations. */
	enum fv_role role;
	enum fv_dir role_dir; /* READ, WRITE or MIXED (both) */
	int name_depth;	      /* the depth its name gives ("rr_qd8"), 0 none */
	const char *role_why;
	struct fv_durability **dur;
	size_t ndur, dur_alloc;
	struct fv_run_io run_io;
	const struct fv_provenance *prov; /* the set's; NULL: not from run */
	struct fv_fleet_keep *keep;	  /* FV_JOB_FLEET only */
};

struct fv_set {
	struct fv_pctlist pcts;
	struct fv_job **jobs;
	size_t njobs, jobs_cap;
	/*
	 * The runs a selection did not show (select/: --runs newest or
	 * median): kept for what reads every run (the runs chart), read
	 * by nothing else.
	 */
	struct fv_job **others;
	size_t nothers, others_alloc;
	/*
	 * What labelling and the selection did that every table must say
	 * (a folder split by machine, a label's several runs): a line each.
	 */
	char **notes;
	size_t nnotes;
	struct fv_durability **dur;
	size_t ndur, dur_cap;
	struct fv_provenance **prov;
	size_t nprov;
	struct fv_diags diags;
	size_t ninputs; /* files that held fio results */
};

/* pcts may be NULL: fio's default list 50,95,99,99.9 is then used. */
void fv_set_init(struct fv_set *set, const struct fv_pctlist *pcts);
void fv_set_free(struct fv_set *set);

/* Takes ownership of job on success. Returns 0 or -ENOMEM. */
int fv_set_add_job(struct fv_set *set, struct fv_job *job);

/*
 * Every run, shown or not: job i of the njobs + nothers (set->jobs, then
 * set->others), for what reads each run of a test (the runs chart).
 */
static inline size_t fv_set_nruns(const struct fv_set *set)
{
	return set->njobs + set->nothers;
}

static inline const struct fv_job *fv_set_run(const struct fv_set *set,
					      size_t i)
{
	return i < set->njobs ? set->jobs[i] : set->others[i - set->njobs];
}
/* Adds a line to set->notes (once: the same text twice is kept once). */
int fv_set_note(struct fv_set *set, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int fv_set_add_durability(struct fv_set *set, struct fv_durability *d);

struct fv_job *fv_job_new(void);
void fv_job_free(struct fv_job *job);
/* Frees the n jobs of jobs and the array itself: a reader's own list. */
void fv_jobs_free(struct fv_job **jobs, size_t n);
/*
 * Scales the job's depth_pct to sum to 100; a sum of 0 (no I/O) makes
 * them NAN, unknown.
 */
void fv_job_depths_scale(struct fv_job *job);
/*
 * fio's CPU record of a job: usr and sys (percent of a CPU, NAN unknown:
 * then none of it is kept), its context switches and page faults. After
 * the job's runtimes: they tell whole seconds.
 */
void fv_job_set_cpu(struct fv_job *job, double usr, double sys, uint64_t ctx,
		    uint64_t majf, uint64_t minf);
/*
 * How long the job ran, seconds (0 unknown): its longest direction's
 * runtime, else fio's job_runtime of a single thread. Not job_runtime of
 * a group: fio sums it over the group_reporting threads (eight clones of
 * 3 s are "24 s").
 */
double fv_job_runtime_s(const struct fv_job *job);
/*
 * How far usr_cpu + sys_cpu may be from the truth, percent of a CPU: 0
 * for a CPU time fio counted finely; 2 s of the runtime for whole seconds
 * (INFINITY when the runtime is unknown).
 */
double fv_job_cpu_slack(const struct fv_job *job);
/*
 * The depth the job ran at (I/Os in flight per thread) as tables and
 * verdicts show it: fio's iodepth where its options give it, the tool's
 * own (wl.depth: DiskSpd's -o, CrystalDiskMark's Q), else the one its name
 * gives (name_depth); 0 unknown. Not wl.depth alone: for fio that holds
 * the default 1 where iodepth is not shown, and a name's "qd8" says more.
 */
int fv_job_depth(const struct fv_job *job);
void fv_durability_free(struct fv_durability *d);
void fv_dirstats_clear(struct fv_dirstats *ds);

/*
 * n options in one allocation: the array, then the strings it points to
 * (a job keeps a dozen options; one block instead of 2n + 1 saves the
 * allocator's overhead on each). NULL on ENOMEM; n may be 0.
 */
struct fv_opt *fv_opts_pack(const struct fv_opt *src, size_t n);

/* Frees a fleet row's keep (and sets it NULL). */
void fv_fleet_keep_free(struct fv_job *job);

/*
 * Is j (a host's entry: a single job or a clone) one of those the fleet row
 * sums? The same job name, from one of its documents.
 */
bool fv_fleet_has(const struct fv_job *fleet, const struct fv_job *j);

/*
 * Did the job do I/O in this direction? Counted I/Os, or (tools that
 * print only rates: CrystalDiskMark) a rate.
 */
bool fv_dir_did_io(const struct fv_dirstats *ds);

/* The value of a job option (merged), or NULL. */
const char *fv_job_opt(const struct fv_job *job, const char *key);

/*
 * Did the tool say the job failed (fio's error, JSON or text err=)? Its
 * figures are then no measure of anything: n/a, and a finding.
 */
bool fv_job_failed(const struct fv_job *job);

/*
 * What the tool said of the failure, its errno named as the system that
 * ran the job numbers them: "fio error 22 (EINVAL: invalid argument ...)".
 */
void fv_job_failure(const struct fv_job *job, char *buf, size_t len);

/*
 * Did the job run on Windows? DiskSpd and CrystalDiskMark, fio's
 * windowsaio engine, a drive letter or \\.\ device as its file.
 */
bool fv_job_windows(const struct fv_job *job);

/*
 * The direction a job is mostly about: READ or WRITE, MIXED for jobs that
 * read and write, from the rw option or else from the I/O counts.
 */
enum fv_dir fv_job_main_dir(const struct fv_job *job);

/* fio's default server port: left out of host names. */
#define FV_FIO_PORT 8765

/*
 * A host as fioverdict shows it: hostname, with ":port" unless the port is
 * fio's default (or unknown, <= 0); an IPv6 address with a port goes in
 * brackets. malloc()ed; NULL when out of memory.
 */
char *fv_host_name(const char *hostname, int port);

const char *fv_dir_name(enum fv_dir dir);
const char *fv_lat_name(enum fv_latkind k);
const char *fv_role_name(enum fv_role role);
/* Returns the role, or -1 when the name is not a role. */
int fv_role_parse(const char *name);

/* Parses "50,95,99,99.9" (or ':' separated, as fio does). -EINVAL on error. */
int fv_pctlist_parse(struct fv_pctlist *pl, const char *s);
void fv_pctlist_default(struct fv_pctlist *pl);
/* Adds p to pl unless it is there (or pl is full). */
void fv_pctlist_add(struct fv_pctlist *pl, double p);

#endif
