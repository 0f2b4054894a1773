/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "set.h"
#include "util/util.h"

static const char *const dir_names[FV_DIR_NR] = {
	"read", "write", "trim", "sync", "mixed",
};

static const char *const lat_names[FV_LAT_NR] = { "slat", "clat", "lat" };

static const char *const role_names[FV_ROLE_NR] = {
	"unknown", "warmup", "scaling", "peak", "steady", "sync", "throughput",
};

void fv_fleet_keep_free(struct fv_job *job)
{
	struct fv_fleet_keep *k = job->keep;

	if (!k)
		return;
	for (int d = 0; d < FV_DIR_NR; d++)
		for (int l = 0; l < FV_LAT_NR; l++)
			free(k->bins[d][l]);
	for (size_t i = 0; i < k->nsources; i++)
		free(k->sources[i]);
	free(k->sources);
	free(k);
	job->keep = NULL;
}

bool fv_fleet_has(const struct fv_job *fleet, const struct fv_job *j)
{
	if (fleet->kind != FV_JOB_FLEET || !j->host || !j->source ||
	    (j->kind != FV_JOB_SINGLE && j->kind != FV_JOB_CLONE) ||
	    strcmp(fleet->name, j->name))
		return false;
	if (!fleet->keep || !fleet->keep->nsources)
		return fleet->source && !strcmp(fleet->source, j->source);
	for (size_t i = 0; i < fleet->keep->nsources; i++)
		if (!strcmp(fleet->keep->sources[i], j->source))
			return true;
	return false;
}

char *fv_host_name(const char *hostname, int port)
{
	bool v6 = strchr(hostname, ':') != NULL;
	char *s;

	if (port <= 0 || port == FV_FIO_PORT)
		return strdup(hostname);
	if (asprintf(&s, v6 ? "[%s]:%d" : "%s:%d", hostname, port) < 0)
		return NULL;
	return s;
}

const char *fv_dir_name(enum fv_dir dir)
{
	return dir < FV_DIR_NR ? dir_names[dir] : "?";
}

const char *fv_lat_name(enum fv_latkind k)
{
	return k < FV_LAT_NR ? lat_names[k] : "?";
}

const char *fv_role_name(enum fv_role role)
{
	return role < FV_ROLE_NR ? role_names[role] : "?";
}

int fv_role_parse(const char *name)
{
	for (int i = 0; i < FV_ROLE_NR; i++)
		if (!strcmp(name, role_names[i]))
			return i;
	return -1;
}

void fv_pctlist_default(struct fv_pctlist *pl)
{
	static const double def[] = { 50, 95, 99, 99.9 };

	pl->n = FV_ARRAY_SIZE(def);
	memcpy(pl->p, def, sizeof(def));
}

int fv_pctlist_parse(struct fv_pctlist *pl, const char *s)
{
	const char *p = s;

	pl->n = 0;
	while (*p) {
		char *end;
		double v = strtod(p, &end);

		/* fio's rule is only defined on (0, 100]. */
		if (end == p || !isfinite(v) || v <= 0 || v > 100)
			return -EINVAL;
		if (pl->n == FV_MAX_PCTS)
			return -E2BIG;
		pl->p[pl->n++] = v;
		p = end;
		if (*p == ',' || *p == ':')
			p++;
		else if (*p)
			return -EINVAL;
	}
	return pl->n ? 0 : -EINVAL;
}

void fv_set_init(struct fv_set *set, const struct fv_pctlist *pcts)
{
	memset(set, 0, sizeof(*set));
	if (pcts)
		set->pcts = *pcts;
	else
		fv_pctlist_default(&set->pcts);
}

int fv_set_add_job(struct fv_set *set, struct fv_job *job)
{
	if (FV_ALLOC_GROW(set->jobs, set->njobs + 1, set->jobs_cap))
		return -ENOMEM;
	job->order = set->njobs;
	set->jobs[set->njobs++] = job;
	return 0;
}

int fv_set_note(struct fv_set *set, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = fv_lines_vadd(&set->notes, &set->nnotes, fmt, ap);
	va_end(ap);
	return ret;
}

int fv_set_add_durability(struct fv_set *set, struct fv_durability *d)
{
	if (FV_ALLOC_GROW(set->dur, set->ndur + 1, set->dur_cap))
		return -ENOMEM;
	set->dur[set->ndur++] = d;
	return 0;
}

