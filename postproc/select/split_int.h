/* SPDX-License-Identifier: MIT */
/* Internal to splitting a label: split.c groups, split_names.c names. */
#ifndef FV_SPLIT_INT_H
#define FV_SPLIT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "select_int.h"

struct member {
	struct fv_job *job;
	struct fv_identity id;
	char *base; /* the label the rules gave */
	char *stem; /* its file's path, run counters as '#' */
	size_t ver; /* its version group: rule 2's union, by index */
	size_t group;
	bool by_file; /* rule 3 applies to its version group */
};

/* Jobs a host labels (client output) are apart already. */
static inline bool fv_split_splittable(const struct fv_job *j)
{
	return !j->host && j->kind != FV_JOB_ALL_CLIENTS &&
	       j->kind != FV_JOB_FLEET;
}
/* The rule that tells the parts apart, as a note says it. */
const char *fv_split_rule_name(unsigned vary, bool plural);
/* Group g's members named from what tells them apart (vary). */
int fv_split_rename_group(struct fv_set *set, struct member *m, size_t n,
			  const size_t *first, size_t groups, size_t g,
			  unsigned vary);
/* Two groups given one name: the later ones get their file's too. */
int fv_split_rename_clashes(struct member *m, size_t n, const size_t *first,
			    size_t groups);

#endif
