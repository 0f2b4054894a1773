/* SPDX-License-Identifier: MIT */
/*
 * The glue personality for regular files and block devices: plain
 * IORING_OP_READ/WRITE (or their _FIXED forms) and IORING_OP_FSYNC, with
 * O_DIRECT checked when a file is opened (uring_durable's).
 */
#ifndef FV_GLUE_FILE_H
#define FV_GLUE_FILE_H

#include "glue/glue.h"

extern const struct glue_personality glue_file_ops;

/* fio's errdetails: the errno's name and what it means on a device. */
char *glue_file_errdetails(FV_ERRDETAILS_PARAMS(io_u));

#endif
