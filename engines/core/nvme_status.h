/* SPDX-License-Identifier: MIT */
/*
 * NVMe completion status, decoded. A passthrough command's CQE carries in
 * res either a negative kernel errno (the command never reached the device,
 * or the kernel refused it) or, when positive, the NVMe status field as the
 * kernel keeps it: Status Code in bits 7:0, Status Code Type in 10:8, Command
 * Retry Delay in 12:11, More in 13 and Do Not Retry in 14.
 *
 * fio 3.33 negates that positive value into io_u->error, which then prints
 * as a meaningless errno. Here it becomes the name from the NVMe Base
 * Specification ("LBA Out of Range (SCT 0h, SC 80h)") and an errno chosen
 * as the kernel's block layer would, so that the same failure reads alike
 * on /dev/ngXnY and /dev/nvmeXnY.
 */
#ifndef FV_NVME_STATUS_H
#define FV_NVME_STATUS_H

#include <stdbool.h>
#include <stddef.h>

/* Status Code Types */
enum nvme_sct {
	NVME_SCT_GENERIC = 0,
	NVME_SCT_CMD_SPECIFIC = 1,
	NVME_SCT_MEDIA = 2,
	NVME_SCT_PATH = 3,
	NVME_SCT_VENDOR = 7,
};

struct nvme_status {
	unsigned sct;
	unsigned sc;
	unsigned crd;
	bool more;
	bool dnr;
};

/* Splits a positive passthrough result into its fields. */
void nvme_status_decode(int res, struct nvme_status *st);

/* The spec's name of a status, or NULL when reserved or unknown. */
const char *nvme_status_name(unsigned sct, unsigned sc);

/* The spec's name of a status code type ("Media and Data Integrity
 * Errors"...), never NULL. */
const char *nvme_sct_name(unsigned sct);

/*
 * Describes a passthrough result: for res > 0 "NAME (SCT xh, SC xxh)"
 * (unknown codes: "Unknown status of type TYPE (SCT xh, SC xxh)"), for
 * res < 0 the kernel's errno text, for 0 "Successful Completion".
 * Returns @buf.
 */
char *nvme_result_describe(int res, char *buf, size_t len);

/*
 * The positive errno that stands for @res in fio's io_u->error: kernel
 * errnos are kept as they are, NVMe statuses mapped as the block layer maps
 * them (nvme_error_status() in the kernel), EIO when nothing fits better.
 */
int nvme_result_errno(int res);

#endif
