/* SPDX-License-Identifier: MIT */
/*
 * replay: one row per candidate a captured trace was replayed on
 * (jobfiles/replay.fio): how long the whole trace took as fast as the
 * target allows (replay-fast), and what the catalog predicts for that
 * I/O on the candidate's SKUs, by which limit; how far the replay at the
 * trace's own pace fell behind it and its latency percentiles per kind
 * (replay-timed).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "util/util.h"

#define TIMED "replay-timed"
#define FAST "replay-fast"

static const double pcts[] = { 50, 99, 99.9 };
static const enum fv_dir kinds[] = { FV_DIR_READ, FV_DIR_WRITE, FV_DIR_SYNC,
				     FV_DIR_TRIM };
#define NPCTS (FV_ARRAY_SIZE(pcts))
#define NKINDS (FV_ARRAY_SIZE(kinds))

enum {
	C_LABEL,
	C_ELAPSED,
	C_PREDICTED,
	C_BOUND,
	C_IOPS,
	C_BW,
	C_BEHIND,
	C_FIXED
};

/* The label's newest job of that name (a replay's runs: the last). */
static const struct fv_job *replay_job(const struct fv_set *set,
				       const char *label, const char *name)
{
	const struct fv_job *best = NULL;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (!j->label || strcmp(j->label, label) ||
		    strcmp(j->name, name) || !fv_job_representative(j))
			continue;
		if (!best || j->timestamp >= best->timestamp)
			best = j;
	}
	return best;
}

bool fv_set_has_replay(const struct fv_set *set)
{
	for (size_t i = 0; i < set->njobs; i++)
		if (!strcmp(set->jobs[i]->name, TIMED) ||
		    !strcmp(set->jobs[i]->name, FAST))
			return true;
	return false;
}

/*
 * Where the description's own words start: after the trace's file name,
 * which could hold any of them ("NAME: span ...", "NAME: untimed, ...").
 */
static const char *described(const struct fv_job *j)
{
	const char *d = fv_job_opt(j, "description"), *at = NULL, *p;

	for (p = d; p && (p = strstr(p, ": ")); p++)
		if (!strncmp(p, ": span ", 7) || !strncmp(p, ": untimed, ", 11))
			at = p + 2;
	return at;
}

/*
 * The reads and writes the trace holds and their bytes, from the jobs'
 * description ("...: 79 reads and writes of 91901952 bytes"): what the
 * candidate was asked to do. fio counts the requests it issued, but its
 * completions (and its runtime) stop short of the last ones in flight
 * when a replayed iolog runs out.
 */
static bool trace_work(const struct fv_job *j, double *ios, double *bytes)
{
	const char *d = described(j);
	const char *at = d ? strstr(d, " requests: ") : NULL;
	unsigned long long n, b;

	if (!at || sscanf(at, " requests: %llu reads and writes of %llu bytes",
			  &n, &b) != 2)
		return false;
	*ios = (double) n;
	*bytes = (double) b;
	return true;
}

/*
 * The job's time for its I/O, from our engine's stats (first request
 * submitted to the last one ended, in flight at the job's end or not),
 * and the trace's work; without them, fio's runtime and counts. Returns
 * whether they were the engine's and the trace's.
 */
static bool io_done(const struct fv_job *j, double *ms, double *ios,
		    double *bytes)
{
	uint64_t span = 0, rt = j->job_runtime_ms;

	for (size_t i = 0; i < j->ndur; i++)
		span = j->dur[i]->io_span_ns > span ? j->dur[i]->io_span_ns
						    : span;
	if (span && trace_work(j, ios, bytes)) {
		*ms = (double) span / 1e6;
		return true;
	}
	*ios = 0;
	*bytes = 0;
	for (int d = FV_DIR_READ; d <= FV_DIR_WRITE; d++)
		if (j->dir[d].present) {
			*ios += (double) j->dir[d].total_ios;
			*bytes += (double) j->dir[d].io_bytes;
			rt = j->dir[d].runtime_ms > rt ? j->dir[d].runtime_ms
						       : rt;
		}
	*ms = rt ? (double) rt : NAN;
	return false;
}

