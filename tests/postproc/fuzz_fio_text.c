/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's normal text output: any bytes through its
 * reader, then (detected by content, converted from UTF-16 when a BOM says
 * so) through ingest, labelling, roles, every analysis and every renderer.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/fio_text.h"
#include "ingest/ingest.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_set set;
	struct fv_logset logs = { 0 };
	char *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	fv_set_init(&set, NULL);
	fv_fio_text_read(&set, "fuzz/vm_peak_20260101-000000.txt", "fuzz", text,
			 size, true);
	fv_set_free(&set);
	fv_set_init(&set, NULL);
	fv_ingest_buffer(&set, "fuzz/vm_peak_20260101-000000.txt", "fuzz", text,
			 size, true);
	fuzz_judge(&set, &logs);
	fv_logset_free(&logs);
	fv_set_free(&set);
	free(text);
	return 0;
}
