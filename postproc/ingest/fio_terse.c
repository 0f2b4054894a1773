/* SPDX-License-Identifier: MIT */
/*
 * fio's terse output (--minimal, --output-format=terse) into the same model
 * as its JSON: a record a job (fio_terse_record.c), in a file of their own
 * or amid what a terminal kept (a shell's prompt, fio's ETA updates, a
 * record glued to their end). A record that does not parse is the file's
 * fault: none of the file's figures is used. Terse prints no option: a
 * job's workload is unknown but for its name.
 *
 * Runs appended in one file (a script's fio --minimal >> out) are told
 * apart as fio's group numbers start again, or as the fio version or the
 * disks' figures change (fio prints the same in each record of a run);
 * same-name records of one run are numjobs' clones. A file that holds
 * fio's normal output too (--output-format=terse,normal) is read from the
 * normal output (readers.c), which has the jobs' options; its terse
 * records are checked against it, so that no job counts twice.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fio_terse.h"
#include "fio_terse_int.h"
#include "ingest_int.h"

/* "N;fio-" at s: the version, then fio's (v3 on). */
static bool versioned(const char *s, const char *end)
{
	const char *p = s;

	while (p < end && p - s < 2 && isdigit((unsigned char) *p))
		p++;
	return p > s && end - p >= 5 && !memcmp(p, ";fio-", 5);
}

/* A whole number and its ';' at *p (moved past them). */
static bool number_field(const char **p, const char *end)
{
	const char *q = *p + (*p < end && **p == '-');
	const char *d = q;

	while (q < end && isdigit((unsigned char) *q))
		q++;
	if (q == d || q == end || *q != ';')
		return false;
	*p = q + 1;
	return true;
}

/* v2's "2;NAME;GROUP;ERROR;KB;" at s. */
static bool v2_head(const char *s, const char *end)
{
	const char *p;

	if (end - s < 2 || memcmp(s, "2;", 2))
		return false;
	p = memchr(s + 2, ';', (size_t) (end - s - 2));
	if (!p)
		return false;
	p++;
	return number_field(&p, end) && number_field(&p, end) &&
	       number_field(&p, end);
}

const char *fv_terse_find(const char *s, const char *end)
{
	const char *p;

	if (versioned(s, end) || v2_head(s, end))
		return s;
	/*
	 * Glued to fio's ETA updates, even cut in their midst ("[eta
	 * 043;fio-3.28;": "[eta 04", then version 3's record).
	 */
	for (p = s; (p = memmem(p, (size_t) (end - p), ";fio-", 5)); p++)
		if (p > s && isdigit((unsigned char) p[-1]))
			return p - 1;
	return NULL;
}

/*
 * A record, not a line of a CSV or of notes that opens alike: its first
 * direction's first percentile slot ("1.000000%=123") where fio prints it.
 */
static bool plausible(const char *s, const char *end)
{
	const char *p = s;
	int before = (end - s > 2 && !memcmp(s, "2;", 2) ? 4 : 5) + 12;

	for (int i = 0; i < before && p; i++) {
		p = memchr(p, ';', (size_t) (end - p));
		p = p ? p + 1 : NULL;
	}
	if (!p || !isdigit((unsigned char) *p))
		return false;
	end = memchr(p, ';', (size_t) (end - p)) ?: end;
	return memmem(p, (size_t) (end - p), "%=", 2);
}

/* The line at s: its end (at '\n' or the text's end, before a '\r'). */
static const char *line_end(const char *s, const char *end, const char **next)
{
	const char *nl = memchr(s, '\n', (size_t) (end - s));
	const char *e = nl ? nl : end;

	*next = nl ? nl + 1 : end;
	return e > s && e[-1] == '\r' ? e - 1 : e;
}

bool fv_fio_terse_detect(const char *head, size_t n)
{
	const char *end = head + n, *next;

	for (const char *s = head; s < end; s = next) {
		const char *e = line_end(s, end, &next),
			   *r = fv_terse_find(s, e);

		if (r && plausible(r, e))
			return true;
	}
	return false;
}

/* The file being read: its runs as they end, kept till the file is whole. */
struct tfile {
	struct fv_terse_src src;
	const char *dir;
	struct fv_job **run; /* the run being read */
	size_t nrun;
	char *key; /* its mark (fv_terse_record) */
	int last_gid;
	struct fv_job **done; /* the runs read */
	size_t ndone;
	int runs;
	bool bad;
};

/* The I/O the run's jobs issued, as fv_run_io_of() counts it. */
static void count_ios(struct fv_job *const *jobs, size_t n,
		      struct fv_run_io *io)
{
	for (size_t i = 0; i < n; i++) {
		const struct fv_dirstats *ds = jobs[i]->dir;

		if (jobs[i]->kind == FV_JOB_CLONE_SUM)
			continue;
		io->job_ios[0] +=
			ds[FV_DIR_READ].total_ios + ds[FV_DIR_MIXED].total_ios;
		io->job_ios[1] += ds[FV_DIR_WRITE].total_ios;
	}
	io->targets = 1; /* not known: as fio's text */
}

