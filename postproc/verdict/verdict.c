/* SPDX-License-Identifier: MIT */
/*
 * verdict: every check on every job (a label's QD sweeps once), one table
 * of rows label x job x check, each with its verdict, evidence, sentence.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "verdict_int.h"

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
		if (fv_vjob_no_data(j)) {
			ret = no_storage(vc, j, fv_vjob_no_data(j));
			continue;
		}
		for (size_t c = 0; c < sizeof(checks) / sizeof(*checks) && !ret;
		     c++)
			ret = checks[c](vc, j);
	}
	ret = ret ? ret : fv_vcheck_hosts(vc);
	return ret ? ret : fv_vcheck_cap(vc);
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
	if (!ret && !vc.t->nrows)
		ret = fv_table_note(vc.t, "no job with figures to judge");
	if (!ret)
		ret = fv_report_add(rep, vc.t);
	if (ret)
		fv_table_free(vc.t);
	*failed |= vc.failed;
	return ret;
}
