/* SPDX-License-Identifier: MIT */
/*
 * One fio job object into an fv_job. Tolerant by design: a field that is
 * absent or of the wrong type is treated as absent, because fio's JSON grew
 * field by field over its versions (see README.md, "Inputs").
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ingest_int.h"
#include "model/model.h"

double fv_jnum(const json_t *obj, const char *key)
{
	const json_t *v = json_object_get(obj, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

const char *fv_jstr(const json_t *obj, const char *key)
{
	return json_string_value(json_object_get(obj, key));
}

static double num0(const json_t *obj, const char *key)
{
	double v = fv_jnum(obj, key);

	return isnan(v) ? 0 : v;
}

/* "iodepth_level": {"1": 0.1, "2": 0.1, ..., ">=64": 99.6} */
static void parse_depths(struct fv_job *job, const json_t *lv)
{
	static const char *const keys[FV_DEPTH_LEVELS] = { "1",	  "2",	"4",
							   "8",	  "16", "32",
							   ">=64" };

	if (!json_is_object(lv))
		return;
	for (int i = 0; i < FV_DEPTH_LEVELS; i++) {
		double v = fv_jnum(lv, keys[i]);

		job->depth_pct[i] = isnan(v) || v < 0 ? 0 : v;
	}
	fv_job_depths_scale(job);
}

/*
 * "latency_ns": {"2": 0.0, ..., "1000": 0.0}, "latency_us": {...},
 * "latency_ms": {"2": 0.0, ..., "2000": 0.0, ">=2000": 0.0}: fio 3's
 * three maps (fio 2 has no latency_ns), into the bounds of
 * fv_lat_bucket_ns.
 */
static void parse_lat_buckets(struct fv_lat_buckets *b, const json_t *jo)
{
	static const char *const maps[3] = { "latency_ns", "latency_us",
					     "latency_ms" };
	static const char *const keys[12] = { "2",   "4",    "10",   "20",
					      "50",  "100",  "250",  "500",
					      "750", "1000", "2000", ">=2000" };

	for (int m = 0; m < 3; m++) {
		const json_t *map = json_object_get(jo, maps[m]);

		if (!json_is_object(map))
			continue;
		b->present = true;
		for (int i = 0; i < (m == 2 ? 12 : 10); i++) {
			double v = fv_jnum(map, keys[i]);

			b->pct[m * 10 + i] = isnan(v) || v < 0 ? 0 : v;
		}
	}
}

/*
 * "bw_min", "bw_max", "bw_agg", "bw_mean", "bw_dev", "bw_samples" (KiB/s
 * whatever kb_base), "iops_min" to "iops_samples" (iops_stddev): zeros
 * when fio took no sample.
 */
static void parse_rate_samples(struct fv_rate_samples *rs, const json_t *obj,
			       const char *rate, double unit)
{
	char key[32];

	snprintf(key, sizeof(key), "%s_samples", rate);
	rs->n = fv_u64(num0(obj, key));
	snprintf(key, sizeof(key), "%s_min", rate);
	rs->min = num0(obj, key) * unit;
	snprintf(key, sizeof(key), "%s_max", rate);
	rs->max = num0(obj, key) * unit;
	snprintf(key, sizeof(key), "%s_mean", rate);
	rs->mean = num0(obj, key) * unit;
	rs->sd = num0(obj, unit > 1 ? "bw_dev" : "iops_stddev") * unit;
	rs->group_pct = unit > 1 ? num0(obj, "bw_agg") : 0;
	rs->present = rs->n > 0 || rs->mean > 0 || rs->sd > 0;
}

/* Options as fio wrote them: strings, or numbers in hand-written files. */
struct optbuf {
	struct fv_opt *v;
	size_t n;
	char (*num)[32]; /* the text of numeric values */
};

static void add_opt(struct optbuf *b, const char *key, const json_t *val)
{
	const char *s = json_string_value(val);

	if (!s && json_is_number(val)) {
		snprintf(b->num[b->n], sizeof(b->num[b->n]), "%.17g",
			 json_number_value(val));
		s = b->num[b->n];
	}
	if (!s)
		return;
	b->v[b->n].key = (char *) key;
	b->v[b->n].val = (char *) s;
	b->n++;
}

