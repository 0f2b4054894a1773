/* SPDX-License-Identifier: MIT */
/* Series to jobs: by log prefix, directory and thread number; then units. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "logs.h"

static const char *opt_for(enum fv_log_kind k)
{
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
	const char *o = fv_job_opt(j, opt_for(s->kind));

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

/*
 * The thread number of a job: its position in the document; in a
 * client's output, among the entries of its own host.
 */
static int thread_of(const struct fv_set *set, const struct fv_job *j)
{
	int n = 1;

	if (!j->host)
		return j->index + 1;
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *o = set->jobs[i];

		n += o != j && joinable(o) && o->index < j->index && o->host &&
		     !strcmp(o->host, j->host) && o->source && j->source &&
		     !strcmp(o->source, j->source);
	}
	return n;
}

/*
 * Candidates in priority order: same directory and thread number; same
 * directory; anywhere with the thread number; anywhere. A level with
 * several candidates is ambiguous (reruns of one job in one directory).
 */
static const struct fv_job *find_job(const struct fv_set *set,
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
			    thread_of(set, j) != s->thread)
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
	for (size_t i = 0; i < ts->n; i++) {
		struct fv_series *s = ts->v[i];
		bool ambiguous;
		int ret = 0;

		if (!s->job)
			s->job = find_job(set, s, &ambiguous);
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
		if (ret)
			return ret;
		normalise(s, ts->lat_us);
	}
	return 0;
}
