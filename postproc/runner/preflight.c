/* SPDX-License-Identifier: MIT */
/*
 * The checks before a suite runs on several hosts, each failure naming
 * the host and the remedy: each server there and of the client's fio
 * (probe.c), servers of one machine not sharing a target, then a tiny
 * probe job through each server: the engine loads at the path the job
 * names, the target is usable there, the engine sends its stats line.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "util/util.h"
#include "runner.h"

#define PROBE_PARALLEL 16
#define PROBE_SECONDS 120
#define STATS_TAG "fioverdict-durability/1 "

/* ---- fio --version here ---- */

int fv_run_fio_version(const struct fv_run *r, char *buf, size_t len)
{
	char *argv[] = { (char *) r->fio, "--version", NULL };
	int fds[2], status;
	ssize_t n = 0, got;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	pid = fv_spawn(argv, -1, fds[1], -1);
	close(fds[1]);
	while (pid > 0 && (size_t) n + 1 < len &&
	       (got = read(fds[0], buf + n, len - (size_t) n - 1)) > 0)
		n += got;
	close(fds[0]);
	buf[n] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	if (pid < 0 || fv_wait(pid, &status) || !WIFEXITED(status) ||
	    WEXITSTATUS(status) || !*buf)
		return -ENOEXEC;
	return 0;
}

/* ---- Reachable, and the same fio ---- */

/*
 * Each host that failed a check is said on d, all of them: e gets only
 * the exit status of the first, with no text of its own.
 */
static int hosts_failed(struct fv_error *e, int status)
{
	return fv_error_set(e, EHOSTUNREACH, status, NULL, 0, "%s", "");
}

/* A host that is not a fio server of the client's fio: said on d. */
static int probe_failed(const struct fv_host *h, const char *local,
			struct fv_diags *d)
{
	const char *why = strerror(-h->probe_err);

	switch (h->probe) {
	case FV_PROBE_ANSWERED:
		if (!strcmp(h->server_fio, local))
			return 0;
		fv_diag_add(d, FV_ERROR, NULL, 0, 0,
			    "host %s: its fio server (on %s) runs %s, this "
			    "client %s: fio's server drops a client of another "
			    "version and the run would fail; install %s there",
			    h->name, h->server_name, h->server_fio, local,
			    local);
		break;
	case FV_PROBE_UNKNOWN_NAME:
		fv_diag_add(d, FV_ERROR, NULL, 0, 0,
			    "host %s: the name %s does not resolve: check the "
			    "host list",
			    h->name, h->addr);
		break;
	case FV_PROBE_UNREACHABLE:
		fv_diag_add(d, FV_ERROR, NULL, 0, 0,
			    "host %s: no fio server reachable at %s port %d "
			    "(%s): start one there, on a private address: fio "
			    "--server=%s --daemonize=PIDFILE (or tunnel to it, "
			    "see SECURITY in fioverdict(1))",
			    h->name, h->addr, h->port, why, h->fio_arg);
		break;
	case FV_PROBE_SILENT:
		fv_diag_add(
			d, FV_ERROR, NULL, 0, 0,
			"host %s: %s port %d accepts connections but "
			"answers fio's probe in no protocol version of fio "
			"3.33 and later (%s): not a fio server, or an older "
			"fio; run %s there",
			h->name, h->addr, h->port, why, local);
		break;
	case FV_PROBE_NOT_FIO:
	default:
		fv_diag_add(d, FV_ERROR, NULL, 0, 0,
			    "host %s: what answers at %s port %d is not a fio "
			    "server",
			    h->name, h->addr, h->port);
		break;
	}
	return FV_EXIT_UNAVAILABLE;
}

/*
 * Servers on one machine share its files: without {host} in the target,
 * they would test (and overwrite) one file.
 */
