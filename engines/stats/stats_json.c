/* SPDX-License-Identifier: MIT */
#include "stats.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/array_size.h"

const double stats_percentiles[] = { 50.0, 95.0, 99.0, 99.9 };
const unsigned stats_npercentiles = FV_ARRAY_SIZE(stats_percentiles);

static json_t *tri_json(enum tri t)
{
	if (t == TRI_UNKNOWN)
		return json_null();
	return json_boolean(t == TRI_YES);
}

static json_t *str_or_null(const char *s)
{
	return s && *s ? json_string(s) : json_null();
}

json_t *stats_hist_to_json(const struct histogram *h)
{
	json_t *o = json_object(), *pct = json_object();
	unsigned i;

	json_object_set_new(o, "count", json_integer((json_int_t) h->count));
	if (!h->count) {
		json_object_set_new(o, "min", json_null());
		json_object_set_new(o, "mean", json_null());
		json_object_set_new(o, "max", json_null());
		json_object_set_new(o, "percentiles", pct);
		return o;
	}
	json_object_set_new(o, "min", json_integer((json_int_t) h->min));
	json_object_set_new(o, "mean", json_real(hist_mean(h)));
	json_object_set_new(o, "max", json_integer((json_int_t) h->max));
	for (i = 0; i < stats_npercentiles; i++) {
		char key[32];
		uint64_t v;

		/* fio's key format, so readers treat both alike */
		snprintf(key, sizeof(key), "%f", stats_percentiles[i]);
		if (hist_percentile(h, stats_percentiles[i], &v))
			json_object_set_new(pct, key,
					    json_integer((json_int_t) v));
	}
	json_object_set_new(o, "percentiles", pct);
	return o;
}

static const char *kind_name(enum target_kind k)
{
	switch (k) {
	case TARGET_BLOCK:
		return "block";
	case TARGET_CHAR:
		return "nvme-char";
	default:
		return "file";
	}
}

static json_t *target_json(const struct stats_meta *m)
{
	const struct dev_facts *f = m->facts;
	json_t *t = json_object();

	json_object_set_new(t, "path", str_or_null(m->target_path));
	json_object_set_new(t, "kind",
			    json_string(f ? kind_name(f->kind) : "file"));
	json_object_set_new(t, "fs_type", json_string(f ? f->fs_type : ""));
	json_object_set_new(t, "block_device",
			    str_or_null(f ? f->block_device : NULL));
	json_object_set_new(t, "write_cache",
			    str_or_null(f ? f->write_cache : NULL));
	json_object_set_new(t, "fua", tri_json(f ? f->fua : TRI_UNKNOWN));
	json_object_set_new(t, "rotational",
			    tri_json(f ? f->rotational : TRI_UNKNOWN));
	json_object_set_new(t, "volatile_write_cache",
			    tri_json(m->volatile_write_cache));
	return t;
}

static json_t *settings_json(const struct stats_meta *m)
{
	const struct engine_settings *s = m->settings;
	json_t *o = json_object();

	json_object_set_new(o, "direct", json_boolean(m->direct));
	json_object_set_new(o, "sync_mode",
			    json_string(sync_mode_name(s->sync_mode)));
	json_object_set_new(o, "write_mode",
			    json_string(write_mode_name(s->write_mode)));
	json_object_set_new(o, "registerfiles", json_boolean(s->registerfiles));
	json_object_set_new(o, "fixedbufs", json_boolean(s->fixedbufs));
	json_object_set_new(o, "sqthread_poll", json_boolean(s->sqpoll));
	json_object_set_new(o, "submit_batch", json_integer(s->submit_batch));
	json_object_set_new(o, "fsync_every", json_integer(m->fsync_every));
	json_object_set_new(o, "fdatasync_every",
			    json_integer(m->fdatasync_every));
	json_object_set_new(o, "accounting", json_boolean(s->accounting));
	return o;
}

#define SET_U64(o, k, v) \
	json_object_set_new(o, k, json_integer((json_int_t) (v)))

static json_t *counts_json(const struct dur_acct *a)
{
	const struct dur_counts *c = &a->counts;
	json_t *o = json_object();

	SET_U64(o, "reads", c->reads);
	SET_U64(o, "read_bytes", c->read_bytes);
	SET_U64(o, "writes", c->writes);
	SET_U64(o, "write_bytes", c->write_bytes);
	SET_U64(o, "write_errors", c->write_errors);
	SET_U64(o, "fsyncs", c->fsyncs);
	SET_U64(o, "fdatasyncs", c->fdatasyncs);
	SET_U64(o, "syncfses", c->syncfses);
	SET_U64(o, "flush_errors", c->flush_errors);
	SET_U64(o, "empty_syncs", c->empty_syncs);
	SET_U64(o, "trims", c->trims);
	SET_U64(o, "writes_not_durable", dur_writes_not_durable(a));
	SET_U64(o, "writes_untracked", c->writes_untracked);
	SET_U64(o, "writes_flush_failed", c->writes_flush_failed);
	return o;
}

