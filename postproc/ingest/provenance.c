/* SPDX-License-Identifier: MIT */
/*
 * A run directory's provenance.txt (runner/provenance.c writes it): read
 * once per directory, shared by its jobs. A directory without one is not
 * a run of `fioverdict run` (or an older one): its jobs show what fio's
 * JSON says. A line that is not "key: value" is skipped, as the manifest's
 * unknown keys are: the file is a record, not an input to be judged.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest_int.h"

#define PROV_NAME "provenance.txt"
#define PROV_MAX_LINES 64

static int add_kv(struct fv_provenance *p, const char *k, const char *v)
{
	size_t alloc = p->n; /* set.h keeps no capacity: held exactly */
	struct fv_opt *kv;

	if (fv_prov_get(p, k) || p->n >= PROV_MAX_LINES)
		return 0; /* the first wins */
	if (FV_ALLOC_GROW(p->kv, p->n + 1, alloc))
		return -ENOMEM;
	kv = p->kv;
	kv[p->n].key = strdup(k);
	kv[p->n].val = strdup(v);
	if (!kv[p->n].key || !kv[p->n].val) {
		free(kv[p->n].key);
		free(kv[p->n].val);
		return -ENOMEM;
	}
	p->n++;
	return 0;
}

int fv_provenance_parse(const char *buf, size_t len, struct fv_provenance *p)
{
	const char *end = buf + len;
	int ret = 0;

	while (!ret && buf < end) {
		const char *nl = memchr(buf, '\n', (size_t) (end - buf));
		size_t n = (size_t) ((nl ? nl : end) - buf);
		char line[4096], *colon;

		snprintf(line, sizeof(line), "%.*s",
			 (int) (n < 4095 ? n : 4095), buf);
		buf += n + (nl != NULL);
		line[strcspn(line, "\r")] = '\0';
		colon = strstr(line, ": ");
		if (!colon || colon == line)
			continue;
		*colon = '\0';
		ret = add_kv(p, line, colon + 2);
	}
	return ret;
}

/* dir's provenance, read now or before; *out NULL when it has none. */
static int of_dir(struct fv_set *set, const char *dir,
		  const struct fv_provenance **out)
{
	struct fv_provenance *p;
	size_t alloc = set->nprov; /* set.h keeps no capacity */
	char path[4200], *text;
	FILE *f;
	size_t n;
	int ret;

	*out = NULL;
	for (size_t i = 0; i < set->nprov; i++)
		if (!strcmp(set->prov[i]->dir, dir)) {
			*out = set->prov[i]->n ? set->prov[i] : NULL;
			return 0;
		}
	p = calloc(1, sizeof(*p));
	if (!p || FV_ALLOC_GROW(set->prov, set->nprov + 1, alloc) ||
	    !(p->dir = strdup(dir))) {
		free(p);
		return -ENOMEM;
	}
	/* a directory without one is remembered too */
	set->prov[set->nprov++] = p;
	snprintf(path, sizeof(path), "%s/%s", dir, PROV_NAME);
	f = fopen(path, "r");
	if (!f)
		return 0;
	ret = fv_read_all(f, 0, &text, &n);
	fclose(f);
	if (ret)
		/* one that cannot be read is as none, but memory is short */
		return ret == -ENOMEM ? ret : 0;
	ret = fv_provenance_parse(text, n, p);
	free(text);
	*out = p->n ? p : NULL;
	return ret;
}

/* CPU n's idleness in "cpu-idle: cpu0=12.5 cpu1=3.0", NAN if absent. */
static double record_idle(const void *ctx, long n)
{
	const char *s = ctx;
	char key[32];
	const char *at;

	snprintf(key, sizeof(key), "cpu%ld=", n);
	for (at = strstr(s, key); at; at = strstr(at + 1, key))
		if (at == s || at[-1] == ' ')
			return strtod(at + strlen(key), NULL);
	return NAN;
}

static double all_idle(const char *s)
{
	double sum = 0;
	long n = 0;

	for (double v; !isnan(v = record_idle(s, n)); n++)
		sum += v;
	return n ? sum / (double) n : NAN;
}

/* The run's CPU record, where fio's idle-prof said nothing. */
static void run_idle(struct fv_job *j)
{
	const char *rec = fv_prov_get(j->prov, "cpu-idle");
	const char *list = fv_job_opt(j, "cpus_allowed");
	double v;

	if (!rec || !isnan(j->cpu_idle))
		return;
	v = list ? fv_cpus_idle(list, record_idle, rec) : all_idle(rec);
	if (isnan(v) || v < 0 || v > 100.5)
		return;
	snprintf(j->cpu_idle_of, sizeof(j->cpu_idle_of), "%s%s",
		 list ? (strpbrk(list, ",-") ? "CPUs " : "CPU ") : "all CPUs",
		 list ? list : "");
	j->cpu_idle_run = true;
	j->cpu_idle = v;
}

int fv_provenance_attach(struct fv_set *set)
{
	int ret = 0;

	for (size_t i = 0; i < set->njobs && !ret; i++) {
		struct fv_job *j = set->jobs[i];

		if (!j->source_dir)
			continue;
		ret = of_dir(set, j->source_dir, &j->prov);
		if (!ret)
			run_idle(j);
	}
	return ret;
}
