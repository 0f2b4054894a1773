/* SPDX-License-Identifier: MIT */
/*
 * fio's normal output (--output-format=normal, the default) into the same
 * model as its JSON: stat.c's show_thread_status_normal() read back, line
 * by line, with each figure's printed precision kept (set.h: res fields).
 * Text around it (a script's header, fio's preamble, warnings) is read for
 * what it tells (the VM, the command line, the job's first line) or
 * skipped. A job is whole once its "issued" line is read: one cut before
 * that, or a line of a known kind that does not parse, is the file's
 * fault, and no figure of it is used. A file may hold several runs of fio
 * appended (fio ... >> results.txt): each begins with its jobs' first
 * lines again, and is a run of its own; a report that follows another
 * without them (--status-interval) replaces it.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fio_terse.h"
#include "fio_text.h"
#include "fio_text_int.h"
#include "ingest_int.h"
#include "model/model.h"

/*
 * A report ended and another begins (--status-interval, SIGUSR1): fio
 * prints every group again, from the first. Only the last is final.
 */
static void drop_report(struct ftext *f)
{
	for (size_t i = 0; i < f->njobs; i++)
		fv_job_free(f->jobs[i]);
	f->njobs = 0;
	f->ninterim++;
	memset(&f->run_io, 0, sizeof(f->run_io));
}

/* "NAME: (groupid=0, jobs=2): err= 0: pid=16549: Tue Dec  1 22:18:55 2026" */
static int start_job(struct ftext *f, const char *s, const char *g)
{
	struct fv_job *job = fv_job_new();
	int gid, njobs, err, ret;
	const char *d;
	struct tm tm = { 0 };

	if (sscanf(g, ": (groupid=%d", &gid) == 1 && f->after_group &&
	    gid <= f->last_gid)
		drop_report(f);
	f->after_group = false;
	f->last_gid = gid;
	if (!job || fv_jobs_append(&f->jobs, &f->njobs, job)) {
		fv_job_free(job);
		return -ENOMEM;
	}
	f->cur = job;
	f->cur_line = f->line;
	f->cur_whole = false;
	f->buckets_bad = false;
	f->dir = -1;
	f->pct_lat = NULL;
	job->index = (int) f->njobs - 1;
	if (fv_ft_dup(&job->name, s, (size_t) (g - s)))
		return -ENOMEM;
	if (sscanf(g, ": (groupid=%d, jobs=%d): err=%d", &gid, &njobs, &err) !=
	    3)
		return fv_ft_garbled(f, "job's heading");
	job->groupid = gid;
	job->error = err;
	d = strstr(g, " pid="); /* not groupid= */
	d = d ? strstr(d, ": ") : NULL;
	/* No zone printed: read as UTC, not in the reader's TZ. */
	if (d && strptime(d + 2, "%a %b %d %H:%M:%S %Y", &tm))
		f->timestamp = (int64_t) timegm(&tm);
	ret = fv_ft_job_opts(f, job) ?: fv_workload_of_opts(job);
	/* "jobs=4": the group's threads, numjobs under group_reporting. */
	if (!ret && !fv_job_opt(job, "numjobs") && njobs > 0)
		job->wl.threads = njobs;
	return ret;
}

static int dir_index(const char *s, size_t n)
{
	static const char *const names[FV_DIR_NR] = { "read", "write", "trim",
						      "sync", "mixed" };

	for (int d = 0; d < FV_DIR_NR; d++)
		if (strlen(names[d]) == n && !strncmp(s, names[d], n))
			return d;
	return -1;
}

/*
 * Is the first rate of "IOPS=.., BW=119MB/s (114MiB/s)" in SI units (or
 * "Mbit/s")? A bare "B/s" tells nothing: taken as not.
 */
static bool si_first(const char *s)
{
	const char *bw = strstr(s, ", BW="),
		   *u = bw ? strstr(bw, "/s (") : NULL;

	if (!u)
		return false;
	if (u - bw > 8 && !strncmp(u - 3, "bit", 3))
		u -= 3;
	else if (u[-1] == 'B')
		u--;
	else
		return false;
	return isalpha((unsigned char) u[-1]) && u[-1] != 'i';
}

