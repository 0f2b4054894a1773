/* SPDX-License-Identifier: MIT */
/*
 * The program: fioverdict SUBCOMMAND [OPTION]... INPUT... (fioverdict(1)).
 * main() calls it; the tests call it with memory streams.
 */
#ifndef FV_CMD_H
#define FV_CMD_H

#include <stdio.h>

/* Returns the exit status (util/exit_status.h). */
int fv_main(int argc, char **argv, FILE *out, FILE *err);

#endif