/* The trace's span, from the jobs' description: "... span 20.731 s ...". */
static double span_ms(const struct fv_job *j)
{
	const char *at = described(j);
	double s;

	if (!at || sscanf(at, "span %lf s", &s) != 1 || !(s >= 0))
		return NAN;
	return s * 1000;
}

static unsigned kinds_present(const struct fv_set *set, const char **labels,
			      size_t nl)
{
	unsigned mask = 0;

	for (size_t l = 0; l < nl; l++) {
		const struct fv_job *j = replay_job(set, labels[l], TIMED);

		for (size_t k = 0; j && k < NKINDS; k++)
			if (j->dir[kinds[k]].present &&
			    j->dir[kinds[k]].total_ios)
				mask |= 1u << k;
	}
	return mask;
}

static int add_cols(struct fv_table *t, unsigned mask)
{
	static const struct fv_col fixed[C_FIXED] = {
		{ "label", "Candidate", FV_U_TEXT, 0 },
		{ "elapsed_ms", "Elapsed", FV_U_MS, 0 },
		{ "predicted_ms", "Catalog", FV_U_MS, 0 },
		{ "bound_by", "Bound By", FV_U_TEXT, 0 },
		{ "iops", "IOPS", FV_U_IOPS, 0 },
		{ "bw", "BW", FV_U_BPS, 0 },
		{ "behind_ms", "Behind", FV_U_MS, 0 },
	};

	fv_table_add_cols(t, fixed, C_FIXED);
	for (size_t k = 0; k < NKINDS; k++) {
		if (!(mask & (1u << k)))
			continue;
		for (size_t p = 0; p < NPCTS; p++) {
			char key[48], title[48];
			const char *kn = fv_dir_name(kinds[k]);

			snprintf(title, sizeof(title), "%c%s ", kn[0] - 32,
				 kn + 1);
			fv_pct_key(title + strlen(title),
				   sizeof(title) - strlen(title), "", pcts[p]);
			snprintf(key, sizeof(key), "%s_", kn);
			fv_pct_key(key + strlen(key), sizeof(key) - strlen(key),
				   "", pcts[p]);
			fv_table_add_col(t, key, title, FV_U_NS, 0);
		}
	}
	return fv_table_status(t);
}

static int fast_cells(struct fv_table *t, size_t row, const struct fv_job *f,
		      const struct fv_label_skus *skus, const char *label)
{
	const struct fv_label_sku *ls =
		skus ? fv_label_skus_find(skus, label) : NULL;
	const struct fv_limit *bound = NULL;
	struct fv_rates r;
	double ios, bytes, ms;
	char name[200];

	if (!io_done(f, &ms, &ios, &bytes))
		fv_table_note(t,
			      "%s: fio's runtime and counts (no stats of our "
			      "engine, or no trace described): they miss the "
			      "requests still in flight when the trace ran out",
			      label);
	fv_cell_num(t, row, C_ELAPSED, ms);
	fv_cell_num(t, row, C_IOPS, ios / ms * 1000);
	fv_cell_num(t, row, C_BW, bytes / ms * 1000);
	if (!ls) {
		fv_cell_na(t, row, C_PREDICTED, "no --sku for this candidate");
		fv_cell_na(t, row, C_BOUND, "no --sku for this candidate");
	}
	if (fv_table_status(t) || !ls)
		return fv_table_status(t);
	fv_rates_of(ls, &r);
	ms = fv_rates_time(&r, ios, bytes, &bound) * 1000;
	if (!bound) {
		fv_cell_na(t, row, C_PREDICTED,
			   "its SKUs give no IOPS or throughput limit");
		return fv_cell_na(t, row, C_BOUND, "no limit");
	}
	fv_limit_name(name, sizeof(name), bound);
	fv_cell_num(t, row, C_PREDICTED, ms);
	return fv_cell_str(t, row, C_BOUND, name);
}

