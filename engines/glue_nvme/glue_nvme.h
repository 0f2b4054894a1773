/* SPDX-License-Identifier: MIT */
/*
 * The glue personality for NVMe generic character devices (/dev/ngXnY):
 * every request becomes an NVMe command sent with IORING_OP_URING_CMD.
 * The command words come from nvme/nvme_cmd.c, the completion status is
 * decoded by nvme/nvme_status.c; this file ties them to fio.
 */
#ifndef FV_GLUE_NVME_H
#define FV_GLUE_NVME_H

#include "glue/glue.h"

/* nvme_pt's options: the common ones first (see glue/glue.h). */
struct nvme_pt_options {
	struct glue_options g;
	unsigned int writefua;
	unsigned int readfua;
	unsigned int write_zeroes;
	unsigned int deac;
};

extern const struct glue_personality glue_nvme_ops;

/* After glue_init(): checks the NVMe options, sets up the personality. */
int glue_nvme_init(struct thread_data *td);

/*
 * fio's get_file_size: refuses anything but an NVMe generic device, asks
 * the controller for the namespace's size and LBA format, and refuses a job
 * whose block sizes or offsets are not whole LBAs. fio may call it before
 * init, from its main process.
 */
int glue_nvme_get_file_size(struct thread_data *td, struct fio_file *f);

/* fio's errdetails: the NVMe status of a failed request, in words. */
char *glue_nvme_errdetails(FV_ERRDETAILS_PARAMS(io_u));

/* Frees what the personality keeps per file, then glue_cleanup(). */
void glue_nvme_cleanup(struct thread_data *td);

#endif
