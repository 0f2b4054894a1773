/* SPDX-License-Identifier: MIT */
/* Series to jobs: by log prefix, directory and thread number; then units. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "logs.h"

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

/* fio names a log after the option's value, or the job when it is a flag. */
static bool prefix_matches(const struct fv_job *j, const struct fv_series *s)
{
	const char *o = fv_job_opt(j, opt_for(s));

	if (o && o[0] && strcmp(o, "1") && !strcmp(base_of(o), s->prefix))
		return true;
	return !strcmp(j->name, s->prefix);
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

/* Client entries by document, host, then position. */
static int by_host(const void *a, const void *b, void *arg)
{
	const struct fv_set *set = arg;
	const struct fv_job *x = set->jobs[*(const size_t *) a],
			    *y = set->jobs[*(const size_t *) b];
	int c = strcmp(x->source ? x->source : "", y->source ? y->source : "");

	if (!c)
		c = strcmp(x->host, y->host);
	return c ? c : (x->index > y->index) - (x->index < y->index);
}

static bool same_doc_host(const struct fv_job *a, const struct fv_job *b)
{
	return a->source && b->source && !strcmp(a->source, b->source) &&
	       !strcmp(a->host, b->host);
}

/*
 * The thread number of each job of the set: its position in the document;
 * in a client's output, its rank among the entries of its own host (fio's
 * client writes every host's entries in one array). threads[i] is that of
 * set->jobs[i]; one sort, so that a fleet's thousands of logs stay cheap.
 */
static int *thread_numbers(const struct fv_set *set)
{
	int *t = calloc(set->njobs + 1, sizeof(*t));
	size_t *v = calloc(set->njobs + 1, sizeof(*v)), n = 0;

	if (!t || !v) {
		free(t);
		free(v);
		return NULL;
	}
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		t[i] = j->index + 1;
		if (j->host && joinable(j))
			v[n++] = i;
	}
	qsort_r(v, n, sizeof(*v), by_host, (void *) set);
	for (size_t k = 0; k < n; k++)
		t[v[k]] =
			k && same_doc_host(set->jobs[v[k - 1]], set->jobs[v[k]])
				? t[v[k - 1]] + 1
				: 1;
	free(v);
	return t;
}

/*
 * Candidates in priority order: same directory and thread number; same
 * directory; anywhere with the thread number; anywhere. A level with
 * several candidates is ambiguous (reruns of one job in one directory).
 */

static const struct fv_job *find_job(const struct fv_set *set,
				     const int *threads,
				     const struct fv_series *s, bool *ambiguous)
{
	for (int level = 0; level < 4; level++) {
		const struct fv_job *found = NULL;
		size_t n = 0;

		for (size_t i = 0; i < set->njobs; i++) {
			const struct fv_job *j = set->jobs[i];

			if (!joinable(j) || !prefix_matches(j, s) ||
			    !same_host(j, s))
				continue;
			if (level < 2 && !same_dir(j, s))
				continue;
			if (!(level & 1) && s->thread &&
			    threads[i] != s->thread)
				continue;
			found = found ? found : j;
			n++;
		}
		if (n) {
			*ambiguous = n > 1;
			return n == 1 ? found : NULL;
		}
	}
	*ambiguous = false;
	return NULL;
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

int fv_log_join(struct fv_logset *ts, const struct fv_set *set,
		struct fv_diags *diags)
{
	int *threads = ts->n ? thread_numbers(set) : NULL;
	int ret = ts->n && !threads ? -ENOMEM : 0;

	for (size_t i = 0; i < ts->n && !ret; i++) {
		struct fv_series *s = ts->v[i];
		bool ambiguous = false;

		if (!s->job)
			s->job = find_job(set, threads, s, &ambiguous);
		if (!s->job &&
		    (i == 0 || strcmp(ts->v[i - 1]->source, s->source)))
			ret = fv_diag_add(
				diags, s->found ? FV_NOTE : FV_WARNING,
				s->source, 0, 0,
				ambiguous ? "log matches several jobs "
					    "(reruns in one directory?)"
					    ": not used"
					  : "log matches no job of the "
					    "inputs: not used");
		if (!ret)
			normalise(s, ts->lat_us);
	}
	for (size_t i = 0; i < ts->nhist && !ret; i++) {
		struct fv_series *s = ts->hist[i];
		bool ambiguous = false;

		if (!threads && !(threads = thread_numbers(set)))
			return -ENOMEM;
		if (!s->job)
			s->job = find_job(set, threads, s, &ambiguous);
		/* A histogram without its job's results is no window. */
		if (!s->job)
			ret = fv_diag_add(
				diags, FV_ERROR, s->source, 0, 0,
				ambiguous ? "histogram log matches several "
					    "jobs (reruns in one directory?)"
					  : "histogram log matches no job of "
					    "the inputs: give the fio JSON "
					    "output it belongs to");
	}
	free(threads);
	return ret;
}
