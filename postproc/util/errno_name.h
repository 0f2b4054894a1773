/* SPDX-License-Identifier: MIT */
/* An errno as the system that reported it names it (errno_name.c). */
#ifndef FV_ERRNO_NAME_H
#define FV_ERRNO_NAME_H

#include <stdbool.h>

/*
 * The name of errno num on Linux, or on Windows (the C runtime fio is
 * built with there), and in *meaning (may be NULL) what it says; NULL
 * for a number not in the table.
 */
const char *fv_errno_name(int num, bool windows, const char **meaning);

#endif
