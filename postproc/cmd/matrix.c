/* SPDX-License-Identifier: MIT */
/*
 * fioverdict matrix: the comparison matrices people publish (the
 * CrystalDiskMark seed's MB/s, IOPS and µs tables): labels down, tests
 * across, one metric per table, reads and writes apart.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"

static int set_metric(struct fv_cmdline *c, const struct fv_option *o,
		      const char *arg)
{
	char *copy = strdup(arg), *save = NULL;
	int ret = copy ? 0 : FV_EXIT_SOFTWARE;

	(void) o;
	for (char *m = copy ? strtok_r(copy, ",", &save) : NULL; m && !ret;
	     m = strtok_r(NULL, ",", &save)) {
		struct fv_mmetric mm;
		if (fv_matrix_metric_parse(&mm, m)) {
			ret = fv_usage_error(c,
					     "--metric: '%s' is not bw, iops, "
					     "lat or pN (a percentile, e.g. "
					     "p99.9)",
					     m);
			break;
		}
		if (FV_ALLOC_GROW(c->ao.mmetrics, c->ao.nmmetrics + 1,
				  c->ao.alloc_mmetrics)) {
			ret = FV_EXIT_SOFTWARE;
			break;
		}
		/* fv_cmdline_free frees it */
		c->ao.mmetrics[c->ao.nmmetrics] = strdup(m);
		if (!c->ao.mmetrics[c->ao.nmmetrics++])
			ret = FV_EXIT_SOFTWARE;
	}
	free(copy);
	return ret;
}

static const struct fv_option matrix_opts[] = {
	FV_OPT("metric", 0, "LIST",
	       "bw, iops, lat (mean) or pN, comma-separated\n(repeatable; "
	       "default bw,iops,lat)",
	       set_metric),
	FV_OPT_END,
};

const struct fv_command fv_cmd_matrix = {
	.name = "matrix",
	.help = "labels down, tests across: bandwidth, IOPS, latency tables",
	.synopsis = "matrix [--metric LIST] [OPTION]... INPUT...",
	.after = "One table per metric and direction (read, write; mixed "
		 "for rw jobs). A test is\nnamed by its job's description=, "
		 "else SEQ1M Q8T1 style from its options.\nWith --sku, "
		 "each label's binding limit beside it.\n",
	.options = (const struct fv_option *const[]){ fv_opts_format,
						      fv_opts_common,
						      fv_opts_runs, fv_opts_lat,
						      matrix_opts, fv_opts_sku,
						      fv_opts_catalog, NULL },
	.analysis = &fv_an_matrix,
	.main = fv_tables_cmd_main,
};
