/* SPDX-License-Identifier: MIT */
/*
 * Errnos as the block layer hands them to a read, write or flush: each
 * stands for a status of the device (blk_errors[] in block/blk-core.c),
 * which its strerror() does not say ("No data available" is a medium
 * error).
 */
#include <errno.h>
#include <stddef.h>

#include "device.h"
#include "util/array_size.h"

static const struct {
	int err;
	const char *meaning;
} meanings[] = {
	{ ENODATA, "the block layer's medium error (BLK_STS_MEDIUM): the "
		   "device could not read or write the data, e.g. an NVMe "
		   "Write Fault or Unrecovered Read Error, a SCSI medium "
		   "error" },
	{ EIO, "an I/O error the device or its driver reported "
	       "(BLK_STS_IOERR), or a write-back error of the file system" },
	{ ENOSPC, "the file system is full, or the device has no space "
		  "(BLK_STS_NOSPC: a thin or zoned device)" },
	{ EDQUOT, "the disk quota is exhausted" },
	{ EREMOTEIO, "the device refused the command (BLK_STS_TARGET), e.g. "
		     "an LBA out of range" },
	{ ENOLINK, "the path to the device failed (BLK_STS_TRANSPORT)" },
	{ ETIMEDOUT, "the command timed out (BLK_STS_TIMEOUT)" },
	{ EILSEQ, "a protection information check failed "
		  "(BLK_STS_PROTECTION)" },
	{ EOPNOTSUPP, "the device does not support the command "
		      "(BLK_STS_NOTSUPP)" },
	{ ECANCELED, "the request never ran: the one it was linked to "
		     "failed" },
	{ EROFS, "the device or file system is read-only" },
};

const char *dev_errno_meaning(int err)
{
	for (size_t i = 0; i < FV_ARRAY_SIZE(meanings); i++)
		if (meanings[i].err == err)
			return meanings[i].meaning;
	return NULL;
}
