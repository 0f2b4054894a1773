/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of DiskSpd's text result: any bytes through its
 * line reader (runs, timespans, the tables' rows and sums), then through
 * ingest (by content), every analysis and every renderer.
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
	struct fv_dspd *runs;
	size_t nruns;
	char *text = malloc(size + 1);
	struct fv_error e = { 0 };

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	fv_diskspd_text_parse(text, size, &runs, &nruns, &e);
	for (size_t i = 0; i < nruns; i++)
		fv_diskspd_free(&runs[i]);
	free(runs);
	fv_set_init(&set, NULL);
	fv_ingest_buffer(&set, "fuzz/diskspd/result.txt", "fuzz/diskspd", text,
			 size, true);
	fuzz_judge(&set, &logs);
	fv_logset_free(&logs);
	fv_set_free(&set);
	free(text);
	return 0;
}
