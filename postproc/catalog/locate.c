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

static bool is_dir(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISDIR(st.st_mode);
}

/* The list in $FV_CATALOG, ':' separated, each a directory or a file. */
static int from_env(struct fv_catalog *c, const char *list, char *err,
		    size_t errlen)
{
	char *copy = strdup(list), *save = NULL;
	int ret = copy ? 0 : -ENOMEM, n = 0;

	for (char *p = copy ? strtok_r(copy, ":", &save) : NULL; p && !ret;
	     p = strtok_r(NULL, ":", &save), n++)
		ret = fv_catalog_load(c, p, err, errlen);
	free(copy);
	if (!ret && !n) {
		snprintf(err, errlen, "FV_CATALOG is set but empty");
		ret = -EINVAL;
	}
	return ret;
}

int fv_catalog_default(struct fv_catalog *c, const char **where, char *err,
		       size_t errlen)
{
	static char found[PATH_MAX + 64];
	const char *env = getenv("FV_CATALOG");
	char exe[PATH_MAX], *slash;
	ssize_t n;
	int ret;

	if (env) {
		*where = env;
		ret = from_env(c, env, err, errlen);
		return ret ? ret : fv_catalog_check(c, err, errlen);
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0) {
		snprintf(err, errlen,
			 "cannot find the catalog (no /proc/self/exe): set "
			 "FV_CATALOG or give --catalog");
		return -ENOENT;
	}
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash)
		*slash = '\0';
	snprintf(found, sizeof(found), "%s/../catalog", exe);
	if (!is_dir(found))
		snprintf(found, sizeof(found), "%s/../share/fioverdict/catalog",
			 exe);
	if (!is_dir(found)) {
		snprintf(err, errlen,
			 "no catalog in %s/../catalog nor in "
			 "%s/../share/fioverdict/catalog: set FV_CATALOG or "
			 "give --catalog",
			 exe, exe);
		return -ENOENT;
	}
	*where = found;
	ret = fv_catalog_load(c, found, err, errlen);
	return ret ? ret : fv_catalog_check(c, err, errlen);
}
