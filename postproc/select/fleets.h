/* SPDX-License-Identifier: MIT */
/*
 * One fleet from several client outputs: the fleet rows of one job from
 * documents that share no host, merged into one (fleets.c).
 */
#ifndef FV_FLEETS_H
#define FV_FLEETS_H

#include "model/model.h"

/* After labels (a row's fleet is its label's name). 0 or -ENOMEM. */
int fv_fleets_merge(struct fv_set *set);

#endif
