/* SPDX-License-Identifier: MIT */
/* Choosing jobs and filling latency cells: shared by the analyses. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query.h"

int fv_labels(const struct fv_set *set, bool all, const char ***labels,
	      size_t *n)
{
	const char **v = calloc(set->njobs + 1, sizeof(*v));

	if (!v)
		return -ENOMEM;
	*n = 0;
	for (size_t i = 0; i < set->njobs; i++) {
		const char *l = set->jobs[i]->label;
		bool seen = false;

		if (!all && set->jobs[i]->kind == FV_JOB_ALL_CLIENTS)
			continue;
		for (size_t j = 0; j < *n && !seen; j++)
			seen = !strcmp(v[j], l);
		if (!seen)
			v[(*n)++] = l;
	}
	*labels = v;
	return 0;
}

bool fv_job_representative(const struct fv_job *job)
{
	/* A clone is a part; its sum, or the single job, is the whole. */
	return job->kind == FV_JOB_SINGLE || job->kind == FV_JOB_CLONE_SUM ||
	       job->kind == FV_JOB_FLEET;
}

bool fv_job_measured(const struct fv_job *job)
{
	return fv_job_representative(job) && !fv_job_failed(job);
}

static bool dir_fits(enum fv_dir have, enum fv_dir want)
{
	return have == want || (have == FV_DIR_MIXED &&
				(want == FV_DIR_READ || want == FV_DIR_WRITE));
}

double fv_job_rate(const struct fv_job *j, enum fv_role role, enum fv_dir dir)
{
	double v = 0;

	for (int d = FV_DIR_READ; d <= FV_DIR_MIXED; d++)
		if (dir_fits((enum fv_dir) d, dir))
			v += role == FV_ROLE_THROUGHPUT ? j->dir[d].bw_bytes
							: j->dir[d].iops;
	return v;
}

const struct fv_job *fv_pick(const struct fv_set *set, const char *label,
			     enum fv_role role, enum fv_dir dir)
{
	const struct fv_job *best = NULL;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (!fv_job_representative(j) || j->role != role ||
		    strcmp(j->label, label) || !dir_fits(j->role_dir, dir))
			continue;
		if (!best || j->timestamp > best->timestamp ||
		    (j->timestamp == best->timestamp &&
		     !(fv_job_rate(best, role, dir) >
		       fv_job_rate(j, role, dir))))
			best = j;
	}
	return best;
}

int fv_pct_index(const struct fv_set *set, double p)
{
	for (size_t i = 0; i < set->pcts.n; i++)
		if (fabs(set->pcts.p[i] - p) < 5e-7)
			return (int) i;
	return -1;
}

void fv_pct_key(char *buf, size_t len, const char *prefix, double p)
{
	snprintf(buf, len, "%sp%g", prefix, p);
}

enum fv_dir fv_lat_dir(const struct fv_job *job)
{
	enum fv_dir d = fv_job_main_dir(job);

	if (d != FV_DIR_MIXED || job->dir[FV_DIR_MIXED].present)
		return d;
	return job->dir[FV_DIR_WRITE].total_ios >
			       job->dir[FV_DIR_READ].total_ios
		       ? FV_DIR_WRITE
		       : FV_DIR_READ;
}

static bool is_fio(const struct fv_job *job)
{
	return !job->format || !strncmp(job->format, "fio", 3);
}

static bool is_format(const struct fv_job *job, const char *format)
{
	return job->format && !strcmp(job->format, format);
}

enum fv_latkind fv_lat_own(const struct fv_job *job)
{
	return is_fio(job) ? FV_CLAT : FV_LAT;
}

