/* SPDX-License-Identifier: MIT */
/*
 * The HTML report: charts drawn from the model, the logs and the verdict
 * table's findings (chart.h, drawn as SVG by svg.c), and the page around
 * them with the report's tables. One self-contained file.
 */
#ifndef FV_HTML_H
#define FV_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "logs/logs.h"
#include "model/model.h"
#include "select/select.h"

struct fv_chart;
struct fv_error; /* util/error.h */

struct fv_charts {
	struct fv_chart *v;
	size_t n, alloc;
};

/* The charts of a set (its logs in ts; verdicts may be NULL). 0 or -ENOMEM. */
int fv_charts_build(struct fv_charts *c, const struct fv_set *set,
		    const struct fv_logset *ts,
		    const struct fv_table *verdicts);
void fv_charts_free(struct fv_charts *c);
/*
 * The per-host charts of each fleet of the hosts table (may be NULL): the
 * hosts' IOPS and p99 over the fleet's median, per job. 0 or -ENOMEM.
 */
int fv_charts_hosts(struct fv_charts *c, const struct fv_table *hosts);
/*
 * The replay table's charts (may be NULL): each candidate's time for the
 * whole trace beside the catalog's, and the timed replay's latency
 * percentiles. 0 or -ENOMEM.
 */
int fv_charts_replay(struct fv_charts *c, const struct fv_table *replay);
/*
 * Per label whose jobs ran several times (run --repeat): each run's IOPS
 * and p99 over the median of its job's runs, one point per run, so that
 * the spread the regression gate tests is seen, not only the medians.
 * 0 or -ENOMEM.
 */
int fv_charts_runs(struct fv_charts *c, const struct fv_set *set);
/*
 * Per job of a history (the tables history-runs and history, either may
 * be NULL): its primary figure run by run, each segment's median and
 * each change point. 0 or -ENOMEM.
 */
int fv_charts_history(struct fv_charts *c, const struct fv_table *runs,
		      const struct fv_table *hist);
/* Adds the percentiles the curves show to the list computed at ingest. */
void fv_report_curve_pcts(struct fv_pctlist *pl);

/*
 * Draws every chart as SVG (html/svg.c): a chart with no point to draw is
 * left out, the reason in its place on the page. 0 or -ENOMEM.
 */
int fv_charts_draw(struct fv_charts *c);

/*
 * The page, dated now or SOURCE_DATE_EPOCH. Returns 0, -ENOMEM (nothing
 * more is written) or -EIO.
 */
struct fv_page {
	const char *title;
	const struct fv_report *rep;
	const struct fv_table *verdicts; /* NULL: none */
	const struct fv_charts *charts;
	const struct fv_diags *diags;
	const struct fv_set *set; /* what the runs were on, in the header */
};
int fv_html_write(FILE *out, const struct fv_page *p);

/*
 * report --interactive (interactive.c): the browser's page of make web,
 * found as $FV_WEB_PAGE, else beside the program (the build tree's
 * web/fioverdict.html, an installation's share/fioverdict/), read whole
 * into *text (the caller frees it). 0, or -errno when there is none or it
 * is not that page (why in err).
 */
int fv_web_page(char **text, struct fv_error *err);

struct fv_interactive {
	const char *page;   /* the browser's page, as fv_web_page read it */
	const char *report; /* this report's page, and its length */
	size_t report_len;
	/* the command line after the subcommand's name (argv[0]), options
	 * first, its last ninputs the inputs, as getopt left them */
	char *const *argv;
	size_t argc;
	char *const *inputs;
	size_t ninputs;
};

/*
 * The browser's page with this report shown when it opens, its inputs
 * (files, folders' files) and command line inside, written on out. 0, or
 * -errno with why in err.
 */
int fv_html_interactive(FILE *out, const struct fv_interactive *in,
			struct fv_error *err);

#endif