/* A direction's line as read (fio 2's or 3's): each figure, its resolution. */
struct dir_line {
	double iops, ires, bw, bres, io, iores;
	unsigned long long rt;
};

static void keep_dir(struct fv_dirstats *ds, const struct dir_line *l)
{
	ds->present = true;
	ds->iops = l->iops;
	ds->iops_res = l->ires;
	ds->bw_bytes = l->bw;
	ds->bw_res = l->bres;
	ds->io_bytes = fv_u64(l->io);
	ds->io_bytes_res = l->iores;
	ds->runtime_ms = l->rt;
}

/*
 * fio 3: "read: IOPS=29.1k, BW=114MiB/s (119MB/s)(227MiB/2001msec)".
 * IOPS is fio's total_ios x 1000 / runtime; the issued line gives the
 * count, so it is computed again exactly once that is read.
 */
static int read_dir_v3(struct ftext *f, struct fv_dirstats *ds, const char *s)
{
	const char *p = fv_ft_after(s, "IOPS=");
	struct dir_line l;
	double alt, ares;

	if (!p || !fv_ft_num(&p, &l.iops, &l.ires, 1000) ||
	    strncmp(p, ", BW=", 5))
		return fv_ft_garbled(f, "direction's");
	p += 5;
	if (!fv_ft_bytes(&p, &l.bw, &l.bres, false) || strncmp(p, "/s (", 4))
		return fv_ft_garbled(f, "direction's");
	p += 4;
	if (!fv_ft_bytes(&p, &alt, &ares, false) || strncmp(p, "/s)(", 4))
		return fv_ft_garbled(f, "direction's");
	p += 4;
	if (!fv_ft_bytes(&p, &l.io, &l.iores, false) ||
	    sscanf(p, "/%llumsec)", &l.rt) != 1)
		return fv_ft_garbled(f, "direction's");
	keep_dir(ds, &l);
	/* kb_base=1000 puts the SI rate first: "BW=119MB/s (114MiB/s)". */
	f->kb_base = si_first(s) ? 1000 : 1024;
	return 0;
}

/*
 * fio 2: "read : io=227MB, bw=114MB/s, iops=29100, runt= 2001msec": its
 * KB and MB are powers of 1024 (kb_base, 1024 by default).
 */
static int read_dir_v2(struct ftext *f, struct fv_dirstats *ds, const char *s)
{
	const char *p = fv_ft_after(s, "io=");
	struct dir_line l;

	if (!p || !fv_ft_bytes(&p, &l.io, &l.iores, true) ||
	    strncmp(p, ", bw=", 5))
		return fv_ft_garbled(f, "direction's");
	p += 5;
	if (!fv_ft_bytes(&p, &l.bw, &l.bres, true) ||
	    strncmp(p, "/s, iops=", 9))
		return fv_ft_garbled(f, "direction's");
	p += 9;
	if (!fv_ft_num(&p, &l.iops, &l.ires, 1000) ||
	    sscanf(p, ", runt=%llumsec", &l.rt) != 1)
		return fv_ft_garbled(f, "direction's");
	keep_dir(ds, &l);
	return 0;
}

static double unit_ns(const char *u)
{
	if (!strncmp(u, "(nsec)", 6))
		return 1;
	if (!strncmp(u, "(usec)", 6))
		return 1e3;
	if (!strncmp(u, "(msec)", 6))
		return 1e6;
	if (!strncmp(u, "(sec)", 5))
		return 1e9;
	return 0;
}

