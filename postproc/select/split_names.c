/* SPDX-License-Identifier: MIT */
/*
 * The names of a split label's parts (split.c): each from what tells it
 * apart, or "LABEL (what tells it apart)" when the rules named the label
 * otherwise or the name is another label's already; two parts given one
 * name get their files' too.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select_int.h"
#include "split_int.h"

const char *fv_split_rule_name(unsigned vary, bool plural)
{
	/* An export, or a file standing for itself (rule 3), is its own. */
	if (vary & FV_ID_FILE)
		return plural ? "files" : "file";
	if ((vary & FV_ID_MACHINE) && (vary & FV_ID_PLACE))
		return plural ? "machines and targets" : "machine and target";
	if (vary & FV_ID_MACHINE)
		return plural ? "machines" : "machine";
	if (vary & FV_ID_TOOL)
		return plural ? "tools" : "tool";
	if (vary & (FV_ID_PLACE | FV_ID_DEVICES))
		return plural ? "targets" : "target";
	return plural ? "tool versions" : "tool version";
}

/* Is name the label of a job outside the label being split? */
static bool taken(const struct fv_set *set, const char *base, const char *name)
{
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (!strcmp(j->label, name) &&
		    (!fv_split_splittable(j) || strcmp(j->label, base)))
			return true;
	}
	return false;
}

/*
 * A name alone when it says whose the results are (a machine, a file's
 * name) and the rules' label was only the folder's, or the name holds it
 * already; else "LABEL (name)": a drive alone ("C:") says too little.
 */
static bool name_alone(const struct member *m, unsigned shown, const char *name)
{
	if (!strncmp(name, m->base, strlen(m->base)))
		return true;
	return !strcmp(m->job->label_rule, "directory") &&
	       (shown & (FV_ID_MACHINE | FV_ID_FILE));
}

/* Is every member of f's group of f's file? */
static bool one_file(const struct member *m, size_t n, const struct member *f)
{
	for (size_t i = 0; i < n; i++)
		if (m[i].group == f->group &&
		    strcmp(m[i].job->source, f->job->source))
			return false;
	return true;
}

/* The parts f's group is named by (FV_ID_*) of those asked. */
static unsigned shown_parts(const struct member *f, unsigned parts)
{
	/* An export is its file: its drive adds nothing to its name. */
	if (f->id.file)
		return FV_ID_FILE;
	return parts & (fv_identity_parts(&f->id) | FV_ID_FILE);
}

static void name_of(const struct member *f, unsigned parts, char *buf,
		    size_t len)
{
	struct fv_identity id = f->id;

	if ((parts & FV_ID_FILE) && !id.file)
		id.file = f->job->source; /* a file stands for itself */
	fv_identity_name(&id, parts, buf, len);
}

/* Does another group's name, by the same parts, equal f's? */
static bool clashes(const struct member *m, const size_t *first, size_t groups,
		    const struct member *f, unsigned parts)
{
	char mine[512], other[512];

	name_of(f, shown_parts(f, parts), mine, sizeof(mine));
	for (size_t g = 0; g < groups; g++) {
		const struct member *o = &m[first[g]];

		if (o == f)
			continue;
		name_of(o, shown_parts(o, parts), other, sizeof(other));
		if (!strcmp(mine, other))
			return true;
	}
	return false;
}

/*
 * What names f's group: the machine and the place where they tell it
 * apart; else its file when it is one file's (rule 3's are); else the
 * devices, then the version, as many as it takes.
 */
static unsigned naming(const struct member *m, size_t n, const size_t *first,
		       size_t groups, const struct member *f, unsigned vary)
{
	static const unsigned more[] = { FV_ID_DEVICES, FV_ID_VERSION };
	unsigned parts = vary & (FV_ID_TOOL | FV_ID_MACHINE | FV_ID_PLACE);

	if (f->by_file)
		return FV_ID_FILE;
	if (shown_parts(f, parts) && !clashes(m, first, groups, f, parts))
		return shown_parts(f, parts);
	if (one_file(m, n, f))
		return FV_ID_FILE;
	for (size_t i = 0; i < 2; i++)
		if (vary & more[i]) {
			parts |= more[i];
			if (!clashes(m, first, groups, f, parts))
				break;
		}
	return shown_parts(f, parts);
}

int fv_split_rename_group(struct fv_set *set, struct member *m, size_t n,
			  const size_t *first, size_t groups, size_t g,
			  unsigned vary)
{
	const struct member *f = &m[first[g]];
	unsigned shown = naming(m, n, first, groups, f, vary);
	char name[512];
	char *label = NULL;

	name_of(f, shown, name, sizeof(name));
	if (!name[0])
		return 0; /* it names none of what varies: the label stays */
	if (name_alone(f, shown, name) && !taken(set, f->base, name))
		label = strdup(name);
	else if (asprintf(&label, "%s (%s)", f->base, name) < 0)
		label = NULL;
	if (!label)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		if (m[i].group != f->group)
			continue;
		free(m[i].job->label);
		m[i].job->label = strdup(label);
		m[i].job->label_rule = fv_split_rule_name(vary, false);
		if (!m[i].job->label)
			break;
	}
	free(label);
	for (size_t i = 0; i < n; i++)
		if (!m[i].job->label)
			return -ENOMEM;
	return 0;
}

/* Sets the label of group g's members to "LABEL (its first file)". */
static int rename_by_file(struct member *m, size_t n, const struct member *f)
{
	char stem[256], *l;
	const char *was = f->job->label;

	fv_identity_name(&(struct fv_identity){ .file = f->job->source },
			 FV_ID_FILE, stem, sizeof(stem));
	if (asprintf(&l, "%s (%s)", was, stem) < 0)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (m[i].group == f->group && m[i].job != f->job) {
			free(m[i].job->label);
			m[i].job->label = strdup(l);
		}
	free(f->job->label);
	f->job->label = l;
	for (size_t i = 0; i < n; i++)
		if (!m[i].job->label)
			return -ENOMEM;
	return 0;
}

/* Two groups given one name: the later ones get their file's too. */
int fv_split_rename_clashes(struct member *m, size_t n, const size_t *first,
			    size_t groups)
{
	int ret = 0;

	for (size_t g = 1; g < groups && !ret; g++)
		for (size_t k = 0; k < g && !ret; k++)
			if (!strcmp(m[first[k]].job->label,
				    m[first[g]].job->label)) {
				ret = rename_by_file(m, n, &m[first[g]]);
				break;
			}
	return ret;
}
