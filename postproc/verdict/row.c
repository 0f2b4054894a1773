/* SPDX-License-Identifier: MIT */
/* The verdict table, and figures of a job the checks share. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "verdict_int.h"

static const struct {
	const char *key, *title;
	unsigned flags;
} cols[VC_NR] = {
	{ "label", "Label", 0 },
	{ "job", "Job", 0 },
	{ "check", "Check", 0 },
	{ "verdict", "Verdict", 0 },
	{ "evidence", "Evidence", 0 },
	{ "sentence", "Meaning", 0 },
	{ "outcome", "Outcome", FV_COL_MACHINE },
	{ "cause", "Cause", FV_COL_MACHINE },
};

struct fv_table *fv_vtable_new(const char *name, const char *title)
{
	struct fv_table *t = fv_table_new(name, title);

	for (int c = 0; t && c < VC_NR; c++)
		if (fv_table_add_col(t, cols[c].key, cols[c].title, FV_U_TEXT,
				     cols[c].flags)) {
			fv_table_free(t);
			return NULL;
		}
	return t;
}

static const struct {
	const char *key, *title;
	enum fv_unit unit;
} figs[VC_NR_FIGS - VC_NR] = {
	{ "at_ms", "At", FV_U_MS },
	{ "until_ms", "Until", FV_U_MS },
	{ "level_iops", "Level", FV_U_IOPS },
	{ "level2_iops", "Level after", FV_U_IOPS },
	{ "knee_qd", "Knee", FV_U_DEPTH },
};

/* Machine formats only: the text table stays as wide as it was. */
int fv_vtable_figs(struct fv_table *t)
{
	for (int c = 0; c < VC_NR_FIGS - VC_NR; c++)
		if (fv_table_add_col(t, figs[c].key, figs[c].title,
				     figs[c].unit, FV_COL_MACHINE))
			return -ENOMEM;
	return 0;
}

int fv_vrow_figs(struct fv_vctx *vc, const struct fv_vfigs *f)
{
	const double v[VC_NR_FIGS - VC_NR] = { f->at_ms, f->until_ms, f->level,
					       f->level2, f->knee_qd };
	size_t row = vc->t->nrows - 1;

	if (!vc->t->nrows || vc->t->ncols < VC_NR_FIGS)
		return 0;
	for (int c = 0; c < VC_NR_FIGS - VC_NR; c++)
		if (isfinite(v[c]) &&
		    fv_cell_num(vc->t, row, (size_t) (VC_NR + c), v[c]))
			return -ENOMEM;
	return 0;
}

int fv_vrow(struct fv_vctx *vc, const char *label, const char *job,
	    const char *check, enum fv_verdict v, const char *evidence,
	    const char *fmt, ...)
{
	char sentence[1024];
	int row = fv_table_add_row(vc->t);
	va_list ap;

	if (row < 0)
		return row;
	va_start(ap, fmt);
	vsnprintf(sentence, sizeof(sentence), fmt, ap);
	va_end(ap);
	if (fv_cell_str(vc->t, row, VC_LABEL, label ? label : "") ||
	    fv_cell_str(vc->t, row, VC_JOB, job) ||
	    fv_cell_str(vc->t, row, VC_CHECK, check) ||
	    fv_cell_str(vc->t, row, VC_VERDICT, fv_verdict_name(v)) ||
	    fv_cell_str(vc->t, row, VC_EVIDENCE, evidence) ||
	    fv_cell_str(vc->t, row, VC_SENTENCE, sentence) ||
	    fv_cell_str(vc->t, row, VC_OUTCOME,
			fv_outcome_name(fv_verdict_outcome(v))) ||
	    fv_cell_str(vc->t, row, VC_CAUSE, ""))
		return -ENOMEM;
	if (vc->o && (vc->o->fail_on & ((uint64_t) 1 << v)))
		vc->failed = true;
	return 0;
}

int fv_vrow_cause(struct fv_vctx *vc, const char *cause)
{
	if (!vc->t->nrows)
		return 0;
	return fv_cell_str(vc->t, vc->t->nrows - 1, VC_CAUSE, cause);
}

void fv_vlist_add(struct fv_vlist *l, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (l->len >= sizeof(l->buf))
		return;
	if (l->n++)
		l->len += (size_t) snprintf(l->buf + l->len,
					    sizeof(l->buf) - l->len, "; ");
	if (l->len >= sizeof(l->buf))
		return;
	va_start(ap, fmt);
	w = vsnprintf(l->buf + l->len, sizeof(l->buf) - l->len, fmt, ap);
	va_end(ap);
	l->len += w > 0 ? (size_t) w : 0;
	if (l->len > sizeof(l->buf) - 1)
		l->len = sizeof(l->buf) - 1;
}

