/* SPDX-License-Identifier: MIT */
/*
 * verdict: every check on every job (a label's QD sweeps once), one table
 * of rows label x job x check, each with its verdict, evidence, sentence.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "verdict_int.h"
#include "util/util.h"

static int no_storage(struct fv_vctx *vc, const struct fv_job *j,
		      const char *engine)
{
	char ev[96];
	int ret;

	snprintf(ev, sizeof(ev), "ioengine=%s moves no data", engine);
	ret = fv_vrow(vc, j->label, j->display, "storage", FV_V_NO_STORAGE, ev,
		      "the job measures no storage: no storage verdict is "
		      "given");
	return ret ? ret : fv_vrow_cause(vc, ev);
}

/* The tool says the job failed: its figures measure nothing. */
int fv_vrow_failed(struct fv_vctx *vc, const struct fv_job *j)
{
	char what[200], ev[256];
	int ret;

	fv_job_failure(j, what, sizeof(what));
	snprintf(ev, sizeof(ev), "%s; its figures are n/a", what);
	ret = fv_vrow(vc, j->label, j->display, "error", FV_V_FAILED, ev,
		      "the job failed: no check is made on its figures; "
		      "fix the cause and run it again");
	return ret ? ret : fv_vrow_cause(vc, what);
}

int fv_vrows_failed(struct fv_vctx *vc)
{
	int ret = 0;

	for (size_t i = 0; i < vc->set->njobs && !ret; i++) {
		const struct fv_job *j = vc->set->jobs[i];

		if (fv_job_representative(j) && fv_job_failed(j))
			ret = fv_vrow_failed(vc, j);
	}
	return ret;
}

typedef int (*job_check)(struct fv_vctx *, const struct fv_job *);

static const job_check checks[] = {
	fv_vcheck_burst, fv_vcheck_steady, fv_vcheck_cache, fv_vcheck_method,
	fv_vcheck_flush, fv_vcheck_tail,   fv_vcheck_load,  fv_vcheck_latstab,
};

static int run_checks(struct fv_vctx *vc)
{
	int ret = 0;

	for (size_t i = 0; i < vc->set->njobs && !ret; i++) {
		const struct fv_job *j = vc->set->jobs[i];

		if (!fv_job_representative(j))
			continue;
		if (fv_job_failed(j)) {
			ret = fv_vrow_failed(vc, j);
			continue;
		}
		if (fv_vjob_no_data(j)) {
			ret = no_storage(vc, j, fv_vjob_no_data(j));
			continue;
		}
		for (size_t c = 0; c < FV_ARRAY_SIZE(checks) && !ret; c++)
			ret = checks[c](vc, j);
	}
	if (!ret)
		ret = fv_vcheck_hosts(vc);
	return ret ? ret : fv_vcheck_cap(vc);
}

/* Does the job come from another tool than fio (DiskSpd, CrystalDiskMark)? */
static bool other_tool(const struct fv_job *j)
{
	return j->format && strncmp(j->format, "fio", 3);
}

static bool has_series(const struct fv_vctx *vc, const struct fv_job *j)
{
	struct fv_rate r;
	bool has;

	if (!vc->logs ||
	    fv_log_rate(vc->logs, j, FV_LOG_IOPS, fv_vjob_dir(j), &r))
		return false;
	has = r.n > 0;
	fv_rate_free(&r);
	return has;
}

/* "tail: 2 jobs of DiskSpd or CrystalDiskMark not judged: WHY" */
static void unjudged_note(struct fv_table *t, const char *checks, size_t n,
			  const char *why)
{
	if (n)
		fv_table_note(t,
			      "%s: %zu job%s of DiskSpd or CrystalDiskMark not "
			      "judged: %s",
			      checks, n, n == 1 ? "" : "s", why);
}

/*
 * What the checks could not judge in another tool's jobs, and why: that
 * a verdict is missing is itself a finding there (fio's jobs without
 * logs are the run's choice, and say so in methodology).
 */
static int not_judged(struct fv_vctx *vc)
{
	size_t no_series = 0, no_pcts = 0;

	for (size_t i = 0; i < vc->set->njobs; i++) {
		const struct fv_job *j = vc->set->jobs[i];
		const struct fv_lat *l = &j->dir[fv_vjob_dir(j)].lat[FV_LAT];

		if (!fv_job_representative(j) || !other_tool(j) ||
		    fv_vjob_no_data(j))
			continue;
		no_series += !has_series(vc, j);
		no_pcts += !l->nreported;
	}
	unjudged_note(vc->t, "burst, steady-state", no_series,
		      "no time series (DiskSpd's XML has one with -D)");
	unjudged_note(vc->t, "tail", no_pcts,
		      "no latency percentiles (DiskSpd prints them with -L; "
		      "CrystalDiskMark, a mean only)");
	return fv_table_status(vc->t);
}

int fv_verdicts(const struct fv_verdict_in *in, struct fv_report *rep,
		bool *failed)
{
	struct fv_vctx vc = { .set = in->set,
			      .ao = in->ao,
			      .o = in->o,
			      .logs = in->logs,
			      .diags = in->diags };
	int ret;

	vc.t = fv_vtable_new("verdict", "Verdicts");
	ret = vc.t ? fv_vtable_figs(vc.t) : -ENOMEM;
	if (!ret)
		ret = run_checks(&vc);
	if (!ret)
		ret = not_judged(&vc);
	if (!ret && !vc.t->nrows)
		ret = fv_table_note(vc.t, "no job with figures to judge");
	if (!ret)
		ret = fv_tally_note(vc.t, vc.t);
	if (!ret)
		ret = fv_report_add(rep, vc.t);
	if (ret)
		fv_table_free(vc.t);
	*failed |= vc.failed;
	return ret;
}
