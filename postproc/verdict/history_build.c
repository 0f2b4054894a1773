/* SPDX-License-Identifier: MIT */
/*
 * A history: every run of the set (each input's documents; labels aside,
 * since one run per directory labels each apart) in the order asked, and
 * per job its primary figure along them, searched for change points on
 * logs (a ratio's scale) with the permutation test's fixed seed.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "history.h"

/* A fixed seed: the same history always gives the same answer. */
#define HISTORY_SEED 20261205u
#define HISTORY_PERMS 999u

static bool same_run(const struct fv_hrun *r, const struct fv_job *j)
{
	return fv_same_run(r->job, j);
}

static void add_run(struct fv_history *h, const struct fv_job *j)
{
	for (size_t i = 0; i < h->nruns; i++)
		if (same_run(&h->runs[i], j))
			return;
	h->runs[h->nruns++] =
		(struct fv_hrun){ j, j->source ? j->source : "", j->doc,
				  j->timestamp, j->order };
}

/* By the order asked, then the document, then the inputs' order. */
static int cmp_run(const void *x, const void *y, void *order)
{
	const struct fv_hrun *a = x, *b = y;
	enum fv_hist_order by = *(const enum fv_hist_order *) order;
	int c = 0;

	if (by == FV_HIST_NAME)
		c = strverscmp(a->source, b->source);
	else if (by == FV_HIST_TIME && a->timestamp != b->timestamp)
		c = a->timestamp < b->timestamp ? -1 : 1;
	if (!c && a->doc != b->doc)
		c = a->doc < b->doc ? -1 : 1;
	return c ? c : (a->order > b->order) - (a->order < b->order);
}

static int find_runs(struct fv_history *h, enum fv_hist_order order)
{
	size_t n = fv_set_nruns(h->set);

	h->runs = calloc(n + 1, sizeof(*h->runs));
	if (!h->runs)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		add_run(h, fv_set_run(h->set, i));
	qsort_r(h->runs, h->nruns, sizeof(*h->runs), cmp_run, &order);
	return 0;
}

static size_t run_of(const struct fv_history *h, const struct fv_job *j)
{
	for (size_t i = 0; i < h->nruns; i++)
		if (same_run(&h->runs[i], j))
			return i;
	return h->nruns;
}

/* Its primary figure on logs, along the runs that have it. */
static void fill_values(const struct fv_history *h, struct fv_hseries *s)
{
	for (size_t r = 0; r < h->nruns; r++) {
		double x = s->job[r] ? fv_gfig_value(h->ao, h->set, s->job[r],
						     s->primary)
				     : NAN;

		if (!isnan(x)) {
			s->v[s->n] = log(x);
			s->run[s->n++] = r;
		}
	}
}

/* The job of s in each run, and its primary figure where it has one. */
static int fill_series(struct fv_history *h, struct fv_hseries *s)
{
	size_t n = fv_set_nruns(h->set);

	s->job = calloc(h->nruns + 1, sizeof(*s->job));
	s->v = calloc(h->nruns + 1, sizeof(*s->v));
	s->run = calloc(h->nruns + 1, sizeof(*s->run));
	s->cp = calloc(h->nruns + 1, sizeof(*s->cp));
	if (!s->job || !s->v || !s->run || !s->cp)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const struct fv_job *j = fv_set_run(h->set, i);
		size_t r = run_of(h, j);

		if (r < h->nruns && !s->job[r] && fv_gate_same_test(s->ref, j))
			s->job[r] = j;
	}
	s->primary = fv_gfig_primary(s->ref);
	fill_values(h, s);
	/* A primary figure no run has: throughput decides. */
	if (!s->n && s->primary != FV_G_TPUT) {
		s->primary = FV_G_TPUT;
		fill_values(h, s);
	}
	return 0;
}

static int detect(const struct fv_history *h, struct fv_hseries *s)
{
	const struct fv_cp_opts o = {
		.min_seg = (size_t) h->o->min_segment,
		.alpha = h->o->alpha,
		.min_shift = log1p(h->o->threshold),
		.perms = HISTORY_PERMS,
		.seed = HISTORY_SEED,
	};

	return fv_edivisive(s->v, s->n, &o, s->cp, &s->ncp);
}

static bool known(const struct fv_history *h, const struct fv_job *j)
{
	for (size_t i = 0; i < h->ns; i++)
		if (fv_gate_same_test(h->s[i].ref, j))
			return true;
	return false;
}

/* A series per job, in the order of the jobs' first runs. */
static int find_series(struct fv_history *h)
{
	size_t n = fv_set_nruns(h->set);
	int ret = 0;

	h->s = calloc(n + 1, sizeof(*h->s));
	if (!h->s)
		return -ENOMEM;
	for (size_t r = 0; !ret && r < h->nruns; r++)
		for (size_t i = 0; !ret && i < n; i++) {
			const struct fv_job *j = fv_set_run(h->set, i);

			if (!fv_job_measured(j) || !same_run(&h->runs[r], j) ||
			    known(h, j))
				continue;
			h->s[h->ns].ref = j;
			ret = fill_series(h, &h->s[h->ns++]);
			if (!ret)
				ret = detect(h, &h->s[h->ns - 1]);
		}
	return ret;
}

int fv_history_build(struct fv_history *h, enum fv_hist_order order)
{
	int ret = find_runs(h, order);

	return ret ? ret : find_series(h);
}

void fv_history_free(struct fv_history *h)
{
	for (size_t i = 0; h->s && i < h->ns; i++) {
		free(h->s[i].job);
		free(h->s[i].v);
		free(h->s[i].run);
		free(h->s[i].cp);
	}
	free(h->s);
	free(h->runs);
}

size_t fv_hseries_segment(const struct fv_hseries *s, size_t i)
{
	size_t k = 0;

	while (k < s->ncp && s->cp[k].at <= i)
		k++;
	return k;
}
