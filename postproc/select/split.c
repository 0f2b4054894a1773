/* SPDX-License-Identifier: MIT */
/*
 * A label the rules gave (a folder, a file name, a header) to results
 * that the evidence tells apart becomes one label for each: figures of
 * two disks under one label would be one disk's figures shown for both,
 * or worse, taken for runs of one test. In turn:
 *
 *   1. identity: results of another tool, machine, place, block device
 *      or CrystalDiskMark export (identity.h) are apart; results that do
 *      not name a machine, place or device are taken for the one beside
 *      them when the label's others name one only (fio's terse output of
 *      a run whose JSON names its directory), else they stay apart;
 *   2. version: of one identity, the results of two tool versions that
 *      share no test are two machines (a peak of fio 2.1.4 and a steady
 *      test of fio 3.30); versions that ran a test in common are a
 *      history, runs of one label, and a note says so;
 *   3. repeats: results that name no machine and repeat a test in two
 *      files are each file's, unless the files' names say they are runs
 *      of one thing (a run counter or a time stamp where they differ:
 *      run_1/x.json and run_2/x.json; fv_run_stem).
 *
 * 2 and 3 where only a folder named the label: a label the user gave
 * (--label, a header's VM:, CrystalDiskMark's comment, a file name's
 * LABEL_TEST_TIME) says the results are one machine's.
 *
 * Each part is named from what tells it apart, or, when the rules named
 * the label otherwise (--label, a header, a file name) or the name is
 * another label's already, "LABEL (what tells it apart)".
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select_int.h"
#include "split_int.h"
#include "util/util.h"

/* Rule 1's identity: all of it but the version. */
static int cmp_identity(const struct member *x, const struct member *y)
{
	const struct fv_identity *a = &x->id, *b = &y->id;
	int c = strcmp(a->tool, b->tool);

	c = c ? c : fv_strcmp_opt(a->machine, b->machine);
	c = c ? c : strcmp(a->place, b->place);
	c = c ? c : fv_strcmp_opt(a->devices, b->devices);
	return c ? c : fv_strcmp_opt(a->file, b->file);
}

static int by_base(const void *p, const void *q)
{
	const struct member *x = p, *y = q;
	int c = strcmp(x->base, y->base);

	return c ? c
		 : (x->job->order > y->job->order) -
			       (x->job->order < y->job->order);
}

/* The one value the label's members know of a part, or NULL. */
static const char *one_known(const struct member *m, size_t n, size_t off)
{
	const char *one = NULL;

	for (size_t i = 0; i < n; i++) {
		const char *v =
			*(const char *const *) ((const char *) &m[i] + off);

		if (!v || !*v)
			continue;
		if (one && strcmp(one, v))
			return NULL;
		one = v;
	}
	return one;
}

/*
 * Rule 1's "the one beside them": unknown parts take the one known (and
 * an unknown version the one version: fio's terse v2 prints none).
 */
static void adopt(struct member *m, size_t n)
{
	const char *machine, *devices, *version;
	const char *place = NULL;

	for (size_t i = 0; i < n; i++) {
		if (!m[i].id.place[0])
			continue;
		if (place && strcmp(place, m[i].id.place)) {
			place = NULL;
			break;
		}
		place = m[i].id.place;
	}
	machine = one_known(m, n, offsetof(struct member, id.machine));
	devices = one_known(m, n, offsetof(struct member, id.devices));
	version = one_known(m, n, offsetof(struct member, id.version));
	for (size_t i = 0; i < n; i++) {
		m[i].id.machine = m[i].id.machine ?: machine;
		m[i].id.devices = m[i].id.devices ?: devices;
		m[i].id.version = m[i].id.version ?: version;
		if (place && !m[i].id.place[0])
			snprintf(m[i].id.place, sizeof(m[i].id.place), "%s",
				 place);
	}
}

static int by_base_identity(const void *p, const void *q)
{
	const struct member *x = p, *y = q;
	int c = strcmp(x->base, y->base);

	c = c ? c : cmp_identity(x, y);
	c = c ? c : fv_strcmp_opt(x->id.version, y->id.version);
	c = c ? c : strcmp(x->stem, y->stem);
	return c ? c
		 : (x->job->order > y->job->order) -
			       (x->job->order < y->job->order);
}

/* Union-find over version groups (indices into the label's members). */
static size_t root(size_t *up, size_t i)
{
	while (up[i] != i)
		i = up[i] = up[up[i]];
	return i;
}

