/* SPDX-License-Identifier: MIT */
/*
 * The target a replay writes its trace to, checked before any run
 * directory is made: what it holds, that it is there, its size (which
 * the command checks the trace against), its name.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "util/util.h"
#include "runner.h"

/* Not a file system (unless t->force); never a file made in /dev. */
static int check_contents(const struct fv_replay_target *t, struct fv_error *e)
{
	char what[1100];
	int ret = fv_target_holds_fs(t->path, what, sizeof(what));

	if (ret < 0)
		return fv_error_set(e, -ret, FV_EXIT_NOINPUT, NULL, 0, "%s: %s",
				    t->path, strerror(-ret));
	if (ret == 2 || (ret && !t->force))
		return fv_error_set(e, EBUSY, FV_EXIT_NOINPUT, NULL, 0,
				    "%s holds %s: replay writes to it; give a "
				    "scratch device or file%s",
				    t->path, what,
				    ret == 2
					    ? " (in use: not even with --force)"
					    : ", or --force to destroy it");
	/* a device named that is not there: never a file made in /dev */
	if (!strncmp(t->path, "/dev/", 5) && access(t->path, F_OK))
		return fv_error_set(e, ENODEV, FV_EXIT_NOINPUT, NULL, 0,
				    "%s: no such device", t->path);
	return 0;
}

int fv_replay_check_target(const struct fv_replay_target *t, uint64_t *size,
			   struct fv_error *e)
{
	int ret = check_contents(t, e);

	if (ret)
		return ret;
	/* a file is made or grown, written through; a device is as it is */
	*size = 0;
	ret = fv_target_extend(t->path, t->extent, false);
	if (!ret)
		ret = fv_target_size(t->path, size);
	if (ret)
		return fv_error_set(e, -ret, FV_EXIT_NOINPUT, NULL, 0, "%s: %s",
				    t->path, strerror(-ret));
	return 0;
}

int fv_replay_check_name(const char *target_abs, struct fv_error *e)
{
	if (strlen(target_abs) <= 256 && !strpbrk(target_abs, " \t"))
		return 0;
	return fv_error_set(e, EINVAL, FV_EXIT_NOINPUT, NULL, 0,
			    "%s: fio's iolog names its file without blanks and "
			    "in 256 bytes at most; give another path (a "
			    "symbolic link will do)",
			    target_abs);
}
