/* SPDX-License-Identifier: MIT */
/*
 * Labels: the disk, placement or VM a result belongs to, the unit the
 * comparison tables have one row for. Rules, first match wins:
 *   1. --label NAME=PATH: inputs at PATH or under it;
 *   2. the label the input names (a script header's VM:, CrystalDiskMark's
 *      comment), then the file name pattern <label>_<test>_<timestamp> of
 *      the seed's script;
 *   3. the name of the directory holding the file ("stdin" for -);
 * then a label of several machines or targets is split (fv_label_split).
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

/* What labels a folder's results, --label aside (--label-by). */
enum fv_label_by {
	FV_LABEL_BY_RULES,  /* the rules above, then fv_label_split */
	FV_LABEL_BY_DIR,    /* the directory, whatever the results say */
	FV_LABEL_BY_FILE,   /* the file: rule 2's label, else its name */
	FV_LABEL_BY_HOST,   /* the machine the results name */
	FV_LABEL_BY_TARGET, /* the machine and the place measured */
};

/* "dir", "file", "host", "target"; -EINVAL for another. */
int fv_label_by_parse(const char *s);
const char *fv_label_by_name(enum fv_label_by by);

/*
 * Sets job->label and job->label_rule for every job: --label first, then
 * by. 0 or -ENOMEM.
 */
int fv_label_assign(struct fv_set *set, const struct fv_label_rule *rules,
		    size_t nrules, enum fv_label_by by);

/*
 * Folders of one name labelled by the folder rule (two folders "run_1"):
 * each by the end of its path that tells it apart, with a note in
 * set->notes (folders.c). 0 or -ENOMEM.
 */
int fv_label_folders(struct fv_set *set);

/*
 * Labels the rules gave to the results of several machines, targets or
 * CrystalDiskMark exports become one each (split.c), with a note in
 * set->notes. 0 or -ENOMEM.
 */
int fv_label_split(struct fv_set *set);

/* Sets used[r] when rules[r] labels a job of set (used[] kept else). */
void fv_label_rules_mark(const struct fv_set *set,
			 const struct fv_label_rule *rules, size_t nrules,
			 bool *used);

/*
 * Each --label not used (its PATH is no input nor holds one): an error in
 * diags. Returns 0, -EINVAL when there is one, or -ENOMEM.
 */
int fv_label_rules_unused(const struct fv_label_rule *rules, size_t nrules,
			  const bool *used, struct fv_diags *diags);

/* The two above for set and also (diff's baseline; NULL: none). */
int fv_label_rules_check(const struct fv_set *set, const struct fv_set *also,
			 const struct fv_label_rule *rules, size_t nrules,
			 struct fv_diags *diags);

/*
 * The parts of a <label>_<test>_<timestamp>[.ext] file name, or -ENOENT
 * when the name does not follow the pattern. Either output may be NULL;
 * the caller frees them.
 */
int fv_filename_split(const char *path, char **label, char **test);

#endif
