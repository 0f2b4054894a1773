/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of CrystalDiskMark's text export: any bytes through
 * its parser, then through ingest (by content, UTF-16 converted), every
 * analysis and every renderer.
 */
#include <stdint.h>
#include <stdlib.h>

#include "ingest/cdm.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_cdm c;
	char *text = fuzz_text(data, size);
	struct fv_error e = { 0 };

	if (!text)
		return 0;
	fv_cdm_parse(text, size, &c, &e);
	fv_cdm_free(&c);
	fuzz_ingest_judge("fuzz/cdm/CDM_20260101000000.txt", "fuzz/cdm", text,
			  size);
	free(text);
	return 0;
}