/* "clat (usec): min=7, max=3534, avg=178.65, stdev=82.67" */
static int read_lat(struct ftext *f, struct fv_lat *lat, const char *u)
{
	double unit = unit_ns(u), min, max, rmin, rmax, avg, sd;
	const char *p = fv_ft_after(u, "min=");
	char *end;

	if (!unit || !p || !fv_ft_num(&p, &min, &rmin, 1000) ||
	    strncmp(p, ", max=", 6))
		return fv_ft_garbled(f, "latency");
	p += 6;
	if (!fv_ft_num(&p, &max, &rmax, 1000) || strncmp(p, ", avg=", 6))
		return fv_ft_garbled(f, "latency");
	avg = strtod(p + 6, &end);
	if (end == p + 6 || strncmp(end, ", stdev=", 8))
		return fv_ft_garbled(f, "latency");
	p = end;
	sd = strtod(p + 8, &end);
	if (end == p + 8)
		return fv_ft_garbled(f, "latency");
	lat->present = true;
	lat->min_ns = min * unit;
	lat->max_ns = max * unit;
	lat->mean_ns = avg * unit;
	lat->stddev_ns = sd * unit;
	/*
	 * Truncated to the unit, then rounded to num2str's last digit when
	 * too long ("8047.0k"); the mean and stddev to 0.005 of the unit.
	 */
	rmin = (rmin > 0.5 ? rmin : 0) + 1;
	rmax = (rmax > 0.5 ? rmax : 0) + 1;
	lat->minmax_res_ns = (rmin > rmax ? rmin : rmax) * unit;
	lat->moment_res_ns = 0.005 * unit;
	return 0;
}

/* "| 50.00th=[  172], 95.00th=[  247]," into lat->reported. */
static int read_pcts(struct ftext *f, const char *s)
{
	struct fv_lat *lat = f->pct_lat;
	const char *p = s;

	if (!lat->reported) {
		lat->reported = calloc(FV_MAX_PCTS, sizeof(*lat->reported));
		if (!lat->reported)
			return -ENOMEM;
	}
	while ((p = strchr(p, 'h')) && !strncmp(p - 1, "th=[", 4)) {
		const char *q = p - 1;
		double pc, v;
		char *end;

		while (q > s &&
		       (q[-1] == '.' || (q[-1] >= '0' && q[-1] <= '9')))
			q--;
		pc = strtod(q, &end);
		if (end == q || !(pc > 0 && pc <= 100))
			return fv_ft_garbled(f, "percentile");
		v = strtod(p + 3, &end);
		if (end == p + 3 || *end != ']')
			return fv_ft_garbled(f, "percentile");
		if (lat->nreported < FV_MAX_PCTS) {
			lat->reported[lat->nreported].p = pc;
			lat->reported[lat->nreported].ns = v * f->pct_unit;
			lat->nreported++;
		}
		p = end;
	}
	lat->pct_res_ns = f->pct_unit;
	return 0;
}

/* "X percentiles (usec):" opens a block for X's distribution. */
static int open_pcts(struct ftext *f, const char *s, const char *u)
{
	struct fv_job *job = f->cur;
	int k = !strncmp(s, "slat", 4)	 ? FV_SLAT
		: !strncmp(s, "clat", 4) ? FV_CLAT
					 : FV_LAT;

	if (!strncmp(s, "sync", 4))
		f->pct_lat = &job->dir[FV_DIR_SYNC].lat[FV_LAT];
	else if (f->dir >= 0)
		f->pct_lat = &job->dir[f->dir].lat[k];
	else
		return fv_ft_garbled(f, "percentile heading");
	f->pct_unit = unit_ns(u);
	if (!f->pct_unit)
		return fv_ft_garbled(f, "percentile heading");
	return 0;
}

/* "issued rwts: total=58203,24963,0,0 short=0,0,0,0 dropped=0,0,0,0" */
static int read_issued(struct ftext *f, const char *s)
{
	unsigned long long t[4] = { 0 }, sh[3] = { 0 }, dr[3] = { 0 };
	const char *p = fv_ft_after(s, "total=");
	struct fv_job *job = f->cur;

	if (!p)
		return fv_ft_garbled(f, "issued");
	if (sscanf(p, "%llu,%llu,%llu,%llu", &t[0], &t[1], &t[2], &t[3]) < 3 &&
	    sscanf(p, "r=%llu/w=%llu/d=%llu", &t[0], &t[1], &t[2]) != 3)
		return fv_ft_garbled(f, "issued");
	if ((p = fv_ft_after(s, "short=")))
		sscanf(p, "%llu,%llu,%llu", &sh[0], &sh[1], &sh[2]);
	if ((p = fv_ft_after(s, "dropped=")))
		sscanf(p, "%llu,%llu,%llu", &dr[0], &dr[1], &dr[2]);
	for (int d = 0; d < 3; d++) {
		struct fv_dirstats *ds = &job->dir[d];

		ds->total_ios = t[d];
		ds->short_ios = sh[d];
		ds->drop_ios = dr[d];
		if (ds->present && ds->runtime_ms) {
			/* fio's own formula: exact now. */
			ds->iops =
				(double) t[d] * 1000 / (double) ds->runtime_ms;
			ds->iops_res = 0;
		}
	}
	if (job->dir[FV_DIR_MIXED].present) {
		struct fv_dirstats *ds = &job->dir[FV_DIR_MIXED];

		ds->total_ios = t[0] + t[1] + t[2];
		if (ds->runtime_ms) {
			ds->iops = (double) ds->total_ios * 1000 /
				   (double) ds->runtime_ms;
			ds->iops_res = 0;
		}
	}
	if (job->dir[FV_DIR_SYNC].lat[FV_LAT].present) {
		job->dir[FV_DIR_SYNC].present = true;
		job->dir[FV_DIR_SYNC].total_ios = t[3];
	}
	f->cur_whole = true;
	return 0;
}

