/* SPDX-License-Identifier: MIT */
/*
 * What the libFuzzer harnesses share: a small fio result to join fuzzed
 * logs and stats files to, and every analysis, verdict and renderer run
 * over a set, so that what a parser lets through is used as the program
 * would use it.
 */
#ifndef FV_FUZZ_COMMON_H
#define FV_FUZZ_COMMON_H

#include <stddef.h>

#include "logs/logs.h"
#include "model/model.h"

/*
 * A fio 3.33 result of two jobs, steady_x (random writes, logs
 * steady_x_KIND.N.log) and sync_x (fsync=1, stats file
 * sync_x_durability.N.json), in directory "fuzz".
 */
extern const char fuzz_base_json[];
#define FUZZ_BASE_NAME "fuzz/x_base_20260101-000000.json"
#define FUZZ_DIR "fuzz"

/* A report rendered in every format, to memory. */
void fuzz_render_all(const struct fv_report *rep);

/* Ingests fuzz_base_json into a fresh set. */
void fuzz_base_set(struct fv_set *set);

/*
 * Labels, roles and joins (stats files), then, when that succeeds, every
 * table analysis, the verdicts, the diff against the set itself and the
 * hosts table, each rendered in every format.
 */
void fuzz_judge(struct fv_set *set, struct fv_logset *logs);

#endif
