/* SPDX-License-Identifier: MIT */
/*
 * A DiskSpd XML result into the model: one job per result timespan, its
 * workload from its profile timespan's first target, every thread's and
 * target's counts summed, IOPS and bandwidth over the timespan's measured
 * seconds, with -L the mean and the percentiles of whole requests as printed
 * (ms, 3 decimals). No time series is read: -D's buckets are not an IOPS log.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diskspd.h"
#include "ingest_int.h"

/* DiskSpd prints ms with 3 decimals: a value within half a µs. */
#define MS_RES_NS 500.0

/* "2024/03/24 16:35:48 UTC" */
static int64_t when(const struct fv_dspd *d)
{
	struct tm tm = { 0 };

	if (!strptime(d->run_time, "%Y/%m/%d %H:%M:%S", &tm))
		return 0;
	return (int64_t) timegm(&tm);
}

/*
 * Percentiles worth keeping of DiskSpd's 108, as many as the model holds:
 * those asked for first (-p), then fio's list and the tail.
 */
static bool asked(const struct fv_pctlist *pl, double p)
{
	for (size_t i = 0; pl && i < pl->n; i++)
		if (fabs(pl->p[i] - p) < 1e-9)
			return true;
	return false;
}

static bool kept(double p)
{
	return (p >= 99 || fmod(p, 5) == 0 || p == 1) && p > 0 && p < 100;
}

static void keep_pct(struct fv_lat *l, double p, double ms)
{
	for (uint32_t i = 0; i < l->nreported; i++)
		if (l->reported[i].p == p)
			return;
	if (l->reported && l->nreported < FV_MAX_PCTS) {
		l->reported[l->nreported].p = p;
		l->reported[l->nreported++].ns = ms * 1e6;
	}
}

static void latency(struct fv_lat *l, const struct fv_dspd_result *r,
		    double avg_ms, bool write, const struct fv_pctlist *pl)
{
	if (avg_ms < 0)
		return;
	l->present = true;
	l->mean_ns = avg_ms * 1e6;
	/* rounded to the nearest µs/1000 (%.3f ms), not up as fio rounds */
	l->moment_res_ns = l->minmax_res_ns = l->pct_res_ns = MS_RES_NS;
	l->min_ns = l->max_ns = NAN;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < r->npct; i++) {
			double ms =
				write ? r->pct[i].write_ms : r->pct[i].read_ms;
			double p = r->pct[i].p;

			if (ms < 0)
				continue;
			if (p == 0)
				l->min_ns = ms * 1e6;
			else if (p == 100)
				l->max_ns = ms * 1e6;
			else if (pass ? kept(p) : asked(pl, p))
				keep_pct(l, p, ms);
		}
}

/* -D's buckets, as the tool's own rate over time. */
static int windows(struct fv_window_rate *w, const struct fv_dspd_result *r,
		   bool write)
{
	if (!r->nbuckets)
		return 0;
	w->end_ms = calloc(r->nbuckets, sizeof(*w->end_ms));
	w->iops = calloc(r->nbuckets, sizeof(*w->iops));
	if (!w->end_ms || !w->iops)
		return -ENOMEM;
	for (size_t i = 0; i < r->nbuckets; i++) {
		w->end_ms[i] = r->buckets[i].end_ms;
		w->iops[i] = write ? r->buckets[i].write : r->buckets[i].read;
	}
	w->n = r->nbuckets;
	return 0;
}

static int direction(struct fv_dirstats *ds, const struct fv_dspd_result *r,
		     uint64_t ios, uint64_t bytes, double printed_iops,
		     double avg_ms, bool write, const struct fv_pctlist *pl)
{
	if (!ios)
		return 0;
	ds->present = true;
	ds->total_ios = ios;
	ds->io_bytes = bytes;
	ds->runtime_ms = (uint64_t) llround(r->test_s * 1000);
	if (printed_iops > 0) {
		/* the text's own rate, over the seconds it measured */
		ds->iops = printed_iops;
		ds->bw_bytes = printed_iops * ((double) bytes / (double) ios);
		ds->iops_res = 0.005;
		ds->bw_res = 0.005 * ((double) bytes / (double) ios);
	} else {
		ds->iops = (double) ios / r->test_s;
		ds->bw_bytes = (double) bytes / r->test_s;
		/* the counts are exact, the seconds printed to 2 decimals */
		ds->iops_res = ds->iops * 0.005 / r->test_s;
		ds->bw_res = ds->bw_bytes * 0.005 / r->test_s;
	}
	if (avg_ms >= 0 && r->npct &&
	    !(ds->lat[FV_LAT].reported =
		      calloc(FV_MAX_PCTS, sizeof(struct fv_reported_pct))))
		return -ENOMEM;
	if (windows(&ds->windows, r, write))
		return -ENOMEM;
	latency(&ds->lat[FV_LAT], r, avg_ms, write, pl);
	return 0;
}

