/* SPDX-License-Identifier: MIT */
/* See beside.h: the program's companions, found from its own path. */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "beside.h"

void fv_beside_exe(char *buf, size_t len, const char *rel)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	buf[0] = '\0';
	if (n <= 0)
		return;
	exe[n] = '\0';
	snprintf(buf, len, "%s/../%s", dirname(exe), rel);
}
