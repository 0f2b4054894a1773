/* SPDX-License-Identifier: MIT */
#include "annotate/annotate.h"
#include "ingest/ingest.h"
#include "fleets.h"
#include "pipeline.h"
#include "select_int.h"

int fv_annotate(struct fv_set *set, const struct fv_load_opts *o)
{
	int ret = fv_label_assign(set, o->labels, o->nlabels, o->label_by);

	if (!ret)
		ret = fv_copies_drop(set, o->runs_labels_aside);
	if (ret)
		return ret;
	ret = fv_fleets_merge(set);
	if (ret)
		return ret;
	fv_role_assign(set, o->roles, o->nroles);
	ret = fv_tests_named(set);
	return ret ? ret : fv_join_durability(set);
}

int fv_load_annotated(struct fv_set *set, const struct fv_load_opts *o)
{
	int ret = fv_ingest_paths(set, o->paths, o->npaths);

	if (ret)
		return ret;
	ret = fv_annotate(set, o);
	if (ret)
		return ret;
	return fv_no_results(set);
}
