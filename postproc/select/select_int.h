/* SPDX-License-Identifier: MIT */
/* Internal to select/. */
#ifndef FV_SELECT_INT_H
#define FV_SELECT_INT_H

#include "select.h"

/*
 * A folder named as one run of several: a counter ("run_1", "RUN2",
 * "7") or a time stamp ("2021-04-14_11-53-55"), alone or after a run
 * word (runname.c).
 */
bool fv_run_folder(const char *name);

/*
 * A path with its run counters and time stamps as '#': files of one
 * stem are runs of one thing ("a/run_1/x.json", "a/run_2/x.json").
 */
void fv_run_stem(const char *path, char *buf, size_t len);

/*
 * After the rule is applied (set->jobs the runs shown, relabelled not
 * yet): a line in set->notes for each label with several runs of a test.
 */
int fv_select_note(struct fv_set *set, enum fv_runs rule);

/*
 * Two tests of one label under one name: each display says what tells
 * it apart ("iotest (QD 32)"), after roles (names.c). 0 or -ENOMEM.
 */
int fv_tests_named(struct fv_set *set);

/*
 * Each client job's host as its name alone, unless its output has a
 * server of that name on two ports (fleets.c). 0 or -ENOMEM.
 */
int fv_hosts_by_name(struct fv_set *set);

#endif
