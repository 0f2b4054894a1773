/* SPDX-License-Identifier: MIT */
/*
 * Where the program's companions are. The build tree keeps the engines
 * and the job files in $(BUILD)/engines and $(BUILD)/jobfiles, beside
 * $(BUILD)/postproc; an installation keeps them in PREFIX/lib/fioverdict
 * and PREFIX/share/fioverdict/jobfiles, beside PREFIX/bin. Both are found
 * from the program's own path, never from a path compiled in, so that a
 * build tree, a PREFIX or a DESTDIR staging copy works where it lies.
 */
#include <libgen.h>
#include <limits.h>
#include <unistd.h>

#include "runner.h"

void fv_run_beside_exe(char *buf, size_t len, const char *rel)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	buf[0] = '\0';
	if (n <= 0)
		return;
	exe[n] = '\0';
	snprintf(buf, len, "%s/../%s", dirname(exe), rel);
}
