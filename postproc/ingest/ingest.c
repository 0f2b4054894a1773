/* SPDX-License-Identifier: MIT */
/*
 * Ingest driver: walks the documents of one input, keeps the last fio
 * result document as the final one (earlier ones are --status-interval or
 * SIGUSR1 snapshots, kept only as counter samples), reads stats files, and
 * hands the final jobs to the model.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ingest.h"
#include "ingest/lowmem/lowmem.h"
#include "ingest_int.h"
#include "inputs.h"
#include "model/model.h"
#include "documents.h"

enum doc_kind { DOC_OTHER, DOC_FIO, DOC_STATS, DOC_STATS_UNKNOWN };

/* One job's counters in an interim document. */
struct snapshot {
	char *name;
	char *host;
	int index;
	bool has[FV_DIR_NR];
	struct fv_sample s[FV_DIR_NR];
};

struct snapshots {
	struct snapshot *v;
	size_t n, cap;
	size_t ndocs;
};

static const json_t *job_array(const json_t *root, bool *client)
{
	const json_t *a = json_object_get(root, "jobs");

	*client = false;
	if (json_is_array(a))
		return a;
	a = json_object_get(root, "client_stats");
	*client = json_is_array(a);
	return *client ? a : NULL;
}

static enum doc_kind classify(const json_t *root)
{
	const char *schema = fv_jstr(root, "schema");
	bool client;

	if (schema && !strncmp(schema, "fioverdict-durability/", 22))
		return strcmp(schema + 22, "1") ? DOC_STATS_UNKNOWN : DOC_STATS;
	return job_array(root, &client) ? DOC_FIO : DOC_OTHER;
}

static void doc_version(struct fv_docinfo *di, const json_t *root)
{
	const char *v = fv_jstr(root, "fio version");

	di->major = di->minor = 0;
	if (!v || sscanf(v, "fio-%d.%d", &di->major, &di->minor) != 2)
		di->major = di->minor = 0;
	/* io_bytes was KiB before fio 2.21. */
	di->kib_io_bytes = di->major && (di->major < 2 ||
					 (di->major == 2 && di->minor < 21));
}

static void snapshots_free(struct snapshots *sn)
{
	for (size_t i = 0; i < sn->n; i++) {
		free(sn->v[i].name);
		free(sn->v[i].host);
	}
	free(sn->v);
}

/* Keeps the counters of an interim document's jobs. */
static int record_snapshots(struct snapshots *sn, struct fv_job *const *jobs,
			    size_t njobs)
{
	sn->ndocs++;
	for (size_t i = 0; i < njobs; i++) {
		const struct fv_job *job = jobs[i];
		struct snapshot *s;

		if (sn->n == sn->cap) {
			size_t cap = sn->cap ? sn->cap * 2 : 16;
			struct snapshot *v = realloc(sn->v, cap * sizeof(*v));

			if (!v)
				return -ENOMEM;
			sn->v = v;
			sn->cap = cap;
		}
		s = &sn->v[sn->n];
		memset(s, 0, sizeof(*s));
		s->index = job->index;
		s->name = strdup(job->name);
		s->host = job->hostname ? strdup(job->hostname) : NULL;
		sn->n++;
		if (!s->name || (job->hostname && !s->host))
			return -ENOMEM;
		for (int d = 0; d < FV_DIR_NR; d++) {
			const struct fv_dirstats *ds = &job->dir[d];

			s->has[d] = ds->present;
			s->s[d] =
				(struct fv_sample){ .runtime_ms =
							    ds->runtime_ms,
						    .total_ios = ds->total_ios,
						    .io_bytes = ds->io_bytes };
		}
	}
	return 0;
}

static bool snapshot_matches(const struct snapshot *s, const struct fv_job *job)
{
	return s->index == job->index && !strcmp(s->name, job->name) &&
	       (s->host == job->hostname ||
		(s->host && job->hostname && !strcmp(s->host, job->hostname)));
}