/* Why no such latency, in the words of the tool that made the job. */
static const char *lat_missing_reason(const struct fv_job *job,
				      enum fv_latkind kind,
				      const struct fv_lat *lat)
{
	bool diskspd = is_format(job, "DiskSpd");

	if (!is_fio(job) && kind != FV_LAT)
		return diskspd ? "DiskSpd times only the whole request: no "
				 "clat "
				 "or slat (its lat shows without --lat)"
		       : is_format(job, "CrystalDiskMark")
			       ? "CrystalDiskMark times only the whole "
				 "request: "
				 "no clat or slat (its lat shows without --lat)"
			       : "the tool times only the whole request: no "
				 "clat or slat (its lat shows without --lat)";
	if (lat->present)
		return NULL;
	if (diskspd)
		return "DiskSpd measured no latency (run it with -L)";
	if (is_format(job, "CrystalDiskMark"))
		return "no latency in this CrystalDiskMark export (6.0 "
		       "prints none; 7.0 and later a mean)";
	return is_fio(job) ? "fio output has no such latency section"
			   : "the output has no such latency";
}

/* Why no percentile, in the words of the tool that made the job. */
static const char *pct_missing_reason(const struct fv_job *job,
				      enum fv_latkind kind,
				      const struct fv_lat *lat)
{
	const char *why = lat_missing_reason(job, kind, lat);

	if (why)
		return why;
	if (lat->has_n && lat->n == 0)
		return "no latency samples";
	if (is_format(job, "CrystalDiskMark"))
		return "CrystalDiskMark prints only the mean latency";
	if (!is_fio(job))
		return "percentile not printed (the tool's table has no such "
		       "row)";
	if (kind == FV_LAT)
		return "percentile not reported by fio (run it with "
		       "lat_percentiles=1)";
	if (kind == FV_SLAT)
		return "percentile not reported by fio (run it with "
		       "slat_percentiles=1)";
	return "percentile not reported by fio and no json+ bins "
	       "(run fio with --output-format=json+ or percentile_list)";
}

/*
 * The cell of a direction that has no latency to show: empty without
 * I/O, n/a when fio's clocks were off. Returns 1 when it has one (no
 * cell written), else the cell's status.
 */
static int put_no_latency(struct fv_table *t, size_t row, size_t col,
			  const struct fv_dirstats *ds)
{
	if (!fv_dir_did_io(ds))
		return fv_cell_str(t, row, col, NULL);
	if (ds->lat_unmeasured)
		return fv_cell_na(t, row, col,
				  "latency not measured: fio reported all "
				  "zeros (gtod_reduce=1 or disabled clocks)");
	return 1;
}

int fv_put_pct(struct fv_table *t, size_t row, size_t col,
	       const struct fv_set *set, const struct fv_job *job,
	       enum fv_dir dir, enum fv_latkind kind, int pidx)
{
	const struct fv_dirstats *ds = &job->dir[dir];
	const struct fv_lat *lat;
	int ret = put_no_latency(t, row, col, ds);

	(void) set;
	if (ret <= 0)
		return ret;
	if (dir == FV_DIR_SYNC)
		kind = FV_LAT; /* sync sections only have lat */
	lat = &ds->lat[kind];
	if (pidx < 0 || !lat->pct)
		return fv_cell_na(t, row, col,
				  lat->pct
					  ? "percentile not computed"
					  : pct_missing_reason(job, kind, lat));
	if (lat->pct[pidx].src == FV_PCT_NONE)
		return fv_cell_na(t, row, col,
				  pct_missing_reason(job, kind, lat));
	if (lat->pct[pidx].lower_bound)
		return fv_table_note(t,
				     "≥: at the end of fio's latency histogram "
				     "(%.1f s), which counts every slower I/O "
				     "there: a lower bound",
				     lat->pct[pidx].ns / 1e9)
			       ?: fv_cell_bound(t, row, col, lat->pct[pidx].ns);
	return fv_cell_num(t, row, col, lat->pct[pidx].ns);
}

int fv_put_lat_mean(struct fv_table *t, size_t row, size_t col,
		    const struct fv_job *job, enum fv_dir dir,
		    enum fv_latkind kind)
{
	const struct fv_dirstats *ds = &job->dir[dir];
	const char *why;
	int ret = put_no_latency(t, row, col, ds);

	if (ret <= 0)
		return ret;
	why = lat_missing_reason(job, kind, &ds->lat[kind]);
	if (why)
		return fv_cell_na(t, row, col, why);
	return fv_cell_printed(t, row, col, ds->lat[kind].mean_ns,
			       ds->lat[kind].moment_res_ns);
}
