/* SPDX-License-Identifier: MIT */
/*
 * One fleet from several client outputs: past a few hundred servers, groups
 * of servers are driven by several fio clients, and their outputs given
 * together under one fleet name (-l NAME=PATH, or run's file names). The
 * fleet rows of one job whose documents share no host are merged into one
 * row, its percentiles from all their hosts' bins (each row kept its
 * hosts' bins merged, ingest/fleet.c): exact, as within one output. Rows
 * whose hosts overlap are reruns of one fleet: they stay apart.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fleets.h"
#include "ingest/ingest.h"
#include "select_int.h"

/* Another server of j's name in j's document, on another port? */
static bool shares_name(const struct fv_set *set, const struct fv_job *j)
{
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *o = set->jobs[i];

		if (o->hostname && o->port != j->port && o->doc == j->doc &&
		    !strcmp(o->hostname, j->hostname) &&
		    !strcmp(o->source, j->source))
			return true;
	}
	return false;
}

/*
 * A server is its name (or address): the port a client reached it on
 * changes from run to run (fio's ephemeral ports, ssh tunnels), and two
 * runs of two hosts are two hosts, not four. Only servers of one name in
 * one output, on two ports, are told apart by it.
 */
int fv_hosts_by_name(struct fv_set *set)
{
	for (size_t i = 0; i < set->njobs; i++) {
		struct fv_job *j = set->jobs[i];
		char *host;

		if (!j->hostname || !j->host || shares_name(set, j))
			continue;
		host = strdup(j->hostname);
		if (!host)
			return -ENOMEM;
		free(j->host);
		j->host = host;
	}
	return 0;
}

static bool same_fleet(const struct fv_job *a, const struct fv_job *b)
{
	return a->kind == FV_JOB_FLEET && b->kind == FV_JOB_FLEET && a->fleet &&
	       b->fleet && !strcmp(a->fleet, b->fleet) &&
	       !strcmp(a->name, b->name);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *) a, *(const char *const *) b);
}

/* The hosts a fleet row sums, sorted (the caller frees the array). */
static const char **hosts_of(const struct fv_set *set, const struct fv_job *f,
			     size_t *n)
{
	const char **v = calloc(set->njobs + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; v && i < set->njobs; i++)
		if (fv_fleet_has(f, set->jobs[i]))
			v[(*n)++] = set->jobs[i]->host;
	if (v)
		qsort(v, *n, sizeof(*v), by_name);
	return v;
}

/* Do the hosts summed by fleet row a and those of b overlap? */
static bool share_host(const struct fv_set *set, const struct fv_job *a,
		       const struct fv_job *b)
{
	size_t na, nb, i = 0, k = 0;
	const char **ha = hosts_of(set, a, &na), **hb = hosts_of(set, b, &nb);
	bool shared = !ha || !hb; /* out of memory: keep them apart */

	while (!shared && i < na && k < nb) {
		int c = strcmp(ha[i], hb[k]);

		shared = !c;
		i += c <= 0;
		k += c >= 0;
	}
	free(ha);
	free(hb);
	return shared;
}

/* Rows merged with first: same fleet and job, no host in common. */
static size_t group_of(const struct fv_set *set, size_t first, bool *taken,
		       struct fv_job **m)
{
	size_t n = 0;

	m[n++] = set->jobs[first];
	taken[first] = true;
	for (size_t i = first + 1; i < set->njobs; i++) {
		struct fv_job *j = set->jobs[i];
		bool apart = !taken[i] && same_fleet(m[0], j);

		for (size_t k = 0; k < n && apart; k++)
			apart = !share_host(set, m[k], j);
		if (apart) {
			m[n++] = j;
			taken[i] = true;
		}
	}
	return n;
}

/* The members' kept bins into their sections, for the sum. */
static void lend_bins(struct fv_job *j)
{
	struct fv_fleet_keep *k = j->keep;

	for (int d = 0; d < FV_DIR_NR; d++)
		for (int l = 0; l < FV_LAT_NR; l++) {
			fv_lat_set_bins(&j->dir[d].lat[l],
					k ? k->bins[d][l] : NULL,
					k ? k->nbins[d][l] : 0);
			if (k) {
				k->bins[d][l] = NULL;
				k->nbins[d][l] = 0;
			}
		}
}

static int add_source(struct fv_fleet_keep *k, const char *s)
{
	for (size_t i = 0; i < k->nsources; i++)
		if (!strcmp(k->sources[i], s))
			return 0;
	return fv_lines_push(&k->sources, &k->nsources, &k->sources_alloc, s);
}

/*
 * The members' fio versions, each once ("fio-3.33, fio-3.39": a fleet's
 * hosts need not run one fio); NULL when none says. malloc()ed.
 */
