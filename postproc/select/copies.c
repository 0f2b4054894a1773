/* SPDX-License-Identifier: MIT */
/*
 * A result kept twice: the same document under two names (a run copied
 * aside, saved again with a BOM by PowerShell, fetched again into a
 * history) or twice in one file (appended again). Within one label the
 * copy would count as a second run of each of its tests, one that agrees
 * with the first to the last digit: the noise it shows is none, and a
 * rank test gets a sample it never had. A copy is told by what two runs
 * never share: the time the tool gives (not 0: unknown) and every job's
 * figures alike, to the digit, in the same label and test (a file name
 * that names another test makes another test; history, whose runs are
 * documents whatever their label, asks labels aside). It is read once,
 * the later input dropped, with a note that names both.
 *
 * A document is known by its print, a 64-bit FNV-1a hash of all of
 * that, kept in a jansson object: two documents that are not copies share
 * a print by chance at odds near 2^-64 a pair. summary --stream, which
 * keeps nothing of a file past it, tells only a file's own copies.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select_int.h"
#include "util/util.h"

/* A job and its place in set->jobs. */
struct member {
	struct fv_job *job;
	size_t pos;
};

static void mix_str(uint64_t *h, const char *s)
{
	*h = fv_fnv1a(*h, s ? s : "", s ? strlen(s) + 1 : 0);
	*h = fv_fnv1a(*h, s ? "s" : "n", 1); /* NULL apart from "" */
}

/*
 * Figures, as doubles (counts below 2^53 exactly): every NAN alike, -0
 * as 0.
 */
static void mix_nums(uint64_t *h, const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		double x = isnan(v[i]) ? NAN : v[i] == 0 ? 0 : v[i];

		*h = fv_fnv1a(*h, &x, sizeof(x));
	}
}

static void mix_dir(uint64_t *h, const struct fv_dirstats *d)
{
	const double v[] = { d->present,
			     (double) d->io_bytes,
			     (double) d->total_ios,
			     (double) d->runtime_ms,
			     d->bw_bytes,
			     d->iops };

	mix_nums(h, v, FV_ARRAY_SIZE(v));
	for (int k = 0; k < FV_LAT_NR; k++) {
		const struct fv_lat *l = &d->lat[k];
		const double lat[] = {
			l->present, (double) l->n, l->min_ns,
			l->max_ns,  l->mean_ns,	   l->stddev_ns
		};

		mix_nums(h, lat, FV_ARRAY_SIZE(lat));
	}
}

static void mix_job(uint64_t *h, const struct fv_job *j)
{
	const double v[] = { (double) j->timestamp, j->kind, j->error,
			     j->usr_cpu, j->sys_cpu };

	mix_str(h, j->name);
	mix_str(h, j->host);
	mix_str(h, j->file_test);
	mix_str(h, j->fio_version);
	mix_nums(h, v, FV_ARRAY_SIZE(v));
	for (int d = 0; d < FV_DIR_NR; d++)
		mix_dir(h, &j->dir[d]);
}

/* By label, file, place in the file, then input order: documents. */
static int by_document(const void *x, const void *y)
{
	const struct fv_job *a = ((const struct member *) x)->job,
			    *b = ((const struct member *) y)->job;
	int c = fv_strcmp_opt(a->label, b->label);

	if (!c)
		c = fv_strcmp_opt(a->source, b->source);
	if (!c)
		c = (a->doc > b->doc) - (a->doc < b->doc);
	return c ? c : (a->order > b->order) - (a->order < b->order);
}

static bool one_doc(const struct fv_job *a, const struct fv_job *b)
{
	return fv_streq_opt(a->label, b->label) && a->doc == b->doc &&
	       fv_streq_opt(a->source, b->source);
}

/*
 * The print of the document m[0..n) as a JSON key, or "" when a job's
 * time is unknown (it can be nobody's copy).
 */
static void print_of(const struct member *m, size_t n, bool labels_aside,
		     char key[17])
{
	uint64_t h = FV_FNV1A_INIT;

	key[0] = '\0';
	if (!labels_aside)
		mix_str(&h, m[0].job->label);
	for (size_t i = 0; i < n; i++) {
		if (!m[i].job->timestamp)
			return;
		mix_job(&h, m[i].job);
	}
	snprintf(key, 17, "%016llx", (unsigned long long) h);
}

