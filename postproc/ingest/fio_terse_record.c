/* SPDX-License-Identifier: MIT */
/*
 * One record of fio's terse output into a job: stat.c's
 * show_thread_status_terse_all() and show_ddir_status_terse() read back
 * field by field, each field named as the HOWTO's "Terse output" names it.
 *
 *   v2  2;NAME;GROUP;ERROR, then read, write and (fio 2.0.10 on) trim
 *   v3  3;fio-X;NAME;GROUP;ERROR, then read and write
 *   v4  as v3, then trim
 *   v5  as v4, each direction with its bandwidth samples' count and its
 *       IOPS samples
 *
 * A direction is 41 fields (47 in v5) with 20 percentile slots "P%=V"
 * ("0%=0" unused). unified_rw_reporting=mixed prints one, the mixed I/O's;
 * =both a mixed one after the others. Then CPU (5 fields), IO depths (7),
 * latency buckets (10 µs, 12 ms); from v3 the disks (9 fields each; a
 * device with slaves is followed by a "slaves" group of 9); then
 * continue_on_error's count and first error and the description, not read.
 *
 * Latencies are µs: fio 3 truncates its ns to them (min, max and
 * percentiles up to 1 µs above the printed value), fio 2 counted µs.
 * Sizes and rates are KiB, KiB/s and IO/s, truncated.
 *
 * Here the record is split and checked; fio_terse_fill.c fills the job.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_terse_int.h"
#include "fio_terse_rec.h"
#include "ingest_int.h"

enum kind { K_UINT, K_INT, K_REAL, K_PCT, K_PCTL, K_TEXT };

struct field_def {
	const char *name;
	enum kind kind;
};

/* A direction's fields but its percentile slots (PCT_AT on). */
static const struct field_def dir_fields[BLOCK_V5 - NPCT] = {
	{ "kb", K_UINT },
	{ "bandwidth_kb", K_UINT },
	{ "iops", K_UINT },
	{ "runtime_ms", K_UINT },
	{ "slat_min_us", K_UINT },
	{ "slat_max_us", K_UINT },
	{ "slat_mean_us", K_REAL },
	{ "slat_dev_us", K_REAL },
	{ "clat_min_us", K_UINT },
	{ "clat_max_us", K_UINT },
	{ "clat_mean_us", K_REAL },
	{ "clat_dev_us", K_REAL },
	/* the HOWTO's own spelling */
	{ "tlat_min_us", K_UINT },
	{ "lat_max_us", K_UINT },
	{ "lat_mean_us", K_REAL },
	{ "lat_dev_us", K_REAL },
	{ "bw_min_kb", K_UINT },
	{ "bw_max_kb", K_UINT },
	{ "bw_agg_pct", K_PCT },
	{ "bw_mean_kb", K_REAL },
	{ "bw_dev_kb", K_REAL },
	{ "bw_samples", K_UINT },
	{ "iops_min", K_UINT },
	{ "iops_max", K_UINT },
	{ "iops_mean", K_REAL },
	{ "iops_dev", K_REAL },
	{ "iops_samples", K_UINT },
};

static const char *const tail_names[TAIL] = {
	"cpu_user",   "cpu_sys",	 "cpu_csw",    "cpu_mjf",
	"cpu_minf",   "iodepth_1",	 "iodepth_2",  "iodepth_4",
	"iodepth_8",  "iodepth_16",	 "iodepth_32", "iodepth_64",
	"lat_2us",    "lat_4us",	 "lat_10us",   "lat_20us",
	"lat_50us",   "lat_100us",	 "lat_250us",  "lat_500us",
	"lat_750us",  "lat_1000us",	 "lat_2ms",    "lat_4ms",
	"lat_10ms",   "lat_20ms",	 "lat_50ms",   "lat_100ms",
	"lat_250ms",  "lat_500ms",	 "lat_750ms",  "lat_1000ms",
	"lat_2000ms", "lat_over_2000ms",
};

