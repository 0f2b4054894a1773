/* SPDX-License-Identifier: MIT */
/*
 * A suite on several hosts through fio's client and servers (the checks
 * before are preflight.c's): each host's copy of the job file with the
 * run's values written in (fio's client sends the job file's text, which
 * each server parses in its own environment), one fio --client for every
 * host at once, and the hosts whose results never came.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ingest/ingest.h"
#include "util/util.h"
#include "runner.h"

/* ---- The run ---- */

/* Writes line with each declared ${VAR} replaced by the host's value. */
static int put_line(const struct fv_run *r, const struct fv_host *h,
		    const char *line, FILE *out)
{
	for (const char *p = line; *p;) {
		const struct fv_run_var *v = NULL;
		size_t n = 0;

		for (size_t i = 0; *p == '$' && p[1] == '{' && i < r->nvars;
		     i++) {
			n = strlen(r->vars[i].name);
			if (!strncmp(p + 2, r->vars[i].name, n) &&
			    p[2 + n] == '}') {
				v = &r->vars[i];
				break;
			}
		}
		if (!v) {
			fputc(*p++, out);
			continue;
		}
		if (!strcmp(v->name, "FV_TARGET"))
			fputs(h->target, out);
		else
			fputs(fv_host_value(h, v->name)
				      ? fv_host_value(h, v->name)
				      : v->value,
			      out);
		p += n + 3;
	}
	return ferror(out) ? -EIO : 0;
}

static bool ioengine_line(const char *line)
{
	line += strspn(line, " \t");
	return !strncmp(line, "ioengine", 8) &&
	       line[8 + strspn(line + 8, " \t")] == '=';
}

static int write_one(const struct fv_run *r, struct fv_host *h, FILE *in)
{
	char line[8192];
	bool named = false;
	FILE *out;
	int ret = 0;

	out = fopen(h->jobfile, "w");
	if (!out)
		return -errno;
	fprintf(out, "; host %s (fio --client=%s)\n", h->name, h->fio_arg);
	rewind(in);
	while (!ret && fgets(line, sizeof(line), in)) {
		ret = put_line(r, h, line, out);
		/* The stats this host's engine sends carry its name. */
		if (!ret && !named && fv_run_our_engine(r) &&
		    ioengine_line(line)) {
			fprintf(out, "stats_host=%s\n", h->name);
			named = true;
		}
	}
	if (fclose(out) || ferror(in))
		ret = -EIO;
	return ret;
}

int fv_hosts_write_jobfiles(struct fv_run *r, struct fv_error *e)
{
	char dir[4200];
	FILE *in = fopen(r->jobcopy, "r");
	int ret = 0;

	snprintf(dir, sizeof(dir), "%s/hosts", r->dir);
	if (!in || (mkdir(dir, 0777) && errno != EEXIST))
		ret = -errno;
	for (size_t i = 0; !ret && i < r->hosts.n; i++) {
		struct fv_host *h = &r->hosts.v[i];

		if (snprintf(h->jobfile, sizeof(h->jobfile), "%s/%s.fio", dir,
			     h->tag) >= (int) sizeof(h->jobfile))
			ret = -ENAMETOOLONG;
		else
			ret = write_one(r, h, in);
	}
	if (in)
		fclose(in);
	if (ret)
		return fv_error_set(e, -ret, FV_EXIT_CANTCREAT, NULL, 0,
				    "cannot write the hosts' job files in %s: "
				    "%s",
				    dir, strerror(-ret));
	return 0;
}

int fv_hosts_run(struct fv_run *r, bool *interrupted, FILE *log)
{
	size_t n = 6 + 2 * r->hosts.n + 1, k = 0;
	char **argv = calloc(n, sizeof(*argv)), out[4500];
	bool tty = isatty(STDOUT_FILENO), ok = argv != NULL;
	int ret = -ENOMEM;

	snprintf(out, sizeof(out), "--output=%s",
		 strrchr(r->json_tmp, '/') + 1);
	/* fio's own options before the first --client: after one, fio
	 * sends them to that server. */
	if (ok) {
		argv[k++] = (char *) r->fio;
		argv[k++] = "--output-format=json+";
		argv[k++] = out;
		argv[k++] = "--eta=always";
		argv[k++] = tty ? "--eta-newline=60" : "--eta-newline=5";
		argv[k++] = tty ? "--eta-interval=1" : "--eta-interval=5";
	}
	for (size_t i = 0; ok && i < r->hosts.n; i++) {
		ok = asprintf(&argv[k], "--client=%s", r->hosts.v[i].fio_arg) >=
		     0;
		k += ok;
		ok = ok && (argv[k++] = strdup(r->hosts.v[i].jobfile));
	}
	if (ok)
		ret = fv_run_exec(r, argv, interrupted, log);
	for (size_t i = 6; argv && i < k; i++)
		free(argv[i]);
	free(argv);
	return ret;
}