static int attach_snapshots(const struct snapshots *sn, struct fv_job *job)
{
	for (size_t i = 0; i < sn->n; i++) {
		const struct snapshot *s = &sn->v[i];

		if (!snapshot_matches(s, job))
			continue;
		for (int d = 0; d < FV_DIR_NR; d++) {
			struct fv_dirstats *ds = &job->dir[d];
			struct fv_sample *v;

			if (!s->has[d] || !ds->present)
				continue;
			v = realloc(ds->samples,
				    (ds->nsamples + 1) * sizeof(*v));
			if (!v)
				return -ENOMEM;
			v[ds->nsamples++] = s->s[d];
			ds->samples = v;
		}
	}
	return 0;
}

static int dup_into(char **dst, const char *src)
{
	if (!src)
		return 0;
	*dst = strdup(src);
	return *dst ? 0 : -ENOMEM;
}

/* Borrowed bins (a scanner's store) copied, before the store is reused. */
static int own_lat_bins(struct fv_lat *lat)
{
	struct fv_bin *own;

	if (!lat->bins_borrowed)
		return 0;
	own = malloc(lat->nbins * sizeof(*own) + 1);
	if (!own)
		return -ENOMEM;
	memcpy(own, lat->bins, lat->nbins * sizeof(*own));
	lat->bins = own;
	lat->bins_borrowed = false;
	return 0;
}

/*
 * Sections whose percentiles are still to be computed: bins (a clone's
 * again, a sum's, or ones jansson parsed), or nothing computed yet.
 */
static bool unfinished(const struct fv_lat *lat)
{
	return lat->bins || (!lat->pct && !lat->had_bins);
}

/* Percentiles, provenance, then into the set. */
static int finish_job(struct fv_set *set, const struct fv_docinfo *di,
		      const json_t *root, const char *dir,
		      const struct snapshots *sn, struct fv_job *job)
{
	double ts = fv_jnum(root, "timestamp");

	for (int d = 0; d < FV_DIR_NR; d++)
		for (int k = 0; k < FV_LAT_NR; k++)
			if (unfinished(&job->dir[d].lat[k]) &&
			    fv_lat_finish(&job->dir[d].lat[k], &set->pcts))
				return -ENOMEM;
	job->timestamp = isnan(ts) ? 0 : (int64_t) fv_u64(ts);
	job->ninterim = sn->ndocs;
	if ((!job->display && dup_into(&job->display, job->name)) ||
	    dup_into(&job->source, di->name) ||
	    dup_into(&job->source_dir, dir) ||
	    dup_into(&job->fio_version, fv_jstr(root, "fio version")))
		return -ENOMEM;
	if (job->kind != FV_JOB_CLONE_SUM && attach_snapshots(sn, job))
		return -ENOMEM;
	return fv_set_add_job(set, job);
}

/* Where a section's bins object is in the text, to read it again. */
struct bins_ref {
	size_t at; /* its '{'; 0: none (a document starts with '{') */
	double scale;
};

struct job_refs {
	struct bins_ref lat[FV_DIR_NR][FV_LAT_NR];
	size_t job_start, job_end; /* a deferred job's text; 0, 0: inline */
};

/* One fio document: its own small tree (jobs deferred) and its jobs. */
struct doc {
	json_t *root;
	int line;
	struct fv_job **jobs;
	struct job_refs *refs; /* parallel to the jobs as parsed */
	size_t njobs;
};

static void doc_free(struct doc *doc)
{
	for (size_t i = 0; i < doc->njobs; i++)
		fv_job_free(doc->jobs[i]);
	free(doc->jobs);
	free(doc->refs);
	json_decref(doc->root);
	memset(doc, 0, sizeof(*doc));
}

/* Where one job's parse takes its text, its bins and its tree from. */
struct job_source {
	struct fv_scanner *scan;
	struct fv_bins_store *doc_bins; /* the document's: job markers */
	struct fv_bins_store *job_bins; /* scratch for one deferred job */
	struct fv_jarena *arena;	/* one deferred job's tree */
	const struct fv_text *text;	/* NULL, or parts can be let go */
	struct job_text *copy;		/* a job's text read again */
};

struct job_text {
	char *buf;
	size_t cap;
};

