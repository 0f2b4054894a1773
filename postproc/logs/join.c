/* SPDX-License-Identifier: MIT */
/*
 * Logs to jobs by fio's own naming (init.c: make_log_name, gen_log_name):
 * a job writes PREFIX_KIND.N.log, PREFIX the value of its write_*_log
 * option (its name when the option has none), N its thread number (no N
 * with per_job_logs=0); fio's client adds .HOST. A log takes only the
 * directions its job did. Then units.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "logs.h"
#include "stray.h"

static const char *opt_for(const struct fv_series *s)
{
	enum fv_log_kind k = s->kind;

	if (s->hist)
		return "write_hist_log";
	return k == FV_LOG_IOPS ? "write_iops_log"
	       : k == FV_LOG_BW ? "write_bw_log"
				: "write_lat_log";
}

static const char *base_of(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* fio's make_log_name: the option's value, else the job's name. */
static const char *prefix_of(const struct fv_job *j, const struct fv_series *s)
{
	const char *o = fv_job_opt(j, opt_for(s));

	return o && o[0] ? base_of(o) : j->name;
}

static bool same_dir(const struct fv_job *j, const struct fv_series *s)
{
	const char *d = j->source_dir ? j->source_dir : ".";

	return !strcmp(d, s->dir);
}

static bool joinable(const struct fv_job *j)
{
	return j->kind == FV_JOB_SINGLE || j->kind == FV_JOB_CLONE;
}

/* A log fio's client wrote for one server (NAME_KIND.N.log.HOST). */
static bool same_host(const struct fv_job *j, const struct fv_series *s)
{
	return !s->host || (j->hostname && !strcmp(j->hostname, s->host));
}

/* Entries by document, host, then position. */
static int by_doc(const void *a, const void *b, void *arg)
{
	const struct fv_set *set = arg;
	const struct fv_job *x = set->jobs[*(const size_t *) a],
			    *y = set->jobs[*(const size_t *) b];
	int c = fv_strcmp_opt(x->source, y->source);

	if (!c)
		c = fv_strcmp_opt(x->host, y->host);
	return c ? c : (x->index > y->index) - (x->index < y->index);
}

static bool same_doc(const struct fv_job *a, const struct fv_job *b)
{
	return !fv_strcmp_opt(a->source, b->source) &&
	       !fv_strcmp_opt(a->host, b->host);
}

/*
 * The threads an entry stands for: one, but a group_reporting entry of a
 * job with numjobs=N (fio reports its N threads as one entry, whereas
 * without group_reporting each is an entry, a clone).
 */
static int span_of(const struct fv_job *j)
{
	const char *o =
		j->kind == FV_JOB_SINGLE ? fv_job_opt(j, "numjobs") : NULL;
	long n = o ? strtol(o, NULL, 10) : 1;

	return n > 1 && n < 1000000 ? (int) n : 1;
}

/* A job's thread numbers: [first, first + n). */
struct threads {
	int first, n;
};

/*
 * The thread numbers of each job of the set, counted as fio numbers its
 * threads: in the order of the document's entries, each taking its span;
 * in a client's output, among the entries of its own host (fio's client
 * writes every host's entries in one array, each server counts its own).
 * t[i] is that of set->jobs[i]; one sort, so that a fleet's thousands of
 * logs stay cheap.
 */
static struct threads *thread_numbers(const struct fv_set *set)
{
	struct threads *t = calloc(set->njobs + 1, sizeof(*t));
	size_t *v = calloc(set->njobs + 1, sizeof(*v)), n = 0;

	if (!t || !v) {
		free(t);
		free(v);
		return NULL;
	}
	for (size_t i = 0; i < set->njobs; i++)
		if (joinable(set->jobs[i]))
			v[n++] = i;
	qsort_r(v, n, sizeof(*v), by_doc, (void *) set);
	for (size_t k = 0; k < n; k++) {
		const struct threads *prev = k ? &t[v[k - 1]] : NULL;

		t[v[k]].first =
			prev && same_doc(set->jobs[v[k - 1]], set->jobs[v[k]])
				? prev->first + prev->n
				: 1;
		t[v[k]].n = span_of(set->jobs[v[k]]);
	}
	free(v);
	return t;
}

