/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's histogram logs (postproc/logs/hist*.c): the
 * first byte chooses the kind (lat, clat, slat) and the window (0: the
 * log's own, else N * 7 ms); the rest is the log's text, joined to a job
 * of a real result, streamed window by window and rendered as the
 * timeline table in every format.
 */
#include <stdint.h>
#include <stdio.h>

#include "analysis/analysis.h"
#include "ingest/ingest.h"

#include "fuzz_common.h"

static const char *const kinds[] = { "lat", "clat", "slat" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_logset logs = { 0 };
	unsigned pick = size ? data[0] : 0;
	struct fv_report rep = { .command = "timeline" };
	struct fv_pctlist pl;
	struct fv_aopts ao;
	struct fv_set set;
	char name[64];

	if (size)
		data++, size--;
	snprintf(name, sizeof(name), FUZZ_DIR "/steady_x_%s_hist.1.log",
		 kinds[pick % 3]);
	fv_pctlist_default(&pl);
	fv_pctlist_add(&pl, 100);
	fv_aopts_init(&ao, &pl);
	ao.lat = pick % 3 == 0 ? FV_LAT : pick % 3 == 1 ? FV_CLAT : FV_SLAT;
	ao.lat_set = true; /* as --lat */
	fuzz_base_set(&set);
	if (!fv_hist_add(&logs, name, (const char *) data, size) &&
	    !fv_log_join(&logs, &set, &set.diags) &&
	    !fv_timeline(&set, &logs, &ao, (double) (pick / 3) * 7, &rep,
			 &set.diags)) {
		rep.diags = &set.diags;
		rep.pcts = &pl;
		fuzz_render_all(&rep);
	}
	fv_report_free(&rep);
	fv_logset_free(&logs);
	fv_set_free(&set);
	return 0;
}
