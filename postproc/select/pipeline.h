/* SPDX-License-Identifier: MIT */
/* Ingest then annotate: what every command does first with its inputs. */
#ifndef FV_PIPELINE_H
#define FV_PIPELINE_H

#include <stddef.h>

#include "annotate/annotate.h"
#include "label.h"

struct fv_load_opts {
	char *const *paths;
	size_t npaths;
	const struct fv_label_rule *labels; /* --label NAME=PATH */
	size_t nlabels;
	enum fv_label_by label_by;	      /* --label-by */
	const struct fv_role_override *roles; /* --role JOB=ROLE */
	size_t nroles;
	/*
	 * history: its runs are documents, labels aside (one run per folder
	 * labels each apart), so a copy in another label is a copy too.
	 */
	bool runs_labels_aside;
};

/*
 * Labels, roles and stats files of the jobs already in set (ingested by
 * the caller). Returns 0 or -ENOMEM.
 */
int fv_annotate(struct fv_set *set, const struct fv_load_opts *o);

/*
 * Ingests o->paths into set (initialised by the caller with the
 * percentiles to compute), then annotates it. No fio result at all is an
 * error diagnostic. Returns 0 or -ENOMEM; input problems are diagnostics.
 */
int fv_load_annotated(struct fv_set *set, const struct fv_load_opts *o);

#endif