/* Does the log's name (prefix, N, host) say it is job j's? */
static bool names_job(const struct fv_job *j, const struct threads *t,
		      const struct fv_series *s)
{
	return joinable(j) && same_host(j, s) && s->prefix &&
	       !strcmp(prefix_of(j, s), s->prefix) &&
	       (!s->thread ||
		(s->thread >= t->first && s->thread < t->first + t->n));
}

/* The jobs a log names: how many, the first two. */
struct match {
	const struct fv_job *v[2];
	size_t n;
};

/*
 * The jobs a log names: among the jobs of its own directory, else (a log
 * named or in --logs DIR, not one found beside results) anywhere. More
 * than one is no join: reruns of one job, or hosts of a client's run.
 */
static struct match find_jobs(const struct fv_set *set, const struct threads *t,
			      const struct fv_series *s)
{
	struct match m = { 0 };

	for (int anywhere = 0; anywhere <= !s->found && !m.n; anywhere++)
		for (size_t i = 0; i < set->njobs; i++) {
			const struct fv_job *j = set->jobs[i];

			if ((anywhere || same_dir(j, s)) &&
			    names_job(j, &t[i], s) && m.n++ < 2)
				m.v[m.n - 1] = j;
		}
	return m;
}

/* What the log would be called were it job j's: PREFIX_KIND.N.log.HOST */
static void print_name(FILE *f, const struct fv_job *j, const struct threads *t,
		       const struct fv_series *s)
{
	fprintf(f, "%s_%s%s.%d.log%s%s", prefix_of(j, s),
		fv_log_kind_name(s->kind), s->hist ? "_hist" : "", t->first,
		j->hostname ? "." : "", j->hostname ? j->hostname : "");
}

#define NAMES_SHOWN 4

/* "job (FILE, host HOST)" */
static void print_job(FILE *f, const struct fv_job *j)
{
	fprintf(f, "%s (%s%s%s)", j->display ? j->display : j->name,
		j->source ? j->source : "-", j->host ? ", host " : "",
		j->host ? j->host : "");
}

/* A named log that names several jobs: which, and what would tell. */
static int named_ambiguous(const struct match *m, const struct fv_series *s,
			   struct fv_diags *diags)
{
	bool hosts = !s->host && m->v[0]->host && m->v[1]->host &&
		     strcmp(m->v[0]->host, m->v[1]->host);
	char *jobs = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&jobs, &len);
	int ret;

	if (!f)
		return -ENOMEM;
	print_job(f, m->v[0]);
	fputs(m->n > 2 ? ", " : " and ", f);
	print_job(f, m->v[1]);
	if (m->n > 2)
		fprintf(f, " and %zu more", m->n - 2);
	if (fclose(f)) {
		free(jobs);
		return -ENOMEM;
	}
	ret = fv_diag_add(diags, FV_ERROR, s->source, 0, 0,
			  "%slog names several jobs: %s; %s",
			  s->hist ? "histogram " : "", jobs,
			  hosts ? "fio's client names each server's log "
				  "NAME.log.HOST: give it its host's suffix"
				: "reruns of one job? give only the results "
				  "it belongs to");
	free(jobs);
	return ret;
}

#define NAMES_SHOWN 4

/*
 * A named log that names no job: an error saying what the inputs' jobs
 * would call such a log, those of its own directory first.
 */
static int named_unmatched(const struct fv_set *set, const struct threads *t,
			   const struct fv_series *s, struct fv_diags *diags)
{
	char *names = NULL;
	size_t len = 0, shown = 0, more = 0;
	FILE *f = open_memstream(&names, &len);
	int ret;

	if (!f)
		return -ENOMEM;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < set->njobs; i++) {
			const struct fv_job *j = set->jobs[i];

			if (!joinable(j) || same_dir(j, s) == pass)
				continue;
			if (shown == NAMES_SHOWN) {
				more++;
				continue;
			}
			fputs(shown++ ? ", " : "", f);
			print_name(f, j, &t[i], s);
		}
	if (more)
		fprintf(f, " and %zu more", more);
	if (fclose(f)) {
		free(names);
		return -ENOMEM;
	}
	ret = fv_diag_add(
		diags, FV_ERROR, s->source, 0, 0,
		"%slog names no job of the inputs: fio names a job's log "
		"PREFIX_%s%s.N.log after its %s option (else the job's name) "
		"and its thread number N%s%s%s",
		s->hist ? "histogram " : "", fv_log_kind_name(s->kind),
		s->hist ? "_hist" : "", opt_for(s),
		shown ? "; the inputs' jobs would write " : "",
		shown ? names : "",
		shown ? "" : "; give the fio results it belongs to");
	free(names);
	return ret;
}

