/* SPDX-License-Identifier: MIT */
/*
 * Labels: the disk, placement or VM a result belongs to, the unit the
 * comparison tables have one row for. Rules, first match wins:
 *   1. --label NAME=PATH: inputs at PATH or under it;
 *   2. the file name pattern <label>_<test>_<timestamp> of the seed's script;
 *   3. the name of the directory holding the file ("stdin" for -).
 * Client/server output is labelled by host: NAME@HOST when rule 1 or 2
 * gives a NAME (the fleet's), else HOST; the hosts' sum of a job is
 * NAME@fleet (or fleet), fio's sum "All clients" (NAME@All clients).
 */
#ifndef FV_LABEL_H
#define FV_LABEL_H

#include "model/model.h"

struct fv_label_rule {
	char *name;
	char *path;
	char *real; /* realpath of path, NULL if it does not exist */
};

/* Parses NAME=PATH. Returns 0, -EINVAL or -ENOMEM. */
int fv_label_rule_parse(struct fv_label_rule *r, const char *arg);
void fv_label_rule_free(struct fv_label_rule *r);

/* Sets job->label and job->label_rule for every job. 0 or -ENOMEM. */
int fv_label_assign(struct fv_set *set, const struct fv_label_rule *rules,
		    size_t nrules);

/*
 * The parts of a <label>_<test>_<timestamp>[.ext] file name, or -ENOENT
 * when the name does not follow the pattern. Either output may be NULL;
 * the caller frees them.
 */
int fv_filename_split(const char *path, char **label, char **test);

#endif
