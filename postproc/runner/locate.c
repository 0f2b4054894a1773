/* SPDX-License-Identifier: MIT */
/*
 * Everything a run needs, checked before anything runs: fio on PATH, our
 * engine, a target fio can open for writing.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"
#include "runner.h"

#define ENGINE_SO "uring_durable.so"

int fv_run_find_fio(struct fv_run *r, struct fv_error *e)
{
	const char *path = getenv("PATH");
	char *copy, *save = NULL;

	copy = strdup(path && *path ? path : "/usr/local/bin:/usr/bin:/bin");
	if (!copy)
		return fv_error_set(e, ENOMEM, FV_EXIT_SOFTWARE, NULL, 0, "%s",
				    "");
	for (char *d = strtok_r(copy, ":", &save); d;
	     d = strtok_r(NULL, ":", &save)) {
		snprintf(r->fio, sizeof(r->fio), "%s/fio", *d ? d : ".");
		if (!access(r->fio, X_OK)) {
			free(copy);
			return 0;
		}
	}
	free(copy);
	r->fio[0] = '\0';
	return fv_error_set(e, ENOENT, FV_EXIT_UNAVAILABLE, NULL, 0,
			    "fio not found on PATH (Debian: apt-get install "
			    "fio)");
}

static bool engine_in(char *buf, size_t len, const char *dir)
{
	struct stat st;

	int n = snprintf(buf, len, "%s/%s", dir, ENGINE_SO);

	return n > 0 && (size_t) n < len && !stat(buf, &st) &&
	       S_ISREG(st.st_mode);
}

static int explicit_engine(struct fv_run *r, const char *env,
			   struct fv_error *e)
{
	const char *so = !strncmp(env, "external:", 9) ? env + 9 : NULL;

	snprintf(r->engine, sizeof(r->engine), "%s", env);
	/* With --hosts the engine is the hosts': the probe job checks it. */
	if (so && !r->hosts.n && access(so, R_OK))
		return fv_error_set(e, errno, FV_EXIT_UNAVAILABLE, NULL, 0,
				    "FV_ENGINE=%s: %s: %s", env, so,
				    strerror(errno));
	return 0;
}

int fv_run_find_engine(struct fv_run *r, struct fv_error *e)
{
	const char *env = getenv("FV_ENGINE"), *dir = getenv("FV_ENGINE_DIR");
	char where[3][PATH_MAX], so[PATH_MAX + 32];

	if (env && *env)
		return explicit_engine(r, env, e);
	snprintf(where[0], sizeof(where[0]), "%s", dir ? dir : "");
	fv_beside_exe(where[1], sizeof(where[1]), "engines");
	fv_beside_exe(where[2], sizeof(where[2]), "lib/fioverdict");
	for (int i = 0; i < 3; i++) {
		char real[PATH_MAX];

		if (!where[i][0] || !engine_in(so, sizeof(so), where[i]))
			continue;
		snprintf(r->engine, sizeof(r->engine), "external:%s",
			 realpath(so, real) ? real : so);
		return 0;
	}
	return fv_error_set(e, ENOENT, FV_EXIT_UNAVAILABLE, NULL, 0,
			    "engine %s not found in FV_ENGINE_DIR (%s), %s or "
			    "%s\n(build it with 'make engines', or set "
			    "FV_ENGINE, e.g. FV_ENGINE=io_uring)",
			    ENGINE_SO, dir ? dir : "unset", where[1], where[2]);
}

static int target_dir_ok(const char *target, struct fv_error *e)
{
	char *copy = strdup(target), *dir;
	struct stat st;
	int ret = 0;

	if (!copy)
		return fv_error_set(e, ENOMEM, FV_EXIT_SOFTWARE, NULL, 0, "%s",
				    "");
	dir = dirname(copy);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		ret = fv_error_set(e, ENOENT, FV_EXIT_NOINPUT, NULL, 0,
				   "target %s: directory %s does not exist",
				   target, dir);
	else if (access(dir, W_OK | X_OK))
		ret = fv_error_set(e, errno, FV_EXIT_NOINPUT, NULL, 0,
				   "target %s: cannot create files in %s: %s",
				   target, dir, strerror(errno));
	free(copy);
	return ret;
}

static int absolute(struct fv_run *r, struct fv_error *e)
{
	char cwd[4096];
	int n;

	if (r->target[0] == '/')
		n = snprintf(r->target_abs, sizeof(r->target_abs), "%s",
			     r->target);
	else if (getcwd(cwd, sizeof(cwd)))
		n = snprintf(r->target_abs, sizeof(r->target_abs), "%s/%s", cwd,
			     r->target);
	else
		n = -1;
	if (n < 0 || (size_t) n >= sizeof(r->target_abs))
		return fv_error_set(e, ENAMETOOLONG, FV_EXIT_NOINPUT, NULL, 0,
				    "target %s: path too long", r->target);
	return 0;
}

int fv_run_check_target(struct fv_run *r, struct fv_error *e)
{
	struct stat st;

	if (absolute(r, e))
		return -ENAMETOOLONG;
	if (r->hosts.n) /* a path on each host: checked there */
		return 0;
	if (stat(r->target, &st)) {
		if (errno == ENOENT) /* fio creates it */
			return target_dir_ok(r->target, e);
		return fv_error_set(e, errno, FV_EXIT_NOINPUT, NULL, 0,
				    "target %s: %s", r->target,
				    strerror(errno));
	}
	if (!S_ISREG(st.st_mode) && !S_ISBLK(st.st_mode) &&
	    !S_ISCHR(st.st_mode))
		return fv_error_set(e, EINVAL, FV_EXIT_NOINPUT, NULL, 0,
				    "target %s is not a file or a device",
				    r->target);
	if (access(r->target, R_OK | W_OK))
		return fv_error_set(e, errno, FV_EXIT_NOINPUT, NULL, 0,
				    "target %s: %s", r->target,
				    strerror(errno));
	return 0;
}
