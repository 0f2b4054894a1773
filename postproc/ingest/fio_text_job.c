/* SPDX-License-Identifier: MIT */
/*
 * A job's lines of fio's normal output, after its heading: each
 * direction's figures, latencies and percentiles, what was issued, CPU,
 * and the disks' lines after the run's groups.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_text_int.h"
#include "ingest_int.h"
#include "model/model.h"

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
	const char *at[3] = { fv_ft_after(s, "ctx="), fv_ft_after(s, "majf="),
			      fv_ft_after(s, "minf=") };
	uint64_t n[3];
	double usr, sys;

	/* a count the line lacks is no count of 0 */
	for (size_t i = 0; i < FV_ARRAY_SIZE(at); i++)
		n[i] = at[i] ? strtoull(at[i], NULL, 10) : 1;
	if (sscanf(s, "cpu : usr=%lf%%, sys=%lf%%", &usr, &sys) == 2 ||
	    sscanf(s, "cpu          : usr=%lf%%, sys=%lf%%", &usr, &sys) == 2)
		fv_job_set_cpu(job, usr, sys, at[0] ? n[0] : 0, n[1], n[2]);
}

/* "  vda: ios=53554/22965, merge=1/0, ..." */
void fv_ft_disk_line(struct ftext *f, const char *s)
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

int fv_ft_job_line(struct ftext *f, const char *t)
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