/*
 * "global options" of client output: one object, or (fio 3.39 on, with
 * several servers) an array of one object per server, each with the
 * server's "hostname" and "port": this entry's.
 */
static const json_t *globals_of(const json_t *global, const json_t *jo)
{
	const char *host = fv_jstr(jo, "hostname");
	double port = fv_jnum(jo, "port");
	const json_t *g;
	size_t i;

	if (!json_is_array(global))
		return global;
	json_array_foreach(global, i, g)
	{
		const char *h = fv_jstr(g, "hostname");

		if (host && h && !strcmp(h, host) &&
		    (isnan(port) || fv_jnum(g, "port") == port))
			return g;
	}
	return NULL;
}

/* A server's own keys in its array element, not options. */
static bool client_info_key(const json_t *global, const char *key)
{
	return json_is_array(global) &&
	       (!strcmp(key, "hostname") || !strcmp(key, "port"));
}

/*
 * Global options first: lookups take the last match, so job ones win. The
 * strings are copied once, packed with the array (fv_opts_pack).
 */
static int parse_opts(struct fv_job *job, const json_t *global,
		      const json_t *entry, const json_t *local)
{
	const json_t *objs[2] = { globals_of(global, entry), local };
	size_t max = json_object_size(objs[0]) + json_object_size(local);
	struct optbuf b = { .v = calloc(max + 1, sizeof(*b.v)),
			    .num = calloc(max + 1, sizeof(*b.num)) };
	int ret = 0;

	if (!b.v || !b.num)
		ret = -ENOMEM;
	for (int i = 0; i < 2 && !ret; i++) {
		const char *key;
		json_t *val;

		json_object_foreach((json_t *) objs[i], key, val)
		{
			if (!i && client_info_key(global, key))
				continue;
			add_opt(&b, key, val);
		}
	}
	if (!ret) {
		job->opts = fv_opts_pack(b.v, b.n);
		job->nopts = job->opts ? b.n : 0;
		ret = job->opts ? 0 : -ENOMEM;
	}
	free(b.v);
	free(b.num);
	return ret;
}

bool fv_jpct(const char *key, const json_t *val, double *p)
{
	char *end;

	*p = strtod(key, &end);
	return end != key && !*end && *p > 0 && *p <= 100 &&
	       json_is_number(val);
}

static int parse_reported(struct fv_lat *lat, const json_t *obj, double scale)
{
	size_t n = json_object_size(obj);
	const char *key;
	json_t *val;

	if (!n)
		return 0;
	if (n > FV_MAX_PCTS)
		n = FV_MAX_PCTS;
	lat->reported = calloc(n, sizeof(*lat->reported));
	if (!lat->reported)
		return -ENOMEM;

	json_object_foreach((json_t *) obj, key, val)
	{
		double p;

		if (!fv_jpct(key, val, &p) || lat->nreported == n)
			continue;
		lat->reported[lat->nreported].p = p;
		lat->reported[lat->nreported].ns =
			json_number_value(val) * scale;
		lat->nreported++;
	}
	return 0;
}

static int parse_bins(struct fv_lat *lat, const json_t *obj, double scale)
{
	size_t n = json_object_size(obj), i = 0;
	const char *key;
	json_t *val;

	if (!n)
		return 0;
	lat->bins = malloc(n * sizeof(*lat->bins));
	if (!lat->bins)
		return -ENOMEM;
	json_object_foreach((json_t *) obj, key, val)
	{
		char *end;
		double v = strtod(key, &end);
		uint64_t count = fv_u64(json_number_value(val));

		if (end == key || *end || !json_is_number(val) || !count)
			continue;
		lat->bins[i].ns = fv_u64(v * scale);
		lat->bins[i].count = count;
		i++;
	}
	lat->nbins = i;
	fv_bins_normalise(lat->bins, &lat->nbins);
	return 0;
}

