/* SPDX-License-Identifier: MIT */
/*
 * What ingest does not know of a job on its own: its role in the test
 * plan, and which of our engines' stats files belong to it. Which label,
 * machine, test and run it is of is select/'s.
 */
#ifndef FV_ANNOTATE_H
#define FV_ANNOTATE_H

#include "role.h"
#include "stats_join.h"

#endif
