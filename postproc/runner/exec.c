/* SPDX-License-Identifier: MIT */
/* The run directory, and fio as a child process that Ctrl-C stops cleanly. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/util.h"
#include "runner.h"

int fv_run_mkdir_p(const char *path)
{
	char buf[4096];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0777) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return mkdir(buf, 0777) && errno != EEXIST ? -errno : 0;
}

static void stem_of(char *buf, size_t len, const char *path)
{
	const char *b = strrchr(path, '/');
	char *dot;

	snprintf(buf, len, "%s", b ? b + 1 : path);
	dot = strrchr(buf, '.');
	if (dot && dot != buf)
		*dot = '\0';
	/* '_' separates the fields of the json file name. */
	for (char *p = buf; *p; p++)
		if (*p == '_')
			*p = '-';
}

/* snprintf that tells whether all of it fitted. */
static bool path_fmt(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static bool path_fmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n >= 0 && (size_t) n < len;
}

static int too_long(struct fv_error *e, const char *path)
{
	return fv_error_set(e, ENAMETOOLONG, FV_EXIT_CANTCREAT, NULL, 0,
			    "path too long under %s", path);
}

/*
 * DIR/NAME/<local time>, or <local time>-K when that exists: mkdir()
 * fails on an existing directory, so an earlier run is never reused.
 */
int fv_run_make_dir(struct fv_run *r, struct fv_error *e)
{
	char base[4096], ts[32];
	time_t now = time(NULL);
	struct tm tm;
	int ret;

	localtime_r(&now, &tm);
	strftime(ts, sizeof(ts), "%Y%m%dT%H%M%S", &tm);
	if (!path_fmt(base, sizeof(base), "%s/%s", r->outdir, r->label))
		return too_long(e, r->outdir);
	ret = fv_run_mkdir_p(base);
	for (int k = 1; !ret && k < 100; k++) {
		if (k == 1)
			memcpy(r->stamp, ts, sizeof(ts));
		else if (!path_fmt(r->stamp, sizeof(r->stamp), "%s-%d", ts, k))
			return too_long(e, ts);
		if (!path_fmt(r->dir, sizeof(r->dir), "%s/%s", base, r->stamp))
			return too_long(e, base);
		if (!mkdir(r->dir, 0777))
			break;
		ret = errno == EEXIST ? 0 : -errno;
		if (k == 99)
			ret = -EEXIST;
	}
	if (ret)
		return fv_error_set(e, -ret, FV_EXIT_CANTCREAT, NULL, 0,
				    "cannot create a run directory under %s: "
				    "%s",
				    base, strerror(-ret));
	/* fio runs in the run directory: every path given to it absolute. */
	if (!realpath(r->dir, base) ||
	    !path_fmt(r->dir, sizeof(r->dir), "%s", base))
		return too_long(e, r->dir);
	stem_of(r->stem, sizeof(r->stem), r->jobfile);
	if (!path_fmt(r->json, sizeof(r->json), "%s/%s_%s_%s.json", r->dir,
		      r->label, r->stem, r->stamp) ||
	    fv_partial_name(r->json, (long) getpid(), r->json_tmp,
			    sizeof(r->json_tmp)) ||
	    !path_fmt(r->jobcopy, sizeof(r->jobcopy), "%s/%s.fio", r->dir,
		      r->stem))
		return too_long(e, r->dir);
	return 0;
}

static void set_vars(const struct fv_run *r)
{
	for (size_t i = 0; i < r->nvars; i++)
		setenv(r->vars[i].name, r->vars[i].value, 1);
}

/* In the child: never returns. @parent: our pid, from before the fork. */
static void exec_fio(const struct fv_run *r, char *const *argv, bool own_pg,
		     pid_t parent)
{
	sigset_t none;

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	/*
	 * Killed (SIGKILL), we cannot pass a signal on: the kernel sends fio
	 * SIGTERM, which stops it as Ctrl-C does, instead of letting it run
	 * on alone. A parent already gone is the same.
	 */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() != parent)
		_exit(128 + SIGTERM);
	/*
	 * Its own process group: a Ctrl-C reaches fio once, forwarded by
	 * us, not twice (the terminal's and ours).
	 */
	if (own_pg)
		setpgid(0, 0);
	set_vars(r);
	if (chdir(r->dir)) /* fio writes logs and stats files in its cwd */
		_exit(127);
	execv(r->fio, argv);
	_exit(127);
}

int fv_run_parse_only(const struct fv_run *r, struct fv_error *e)
{
	char *argv[] = { (char *) r->fio, "--parse-only", (char *) r->jobcopy,
			 NULL };
	int status;
	pid_t pid;

	pid_t self = getpid();

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return fv_error_set(e, errno, FV_EXIT_SOFTWARE, NULL, 0, "%s",
				    "");
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, STDOUT_FILENO);
		exec_fio(r, argv, false, self);
	}
	if (fv_wait(pid, &status) || !WIFEXITED(status) || WEXITSTATUS(status))
		return fv_error_set(e, EINVAL, FV_EXIT_JOBFILE_BAD, NULL, 0,
				    "fio --parse-only rejects %s (as copied "
				    "to %s)",
				    r->jobfile, r->jobcopy);
	return 0;
}

static volatile sig_atomic_t got_signal;
static volatile pid_t fio_pid;

static void on_signal(int sig)
{
	got_signal = sig;
	if (fio_pid > 0)
		kill(fio_pid, SIGINT); /* fio writes the jobs that finished */
}

static void catch_signals(bool on)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, 0 };

	fv_on_signals(sigs, on ? on_signal : NULL);
}

