/* SPDX-License-Identifier: MIT */
/*
 * compare: the placement table of the seed documents, one row per label:
 * Peak Read, Peak Write, Steady Write (IOPS), Seq Read, Seq Write (MiB/s),
 * Sync Write (IOPS), each from the job with that role.
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis.h"
#include "util/util.h"

static const char *const compare_metrics[] = {
	"peak_read_iops", "peak_write_iops", "steady_write_iops",
	"seq_read_bw",	  "seq_write_bw",    "sync_write_iops",
};

#define NMETRICS (FV_ARRAY_SIZE(compare_metrics))

static int run(const struct fv_set *set, const struct fv_aopts *o,
	       struct fv_report *rep, struct fv_diags *diags)
{
	struct fv_table *t = fv_table_new("compare", "Comparison by label");
	struct fv_metric m[NMETRICS];
	const char **labels = NULL;
	size_t nl = 0;
	int ret;

	(void) diags;
	if (!t || fv_report_add(rep, t)) {
		fv_table_free(t);
		return -ENOMEM;
	}
	fv_table_add_col(t, "label", "Label", FV_U_TEXT, 0);
	for (size_t i = 0; i < NMETRICS; i++) {
		fv_metric_parse(&m[i], compare_metrics[i]);
		fv_table_add_col(t, m[i].key, m[i].title, fv_metric_unit(&m[i]),
				 0);
	}
	ret = fv_labels(set, false, &labels, &nl);
	if (ret)
		return ret;
	for (size_t l = 0; l < nl; l++) {
		int row = fv_table_add_row(t);

		if (row < 0)
			break;
		fv_cell_str(t, row, 0, labels[l]);
		/* rates only: no latency to choose */
		for (size_t i = 0; i < NMETRICS; i++)
			fv_metric_put(t, row, i + 1, set, o->lat, labels[l],
				      &m[i], NULL);
	}
	free(labels);
	return fv_table_note(t, "IOPS for Peak, Steady and Sync; MiB/s for "
				"Seq; roles: see \"summary\"");
}

const struct fv_analysis fv_an_compare = {
	.name = "compare",
	.run = run,
};
