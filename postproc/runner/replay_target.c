/* SPDX-License-Identifier: MIT */
/*
 * The target a replay writes its trace to, checked before any run
 * directory is made: what it holds, that it is there, its size, its name.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "trace/trace.h"
#include "util/util.h"
#include "runner.h"

/* Not a file system (unless t->force); never a file made in /dev. */
static int check_contents(const struct fv_replay_target *t, FILE *err)
{
	char what[1100];
	int ret = fv_target_holds_fs(t->path, what, sizeof(what));

	if (ret < 0) {
		fprintf(err, "fioverdict replay: %s: %s\n", t->path,
			strerror(-ret));
		return FV_EXIT_NOINPUT;
	}
	if (ret == 2 || (ret && !t->force)) {
		fprintf(err,
			"fioverdict replay: %s holds %s: replay writes to "
			"it; give a scratch device or file%s\n",
			t->path, what,
			ret == 2 ? " (in use: not even with --force)"
				 : ", or --force to destroy it");
		return FV_EXIT_NOINPUT;
	}
	/* a device named that is not there: never a file made in /dev */
	if (!strncmp(t->path, "/dev/", 5) && access(t->path, F_OK)) {
		fprintf(err, "fioverdict replay: %s: no such device\n",
			t->path);
		return FV_EXIT_NOINPUT;
	}
	return 0;
}

int fv_replay_check_target(const struct fv_replay_target *t, FILE *err)
{
	struct fv_error e = { 0 };
	uint64_t size = 0;
	int ret = check_contents(t, err);

	if (ret)
		return ret;
	/* a file is made or grown, written through; a device is as it is */
	ret = fv_target_extend(t->path, t->extent, false);
	if (!ret)
		ret = fv_target_size(t->path, &size);
	if (ret) {
		fprintf(err, "fioverdict replay: %s: %s\n", t->path,
			strerror(-ret));
		return FV_EXIT_NOINPUT;
	}
	if (fv_trace_check_size(t->trace, size, t->iolog, &e)) {
		fv_error_print(&e, "fioverdict replay", err);
		fprintf(err,
			"fioverdict replay: the target %s holds %llu "
			"bytes\n",
			t->path, (unsigned long long) size);
		return FV_EXIT_NOINPUT;
	}
	return 0;
}

int fv_replay_check_name(const char *target_abs, FILE *err)
{
	if (strlen(target_abs) <= 256 && !strpbrk(target_abs, " \t"))
		return 0;
	fprintf(err,
		"fioverdict replay: %s: fio's iolog names its file without "
		"blanks and in 256 bytes at most; give another path (a "
		"symbolic link will do)\n",
		target_abs);
	return FV_EXIT_NOINPUT;
}
