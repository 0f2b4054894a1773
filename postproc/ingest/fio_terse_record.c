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
#include "ingest_int.h"

#define NPCT 20	    /* fio's FIO_IO_U_LIST_MAX_LEN */
#define PCT_AT 12   /* a direction's first percentile slot */
#define BLOCK 41    /* a direction's fields */
#define BLOCK_V5 47 /* and with v5's samples */
#define TAIL 34	    /* CPU, IO depths, latency buckets */
#define DISK 9

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

/* One record split at its ';', and what its layout is. */
struct rec {
	const struct fv_terse_src *src;
	const char *line; /* the record as it is in the file */
	char *copy;	  /* the same, each ';' a NUL */
	char **f;
	size_t nf;
	int version;
	size_t head;	/* 4 fields in v2, 5 after */
	size_t block;	/* a direction's fields */
	size_t nblocks; /* directions printed */
	size_t tail;	/* where CPU's fields start */
	size_t ndisks;	/* disk groups after the latency buckets */
	double *v;	/* each field's value; a slot's latency */
	double *p;	/* a percentile slot's percentile */
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

/* How the fio that wrote the record printed its latencies. */
struct prec {
	bool ns;	   /* fio 2.99 on: ns, truncated to µs */
	bool us_histogram; /* fio before 2.99, or not known (v2) */
	double res_ns;	   /* min, max, percentiles: up to this above */
};

static struct prec prec_of(const char *fio_version)
{
	int major, minor;

