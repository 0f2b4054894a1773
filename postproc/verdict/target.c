/* SPDX-License-Identifier: MIT */
/*
 * What the results say of a job's target: the file system it is on, its
 * block device and that device's write cache (our engines' stats files),
 * and its path (the workload's: fio's filename or directory, DiskSpd's). The
 * cache and flush checks build on it.
 */
#include <stdio.h>
#include <string.h>

#include "verdict_int.h"

const char *fv_vtarget_path(const struct fv_job *j)
{
	return j->wl.target ? j->wl.target : "";
}

static bool memory_fs_type(const char *t)
{
	return t && (!strcmp(t, "tmpfs") || !strcmp(t, "ramfs"));
}

/*
 * /dev/shm is tmpfs on every Linux system; other paths could be anything
 * on the machine that ran fio, which need not be this one.
 */
static bool shm_path(const char *p)
{
	return !strncmp(p, "/dev/shm/", 9);
}

const char *fv_vtarget_memfs(const struct fv_job *j, char *why, size_t len)
{
	const char *path = fv_vtarget_path(j);

	for (size_t i = 0; i < j->ndur; i++) {
		const struct fv_durability *d = j->dur[i];

		if (memory_fs_type(d->fs_type)) {
			snprintf(why, len,
				 "%s, no block device under it (the engine's "
				 "stats file)",
				 d->fs_type);
			return why;
		}
	}
	/* fio saw no block device, and the path is tmpfs's. */
	if (shm_path(path) && (!j->run_io.known || !j->run_io.devices[0])) {
		snprintf(why, len,
			 "tmpfs (%.200s), no block device in fio's "
			 "disk_util",
			 path);
		return why;
	}
	return NULL;
}

bool fv_vtarget_no_disk(const struct fv_job *j)
{
	char why[300];

	for (size_t i = 0; i < j->ndur; i++)
		if (j->dur[i]->emulated)
			return false;
	return fv_vtarget_memfs(j, why, sizeof(why)) != NULL;
}
