/* SPDX-License-Identifier: MIT */
/*
 * Emulated disks whose fio run is gone. The run that made a disk removes
 * it when its main process exits (emu_shared_remove_owned() from the
 * engine's destructor), but a process that ends without its destructors
 * cannot: a fio killed, or the connection process of fio --server, which
 * ends each client's run with _exit(). Their disks stay in /dev/shm; the
 * next run that emulates a disk removes those whose owner no longer
 * exists.
 */
#include "emulator.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define PREFIX "fioverdict-emu-"

/* The owner in "fioverdict-emu-<owner>-...", or 0. */
static long owner_of(const char *name)
{
	char *end;
	long pid;

	if (strncmp(name, PREFIX, strlen(PREFIX)))
		return 0;
	pid = strtol(name + strlen(PREFIX), &end, 10);
	return end != name + strlen(PREFIX) && *end == '-' && pid > 0 ? pid : 0;
}

int emu_shared_remove_orphans(void)
{
	char name[300];
	struct dirent *e;
	int n = 0;
	DIR *d = opendir("/dev/shm");

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		long pid = owner_of(e->d_name);

		/* ESRCH: no such process; EPERM: one we may not signal */
		if (!pid || !kill((pid_t) pid, 0) || errno != ESRCH)
			continue;
		snprintf(name, sizeof(name), "/%s", e->d_name);
		if (!shm_unlink(name))
			n++;
	}
	closedir(d);
	return n;
}
