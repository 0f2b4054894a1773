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

static void read_alone(const char *path, const char *text, size_t size)
{
	struct fv_dspd *runs;
	size_t nruns;
	struct fv_error e = { 0 };

	(void) path;
	fv_diskspd_text_parse(text, size, &runs, &nruns, &e);
	for (size_t i = 0; i < nruns; i++)
		fv_diskspd_free(&runs[i]);
	free(runs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_reader(data, size, "fuzz/diskspd/result.txt",
			   "fuzz/diskspd", read_alone);
}
