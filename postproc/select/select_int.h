/* SPDX-License-Identifier: MIT */
/* Internal to select/. */
#ifndef FV_SELECT_INT_H
#define FV_SELECT_INT_H

#include "select.h"

/*
 * After the rule is applied (set->jobs the runs shown, relabelled not
 * yet): a line in set->notes for each label with several runs of a test.
 */
int fv_select_note(struct fv_set *set, enum fv_runs rule);

#endif
