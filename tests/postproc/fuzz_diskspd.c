/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of DiskSpd's XML result: any bytes through its parser
 * (expat, the '&' escaping, the element paths), then through ingest (by
 * content), every analysis and every renderer.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/diskspd.h"
#include "ingest/ingest.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_set set;
	struct fv_logset logs = { 0 };
	struct fv_dspd d;
	char *text = malloc(size + 1);
	struct fv_error e = { 0 };

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	fv_diskspd_parse(text, size, &d, &e);
	fv_diskspd_free(&d);
	fv_set_init(&set, NULL);
	fv_ingest_buffer(&set, "fuzz/diskspd/result.xml", "fuzz/diskspd", text,
			 size, true);
	fuzz_judge(&set, &logs);
	fv_logset_free(&logs);
	fv_set_free(&set);
	free(text);
	return 0;
}
