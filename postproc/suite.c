/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <string.h>

#include "app.h"
#include "join.h"
#include "suite.h"

/*
 * "verdict" is the name the verdicts subcommand registers; until it is
 * built in, fv_analysis_find() returns NULL and the tables come alone.
 */
#define FV_VERDICT_ANALYSIS "verdict"

const char *const fv_suite_tables[] = {
	"summary", "compare", "latency", "sweep", FV_VERDICT_ANALYSIS, NULL,
};

const struct fv_analysis *fv_suite_verdicts(void)
{
	return fv_analysis_find(FV_VERDICT_ANALYSIS);
}

void fv_pctlist_add(struct fv_pctlist *pl, double p)
{
	for (size_t i = 0; i < pl->n; i++)
		if (pl->p[i] == p)
			return;
	if (pl->n < FV_MAX_PCTS)
		pl->p[pl->n++] = p;
}

int fv_suite_load(struct fv_set *set, const struct fv_suite_in *in)
{
	int ret = fv_load(set, in->paths, in->npaths);

	if (!ret)
		ret = fv_label_assign(set, in->labels, in->nlabels);
	if (ret)
		return ret;
	fv_role_assign(set, in->roles, in->nroles);
	ret = fv_join_durability(set);
	if (!ret && !set->ninputs && !set->diags.nerrors)
		fv_diag_add(&set->diags, FV_ERROR, NULL, 0, 0,
			    "no fio results found in the inputs");
	return ret;
}

static bool has_role(const struct fv_set *set, enum fv_role role)
{
	for (size_t i = 0; i < set->njobs; i++)
		if (set->jobs[i]->role == role)
			return true;
	return false;
}

int fv_suite_analyse(struct fv_set *set, const struct fv_aopts *o,
		     const char *const *names, struct fv_report *rep)
{
	for (size_t i = 0; names[i]; i++) {
		const struct fv_analysis *a = fv_analysis_find(names[i]);
		int ret;

		if (!a || (!strcmp(names[i], "sweep") &&
			   !has_role(set, FV_ROLE_SCALING)))
			continue;
		ret = a->run(set, o, rep, &set->diags);
		if (ret)
			return ret;
	}
	return 0;
}

int fv_suite_logs(struct fv_tsset *ts, struct fv_set *set)
{
	for (size_t i = 0; i < set->njobs; i++) {
		const char *d = set->jobs[i]->source_dir;
		bool seen = false;
		int ret;

		for (size_t k = 0; k < i && !seen; k++)
			seen = set->jobs[k]->source_dir && d &&
			       !strcmp(set->jobs[k]->source_dir, d);
		if (seen || !d)
			continue;
		ret = fv_ts_load_dir(ts, *d ? d : ".", &set->diags);
		if (ret == -ENOMEM)
			return ret;
	}
	return fv_ts_join(ts, set, &set->diags);
}
