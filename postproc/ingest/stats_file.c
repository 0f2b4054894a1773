/* SPDX-License-Identifier: MIT */
/*
 * Our engines' stats files (docs/stats-file.md, schema
 * fioverdict-durability/1): how writes became durable, which fio's JSON
 * cannot say. Joined to their fio jobs later (join.c).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ingest_int.h"

static uint64_t u64_of(const json_t *obj, const char *key)
{
	double v = fv_jnum(obj, key);

	return isnan(v) ? 0 : fv_u64(v);
}

static void parse_dist(struct fv_dist *dist, const json_t *obj)
{
	const json_t *pcts = json_object_get(obj, "percentiles");
	const char *key;
	json_t *val;

	if (!json_is_object(obj))
		return;
	dist->present = true;
	dist->count = u64_of(obj, "count");
	/* null when count is 0 */
	dist->min = fv_jnum(obj, "min");
	dist->mean = fv_jnum(obj, "mean");
	dist->max = fv_jnum(obj, "max");
	if (!json_is_object(pcts))
		return;
	json_object_foreach((json_t *) pcts, key, val)
	{
		double p;

		if (!fv_jpct(key, val, &p) || dist->npcts == FV_MAX_PCTS)
			continue;
		dist->pcts[dist->npcts].p = p;
		dist->pcts[dist->npcts].ns = json_number_value(val);
		dist->npcts++;
	}
}

static void parse_counts(struct fv_durability *d, const json_t *c)
{
	d->reads = u64_of(c, "reads");
	d->read_bytes = u64_of(c, "read_bytes");
	d->writes = u64_of(c, "writes");
	d->write_bytes = u64_of(c, "write_bytes");
	d->write_errors = u64_of(c, "write_errors");
	d->fsyncs = u64_of(c, "fsyncs");
	d->fdatasyncs = u64_of(c, "fdatasyncs");
	d->syncfses = u64_of(c, "syncfses");
	d->flush_errors = u64_of(c, "flush_errors");
	d->empty_syncs = u64_of(c, "empty_syncs");
	d->writes_not_durable = u64_of(c, "writes_not_durable");
	d->writes_untracked = u64_of(c, "writes_untracked");
}

/*
 * "host" (absent before the stats line existed) and the server whose
 * stats line it was (di->server): which host of a client's output it is.
 */
static int parse_host(struct fv_durability *d, const struct fv_docinfo *di,
		      const json_t *host)
{
	const json_t *srv = json_object_get(host, "server");
	const char *hostname = di->server && *di->server
				       ? di->server
				       : fv_jstr(host, "hostname");

	d->from_server = di->server || json_is_object(srv);
	d->server_port = fv_int(fv_jnum(srv, "port"));
	if (fv_strdup_opt(&d->host_name, fv_jstr(host, "name")) ||
	    fv_strdup_opt(&d->server_addr, fv_jstr(srv, "address")) ||
	    fv_strdup_opt(&d->server_hostname, hostname))
		return -ENOMEM;
	return 0;
}

int fv_parse_durability(struct fv_set *set, const struct fv_docinfo *di,
			const json_t *root, const char *dir)
{
	const json_t *job = json_object_get(root, "job");
	const json_t *target = json_object_get(root, "target");
	struct fv_durability *d;
	const char *name = fv_jstr(job, "name");

	if (!name) {
		fv_diag_add(di->diags, FV_ERROR, di->name, di->line, 1,
			    "stats file: expected \"job\": {\"name\": ...}");
		return -EBADMSG;
	}
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	d->thread_number = fv_int(fv_jnum(job, "thread_number"));
	d->clone = fv_int(fv_jnum(job, "clone"));
	d->no_block_device =
		json_is_null(json_object_get(target, "block_device"));
	d->volatile_cache =
		json_is_boolean(json_object_get(target, "volatile_write_cache"))
			? json_is_true(json_object_get(target,
						       "volatile_write_cache"))
			: -1;
	d->emulated = json_is_object(json_object_get(root, "emulator"));
	parse_counts(d, json_object_get(root, "counts"));
	/* absent before it existed: 0, unknown */
	d->io_span_ns = u64_of(root, "io_span_ns");
	parse_dist(&d->flush, json_object_get(root, "flush_latency_ns"));
	parse_dist(&d->write_to_durable,
		   json_object_get(root, "write_to_durable_ns"));
	if (fv_strdup_opt(&d->source, di->name) ||
	    fv_strdup_opt(&d->dir, dir) || fv_strdup_opt(&d->job_name, name) ||
	    fv_strdup_opt(&d->engine, fv_jstr(root, "engine")) ||
	    fv_strdup_opt(&d->write_cache, fv_jstr(target, "write_cache")) ||
	    fv_strdup_opt(&d->fs_type, fv_jstr(target, "fs_type")) ||
	    fv_strdup_opt(&d->block_device, fv_jstr(target, "block_device")) ||
	    parse_host(d, di, json_object_get(root, "host")) ||
	    fv_set_add_durability(set, d)) {
		fv_durability_free(d);
		return -ENOMEM;
	}
	return 0;
}
