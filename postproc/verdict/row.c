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

int fv_vjob_depth_asked(const struct fv_job *j)
{
	int depth = fv_job_depth(j);

	return depth > 0 ? depth : j->wl.depth;
}

double fv_vjob_queue_unfilled(const struct fv_job *j)
{
	static const char *const shallow[] = { "rate",	    "rate_iops",
					       "rate_min",  "rate_iops_min",
					       "thinktime", NULL };
	int asked = fv_vjob_depth_asked(j);

	if (asked <= 1 || isnan(j->depth_pct[0]) || j->depth_pct[0] < 99)
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

/*
 * The per-thread rate fio held direction d to (rate= bytes/s, rate_iops=
 * IO/s; "R,W,T" per direction, one value for all), or NAN. *iops says
 * which.
 */
static double rate_target(const struct fv_job *j, enum fv_dir d, bool *iops)
{
	static const char *const keys[] = { "rate_iops", "rate" };

	for (size_t k = 0; k < 2; k++) {
		const char *v = fv_job_opt(j, keys[k]);
		uint64_t x;

		/* "500" every direction's; "R,W,T" each its own, "" none */
		for (int i = 0; v && strchr(v, ',') && i < (int) d; i++) {
			const char *c = strchr(v, ',');

			v = c ? c + 1 : NULL;
		}
		if (v && *v && *v != ',' && !fv_opt_size(v, &x) && x > 0) {
			*iops = k == 0;
			return (double) x;
		}
	}
	return NAN;
}

bool fv_vjob_held_to_rate(const struct fv_job *j, char *buf, size_t len)
{
	int threads = j->wl.threads > 1 && j->kind != FV_JOB_CLONE
			      ? j->wl.threads
			      : 1;
	bool held = false;
	size_t n = 0;

	if (buf && len)
		buf[0] = '\0';
	for (int d = FV_DIR_READ; d <= FV_DIR_WRITE; d++) {
		bool iops = false;
		double want = rate_target(j, (enum fv_dir) d, &iops) * threads;
		const struct fv_dirstats *s = &j->dir[d];
		double got = iops ? s->iops : s->bw_bytes;
		char a[48], b[48];

		if (isnan(want) || !fv_dir_did_io(s))
			continue;
		if (got < 0.95 * want)
			return false; /* asked, not reached: not held there */
		held = true;
		fv_vfmt(a, sizeof(a), iops ? FV_U_IOPS : FV_U_BPS, want);
		fv_vfmt(b, sizeof(b), iops ? FV_U_IOPS : FV_U_BPS, got);
		if (buf && n < len)
			n += (size_t) snprintf(
				buf + n, len - n, "%s%s %s asked (%s), %s made",
				n ? "; " : "", fv_dir_name(d),
				iops ? "rate_iops" : "rate", a, b);
	}
	return held;
}

const char *fv_vjob_polls(const struct fv_job *j)
{
	static const char *const opts[] = { "hipri", "sqthread_poll", "iopoll",
					    NULL };
	static const char *const engines[] = { "spdk", "spdk_bdev", NULL };
	const char *e = fv_job_opt(j, "ioengine");

	for (size_t i = 0; opts[i]; i++)
		if (fv_opt_true(fv_job_opt(j, opts[i])))
			return opts[i];
	for (size_t i = 0; e && engines[i]; i++)
		if (!strcmp(e, engines[i]))
			return "its engine polls";
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
