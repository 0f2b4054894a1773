/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of DiskSpd's XML result: any bytes through its parser
 * (expat, the '&' escaping, the element paths), then through ingest (by
 * content), every analysis and every renderer.
 */
#include <stdint.h>
#include <stdlib.h>

#include "ingest/diskspd.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_dspd d;
	char *text = fuzz_text(data, size);
	struct fv_error e = { 0 };

	if (!text)
		return 0;
	fv_diskspd_parse(text, size, &d, &e);
	fv_diskspd_free(&d);
	fuzz_ingest_judge("fuzz/diskspd/result.xml", "fuzz/diskspd", text,
			  size);
	free(text);
	return 0;
}