/*
 * fio's output becomes the run's once fio has exited by itself (done,
 * failed, or stopped by a signal we passed on, having written what
 * finished). Killed outright, fio may have written part of it: it keeps
 * its temporary name, which readers skip.
 */
static void keep_output(const struct fv_run *r, int status, FILE *log)
{
	if (WIFEXITED(status)) {
		if (rename(r->json_tmp, r->json) && errno != ENOENT)
			fprintf(log, "fioverdict run: %s: %s\n", r->json,
				strerror(errno));
		return;
	}
	fprintf(log,
		"fioverdict run: fio was killed by signal %d: its output, "
		"if any, is left in %s, not read\n",
		WTERMSIG(status), r->json_tmp);
}

int fv_run_fio(struct fv_run *r, bool *interrupted, FILE *log)
{
	char out[4500];
	bool tty = isatty(STDOUT_FILENO);
	char *argv[] = { (char *) r->fio, "--output-format=json+", out,
			 "--eta=always",
			 /* a log or a pipe gets a line each 5 s, not \r */
			 tty ? "--eta-newline=60" : "--eta-newline=5",
			 tty ? "--eta-interval=1" : "--eta-interval=5",
			 (char *) r->jobcopy, NULL };

	snprintf(out, sizeof(out), "--output=%s",
		 strrchr(r->json_tmp, '/') + 1);
	return fv_run_exec(r, argv, interrupted, log);
}

int fv_run_exec(struct fv_run *r, char *const *argv, bool *interrupted,
		FILE *log)
{
	struct fv_error e = { 0 };
	sigset_t block, old;
	pid_t pid, self = getpid();
	int status, ret;

	got_signal = 0;
	catch_signals(true);
	/* Held until fio_pid is known, so that no signal is lost. */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &old);
	fflush(NULL);
	pid = fork();
	if (!pid)
		exec_fio(r, argv, true, self);
	fio_pid = pid;
	if (pid > 0)
		setpgid(pid, pid); /* both sides: no race with the exec */
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (pid < 0) {
		catch_signals(false);
		return -EAGAIN;
	}
	r->fio_pid = (long) pid;
	if (fv_run_manifest(r, "running", &e)) /* the run goes on */
		fv_error_print(&e, "fioverdict run", log);
	ret = fv_wait(pid, &status);
	fio_pid = 0;
	catch_signals(false);
	*interrupted = got_signal != 0;
	if (ret)
		return ret;
	keep_output(r, status, log);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		fprintf(log, "fioverdict run: could not start %s\n", r->fio);
		return -ENOEXEC;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void utc_now(char *buf, size_t len)
{
	time_t now = time(NULL);
	struct tm tm;

	gmtime_r(&now, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Who is running, where: a reader tells a run killed from one going on. */
static void write_runner(FILE *f, const struct fv_run *r)
{
	char host[256] = "", boot[40] = "";
	FILE *b = fopen("/proc/sys/kernel/random/boot_id", "r");

	gethostname(host, sizeof(host) - 1);
	if (b) {
		if (fgets(boot, sizeof(boot), b))
			boot[strcspn(boot, "\n")] = '\0';
		fclose(b);
	}
	fprintf(f, "runner-pid: %ld\nhost: %s\nboot-id: %s\nstarted: %s\n",
		(long) getpid(), host, boot, r->started);
	if (r->fio_pid)
		fprintf(f, "fio-pid: %ld\n", r->fio_pid);
}

int fv_run_write_record(const struct fv_run *r, const char *name,
			void (*fill)(FILE *f, const void *arg), const void *arg,
			struct fv_error *e)
{
	struct fv_atomic a;
	char path[4200];
	int ret;

	snprintf(path, sizeof(path), "%s/%s", r->dir, name);
	ret = fv_atomic_open(&a, path);
	if (ret)
		return fv_error_set(e, -ret, FV_EXIT_CANTCREAT, NULL, 0,
				    "%s: %s", path, strerror(-ret));
	fill(a.f, arg);
	ret = fv_atomic_close(&a, ferror(a.f) ? -EIO : 0);
	if (ret)
		return fv_error_set(e, -ret, FV_EXIT_CANTCREAT, NULL, 0,
				    "cannot write %s: %s", path,
				    strerror(-ret));
	return 0;
}

struct manifest {
	const struct fv_run *r;
	const char *status;
};

static void write_manifest(FILE *f, const void *arg)
{
	const struct manifest *m = arg;
	const struct fv_run *r = m->r;
	char now[32];

	fprintf(f,
		"label: %s\njobfile: %s\ntarget: %s\nquick: %s\n"
		"fio: %s\nengine: %s\nstatus: %s\n",
		r->label, r->jobfile, r->target, r->quick ? "yes" : "no",
		r->fio, r->engine, m->status);
	write_runner(f, r);
	if (strcmp(m->status, "running")) {
		utc_now(now, sizeof(now));
		fprintf(f, "finished: %s\n", now);
	}
	for (size_t i = 0; i < r->neopts; i++)
		fprintf(f, "engine-opt: %s\n", r->eopts[i]);
	for (size_t i = 0; i < r->nskus; i++)
		fprintf(f, "sku: %s\n", r->skus[i]);
	for (size_t i = 0; i < r->npaths; i++)
		fprintf(f, "path: %s\n", r->paths[i]);
	for (size_t i = 0; i < r->nvars; i++)
		fprintf(f, "env: %s=%s\n", r->vars[i].name, r->vars[i].value);
}

int fv_run_manifest(struct fv_run *r, const char *status, struct fv_error *e)
{
	const struct manifest m = { r, status };

	if (!r->started[0])
		utc_now(r->started, sizeof(r->started));
	return fv_run_write_record(r, "run.txt", write_manifest, &m, e);
}
