/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's JSON: any bytes through ingest, labelling,
 * roles, joins, every analysis and every renderer; the same bytes as a
 * fio log too. A crash, a sanitizer report, a leak or a hang (-timeout)
 * is a failure.
 */
#include <stdint.h>

#include "ingest/ingest.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_set set;
	struct fv_logset logs = { 0 };

	fv_set_init(&set, NULL);
	fv_log_parse(&logs, "fuzz/input_x_clat.1.log", (const char *) data,
		     size, &set.diags);
	fv_ingest_buffer(&set, "fuzz/input_x_20260101-000000.json", "fuzz",
			 (const char *) data, size, size & 1);
	fuzz_judge(&set, &logs);
	fv_logset_free(&logs);
	fv_set_free(&set);
	return 0;
}