static json_t *per_flush_json(const struct dur_acct *a)
{
	const struct dur_counts *c = &a->counts;
	json_t *o = json_object();
	uint64_t n = c->nonempty_flushes;

	/* averaged over the flushes that covered something */
	json_object_set_new(o, "writes_mean",
			    n ? json_real((double) c->writes_covered / n)
			      : json_null());
	SET_U64(o, "writes_max", c->max_writes_per_flush);
	json_object_set_new(o, "bytes_mean",
			    n ? json_real((double) c->bytes_covered / n)
			      : json_null());
	SET_U64(o, "bytes_max", c->max_bytes_per_flush);
	return o;
}

static json_t *job_json(const struct stats_meta *m)
{
	json_t *o = json_object();

	json_object_set_new(o, "name", str_or_null(m->job_name));
	json_object_set_new(o, "thread_number", json_integer(m->thread_number));
	json_object_set_new(o, "clone", json_integer(m->clone));
	json_object_set_new(o, "groupid", json_integer(m->groupid));
	json_object_set_new(o, "pid", json_integer(m->pid));
	return o;
}

static json_t *now_json(void)
{
	char buf[32];
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return json_string(buf);
}

static json_t *rate_or_null(double v)
{
	return v > 0 ? json_real(v) : json_null();
}

/* The emulated disk's settings and what it did: the model's evidence. */
static json_t *emulator_json(const struct emu_state *e, const char *shared)
{
	const struct emu_config *c = &e->config;
	double burst = emu_burst_length_s(e);
	json_t *o = json_object();

	json_object_set_new(o, "cap_iops", rate_or_null(c->cap_iops));
	json_object_set_new(o, "cap_bw", rate_or_null(c->cap_bw));
	json_object_set_new(o, "burst_iops", rate_or_null(c->burst_iops));
	json_object_set_new(o, "burst_bw", rate_or_null(c->burst_bw));
	json_object_set_new(o, "burst_seconds", json_real(c->burst_seconds));
	json_object_set_new(o, "time_scale", json_real(c->time_scale));
	SET_U64(o, "added_latency_ns", c->added_latency_ns);
	json_object_set_new(o, "expected_burst_s",
			    json_real(emu_expected_burst_s(c)));
	json_object_set_new(o, "burst_ended_after_s",
			    burst >= 0 ? json_real(burst) : json_null());
	SET_U64(o, "ios_admitted", e->admitted);
	SET_U64(o, "ios_delayed", e->delayed);
	json_object_set_new(o, "shared_state", str_or_null(shared));
	return o;
}

json_t *stats_to_json(const struct dur_acct *a, const struct stats_meta *m)
{
	json_t *d = json_object();

	if (!d)
		return NULL;
	json_object_set_new(d, "schema", json_string(STATS_SCHEMA));
	json_object_set_new(d, "engine", str_or_null(m->engine));
	json_object_set_new(d, "engine_version",
			    str_or_null(m->engine_version));
	json_object_set_new(d, "fio_version", str_or_null(m->fio_version));
	json_object_set_new(d, "time", now_json());
	json_object_set_new(d, "job", job_json(m));
	json_object_set_new(d, "target", target_json(m));
	json_object_set_new(d, "settings", settings_json(m));
	json_object_set_new(d, "error", str_or_null(m->error));
	json_object_set_new(d, "counts", counts_json(a));
	json_object_set_new(d, "per_flush", per_flush_json(a));
	json_object_set_new(d, "io_span_ns",
			    json_integer((json_int_t) dur_span_ns(a)));
	json_object_set_new(d, "flush_latency_ns",
			    stats_hist_to_json(&a->flush_lat));
	json_object_set_new(d, "syncfs_latency_ns",
			    stats_hist_to_json(&a->syncfs_lat));
	json_object_set_new(d, "write_to_durable_ns",
			    stats_hist_to_json(&a->write_to_durable));
	json_object_set_new(d, "emulator",
			    m->emu ? emulator_json(m->emu, m->emu_shared)
				   : json_null());
	return d;
}

int stats_temp_name(const char *path, int pid, char *out, size_t len)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int) (slash - path + 1) : 0;
	int n = snprintf(out, len, "%.*s.%s.%d.partial", dirlen, path,
			 path + dirlen, pid);

	return n < 0 || (size_t) n >= len ? -ENAMETOOLONG : 0;
}

/* The directory's own entry made durable: the rename survives a crash. */
static void sync_dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	int fd;

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int) (slash - path) : 1,
		 slash ? (slash == path ? "/" : path) : ".");
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/* jansson's own writer loses the errno of a failed write: ours keeps it. */
static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -errno;
		p += w;
		n -= (size_t) w;
	}
	return 0;
}

int stats_write_file(const char *path, const json_t *doc)
{
	char tmp[PATH_MAX], *text;
	int fd, ret;

	if (!strcmp(path, "-"))
		return 0;
	ret = stats_temp_name(path, (int) getpid(), tmp, sizeof(tmp));
	if (ret)
		return ret;
	text = json_dumps(doc, JSON_INDENT(2) | JSON_SORT_KEYS);
	if (!text)
		return -ENOMEM;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0) {
		free(text);
		return -errno;
	}
	ret = write_all(fd, text, strlen(text));
	free(text);
	if (!ret && fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret) {
		unlink(tmp);
		return ret;
	}
	sync_dir_of(path);
	return 0;
}