/* ---- After the run ---- */

/* fio's own line about a host it lost ("client: host=X disconnected"). */
static void fio_says(const char *path, const struct fv_host *h, char *buf,
		     size_t len)
{
	FILE *f = fopen(path, "r");
	char line[1024];

	buf[0] = '\0';
	while (f && fgets(line, sizeof(line), f) && line[0] != '{') {
		if (line[0] == '<' || !strstr(line, h->addr) ||
		    !strstr(line, "client"))
			continue;
		snprintf(buf, len, "%.*s", (int) strcspn(line, "\r\n"), line);
		if (strstr(line, "disconnected") || strstr(line, "timed out"))
			break;
	}
	if (f)
		fclose(f);
}

static bool has_results(const struct fv_set *set, const struct fv_host *h)
{
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (j->kind != FV_JOB_ALL_CLIENTS && j->kind != FV_JOB_FLEET &&
		    j->hostname && !strcmp(j->hostname, h->addr) &&
		    j->port == h->port)
			return true;
	}
	return false;
}

/*
 * fio's output, read as the file alone: its run directory's manifest
 * still says the run is going on (it is: this is part of it), which
 * would make a reader of the directory set it aside.
 */
static int read_output(struct fv_set *set, const char *path, const char *dir)
{
	FILE *f = fopen(path, "rb");
	char *text;
	size_t len;
	int ret;

	if (!f)
		return 0; /* no output: every host is missing */
	ret = fv_read_all(f, 0, &text, &len);
	fclose(f);
	if (ret) /* unreadable: as no output, but for want of memory */
		return ret == -ENOMEM ? ret : 0;
	ret = fv_ingest_buffer(set, path, dir, text, len, true);
	free(text);
	return ret == -ENOMEM ? ret : 0;
}

int fv_hosts_missing(const struct fv_run *r, FILE *log)
{
	struct fv_set set;
	int missing = 0;

	fv_set_init(&set, NULL);
	if (read_output(&set, r->json, r->dir)) {
		fv_set_free(&set);
		return -ENOMEM;
	}
	for (size_t i = 0; i < r->hosts.n; i++) {
		const struct fv_host *h = &r->hosts.v[i];
		char says[600];

		if (has_results(&set, h))
			continue;
		missing++;
		fio_says(r->json, h, says, sizeof(says));
		fprintf(log,
			"fioverdict run: host %s: no results: its fio server "
			"stopped answering during the run%s%s%s; what the "
			"other hosts finished is kept\n",
			h->name, says[0] ? " (fio: \"" : "", says,
			says[0] ? "\")" : "");
	}
	fv_set_free(&set);
	return missing;
}

int fv_hosts_manifest(const struct fv_run *r, struct fv_error *e)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/run.txt", r->dir);
	f = fopen(path, "a");
	if (!f)
		return fv_error_set(e, errno, FV_EXIT_CANTCREAT, NULL, 0,
				    "%s: %s", path, strerror(errno));
	for (size_t i = 0; i < r->hosts.n; i++) {
		const struct fv_host *h = &r->hosts.v[i];

		fprintf(f,
			"fio-host: %s server=%s fio=%s target=%s "
			"jobfile=hosts/%s.fio",
			h->name, h->server_name, h->server_fio, h->target,
			h->tag);
		for (size_t k = 0; k < h->nvars; k++)
			fprintf(f, " %s=%s", h->vars[k].name, h->vars[k].value);
		fputc('\n', f);
	}
	return fclose(f) ? -EIO : 0; /* e left empty: as before, unsaid */
}