	if (fio_version &&
	    sscanf(fio_version, "fio-%d.%d", &major, &minor) == 2) {
		bool ns = major > 2 || (major == 2 && minor >= 99);

		return (struct prec){ ns, !ns, ns ? 1e3 : 0 };
	}
	/*
	 * v2 does not say: as fio 3 truncates, and with fio 2's shorter
	 * histogram, whose end marks a percentile as a lower bound sooner.
	 */
	return (struct prec){ false, true, 1e3 };
}

/* min, max (µs, whole), mean, stdev ("%f" of µs) from v. */
static void fill_lat(struct fv_lat *l, const double *v, const struct prec *p)
{
	l->present = true;
	l->us_histogram = p->us_histogram;
	l->min_ns = v[0] * 1e3;
	l->max_ns = v[1] * 1e3;
	l->mean_ns = v[2] * 1e3;
	l->stddev_ns = v[3] * 1e3;
	l->minmax_res_ns = p->res_ns;
	l->moment_res_ns = 0.5e-6 * 1e3; /* six decimals of a µs */
}

/*
 * The slots fio used ("0%=0" is one it did not) of the job's
 * percentile_list, the completion latency's: fio prints the total
 * latency's there instead under lat_percentiles=1, and does not say so.
 */
static int fill_pcts(struct fv_lat *l, const double *p, const double *v,
		     const struct prec *pr)
{
	l->reported = calloc(NPCT, sizeof(*l->reported));
	if (!l->reported)
		return -ENOMEM;
	for (int i = 0; i < NPCT; i++) {
		double ns = v[i] * 1e3;

		if (!(p[i] > 0))
			continue;
		/* fio 3's last bucket, its value known to the µs: itself */
		if (pr->ns && ns < FV_HIST_END_NS && ns + 1e3 > FV_HIST_END_NS)
			ns = FV_HIST_END_NS;
		l->reported[l->nreported].p = p[i];
		l->reported[l->nreported].ns = ns;
		l->nreported++;
	}
	l->pct_res_ns = pr->res_ns;
	return 0;
}

/* min, max, mean and stdev of a rate's samples, in unit (bytes/s, IO/s). */
static void fill_samples(struct fv_rate_samples *rs, const double *v,
			 double unit)
{
	rs->min = v[0] * unit;
	rs->max = v[1] * unit;
	rs->mean = v[2] * unit;
	rs->sd = v[3] * unit;
	rs->moment_res = 0.5e-6 * unit;
	rs->present = rs->n > 0 || rs->mean > 0 || rs->sd > 0;
}

/*
 * The bandwidth field's unit, bytes/s: KiB/s from fio 2.0.8; before, bytes
 * per ms (1000 B/s). v2 does not say which fio wrote it: the figure does,
 * against the size and runtime beside it.
 */
static double bw_unit(double kb, double bw, double runt)
{
	if (runt > 0 &&
	    !(bw >= floor(kb * 1000 / runt) - 1 &&
	      bw <= floor((kb + 1) * 1000 / runt) + 1) &&
	    bw >= floor(kb * 1024 / runt) - 1 &&
	    bw <= floor((kb + 1) * 1024 / runt) + 1)
		return 1000;
	return 1024;
}

/* One direction's block, v at its first field. */
static int fill_dir(struct fv_dirstats *ds, const double *v, const double *p,
		    int version, const struct prec *pr)
{
	double unit = bw_unit(v[0], v[1], v[3]);
	const struct fv_lat *c = &ds->lat[FV_CLAT], *t = &ds->lat[FV_LAT];
	int ret = 0;

	ds->present = true;
	ds->io_bytes = fv_u64(v[0] * 1024);
	ds->io_bytes_res = 1024;
	ds->bw_bytes = v[1] * unit;
	ds->bw_res = unit;
	ds->iops = v[2];
	ds->iops_res = 1;
	ds->runtime_ms = fv_u64(v[3]);
	/*
	 * Not printed: fio's iops is total_ios x 1000 / runtime, which gives
	 * the count back to within runtime / 1000 I/Os (as for fio 2.1's
	 * JSON).
	 */
	ds->total_ios = fv_u64(round(v[2] * v[3] / 1000));
	fill_lat(&ds->lat[FV_SLAT], v + 4, pr);
	fill_lat(&ds->lat[FV_CLAT], v + 8, pr);
	fill_lat(&ds->lat[FV_LAT], v + PCT_AT + NPCT, pr);
	/* a direction without I/O prints its unused slots as 0 */
	if (v[0] || v[2] || v[3] || c->max_ns || c->mean_ns)
		ret = fill_pcts(&ds->lat[FV_CLAT], p + PCT_AT, v + PCT_AT, pr);
	ds->lat_unmeasured = ds->total_ios && !c->min_ns && !c->max_ns &&
			     !c->mean_ns && !t->min_ns && !t->max_ns &&
			     !t->mean_ns;
	v += PCT_AT + NPCT + 4;
	if (version == 5) {
		ds->bw_samples.n = fv_u64(v[5]);
		ds->iops_samples.n = fv_u64(v[10]);
		fill_samples(&ds->iops_samples, v + 6, 1);
	}
	/* bw_min, bw_max, bw_agg_pct, bw_mean, bw_dev: KiB/s */
	fill_samples(&ds->bw_samples,
		     (const double[]){ v[0], v[1], v[3], v[4] }, 1024);
	ds->bw_samples.group_pct = v[2];
	ds->bw_samples.pct_res = 0.5e-6;
	return ret;
}

/* The disks' figures (from r->tail + TAIL) as the run's, for each job. */
static void fill_disks(const struct rec *r, struct fv_run_io *io)
{
	size_t len = 0;

	io->known = r->ndisks > 0;
	for (size_t g = 0; g < r->ndisks; g++) {
		size_t i = r->tail + TAIL + g * DISK;
		const char *name = r->f[i];

		if (!strcmp(name, "slaves"))
			continue; /* the device's slaves summed: no device */
		/* merged requests reached the device too (as JSON's) */
		io->dev_ios[0] += fv_u64(r->v[i + 1] + r->v[i + 3]);
		io->dev_ios[1] += fv_u64(r->v[i + 2] + r->v[i + 4]);
		if (len < sizeof(io->devices))
			len += (size_t) snprintf(io->devices + len,
						 sizeof(io->devices) - len,
						 "%s%s", len ? ", " : "", name);
	}
}

static int fill_job(const struct rec *r, struct fv_job *job,
		    const enum fv_dir *dirs)
{
	const char *fio = r->version == 2 ? NULL : r->f[1];
	struct prec pr = prec_of(fio);
	const double *t = r->v + r->tail;
	int ret = 0;

	if (!(job->name = strdup(r->f[r->head - 3])) ||
	    !(job->wl.test = strdup(job->name)) ||
	    (fio && !(job->fio_version = strdup(fio))))
		return -ENOMEM;
	job->format = "fio terse";
	job->groupid = fv_int(r->v[r->head - 2]);
	job->error = fv_int(r->v[r->head - 1]);
	for (size_t b = 0; b < r->nblocks && !ret; b++) {
		size_t at = r->head + b * r->block;

		ret = fill_dir(&job->dir[dirs[b]], r->v + at, r->p + at,
			       r->version, &pr);
	}
	job->usr_cpu = t[0];
	job->sys_cpu = t[1];
	job->cpu_busiest = t[0] + t[1];
	job->ctx = fv_u64(t[2]);
	memcpy(job->depth_pct, t + 5, sizeof(job->depth_pct));
	fv_job_depths_scale(job);
	/*
	 * "<=2" us holds fio 3's ns buckets too (stat_calc_lat_nu), as in
	 * fio 2's JSON, which had none.
	 */
	memcpy(job->lat_buckets.pct + 10, t + 12, 22 * sizeof(*t));
	job->lat_buckets.present = true;
	job->lat_buckets.res = 0.005;
	fill_disks(r, &job->run_io);
	return ret;
}

/* fio's version and the disks' fields as printed: a run's mark. */
static int run_key(const struct rec *r, char **key)
{
	size_t from = r->tail + TAIL, to = from + r->ndisks * DISK;
	const char *du = r->ndisks ? r->line + (r->f[from] - r->copy) : "";
	int n = r->ndisks ? (int) (r->f[to - 1] - r->f[from]) +
				    (int) strlen(r->f[to - 1])
			  : 0;

	if (asprintf(key, "%d;%s;%.*s", r->version,
		     r->version == 2 ? "" : r->f[1], n, du) < 0) {
		*key = NULL;
		return -ENOMEM;
	}
	return 0;
}

int fv_terse_record(const struct fv_terse_src *src, const char *s,
		    const char *end, struct fv_job **job, char **key)
{
	struct rec r = { .src = src };
	enum fv_dir dirs[4];
	int ret = split(&r, s, end);

	*job = NULL;
	*key = NULL;
	ret = ret ?: layout(&r, dirs);
	ret = ret ?: disks(&r);
	if (!ret && !(*job = fv_job_new()))
		ret = -ENOMEM;
	ret = ret ?: fill_job(&r, *job, dirs);
	ret = ret ?: run_key(&r, key);
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
