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
		fv_ft_disk_line(f, t);
		return 0;
	}
	if (f->cur)
		return fv_ft_job_line(f, t);
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
	fv_jobs_free(f->jobs, f->njobs);
	free(f->pre);
	free(f->label);
	free(f->version);
	free(f->cmd_text);
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
		if (ret)
			break;
		if ((!job->display &&
		     fv_strdup_opt(&job->display, job->name)) ||
		    fv_strdup_opt(&job->source, f->name) ||
		    fv_strdup_opt(&job->source_dir, dir) ||
		    fv_strdup_opt(&job->fio_version, f->version) ||
		    fv_strdup_opt(&job->source_label, f->label))
			ret = -ENOMEM;
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
		if (ret)
			break;
		ret = one_line(&f, line);
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
