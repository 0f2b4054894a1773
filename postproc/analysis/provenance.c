/* SPDX-License-Identifier: MIT */
/*
 * What the runs were on: a line per label and machine under every table,
 * the table "provenance" at the head of a report, and the changes that
 * make two runs hard to compare (fio version, kernel, device, VM size).
 * From `fioverdict run`'s provenance.txt when a run has one; else what
 * fio's JSON says (its version, the client's hostname, disk_util's
 * devices), and that it says no more.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

/*
 * Not inlined: gcc 14 (Debian 13) propagates each caller's sizes into the
 * snprintf and calls a truncation it cannot rule out an error, although the
 * length is checked below.
 */
static __attribute__((noinline)) void add(char *buf, size_t len, size_t *n,
					  const char *fmt, const char *a,
					  const char *b)
{
	int w;

	if (*n >= len || !a || !*a)
		return;
	w = snprintf(buf + *n, len - *n, fmt, a, b ? b : "");
	if (w > 0)
		*n += (size_t) w;
	if (*n >= len)
		*n = len - 1;
}

static const char *get(const struct fv_job *j, const char *k)
{
	return fv_prov_get(j->prov, k);
}

static void memory(const struct fv_job *j, char *buf, size_t len)
{
	const char *m = get(j, "memory");

	buf[0] = '\0';
	if (m)
		snprintf(buf, len, "%.1f GiB", strtod(m, NULL) / (1 << 30));
}

/* The block device, in words: "vda (model, firmware F, mq-deadline...)". */
static void device(const struct fv_job *j, char *buf, size_t len)
{
	const char *dev = get(j, "device"), *rot = get(j, "rotational");
	const char *b = get(j, "scheduler");
	char sched[64] = "", parts[400] = "";
	size_t n = 0;

	buf[0] = '\0';
	if (!dev || !strcmp(dev, "none")) {
		snprintf(buf, len, "%s", dev ? "no block device" : "");
		return;
	}
	if (b) { /* "none [mq-deadline] kyber": the bracketed one */
		const char *o = strchr(b, '['), *c = o ? strchr(o, ']') : NULL;

		snprintf(sched, sizeof(sched), "%.*s",
			 o && c ? (int) (c - o - 1) : (int) strlen(b),
			 o && c ? o + 1 : b);
	}
	add(parts, sizeof(parts), &n, ", %s%s", get(j, "device-model"), NULL);
	add(parts, sizeof(parts), &n, ", firmware %s%s",
	    get(j, "device-firmware"), NULL);
	add(parts, sizeof(parts), &n, ", scheduler %s%s", sched, NULL);
	add(parts, sizeof(parts), &n, ", QD %s%s", get(j, "queue-depth"), NULL);
	if (rot)
		add(parts, sizeof(parts), &n, ", %s%s",
		    strcmp(rot, "0") ? "rotational" : "not rotational", NULL);
	add(parts, sizeof(parts), &n, ", write cache %s%s",
	    get(j, "write-cache"), NULL);
	snprintf(buf, len, n ? "%s (%s)" : "%s", dev, n ? parts + 2 : "");
}

/* The machine as its firmware names it, and the cloud's VM. */
static void platform(const struct fv_job *j, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	add(buf, len, &n, "%s%s", get(j, "cloud"), NULL);
	add(buf, len, &n, " VM %s%s", get(j, "vm-size"), NULL);
	if (!get(j, "vm-size")) {
		add(buf, len, &n, "%s %s", get(j, "sys-vendor"),
		    get(j, "product-name"));
	}
}

void fv_ran_on(const struct fv_job *j, char *buf, size_t len)
{
	char mem[32], dev[512], plat[256];
	size_t n = 0;

	buf[0] = '\0';
	if (!j->prov) {
		add(buf, len, &n, "%s%s", j->fio_version ?: "fio", NULL);
		add(buf, len, &n, " on %s%s", j->host ? j->host : j->machine,
		    NULL);
		if (j->run_io.known)
			add(buf, len, &n, ", disk_util: %s%s",
			    j->run_io.devices[0] ? j->run_io.devices : "none",
			    NULL);
		add(buf, len, &n, "%s%s",
		    "; the output says no more of the machine", NULL);
		return;
	}
	memory(j, mem, sizeof(mem));
	device(j, dev, sizeof(dev));
	platform(j, plat, sizeof(plat));
	add(buf, len, &n, "%s%s", get(j, "fio") ?: j->fio_version, NULL);
	add(buf, len, &n, " on %s%s", get(j, "host"), NULL);
	add(buf, len, &n, ", Linux %s%s", get(j, "kernel"), NULL);
	add(buf, len, &n, ", %s × %s", get(j, "cpus"), get(j, "cpu-model"));
	add(buf, len, &n, ", %s%s", mem, NULL);
	add(buf, len, &n, ", %s%s", plat, NULL);
	add(buf, len, &n, "; %s (%s)", get(j, "fs"), get(j, "mount-options"));
	add(buf, len, &n, " on %s%s", dev, NULL);
}