/* fio before 3.36 does not reap completions while it waits to replay. */
static bool reaps_late(const struct fv_job *j)
{
	int major, minor;

	return j->fio_version &&
	       sscanf(j->fio_version, "fio-%d.%d", &major, &minor) == 2 &&
	       major * 100 + minor < 336;
}

static int na_from(struct fv_table *t, size_t row, size_t from, size_t to,
		   const char *why)
{
	for (size_t c = from; c < to; c++)
		fv_cell_na(t, row, c, why);
	return fv_table_status(t);
}

static int timed_cells(struct fv_table *t, size_t row, const struct fv_set *set,
		       const struct fv_job *j, unsigned mask)
{
	double span = span_ms(j), ms, ios, bytes;
	size_t col = C_FIXED;

	io_done(j, &ms, &ios, &bytes);
	if (isnan(span))
		fv_cell_na(t, row, C_BEHIND,
			   described(j) ? "the trace holds no times (an iolog "
					  "of version 2 without waits)"
					: "the job's description gives no "
					  "trace span");
	else
		fv_cell_num(t, row, C_BEHIND, ms > span ? ms - span : 0);
	if (reaps_late(j))
		return na_from(t, row, col, t->ncols,
			       "fio before 3.36 reaps completions only when "
			       "its queue is full while it waits for a "
			       "trace's next request: its latency is that "
			       "wait, not the disk's");
	for (size_t k = 0; k < NKINDS; k++) {
		if (!(mask & (1u << k)))
			continue;
		for (size_t p = 0; p < NPCTS; p++, col++)
			fv_put_pct(t, row, col, set, j, kinds[k], fv_lat_own(j),
				   fv_pct_index(set, pcts[p]));
	}
	return fv_table_status(t);
}

static int put_row(struct fv_table *t, const struct fv_set *set,
		   const struct fv_aopts *o, const char *label, unsigned mask)
{
	const struct fv_job *f = replay_job(set, label, FAST);
	const struct fv_job *tj = replay_job(set, label, TIMED);
	int row = fv_table_add_row(t);

	if (row < 0)
		return row;
	fv_cell_str(t, (size_t) row, C_LABEL, label);
	if (f && fv_job_failed(f))
		na_from(t, (size_t) row, C_ELAPSED, C_BEHIND,
			"the as-fast-as-it-allows replay failed");
	else if (f)
		fast_cells(t, (size_t) row, f, o->skus, label);
	else
		na_from(t, (size_t) row, C_ELAPSED, C_BEHIND,
			"no replay-fast job");
	if (tj && !fv_job_failed(tj))
		return timed_cells(t, (size_t) row, set, tj, mask);
	return na_from(t, (size_t) row, C_BEHIND, t->ncols,
		       tj ? "the timed replay failed" : "no replay-timed job");
}

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_table *t = fv_table_new("replay", "Replay of a trace");
	const char **labels = NULL;
	size_t nl = 0;
	unsigned mask;
	int ret;

	(void) diags;
	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	ret = fv_labels(set, false, &labels, &nl);
	if (ret)
		return ret;
	mask = kinds_present(set, labels, nl);
	add_cols(t, mask);
	for (size_t l = 0; l < nl; l++)
		if (replay_job(set, labels[l], TIMED) ||
		    replay_job(set, labels[l], FAST))
			put_row(t, set, o, labels[l], mask);
	fv_table_note(t, "Elapsed: the whole trace as fast as the candidate "
			 "allows (replay-fast); Catalog: what its SKUs' "
			 "limits give for the same reads and writes, from a "
			 "full credit bucket; Behind: how much longer than "
			 "the trace the replay at its own pace took "
			 "(replay-timed), whose latency percentiles "
			 "follow (fio's completion latency).");
	for (size_t l = 0; l < nl; l++) {
		const struct fv_job *j = replay_job(set, labels[l], FAST);
		const char *d = j ? described(j) : NULL;
		const char *left = d ? strstr(d, "; ") : NULL;

		if (left)
			fv_table_note(t, "%s: %s", labels[l], left + 2);
	}
	free(labels);
	return fv_table_status(t);
}

const struct fv_analysis fv_an_replay = {
	.name = "replay",
	.run = run,
};
