/* SPDX-License-Identifier: MIT */
/*
 * Named metrics, ROLE_DIR_WHAT: peak_read_iops, seq_write_bw,
 * steady_write_p99.9. They let the compare and scaling tables (and later
 * verdicts) name a number of the test plan without knowing job names.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"

static int role_word(const char *w, enum fv_role *role)
{
	int r;

	if (!strcmp(w, "seq")) {
		*role = FV_ROLE_THROUGHPUT;
		return 0;
	}
	r = fv_role_parse(w);
	if (r <= FV_ROLE_UNKNOWN)
		return -EINVAL;
	*role = r;
	return 0;
}

static int dir_word(const char *w, enum fv_dir *dir)
{
	for (int d = 0; d < FV_DIR_NR; d++) {
		if (d != FV_DIR_SYNC && !strcmp(w, fv_dir_name(d))) {
			*dir = d;
			return 0;
		}
	}
	return -EINVAL;
}

int fv_pct_word(const char *w, double *p)
{
	char *end;

	if (w[0] != 'p')
		return -EINVAL;
	*p = strtod(w + 1, &end);
	if (end == w + 1 || *end || !(*p > 0 && *p <= 100))
		return -EINVAL;
	return 0;
}

static int what_word(const char *w, struct fv_metric *m)
{
	if (!strcmp(w, "iops")) {
		m->what = FV_M_IOPS;
		return 0;
	}
	if (!strcmp(w, "bw")) {
		m->what = FV_M_BW;
		return 0;
	}
	if (fv_pct_word(w, &m->p))
		return -EINVAL;
	m->what = FV_M_PCT;
	return 0;
}

static void make_title(struct fv_metric *m)
{
	static const char *const roles[FV_ROLE_NR] = {
		"?", "Warmup", "Scaling", "Peak", "Steady", "Sync", "Seq",
	};
	const char *dir = m->dir == FV_DIR_READ	   ? "Read"
			  : m->dir == FV_DIR_WRITE ? "Write"
			  : m->dir == FV_DIR_TRIM  ? "Trim"
						   : "Mixed";

	if (m->what == FV_M_PCT)
		snprintf(m->title, sizeof(m->title), "%s %s P%g",
			 roles[m->role], dir, m->p);
	else
		snprintf(m->title, sizeof(m->title), "%s %s", roles[m->role],
			 dir);
}

int fv_metric_parse(struct fv_metric *m, const char *name)
{
	char buf[48], *dir, *what;

	memset(m, 0, sizeof(*m));
	if (strlen(name) >= sizeof(buf))
		return -EINVAL;
	strcpy(buf, name);
	dir = strchr(buf, '_');
	what = dir ? strchr(dir + 1, '_') : NULL;
	if (!dir || !what)
		return -EINVAL;
	*dir++ = '\0';
	*what++ = '\0';
	if (role_word(buf, &m->role) || dir_word(dir, &m->dir) ||
	    what_word(what, m))
		return -EINVAL;
	snprintf(m->key, sizeof(m->key), "%s", name);
	make_title(m);
	return 0;
}

enum fv_unit fv_metric_unit(const struct fv_metric *m)
{
	switch (m->what) {
	case FV_M_IOPS:
		return FV_U_IOPS;
	case FV_M_BW:
		return FV_U_BPS;
	default:
		return FV_U_NS;
	}
}

static int missing(struct fv_table *t, size_t row, size_t col,
		   const struct fv_metric *m)
{
	char why[96];

	snprintf(why, sizeof(why), "no %s job with %s I/O for this label",
		 fv_role_name(m->role), fv_dir_name(m->dir));
	return fv_cell_na(t, row, col, why);
}

int fv_cell_failed(struct fv_table *t, size_t row, size_t col,
		   const struct fv_job *job)
{
	char why[256], what[200];

	fv_job_failure(job, what, sizeof(what));
	snprintf(why, sizeof(why), "the job failed: %s", what);
	return fv_cell_na(t, row, col, why);
}

int fv_metric_put(struct fv_table *t, size_t row, size_t col,
		  const struct fv_set *set, enum fv_latkind k,
		  const char *label, const struct fv_metric *m, double *value)
{
	const struct fv_job *job = fv_pick(set, label, m->role, m->dir);
	enum fv_dir d = m->dir;
	const struct fv_dirstats *ds;
	struct fv_cell *cell;
	int ret;

	if (!job)
		return missing(t, row, col, m);
	if (fv_job_failed(job))
		return fv_cell_failed(t, row, col, job);
	/* unified_rw_reporting=mixed has one section for both. */
	if (!job->dir[d].present && job->dir[FV_DIR_MIXED].present)
		d = FV_DIR_MIXED;
	ds = &job->dir[d];
	if (m->what == FV_M_IOPS)
		ret = fv_cell_num(t, row, col, ds->iops);
	else if (m->what == FV_M_BW)
		ret = fv_cell_num(t, row, col, ds->bw_bytes);
	else
		ret = fv_put_pct(t, row, col, set, job, d, k,
				 fv_pct_index(set, m->p));
	if (ret || !value)
		return ret;
	cell = fv_table_cell(t, row, col);
	if (cell->kind == FV_CELL_NUM)
		*value = cell->num;
	return 0;
}