/* A run read whole: its clones summed, each job's provenance. */
static int end_run(struct tfile *t)
{
	struct fv_run_io io;
	int ret;

	if (!t->nrun)
		return 0;
	ret = fv_group_clones(&t->run, &t->nrun, NULL, NULL);
	io = t->run[0]->run_io; /* the disks' figures, the same in each */
	count_ios(t->run, t->nrun, &io);
	for (size_t i = 0; i < t->nrun && !ret; i++) {
		struct fv_job *job = t->run[i];

		job->doc = t->runs;
		job->run_io = io;
		/* clones' sums are new: what a record gave them */
		ret = (!job->display &&
		       fv_strdup_opt(&job->display, job->name)) ||
				      (!job->fio_version &&
				       fv_strdup_opt(&job->fio_version,
						     t->run[0]->fio_version)) ||
				      fv_strdup_opt(&job->source,
						    t->src.name) ||
				      fv_strdup_opt(&job->source_dir, t->dir)
			      ? -ENOMEM
			      : 0;
	}
	for (size_t i = 0; i < t->nrun && !ret; i++) {
		ret = fv_jobs_append(&t->done, &t->ndone, t->run[i]);
		if (!ret)
			t->run[i] = NULL;
	}
	for (size_t i = 0; i < t->nrun; i++)
		fv_job_free(t->run[i]);
	t->nrun = 0;
	t->runs++;
	return ret;
}

static int one_line(struct tfile *t, const char *s, const char *end)
{
	const char *r = fv_terse_find(s, end);
	struct fv_job *job;
	char *key;
	int ret;

	if (!r)
		return 0; /* a prompt, fio's own lines, a description */
	ret = fv_terse_record(&t->src, r, end, &job, &key);
	if (ret == -EBADMSG) {
		t->bad = true;
		return 0;
	}
	if (ret)
		return ret;
	if (t->nrun && (strcmp(key, t->key) || job->groupid < t->last_gid))
		ret = end_run(t);
	free(t->key);
	t->key = key;
	t->last_gid = job->groupid;
	job->index = (int) t->nrun;
	if (!ret)
		ret = fv_jobs_append(&t->run, &t->nrun, job);
	if (ret)
		fv_job_free(job);
	return ret;
}

static void tfile_free(struct tfile *t)
{
	fv_jobs_free(t->run, t->nrun);
	fv_jobs_free(t->done, t->ndone);
	free(t->key);
}

int fv_fio_terse_read(struct fv_set *set, const char *name, const char *dir,
		      const char *buf, size_t len, bool named)
{
	struct tfile t = {
		.src = { name, 0, &set->diags, FV_ERROR,
			 "none of the file's figures used" },
		.dir = dir,
	};
	const char *end = buf + len, *next;
	int ret = 0;

	(void) named;
	for (const char *s = buf; s < end && !ret; s = next) {
		const char *e = line_end(s, end, &next);

		t.src.line++;
		ret = one_line(&t, s, e);
	}
	if (!ret)
		ret = end_run(&t);
	if (!ret && !t.bad && !t.ndone) {
		fv_diag_add(&set->diags, FV_ERROR, name, 1, 1,
			    "no fio terse record in the file");
		t.bad = true;
	}
	for (size_t i = 0; i < t.ndone && !ret && !t.bad; i++) {
		ret = fv_job_finish_add(set, t.done[i]);
		if (!ret)
			t.done[i] = NULL;
	}
	if (!ret && !t.bad)
		set->ninputs++;
	tfile_free(&t);
	return ret ?: t.bad ? -EBADMSG : 0;
}

static uint64_t runtime_of(const struct fv_dirstats *ds)
{
	return ds->present ? ds->runtime_ms : 0;
}

/* One of the normal output's jobs: name, group, each direction's runtime. */
static bool in_text(const struct fv_set *set, size_t first,
		    const struct fv_job *t)
{
	static const int dirs[] = { FV_DIR_READ, FV_DIR_WRITE, FV_DIR_TRIM,
				    FV_DIR_MIXED };

	for (size_t i = first; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];
		bool same = j->kind != FV_JOB_CLONE_SUM &&
			    !strcmp(j->name, t->name) &&
			    j->groupid == t->groupid;

		for (size_t d = 0; d < 4 && same; d++)
			same = runtime_of(&j->dir[dirs[d]]) ==
			       runtime_of(&t->dir[dirs[d]]);
		if (same)
			return true;
	}
	return false;
}

int fv_fio_terse_in_text(struct fv_set *set, const char *name, const char *buf,
			 size_t len, size_t first)
{
	struct fv_terse_src src = { name, 0, &set->diags, FV_WARNING,
				    "the record not read" };
	const char *end = buf + len, *next;
	size_t same = 0;
	int ret = 0;

	for (const char *s = buf; s < end && !ret; s = next) {
		const char *e = line_end(s, end, &next), *r;
		struct fv_job *job;
		char *key;

		src.line++;
		if (!(r = fv_terse_find(s, e)))
			continue;
		ret = fv_terse_record(&src, r, e, &job, &key);
		if (ret == -EBADMSG) {
			ret = 0; /* said */
			continue;
		}
		if (!ret && in_text(set, first, job))
			same++;
		else if (!ret)
			ret = fv_diag_add(
				&set->diags, FV_WARNING, name, src.line, 1,
				"fio terse record of job '%s' (group %d) is "
				"none of the jobs of the file's normal output "
				"(by name, group and runtime): not read; a "
				"file with fio's normal output is read from "
				"it (give the terse records a file of their "
				"own to read them)",
				job->name, job->groupid);
		fv_job_free(job);
		free(key);
	}
	if (!ret && same)
		ret = fv_diag_add(&set->diags, FV_NOTE, name, 0, 0,
				  "its %zu fio terse record%s: the same job%s "
				  "as its normal output (by name, group and "
				  "runtime), read once, from the normal "
				  "output, which has their options",
				  same, same == 1 ? "" : "s",
				  same == 1 ? "" : "s");
	return ret;
}
