/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of DiskSpd's text result: any bytes through its
 * line reader (runs, timespans, the tables' rows and sums), then through
 * ingest (by content), every analysis and every renderer.
 */
#include <stdint.h>
#include <stdlib.h>

#include "ingest/diskspd.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_dspd *runs;
	size_t nruns;
	char *text = fuzz_text(data, size);
	struct fv_error e = { 0 };

	if (!text)
		return 0;
	fv_diskspd_text_parse(text, size, &runs, &nruns, &e);
	for (size_t i = 0; i < nruns; i++)
		fv_diskspd_free(&runs[i]);
	free(runs);
	fuzz_ingest_judge("fuzz/diskspd/result.txt", "fuzz/diskspd", text,
			  size);
	free(text);
	return 0;
}
