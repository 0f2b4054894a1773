/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's normal text output: any bytes through its
 * reader, then (detected by content, converted from UTF-16 when a BOM says
 * so) through ingest, labelling, roles, every analysis and every renderer.
 */
#include <stdint.h>
#include <stdlib.h>

#include "ingest/fio_text.h"
#include "ingest/ingest.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char path[] = "fuzz/vm_peak_20260101-000000.txt";
	struct fv_set set;
	char *text = fuzz_text(data, size);

	if (!text)
		return 0;
	fv_set_init(&set, NULL);
	fv_fio_text_read(&set, path, "fuzz", text, size, true);
	fv_set_free(&set);
	fuzz_ingest_judge(path, "fuzz", text, size);
	free(text);
	return 0;
}
