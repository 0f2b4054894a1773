/* SPDX-License-Identifier: MIT */
/*
 * A label that the rules gave to results of several machines, targets or
 * CrystalDiskMark exports (a folder of them) becomes one label for each:
 * figures of two disks under one label would be one disk's figures shown
 * for both, or worse, taken for runs of one test. Each is named from what
 * tells it apart (the folder's name is dropped: it named them all), or,
 * when the rules named the label otherwise (--label, a header, a file
 * name) or the name is another label's already, "LABEL (what tells it
 * apart)". Results that name none keep the label.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "identity.h"
#include "label.h"

struct member {
	struct fv_job *job;
	struct fv_identity id;
	const char *base; /* the label the rules gave (owned by base_of) */
};

struct group {
	struct member *m;
	size_t n;
};

static int by_label(const void *a, const void *b)
{
	const struct member *x = a, *y = b;
	int c = strcmp(x->base, y->base);

	return c ? c
		 : (x->job->order > y->job->order) -
			       (x->job->order < y->job->order);
}

/*
 * The parts that tell the group's known identities apart. Results that
 * name none are taken for the one beside them: two targets are split,
 * one target and results that do not say are not.
 */
static unsigned varying(const struct group *g)
{
	const struct member *first = NULL;
	unsigned vary = 0;

	for (size_t i = 0; i < g->n; i++) {
		if (!fv_identity_parts(&g->m[i].id))
			continue;
		if (!first)
			first = &g->m[i];
		vary |= fv_identity_diff(&first->id, &g->m[i].id);
	}
	return vary;
}

/* Jobs a host labels (client output) are apart already. */
static bool splittable(const struct fv_job *j)
{
	return !j->host && j->kind != FV_JOB_ALL_CLIENTS &&
	       j->kind != FV_JOB_FLEET;
}

/* Is name the label of a job outside the group? */
static bool taken(const struct fv_set *set, const struct member *all, size_t n,
		  const struct group *g, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if ((all + i < g->m || all + i >= g->m + g->n) &&
		    !strcmp(all[i].job->label, name))
			return true;
	for (size_t i = 0; i < set->njobs; i++)
		if (!splittable(set->jobs[i]) &&
		    !strcmp(set->jobs[i]->label, name))
			return true;
	return false;
}

/* What the label was split by; plural: what its parts are. */
static const char *rule_name(unsigned vary, bool plural)
{
	if (vary & FV_ID_FILE)
		return plural ? "files" : "file";
	if ((vary & FV_ID_MACHINE) && (vary & FV_ID_PLACE))
		return plural ? "machines and targets" : "machine and target";
	if (vary & FV_ID_MACHINE)
		return plural ? "machines" : "machine";
	return plural ? "targets" : "target";
}

/*
 * A name alone when it says whose the results are (a machine, a file's
 * name) and the rules' label was only the folder's, or the name holds it
 * already; else "LABEL (name)": a drive alone ("C:") says too little.
 */
static bool name_alone(const struct member *m, unsigned vary, const char *name)
{
	unsigned own = vary & fv_identity_parts(&m->id);

	if (!strncmp(name, m->base, strlen(m->base)))
		return true;
	return !strcmp(m->job->label_rule, "directory") &&
	       (own & (FV_ID_MACHINE | FV_ID_FILE));
}

static int rename_member(const struct fv_set *set, struct member *m,
			 const struct member *all, size_t n,
			 const struct group *g, unsigned vary)
{
	/* An export is its file: its drive adds nothing to its name. */
	unsigned parts = m->id.file ? FV_ID_FILE : vary & ~FV_ID_FILE;
	char name[512];
	char *label;

	fv_identity_name(&m->id, parts, name, sizeof(name));
	if (!name[0])
		return 0; /* it names none of what varies: the label stays */
	if (name_alone(m, vary, name) && !taken(set, all, n, g, name))
		label = strdup(name);
	else if (asprintf(&label, "%s (%s)", m->base, name) < 0)
		label = NULL;
	if (!label)
		return -ENOMEM;
	free(m->job->label);
	m->job->label = label;
	m->job->label_rule = rule_name(vary, false);
	return 0;
}

/* "'ds' held ...: fv-win21, fv-win22 C:, ..." (the first few). */
static int note_split(struct fv_set *set, const struct group *g, unsigned vary)
{
	char list[400] = "";
	size_t n = 0, shown = 0, labels = 0;

	for (size_t i = 0; i < g->n; i++) {
		const char *l = g->m[i].job->label;
		bool seen = false;

		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(g->m[k].job->label, l);
		if (seen)
			continue;
		labels++;
		if (shown < 6 && n < sizeof(list)) {
			int w = snprintf(list + n, sizeof(list) - n, "%s%s",
					 shown ? ", " : "", l);

			n += w > 0 ? (size_t) w : 0;
			shown++;
		}
	}
	if (n >= sizeof(list))
		n = sizeof(list) - 1;
	if (labels > shown)
		snprintf(list + n, sizeof(list) - n, " and %zu more",
			 labels - shown);
	return fv_set_note(set,
			   "labels: '%s' held the results of %zu %s, a label "
			   "for each: %s (--label-by dir keeps one label)",
			   g->m[0].base, labels, rule_name(vary, true), list);
}

static int split_group(struct fv_set *set, struct member *all, size_t n,
		       const struct group *g)
{
	unsigned vary = varying(g);
	int ret = 0;

	if (!vary)
		return 0;
	for (size_t i = 0; i < g->n && !ret; i++)
		ret = rename_member(set, &g->m[i], all, n, g, vary);
	return ret ? ret : note_split(set, g, vary);
}

int fv_label_split(struct fv_set *set)
{
	struct member *m = calloc(set->njobs + 1, sizeof(*m));
	size_t n = 0;
	int ret = 0;

	if (!m)
		return -ENOMEM;
	for (size_t i = 0; i < set->njobs && !ret; i++) {
		struct fv_job *j = set->jobs[i];

		if (!splittable(j))
			continue;
		m[n].job = j;
		fv_identity_of(j, &m[n].id);
		m[n].base = strdup(j->label);
		ret = m[n++].base ? 0 : -ENOMEM;
	}
	if (!ret)
		qsort(m, n, sizeof(*m), by_label);
	for (size_t a = 0, b; a < n && !ret; a = b) {
		struct group g = { .m = m + a };

		for (b = a; b < n && !strcmp(m[b].base, m[a].base); b++)
			;
		g.n = b - a;
		ret = split_group(set, m, n, &g);
	}
	for (size_t i = 0; i < n; i++)
		free((char *) m[i].base);
	free(m);
	return ret;
}
