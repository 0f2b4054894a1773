/* SPDX-License-Identifier: MIT */
/*
 * fio's JSON reader: walks the documents of one input, keeps the last fio
 * result document as the final one (earlier ones are --status-interval or
 * SIGUSR1 snapshots, kept only as counter samples), reads stats files, and
 * hands the final jobs to the model.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "documents.h"
#include "fio_json.h"
#include "ingest.h"
#include "ingest_int.h"

enum doc_kind { DOC_OTHER, DOC_FIO, DOC_STATS, DOC_STATS_UNKNOWN };

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

static int dup_into(char **dst, const char *src)
{
	if (!src)
		return 0;
	*dst = strdup(src);
	return *dst ? 0 : -ENOMEM;
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
	job->doc = di->doc;
	job->ninterim = sn->ndocs;
	if ((!job->display && dup_into(&job->display, job->name)) ||
	    dup_into(&job->source, di->name) ||
	    dup_into(&job->source_dir, dir) ||
	    dup_into(&job->fio_version, fv_jstr(root, "fio version")))
		return -ENOMEM;
	job->format = "fio JSON";
	if (job->kind != FV_JOB_CLONE_SUM && job->kind != FV_JOB_FLEET &&
	    fv_attach_snapshots(sn, job))
		return -ENOMEM;
	return fv_set_add_job(set, job);
}

/* One fio document: its own tree (its jobs deferred or not) and its jobs. */
struct doc {
	json_t *root;
	int line;
	struct fv_job **jobs;
	/*
	 * Parallel to the jobs as parsed: the deferred job each was read
	 * from (in spans), or -1 when it was in the document's tree.
	 */
	long *from;
	size_t njobs;
	struct fv_outline_job *spans; /* the deferred jobs' text */
	size_t nspans;
};

static void doc_free(struct doc *doc)
{
	fv_jobs_free(doc->jobs, doc->njobs);
	free(doc->from);
	free(doc->spans);
	json_decref(doc->root);
	memset(doc, 0, sizeof(*doc));
}

/*
 * The file is not what was read: its jobs would not be those the scan
 * found. An error, the file's numbers not used (-EBADMSG).
 */
static int changed(const struct fv_scanner *s)
{
	fv_diag_add(s->diags, FV_ERROR, s->name, 0, 0,
		    "the file changed while it was read (size or time of "
		    "modification): read it again once fio has finished");
	return -EBADMSG;
}

/* An entry of the jobs array as a tree: its own (*own), or the document's. */
static int entry_tree(struct fv_scanner *s, const struct doc *doc, long from,
		      const json_t *entry, const json_t **tree, json_t **own)
{
	int ret;

	*own = NULL;
	*tree = entry;
	if (from < 0)
		return 0;
	ret = fv_scan_job(s, &doc->spans[from], own);
	if (ret == -ESTALE)
		return changed(s);
	*tree = *own;
	return ret;
}

/*
 * Percentiles now, while the job's bins are here, and the bins let go: a
 * document's jobs are parsed one by one, and only their numbers stay.
 */
static int finish_lats(const struct fv_docinfo *di, struct fv_job *job)
{
	for (int d = 0; d < FV_DIR_NR; d++)
		for (int k = 0; k < FV_LAT_NR; k++) {
			struct fv_lat *lat = &job->dir[d].lat[k];

			if (lat->bins && fv_lat_finish(lat, di->pcts))
				return -ENOMEM;
		}
	return 0;
}

/* Each job, one tree at a time: -EBADMSG for a malformed one, -ENOMEM. */
static int parse_jobs(const struct fv_docinfo *di, struct fv_scanner *s,
		      struct doc *doc)
{
	const json_t *global = json_object_get(doc->root, "global options");
	bool client;
	const json_t *arr = job_array(doc->root, &client);
	size_t i, nobj = 0;
	json_t *jo;

