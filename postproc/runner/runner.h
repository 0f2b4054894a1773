/* SPDX-License-Identifier: MIT */
/*
 * Running fio on one of our job files, for `fioverdict run`: finding the
 * job file by name, fio, the engine and the target, the job file's declared
 * variables and the copy that runs, the run directory, fio as a child with its
 * signals, and the manifest. A step that fails returns a negative errno and
 * fills a struct fv_error (util/error.h) once, with why and the exit status
 * (util/exit_status.h); the checks also put on a fv_diags list a note, and
 * every host that fails (all are said, not only the first). The command says
 * them (fv_run_say; a replay's target's errors after "fioverdict replay: ").
 * An empty text adds nothing to the status: out of memory, or the hosts'
 * failures, which the list holds. Only running fio writes as it goes, on a
 * log stream. The command line is cmd/run.c's.
 */
#ifndef FV_RUNNER_H
#define FV_RUNNER_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

struct fv_diags;
struct fv_error;

#define FV_RUN_MAX_VARS 32
#define FV_RUN_MAX_EOPTS 16

/* What fio's probe of a server found (probe.c). */
enum fv_probe_result {
	FV_PROBE_NOT_ASKED,
	FV_PROBE_ANSWERED,     /* a fio server: server_name, server_fio */
	FV_PROBE_UNKNOWN_NAME, /* the name does not resolve */
	FV_PROBE_UNREACHABLE,  /* refused, or no answer to the connection */
	FV_PROBE_SILENT,       /* connected, but no protocol version answered */
	FV_PROBE_NOT_FIO,      /* something else answers on that port */
};

/* A job file variable's value for one host (--hosts @FILE: NAME=VALUE). */
struct fv_host_var {
	char name[64];
	char *value;
};

/* One fio server of --hosts (hosts.c). */
struct fv_host {
	char spec[300]; /* as given */
	char addr[256]; /* name or address (IPv6 without brackets) */
	int port;
	bool v6;
	char name[300];	   /* as rows name it: addr, :port unless 8765 */
	char tag[300];	   /* name for {host} and file names: ':' -> '-' */
	char fio_arg[300]; /* fio --client=ip:ADDR,PORT */
	struct fv_host_var *vars; /* this host's own values */
	size_t nvars, alloc_vars;
	/* The checks. */
	enum fv_probe_result probe;
	int probe_err;	      /* -errno of the last attempt */
	int proto;	      /* the protocol version it answered */
	char server_name[64]; /* the server's own host name */
	char server_fio[32];  /* its fio version */
	char jobfile[4400];   /* its copy of the job file, in the run dir */
	char target[4096];    /* FV_TARGET on that host ({host} replaced) */
};

struct fv_hostlist {
	struct fv_host *v;
	size_t n, alloc;
};

/* One "#@ VAR=FULL quick=QUICK text" declaration of a job file. */
struct fv_run_var {
	char name[64];
	char full[256];
	char quick[256];
	char value[4096]; /* what the run uses */
};

struct fv_run {
	/* Command line. */
	const char *jobfile; /* as given, then the file found by name */
	const char *label;
	const char *target;
	const char *outdir; /* default "results" */
	const char *size;   /* --size: FV_SIZE */
	bool quick;
	bool dry; /* --check: checks only, nothing runs */
	const char *eopts[FV_RUN_MAX_EOPTS]; /* --engine-opt KEY=VALUE */
	size_t neopts;
	struct fv_hostlist hosts; /* --hosts; n == 0 without */
	/* --sku and --path as given, checked: the manifest keeps them */
	const char *const *skus, *const *paths;
	size_t nskus, npaths;
	/* Found by the checks. */
	char jobfile_path[PATH_MAX]; /* a job file found by name */
	char fio[4096];
	char engine[4200];     /* the ioengine= value */
	char target_abs[4096]; /* FV_TARGET: fio runs in the run directory */
	struct fv_run_var vars[FV_RUN_MAX_VARS];
	size_t nvars;
	bool drop_hist_log; /* fio refuses write_hist_log (hist_log.c) */
	/* The run. */
	char stem[256];	     /* job file name without .fio */
	char stamp[64];	     /* run directory name */
	char dir[4096];	     /* DIR/NAME/<stamp> */
	char json[4400];     /* fio's json+ output, in dir */
	char json_tmp[4400]; /* where fio writes it until it exits */
	char jobcopy[4400];  /* the job file as run, in dir */
	long fio_pid;	     /* once started */
	char started[32];    /* UTC, ISO 8601 */
};

