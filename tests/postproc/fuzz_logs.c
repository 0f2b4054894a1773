/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's logs (postproc/logs): the first byte chooses
 * the kind of log (iops, bw, lat, clat, slat), the thread number and
 * whether fio 2.x microseconds are forced; the rest is the log's text,
 * parsed, joined to a job of a real result and judged (burst, steady
 * state, tail read the series), then its rates and samples read back.
 */
#include <stdint.h>
#include <stdio.h>

#include "ingest/ingest.h"

#include "fuzz_common.h"

static const char *const kinds[] = { "iops", "bw", "lat", "clat", "slat" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_logset logs = { 0 };
	unsigned pick = size ? data[0] : 0;
	struct fv_set set;
	char name[64];

	if (size)
		data++, size--;
	snprintf(name, sizeof(name), FUZZ_DIR "/steady_x_%s.%u.log",
		 kinds[pick % 5], (pick / 5) % 3);
	logs.lat_us = pick & 0x80;
	logs.bin_ms = 100;
	fuzz_base_set(&set);
	fv_log_parse(&logs, name, (const char *) data, size, &set.diags);
	fuzz_judge(&set, &logs);
	for (size_t j = 0; j < set.njobs; j++)
		for (int k = 0; k < FV_LOG_NR; k++)
			for (int d = 0; d < 2; d++) {
				struct fv_rate r = { 0 };

				fv_log_rate(&logs, set.jobs[j], k, d, &r);
				fv_rate_free(&r);
				fv_log_lat_samples(&logs, set.jobs[j], k, d,
						   &r);
				fv_rate_free(&r);
			}
	fv_logset_free(&logs);
	fv_set_free(&set);
	return 0;
}