/* A document read: its jobs' text goes, each is read again in turn. */
static void text_done(const struct job_source *src,
		      const struct fv_bins_span *sp)
{
	if (src->text)
		fv_text_release(src->text, sp->start, sp->end);
}

/*
 * The file is not what was read: its jobs would not be those the scan
 * found. An error, the file's numbers not used (-EBADMSG).
 */
static int changed(const struct job_source *src)
{
	fv_diag_add(src->scan->diags, FV_ERROR, src->scan->name, 0, 0,
		    "the file changed while it was read (size or time of "
		    "modification): read it again once fio has finished");
	return -EBADMSG;
}

/* Input [start, end) into *text: in place, or read again from the file. */
static int job_text(const struct job_source *src, size_t start, size_t end,
		    const char **text)
{
	struct job_text *c = src->copy;

	if (!src->text || src->text->fd < 0) {
		*text = src->scan->buf + start;
		return 0;
	}
	if (fv_big_reserve((void **) &c->buf, &c->cap, end - start))
		return -ENOMEM;
	if (fv_text_copy(src->text, start, end, c->buf))
		return changed(src);
	*text = c->buf;
	return 0;
}

static int load_job(const struct job_source *src, const struct fv_bins_span *sp,
		    json_t **root)
{
	const char *text;
	struct fv_jarena *prev;
	int ret = job_text(src, sp->start, sp->end, &text);

	if (ret)
		return ret;
	prev = fv_jarena_use(src->arena);
	ret = fv_scan_job(src->scan, sp, text, src->job_bins, root);
	fv_jarena_use(prev);
	return ret;
}

/*
 * Percentiles of the sections whose bins the scanner kept, computed now,
 * while the bins are there: the store is reused for the next job. Where
 * they were in the input is noted, for a clone's sum (a deferred job's
 * bins are at offsets from its own text).
 */
static int finish_borrowed(const struct fv_docinfo *di, struct fv_job *job,
			   struct job_refs *refs)
{
	size_t base = refs->job_start;

	for (int d = 0; d < FV_DIR_NR; d++)
		for (int k = 0; k < FV_LAT_NR; k++) {
			struct fv_lat *lat = &job->dir[d].lat[k];
			const struct fv_bins_span *sp;

			if (!lat->bins_borrowed)
				continue;
			sp = fv_bins_span_of(di->bins, lat->bins);
			if (sp)
				refs->lat[d][k] =
					(struct bins_ref){ .at = base +
								 sp->start,
							   .scale = sp->scale };
			if (fv_lat_finish(lat, di->pcts))
				return -ENOMEM;
		}
	return 0;
}

/* One entry of the jobs array: deferred (parsed now) or in the tree. */
static int parse_entry(const struct fv_docinfo *di,
		       const struct job_source *src, const json_t *global,
		       json_t *entry, struct fv_job *job, struct job_refs *refs)
{
	const struct fv_bins_span *sp =
		fv_bins_lookup(src->doc_bins, entry, true);
	struct fv_docinfo jdi = *di;
	json_t *own = NULL;
	int ret;

	jdi.bins = src->doc_bins;
	if (sp) {
		ret = load_job(src, sp, &own);
		if (ret) {
			fv_jarena_reset(src->arena);
			return ret;
		}
		entry = own;
		jdi.bins = src->job_bins;
		refs->job_start = sp->start;
		refs->job_end = sp->end;
	}
	ret = fv_parse_job(&jdi, entry, global, job);
	ret = ret ? ret : finish_borrowed(&jdi, job, refs);
	json_decref(own);
	fv_jarena_reset(src->arena); /* the tree is gone: its memory too */
	return ret;
}

/* Each job, one tree at a time: -EBADMSG for a malformed one, -ENOMEM. */
static int parse_jobs(const struct fv_docinfo *di, const struct job_source *src,
		      struct doc *doc)
{
	const json_t *global = json_object_get(doc->root, "global options");
	bool client;
	const json_t *arr = job_array(doc->root, &client);
	size_t i;
	json_t *jo;