static int shared_target(const struct fv_run *r, struct fv_error *e)
{
	const struct fv_hostlist *hl = &r->hosts;

	if (strstr(r->target, "{host}"))
		return 0;
	for (size_t i = 0; i < hl->n; i++)
		for (size_t k = i + 1; k < hl->n; k++)
			if (hl->v[i].server_name[0] &&
			    !strcmp(hl->v[i].server_name, hl->v[k].server_name))
				return fv_error_set(
					e, EEXIST, FV_EXIT_NOINPUT, NULL, 0,
					"hosts %s and %s are the same machine "
					"(%s): both servers would use %s; put "
					"{host} in --target (e.g. "
					"/data/fv-{host}.dat)",
					hl->v[i].name, hl->v[k].name,
					hl->v[i].server_name, r->target);
	return 0;
}

/* ---- The probe job ---- */

struct probe_job {
	char dir[64];
	pid_t *pids;
	int64_t *deadline;
};

static int write_probe(const struct fv_run *r, const struct fv_host *h,
		       const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	fprintf(f,
		"; fioverdict run --check: can %s load the engine and use "
		"the target?\n[probe]\nioengine=%s\n",
		h->name, r->engine);
	for (size_t i = 0; i < r->neopts; i++)
		fprintf(f, "%s\n", r->eopts[i]);
	if (fv_run_our_engine(r))
		fprintf(f, "stats_host=%s\nstats_file=-\n", h->name);
	/* Opened for writing as the run will, 4 KiB read: nothing written
	 * to a target that exists. */
	fprintf(f,
		"filename=%s\nsize=4k\nio_size=4k\nbs=4k\nrw=randrw\n"
		"rwmixread=100\n",
		h->target);
	return fclose(f) ? -EIO : 0;
}

static pid_t start_probe(const struct fv_run *r, const struct fv_host *h,
			 const char *dir)
{
	char job[4200], out[4200], arg[320];
	char *argv[] = {
		(char *) r->fio, "--output-format=json", out, arg, job, NULL
	};

	snprintf(job, sizeof(job), "%s/%s.fio", dir, h->tag);
	snprintf(out, sizeof(out), "--output=%s/%s.out", dir, h->tag);
	snprintf(arg, sizeof(arg), "--client=%s", h->fio_arg);
	if (write_probe(r, h, job))
		return -1;
	return fv_spawn(argv, FV_SPAWN_NULL, FV_SPAWN_NULL, FV_SPAWN_NULL);
}

static int64_t seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec;
}

/* Reaps what finished; kills what ran past its deadline. */
static size_t reap(struct probe_job *pj, size_t n, bool block)
{
	size_t running = 0;

	for (size_t i = 0; i < n; i++) {
		int status;

		if (pj->pids[i] <= 0)
			continue;
		if (seconds() > pj->deadline[i])
			kill(pj->pids[i], SIGKILL);
		if (waitpid(pj->pids[i], &status, WNOHANG) == pj->pids[i])
			pj->pids[i] = 0;
		else
			running++;
	}
	if (block && running)
		usleep(20000);
	return running;
}

static int run_probes(const struct fv_run *r, struct probe_job *pj)
{
	const struct fv_hostlist *hl = &r->hosts;
	size_t next = 0;

	pj->pids = calloc(hl->n, sizeof(*pj->pids));
	pj->deadline = calloc(hl->n, sizeof(*pj->deadline));
	if (!pj->pids || !pj->deadline)
		return -ENOMEM;
	while (next < hl->n || reap(pj, hl->n, false)) {
		if (next < hl->n && reap(pj, hl->n, false) < PROBE_PARALLEL) {
			pj->deadline[next] = seconds() + PROBE_SECONDS;
			pj->pids[next] = start_probe(r, &hl->v[next], pj->dir);
			next++;
			continue;
		}
		reap(pj, hl->n, true);
	}
	return 0;
}

/* What fio's client wrote for the probe of one host. */
struct probe_out {
	char msg[600]; /* the servers' "fio: ..." lines */
	bool stats;    /* a stats line came */
	bool ran;      /* the job has an entry in client_stats */
	int error;     /* its error */
	double read;   /* bytes it read */
};