static const struct field_def disk_fields[DISK] = {
	{ "disk_name", K_TEXT },	 { "disk_read_iops", K_UINT },
	{ "disk_write_iops", K_UINT },	 { "disk_read_merges", K_UINT },
	{ "disk_write_merges", K_UINT }, { "disk_read_ticks", K_UINT },
	{ "write_ticks", K_UINT },	 { "disk_queue_time", K_UINT },
	{ "disk_util", K_PCT },
};

/* What each block is, by the version and how many fio printed. */
static bool block_dirs(const struct rec *r, enum fv_dir *dirs)
{
	static const enum fv_dir order[] = { FV_DIR_READ, FV_DIR_WRITE,
					     FV_DIR_TRIM };
	/* read, write and trim, but in v3; v2 before fio 2.0.10 too */
	size_t plain =
		r->version == 3 || (r->version == 2 && r->nblocks == 2) ? 2 : 3;

	if (r->nblocks == 1) {
		dirs[0] = FV_DIR_MIXED; /* unified_rw_reporting=mixed */
		return true;
	}
	if (r->nblocks != plain && r->nblocks != plain + 1)
		return false;
	/* =both: the mixed I/O's after the others */
	for (size_t i = 0; i < r->nblocks; i++)
		dirs[i] = i < plain ? order[i] : FV_DIR_MIXED;
	return true;
}

/* fio's name of field i (from 0), as the HOWTO's table has it. */
static const char *field_name(const struct rec *r, size_t i, char *buf,
			      size_t len)
{
	static const char *const slots[] = { "read", "write", "trim" };
	static const char *const head[] = { "fio_version", "jobname", "groupid",
					    "error" };
	size_t b, off, plain = r->version == 3 ? 2 : 3;

	if (i == 0) {
		snprintf(buf, len, "terse_version_%d", r->version);
		return buf;
	}
	if (i < r->head)
		return head[i - 1 + (r->version == 2)];
	if (i >= r->tail + TAIL)
		return disk_fields[(i - r->tail - TAIL) % DISK].name;
	if (i >= r->tail)
		return tail_names[i - r->tail];
	b = (i - r->head) / r->block;
	off = (i - r->head) % r->block;
	if (off >= PCT_AT && off < PCT_AT + NPCT)
		snprintf(buf, len, "%s_clat_pct%02zu",
			 b < plain ? slots[b] : "mixed", off - PCT_AT + 1);
	else
		snprintf(buf, len, "%s_%s", b < plain ? slots[b] : "mixed",
			 dir_fields[off < PCT_AT ? off : off - NPCT].name);
	return buf;
}

static enum kind kind_of(const struct rec *r, size_t i)
{
	size_t off;

	if (i < r->head)
		return i == 0 || i == r->head - 2 ? K_UINT
		       : i == r->head - 1	  ? K_INT
						  : K_TEXT;
	if (i >= r->tail + TAIL)
		return disk_fields[(i - r->tail - TAIL) % DISK].kind;
	if (i >= r->tail)
		return i - r->tail < 2 || i - r->tail >= 5 ? K_PCT : K_UINT;
	off = (i - r->head) % r->block;
	if (off >= PCT_AT && off < PCT_AT + NPCT)
		return K_PCTL;
	return dir_fields[off < PCT_AT ? off : off - NPCT].kind;
}

static const char *const wanted[] = {
	[K_UINT] = "a whole number",
	[K_INT] = "a whole number",
	[K_REAL] = "a number",
	[K_PCT] = "a percentage (N%)",
	[K_PCTL] = "a percentile and its latency in usec (P%=N)",
	[K_TEXT] = "text",
};

/* " of job 'NAME'" once the header is read, else "". */
static void job_of(const struct rec *r, char *buf, size_t len)
{
	buf[0] = '\0';
	if (r->head && r->nf >= r->head - 2)
		snprintf(buf, len, " of job '%.64s'", r->f[r->head - 3]);
}

