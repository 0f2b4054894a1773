/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's terse output: any bytes through its reader,
 * through the check of terse records beside fio's normal output, then
 * (detected by content) through ingest, labelling, roles, every analysis
 * and every renderer.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/fio_terse.h"
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
	fv_fio_terse_detect(text, size);
	fv_fio_terse_read(&set, "fuzz/vm_peak_20260101-000000.out", "fuzz",
			  text, size, true);
	fv_fio_terse_in_text(&set, "fuzz/vm_peak_20260101-000000.out", text,
			     size, 0);
	fv_set_free(&set);
	fv_set_init(&set, NULL);
	fv_ingest_buffer(&set, "fuzz/vm_peak_20260101-000000.out", "fuzz", text,
			 size, true);
	fuzz_judge(&set, &logs);
	fv_logset_free(&logs);
	fv_set_free(&set);
	free(text);
	return 0;
}