static void add_msg(struct probe_out *o, const char *line)
{
	size_t n = strlen(o->msg);
	const char *p = strstr(line, "fio: ");

	if (!p) /* fio's check of an engine's FIO_IOOPS_VERSION */
		p = strstr(line, "bad ioops version");
	if (!p || n + 4 >= sizeof(o->msg))
		return;
	snprintf(o->msg + n, sizeof(o->msg) - n, "%s%.*s", n ? "; " : "",
		 (int) strcspn(p, "\r\n"), p);
}

static void read_entry(struct probe_out *o, const json_t *root)
{
	const json_t *e;
	size_t i;

	json_array_foreach(json_object_get(root, "client_stats"), i, e)
	{
		const char *name =
			json_string_value(json_object_get(e, "jobname"));

		if (!name || strcmp(name, "probe"))
			continue;
		o->ran = true;
		o->error =
			(int) json_integer_value(json_object_get(e, "error"));
		o->read = json_number_value(json_object_get(
			json_object_get(e, "read"), "io_bytes"));
	}
}

static void read_probe(const char *path, struct probe_out *o)
{
	FILE *f = fopen(path, "r");
	char line[8192];
	long json_at = -1;

	memset(o, 0, sizeof(*o));
	if (!f)
		return;
	while (json_at < 0 && fgets(line, sizeof(line), f)) {
		if (line[0] == '{') {
			json_at = ftell(f) - (long) strlen(line);
			break;
		}
		o->stats |= strstr(line, STATS_TAG) != NULL;
		add_msg(o, line);
	}
	if (json_at >= 0 && !fseek(f, json_at, SEEK_SET)) {
		json_error_t jerr;
		json_t *root = json_loadf(f, JSON_DISABLE_EOF_CHECK, &jerr);

		read_entry(o, root);
		json_decref(root);
	}
	fclose(f);
}

/* What the probe job says of a host: 0, or an exit status said on d. */
static int probe_verdict(const struct fv_run *r, const struct fv_host *h,
			 const struct probe_out *o, struct fv_diags *d)
{
	const char *so =
		r->engine + (strncmp(r->engine, "external:", 9) ? 0 : 9);

	if (!o->ran && strstr(o->msg, "version")) {
		fv_diag_add(d, FV_ERROR, NULL, 0, 0,
			    "host %s: the engine %s there was built for "
			    "another fio (%s): build it there against that "
			    "host's fio (make)",
			    h->name, so, o->msg);
		return FV_EXIT_UNAVAILABLE;
	}
	if (!o->ran) {
		fv_diag_add(d, FV_ERROR, NULL, 0, 0,
			    "host %s: fio there cannot run the job with "
			    "ioengine=%s (%s): install the engine at that path "
			    "there, or set FV_ENGINE=external:PATH to where it "
			    "is there",
			    h->name, r->engine,
			    o->msg[0] ? o->msg : "no answer");
		return FV_EXIT_UNAVAILABLE;
	}
	if (o->error || !(o->read > 0)) {
		fv_diag_add(d, FV_ERROR, NULL, 0, 0,
			    "host %s: target %s is unusable there (%s%s%s)",
			    h->name, h->target,
			    o->error ? strerror(o->error) : "",
			    o->error && o->msg[0] ? ": " : "",
			    o->msg[0]	? o->msg
			    : !o->error ? "nothing could be read"
					: "");
		return FV_EXIT_NOINPUT;
	}
	if (fv_run_our_engine(r) && !o->stats) {
		fv_diag_add(d, FV_ERROR, NULL, 0, 0,
			    "host %s: the engine %s there sends no stats line "
			    "(an older build): its durability stats would not "
			    "reach this client; install this build there",
			    h->name, so);
		return FV_EXIT_UNAVAILABLE;
	}
	return 0;
}

static void remove_dir(const struct fv_run *r, const char *dir)
{
	char path[4400];

	for (size_t i = 0; i < r->hosts.n; i++) {
		snprintf(path, sizeof(path), "%s/%s.fio", dir,
			 r->hosts.v[i].tag);
		unlink(path);
		snprintf(path, sizeof(path), "%s/%s.out", dir,
			 r->hosts.v[i].tag);
		unlink(path);
	}
	rmdir(dir);
}