void fv_vfmt(char *buf, size_t len, enum fv_unit u, double v)
{
	char n[FV_NUMBUF];

	if (!isfinite(v)) {
		snprintf(buf, len, "n/a");
		return;
	}
	switch (u) {
	case FV_U_IOPS:
		fv_fmt_human(n, sizeof(n), u, v);
		snprintf(buf, len, "%s IOPS", n);
		break;
	case FV_U_NS:
		fv_fmt_human(n, sizeof(n), u, v);
		snprintf(buf, len, "%s µs", n);
		break;
	case FV_U_PERCENT:
		snprintf(buf, len, "%.1f%%", v);
		break;
	default:
		fv_fmt_human(buf, len, u, v);
	}
}

enum fv_dir fv_vjob_dir(const struct fv_job *j)
{
	enum fv_dir d = fv_job_main_dir(j);

	return d == FV_DIR_MIXED ? FV_DIR_READ : d;
}

static double sum_dirs(const struct fv_job *j, bool bw)
{
	enum fv_dir d = fv_job_main_dir(j);
	double s = 0;

	for (int k = FV_DIR_READ; k <= FV_DIR_WRITE; k++)
		if ((d == FV_DIR_MIXED || d == (enum fv_dir) k) &&
		    j->dir[k].present)
			s += bw ? j->dir[k].bw_bytes : j->dir[k].iops;
	if (j->dir[FV_DIR_MIXED].present && s == 0)
		s = bw ? j->dir[FV_DIR_MIXED].bw_bytes
		       : j->dir[FV_DIR_MIXED].iops;
	return s;
}

double fv_vjob_iops(const struct fv_job *j)
{
	return sum_dirs(j, false);
}

double fv_vjob_bw(const struct fv_job *j)
{
	return sum_dirs(j, true);
}

double fv_vjob_pct(const struct fv_set *set, const struct fv_job *j,
		   enum fv_dir d, enum fv_latkind kind, double p)
{
	bool lower;

	return fv_vjob_pct_bound(set, j, d, kind, p, &lower);
}

double fv_vjob_pct_bound(const struct fv_set *set, const struct fv_job *j,
			 enum fv_dir d, enum fv_latkind kind, double p,
			 bool *lower)
{
	const struct fv_lat *l = &j->dir[d].lat[kind];
	int i = fv_pct_index(set, p);

	*lower = false;
	if (!j->dir[d].present || !l->present || j->dir[d].lat_unmeasured)
		return NAN;
	if (i >= 0 && l->pct && l->pct[i].src != FV_PCT_NONE) {
		*lower = l->pct[i].lower_bound;
		return l->pct[i].ns;
	}
	for (size_t k = 0; k < l->nreported; k++)
		if (fabs(l->reported[k].p - p) < 1e-9) {
			*lower = l->reported[k].ns >=
				 (l->us_histogram ? FV_HIST_END_US_NS
						  : FV_HIST_END_NS);
			return l->reported[k].ns;
		}
	return NAN;
}

double fv_vjob_queue_unfilled(const struct fv_job *j)
{
	static const char *const shallow[] = { "rate",	    "rate_iops",
					       "rate_min",  "rate_iops_min",
					       "thinktime", NULL };
	int asked = j->depth > 0 ? j->depth : j->wl.depth;

	if (asked <= 1 || !j->has_depths || j->depth_pct[0] < 99)
		return NAN;
	for (size_t i = 0; shallow[i]; i++)
		if (fv_job_opt(j, shallow[i]))
			return NAN;
	return j->depth_pct[0];
}

const char *fv_vjob_own_path(const struct fv_job *j)
{
	/*
	 * Userspace drivers, network block and object stores, NVMe
	 * passthrough: no page cache, and the kernel's block statistics
	 * (fio's disk_util) do not count their I/O.
	 */
	static const char *const engines[] = {
		"io_uring_cmd", "spdk", "spdk_bdev", "rbd",   "rados",
		"http",		"nbd",	"libblkio",  "xnvme", "nfs",
		"libiscsi",	"dfs",	"rdma",	     "net",   NULL
	};
	const char *e = fv_job_opt(j, "ioengine");
	const char *f = fv_job_opt(j, "filename");

	for (size_t i = 0; e && engines[i]; i++)
		if (!strcmp(e, engines[i]))
			return e;
	/* NVMe generic (passthrough) character devices */
	if (f && !strncmp(f, "/dev/ng", 7))
		return f;
	return NULL;
}

const char *fv_vjob_no_data(const struct fv_job *j)
{
	static const char *const engines[] = { "null", "cpuio", "exec", NULL };
	const char *e = fv_job_opt(j, "ioengine");

	for (size_t i = 0; e && engines[i]; i++)
		if (!strcmp(e, engines[i]))
			return e;
	return NULL;
}