/*
 * provenance.c: what the run was on, DIR/provenance.txt. begin (before
 * fio: its version, the CPUs' times) returns NULL when out of memory;
 * end (after fio) writes the file and frees p. 0 or -errno (e).
 */
struct fv_prov_rec;
struct fv_prov_rec *fv_run_provenance_begin(const struct fv_run *r);
int fv_run_provenance_end(struct fv_prov_rec *p, const struct fv_run *r,
			  struct fv_error *e);
/* fio --version of r->fio ("fio-3.33"): 0 or -errno (preflight.c). */
int fv_run_fio_version(const struct fv_run *r, char *buf, size_t len);

/* jobfile.c */
/* The "#@" declarations of the job file read from @f, into r->vars. */
void fv_run_scan_vars(struct fv_run *r, FILE *f);
/* The declarations of r->jobfile, each given its value for this run. */
int fv_run_read_vars(struct fv_run *r, struct fv_error *e);
/*
 * The job file @in copied to @out, r->eopts added after its first
 * ioengine= line (*inserted says whether there was one). 0 or -EIO.
 */
int fv_run_copy_jobfile(const struct fv_run *r, FILE *in, FILE *out,
			bool *inserted);
int fv_run_write_jobfile(const struct fv_run *r, struct fv_error *e);

/*
 * hist_log.c: a fio built without zlib refuses write_hist_log and fails
 * the whole run. When r->jobfile asks for histogram logs (and no --hosts),
 * a tiny null-engine job tries one; r->drop_hist_log says the copy leaves
 * them out (a note on d). 0 or -errno (e).
 */
int fv_run_check_hist_log(struct fv_run *r, struct fv_diags *d,
			  struct fv_error *e);
/* write_hist_log, log_hist_msec or log_hist_coarseness, on its own line? */
bool fv_run_is_hist_log_line(const char *line);

/*
 * catalog.c: job files by name, from $FV_JOBFILE_DIR, the build tree's
 * jobfiles/ or PREFIX/share/fioverdict/jobfiles beside the program.
 * fv_run_find_jobfile points r->jobfile at the file a name finds (a path
 * is left as it is); 0 or -errno (e).
 */
int fv_run_find_jobfile(struct fv_run *r, struct fv_error *e);
/*
 * "NAME  PATH" of every job file found by name, by name, on out. 0, or
 * -ENOENT when there is none (e says where it looked; its status is 0),
 * -ENOMEM.
 */
int fv_run_list_jobfiles(FILE *out, struct fv_error *e);

/* locate.c: each returns 0 or -errno (e). */
int fv_run_find_fio(struct fv_run *r, struct fv_error *e);
int fv_run_find_engine(struct fv_run *r, struct fv_error *e);
int fv_run_check_target(struct fv_run *r, struct fv_error *e);

/*
 * scratch.c: targets a replay writes to. Whether path holds a file system:
 * 2 in use (mounted, or a partition of it mounted or held: never to be
 * written), 1 a known signature (what names it), 0 none, or -errno.
 */
int fv_target_holds_fs(const char *path, char *what, size_t len);
/* A device's or file's size in bytes: 0 or -errno. */
int fv_target_size(const char *path, uint64_t *size);
/*
 * A regular file at path (made if absent) of at least size bytes, every
 * byte below size written with data that neither compresses nor repeats
 * (a hole, or a block alike to others, reads without I/O), when the file
 * system has the room (else -ENOSPC before a byte is written); sparse:
 * only grown (for an emulated disk, whose pace is the emulator's). A file
 * it made is removed again on failure. 0 or -errno.
 */