struct fv_job *fv_job_new(void)
{
	struct fv_job *job = calloc(1, sizeof(*job));

	if (job) {
		job->nclones = 1;
		job->wl.read_pct = job->wl.interval_s = job->wl.runtime_s = NAN;
		job->wl.sync_every = -1;
		job->wl.direct = -1;
		job->wl.write_through = -1;
		job->wl.warmup_s = NAN;
		job->usr_cpu = job->sys_cpu = job->cpu_busiest = NAN;
		job->cpu_idle = NAN;
		for (int i = 0; i < FV_DEPTH_LEVELS; i++)
			job->depth_pct[i] = NAN;
	}
	return job;
}

const struct fv_pctval fv_pct_none[FV_MAX_PCTS]; /* FV_PCT_NONE is 0 */

void fv_lat_pct_free(struct fv_lat *lat)
{
	if (lat->pct != fv_pct_none)
		free(lat->pct);
	lat->pct = NULL;
}

void fv_lat_set_bins(struct fv_lat *lat, struct fv_bin *bins, size_t n)
{
	free(lat->bins);
	lat->bins = bins;
	lat->nbins = n;
}

struct fv_opt *fv_opts_pack(const struct fv_opt *src, size_t n)
{
	size_t size = (n ? n : 1) * sizeof(*src);
	struct fv_opt *o;
	char *p;

	for (size_t i = 0; i < n; i++)
		size += strlen(src[i].key) + strlen(src[i].val) + 2;
	o = malloc(size);
	if (!o)
		return NULL;
	p = (char *) (o + (n ? n : 1));
	for (size_t i = 0; i < n; i++) {
		o[i].key = p;
		p = stpcpy(p, src[i].key) + 1;
		o[i].val = p;
		p = stpcpy(p, src[i].val) + 1;
	}
	return o;
}

void fv_dirstats_clear(struct fv_dirstats *ds)
{
	for (int k = 0; k < FV_LAT_NR; k++) {
		free(ds->lat[k].bins);
		free(ds->lat[k].reported);
		fv_lat_pct_free(&ds->lat[k]);
	}
	free(ds->samples);
	free(ds->windows.end_ms);
	free(ds->windows.iops);
	memset(ds, 0, sizeof(*ds));
}

const double fv_lat_bucket_ns[FV_LAT_BUCKETS] = {
	2,    4,    10,	  20,	 50,	100,   250,   500,   750, 1e3,	    2e3,
	4e3,  10e3, 20e3, 50e3,	 100e3, 250e3, 500e3, 750e3, 1e6, 2e6,	    4e6,
	10e6, 20e6, 50e6, 100e6, 250e6, 500e6, 750e6, 1e9,   2e9, INFINITY,
};

/*
 * pct of a CPU over rt_s seconds is a whole number of seconds, as far as
 * fio's rounding tells (its text prints 0.01%).
 */
static bool whole_seconds(double pct, double rt_s)
{
	double s = pct * rt_s / 100;

	return fabs(s - round(s)) <= 1e-3 + 0.005 * rt_s / 100;
}

void fv_job_set_cpu(struct fv_job *job, double usr, double sys, uint64_t ctx,
		    uint64_t majf, uint64_t minf)
{
	/* what fio divided by: job_runtime, else the text's runtime */
	double rt = job->job_runtime_ms ? job->job_runtime_ms / 1000.0
					: fv_job_runtime_s(job);

	if (isnan(usr) || isnan(sys))
		return;
	job->usr_cpu = usr;
	job->sys_cpu = sys;
	/* one entry: its own thread(s); a clone sum keeps its busiest */
	job->cpu_busiest = usr + sys;
	job->ctx = ctx;
	job->cpu_whole_seconds = !ctx && !majf && !minf && rt > 0 &&
				 whole_seconds(usr, rt) &&
				 whole_seconds(sys, rt);
}

double fv_job_runtime_s(const struct fv_job *job)
{
	uint64_t ms = 0;

	for (int d = 0; d < FV_DIR_NR; d++)
		if (job->dir[d].runtime_ms > ms)
			ms = job->dir[d].runtime_ms;
	if (!ms && job->wl.threads == 1 && job->kind == FV_JOB_SINGLE)
		ms = job->job_runtime_ms;
	return (double) ms / 1000;
}