static bool has_label(const char *labels, const char *label)
{
	size_t n = strlen(label);

	for (const char *p = labels; *p;) {
		size_t w = strcspn(p, ",");

		if (w == n && !strncmp(p, label, n))
			return true;
		p += w;
		p += *p ? 2 : 0; /* ", " */
	}
	return false;
}

static void add_label(struct fv_ran *r, const char *label)
{
	size_t n = strlen(r->labels);

	if (has_label(r->labels, label) || strstr(r->labels, "..."))
		return;
	if (n + strlen(label) + 8 >= sizeof(r->labels))
		snprintf(r->labels + n, sizeof(r->labels) - n, ", ...");
	else
		snprintf(r->labels + n, sizeof(r->labels) - n, "%s%s",
			 n ? ", " : "", label);
}

int fv_ran_add(struct fv_ran_list *l, const struct fv_set *set)
{
	struct fv_ran cur;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];
		size_t k;

		if (!fv_job_representative(j))
			continue;
		fv_ran_on(j, cur.line, sizeof(cur.line));
		for (k = 0; k < l->n && strcmp(l->v[k].line, cur.line); k++)
			;
		if (k == l->n) {
			if (FV_ALLOC_GROW(l->v, l->n + 1, l->alloc))
				return -ENOMEM;
			memcpy(l->v[k].line, cur.line, sizeof(cur.line));
			l->v[k].labels[0] = '\0';
			l->n++;
		}
		add_label(&l->v[k], j->label ? j->label : "-");
	}
	return 0;
}

#define RAN_NOTE "%s on (%s): %s"

int fv_ran_notes(const struct fv_ran_list *l, const char *what,
		 struct fv_table *t)
{
	int ret = 0;

	for (size_t i = 0; !ret && i < l->n; i++)
		ret = fv_table_note(t, RAN_NOTE, what ? what : "ran",
				    l->v[i].labels, l->v[i].line);
	return ret;
}

bool fv_ran_is_note(const struct fv_ran_list *l, const char *note)
{
	char s[sizeof(l->v->labels) + sizeof(l->v->line) + 16];

	for (size_t i = 0; i < l->n; i++) {
		snprintf(s, sizeof(s), RAN_NOTE, "ran", l->v[i].labels,
			 l->v[i].line);
		if (!strcmp(s, note))
			return true;
	}
	return false;
}

void fv_ran_free(struct fv_ran_list *l)
{
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

int fv_provenance_notes(const struct fv_set *set, const char *what,
			struct fv_report *rep)
{
	struct fv_ran_list l = { 0 };
	int ret = fv_ran_add(&l, set);

	for (size_t t = 0; !ret && t < rep->ntables; t++)
		ret = fv_ran_notes(&l, what, rep->tables[t]);
	fv_ran_free(&l);
	return ret;
}

/* A job's value of what makes runs incomparable; NULL when unknown. */
static const char *key_of(const struct fv_job *j, int k)
{
	switch (k) {
	case 0:
		return get(j, "fio") ?: j->fio_version;
	case 1:
		return get(j, "kernel");
	case 2:
		return get(j, "device-model") ?: get(j, "device");
	default:
		return get(j, "vm-size") ?: get(j, "product-name");
	}
}

static const char *const key_names[] = { "tool version", "kernel", "device",
					 "VM size" };

void fv_provenance_changes(const struct fv_job *a, const struct fv_job *b,
			   char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int k = 0; k < 4; k++) {
		const char *x = key_of(a, k), *y = key_of(b, k);
		char what[96];

		if (!x || !y || !strcmp(x, y))
			continue;
		snprintf(what, sizeof(what), "%s%s ", n ? "; " : "",
			 key_names[k]);
		add(buf, len, &n, "%s(%s", what, x);
		add(buf, len, &n, " → %s)%s", y, NULL);
	}
}

const struct fv_job *fv_label_first(const struct fv_set *set, const char *label)
{
	for (size_t i = 0; i < set->njobs; i++)
		if (fv_job_representative(set->jobs[i]) &&
		    (!label || (set->jobs[i]->label &&
				!strcmp(set->jobs[i]->label, label))))
			return set->jobs[i];
	return NULL;
}
