/* SPDX-License-Identifier: MIT */
/*
 * Where the program's companions are: the build tree keeps the engines,
 * the job files, the catalog and the browser's page in $(BUILD)/engines,
 * $(BUILD)/jobfiles, $(BUILD)/catalog and $(BUILD)/web, beside
 * $(BUILD)/postproc; an installation keeps them under PREFIX/lib and
 * PREFIX/share, beside PREFIX/bin. Both are found from the program's own
 * path, never from a path compiled in, so that a build tree, a PREFIX or
 * a DESTDIR staging copy works where it lies.
 */
#ifndef FV_BESIDE_H
#define FV_BESIDE_H

#include <stddef.h>

/*
 * DIR/../rel into buf, where DIR is this program's directory; "" when the
 * program cannot tell where it is (no /proc/self/exe: WASI).
 */
void fv_beside_exe(char *buf, size_t len, const char *rel);

#endif
