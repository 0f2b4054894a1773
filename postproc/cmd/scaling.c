/* SPDX-License-Identifier: MIT */
/* fioverdict scaling: chosen metrics per label, and their ratio to one. */
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"

/* --metrics LIST: each checked now, kept as the command line's words. */
static int set_metrics(struct fv_cmdline *c, const struct fv_option *o,
		       const char *arg)
{
	char *save = NULL;

	(void) o;
	for (char *tok = strtok_r((char *) arg, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		struct fv_metric m;

		if (FV_ALLOC_GROW(c->ao.metrics, c->ao.nmetrics + 1,
				  c->ao.alloc_metrics))
			return FV_EXIT_SOFTWARE;
		if (fv_metric_parse(&m, tok))
			return fv_usage_error(c,
					      "--metrics: unknown metric '%s' "
					      "(expected ROLE_DIR_WHAT, e.g. "
					      "peak_read_iops, seq_write_bw, "
					      "steady_write_p99)",
					      tok);
		c->ao.metrics[c->ao.nmetrics++] = tok;
	}
	return 0;
}

FV_CMDLINE_FIELD(at_base, const char *, ao.base)

static const struct fv_option scaling_opts[] = {
	FV_OPT_STRING("base", 0, "LABEL",
		      "the reference label (default: the first)", at_base),
	FV_OPT("metrics", 0, "LIST",
	       "e.g. peak_read_iops,seq_write_bw,steady_write_p99",
	       set_metrics),
	FV_OPT_END,
};

const struct fv_command fv_cmd_scaling = {
	.name = "scaling",
	.help = "one row per label: chosen metrics (--metrics) and their "
		"ratio to --base",
	.synopsis = "scaling [OPTION]... INPUT...",
	.options = (const struct fv_option *const[]){ fv_opts_format,
						      fv_opts_common,
						      fv_opts_runs, fv_opts_lat,
						      scaling_opts, NULL },
	.analysis = &fv_an_scaling,
	.main = fv_tables_cmd_main,
};