	/*
	 * The document's parse read every job's text: let it go, so that
	 * each job's comes back only while it is parsed.
	 */
	for (size_t k = 0; k < src->doc_bins->nspans; k++)
		if (src->doc_bins->spans[k].job)
			text_done(src, &src->doc_bins->spans[k]);
	doc->jobs = calloc(json_array_size(arr) + 1, sizeof(*doc->jobs));
	doc->refs = calloc(json_array_size(arr) + 1, sizeof(*doc->refs));
	if (!doc->jobs || !doc->refs)
		return -ENOMEM;
	json_array_foreach(arr, i, jo)
	{
		struct fv_job *job;
		int ret;

		if (!json_is_object(jo)) {
			fv_diag_add(di->diags, FV_WARNING, di->name, di->line,
				    1, "jobs[%zu]: expected an object, skipped",
				    i);
			continue;
		}
		job = fv_job_new();
		if (!job)
			return -ENOMEM;
		doc->jobs[doc->njobs++] = job;
		job->index = (int) i;
		ret = parse_entry(di, src, global, jo, job,
				  &doc->refs[doc->njobs - 1]);
		if (ret)
			return ret;
		if (client && !strcmp(job->name, "All clients"))
			job->kind = FV_JOB_ALL_CLIENTS;
	}
	return 0;
}

/* A clone's bins, read again from the text for its group's sum. */
struct reload {
	const struct job_source *src;
	const struct doc *doc;
	size_t nparsed; /* jobs before the sums were added */
};

static int reload_lat(const struct job_source *src, struct fv_lat *lat,
		      const struct bins_ref *ref, const struct job_refs *jr)
{
	const struct fv_scanner *s = src->scan;
	const char *text = s->buf;
	size_t len = s->len, at = ref->at;
	int ret = 0;

	if (jr->job_end) { /* a deferred job's: its text again */
		ret = job_text(src, jr->job_start, jr->job_end, &text);
		len = jr->job_end - jr->job_start;
		at -= jr->job_start;
	}
	if (ret)
		return ret;
	fv_bins_reset(src->job_bins);
	ret = fv_bins_take(src->job_bins, text, len, at);
	if (ret <= 0) /* it was taken the first time: not the same text */
		return ret ? ret : changed(src);
	fv_pick_bins(lat, src->job_bins,
		     &src->job_bins->spans[src->job_bins->nspans - 1],
		     ref->scale);
	return own_lat_bins(lat);
}

static int reload_bins(void *ctx, struct fv_job *job)
{
	const struct reload *r = ctx;
	size_t i = 0;

	while (i < r->nparsed && r->doc->jobs[i] != job)
		i++;
	for (int d = 0; d < FV_DIR_NR && i < r->nparsed; d++)
		for (int k = 0; k < FV_LAT_NR; k++) {
			const struct bins_ref *ref = &r->doc->refs[i].lat[d][k];
			int ret = ref->at ? reload_lat(r->src,
						       &job->dir[d].lat[k], ref,
						       &r->doc->refs[i])
					  : 0;

			if (ret)
				return ret;
		}
	return 0;
}

/* The final document: clones grouped, percentiles, into the set. */
static int ingest_final(struct fv_set *set, struct fv_docinfo *di,
			const struct job_source *src, struct doc *doc,
			const char *dir, const struct snapshots *sn)
{
	struct reload r = { src, doc, doc->njobs };
	int ret = fv_group_clones(&doc->jobs, &doc->njobs, reload_bins, &r);
	size_t i = 0, njobs = doc->njobs;

	for (; i < njobs && !ret; i++) {
		ret = finish_job(set, di, doc->root, dir, sn, doc->jobs[i]);
		if (ret) /* not taken by the set */
			fv_job_free(doc->jobs[i]);
	}
	for (; i < njobs; i++)
		fv_job_free(doc->jobs[i]);
	doc->njobs = 0; /* each job is the set's now, or freed */
	if (!ret && !njobs)
		fv_diag_add(di->diags, FV_WARNING, di->name, di->line, 1,
			    "fio output without any job (did fio fail to "
			    "start?)");
	if (!ret)
		set->ninputs++;
	return ret;
}

