/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's terse output: any bytes through its reader,
 * through the check of terse records beside fio's normal output, then
 * (detected by content) through ingest, labelling, roles, every analysis
 * and every renderer.
 */
#include <stdint.h>
#include <stdlib.h>

#include "ingest/fio_terse.h"
#include "ingest/ingest.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char path[] = "fuzz/vm_peak_20260101-000000.out";
	struct fv_set set;
	char *text = fuzz_text(data, size);

	if (!text)
		return 0;
	fv_set_init(&set, NULL);
	fv_fio_terse_detect(text, size);
	fv_fio_terse_read(&set, path, "fuzz", text, size, true);
	fv_fio_terse_in_text(&set, path, text, size, 0);
	fv_set_free(&set);
	fuzz_ingest_judge(path, "fuzz", text, size);
	free(text);
	return 0;
}
