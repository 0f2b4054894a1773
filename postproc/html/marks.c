/* SPDX-License-Identifier: MIT */
/*
 * The verdicts' findings drawn on the charts, from the figure columns of
 * the verdict table (at_ms, until_ms, level_iops, level2_iops, knee_qd):
 * the table is what the verdicts said, so the page cannot draw a finding
 * the verdict did not make.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "chart.h"
#include "model/model.h"

static void iops_text(char *buf, size_t len, double v)
{
	char n[FV_NUMBUF];

	fv_fmt_human(n, sizeof(n), FV_U_IOPS, v);
	snprintf(buf, len, "%s IOPS", n);
}

static int mark(struct fv_chart *ch, enum fv_mark_kind kind, double x0,
		double x1, double y, const char *text)
{
	return fv_mark_add(ch, &(struct fv_mark){ .kind = kind,
						  .x0 = x0,
						  .x1 = x1,
						  .y = y,
						  .text = (char *) text });
}

/* The fall (dashed vertical), the level before and after it. */
static int burst_marks(struct fv_chart *ch, const struct fv_table *vt, size_t r,
		       const char *label)
{
	double at = fv_table_num(vt, r, "at_ms") / 1e3,
	       until = fv_table_num(vt, r, "until_ms") / 1e3,
	       lv = fv_table_num(vt, r, "level_iops"),
	       lv2 = fv_table_num(vt, r, "level2_iops");
	char text[256], n[64];
	int ret = 0;

	if (isfinite(at)) {
		snprintf(text, sizeof(text), "%s: burst ends at %.1f s", label,
			 at);
		ret = mark(ch, FV_MK_VLINE, at, NAN, NAN, text);
		if (!ret && isfinite(lv)) {
			iops_text(n, sizeof(n), lv);
			snprintf(text, sizeof(text), "before %s", n);
			ret = mark(ch, FV_MK_HLINE, 0, at, lv, text);
		}
		if (!ret && isfinite(lv2)) {
			iops_text(n, sizeof(n), lv2);
			snprintf(text, sizeof(text), "after %s", n);
			ret = mark(ch, FV_MK_HLINE, at, until, lv2, text);
		}
		return ret;
	}
	/* Peak against steady (two runs, no time): the peak's level. */
	if (!isfinite(lv))
		return 0;
	iops_text(n, sizeof(n), lv);
	snprintf(text, sizeof(text), "%s: peak job %s", label, n);
	return mark(ch, FV_MK_HLINE, NAN, NAN, lv, text);
}

/* The SNIA window judged, pass or fail, and its mean. */
static int steady_marks(struct fv_chart *ch, const struct fv_table *vt,
			size_t r, const char *label)
{
	double at = fv_table_num(vt, r, "at_ms") / 1e3,
	       until = fv_table_num(vt, r, "until_ms") / 1e3,
	       lv = fv_table_num(vt, r, "level_iops");
	bool ok = !strcmp(fv_table_str(vt, r, "outcome"), "pass");
	char text[256], n[64];
	int ret;

	if (!isfinite(at) || !isfinite(until))
		return 0;
	snprintf(text, sizeof(text), "%s: %s window", label,
		 ok ? "steady" : "NOT steady");
	ret = mark(ch, FV_MK_SPAN, at, until, NAN, text);
	if (ret || !isfinite(lv))
		return ret;
	iops_text(n, sizeof(n), lv);
	snprintf(text, sizeof(text), "window mean %s", n);
	return mark(ch, FV_MK_HLINE, at, until, lv, text);
}

int fv_marks_time(struct fv_chart *ch, const struct fv_table *vt,
		  const char *label, const char *job)
{
	int ret = 0;

	for (size_t r = 0; vt && r < vt->nrows && !ret; r++) {
		const char *check = fv_table_str(vt, r, "check");

		if (strcmp(fv_table_str(vt, r, "label"), label) ||
		    strcmp(fv_table_str(vt, r, "job"), job))
			continue;
		if (!strcmp(check, "burst") &&
		    !strcmp(fv_table_str(vt, r, "verdict"), "burst-collapse"))
			ret = burst_marks(ch, vt, r, label);
		else if (!strcmp(check, "steady-state"))
			ret = steady_marks(ch, vt, r, label);
	}
	return ret;
}

/*
 * A cap row names its sweep "NAME (QD a-b)": the chart of direction d
 * shows it when a scaling job of that name and label goes that way.
 */
static bool sweep_on_chart(const struct fv_set *set, const char *label,
			   const char *row_job, enum fv_dir d)
{
	const char *end = strstr(row_job, " (QD ");
	size_t len = end ? (size_t) (end - row_job) : strlen(row_job);

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (j->role == FV_ROLE_SCALING && j->label && j->name &&
		    !strcmp(j->label, label) && strlen(j->name) == len &&
		    !strncmp(j->name, row_job, len) && fv_lat_dir(j) == d)
			return true;
	}
	return false;
}

int fv_marks_sweep(struct fv_chart *ch, const struct fv_table *vt,
		   const struct fv_set *set, enum fv_dir d)
{
	int ret = 0;

	for (size_t r = 0; vt && r < vt->nrows && !ret; r++) {
		const char *label = fv_table_str(vt, r, "label");
		double cap = fv_table_num(vt, r, "level_iops"),
		       knee = fv_table_num(vt, r, "knee_qd");
		char text[256], n[64];

		if (strcmp(fv_table_str(vt, r, "verdict"), "capped") ||
		    !isfinite(cap) || !isfinite(knee) ||
		    !sweep_on_chart(set, label, fv_table_str(vt, r, "job"), d))
			continue;
		iops_text(n, sizeof(n), cap);
		snprintf(text, sizeof(text), "%s: capped at %s", label, n);
		ret = mark(ch, FV_MK_HLINE, NAN, NAN, cap, text);
		snprintf(text, sizeof(text), "%s: knee QD %.0f", label, knee);
		if (!ret)
			ret = mark(ch, FV_MK_VLINE, knee, NAN, NAN, text);
	}
	return ret;
}