static int said(const struct rec *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* An error (or, in a file read from its normal output, a warning). */
static int said(const struct rec *r, const char *fmt, ...)
{
	char msg[512], who[96];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	job_of(r, who, sizeof(who));
	if (r->version)
		return fv_diag_add(r->src->diags, r->src->sev, r->src->name,
				   r->src->line, 1,
				   "fio terse v%d record%s: %s: %s", r->version,
				   who, msg, r->src->outcome)
			       ?: -EBADMSG;
	return fv_diag_add(r->src->diags, r->src->sev, r->src->name,
			   r->src->line, 1, "fio terse record: %s: %s", msg,
			   r->src->outcome)
		       ?: -EBADMSG;
}

static int bad_field(const struct rec *r, size_t i)
{
	char name[48];
	const char *v = r->f[i];

	return said(r, "field %zu (%s) is '%.32s%s', not %s", i + 1,
		    field_name(r, i, name, sizeof(name)), v,
		    strlen(v) > 32 ? "..." : "", wanted[kind_of(r, i)]);
}

/* The record ends before field i, which its layout needs. */
static int cut_at(const struct rec *r, size_t i)
{
	char name[48];

	return said(r,
		    "the line is cut: %zu fields, field %zu (%s) and those "
		    "after it missing",
		    r->nf, i + 1, field_name(r, i, name, sizeof(name)));
}

static bool all_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char) *s))
			return false;
	return true;
}

/* A number as fio's "%f" or "%3.2f" prints it, then suffix. */
static bool real_then(const char *s, const char *suffix, double *v)
{
	char *end;

	if (!isdigit((unsigned char) *s))
		return false;
	*v = strtod(s, &end);
	return isfinite(*v) && !strcmp(end, suffix);
}

static bool parse_value(const char *s, enum kind k, double *v, double *p)
{
	const char *q;
	char *end;

	switch (k) {
	case K_UINT:
		*v = strtod(s, NULL);
		return all_digits(s);
	case K_INT:
		*v = strtod(s, NULL);
		return all_digits(s + (*s == '-'));
	case K_REAL:
		return real_then(s, "", v);
	case K_PCT:
		return real_then(s, "%", v);
	case K_PCTL:
		q = strstr(s, "%=");
		if (!q || !all_digits(q + 2) || !isdigit((unsigned char) *s))
			return false;
		*v = strtod(q + 2, NULL);
		*p = strtod(s, &end);
		return end == q && *p <= 100;
	case K_TEXT:
		return true;
	}
	return false;
}

/* Every field of the layout, by its kind, into r->v and r->p. */
static int parse_fields(struct rec *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!parse_value(r->f[i], kind_of(r, i), &r->v[i], &r->p[i]))
			return bad_field(r, i);
	return 0;
}

/* "3;fio-3.33;NAME;..." into fields. 0 or -ENOMEM. */
static int split(struct rec *r, const char *s, const char *end)
{
	size_t n = (size_t) (end - s), k = 0;

	r->line = s;
	r->copy = malloc(n + 1);
	if (!r->copy)
		return -ENOMEM;
	memcpy(r->copy, s, n);
	r->copy[n] = '\0';
	r->nf = 1;
	for (size_t i = 0; i < n; i++)
		r->nf += r->copy[i] == ';';
	r->f = calloc(r->nf, sizeof(*r->f));
	r->v = calloc(r->nf, sizeof(*r->v));
	r->p = calloc(r->nf, sizeof(*r->p));
	if (!r->f || !r->v || !r->p)
		return -ENOMEM;
	r->f[k++] = r->copy;
	for (size_t i = 0; i < n; i++)
		if (r->copy[i] == ';') {
			r->copy[i] = '\0';
			r->f[k++] = r->copy + i + 1;
		}
	return 0;
}

/*
 * Each direction's 20 percentile slots where the version prints them: a
 * field missing or one too many shows there first.
 */
