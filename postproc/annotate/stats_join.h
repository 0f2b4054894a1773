/* SPDX-License-Identifier: MIT */
/*
 * Joins our engines' stats files to their fio jobs: by job name, preferring
 * jobs from the same directory, then by fio's thread number (the job's
 * position in fio's job list, plus one), then by clone rank. A group
 * (group_reporting) or clone sum gets every stats file of its clones.
 */
#ifndef FV_JOIN_H
#define FV_JOIN_H

#include "model/model.h"

/* Returns 0 or -ENOMEM. Unmatched stats files are reported as warnings. */
int fv_join_durability(struct fv_set *set);

#endif