/* The threads that ran the profile: -F, else -t of each target. */
static int profile_threads(const struct fv_dspd_profile *pr)
{
	int threads = 0;

	if (pr->thread_count > 0)
		return pr->thread_count;
	for (size_t k = 0; k < pr->ntargets; k++)
		threads += pr->targets[k].threads;
	return threads;
}

/* "SEQ 1MiB Q8 T2 W30%": the profile, as CrystalDiskMark names its tests. */
static void test_name(char *buf, size_t len, const struct fv_dspd *d,
		      const struct fv_dspd_run *run,
		      const struct fv_dspd_profile *pr, size_t i)
{
	static const struct fv_dspd_target none;
	const struct fv_dspd_target *t = pr->ntargets ? &pr->targets[0] : &none;
	char bs[24];
	int n;

	if (t->block && !(t->block % 1048576))
		snprintf(bs, sizeof(bs), "%lluMiB",
			 (unsigned long long) (t->block / 1048576));
	else if (t->block && !(t->block % 1024))
		snprintf(bs, sizeof(bs), "%lluKiB",
			 (unsigned long long) (t->block / 1024));
	else
		snprintf(bs, sizeof(bs), "%lluB",
			 (unsigned long long) t->block);
	n = snprintf(buf, len, "%s %s Q%d T%d W%d%%",
		     !t->random		   ? "SEQ"
		     : t->random_pct < 100 ? "MIX"
					   : "RND",
		     bs, t->requests ? t->requests : pr->requests,
		     d->results[i].threads > 0 ? d->results[i].threads
					       : profile_threads(pr),
		     t->write_ratio);
	/* several runs in a text, several timespans: each its own job */
	if (run->n > 1 && n > 0 && (size_t) n < len)
		n += snprintf(buf + n, len - (size_t) n, " run %zu",
			      run->i + 1);
	if (d->nresults > 1 && n > 0 && (size_t) n < len)
		snprintf(buf + n, len - (size_t) n, " #%zu", i + 1);
}

static int fill(struct fv_job *job, const struct fv_dspd *d,
		const struct fv_dspd_run *run, size_t i,
		const struct fv_pctlist *pl)
{
	const struct fv_dspd_result *r = &d->results[i];
	/* result timespan i ran profile timespan i */
	const struct fv_dspd_profile *pr =
		&d->profiles[i < d->nprofiles ? i : d->nprofiles - 1];
	static const struct fv_dspd_target none;
	const struct fv_dspd_target *t = pr->ntargets ? &pr->targets[0] : &none;
	char test[96], version[64];
	int ret;

	ret = direction(&job->dir[FV_DIR_READ], r, r->read_count, r->read_bytes,
			r->read_iops, r->avg_read_ms, false, pl);
	ret = ret
		      ?: direction(&job->dir[FV_DIR_WRITE], r, r->write_count,
				   r->write_bytes, r->write_iops,
				   r->avg_write_ms, true, pl);
	if (ret)
		return ret;
	job->wl.pattern = t->random ? FV_PAT_RAND : FV_PAT_SEQ;
	job->wl.read_pct = 100 - t->write_ratio;
	job->wl.block = t->block;
	job->wl.depth = t->requests ? t->requests : pr->requests;
	job->wl.threads = r->threads > 0 ? r->threads : profile_threads(pr);
	job->wl.sync_every = 0;
	job->wl.direct = t->no_os_cache ? 1 : 0;
	job->wl.write_through = t->write_through ? 1 : 0;
	job->wl.runtime_s = pr->duration_s;
	job->wl.warmup_s = pr->warmup_s;
	job->format = "DiskSpd";
	job->timestamp = when(d);
	job->index = (int) (run->first_index + i);
	test_name(test, sizeof(test), d, run, pr, i);
	snprintf(version, sizeof(version), "DiskSpd %s",
		 d->version[0] ? d->version : "?");
	if (!(job->name = strdup(test)) || !(job->display = strdup(test)) ||
	    !(job->wl.test = strdup(test)) ||
	    (t->path[0] && !(job->wl.target = strdup(t->path))) ||
	    !(job->source = strdup(run->name)) ||
	    (run->dir && !(job->source_dir = strdup(run->dir))) ||
	    !(job->fio_version = strdup(version)) ||
	    (d->host[0] && !(job->machine = strdup(d->host))))
		return -ENOMEM;
	return 0;
}

