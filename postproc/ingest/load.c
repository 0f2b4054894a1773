/* SPDX-License-Identifier: MIT */
/* Inputs into the set: each file read, ingested and let go in turn. */
#include <errno.h>
#include <string.h>

#include "ingest.h"
#include "ingest_int.h"

int fv_ingest_input(struct fv_set *set, const struct fv_input *in)
{
	struct fv_text text;
	int ret = fv_input_text(in, &text);

	if (ret == -ENOMEM)
		return ret;
	/* fio's .fz log is not a result: a warning unless named. */
	if (ret)
		return fv_diag_add(&set->diags,
				   ret == -ENOTSUP && !in->named ? FV_WARNING
								 : FV_ERROR,
				   in->path, 0, 0, "cannot read: %s",
				   fv_input_strerror(ret));
	ret = fv_ingest_text(set, in->path, in->dir, &text, in->named);
	fv_text_free(&text); /* one input in memory at a time */
	return ret == -ENOMEM ? ret : 0;
}

int fv_no_results(struct fv_set *set)
{
	if (set->ninputs || set->diags.nerrors)
		return 0;
	return fv_diag_add(&set->diags, FV_ERROR, NULL, 0, 0,
			   "no result in the inputs: no file of them is a "
			   "result fioverdict reads (%s); -v lists the files "
			   "skipped",
			   FV_FORMATS_READ);
}

int fv_ingest_paths(struct fv_set *set, char *const *paths, size_t npaths)
{
	struct fv_inputs in = { 0 };
	int ret = 0;

	for (size_t i = 0; i < npaths && ret != -ENOMEM; i++)
		ret = fv_inputs_add(&in, paths[i], &set->diags);
	ret = ret == -ENOMEM ? ret : 0;
	fv_inputs_done(&in);
	for (size_t i = 0; i < fv_inputs_count(&in) && !ret; i++) {
		struct fv_input x;

		ret = fv_inputs_get(&in, i, &x);
		if (!ret)
			ret = fv_ingest_input(set, &x);
		fv_input_release(&x);
	}
	fv_inputs_free(&in);
	return ret ? ret : fv_provenance_attach(set);
}
