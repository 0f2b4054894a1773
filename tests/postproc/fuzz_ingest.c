/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness: any bytes through ingest, labelling, roles, joins,
 * every analysis and every renderer, and through run's host list parser.
 * A crash, a sanitizer report, a leak or a hang (-timeout) is a failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "annotate/annotate.h"
#include "ingest/ingest.h"
#include "render/render.h"
#include "runner/runner.h"
#include "verdict/verdict.h"

/* Every table analysis, then the verdicts, the diff (the set against
 * itself) and the hosts table, each rendered in every format. */
static const struct fv_analysis *const analyses[] = {
	&fv_an_summary, &fv_an_compare, &fv_an_latency,
	&fv_an_scaling, &fv_an_sweep,
};
enum { NA = sizeof(analyses) / sizeof(*analyses) };

static void render_all(const struct fv_report *rep)
{
	for (size_t r = 0; fv_renderers[r]; r++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		if (f) {
			fv_renderers[r]->render(f, rep);
			fclose(f);
		}
		free(buf);
	}
}

static void analyse(const struct fv_set *set, const struct fv_logset *logs)
{
	struct fv_pctlist show;
	struct fv_aopts o;
	struct fv_vopts vo;
	struct fv_verdict_in in = {
		.set = set, .logs = logs, .base = set, .ao = &o, .o = &vo
	};
	bool failed = false;

	fv_pctlist_default(&show);
	fv_aopts_init(&o, &show);
	fv_vopts_init(&vo);
	for (size_t a = 0; a < NA + 3; a++) {
		struct fv_report rep = { .command = "fuzz",
					 .diags = &set->diags,
					 .pcts = &show };
		struct fv_diags d = { 0 };
		int ret = a < NA	? analyses[a]->run(set, &o, &rep, &d)
			  : a == NA	? fv_verdicts(&in, &rep, &failed)
			  : a == NA + 1 ? fv_diff(&in, &rep, &failed)
					: fv_hosts_table(&in, &rep, &failed);

		if (!ret)
			render_all(&rep);
		fv_report_free(&rep);
		fv_diags_free(&d);
	}
	fv_vopts_free(&vo);
}

/* The bytes as --hosts LIST (not @FILE: no file is read here). */
static void host_list(const uint8_t *data, size_t size)
{
	char *arg = strndup((const char *) data, size < 4096 ? size : 4096),
	     err[600];
	struct fv_hostlist hl;

	if (!arg || arg[0] == '@')
		goto out;
	if (!fv_hosts_parse(&hl, arg, err, sizeof(err)))
		fv_hosts_free(&hl);
out:
	free(arg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_set set;
	struct fv_logset logs = { 0 };

	host_list(data, size);

	fv_set_init(&set, NULL);
	/* The same bytes as a fio log, joined and judged. */
	fv_log_parse(&logs, "fuzz/input_x_clat.1.log", (const char *) data,
		     size, &set.diags);
	/* and as fio's client writes a server's log */
	fv_log_parse(&logs, "fuzz/input_x_iops.1.log.127.0.0.2",
		     (const char *) data, size, &set.diags);
	fv_ingest_buffer(&set, "fuzz/input_x_20260101-000000.json", "fuzz",
			 (const char *) data, size, size & 1);
	if (!fv_annotate(&set, &(struct fv_load_opts){ 0 }) &&
	    !fv_log_join(&logs, &set, &set.diags))
		analyse(&set, &logs);
	fv_logset_free(&logs);
	fv_set_free(&set);
	return 0;
}
