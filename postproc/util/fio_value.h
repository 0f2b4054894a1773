/* SPDX-License-Identifier: MIT */
/* fio option values as fio parses them: sizes, times, booleans. */
#ifndef FV_FIO_VALUE_H
#define FV_FIO_VALUE_H

#include <stdbool.h>
#include <stdint.h>

/*
 * "4k", "1m", "4096", "64KiB"; for "4k,8k" (read,write) or "4k-8k"
 * (range) the first. Units are powers of 1024, fio's default kb_base.
 * Returns 0, or -EINVAL for what is no size in bytes ("50%" of the device,
 * "203z" zones).
 */
int fv_opt_size(const char *s, uint64_t *bytes);

/* "60", "60s", "2m", "1h", "500ms": seconds by default. */
int fv_opt_seconds(const char *s, double *seconds);

/* A plain integer such as iodepth or numjobs. */
int fv_opt_int(const char *s, long *v);

/* fio's boolean/number options: "1", "true", "yes", "on", or N > 0. */
bool fv_opt_true(const char *s);

#endif
