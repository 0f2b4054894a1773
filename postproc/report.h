/* SPDX-License-Identifier: MIT */
/*
 * fioverdict report [OPTION]... INPUT... -o report.html
 *
 * One self-contained HTML page (no network needed to view it): the
 * tables, the verdicts with their sentences, and charts drawn by gnuplot's
 * SVG terminal and inlined.
 *
 * Stages: report_cli.c (command line) -> suite.c (ingest, annotation,
 * table analyses) -> report_data.c (chart series from the model and the
 * fio logs) -> report_plot.c (gnuplot scripts, SVG) -> report_html.c.
 */
#ifndef FV_REPORT_H
#define FV_REPORT_H

#include <stdio.h>

/* Beyond enum fv_exit: gnuplot missing, the page has no charts. */
#define FV_REPORT_NO_GNUPLOT 69

/* argv[0] is "report". Returns the exit status (enum fv_exit). */
int fv_report_main(int argc, char **argv, FILE *out, FILE *err);

#endif
