/* SPDX-License-Identifier: MIT */
/*
 * The time an output is dated with: now, or SOURCE_DATE_EPOCH when it is
 * set (reproducible builds, https://reproducible-builds.org/specs/
 * source-date-epoch/), so that the same inputs make the same bytes.
 */
#ifndef FV_EPOCH_H
#define FV_EPOCH_H

#include <time.h>

/* SOURCE_DATE_EPOCH when it is a whole number >= 0, else time(NULL). */
time_t fv_output_time(void);

#endif
