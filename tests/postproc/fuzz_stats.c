/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of our engines' stats files (ingest/stats_file.c):
 * any bytes as sync_x_durability.1.json beside a real fio result, joined
 * to its job, summarised (flushes, empty syncs, writes not durable) and
 * judged (the flush verdict reads the device facts), in every format.
 */
#include <stdint.h>

#include "ingest/ingest.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_logset logs = { 0 };
	struct fv_set set;

	fuzz_base_set(&set);
	fv_ingest_buffer(&set, FUZZ_DIR "/sync_x_durability.1.json", FUZZ_DIR,
			 (const char *) data, size, true);
	fuzz_judge(&set, &logs);
	fv_logset_free(&logs);
	fv_set_free(&set);
	return 0;
}
