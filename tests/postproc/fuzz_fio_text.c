/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's normal text output: any bytes through its
 * reader, then (detected by content, converted from UTF-16 when a BOM says
 * so) through ingest, labelling, roles, every analysis and every renderer.
 */
#include <stdint.h>

#include "ingest/fio_text.h"
#include "ingest/ingest.h"

#include "fuzz_common.h"

static void read_alone(const char *path, const char *text, size_t size)
{
	struct fv_set set;

	fv_set_init(&set, NULL);
	fv_fio_text_read(&set, path, "fuzz", text, size, true);
	fv_set_free(&set);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_reader(data, size, "fuzz/vm_peak_20260101-000000.txt",
			   "fuzz", read_alone);
}
