/* SPDX-License-Identifier: MIT */
/*
 * uring_durable: an fio external ioengine on liburing, O_DIRECT by default,
 * that accounts for durability: how many flushes ran, how long each took,
 * how many writes each covered, how long a write took to become durable,
 * and whether the device under the file could flush anything at all.
 *
 *   fio --ioengine=external:build/engines/uring_durable.so ...
 *
 * fio's own sync accounting cannot say this: it times the sync request, not
 * what it covered, counts fdatasyncs wrongly in 3.33, and may send extra
 * syncs that find nothing to flush. The fio-independent parts live in the
 * folders below the glue (engines/LAYERS: accounting, device, settings,
 * emulator, stats); glue/ maps fio's io_u requests onto io_uring and feeds
 * the accounting, glue_file/ reads and writes files; this file names the
 * engine and its options.
 */
#include <stddef.h>

#include "glue/glue.h"
#include "glue_file/glue_file.h"

#define ENGINE_NAME "uring_durable"

struct ud_options {
	struct glue_options g; /* first: see glue/glue.h */
};

static struct fio_option options[] = {
	GLUE_OPTIONS(offsetof(struct ud_options, g)),
	{
		.name = NULL,
	},
};

static int ud_init(struct thread_data *td)
{
	struct ud_options *o = td->eo;

	return glue_init(td, &o->g, ENGINE_NAME, &glue_file_ops);
}

struct ioengine_ops ioengine = {
	.name = ENGINE_NAME,
	GLUE_RING_OPS,
	.flags = FIO_NO_OFFLOAD | FV_FLAG_SETS_ISSUE_TIME | FV_FLAG_SYNCFS,
	.init = ud_init,
	.errdetails = glue_file_errdetails,
	.cleanup = glue_cleanup,
	.get_file_size = glue_get_file_size,
	.options = options,
	.option_struct_size = sizeof(struct ud_options),
};