static bool did(const struct fv_job *j, enum fv_dir d)
{
	return d < FV_DIR_NR && fv_dir_did_io(&j->dir[d]);
}

static const char *const dir_names[] = { "read", "write", "trim", "sync" };

/*
 * The series of one direction of a log whose job did no I/O that way: a
 * line the log should not have, said at its first line, not used.
 */
static int wrong_dir(const struct fv_series *s, const struct fv_job *j,
		     struct fv_diags *diags)
{
	const char *d = s->ddir < FV_DIR_MIXED ? dir_names[s->ddir] : "?";

	return fv_diag_add(diags, FV_WARNING, s->source, s->first_line, 0,
			   "data direction %s, but job %s did no %s I/O: the "
			   "log's %zu %s line%s not used",
			   d, j->display ? j->display : j->name, d, s->n, d,
			   s->n == 1 ? "" : "s");
}

static int fio_major(const struct fv_job *j)
{
	const char *v = j->fio_version;

	if (!v)
		return 3;
	if (!strncmp(v, "fio-", 4))
		v += 4;
	return atoi(v);
}

static void normalise(struct fv_series *s, bool lat_us)
{
	double scale = 1;

	if (s->normalised)
		return;
	if (s->kind == FV_LOG_BW)
		scale = 1024; /* KiB/s */
	else if (s->kind != FV_LOG_IOPS &&
		 (lat_us || (s->job && fio_major(s->job) < 3)))
		scale = 1000; /* µs */
	for (size_t i = 0; i < s->n; i++)
		s->pt[i].v *= scale;
	s->normalised = true;
}

/*
 * Joins the series v[0..n) of one file (or a histogram log, n = 1): *used
 * says how many it had.
 */
static int join_file(struct fv_series **v, size_t n, size_t *used,
		     const struct fv_set *set, const struct threads *t,
		     struct fv_strays *strays, struct fv_diags *diags)
{
	struct fv_series *s = v[0];
	struct match m;
	size_t k;
	int ret = 0;

	for (k = 1; k < n && !strcmp(v[k]->source, s->source); k++)
		;
	*used = k;
	if (s->job) /* a tool's own rates (measured.c) */
		return 0;
	m = find_jobs(set, t, s);
	if (m.n != 1 && s->found)
		return fv_strays_add(strays, s->source, m.n > 1);
	if (m.n != 1)
		return m.n ? named_ambiguous(&m, s, diags)
			   : named_unmatched(set, t, s, diags);
	for (size_t i = 0; i < k && !ret; i++) {
		if (v[i]->hist || did(m.v[0], v[i]->ddir))
			v[i]->job = m.v[0];
		else
			ret = wrong_dir(v[i], m.v[0], diags);
	}
	return ret;
}

int fv_log_join(struct fv_logset *ts, const struct fv_set *set,
		struct fv_diags *diags)
{
	struct threads *t = thread_numbers(set);
	struct fv_strays strays = { 0 };
	int ret = t ? 0 : -ENOMEM;

	for (size_t i = 0, used; i < ts->n && !ret; i += used)
		ret = join_file(ts->v + i, ts->n - i, &used, set, t, &strays,
				diags);
	for (size_t i = 0, used; i < ts->nhist && !ret; i += used)
		ret = join_file(ts->hist + i, 1, &used, set, t, &strays, diags);
	for (size_t i = 0; i < ts->n && !ret; i++)
		normalise(ts->v[i], ts->lat_us);
	if (!ret)
		ret = fv_strays_report(&strays, diags);
	fv_strays_free(&strays);
	free(t);
	return ret;
}
