/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "label.h"

int fv_label_rule_parse(struct fv_label_rule *r, const char *arg)
{
	const char *eq = strchr(arg, '=');
	size_t plen;

	memset(r, 0, sizeof(*r));
	if (!eq || eq == arg || !eq[1])
		return -EINVAL;
	r->name = strndup(arg, (size_t) (eq - arg));
	r->path = strdup(eq + 1);
	if (!r->name || !r->path) {
		fv_label_rule_free(r);
		return -ENOMEM;
	}
	plen = strlen(r->path);
	while (plen > 1 && r->path[plen - 1] == '/')
		r->path[--plen] = '\0';
	r->real = realpath(r->path, NULL);
	return 0;
}

void fv_label_rule_free(struct fv_label_rule *r)
{
	free(r->name);
	free(r->path);
	free(r->real);
	memset(r, 0, sizeof(*r));
}

static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '\0' || path[n] == '/');
}

static const struct fv_label_rule *
match_rule(const char *source, const struct fv_label_rule *rules, size_t n)
{
	char *real = NULL;
	const struct fv_label_rule *hit = NULL;

	for (size_t i = 0; i < n && !hit; i++)
		if (under(source, rules[i].path))
			hit = &rules[i];
	if (hit || !n)
		return hit;
	/* The same place spelled differently: ./runs/a, /abs/runs/a. */
	real = realpath(source, NULL);
	for (size_t i = 0; i < n && real && !hit; i++)
		if (rules[i].real && under(real, rules[i].real))
			hit = &rules[i];
	free(real);
	return hit;
}

/* A timestamp token: digits with '-' or 'T' separators, >= 8 digits. */
static bool is_timestamp(const char *s, size_t len)
{
	size_t digits = 0;

	for (size_t i = 0; i < len; i++) {
		if (isdigit((unsigned char) s[i]))
			digits++;
		else if (s[i] != '-' && s[i] != 'T')
			return false;
	}
	return digits >= 8;
}

/* Words a test name starts with in the seed's script and its kin. */
static bool is_test_word(const char *s, size_t len)
{
	static const char *const words[] = {
		"warmup", "scaling", "peak",	   "steady", "sync",
		"seq",	  "rand",    "throughput", "read",   "write",
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		size_t wl = strlen(words[i]);

		if (len >= wl && !strncasecmp(s, words[i], wl))
			return true;
	}
	return false;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

int fv_filename_split(const char *path, char **label, char **test)
{
	const char *base = base_name(path), *dot = strrchr(base, '.');
	size_t len = dot && dot != base ? (size_t) (dot - base) : strlen(base);
	const char *first = memchr(base, '_', len), *last, *t;

	last = first ? memrchr(base, '_', len) : NULL;
	if (!first || last == first ||
	    !is_timestamp(last + 1, (size_t) (base + len - last - 1)))
		return -ENOENT;
	/* The label may hold '_': the test starts at the first test word. */
	t = first;
	for (const char *p = first; p < last;
	     p = memchr(p + 1, '_', (size_t) (base + len - p - 1))) {
		if (is_test_word(p + 1, (size_t) (last - p - 1))) {
			t = p;
			break;
		}
	}
	if (label && !(*label = strndup(base, (size_t) (t - base))))
		return -ENOMEM;
	if (test && !(*test = strndup(t + 1, (size_t) (last - t - 1)))) {
		if (label) {
			free(*label);
			*label = NULL;
		}
		return -ENOMEM;
	}
	return 0;
}

static char *dir_label(const char *source)
{
	char *copy, *slash, *real, *out;

	if (!strcmp(source, "-"))
		return strdup("stdin");
	copy = strdup(source);
	if (!copy)
		return NULL;
	slash = strrchr(copy, '/');
	if (slash && slash != copy) {
		*slash = '\0';
		slash = strrchr(copy, '/');
		out = strdup(slash ? slash + 1 : copy);
		if (out && strcmp(out, ".") && strcmp(out, "..")) {
			free(copy);
			return out;
		}
		free(out);
		if (slash)
			slash[1] = '\0';
	} else {
		strcpy(copy, ".");
	}
	/* "file.json" or "./file.json": the working directory's name. */
	real = realpath(slash == copy ? "/" : copy, NULL);
	free(copy);
	out = strdup(real && strcmp(real, "/") ? base_name(real) : "/");
	free(real);
	return out;
}

/* What a client's job is on its fleet: its host, the fleet's sum, fio's. */
static const char *host_part(const struct fv_job *job)
{
	if (job->kind == FV_JOB_ALL_CLIENTS)
		return "All clients";
	if (job->kind == FV_JOB_FLEET)
		return "fleet";
	return job->host;
}

/*
 * Client/server output: the label is the host, after the fleet's name
 * when --label or the file name gives one ("p30@127.0.0.2"), so that
 * several fleets over the same hosts stay apart.
 */
static int label_host(struct fv_job *job, const struct fv_label_rule *r)
{
	char *fleet = NULL;

	if (r)
		fleet = strdup(r->name);
	else if (fv_filename_split(job->source, &fleet, NULL) == -ENOMEM)
		return -ENOMEM;
	if (r && !fleet)
		return -ENOMEM;
	job->label_rule = r	  ? "--label@hostname"
			  : fleet ? "file name@hostname"
				  : "hostname";
	free(job->fleet);
	job->fleet = fleet ? fleet : strdup("");
	if (!job->fleet)
		return -ENOMEM;
	if (!*job->fleet)
		job->label = strdup(host_part(job));
	else if (asprintf(&job->label, "%s@%s", job->fleet, host_part(job)) < 0)
		job->label = NULL;
	return job->label ? 0 : -ENOMEM;
}

static int label_job(struct fv_job *job, const struct fv_label_rule *rules,
		     size_t nrules)
{
	const struct fv_label_rule *r = match_rule(job->source, rules, nrules);
	char *lab = NULL;

	free(job->label);
	job->label = NULL;
	if (job->host || job->kind == FV_JOB_ALL_CLIENTS ||
	    job->kind == FV_JOB_FLEET)
		return label_host(job, r);
	if (r) {
		job->label_rule = "--label";
		job->label = strdup(r->name);
	} else if (job->source_label && *job->source_label) {
		job->label_rule = "input header";
		job->label = strdup(job->source_label);
	} else if (!fv_filename_split(job->source, &lab, NULL)) {
		job->label_rule = "file name";
		job->label = lab;
	} else {
		job->label_rule = "directory";
		job->label = dir_label(job->source);
	}
	return job->label ? 0 : -ENOMEM;
}

int fv_label_assign(struct fv_set *set, const struct fv_label_rule *rules,
		    size_t nrules)
{
	for (size_t i = 0; i < set->njobs; i++) {
		int ret = label_job(set->jobs[i], rules, nrules);

		if (ret)
			return ret;
	}
	return 0;
}