/* "clat_ns" (ns, fio >= 2.99) or "clat" (µs, fio 2.x). */
static int parse_lat(struct fv_lat *lat, const json_t *dir, const char *kind)
{
	const json_t *bins;
	char key[16];
	const json_t *obj;
	double scale = 1;
	double n;

	snprintf(key, sizeof(key), "%s_ns", kind);
	obj = json_object_get(dir, key);
	if (!json_is_object(obj)) {
		obj = json_object_get(dir, kind);
		scale = 1000;
	}
	if (!json_is_object(obj))
		return 0;
	lat->present = true;
	lat->us_histogram = scale != 1;
	lat->min_ns = num0(obj, "min") * scale;
	lat->max_ns = num0(obj, "max") * scale;
	lat->mean_ns = num0(obj, "mean") * scale;
	lat->stddev_ns = num0(obj, "stddev") * scale;
	n = fv_jnum(obj, "N");
	lat->has_n = !isnan(n);
	lat->n = fv_u64(n);
	if (json_is_object(json_object_get(obj, "percentile")) &&
	    parse_reported(lat, json_object_get(obj, "percentile"), scale))
		return -ENOMEM;
	bins = json_object_get(obj, "bins");
	if (json_is_object(bins))
		return parse_bins(lat, bins, scale);
	return 0;
}

static bool lat_is_zero(const struct fv_lat *lat)
{
	if (!lat->present)
		return true;
	if (lat->has_n)
		return lat->n == 0;
	return lat->min_ns == 0 && lat->max_ns == 0 && lat->mean_ns == 0;
}

static bool io_bytes_in_kib(const struct fv_docinfo *di, const json_t *dir)
{
	/* io_kbytes appeared when io_bytes became bytes (fio 2.21). */
	if (json_object_get(dir, "io_kbytes"))
		return false;
	if (di->major)
		return di->kib_io_bytes;
	return !json_object_get(dir, "clat_ns") &&
	       !json_object_get(dir, "lat_ns");
}

static int parse_dir(const struct fv_docinfo *di, struct fv_dirstats *ds,
		     const json_t *obj)
{
	static const char *const kinds[FV_LAT_NR] = { "slat", "clat", "lat" };
	double bw_bytes = fv_jnum(obj, "bw_bytes");
	int ret;

	ds->present = true;
	ds->io_bytes = fv_u64(num0(obj, "io_bytes"));
	if (io_bytes_in_kib(di, obj))
		ds->io_bytes = fv_u64(num0(obj, "io_bytes") * 1024);
	/* bw is KiB/s in every version; bw_bytes exists since fio 3.2. */
	ds->bw_bytes = isnan(bw_bytes) ? num0(obj, "bw") * 1024 : bw_bytes;
	ds->iops = num0(obj, "iops");
	parse_rate_samples(&ds->bw_samples, obj, "bw", 1024);
	parse_rate_samples(&ds->iops_samples, obj, "iops", 1);
	ds->runtime_ms = fv_u64(num0(obj, "runtime"));
	ds->total_ios = fv_u64(num0(obj, "total_ios"));
	/*
	 * fio before 2.2 has no total_ios: fio computed its integer iops as
	 * total_ios x 1000 / runtime, which gives the count back (to within
	 * runtime / 1000 I/Os).
	 */
	if (!json_object_get(obj, "total_ios"))
		ds->total_ios = fv_u64(
			round(ds->iops * (double) ds->runtime_ms / 1000));
	ds->short_ios = fv_u64(num0(obj, "short_ios"));
	ds->drop_ios = fv_u64(num0(obj, "drop_ios"));
	for (int k = 0; k < FV_LAT_NR; k++) {
		ret = parse_lat(&ds->lat[k], obj, kinds[k]);
		if (ret)
			return ret;
	}
	/* Sync sections have lat only; others have clat and lat. */
	ds->lat_unmeasured = ds->total_ios > 0 &&
			     lat_is_zero(&ds->lat[FV_CLAT]) &&
			     lat_is_zero(&ds->lat[FV_LAT]);
	return 0;
}

static int dup_str(char **dst, const char *src)
{
	if (!src)
		return 0;
	*dst = strdup(src);
	return *dst ? 0 : -ENOMEM;
}

/* A JSON array of numbers, each times scale; absent or empty: none. */
static int num_array(const json_t *obj, const char *key, double scale,
		     double **out, size_t *n)
{
	const json_t *a = json_object_get(obj, key), *v;
	size_t i;

	if (!json_is_array(a) || !json_array_size(a))
		return 0;
	*out = calloc(json_array_size(a), sizeof(**out));
	if (!*out)
		return -ENOMEM;
	json_array_foreach(a, i, v)
	{
		if (json_is_number(v))
			(*out)[(*n)++] = json_number_value(v) * scale;
	}
	return 0;
}