double fv_job_cpu_slack(const struct fv_job *job)
{
	double s = fv_job_runtime_s(job);

	if (!job->cpu_whole_seconds)
		return 0;
	/* usr and sys each cut to the second at the start and the end */
	return s > 0 ? 2 * 100 / s : INFINITY;
}

void fv_job_depths_scale(struct fv_job *job)
{
	double sum = 0;

	for (int i = 0; i < FV_DEPTH_LEVELS; i++)
		sum += job->depth_pct[i];
	for (int i = 0; i < FV_DEPTH_LEVELS; i++)
		job->depth_pct[i] = sum > 0 && isfinite(sum)
					    ? job->depth_pct[i] * 100 / sum
					    : NAN;
}

int fv_job_depth(const struct fv_job *job)
{
	long iodepth;

	if (!fv_opt_int(fv_job_opt(job, "iodepth"), &iodepth) && iodepth > 0 &&
	    iodepth < 1000000)
		return (int) iodepth;
	if (job->format && strncmp(job->format, "fio", 3) && job->wl.depth > 0)
		return job->wl.depth; /* DiskSpd's -o, CrystalDiskMark's Q */
	return job->name_depth;
}

void fv_job_free(struct fv_job *job)
{
	if (!job)
		return;
	free(job->opts); /* strings included: fv_opts_pack */
	for (int d = 0; d < FV_DIR_NR; d++)
		fv_dirstats_clear(&job->dir[d]);
	free(job->name);
	free(job->display);
	free(job->error_text);
	free(job->source);
	free(job->source_dir);
	free(job->hostname);
	free(job->machine);
	free(job->host);
	free(job->fleet);
	free(job->label);
	free(job->fio_version);
	free(job->source_label);
	free(job->file_test);
	fv_workload_free(&job->wl);
	free(job->ss.setting);
	free(job->ss.criterion);
	free(job->ss.iops_data);
	free(job->ss.bw_data);
	free(job->dur); /* the stats files themselves belong to the set */
	fv_fleet_keep_free(job);
	free(job);
}

void fv_jobs_free(struct fv_job **jobs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fv_job_free(jobs[i]);
	free(jobs);
}

void fv_durability_free(struct fv_durability *d)
{
	if (!d)
		return;
	free(d->source);
	free(d->dir);
	free(d->engine);
	free(d->job_name);
	free(d->write_cache);
	free(d->block_device);
	free(d->fs_type);
	free(d->host_name);
	free(d->server_hostname);
	free(d->server_addr);
	free(d);
}

void fv_set_free(struct fv_set *set)
{
	fv_jobs_free(set->jobs, set->njobs);
	fv_jobs_free(set->others, set->nothers);
	fv_lines_free(set->notes, set->nnotes);
	for (size_t i = 0; i < set->ndur; i++)
		fv_durability_free(set->dur[i]);
	free(set->dur);
	for (size_t i = 0; i < set->nprov; i++) {
		fv_provenance_clear(set->prov[i]);
		free(set->prov[i]);
	}
	free(set->prov);
	fv_diags_free(&set->diags);
	memset(set, 0, sizeof(*set));
}

void fv_provenance_clear(struct fv_provenance *p)
{
	for (size_t k = 0; k < p->n; k++) {
		free(p->kv[k].key);
		free(p->kv[k].val);
	}
	free(p->kv);
	free(p->dir);
	memset(p, 0, sizeof(*p));
}

const char *fv_prov_get(const struct fv_provenance *p, const char *key)
{
	for (size_t i = 0; p && i < p->n; i++)
		if (!strcmp(p->kv[i].key, key))
			return p->kv[i].val;
	return NULL;
}

const char *fv_job_opt(const struct fv_job *job, const char *key)
{
	/* Last wins, as in fio when an option is repeated. */
	for (size_t i = job->nopts; i-- > 0;)
		if (!strcmp(job->opts[i].key, key))
			return job->opts[i].val;
	return NULL;
}

/* Does the rw value (up to its ":N" suffix) equal word? */
static bool rw_is(const char *rw, size_t len, const char *word)
{
	return strlen(word) == len && !strncmp(rw, word, len);
}

static enum fv_dir dir_from_rw(const char *rw)
{
	size_t len = strcspn(rw, ":"); /* "randread:8" */

