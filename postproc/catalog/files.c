/* SPDX-License-Identifier: MIT */
/*
 * A catalog or a price list is a file or a directory of *.csv, read in
 * name order: one walk for both.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "files.h"
#include "util/util.h"

static int csv_file(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return d->d_name[0] != '.' && n > 4 &&
	       !strcmp(d->d_name + n - 4, ".csv");
}

int fv_cat_each_csv(const char *path,
		    int (*load)(void *ctx, const char *file,
				struct fv_error *err),
		    void *ctx, const char *none, struct fv_error *err)
{
	struct dirent **list = NULL;
	struct stat st;
	int n, ret = 0;

	if (stat(path, &st))
		return fv_error_set(err, errno, FV_EXIT_INPUT, path, 0, "%s",
				    strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return load(ctx, path, err);
	n = scandir(path, &list, csv_file, alphasort);
	if (n < 0)
		return fv_error_set(err, errno, FV_EXIT_INPUT, path, 0, "%s",
				    strerror(errno));
	if (!n && none)
		ret = fv_error_set(err, ENOENT, FV_EXIT_INPUT, path, 0, "%s",
				   none);
	for (int i = 0; i < n; i++) {
		char *full = NULL;

		if (!ret && asprintf(&full, "%s/%s", path, list[i]->d_name) < 0)
			ret = -ENOMEM;
		if (!ret)
			ret = load(ctx, full, err);
		free(full);
		free(list[i]);
	}
	free(list);
	return ret;
}