/* Members by version group, then test, then stem. */
static int by_ver_test(const void *p, const void *q)
{
	const struct member *x = *(struct member *const *) p,
			    *y = *(struct member *const *) q;
	int c = (x->ver > y->ver) - (x->ver < y->ver);

	c = c ? c : fv_test_cmp(x->job, y->job);
	return c ? c : strcmp(x->stem, y->stem);
}

/* Members by identity (rule 1's), then test. */
static int by_identity_test(const void *p, const void *q)
{
	const struct member *x = *(struct member *const *) p,
			    *y = *(struct member *const *) q;
	int c = cmp_identity(x, y);

	return c ? c : fv_test_cmp(x->job, y->job);
}

/* Did only its folder name the member's label (rules 2 and 3 apply)? */
static bool by_folder(const struct member *m)
{
	return !strcmp(m->job->label_rule, "directory");
}

/*
 * Rule 2: m[0, n) of one label, sorted by identity then version; each
 * member's ver set to its version group, those that share a test joined.
 */
static int join_versions(struct member *m, size_t n, struct member **v)
{
	size_t *up = calloc(n + 1, sizeof(*up));

	if (!up)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		bool same =
			i && !cmp_identity(&m[i - 1], &m[i]) &&
			(!by_folder(&m[i]) ||
			 !fv_strcmp_opt(m[i - 1].id.version, m[i].id.version));

		m[i].ver = same ? m[i - 1].ver : i;
		up[i] = i;
		v[i] = &m[i];
	}
	/* Of one identity, a test in two versions joins them. */
	qsort(v, n, sizeof(*v), by_identity_test);
	for (size_t i = 1; i < n; i++)
		if (!by_identity_test(&v[i - 1], &v[i]))
			up[root(up, v[i]->ver)] = root(up, v[i - 1]->ver);
	for (size_t i = 0; i < n; i++)
		m[i].ver = root(up, m[i].ver);
	free(up);
	return 0;
}

/*
 * Rule 3: in each version group that names no machine, a test that two
 * stems hold (two files whose names do not make them runs of one).
 */
static void find_repeats(struct member *m, size_t n, struct member **v)
{
	for (size_t i = 0; i < n; i++)
		v[i] = &m[i];
	qsort(v, n, sizeof(*v), by_ver_test);
	for (size_t a = 0, b; a < n; a = b) {
		bool repeats = false;

		for (b = a + 1; b < n && v[b]->ver == v[a]->ver &&
				!fv_test_cmp(v[a]->job, v[b]->job);
		     b++)
			repeats = repeats || strcmp(v[a]->stem, v[b]->stem);
		if (!repeats || v[a]->id.machine || !by_folder(v[a]))
			continue;
		for (size_t i = 0; i < n; i++)
			m[i].by_file = m[i].by_file || m[i].ver == v[a]->ver;
	}
}

static int by_order(const void *p, const void *q)
{
	const struct member *x = *(struct member *const *) p,
			    *y = *(struct member *const *) q;

	return (x->job->order > y->job->order) -
	       (x->job->order < y->job->order);
}

/*
 * Numbers the label's groups (version group, and stem by rule 3) in the
 * order they were given; first[g] the first member of group g (an index
 * into m). Returns how many.
 */
static size_t number_groups(struct member *m, size_t n, struct member **v,
			    size_t *first)
{
	size_t groups = 0;

	for (size_t i = 0; i < n; i++)
		v[i] = &m[i];
	qsort(v, n, sizeof(*v), by_order);
	for (size_t i = 0; i < n; i++) {
		size_t g = 0;

		for (; g < groups; g++) {
			const struct member *f = &m[first[g]];

			if (f->ver == v[i]->ver &&
			    (!v[i]->by_file || !strcmp(f->stem, v[i]->stem)))
				break;
		}
		if (g == groups)
			first[groups++] = (size_t) (v[i] - m);
		v[i]->group = g;
	}
	return groups;
}

/* What tells the groups apart: identity parts, and the file (rule 3). */
static unsigned varying(const struct member *m, size_t n, const size_t *first,
			size_t groups)
{
	unsigned vary = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t g = 0; g < groups; g++) {
			const struct member *f = &m[first[g]];
			unsigned d;

			if (f->group == m[i].group)
				continue;
			d = fv_identity_diff(&f->id, &m[i].id);
			/* A history's versions are one label. */
			if (f->ver == m[i].ver)
				d &= ~(unsigned) FV_ID_VERSION;
			if (f->by_file || m[i].by_file)
				d |= FV_ID_FILE;
			vary |= d;
		}
	return vary;
}