/* What the file says beside its figures: warnings, 0 or -ENOMEM. */
static int warnings(struct fv_set *set, const char *name,
		    const struct fv_dspd *d)
{
	struct fv_diags *g = &set->diags;
	int ret = 0;

	if (d->unescaped)
		ret = fv_diag_add(g, FV_WARNING, name, d->unescaped_line, 1,
				  "%d '&' not escaped (DiskSpd writes paths "
				  "as they are): read as '&amp;'",
				  d->unescaped);
	if (!ret && d->unsummed_line)
		ret = fv_diag_add(g, FV_WARNING, name, d->unsummed_line, 1,
				  "a table's thread rows do not sum to its "
				  "total row (rows cut out of the file?): "
				  "DiskSpd's totals are read, its threads' "
				  "figures are not whole");
	if (!ret && d->trailing_line)
		ret = fv_diag_add(g, FV_WARNING, name, d->trailing_line, 1,
				  "text after </Results> not read (one "
				  "result a file)");
	for (size_t i = 0; i < d->nprofiles && !ret; i++)
		if (d->profiles[i].extra_targets)
			ret = fv_diag_add(g, FV_WARNING, name, 0, 0,
					  "profile timespan %zu: %zu targets "
					  "past the first %d not read into its "
					  "workload (their counts are)",
					  i + 1, d->profiles[i].extra_targets,
					  FV_DSPD_MAX_TARGETS);
	if (!ret && d->nresults != d->nprofiles)
		ret = fv_diag_add(g, FV_WARNING, name, 0, 0,
				  "%zu result timespans for %zu in the "
				  "profile: the extra results take the last "
				  "profile's workload",
				  d->nresults, d->nprofiles);
	return ret;
}

/* One run's result timespans into set, each a job: 0, -ENOMEM. */
int fv_dspd_add_jobs(struct fv_set *set, const struct fv_dspd *d,
		     const struct fv_dspd_run *run, size_t *kept)
{
	int ret = warnings(set, run->name, d);

	for (size_t i = 0; i < d->nresults && !ret; i++) {
		const struct fv_dspd_result *r = &d->results[i];
		struct fv_job *job;

		/*
		 * Stopped before it measured: a failed job when DiskSpd says
		 * why (its <Error>, the text's error line), else skipped.
		 */
		if (!(r->test_s > 0) && r->error[0]) {
			job = fv_job_new();
			ret = job ? fill(job, d, run, i, &set->pcts) : -ENOMEM;
			if (!ret && asprintf(&job->error_text, "DiskSpd: %s",
					     r->error) < 0) {
				job->error_text = NULL;
				ret = -ENOMEM;
			}
			if (!ret) {
				job->error = -1;
				ret = fv_job_finish_add(set, job);
			}
			if (ret)
				fv_job_free(job);
			else
				(*kept)++;
			continue;
		}
		if (!(r->test_s > 0)) {
			ret = fv_diag_add(
				&set->diags, FV_WARNING, run->name, r->line, 1,
				"result timespan %zu has no measured "
				"seconds%s%s: skipped",
				i + 1, r->error[0] ? ": " : "", r->error);
			continue;
		}
		job = fv_job_new();
		ret = job ? fill(job, d, run, i, &set->pcts) : -ENOMEM;
		if (!ret)
			ret = fv_job_finish_add(set, job);
		if (ret)
			fv_job_free(job);
		else
			(*kept)++;
	}
	return ret;
}

int fv_dspd_input_done(struct fv_set *set, const char *name, size_t kept)
{
	if (!kept)
		return fv_diag_add(&set->diags, FV_ERROR, name, 0, 0,
				   "no result timespan with measured "
				   "seconds")
			       ?: -EBADMSG;
	set->ninputs++;
	return 0;
}

int fv_diskspd_read(struct fv_set *set, const char *name, const char *dir,
		    const char *buf, size_t len, bool named)
{
	struct fv_dspd d;
	struct fv_dspd_run run = { name, dir, 0, 1, 0 };
	struct fv_error e = { 0 };
	int ret = fv_diskspd_parse(buf, len, &d, &e);
	size_t kept_jobs = 0;

	(void) named;
	if (ret == -EBADMSG &&
	    fv_diag_add(&set->diags, FV_ERROR, name, e.line, 1, "%s", e.text))
		ret = -ENOMEM;
	if (ret)
		goto out;
	if (!d.nprofiles) {
		ret = fv_diag_add(&set->diags, FV_ERROR, name, 0, 0,
				  "no profile <TimeSpan>: what ran is not "
				  "said")
			      ?: -EBADMSG;
		goto out;
	}
	ret = fv_dspd_add_jobs(set, &d, &run, &kept_jobs);
	if (!ret)
		ret = fv_dspd_input_done(set, name, kept_jobs);
out:
	fv_diskspd_free(&d);
	return ret;
}