int fv_target_extend(const char *path, uint64_t size, bool sparse);

/* replay_target.c: a real target of a replay (not an emulated one). */
struct fv_replay_target {
	const char *path;
	bool force;	 /* --force: one holding a file system is written to */
	uint64_t extent; /* the trace's last byte, +1 */
};
/*
 * Not a file system (unless force) nor in use, not a device that is not
 * there; a file made or grown to extent (written through). *size is what
 * it then holds, for the trace to be checked against (a device may be
 * smaller). 0 or -errno (e, FV_EXIT_NOINPUT).
 */
int fv_replay_check_target(const struct fv_replay_target *t, uint64_t *size,
			   struct fv_error *e);
/*
 * fio reads an iolog's file name with %256s: no blank, 256 bytes at most.
 * 0 or -EINVAL (e, FV_EXIT_NOINPUT).
 */
int fv_replay_check_name(const char *target_abs, struct fv_error *e);

/*
 * jobfile.c: gives the job file's declared variable name (read by
 * fv_run_read_vars) the value val: 0, -ENOENT (not declared), -E2BIG.
 */
int fv_run_set_var(struct fv_run *r, const char *name, const char *val);

/* steps.c */
/*
 * Everything that can be checked before a run directory exists: the job
 * file, fio, the engine, the target, the job file's variables, and the
 * hosts. 0 or -errno (e); a note, and every host that fails, on d.
 */
int fv_run_preflight(struct fv_run *r, struct fv_diags *d, struct fv_error *e);
/*
 * The run directory and the job file as run, which fio must accept
 * (--parse-only); one it rejects leaves no directory behind. 0 or -errno.
 */
int fv_run_prepare(struct fv_run *r, struct fv_error *e);
/*
 * What the steps above found, as fioverdict run says it on out: d's
 * diagnostics (freed; d may be NULL), then, when ret (a step's return) is a
 * failure, e. Returns the exit status: 0, or e's.
 */
int fv_run_say(FILE *out, int ret, struct fv_diags *d,
	       const struct fv_error *e);
/* Removes the job file's copy and the (then empty) run directory. */
void fv_run_discard_dir(const struct fv_run *r);
/*
 * A prepared run: the manifest saying it runs, fio (fio's client on every
 * host with --hosts), this machine's provenance, a blank line on out after
 * fio's progress, the manifest saying how it ended. What happens on the
 * way is said on log as it happens, between fio's own lines: a record not
 * written, fio's output not kept, a host lost, and a failure of fio after
 * who ("fioverdict run"); the run goes on to its end. Returns 0,
 * FV_EXIT_INTERRUPTED (what finished is kept) or FV_EXIT_FIO_FAILED (fio
 * failed, or a host's results are missing).
 */
int fv_run_execute(struct fv_run *r, const char *who, FILE *out, FILE *log);

/* spawn.c */
/* A child's descriptor that is /dev/null (fv_spawn). */
#define FV_SPAWN_NULL (-2)
/*
 * argv[0] (a path) run with argv as a child, its standard input, output
 * and error in, out and err: -1 ours, FV_SPAWN_NULL /dev/null, else that
 * descriptor; a child that cannot exec exits 127. Returns the child's pid
 * or -errno.
 */
pid_t fv_spawn(char *const *argv, int in, int out, int err);
/* waitpid for pid until it answers (EINTR retried): 0 or -errno. */
int fv_wait(pid_t pid, int *status);
/* handler for each signal of sigs (0-ended); NULL: the default action. */
void fv_on_signals(const int *sigs, void (*handler)(int));

