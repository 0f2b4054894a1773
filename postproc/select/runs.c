/* SPDX-License-Identifier: MIT */
/*
 * The runs of each test, and the one each table shows. A test's members
 * are the jobs of one label, name, file-name test and direction (a clone
 * sum with its clones, a fleet row apart from its hosts' entries); a run
 * is the document that holds some (its file, its place in the file, fio's
 * timestamp): the rule picks a run, and every member of that run is
 * shown, so a clone sum and its clones stay together.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select_int.h"

struct member {
	struct fv_job *job;
	size_t pos; /* in set->jobs */
	size_t run; /* 1-based, by time, among its test's runs */
};

static const char *const rule_names[] = {
	[FV_RUNS_NEWEST] = "newest",
	[FV_RUNS_MEDIAN] = "median",
	[FV_RUNS_ALL] = "all",
	[FV_RUNS_KEEP] = "keep",
};

int fv_runs_parse(const char *s)
{
	for (int r = FV_RUNS_NEWEST; r <= FV_RUNS_ALL; r++)
		if (!strcmp(s, rule_names[r]))
			return r;
	return -EINVAL;
}

const char *fv_runs_name(enum fv_runs rule)
{
	return rule_names[rule];
}

/* By test, then time, then input order: a test's runs in time order. */
static int by_test_time(const void *x, const void *y)
{
	const struct fv_job *a = ((const struct member *) x)->job,
			    *b = ((const struct member *) y)->job;
	int c = fv_label_test_cmp(a, b);

	if (c)
		return c;
	if (a->timestamp != b->timestamp)
		return a->timestamp < b->timestamp ? -1 : 1;
	return (a->order > b->order) - (a->order < b->order);
}

/* Numbers the runs of the test m[0..n) holds; returns their count. */
static size_t number_runs(struct member *m, size_t n)
{
	size_t run = 0;

	for (size_t i = 0; i < n; i++) {
		size_t same = i;

		/* A run's members may interleave another's (input order). */
		for (size_t k = 0; k < i && same == i; k++)
			if (fv_same_run(m[k].job, m[i].job))
				same = k;
		m[i].run = same == i ? ++run : m[same].run;
	}
	for (size_t i = 0; i < n; i++)
		m[i].job->nruns = (int) run;
	for (size_t i = 0; i < n; i++)
		m[i].job->run = (int) m[i].run;
	return run;
}

/* The figure a run is ranked by: its representative member's rate. */
static double run_figure(const struct member *m, size_t n, size_t run)
{
	for (size_t i = 0; i < n; i++)
		if (m[i].run == run && fv_job_measured(m[i].job))
			return fv_job_rate(m[i].job, m[i].job->role,
					   m[i].job->role_dir);
	return 0;
}

/* The run of the median figure; of an even count the lower middle one. */
static size_t median_run(const struct member *m, size_t n, size_t runs)
{
	size_t want = (runs - 1) / 2;

	for (size_t r = 1; r <= runs; r++) {
		double f = run_figure(m, n, r);
		size_t below = 0, tied_before = 0;

		for (size_t k = 1; k <= runs; k++) {
			double g = run_figure(m, n, k);

			below += g < f;
			tied_before += g == f && k < r;
		}
		if (below + tied_before == want)
			return r;
	}
	return runs;
}

static size_t shown_run(const struct member *m, size_t n, size_t runs,
			enum fv_runs rule)
{
	return rule == FV_RUNS_MEDIAN ? median_run(m, n, runs) : runs;
}

/* Moves the jobs not shown to set->others, keeping both in order. */
static int set_aside(struct fv_set *set, const bool *hide, size_t nhide)
{
	size_t keep = 0;

	if (!nhide)
		return 0;
	if (FV_ALLOC_GROW(set->others, set->nothers + nhide, set->others_alloc))
		return -ENOMEM;
	for (size_t i = 0; i < set->njobs; i++) {
		if (hide[i])
			set->others[set->nothers++] = set->jobs[i];
		else
			set->jobs[keep++] = set->jobs[i];
	}
	set->njobs = keep;
	return 0;
}

/*
 * Numbers each test's runs; marks in hide[] (by position) the members of
 * the runs the rule does not show. Returns how many.
 */
static size_t pick(struct member *m, size_t n, enum fv_runs rule, bool *hide)
{
	size_t nhide = 0;

	for (size_t a = 0, b; a < n; a = b) {
		size_t runs, show;

		for (b = a + 1; b < n && fv_same_test(m[a].job, m[b].job); b++)
			;
		runs = number_runs(m + a, b - a);
		show = shown_run(m + a, b - a, runs, rule);
		for (size_t i = a; i < b && rule <= FV_RUNS_MEDIAN; i++)
			if (m[i].run != show) {
				hide[m[i].pos] = true;
				nhide++;
			}
	}
	return nhide;
}

/* --runs all: each run of a label with several, a label of its own. */
static int relabel(struct fv_job *job)
{
	char *l;

	if (asprintf(&l, "%s run %d", job->label, job->run) < 0)
		return -ENOMEM;
	free(job->label);
	job->label = l;
	return 0;
}

/* Labels (contiguous in m, sorted by test) whose tests ran more than once. */
static int relabel_all(struct member *m, size_t n)
{
	int ret = 0;

	for (size_t a = 0, b; a < n && !ret; a = b) {
		int most = 0;

		for (b = a; b < n && !strcmp(m[a].job->label, m[b].job->label);
		     b++)
			most = m[b].job->nruns > most ? m[b].job->nruns : most;
		for (size_t i = a; i < b && most > 1 && !ret; i++)
			ret = relabel(m[i].job);
	}
	return ret;
}

int fv_select_runs(struct fv_set *set, enum fv_runs rule)
{
	struct member *m = calloc(set->njobs + 1, sizeof(*m));
	bool *hide = calloc(set->njobs + 1, sizeof(*hide));
	size_t nhide;
	int ret = -ENOMEM;

	if (!m || !hide)
		goto out;
	for (size_t i = 0; i < set->njobs; i++) {
		m[i].job = set->jobs[i];
		m[i].pos = i;
	}
	qsort(m, set->njobs, sizeof(*m), by_test_time);
	nhide = pick(m, set->njobs, rule, hide);
	ret = set_aside(set, hide, nhide);
	if (ret)
		goto out;
	ret = fv_select_note(set, rule);
	/* all hides nothing: m[] still holds every job. */
	if (!ret && rule == FV_RUNS_ALL)
		ret = relabel_all(m, set->njobs);
out:
	free(m);
	free(hide);
	return ret;
}
