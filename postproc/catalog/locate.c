/* SPDX-License-Identifier: MIT */
/*
 * Where the catalog is: $FV_CATALOG, else beside the program (catalog/ in
 * the build tree, which the build copies there), else where an
 * installation puts it (<prefix>/share/fioverdict/catalog).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog.h"
#include "util/util.h"

static bool is_dir(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISDIR(st.st_mode);
}

/* The list in $FV_CATALOG, ':' separated, each a directory or a file. */
static int from_env(struct fv_catalog *c, const char *list,
		    struct fv_error *err)
{
	char *copy = strdup(list), *save = NULL;
	int ret = copy ? 0 : -ENOMEM, n = 0;

	for (char *p = copy ? strtok_r(copy, ":", &save) : NULL; p && !ret;
	     p = strtok_r(NULL, ":", &save), n++)
		ret = fv_catalog_load(c, p, err);
	free(copy);
	if (!ret && !n)
		ret = fv_error_set(err, EINVAL, FV_EXIT_INPUT, NULL, 0,
				   "FV_CATALOG is set but empty");
	return ret;
}

int fv_catalog_default(struct fv_catalog *c, const char **where,
		       struct fv_error *err)
{
	static char found[PATH_MAX + 64];
	char build[PATH_MAX + 64];
	const char *env = getenv("FV_CATALOG");
	int ret;

	if (env) {
		*where = env;
		ret = from_env(c, env, err);
		return ret ? ret : fv_catalog_check(c, err);
	}
	fv_beside_exe(build, sizeof(build), "catalog");
	fv_beside_exe(found, sizeof(found), "share/fioverdict/catalog");
	if (!build[0])
		return fv_error_set(
			err, ENOENT, FV_EXIT_INPUT, NULL, 0,
			"cannot find the catalog (no /proc/self/exe): set "
			"FV_CATALOG or give --catalog");
	if (is_dir(build))
		snprintf(found, sizeof(found), "%s", build);
	if (!is_dir(found))
		return fv_error_set(
			err, ENOENT, FV_EXIT_INPUT, NULL, 0,
			"no catalog in %s nor in %s: set FV_CATALOG or give "
			"--catalog",
			build, found);
	*where = found;
	ret = fv_catalog_load(c, found, err);
	return ret ? ret : fv_catalog_check(c, err);
}
