/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness: any bytes through ingest, labelling, roles, joins,
 * every analysis and every renderer. A crash, a sanitizer report, a leak
 * or a hang (-timeout) is a failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "ingest.h"
#include "join.h"
#include "label.h"
#include "render.h"
#include "role.h"
#include "verdict.h"

/* The same bytes as a fio log, joined and judged by verdict and diff. */
static struct fv_vopts *fuzz_vopts;

static void analyse(const struct fv_set *set)
{
	struct fv_pctlist show;
	struct fv_aopts o = { .show = &show,
			      .lat = FV_CLAT,
			      .of_role = FV_ROLE_STEADY,
			      .of_dir = FV_DIR_WRITE,
			      .verdict = fuzz_vopts };

	fv_pctlist_default(&show);
	for (size_t a = 0; fv_analyses[a]; a++) {
		struct fv_report rep = { .command = "fuzz",
					 .diags = &set->diags,
					 .pcts = &show };
		struct fv_diags d = { 0 };

		if (!fv_analyses[a]->run(set, &o, &rep, &d))
			for (size_t r = 0; fv_renderers[r]; r++) {
				char *buf = NULL;
				size_t len = 0;
				FILE *f = open_memstream(&buf, &len);

				if (f) {
					fv_renderers[r]->render(f, &rep);
					fclose(f);
				}
				free(buf);
			}
		fv_report_free(&rep);
		fv_diags_free(&d);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_ingest_opts io = { .named = size & 1 };
	struct fv_set set;
	struct fv_vopts vo;

	fv_set_init(&set, NULL);
	fv_vopts_init(&vo);
	fv_ts_parse(&vo.ts, "fuzz/input_x_clat.1.log", (const char *) data,
		    size, &set.diags);
	fv_ingest_buffer(&set, "fuzz/input_x_20260101-000000.json", "fuzz",
			 (const char *) data, size, &io);
	if (!fv_label_assign(&set, NULL, 0)) {
		fv_role_assign(&set, NULL, 0);
		if (!fv_join_durability(&set) &&
		    !fv_ts_join(&vo.ts, &set, &set.diags)) {
			fuzz_vopts = &vo;
			analyse(&set);
		}
	}
	fuzz_vopts = NULL;
	fv_vopts_free(&vo);
	fv_set_free(&set);
	return 0;
}