static int note_copy(struct fv_set *set, const struct fv_job *copy,
		     const json_t *of)
{
	const char *src = json_string_value(json_object_get(of, "source"));
	int doc = (int) json_integer_value(json_object_get(of, "doc"));

	if (fv_streq_opt(copy->source, src))
		return fv_set_note(set,
				   "copies: %s holds one result twice (its "
				   "outputs %d and %d): read once",
				   src, doc + 1, copy->doc + 1);
	return fv_set_note(set,
			   "copies: %s holds the same result as %s (the time "
			   "its tool gives and every job's figures): read once",
			   copy->source, src);
}

/*
 * Where a document was: its file (a path, which need not be UTF-8: not
 * checked) and place. 0 or -ENOMEM.
 */
static int remember(json_t *seen, const char *key, const struct fv_job *j)
{
	json_t *where = json_object();

	if (!where || json_object_set_new(where, "doc", json_integer(j->doc)) ||
	    json_object_set_new(where, "source",
				j->source ? json_string_nocheck(j->source)
					  : json_null())) {
		json_decref(where);
		return -ENOMEM;
	}
	return json_object_set_new(seen, key, where) ? -ENOMEM : 0;
}

/*
 * The document m[0..n): remembered, or (a copy) its jobs freed and their
 * places in set->jobs emptied. 0 or -ENOMEM.
 */
static int drop_or_keep(json_t *seen, bool labels_aside, struct fv_set *set,
			const struct member *m, size_t n)
{
	char key[17];
	const json_t *of;

	print_of(m, n, labels_aside, key);
	if (!key[0])
		return 0;
	of = json_object_get(seen, key);
	if (!of)
		return remember(seen, key, m[0].job);
	if (note_copy(set, m[0].job, of))
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		fv_job_free(m[i].job);
		set->jobs[m[i].pos] = NULL;
	}
	return 0;
}

/* A document: its members, of one label, file and place in the file. */
struct doc {
	const struct member *m;
	size_t n;
};

/* Documents by their first job's input order: the earlier is kept. */
static int by_first(const void *x, const void *y)
{
	const struct fv_job *a = ((const struct doc *) x)->m[0].job,
			    *b = ((const struct doc *) y)->m[0].job;

	return (a->order > b->order) - (a->order < b->order);
}

/* The documents of m[0..n), sorted by_document; returns their count. */
static size_t split_docs(const struct member *m, size_t n, struct doc *docs)
{
	size_t nd = 0;

	for (size_t a = 0, b; a < n; a = b) {
		for (b = a + 1; b < n && one_doc(m[a].job, m[b].job); b++)
			;
		docs[nd++] = (struct doc){ .m = m + a, .n = b - a };
	}
	qsort(docs, nd, sizeof(*docs), by_first);
	return nd;
}

int fv_copies_drop(struct fv_set *set, bool labels_aside)
{
	struct member *m = calloc(set->njobs + 1, sizeof(*m));
	struct doc *docs = calloc(set->njobs + 1, sizeof(*docs));
	json_t *seen = json_object(); /* print, hex: { source, doc } */
	size_t nd, keep = 0;
	int ret = -ENOMEM;

	if (!m || !docs || !seen)
		goto out;
	for (size_t i = 0; i < set->njobs; i++)
		m[i] = (struct member){ .job = set->jobs[i], .pos = i };
	qsort(m, set->njobs, sizeof(*m), by_document);
	nd = split_docs(m, set->njobs, docs);
	ret = 0;
	for (size_t d = 0; d < nd && !ret; d++)
		ret = drop_or_keep(seen, labels_aside, set, docs[d].m,
				   docs[d].n);
	/* the copies' places, emptied, closed up (after a failure too) */
	for (size_t i = 0; i < set->njobs; i++)
		if (set->jobs[i])
			set->jobs[keep++] = set->jobs[i];
	set->njobs = keep;
out:
	json_decref(seen);
	free(m);
	free(docs);
	return ret;
}
