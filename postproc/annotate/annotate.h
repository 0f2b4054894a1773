/* SPDX-License-Identifier: MIT */
/*
 * What ingest does not know: which label (disk, placement, VM) and role
 * each job has, and which of our engines' stats files belong to it; and
 * the whole pipeline a command starts with: ingest, then annotate.
 */
#ifndef FV_ANNOTATE_H
#define FV_ANNOTATE_H

#include "fleets.h"
#include "identity.h"
#include "label.h"
#include "pipeline.h"
#include "role.h"
#include "stats_join.h"

#endif