static int other_doc(struct fv_docinfo *di, enum doc_kind kind, bool named)
{
	if (kind == DOC_STATS_UNKNOWN)
		return fv_diag_add(di->diags, FV_WARNING, di->name, di->line, 1,
				   "stats file of an unknown schema version "
				   "(expected fioverdict-durability/1), "
				   "skipped");
	if (!named)
		return 0;
	fv_diag_add(di->diags, FV_ERROR, di->name, di->line, 1,
		    "not fio output: expected an object with \"jobs\" or "
		    "\"client_stats\"");
	return -EBADMSG;
}

/* Nothing usable found: an error for a named file, a note otherwise. */
static int nothing_found(struct fv_set *set, const char *name, bool named,
			 size_t ndiags)
{
	if (named) {
		fv_diag_add(&set->diags, FV_ERROR, name, 1, 1,
			    "not fio output: expected a JSON object "
			    "(fio --output-format=json or json+)");
		return -EBADMSG;
	}
	/* Its text is not worth a warning per line: one note says it all. */
	fv_diags_truncate(&set->diags, ndiags);
	fv_diag_add(&set->diags, FV_NOTE, name, 0, 0,
		    "skipped: no fio JSON output in this file");
	return 0;
}

/*
 * A fio document read: its jobs parsed; the document before it, now known
 * to be interim, kept only as counter samples.
 */
static int next_fio_doc(struct fv_docinfo *di, const struct job_source *src,
			struct doc *cur, struct doc *last, struct snapshots *sn)
{
	int ret;

	doc_version(di, cur->root);
	ret = parse_jobs(di, src, cur);
	if (!ret && last->root)
		ret = record_snapshots(sn, last->jobs, last->njobs);
	doc_free(last);
	if (ret) {
		doc_free(cur);
		return ret;
	}
	*last = *cur;
	return 0;
}

int fv_ingest_buffer(struct fv_set *set, const char *name, const char *dir,
		     const char *buf, size_t len,
		     const struct fv_ingest_opts *opts)
{
	struct fv_docinfo di = { .name = name,
				 .diags = &set->diags,
				 .pcts = &set->pcts };
	size_t ndiags = set->diags.n, nstats = set->ndur;
	struct snapshots sn = { 0 };
	struct fv_bins_store doc_bins, job_bins;
	struct job_text copy = { 0 };
	struct job_source src = { .doc_bins = &doc_bins,
				  .job_bins = &job_bins,
				  .text = opts ? opts->text : NULL,
				  .copy = &copy };
	struct fv_scanner s;
	struct doc last = { 0 };
	int ret;

	src.arena = fv_jarena_new();
	if (!src.arena)
		return -ENOMEM;
	fv_bins_init(&doc_bins);
	fv_bins_init(&job_bins);
	fv_scan_init(&s, name, buf, len, &set->diags);
	s.bins = &doc_bins;
	src.scan = &s;
	for (;;) {
		struct doc cur = { 0 };
		enum doc_kind kind;

		fv_bins_reset(&doc_bins);
		ret = fv_scan_next(&s, &cur.root, &cur.line);
		if (ret != 1)
			break;
		kind = classify(cur.root);
		di.line = cur.line;
		if (kind == DOC_FIO) {
			ret = next_fio_doc(&di, &src, &cur, &last, &sn);
			if (ret)
				break;
			continue;
		}
		if (kind == DOC_STATS)
			ret = fv_parse_durability(set, &di, cur.root, dir);
		else
			ret = other_doc(&di, kind, opts && opts->named);
		json_decref(cur.root);
		if (ret)
			break;
	}
	if (!ret && last.root) {
		di.line = last.line;
		doc_version(&di, last.root);
		ret = ingest_final(set, &di, &src, &last, dir, &sn);
	} else if (!ret && set->ndur == nstats) {
		ret = nothing_found(set, name, opts && opts->named, ndiags);
	}
	doc_free(&last);
	snapshots_free(&sn);
	fv_bins_free(&doc_bins);
	fv_bins_free(&job_bins);
	fv_jarena_free(src.arena);
	fv_big_free((void **) &copy.buf, &copy.cap);
	return ret;
}
