/* SPDX-License-Identifier: MIT */
/*
 * A terse record, split and checked (fio_terse_record.c), into a job: its
 * directions' latencies, percentiles, rates and samples, CPU, IO depths,
 * latency buckets and disks, with the precision fio printed them at.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_terse_int.h"
#include "fio_terse_rec.h"
#include "ingest_int.h"

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

int fv_terse_fill_job(const struct rec *r, struct fv_job *job,
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
	fv_job_set_cpu(job, t[0], t[1], fv_u64(t[2]), fv_u64(t[3]),
		       fv_u64(t[4]));
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
int fv_terse_run_key(const struct rec *r, char **key)
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