	if (fv_scan_deferred(s)) {
		doc->nspans = s->outline.njobs;
		doc->spans = malloc(doc->nspans * sizeof(*doc->spans));
		if (!doc->spans)
			return -ENOMEM;
		memcpy(doc->spans, s->outline.jobs,
		       doc->nspans * sizeof(*doc->spans));
	}
	doc->jobs = calloc(json_array_size(arr) + 1, sizeof(*doc->jobs));
	doc->from = calloc(json_array_size(arr) + 1, sizeof(*doc->from));
	if (!doc->jobs || !doc->from)
		return -ENOMEM;
	json_array_foreach(arr, i, jo)
	{
		const json_t *tree;
		json_t *own;
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
		doc->jobs[doc->njobs] = job;
		doc->from[doc->njobs++] = nobj < doc->nspans ? (long) nobj : -1;
		nobj++;
		job->index = (int) i;
		ret = entry_tree(s, doc, doc->from[doc->njobs - 1], jo, &tree,
				 &own);
		if (!ret)
			ret = fv_parse_job(di, tree, global, job);
		if (!ret)
			ret = finish_lats(di, job);
		json_decref(own);
		if (ret)
			return ret;
		if (client && !strcmp(job->name, "All clients"))
			job->kind = FV_JOB_ALL_CLIENTS;
	}
	return 0;
}

/* A clone's bins again, for its group's sum: its tree parsed once more. */
struct reload {
	const struct fv_docinfo *di;
	struct fv_scanner *s;
	const struct doc *doc;
	size_t nparsed; /* jobs before the sums were added */
};

static void take_bins(struct fv_job *to, struct fv_job *from)
{
	for (int d = 0; d < FV_DIR_NR; d++)
		for (int k = 0; k < FV_LAT_NR; k++) {
			struct fv_lat *a = &to->dir[d].lat[k],
				      *b = &from->dir[d].lat[k];

			fv_lat_set_bins(a, b->bins, b->nbins);
			b->bins = NULL;
			b->nbins = 0;
		}
}

static int reload_bins(void *ctx, struct fv_job *job)
{
	const struct reload *r = ctx;
	const json_t *global = json_object_get(r->doc->root, "global options");
	bool client;
	const json_t *tree;
	json_t *own;
	struct fv_job *again = NULL;
	size_t i = 0;
	int ret;

	while (i < r->nparsed && r->doc->jobs[i] != job)
		i++;
	if (i == r->nparsed)
		return 0;
	ret = entry_tree(r->s, r->doc, r->doc->from[i],
			 json_array_get(job_array(r->doc->root, &client),
					(size_t) job->index),
			 &tree, &own);
	if (ret)
		goto out;
	again = fv_job_new();
	if (!again) {
		ret = -ENOMEM;
		goto out;
	}
	ret = fv_parse_job(r->di, tree, global, again);
	if (!ret)
		take_bins(job, again);
out:
	fv_job_free(again);
	json_decref(own);
	return ret;
}