static char *versions(struct fv_job **m, size_t n)
{
	char buf[256] = "";
	size_t len = 0;

	for (size_t i = 0; i < n; i++) {
		const char *v = m[i]->fio_version;
		bool seen = false;

		for (size_t j = 0; v && j < i && !seen; j++)
			seen = m[j]->fio_version &&
			       !strcmp(m[j]->fio_version, v);
		if (v && !seen && len < sizeof(buf))
			len += (size_t) snprintf(buf + len, sizeof(buf) - len,
						 "%s%s", len ? ", " : "", v);
	}
	return len ? strdup(buf) : NULL;
}

/* What identifies the merged row: the first member's, its documents. */
static int meta(struct fv_job *sum, struct fv_job **m, size_t n)
{
	int ret = 0;

	sum->kind = FV_JOB_FLEET;
	sum->nclones = 0;
	sum->keep = calloc(1, sizeof(*sum->keep));
	sum->display = strdup(m[0]->name);
	sum->label = strdup(m[0]->label);
	sum->fleet = strdup(m[0]->fleet);
	sum->source = strdup(m[0]->source);
	sum->source_dir = m[0]->source_dir ? strdup(m[0]->source_dir) : NULL;
	sum->fio_version = versions(m, n);
	sum->label_rule = m[0]->label_rule;
	sum->order = m[0]->order;
	if (!sum->keep || !sum->display || !sum->label || !sum->fleet ||
	    !sum->source)
		return -ENOMEM;
	for (size_t i = 0; i < n && !ret; i++) {
		const struct fv_fleet_keep *k = m[i]->keep;

		sum->nclones += m[i]->nclones;
		if (m[i]->timestamp > sum->timestamp)
			sum->timestamp = m[i]->timestamp;
		if (!k || !k->nsources)
			ret = add_source(sum->keep, m[i]->source);
		for (size_t s = 0; k && s < k->nsources && !ret; s++)
			ret = add_source(sum->keep, k->sources[s]);
	}
	return ret;
}

/* The sum's merged bins kept, then its percentiles made from them. */
static int finish(struct fv_job *sum, const struct fv_pctlist *pcts)
{
	for (int d = 0; d < FV_DIR_NR; d++)
		for (int l = 0; l < FV_LAT_NR; l++) {
			struct fv_lat *lat = &sum->dir[d].lat[l];

			if (lat->nbins) {
				size_t sz = lat->nbins * sizeof(*lat->bins);

				sum->keep->bins[d][l] = malloc(sz);
				if (!sum->keep->bins[d][l])
					return -ENOMEM;
				memcpy(sum->keep->bins[d][l], lat->bins, sz);
				sum->keep->nbins[d][l] = lat->nbins;
			}
			if (fv_lat_finish(lat, pcts))
				return -ENOMEM;
		}
	return 0;
}

/* Merges m[0, n) into one row in m[0]'s place; the others leave the set. */
static int merge(struct fv_set *set, struct fv_job **m, size_t n)
{
	struct fv_job *sum;
	size_t out = 0;
	int ret;

	for (size_t i = 0; i < n; i++)
		lend_bins(m[i]);
	sum = fv_jobs_sum(m, n);
	ret = sum ? meta(sum, m, n) : -ENOMEM;
	if (!ret)
		ret = finish(sum, &set->pcts);
	if (ret) {
		fv_job_free(sum);
		return ret;
	}
	for (size_t i = 0; i < set->njobs; i++) {
		struct fv_job *j = set->jobs[i];
		bool member = false;

		for (size_t k = 0; k < n && !member; k++)
			member = j == m[k];
		if (!member)
			set->jobs[out++] = j;
		else if (j == m[0])
			set->jobs[out++] = sum;
		if (member)
			fv_job_free(j);
	}
	set->njobs = out;
	return 0;
}

int fv_fleets_merge(struct fv_set *set)
{
	bool *taken = calloc(set->njobs + 1, sizeof(*taken));
	struct fv_job **m = calloc(set->njobs + 1, sizeof(*m));
	int ret = taken && m ? 0 : -ENOMEM;

	for (size_t i = 0; i < set->njobs && !ret; i++) {
		size_t n;

		if (taken[i] || set->jobs[i]->kind != FV_JOB_FLEET)
			continue;
		n = group_of(set, i, taken, m);
		if (n < 2)
			continue;
		ret = merge(set, m, n);
		/* The set changed under the marks: start over, the merged
		 * row is one of the rows now. */
		memset(taken, 0, (set->njobs + 1) * sizeof(*taken));
		for (size_t k = 0; k <= i && k < set->njobs; k++)
			taken[k] = true;
	}
	free(taken);
	free(m);
	return ret;
}
