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
#include "ingest_int.h"
#include "pctl.h"
#include "scan.h"

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

static int snapshot_dirs(struct snapshot *s, const json_t *jo, bool kib)
{
	static const char *const keys[FV_DIR_NR] = {
		"read", "write", "trim", "sync", "mixed",
	};

	for (int d = 0; d < FV_DIR_NR; d++) {
		const json_t *o = json_object_get(jo, keys[d]);
		double bytes = fv_jnum(o, "io_bytes");

		if (!json_is_object(o))
			continue;
		if (kib && !json_object_get(o, "io_kbytes"))
			bytes *= 1024;
		s->has[d] = true;
		s->s[d].runtime_ms = fv_u64(fv_jnum(o, "runtime"));
		s->s[d].total_ios = fv_u64(fv_jnum(o, "total_ios"));
		s->s[d].io_bytes = fv_u64(bytes);
	}
	return 0;
}

/* Keeps the counters of an interim document; the tree itself is dropped. */
static int record_snapshots(struct snapshots *sn, const json_t *root)
{
	struct fv_docinfo di = { 0 };
	const json_t *arr;
	bool client;
	size_t i;
	json_t *jo;

	doc_version(&di, root);
	arr = job_array(root, &client);
	sn->ndocs++;
	json_array_foreach(arr, i, jo)
	{
		struct snapshot *s;
		const char *name = fv_jstr(jo, "jobname");
		const char *host = fv_jstr(jo, "hostname");

		if (!json_is_object(jo) || !name)
			continue;
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
		s->index = (int) i;
		s->name = strdup(name);
		s->host = host ? strdup(host) : NULL;
		sn->n++;
		if (!s->name || (host && !s->host))
			return -ENOMEM;
		snapshot_dirs(s, jo, di.kib_io_bytes);
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

/*
 * fv_lat_finish() frees the bins it reads: borrowed ones (the scanner's
 * store) are copied first, one section at a time, so that only one copy
 * exists at any moment.
 */
static int lat_finish(struct fv_lat *lat, const struct fv_pctlist *pcts)
{
	if (lat->bins_borrowed) {
		struct fv_bin *own = malloc(lat->nbins * sizeof(*own) + 1);

		if (!own)
			return -ENOMEM;
		memcpy(own, lat->bins, lat->nbins * sizeof(*own));
		lat->bins = own;
		lat->bins_borrowed = false;
	}
	return fv_lat_finish(lat, pcts);
}

/* Percentiles, provenance, then into the set. */
static int finish_job(struct fv_set *set, const struct fv_docinfo *di,
		      const json_t *root, const char *dir,
		      const struct snapshots *sn, struct fv_job *job)
{
	double ts = fv_jnum(root, "timestamp");

	for (int d = 0; d < FV_DIR_NR; d++)
		for (int k = 0; k < FV_LAT_NR; k++)
			if (lat_finish(&job->dir[d].lat[k], &set->pcts))
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

static int parse_jobs(const struct fv_docinfo *di, const json_t *root,
		      struct fv_job ***jobs, size_t *njobs)
{
	const json_t *global = json_object_get(root, "global options");
	bool client;
	const json_t *arr = job_array(root, &client);
	size_t i;
	json_t *jo;

	*jobs = calloc(json_array_size(arr) + 1, sizeof(**jobs));
	if (!*jobs)
		return -ENOMEM;
	json_array_foreach(arr, i, jo)
	{
		struct fv_job *job;

		if (!json_is_object(jo)) {
			fv_diag_add(di->diags, FV_WARNING, di->name, di->line,
				    1, "jobs[%zu]: expected an object, skipped",
				    i);
			continue;
		}
		job = fv_job_new();
		if (!job)
			return -ENOMEM;
		(*jobs)[(*njobs)++] = job;
		job->index = (int) i;
		if (fv_parse_job(di, jo, global, job))
			return -ENOMEM;
		if (client && !strcmp(job->name, "All clients"))
			job->kind = FV_JOB_ALL_CLIENTS;
	}
	return fv_group_clones(jobs, njobs);
}

static int ingest_final(struct fv_set *set, struct fv_docinfo *di,
			const json_t *root, const char *dir,
			const struct snapshots *sn)
{
	struct fv_job **jobs = NULL;
	size_t njobs = 0, i = 0;
	int ret;

	doc_version(di, root);
	ret = parse_jobs(di, root, &jobs, &njobs);
	for (; i < njobs && !ret; i++) {
		ret = finish_job(set, di, root, dir, sn, jobs[i]);
		if (ret) /* not taken by the set */
			fv_job_free(jobs[i]);
	}
	for (; i < njobs; i++)
		fv_job_free(jobs[i]);
	free(jobs);
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

int fv_ingest_buffer(struct fv_set *set, const char *name, const char *dir,
		     const char *buf, size_t len,
		     const struct fv_ingest_opts *opts)
{
	struct fv_docinfo di = { .name = name, .diags = &set->diags };
	size_t ndiags = set->diags.n, nstats = set->ndur;
	struct snapshots sn = { 0 };
	struct fv_bins_store bins[2]; /* the last fio document's, the next */
	struct fv_scanner s;
	json_t *root, *last = NULL;
	int ret, line, last_line = 0, cur = 0;

	fv_bins_init(&bins[0]);
	fv_bins_init(&bins[1]);
	fv_scan_init(&s, name, buf, len, &set->diags);
	for (;;) {
		enum doc_kind kind;

		fv_bins_reset(&bins[cur]);
		s.bins = &bins[cur];
		ret = fv_scan_next(&s, &root, &line);
		if (ret != 1)
			break;
		kind = classify(root);

		di.line = line;
		if (kind == DOC_STATS)
			ret = fv_parse_durability(set, &di, root, dir);
		else if (kind != DOC_FIO)
			ret = other_doc(&di, kind, opts && opts->named);
		if (kind != DOC_FIO) {
			json_decref(root);
			if (ret)
				break;
			continue;
		}
		if (last && (ret = record_snapshots(&sn, last)))
			break;
		json_decref(last);
		last = root;
		last_line = line;
		cur ^= 1; /* keep this document's bins */
	}
	if (!ret && last) {
		di.line = last_line;
		di.bins = &bins[cur ^ 1];
		ret = ingest_final(set, &di, last, dir, &sn);
	} else if (!ret && set->ndur == nstats) {
		ret = nothing_found(set, name, opts && opts->named, ndiags);
	}
	json_decref(last);
	snapshots_free(&sn);
	fv_bins_free(&bins[0]);
	fv_bins_free(&bins[1]);
	return ret;
}
