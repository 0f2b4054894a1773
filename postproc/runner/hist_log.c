/* SPDX-License-Identifier: MIT */
/*
 * Histogram logs and a fio built without zlib. Such a fio refuses
 * write_hist_log outright ("requires zlib in client/server mode": its
 * check is on the client type, which a plain command-line run has too),
 * and the whole suite fails before a job runs. fio --parse-only accepts
 * the option, so the only test is a run: a 4 KiB job on the null engine
 * with a histogram log, in a directory of its own. A fio that refuses it
 * for want of zlib runs the job file without its histogram logs, said
 * once; any other failure is left for the run itself to report.
 */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/util.h"
#include "runner.h"

/* snprintf that says whether all of it fit. */
static bool fits(int n, size_t len)
{
	return n >= 0 && (size_t) n < len;
}

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Is @line fio's option @key, with or without a value? */
static bool is_option(const char *line, const char *key)
{
	size_t n = strlen(key);
	const char *s = skip_space(line);

	if (strncmp(s, key, n))
		return false;
	s = skip_space(s + n);
	return *s == '=' || *s == '\n' || *s == '\r' || *s == '\0';
}

bool fv_run_is_hist_log_line(const char *line)
{
	return is_option(line, "write_hist_log") ||
	       is_option(line, "log_hist_msec") ||
	       is_option(line, "log_hist_coarseness");
}

static bool jobfile_has_hist_log(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = is_option(line, "write_hist_log");
	fclose(f);
	return found;
}

static void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4400];

	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    fits(snprintf(path, sizeof(path), "%s/%s", dir, e->d_name),
			 sizeof(path)))
			unlink(path);
	if (d)
		closedir(d);
	rmdir(dir);
}

/* Does fio's stderr in @path say it lacks zlib for histogram logs? */
static bool says_no_zlib(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	bool found = false;

	while (f && !found && fgets(line, sizeof(line), f))
		found = strstr(line, "write_hist_log") && strstr(line, "zlib");
	if (f)
		fclose(f);
	return found;
}

/* 1: fio refuses write_hist_log for want of zlib; 0: it takes it. */
static int probe(const char *fio, const char *dir)
{
	char log[4200], errpath[4200];
	char *argv[] = { (char *) fio,		 "--name=fioverdict-hist-probe",
			 "--ioengine=null",	 "--size=4k",
			 "--output=/dev/null",	 log,
			 "--log_hist_msec=1000", NULL };
	int status, efd, ret;
	pid_t pid;

	if (!fits(snprintf(log, sizeof(log), "--write_hist_log=%s/probe", dir),
		  sizeof(log)) ||
	    !fits(snprintf(errpath, sizeof(errpath), "%s/stderr", dir),
		  sizeof(errpath)))
		return -ENAMETOOLONG;
	/* fio's complaint, read by says_no_zlib */
	efd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	pid = fv_spawn(argv, FV_SPAWN_NULL, FV_SPAWN_NULL, efd);
	if (efd >= 0)
		close(efd);
	if (pid < 0)
		return (int) pid;
	ret = fv_wait(pid, &status);
	if (ret)
		return ret;
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	return says_no_zlib(errpath);
}

int fv_run_check_hist_log(struct fv_run *r, struct fv_diags *d,
			  struct fv_error *e)
{
	char dir[] = "/tmp/fioverdict-hist-probe.XXXXXX";
	int ret;

	r->drop_hist_log = false;
	if (r->hosts.n || !jobfile_has_hist_log(r->jobfile))
		return 0;
	if (!mkdtemp(dir))
		return fv_error_set(e, errno, FV_EXIT_CANTCREAT, NULL, 0,
				    "%s: %s", dir, strerror(errno));
	ret = probe(r->fio, dir);
	remove_tree(dir);
	if (ret < 0)
		return fv_error_set(e, -ret, FV_EXIT_UNAVAILABLE, NULL, 0,
				    "could not start %s: %s", r->fio,
				    strerror(-ret));
	r->drop_hist_log = ret == 1;
	if (r->drop_hist_log)
		fv_diag_add(d, FV_NOTE, NULL, 0, 0,
			    "%s was built without zlib and refuses "
			    "write_hist_log: %s runs without its histogram "
			    "logs (fioverdict timeline has none to read); a "
			    "fio built with zlib (zlib1g-dev) keeps them",
			    r->fio, r->jobfile);
	return 0;
}