/* "cpu          : usr=0.10%, sys=0.40%, ctx=2049, majf=0, minf=14" */
static void read_cpu(struct fv_job *job, const char *s)
{
	const char *ctx = fv_ft_after(s, "ctx=");
	double usr, sys;

	if (sscanf(s, "cpu : usr=%lf%%, sys=%lf%%", &usr, &sys) == 2 ||
	    sscanf(s, "cpu          : usr=%lf%%, sys=%lf%%", &usr, &sys) == 2) {
		job->usr_cpu = usr;
		job->sys_cpu = sys;
		/* as the JSON's: one entry, its own thread(s) */
		job->cpu_busiest = usr + sys;
		if (ctx)
			job->ctx = strtoull(ctx, NULL, 10);
	}
}

/* "  vda: ios=53554/22965, merge=1/0, ..." */
static void read_disk(struct ftext *f, const char *s)
{
	const char *colon = strstr(s, ": ios=");
	unsigned long long r, w;
	struct fv_run_io *io = &f->run_io;
	size_t used = strlen(io->devices), n;

	if (!colon || sscanf(colon, ": ios=%llu/%llu", &r, &w) != 2)
		return;
	io->known = true;
	io->dev_ios[0] += r;
	io->dev_ios[1] += w;
	n = (size_t) (colon - s);
	if (used + n + 3 < sizeof(io->devices))
		snprintf(io->devices + used, sizeof(io->devices) - used,
			 "%s%.*s", used ? ", " : "", (int) n, s);
}

/* A job ends where the next starts, at a run status group, at the end. */
static int end_job(struct ftext *f)
{
	if (!f->cur || f->cur_whole) {
		f->cur = NULL;
		return 0;
	}
	f->bad = true;
	fv_diag_add(f->diags, FV_ERROR, f->name, f->cur_line, 1,
		    "fio text: job '%s' is cut before its \"issued\" line "
		    "(%zu whole job%s before it): the file is not whole, "
		    "none of its figures used",
		    f->cur->name, f->njobs - 1, f->njobs == 2 ? "" : "s");
	f->cur = NULL;
	return 0;
}

/* The heading of a job "NAME: (groupid=" or its first line "NAME: (g=". */
static const char *heading(const char *s, const char *tag)
{
	const char *p = strstr(s, tag);

	return p && p > s && p[-1] != ' ' ? p : NULL;
}

