/* SPDX-License-Identifier: MIT */
/*
 * The model every later stage reads: the set of jobs (set.h), their
 * percentiles (percentile.h), questions asked of a set (query.h), and the
 * report that analyses fill and renderers write: tables of raw numbers
 * with units (table.h, units.h).
 */
#ifndef FV_MODEL_H
#define FV_MODEL_H

#include "percentile.h"
#include "query.h"
#include "set.h"
#include "table.h"
#include "units.h"

#endif