/* Every host's probe job: 0, or the first host's exit status. */
static int probe_jobs(struct fv_run *r, struct fv_diags *d, struct fv_error *e)
{
	struct probe_job pj = { .dir = "/tmp/fioverdict-probe.XXXXXX" };
	int ret, worst = 0;

	if (!mkdtemp(pj.dir))
		return fv_error_set(e, errno, FV_EXIT_CANTCREAT, NULL, 0,
				    "%s: %s", pj.dir, strerror(errno));
	ret = run_probes(r, &pj);
	for (size_t i = 0; !ret && i < r->hosts.n; i++) {
		struct probe_out o;
		char path[4400];
		int s;

		snprintf(path, sizeof(path), "%s/%s.out", pj.dir,
			 r->hosts.v[i].tag);
		read_probe(path, &o);
		s = probe_verdict(r, &r->hosts.v[i], &o, d);
		worst = worst ? worst : s;
	}
	remove_dir(r, pj.dir);
	free(pj.pids);
	free(pj.deadline);
	if (ret) /* out of memory: said by the status alone */
		return fv_error_set(e, -ret, FV_EXIT_SOFTWARE, NULL, 0, "%s",
				    "");
	return worst ? hosts_failed(e, worst) : 0;
}

/* A host's own value of a variable (@FILE: NAME=VALUE), or NULL. */
static bool declared(const struct fv_run *r, const char *name)
{
	for (size_t i = 0; i < r->nvars; i++)
		if (!strcmp(r->vars[i].name, name))
			return true;
	return false;
}

/* Each host's values are variables the job file declares. */
static int check_host_vars(const struct fv_run *r, struct fv_error *e)
{
	for (size_t i = 0; i < r->hosts.n; i++)
		for (size_t k = 0; k < r->hosts.v[i].nvars; k++) {
			const char *name = r->hosts.v[i].vars[k].name;

			if (declared(r, name))
				continue;
			return fv_error_set(e, ENOENT, FV_EXIT_USAGE, NULL, 0,
					    "host %s: %s is not a variable of "
					    "%s (it declares its variables in "
					    "lines '#@ NAME=VALUE')",
					    r->hosts.v[i].name, name,
					    r->jobfile);
		}
	return 0;
}

static int set_targets(struct fv_run *r, struct fv_error *e)
{
	int ret = check_host_vars(r, e);

	if (ret)
		return ret;
	for (size_t i = 0; i < r->hosts.n; i++) {
		struct fv_host *h = &r->hosts.v[i];
		const char *t = fv_host_value(h, "FV_TARGET");

		if ((t ? t : r->target_abs)[0] != '/')
			return fv_error_set(e, EINVAL, FV_EXIT_NOINPUT, NULL, 0,
					    "host %s: target %s: with --hosts "
					    "the target is a path on each "
					    "host: give it absolute",
					    h->name, t ? t : r->target);
		if (fv_host_subst(h, t ? t : r->target_abs, h->target,
				  sizeof(h->target)))
			return fv_error_set(e, ENAMETOOLONG, FV_EXIT_NOINPUT,
					    NULL, 0, "target %s: too long",
					    r->target);
	}
	return 0;
}

int fv_hosts_preflight(struct fv_run *r, struct fv_diags *d, struct fv_error *e)
{
	char local[64];
	int ret = set_targets(r, e), worst = 0;

	if (ret)
		return ret;
	if (fv_run_fio_version(r, local, sizeof(local)))
		return fv_error_set(e, ENOEXEC, FV_EXIT_UNAVAILABLE, NULL, 0,
				    "%s --version failed", r->fio);
	fv_hosts_probe(&r->hosts, local);
	for (size_t i = 0; i < r->hosts.n; i++) {
		ret = probe_failed(&r->hosts.v[i], local, d);
		worst = worst ? worst : ret;
	}
	if (worst)
		return hosts_failed(e, worst);
	ret = shared_target(r, e);
	return ret ? ret : probe_jobs(r, d, e);
}
