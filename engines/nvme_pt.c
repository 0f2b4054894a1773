/* SPDX-License-Identifier: MIT */
/*
 * nvme_pt: an fio external ioengine that sends NVMe commands through
 * io_uring passthrough (IORING_OP_URING_CMD on /dev/ngXnY), past the block
 * layer, with the durability accounting of uring_durable: fio's fsync and
 * fdatasync become NVMe Flush, trims Dataset Management deallocate, writes
 * may carry FUA or become Write Zeroes, and a failed command reports its
 * NVMe status by name.
 *
 *   fio --ioengine=external:build/engines/nvme_pt.so --filename=/dev/ng0n1
 *
 * fio 3.33's io_uring_cmd engine does Read and Write only. The ring, the
 * batching and the accounting are glue/'s; the NVMe side is glue_nvme/.
 */
#include <stddef.h>

#include "glue/glue.h"
#include "glue_nvme/glue_nvme.h"

#define ENGINE_NAME "nvme_pt"

static struct fio_option options[] = {
	GLUE_OPTIONS(offsetof(struct nvme_pt_options, g)),
	{
		.name = "writefua",
		.lname = "FUA on writes",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct nvme_pt_options, writefua),
		.def = "0",
		.help = "Set Force Unit Access on every write: durable when "
			"it completes (the same as write_mode=dsync)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_IOURING,
	},
	{
		.name = "readfua",
		.lname = "FUA on reads",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct nvme_pt_options, readfua),
		.def = "0",
		.help = "Set Force Unit Access on every read (read from the "
			"medium, not a cache)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_IOURING,
	},
	{
		.name = "write_zeroes",
		.lname = "Writes as Write Zeroes",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct nvme_pt_options, write_zeroes),
		.def = "0",
		.help = "Send fio's writes as NVMe Write Zeroes of the same "
			"range (no data moves; the range reads back as zeroes)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_IOURING,
	},
	{
		.name = "deac",
		.lname = "Write Zeroes deallocates",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct nvme_pt_options, deac),
		.def = "0",
		.help = "Set the Deallocate bit of Write Zeroes (needs "
			"write_zeroes=1)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_IOURING,
	},
	{
		.name = NULL,
	},
};

static int pt_init(struct thread_data *td)
{
	struct nvme_pt_options *o = td->eo;

	if (glue_init(td, &o->g, ENGINE_NAME, &glue_nvme_ops))
		return 1;
	return glue_nvme_init(td);
}

struct ioengine_ops ioengine = {
	.name = ENGINE_NAME,
	GLUE_RING_OPS,
	/* MEMALIGN, RAWIO: page-aligned buffers, as the controller DMAs */
	.flags = FIO_NO_OFFLOAD | FV_FLAG_SETS_ISSUE_TIME | FIO_MEMALIGN |
		 FIO_RAWIO,
	.init = pt_init,
	.errdetails = glue_nvme_errdetails,
	.cleanup = glue_nvme_cleanup,
	.get_file_size = glue_nvme_get_file_size,
	.options = options,
	.option_struct_size = sizeof(struct nvme_pt_options),
};
