/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of CrystalDiskMark's text export: any bytes through
 * its parser, then through ingest (by content, UTF-16 converted), every
 * analysis and every renderer.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/cdm.h"
#include "ingest/ingest.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_set set;
	struct fv_logset logs = { 0 };
	struct fv_cdm c;
	char *text = malloc(size + 1);
	struct fv_error e = { 0 };

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	fv_cdm_parse(text, size, &c, &e);
	fv_cdm_free(&c);
	fv_set_init(&set, NULL);
	fv_ingest_buffer(&set, "fuzz/cdm/CDM_20260101000000.txt", "fuzz/cdm",
			 text, size, true);
	fuzz_judge(&set, &logs);
	fv_logset_free(&logs);
	fv_set_free(&set);
	free(text);
	return 0;
}