static int job_line(struct ftext *f, const char *t)
{
	struct fv_job *job = f->cur;
	char tidy[1024];
	const char *colon, *u;
	size_t n;
	int d;

	t = fv_ft_tidy(t, tidy, sizeof(tidy));
	colon = strchr(t, ':');
	n = colon ? (size_t) (colon - t) : 0;
	while (n && t[n - 1] == ' ')
		n--;
	d = dir_index(t, n);
	if (d >= 0 && d != FV_DIR_SYNC && colon) {
		f->dir = d;
		f->pct_lat = NULL;
		return !strncmp(colon, ": IOPS=", 7)
			       ? read_dir_v3(f, &job->dir[d], colon)
			       : read_dir_v2(f, &job->dir[d], colon);
	}
	if (t[0] == '|' && f->pct_lat)
		return read_pcts(f, t);
	f->pct_lat = NULL;
	if ((u = strstr(t, "percentiles (")) && u > t && u[-1] == ' ')
		return open_pcts(f, t, u + 12);
	if (!strncmp(t, "fsync/fdatasync", 15)) {
		f->dir = -1;
		return 0;
	}
	if (!strncmp(t, "sync (", 6))
		return read_lat(f, &job->dir[FV_DIR_SYNC].lat[FV_LAT], t + 5);
	if (f->dir >= 0 && !strncmp(t, "slat (", 6))
		return read_lat(f, &job->dir[f->dir].lat[FV_SLAT], t + 5);
	if (f->dir >= 0 && !strncmp(t, "clat (", 6))
		return read_lat(f, &job->dir[f->dir].lat[FV_CLAT], t + 5);
	if (f->dir >= 0 && !strncmp(t, "lat (", 5) && strstr(t, "min="))
		return read_lat(f, &job->dir[f->dir].lat[FV_LAT], t + 4);
	if (!strncmp(t, "lat (", 5))
		return fv_ft_lat_buckets(f, &job->lat_buckets, t + 4);
	if (f->dir >= 0 && !strncmp(t, "bw (", 4))
		return fv_ft_bw_samples(f, &job->dir[f->dir].bw_samples, t);
	if (f->dir >= 0 && !strncmp(t, "iops ", 5))
		return fv_ft_iops_samples(f, &job->dir[f->dir].iops_samples, t);
	if (!strncmp(t, "cpu ", 4))
		read_cpu(job, t);
	else if (!strncmp(t, "IO depths", 9) && strchr(t, ':'))
		return fv_ft_depths(f, job, strchr(t, ':'));
	else if (!strncmp(t, "issued", 6))
		return read_issued(f, t);
	return 0;
}

static int one_line(struct ftext *f, const char *s)
{
	const char *t = s + strspn(s, " \t"), *g;

	if ((g = heading(s, ": (groupid=")) && s[0] != ' ') {
		end_job(f);
		f->in_disk_stats = false;
		return start_job(f, s, g);
	}
	if ((g = heading(s, ": (g=")) && s[0] != ' ' && strstr(g, "rw="))
		return fv_ft_preamble(f, s, g);
	if (!strncmp(s, "Run status group ", 17)) {
		end_job(f);
		f->after_group = true;
		return 0;
	}
	if (!strncmp(s, "Disk stats (", 12)) {
		end_job(f);
		f->in_disk_stats = true;
		return 0;
	}
	if (f->in_disk_stats && s[0] == ' ') {
		read_disk(f, t);
		return 0;
	}
	if (f->cur)
		return job_line(f, t);
	return fv_ft_header_line(f, s);
}

bool fv_fio_text_detect(const char *head, size_t n)
{
	char buf[FV_SNIFF + 1];
	const char *p;

	if (n > FV_SNIFF)
		n = FV_SNIFF;
	memcpy(buf, head, n);
	buf[n] = '\0';
	/* Its jobs' first lines, or a job's heading. */
	for (p = buf; (p = strstr(p, ": (g=")); p++)
		if (strstr(p, "rw=") && p[5] >= '0' && p[5] <= '9')
			return true;
	return strstr(buf, ": (groupid=") && strstr(buf, "jobs=");
}

static void ftext_free(struct ftext *f)
{
	for (size_t i = 0; i < f->njobs; i++)
		fv_job_free(f->jobs[i]);
	free(f->jobs);
	free(f->pre);
	free(f->label);
	free(f->version);
	free(f->cmd_text);
}

static int dup_or_null(char **dst, const char *src)
{
	if (!src)
		return 0;
	*dst = strdup(src);
	return *dst ? 0 : -ENOMEM;
}

