/* SPDX-License-Identifier: MIT */
/* Internal to catalog/: the files a catalog or a price list is read from. */
#ifndef FV_CAT_FILES_H
#define FV_CAT_FILES_H

struct fv_error;

/*
 * Calls load(ctx, FILE, err) on path when it is a file, else on each of
 * the directory's *.csv in name order (dot files skipped), stopping at
 * the first error. A directory without one is an error (-ENOENT, "PATH:
 * none") when none is given, else nothing to do. 0 or the error.
 */
int fv_cat_each_csv(const char *path,
		    int (*load)(void *ctx, const char *file,
				struct fv_error *err),
		    void *ctx, const char *none, struct fv_error *err);

#endif
