/* SPDX-License-Identifier: MIT */
/*
 * verdict: every check on every job (a label's QD sweeps once), one table
 * of rows label x job x check, each with its verdict, evidence, sentence.
 */
#include <errno.h>

#include "verdict.h"

typedef int (*job_check)(struct fv_vctx *, const struct fv_job *);

static const job_check checks[] = {
	fv_vcheck_burst,  fv_vcheck_steady, fv_vcheck_cache,
	fv_vcheck_method, fv_vcheck_flush,  fv_vcheck_tail,
};

static int run_checks(struct fv_vctx *vc)
{
	int ret = 0;

	for (size_t i = 0; i < vc->set->njobs && !ret; i++) {
		const struct fv_job *j = vc->set->jobs[i];

		if (!fv_job_representative(j))
			continue;
		for (size_t c = 0; c < sizeof(checks) / sizeof(*checks) && !ret;
		     c++)
			ret = checks[c](vc, j);
	}
	return ret ? ret : fv_vcheck_cap(vc);
}

static int verdict_run(const struct fv_set *set, const struct fv_aopts *o,
		       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_vopts defaults, *vo = o->verdict;
	struct fv_vctx vc = { .set = set, .ao = o };
	int ret;

	(void) diags;
	if (!vo) {
		fv_vopts_init(&defaults);
		vo = &defaults;
	}
	vc.o = vo;
	vc.ts = &vo->ts;
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
	vo->failed |= vc.failed;
	if (vo == &defaults)
		fv_vopts_free(&defaults);
	return ret;
}

const struct fv_analysis fv_an_verdict = {
	.name = "verdict",
	.help = "verdicts: burst, steady state, cap, cache, method, flush, "
		"tail",
	.run = verdict_run,
};