/* Percentiles from what fio printed, provenance, then into the set. */
static int finish(struct fv_set *set, struct ftext *f, const char *dir)
{
	int ret = fv_group_clones(&f->jobs, &f->njobs, NULL, NULL);

	for (size_t i = 0; i < f->njobs && !ret; i++) {
		struct fv_job *job = f->jobs[i];

		for (int d = 0; d < FV_DIR_NR && !ret; d++)
			for (int k = 0; k < FV_LAT_NR && !ret; k++)
				if (!job->dir[d].lat[k].pct)
					ret = fv_lat_finish(&job->dir[d].lat[k],
							    &set->pcts);
		job->format = "fio text";
		job->doc = (int) f->runs;
		job->ninterim = f->ninterim;
		job->timestamp = f->timestamp;
		job->run_io = f->run_io;
		for (int d = 0; d < 2 && job->kind != FV_JOB_CLONE; d++)
			f->run_io.job_ios[d] += job->dir[d].total_ios;
		ret = ret ? ret
		      : (!job->display &&
			 dup_or_null(&job->display, job->name)) ||
				      dup_or_null(&job->source, f->name) ||
				      dup_or_null(&job->source_dir, dir) ||
				      dup_or_null(&job->fio_version,
						  f->version) ||
				      dup_or_null(&job->source_label, f->label)
			      ? -ENOMEM
			      : 0;
	}
	for (size_t i = 0; i < f->njobs; i++)
		f->jobs[i]->run_io.job_ios[0] = f->run_io.job_ios[0],
		f->jobs[i]->run_io.job_ios[1] = f->run_io.job_ios[1],
		f->jobs[i]->run_io.targets = 1;
	for (size_t i = 0; i < f->njobs && !ret; i++) {
		ret = fv_set_add_job(set, f->jobs[i]);
		if (!ret)
			f->jobs[i] = NULL;
	}
	if (!ret && !f->runs++)
		set->ninputs++;
	return ret;
}

/*
 * A job's first line after a run's results: fio started again (its
 * output appended to the file's), not a report of the same run.
 */
static bool starts_run(const struct ftext *f, const char *s)
{
	const char *g = heading(s, ": (g=");

	return f->njobs && f->after_group && g && s[0] != ' ' &&
	       strstr(g, "rw=");
}

/* The run read is in the set: what the next one has of its own, anew. */
static void next_run(struct ftext *f)
{
	for (size_t i = 0; i < f->njobs; i++)
		fv_job_free(f->jobs[i]); /* NULL: given to the set */
	f->njobs = 0;
	free(f->pre);
	f->pre = NULL;
	f->npre = f->pre_alloc = 0;
	free(f->version);
	f->version = NULL;
	f->after_group = false;
	f->in_disk_stats = false;
	f->last_gid = 0;
	f->ninterim = 0;
	f->timestamp = 0;
	memset(&f->run_io, 0, sizeof(f->run_io));
}

int fv_fio_text_read(struct fv_set *set, const char *name, const char *dir,
		     const char *buf, size_t len, bool named)
{
	struct ftext f = { .name = name, .diags = &set->diags, .dir = -1 };
	const char *p = buf, *end = buf + len;
	char line[4096];
	size_t first = set->njobs;
	int ret = 0;

	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t) (end - p));
		size_t n = nl ? (size_t) (nl - p) : (size_t) (end - p);

		f.line++;
		if (n && p[n - 1] == '\r')
			n--;
		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, p, n);
		line[n] = '\0';
		if (starts_run(&f, line) && !(ret = end_job(&f)) && !f.bad) {
			ret = finish(set, &f, dir);
			next_run(&f);
		}
		ret = ret ? ret : one_line(&f, line);
		p = nl ? nl + 1 : end;
	}
	if (!ret)
		ret = end_job(&f);
	/* fio's first lines, then its terse records only */
	if (!ret && !f.bad && !f.njobs && !f.runs &&
	    fv_fio_terse_detect(buf, len)) {
		ftext_free(&f);
		return fv_fio_terse_read(set, name, dir, buf, len, named);
	}
	if (!ret && !f.bad && !f.njobs && !f.runs) {
		fv_diag_add(&set->diags, FV_ERROR, name, 1, 1,
			    "fio text output without any job's results (its "
			    "first lines only: did fio fail, or is the file "
			    "cut?)");
		f.bad = true;
	}
	if (!ret && !f.bad && f.njobs)
		ret = finish(set, &f, dir);
	/* --output-format=terse,normal: each job once */
	if (!ret && !f.bad)
		ret = fv_fio_terse_in_text(set, name, buf, len, first);
	ftext_free(&f);
	if (ret)
		return ret;
	return f.bad ? -EBADMSG : 0;
}