/* exec.c */
/* mkdir -p path: 0 or -errno. */
int fv_run_mkdir_p(const char *path);
int fv_run_make_dir(struct fv_run *r, struct fv_error *e);
/* fio --parse-only on the copied job file: 0 or -errno (e). */
int fv_run_parse_only(const struct fv_run *r, struct fv_error *e);
/*
 * Runs fio in the run directory. *interrupted is set when SIGINT or
 * SIGTERM arrived (forwarded to fio, which writes what finished). fio
 * writes its output to a temporary name, renamed once fio has exited (so
 * that a run cut short leaves no output that looks whole), and gets
 * SIGTERM if we die first. Returns fio's exit status, or -errno when it
 * could not be started; what goes wrong on the way is said on log.
 */
int fv_run_fio(struct fv_run *r, bool *interrupted, FILE *log);
/*
 * DIR/NAME, one of the run's records, written by fill(f, arg) whole or
 * not at all (util/atomic.h). 0 or -errno (e).
 */
int fv_run_write_record(const struct fv_run *r, const char *name,
			void (*fill)(FILE *f, const void *arg), const void *arg,
			struct fv_error *e);
/*
 * Writes the manifest DIR/run.txt, whole or not at all: "status: running"
 * before fio starts (a directory whose manifest still says so after the
 * run is an incomplete run, ingest/manifest.h), how it ended after.
 * 0 or -errno (e).
 */
int fv_run_manifest(struct fv_run *r, const char *status, struct fv_error *e);
/*
 * fio with argv (argv[0] r->fio) in the run directory, as fv_run_fio
 * runs it: its own process group, SIGINT/SIGTERM/SIGHUP passed on once,
 * the manifest saying it runs; its output (argv's --output, which must be
 * r->json_tmp) becomes r->json when fio exits by itself.
 */
int fv_run_exec(struct fv_run *r, char *const *argv, bool *interrupted,
		FILE *log);

/* ---- Several hosts: fio's client and servers ---- */

/*
 * hosts.c: parses --hosts (host[:port],... or @FILE). 0, or -EINVAL with
 * e's text naming the entry ("--hosts @FILE: line N: ..."); -ENOMEM.
 */
int fv_hosts_parse(struct fv_hostlist *hl, const char *arg, struct fv_error *e);
void fv_hosts_free(struct fv_hostlist *hl);
/* A host's own value of a variable (@FILE: NAME=VALUE), or NULL. */
const char *fv_host_value(const struct fv_host *h, const char *name);
/* Is the run's engine ours (stats_host, the stats line)? */
bool fv_run_our_engine(const struct fv_run *r);
/* s with "{host}" replaced by h->tag. 0 or -ENAMETOOLONG. */
int fv_host_subst(const struct fv_host *h, const char *s, char *out,
		  size_t len);

/*
 * probe.c: asks every host fio's probe, in each known protocol version
 * (the one of local_fio, "fio-3.33", first), and fills h->probe, its
 * server's name and fio version. Hosts are asked at once. 0.
 */
int fv_hosts_probe(struct fv_hostlist *hl, const char *local_fio);

/*
 * preflight.c: the checks before a run on several hosts (each server
 * there, the same fio as here, the engine loads there, the target is
 * usable there: a tiny probe job through each server), each failure naming
 * the host and the remedy, on d: every host that fails a check is said.
 * 0 or -errno (e: the first host's status, or what failed).
 */
int fv_hosts_preflight(struct fv_run *r, struct fv_diags *d,
		       struct fv_error *e);

/* client.c: the run. */
/* Each host's copy of the job file, the run's values written in. */
int fv_hosts_write_jobfiles(struct fv_run *r, struct fv_error *e);
/* fio --client on every host at once; as fv_run_fio. */
int fv_hosts_run(struct fv_run *r, bool *interrupted, FILE *log);
/*
 * The hosts with no results in fio's output (their server died or hung
 * during the run), each named on log. Returns how many, or -errno.
 */
int fv_hosts_missing(const struct fv_run *r, FILE *log);
/*
 * The hosts, their servers and fio versions, appended to run.txt. 0 or
 * -errno (e; not filled when only the closing fails).
 */
int fv_hosts_manifest(const struct fv_run *r, struct fv_error *e);

#endif
