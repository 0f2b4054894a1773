/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's terse output: any bytes through its reader,
 * through the check of terse records beside fio's normal output, then
 * (detected by content) through ingest, labelling, roles, every analysis
 * and every renderer.
 */
#include <stdint.h>

#include "ingest/fio_terse.h"
#include "ingest/ingest.h"

#include "fuzz_common.h"

static void read_alone(const char *path, const char *text, size_t size)
{
	struct fv_set set;

	fv_set_init(&set, NULL);
	fv_fio_terse_detect(text, size);
	fv_fio_terse_read(&set, path, "fuzz", text, size, true);
	fv_fio_terse_in_text(&set, path, text, size, 0);
	fv_set_free(&set);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_reader(data, size, "fuzz/vm_peak_20260101-000000.out",
			   "fuzz", read_alone);
}