/* The final document: clones grouped, percentiles, into the set. */
static int ingest_final(struct fv_set *set, struct fv_docinfo *di,
			struct fv_scanner *s, struct doc *doc, const char *dir,
			const struct snapshots *sn)
{
	struct reload r = { di, s, doc, doc->njobs };
	int ret = fv_group_clones(&doc->jobs, &doc->njobs, reload_bins, &r);

	if (!ret)
		ret = fv_fleet_sums(&doc->jobs, &doc->njobs, reload_bins, &r);
	size_t i = 0, njobs = doc->njobs;
	struct fv_run_io run;

	fv_run_io_of(doc->root, doc->jobs, njobs, &run);
	for (; i < njobs && !ret; i++) {
		doc->jobs[i]->run_io = run;
		fv_cpu_idle_of(doc->root, doc->jobs[i]);
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
	if (!ret && !di->doc)
		set->ninputs++;
	return ret;
}

/* When a document's run began: its time less its first job's elapsed. */
static double run_start(const json_t *root)
{
	const json_t *jobs = json_object_get(root, "jobs");

	if (!json_is_array(jobs))
		jobs = json_object_get(root, "client_stats");
	return fv_jnum(root, "timestamp") -
	       fv_jnum(json_array_get(jobs, 0), "elapsed");
}

/*
 * Is b another run of fio than a (outputs appended: fio ... >> out.json),
 * not a later report of it (--status-interval, SIGUSR1)? Reports of one
 * run share its start; another fio's version, or a start later by more
 * than the rounding of fio's seconds, is another run. Without elapsed
 * (fio before 2.1) a report it is, as before.
 */
static bool another_run(const json_t *a, const json_t *b)
{
	const char *va = fv_jstr(a, "fio version"),
		   *vb = fv_jstr(b, "fio version");
	double sa = run_start(a), sb = run_start(b);

	if (va && vb && strcmp(va, vb))
		return true;
	return isfinite(sa) && isfinite(sb) && fabs(sb - sa) > 2;
}

/* The run before is whole: into the set, and its reports with it. */
static int end_run(struct fv_set *set, struct fv_docinfo *di,
		   struct fv_scanner *s, struct doc *last, const char *dir,
		   struct snapshots *sn)
{
	int ret;

	di->line = last->line;
	doc_version(di, last->root);
	ret = ingest_final(set, di, s, last, dir, sn);
	di->doc++;
	doc_free(last);
	memset(last, 0, sizeof(*last));
	fv_snapshots_free(sn);
	memset(sn, 0, sizeof(*sn));
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

/*
 * Nothing usable found: an error for a named file, a note otherwise. Its
 * text is not worth a warning per line: one message says it all.
 */
static int nothing_found(struct fv_set *set, const char *name, bool named,
			 size_t ndiags)
{
	fv_diags_truncate(&set->diags, ndiags);
	if (named) {
		fv_diag_add(&set->diags, FV_ERROR, name, 0, 0,
			    "not a result of a tool fioverdict reads (%s)",
			    FV_FORMATS_READ);
		return -EBADMSG;
	}
	fv_diag_add(&set->diags, FV_NOTE, name, 0, 0,
		    "skipped: no result in this file");
	return 0;
}

/*
 * A fio document read: its jobs parsed; the document before it, now known
 * to be interim, kept only as counter samples.
 */
static int next_fio_doc(struct fv_docinfo *di, struct fv_scanner *s,
			struct doc *cur, struct doc *last, struct snapshots *sn)
{
	int ret;

	doc_version(di, cur->root);
	ret = parse_jobs(di, s, cur);
	if (!ret && last->root)
		ret = fv_record_snapshots(sn, last->jobs, last->njobs);
	doc_free(last);
	if (ret) {
		doc_free(cur);
		return ret;
	}
	*last = *cur;
	return 0;
}

/* The scan stopped on its text: the file changed, or reading it failed. */
static int unreadable(const struct fv_scanner *s, int err)
{
	if (err == -ESTALE)
		return changed(s);
	fv_diag_add(s->diags, FV_ERROR, s->name, 0, 0, "cannot read: %s",
		    strerror(-err));
	return -EBADMSG;
}

int fv_fio_json_read(struct fv_set *set, const char *name, const char *dir,
		     struct fv_text *t, bool named)
{
	struct fv_docinfo di = { .name = name,
				 .diags = &set->diags,
				 .pcts = &set->pcts };
	size_t ndiags = set->diags.n, nstats = set->ndur;
	struct snapshots sn = { 0 };
	struct fv_scanner s;
	struct doc last = { 0 };
	int ret;

	fv_scan_init(&s, name, t, &set->diags);
	for (;;) {
		struct doc cur = { 0 };
		enum doc_kind kind;

		ret = fv_scan_next(&s, &cur.root, &cur.line);
		if (ret != 1)
			break;
		kind = classify(cur.root);
		di.line = cur.line;
		if (kind == DOC_FIO && last.root &&
		    another_run(last.root, cur.root) &&
		    (ret = end_run(set, &di, &s, &last, dir, &sn))) {
			json_decref(cur.root);
			break;
		}
		if (kind == DOC_FIO) {
			di.line = cur.line;
			ret = next_fio_doc(&di, &s, &cur, &last, &sn);
			if (ret)
				break;
			continue;
		}
		di.server = s.from_line ? s.server : NULL;
		if (kind == DOC_STATS)
			ret = fv_parse_durability(set, &di, cur.root, dir);
		else
			ret = other_doc(&di, kind, named);
		json_decref(cur.root);
		if (ret)
			break;
	}
	if (ret && ret != -EBADMSG && ret != -ENOMEM)
		ret = unreadable(&s, ret);
	if (!ret && last.root) {
		di.line = last.line;
		doc_version(&di, last.root);
		ret = ingest_final(set, &di, &s, &last, dir, &sn);
	} else if (!ret && set->ndur == nstats) {
		ret = nothing_found(set, name, named, ndiags);
	}
	doc_free(&last);
	fv_snapshots_free(&sn);
	fv_scan_free(&s);
	return ret;
}