static int slots_in_place(const struct rec *r)
{
	for (size_t b = 0; b < r->nblocks; b++) {
		size_t s = r->head + b * r->block + PCT_AT, i = s;
		char name[48];

		while (i < s + NPCT && strstr(r->f[i], "%="))
			i++;
		if (i == s + NPCT && !strstr(r->f[s - 1], "%=") &&
		    !strstr(r->f[i], "%="))
			continue;
		field_name(r, s, name, sizeof(name));
		name[strlen(name) - 2] = '\0';
		return said(r,
			    "its fields are out of place: terse v%d prints "
			    "the 20 slots of %s (P%%=usec) as fields %zu to "
			    "%zu, and those are not; a field is missing, or "
			    "one too many, before field %zu",
			    r->version, name, s + 1, s + NPCT,
			    i == s + NPCT ? s + NPCT + 1 : i + 1);
	}
	return 0;
}

/* The terse version, the directions printed: the record's layout. */
static int layout(struct rec *r, enum fv_dir *dirs)
{
	double v;
	int ret;

	if (!parse_value(r->f[0], K_UINT, &v, NULL) || v < 2 || v > 5)
		return said(r,
			    "field 1 (terse_version) is '%.16s': fioverdict "
			    "reads terse versions 2 to 5 (--terse-version)",
			    r->f[0]);
	r->version = (int) v;
	r->head = r->version == 2 ? 4 : 5;
	r->block = r->version == 5 ? BLOCK_V5 : BLOCK;
	r->tail = SIZE_MAX / 2; /* till the directions are counted */
	while (r->head + r->nblocks * r->block + PCT_AT < r->nf &&
	       strstr(r->f[r->head + r->nblocks * r->block + PCT_AT], "%="))
		r->nblocks++;
	if (!r->nblocks && r->head + PCT_AT >= r->nf)
		return cut_at(r, r->nf < r->head ? r->nf : r->head + PCT_AT);
	if (!r->nblocks)
		return bad_field(r, r->head + PCT_AT);
	if (!block_dirs(r, dirs))
		return said(r,
			    "%zu directions' figures, where terse v%d prints "
			    "%s: the line is cut, or fields are missing",
			    r->nblocks, r->version,
			    r->version == 3 ? "1 (unified_rw_reporting="
					      "mixed), 2 or 3 (=both)"
			    : r->version == 2
				    ? "1 (unified_rw_reporting=mixed), 2 "
				      "(before fio 2.0.10), 3 or 4 (=both)"
				    : "1 (unified_rw_reporting=mixed), 3 or 4 "
				      "(=both)");
	r->tail = r->head + r->nblocks * r->block;
	if (r->nf < r->tail)
		return cut_at(r, r->nf);
	ret = slots_in_place(r);
	if (!ret && r->nf < r->tail + TAIL)
		return cut_at(r, r->nf);
	return ret;
}

/*
 * The disks' groups after the latency buckets (v3 on): a name, then
 * numbers. A group cut short is the line's fault; after them, fio's
 * error count and description, which are not read.
 */
static int disks(struct rec *r)
{
	size_t i = r->tail + TAIL;

	while (r->version >= 3 && i + 1 < r->nf && r->f[i][0] &&
	       !all_digits(r->f[i]) && all_digits(r->f[i + 1])) {
		if (i + DISK > r->nf)
			return cut_at(r, r->nf);
		r->ndisks++;
		i += DISK;
	}
	return parse_fields(r, i);
}

int fv_terse_record(const struct fv_terse_src *src, const char *s,
		    const char *end, struct fv_job **job, char **key)
{
	struct rec r = { .src = src };
	enum fv_dir dirs[4];
	int ret;

	*job = NULL;
	*key = NULL;
	if ((ret = split(&r, s, end)) || (ret = layout(&r, dirs)) ||
	    (ret = disks(&r)))
		goto out;
	*job = fv_job_new();
	if (!*job) {
		ret = -ENOMEM;
		goto out;
	}
	ret = fv_terse_fill_job(&r, *job, dirs);
	if (!ret)
		ret = fv_terse_run_key(&r, key);
out:
	if (ret) {
		fv_job_free(*job);
		*job = NULL;
	}
	free(r.copy);
	free(r.f);
	free(r.v);
	free(r.p);
	return ret;
}
