/* SPDX-License-Identifier: MIT */
/* A run directory's manifest: is the run whole, cut short, or still going? */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ingest_int.h"
#include "manifest.h"
#include "util/util.h"

/* Manifests are a few hundred bytes: MANIFEST_MAX or more is not ours. */
#define MANIFEST_MAX 65536

/* Copies the value [v, end) into out, if it fits with its NUL. */
static void take(char *out, size_t len, const char *v, const char *end)
{
	size_t n = (size_t) (end - v);

	if (n < len) {
		memcpy(out, v, n);
		out[n] = '\0';
	}
}

static long number(const char *v, const char *end)
{
	char buf[24];
	char *e;
	long n;

	if ((size_t) (end - v) >= sizeof(buf))
		return 0;
	memcpy(buf, v, (size_t) (end - v));
	buf[end - v] = '\0';
	n = strtol(buf, &e, 10);
	return *buf && !*e && n > 0 ? n : 0;
}

/* One line, [p, p + n) without its newline. */
static void line(struct fv_manifest *m, const char *p, size_t n)
{
	const struct {
		const char *key;
		char *text; /* a string field of size bytes, */
		size_t size;
		long *number; /* or a number */
	} keys[] = {
		{ "status", m->status, FV_CHARS(m->status), NULL },
		{ "host", m->host, FV_CHARS(m->host), NULL },
		{ "boot-id", m->boot_id, FV_CHARS(m->boot_id), NULL },
		{ "started", m->started, FV_CHARS(m->started), NULL },
		{ "runner-pid", NULL, 0, &m->pid },
		{ "fio-pid", NULL, 0, &m->fio_pid },
	};
	const char *colon, *v, *end;
	size_t klen;

	if (n && p[n - 1] == '\r')
		n--; /* a manifest copied through Windows */
	colon = memchr(p, ':', n);
	end = p + n;
	if (!colon || colon + 1 == end || colon[1] != ' ')
		return;
	v = colon + 2;
	klen = (size_t) (colon - p);
	for (size_t i = 0; i < FV_ARRAY_SIZE(keys); i++) {
		if (strlen(keys[i].key) != klen || memcmp(keys[i].key, p, klen))
			continue;
		if (keys[i].text)
			take(keys[i].text, keys[i].size, v, end);
		else
			*keys[i].number = number(v, end);
	}
}

int fv_manifest_parse(const char *buf, size_t len, struct fv_manifest *m)
{
	const char *p = buf, *end = buf + len;

	memset(m, 0, sizeof(*m));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t) (end - p));

		line(m, p, (size_t) ((nl ? nl : end) - p));
		p = nl ? nl + 1 : end;
	}
	return m->status[0] ? 0 : -EINVAL;
}

/* The first line of a small file, without its newline; "" if none. */
static void read_small(const char *path, char *out, size_t len)
{
	FILE *f = fopen(path, "r");

	out[0] = '\0';
	if (!f)
		return;
	if (fgets(out, (int) len, f))
		out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

/* Is the runner that wrote @m alive, here, in this boot of the machine? */
static bool runner_alive(const struct fv_manifest *m)
{
	char host[256] = "", boot[40];

	gethostname(host, sizeof(host) - 1);
	read_small("/proc/sys/kernel/random/boot_id", boot, sizeof(boot));
	if (!m->pid || strcmp(m->host, host) || !boot[0] ||
	    strcmp(m->boot_id, boot))
		return false;
	return !kill((pid_t) m->pid, 0) || errno == EPERM;
}

static int read_manifest(const char *path, char **buf, size_t *len)
{
	FILE *f = fopen(path, "re");
	int ret;

	if (!f)
		return -errno;
	ret = fv_read_all(f, MANIFEST_MAX - 1, buf, len);
	fclose(f);
	return ret;
}

static int judge(const char *path, const struct fv_manifest *m,
		 struct fv_diags *d)
{
	if (!strcmp(m->status, "done"))
		return FV_RUN_DONE;
	if (!strcmp(m->status, "interrupted"))
		return fv_diag_add(d, FV_WARNING, path, 0, 0,
				   "interrupted run: fio was stopped by a "
				   "signal; the jobs it had not finished are "
				   "missing or short")
			       ?: FV_RUN_INTERRUPTED;
	if (!strcmp(m->status, "fio failed"))
		return fv_diag_add(d, FV_WARNING, path, 0, 0,
				   "fio exited with an error in this run: "
				   "its results may be incomplete")
			       ?: FV_RUN_FIO_FAILED;
	if (!strcmp(m->status, "hosts lost"))
		return fv_diag_add(d, FV_WARNING, path, 0, 0,
				   "hosts lost in this run: the results of "
				   "the hosts whose fio server stopped "
				   "answering are missing (run.txt lists the "
				   "hosts)")
			       ?: FV_RUN_FIO_FAILED;
	if (strcmp(m->status, "running"))
		return FV_RUN_UNKNOWN;
	if (runner_alive(m))
		return fv_diag_add(d, FV_ERROR, path, 0, 0,
				   "run in progress ('fioverdict run', pid "
				   "%ld, started %s): not read until it ends",
				   m->pid, m->started[0] ? m->started : "?")
			       ?: FV_RUN_IN_PROGRESS;
	return fv_diag_add(d, FV_ERROR, path, 0, 0,
			   "incomplete run: 'fioverdict run' (pid %ld on %s, "
			   "started %s) stopped before it finished (killed, "
			   "or the machine stopped); its results are not a "
			   "whole run and are not read",
			   m->pid, m->host[0] ? m->host : "an unknown host",
			   m->started[0] ? m->started : "at an unknown time")
		       ?: FV_RUN_INCOMPLETE;
}

int fv_manifest_check(const char *dir, struct fv_diags *diags)
{
	struct fv_manifest m;
	char *path, *buf = NULL;
	size_t len = 0;
	int ret;

	if (asprintf(&path, "%s%s" FV_MANIFEST_NAME, dir,
		     dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/") < 0)
		return -ENOMEM;
	ret = read_manifest(path, &buf, &len);
	if (ret) {
		if (ret != -ENOMEM)
			ret = FV_RUN_UNKNOWN;
		goto out;
	}
	if (fv_manifest_parse(buf, len, &m))
		ret = FV_RUN_UNKNOWN;
	else
		ret = judge(path, &m, diags);
out:
	free(buf);
	free(path);
	return ret;
}