	if (rw_is(rw, len, "read") || rw_is(rw, len, "randread"))
		return FV_DIR_READ;
	if (rw_is(rw, len, "write") || rw_is(rw, len, "randwrite"))
		return FV_DIR_WRITE;
	if (rw_is(rw, len, "trim") || rw_is(rw, len, "randtrim"))
		return FV_DIR_TRIM;
	if (rw_is(rw, len, "rw") || rw_is(rw, len, "readwrite") ||
	    rw_is(rw, len, "randrw") || rw_is(rw, len, "trimwrite") ||
	    rw_is(rw, len, "randtrimwrite"))
		return FV_DIR_MIXED;
	return FV_DIR_NR;
}

bool fv_job_failed(const struct fv_job *job)
{
	return job->error != 0;
}

/* "C\\:\\fio" (fio's escaped colon), "C:\\...", "\\\\.\\PhysicalDrive1". */
static bool windows_path(const char *f)
{
	if (!f)
		return false;
	if (f[0] && f[1] == '\\' && f[2] == ':')
		return true;
	return (f[0] && f[1] == ':' && (f[2] == '\\' || f[2] == '/')) ||
	       !strncmp(f, "\\\\.\\", 4);
}

bool fv_job_windows(const struct fv_job *job)
{
	const char *engine = fv_job_opt(job, "ioengine");

	if (job->format && strncmp(job->format, "fio", 3))
		return true;
	return (engine && !strcmp(engine, "windowsaio")) ||
	       windows_path(fv_job_opt(job, "filename")) ||
	       windows_path(fv_job_opt(job, "directory"));
}

void fv_job_failure(const struct fv_job *job, char *buf, size_t len)
{
	const char *meaning = NULL;
	const char *name =
		fv_errno_name(job->error, fv_job_windows(job), &meaning);

	if (job->error_text)
		snprintf(buf, len, "%s", job->error_text);
	else if (name)
		snprintf(buf, len, "fio error %d (%s: %s)", job->error, name,
			 meaning);
	else
		snprintf(buf, len, "fio error %d", job->error);
}

bool fv_dir_did_io(const struct fv_dirstats *ds)
{
	return ds->present && (ds->total_ios || ds->iops > 0);
}

enum fv_dir fv_job_main_dir(const struct fv_job *job)
{
	const char *rw = fv_job_opt(job, "rw");
	uint64_t r, w;

	if (!rw)
		rw = fv_job_opt(job, "readwrite");
	if (rw && rw[0]) {
		enum fv_dir d = dir_from_rw(rw);

		if (d != FV_DIR_NR)
			return d;
	}
	/* The workload's mix, from a tool without fio's options. */
	if (!job->nopts && !isnan(job->wl.read_pct))
		return job->wl.read_pct >= 100 ? FV_DIR_READ
		       : job->wl.read_pct <= 0 ? FV_DIR_WRITE
					       : FV_DIR_MIXED;
	/* No options (group_reporting mixes, old fio, All clients). */
	if (job->dir[FV_DIR_MIXED].present)
		return FV_DIR_MIXED;
	r = job->dir[FV_DIR_READ].total_ios;
	w = job->dir[FV_DIR_WRITE].total_ios;
	if (r && w)
		return FV_DIR_MIXED;
	if (r)
		return FV_DIR_READ;
	if (w)
		return FV_DIR_WRITE;
	if (job->dir[FV_DIR_TRIM].total_ios)
		return FV_DIR_TRIM;
	/* fio's default rw is read. */
	return FV_DIR_READ;
}

void fv_pctlist_add(struct fv_pctlist *pl, double p)
{
	for (size_t i = 0; i < pl->n; i++)
		if (pl->p[i] == p)
			return;
	if (pl->n < FV_MAX_PCTS)
		pl->p[pl->n++] = p;
}

bool fv_workload_same_io(const struct fv_workload *a,
			 const struct fv_workload *b)
{
	return a->pattern == b->pattern &&
	       fv_same_figure(a->read_pct, b->read_pct) &&
	       a->block == b->block && a->direct == b->direct &&
	       (a->read_pct == 100 || a->write_through == b->write_through);
}

int fv_workload_copy(struct fv_workload *dst, const struct fv_workload *src)
{
	*dst = *src;
	dst->target = dst->test = NULL;
	if (fv_strdup_opt(&dst->target, src->target) ||
	    fv_strdup_opt(&dst->test, src->test)) {
		fv_workload_free(dst);
		return -ENOMEM;
	}
	return 0;
}

void fv_workload_free(struct fv_workload *w)
{
	free(w->target);
	free(w->test);
	w->target = w->test = NULL;
}
