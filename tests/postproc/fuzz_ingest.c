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

static void analyse(const struct fv_set *set)
{
	struct fv_pctlist show;
	struct fv_aopts o = { .show = &show,
			      .lat = FV_CLAT,
			      .of_role = FV_ROLE_STEADY,
			      .of_dir = FV_DIR_WRITE };

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

	fv_set_init(&set, NULL);
	fv_ingest_buffer(&set, "fuzz/input_x_20260101-000000.json", "fuzz",
			 (const char *) data, size, &io);
	if (!fv_label_assign(&set, NULL, 0)) {
		fv_role_assign(&set, NULL, 0);
		if (!fv_join_durability(&set))
			analyse(&set);
	}
	fv_set_free(&set);
	return 0;
}
