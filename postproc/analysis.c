/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "analysis.h"
#include "verdict.h"

const struct fv_analysis *const fv_analyses[] = {
	&fv_an_summary, &fv_an_compare, &fv_an_latency,
	&fv_an_scaling, &fv_an_sweep,	&fv_an_verdict, &fv_an_diff, NULL,
};

const struct fv_analysis *fv_analysis_find(const char *name)
{
	for (size_t i = 0; fv_analyses[i]; i++)
		if (!strcmp(fv_analyses[i]->name, name))
			return fv_analyses[i];
	return NULL;
}