static int parse_steady(struct fv_steady *ss, const json_t *obj)
{
	const json_t *data = json_object_get(obj, "data");

	if (!json_is_object(obj))
		return 0;
	ss->present = true;
	ss->attained = num0(obj, "attained") != 0;
	ss->duration_s = fv_u64(num0(obj, "duration"));
	ss->max_deviation = num0(obj, "max_deviation");
	ss->slope = num0(obj, "slope");
	ss->iops_mean = num0(data, "iops_mean");
	ss->bw_mean = num0(data, "bw_mean");
	if (num_array(data, "iops", 1, &ss->iops_data, &ss->niops_data) ||
	    num_array(data, "bw", 1024, &ss->bw_data, &ss->nbw_data) ||
	    dup_str(&ss->setting, fv_jstr(obj, "ss")) ||
	    dup_str(&ss->criterion, fv_jstr(obj, "criterion")))
		return -ENOMEM;
	return 0;
}

static int parse_dirs(const struct fv_docinfo *di, const json_t *jo,
		      struct fv_job *job)
{
	static const char *const keys[FV_DIR_NR] = {
		"read", "write", "trim", "sync", "mixed",
	};

	for (int d = 0; d < FV_DIR_NR; d++) {
		const json_t *obj = json_object_get(jo, keys[d]);
		int ret;

		if (!json_is_object(obj))
			continue;
		ret = parse_dir(di, &job->dir[d], obj);
		if (ret)
			return ret;
	}
	return 0;
}

/* Client output: the server as the client reached it. */
static int parse_host(struct fv_job *job, const json_t *jo)
{
	double port = fv_jnum(jo, "port");

	if (!job->hostname)
		return 0;
	job->port = isnan(port) ? 0 : fv_int(port);
	job->host = fv_host_name(job->hostname, job->port);
	return job->host ? 0 : -ENOMEM;
}

int fv_parse_job(const struct fv_docinfo *di, const json_t *jo,
		 const json_t *global_opts, struct fv_job *job)
{
	const char *name = fv_jstr(jo, "jobname");
	double usr = fv_jnum(jo, "usr_cpu"), sys = fv_jnum(jo, "sys_cpu");
	int ret;

	if (!name || !name[0])
		name = "(unnamed)";
	if (dup_str(&job->name, name) ||
	    dup_str(&job->hostname, fv_jstr(jo, "hostname")))
		return -ENOMEM;
	job->groupid = fv_int(num0(jo, "groupid"));
	job->error = fv_int(num0(jo, "error"));
	parse_depths(job, json_object_get(jo, "iodepth_level"));
	parse_lat_buckets(&job->lat_buckets, jo);
	job->job_runtime_ms = fv_u64(num0(jo, "job_runtime"));
	ret = parse_host(job, jo);
	job->opts_recorded = json_is_object(json_object_get(jo, "job options"));
	if (!ret)
		ret = parse_opts(job, global_opts, jo,
				 json_object_get(jo, "job options"));
	if (!ret)
		ret = fv_workload_of_opts(job);
	if (!ret)
		ret = parse_dirs(di, jo, job);
	if (!ret)
		ret = parse_steady(&job->ss,
				   json_object_get(jo, "steadystate"));
	/* with the runtimes read; a key fio did not write is no count of 0 */
	fv_job_set_cpu(
		job, usr, sys, fv_u64(num0(jo, "ctx")),
		json_object_get(jo, "majf") ? fv_u64(num0(jo, "majf")) : 1,
		json_object_get(jo, "minf") ? fv_u64(num0(jo, "minf")) : 1);
	return ret;
}

int fv_job_finish_add(struct fv_set *set, struct fv_job *job)
{
	for (int d = 0; d < FV_DIR_NR; d++)
		for (int k = 0; k < FV_LAT_NR; k++)
			if (fv_lat_finish(&job->dir[d].lat[k], &set->pcts))
				return -ENOMEM;
	return fv_set_add_job(set, job);
}