/* "'ds' held ...: fv-win21, fv-win22 C:, ..." (the first few). */
static int note_split(struct fv_set *set, const struct member *m,
		      const size_t *first, size_t groups, unsigned vary)
{
	char list[400] = "";
	size_t len = 0, shown = 0;

	for (; shown < groups && shown < 6; shown++) {
		int w = snprintf(list + len, sizeof(list) - len, "%s%s",
				 shown ? ", " : "", m[first[shown]].job->label);

		len += w > 0 ? (size_t) w : 0;
		len = len < sizeof(list) ? len : sizeof(list) - 1;
	}
	if (groups > shown)
		snprintf(list + len, sizeof(list) - len, " and %zu more",
			 groups - shown);
	return fv_set_note(set,
			   "labels: '%s' held the results of %zu %s, a label "
			   "for each: %s (--label-by dir keeps one label)",
			   m[0].base, groups, fv_split_rule_name(vary, true),
			   list);
}

/* Rule 2's history and rule 3's runs by name, said where they joined. */
static int note_joined(struct fv_set *set, const struct member *m, size_t n)
{
	int ret = 0;

	for (size_t i = 0; i < n && !ret; i++)
		for (size_t k = 0; k < i && !ret; k++) {
			if (m[k].group != m[i].group)
				continue;
			if (fv_strcmp_opt(m[k].id.version, m[i].id.version))
				ret = fv_set_note(
					set,
					"labels: '%s' holds runs of one test "
					"by %s and %s: a history of one label "
					"(runs of one tool version each)",
					m[i].job->label, m[k].id.version,
					m[i].id.version);
			else if (!m[i].id.machine &&
				 strcmp(m[k].job->source, m[i].job->source) &&
				 !strcmp(m[k].stem, m[i].stem) &&
				 fv_same_test(m[k].job, m[i].job))
				ret = fv_set_note(
					set,
					"labels: '%s': files named as runs of "
					"one (%s) are its runs",
					m[i].job->label, m[i].stem);
			break;
		}
	return ret;
}

static int split_label(struct fv_set *set, struct member *m, size_t n,
		       struct member **v)
{
	size_t groups, *first = calloc(n + 1, sizeof(*first));
	unsigned vary;
	int ret = first ? join_versions(m, n, v) : -ENOMEM;

	if (ret)
		goto out;
	find_repeats(m, n, v);
	groups = number_groups(m, n, v, first);
	if (groups > 1) {
		vary = varying(m, n, first, groups);
		for (size_t g = 0; g < groups && !ret; g++)
			ret = fv_split_rename_group(set, m, n, first, groups, g,
						    vary);
		if (ret)
			goto out;
		ret = fv_split_rename_clashes(m, n, first, groups);
		if (ret)
			goto out;
		ret = note_split(set, m, first, groups, vary);
		if (ret)
			goto out;
	}
	ret = note_joined(set, m, n);
out:
	free(first);
	return ret;
}

static int members_of(struct fv_set *set, struct member *m, size_t *n)
{
	*n = 0;
	for (size_t i = 0; i < set->njobs; i++) {
		struct fv_job *j = set->jobs[i];
		char stem[1024];

		if (!fv_split_splittable(j))
			continue;
		m[*n].job = j;
		fv_identity_of(j, &m[*n].id);
		fv_run_stem(j->source ? j->source : "", stem, sizeof(stem));
		m[*n].base = strdup(j->label);
		m[*n].stem = strdup(stem);
		if (!m[(*n)++].base || !m[*n - 1].stem)
			return -ENOMEM;
	}
	return 0;
}

int fv_label_split(struct fv_set *set)
{
	struct member *m = calloc(set->njobs + 1, sizeof(*m));
	struct member **v = calloc(set->njobs + 1, sizeof(*v));
	size_t n = 0;
	int ret = m && v ? members_of(set, m, &n) : -ENOMEM;

	if (!ret)
		qsort(m, n, sizeof(*m), by_base);
	for (size_t a = 0, b; a < n && !ret; a = b) {
		for (b = a; b < n && !strcmp(m[b].base, m[a].base); b++)
			;
		adopt(m + a, b - a);
		qsort(m + a, b - a, sizeof(*m), by_base_identity);
		ret = split_label(set, m + a, b - a, v);
	}
	for (size_t i = 0; m && i < n; i++) {
		free(m[i].base);
		free(m[i].stem);
	}
	free(m);
	free(v);
	return ret;
}
