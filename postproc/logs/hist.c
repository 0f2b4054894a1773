/* SPDX-License-Identifier: MIT */
/*
 * Histogram logs into windows: a job's files read side by side, each
 * window's bins added up over the files (clones, hosts), percentiles by
 * fio's rule from the sum.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hist_int.h"

bool fv_hist_has(const struct fv_logset *ts, const struct fv_job *job,
		 enum fv_log_kind kind)
{
	for (size_t i = 0; i < ts->nhist; i++)
		if (ts->hist[i]->kind == kind &&
		    fv_series_belongs(ts->hist[i], job))
			return true;
	return false;
}

/* ---- Windows ---- */

#define NDIRS 3 /* read, write, trim */

struct merge {
	const struct fv_hist_query *q;
	struct fv_hist_reader *r;
	size_t nr;
	struct fv_hist_layout layout;
	double window_ms;
	double max_t;	  /* the latest line's time in the window */
	bool all_damaged; /* a file of the job is unusable */
	char *damaged_all;
	uint64_t *acc[NDIRS];
	uint64_t n[NDIRS];
	size_t top[NDIRS]; /* bins from here on are 0 in the window */
	bool used[NDIRS];
	double *pct;
	char damaged[512];
};

static double job_window(const struct fv_hist_query *q,
			 const struct fv_hist_reader *first)
{
	const char *o = fv_job_opt(q->job, "log_hist_msec");
	double w = o ? strtod(o, NULL) : 0;

	if (q->window_ms > 0)
		return q->window_ms;
	if (w >= 1 && isfinite(w))
		return w;
	/* fio writes the first line log_hist_msec in, give or take */
	return first && first->have && first->t >= 1 ? round(first->t) : 1000;
}

static int open_all(struct merge *m, const struct fv_logset *ts,
		    struct fv_diags *diags)
{
	const struct fv_hist_query *q = m->q;
	size_t n = 0;
	int ret = 0;

	for (size_t i = 0; i < ts->nhist; i++)
		n += ts->hist[i]->kind == q->kind &&
		     fv_series_belongs(ts->hist[i], q->job);
	m->r = calloc(n + 1, sizeof(*m->r));
	if (!m->r)
		return -ENOMEM;
	for (size_t i = 0; i < ts->nhist && !ret; i++) {
		struct fv_hist_reader *r = &m->r[m->nr];

		if (ts->hist[i]->kind != q->kind ||
		    !fv_series_belongs(ts->hist[i], q->job))
			continue;
		m->nr++;
		ret = fv_hist_reader_open(r, ts->hist[i], diags);
		if (!ret)
			ret = fv_hist_reader_next(r);
	}
	return ret;
}

/* Files of one job must share a layout: their bins are added up. */
static int check_layouts(struct merge *m)
{
	for (size_t i = 0; i < m->nr; i++) {
		struct fv_hist_reader *r = &m->r[i];

		if (!r->failed && r->layout.nbins && !m->layout.nbins)
			m->layout = r->layout;
		if (r->failed ||
		    (r->layout.nbins && r->layout.nbins != m->layout.nbins)) {
			if (!r->failed && r->diags &&
			    fv_diag_add(r->diags, FV_ERROR, r->s->source, 0, 0,
					"%zu histogram bins where %s has %zu "
					"(another log_hist_coarseness): not "
					"added up",
					r->layout.nbins, m->r[0].s->source,
					m->layout.nbins))
				return -ENOMEM;
			m->all_damaged = true;
			if (!m->damaged_all)
				m->damaged_all = strdup(r->s->source);
			if (!m->damaged_all)
				return -ENOMEM;
			r->have = false;
		}
	}
	for (int d = 0; d < NDIRS && m->layout.nbins; d++)
		if (!(m->acc[d] = calloc(m->layout.nbins, sizeof(uint64_t))))
			return -ENOMEM;
	return 0;
}

static void percentiles(struct merge *m, int d, struct fv_hist_window *w)
{
	const uint64_t *bins = m->acc[d];
	size_t nb = m->top[d], j = 0, top = nb ? nb - 1 : 0;
	unsigned long long sum = 0;

	w->max_ns = fv_hist_bin_value(&m->layout, top);
	for (size_t k = 0; k < m->q->np; k++)
		m->pct[k] = w->max_ns;
	/*
	 * fio's calc_clat_percentiles, percentiles in the order asked: the
	 * first bin whose running count reaches p/100 of the total.
	 */
	for (size_t k = 0; k < m->q->np; k++) {
		long double target = (long double) m->q->p[k] / 100.0 * w->n;

		if (k && m->q->p[k] < m->q->p[k - 1])
			j = 0, sum = 0;
		for (; j < nb; j++) {
			if (sum + bins[j] >= target) {
				m->pct[k] = fv_hist_bin_value(&m->layout, j);
				break;
			}
			sum += bins[j];
		}
	}
	w->pct = m->pct;
}

static int emit_window(struct merge *m, double k)
{
	struct fv_hist_window w = { .start_ms = k * m->window_ms,
				    .end_ms = (k + 1) * m->window_ms };
	bool damaged = m->all_damaged || m->damaged[0];
	bool any = false;
	int ret = 0;

	bool more = false;

	/* the last window ends with the log, not a window later */
	for (size_t i = 0; i < m->nr; i++)
		more |= m->r[i].have;
	if (!more && m->max_t > w.start_ms && m->max_t < w.end_ms)
		w.end_ms = m->max_t;
	if (m->all_damaged)
		snprintf(m->damaged, sizeof(m->damaged), "%s", m->damaged_all);
	for (int d = 0; d < NDIRS && !ret; d++) {
		if (!m->used[d])
			continue;
		any = true;
		w.dir = (enum fv_dir) d;
		w.n = m->n[d];
		w.damaged = damaged ? m->damaged : NULL;
		w.pct = NULL;
		w.max_ns = 0;
		if (!damaged && w.n)
			percentiles(m, d, &w);
		ret = m->q->emit(m->q->ctx, &w);
	}
	/* a window of nothing but damaged lines is still said */
	if (!any && damaged && !ret) {
		w.dir = FV_DIR_MIXED;
		w.damaged = m->damaged;
		ret = m->q->emit(m->q->ctx, &w);
	}
	return ret;
}

static double window_of(const struct merge *m, const struct fv_hist_reader *r)
{
	return floor(r->mid_ms / m->window_ms);
}

/*
 * A line of a direction the log's job did no I/O in is the log's fault:
 * said once per file and direction, at its first such line, not used.
 */
static int other_dir(struct fv_hist_reader *r, bool *skip)
{
	static const char *const names[] = { "read", "write", "trim" };
	const struct fv_job *j = r->s->job;
	const char *d = names[r->dir];

	*skip = j && !fv_dir_did_io(&j->dir[r->dir]);
	if (!*skip || r->dir_said[r->dir] || !r->diags)
		return 0;
	r->dir_said[r->dir] = true;
	return fv_diag_add(r->diags, FV_WARNING, r->s->source, r->lineno, 0,
			   "data direction %s, but job %s did no %s I/O: this "
			   "line and the log's later %s lines not used",
			   d, j->display ? j->display : j->name, d, d);
}

/* Adds r's pending line to the window; damage is remembered. */
static int take(struct merge *m, struct fv_hist_reader *r)
{
	size_t used = strlen(m->damaged);
	bool skip;
	int ret;

	if (r->bad) {
		/* a row for its direction, when it can be told */
		if (r->have_dir && r->dir < NDIRS)
			m->used[r->dir] = true;
		if (used < sizeof(m->damaged) - 64)
			snprintf(m->damaged + used, sizeof(m->damaged) - used,
				 "%s%s:%d", used ? ", " : "", r->s->source,
				 r->lineno);
		return 0;
	}
	if (r->dir >= NDIRS)
		return 0;
	ret = other_dir(r, &skip);
	if (ret || skip)
		return ret;
	m->max_t = fmax(m->max_t, r->t);
	m->used[r->dir] = true;
	for (size_t i = 0; i < r->nnz; i++) {
		size_t b = r->nz_bin[i];

		m->acc[r->dir][b] += r->nz_count[i];
		m->n[r->dir] += r->nz_count[i];
		if (b >= m->top[r->dir])
			m->top[r->dir] = b + 1;
	}
	return 0;
}

static int run(struct merge *m)
{
	double last = -INFINITY;
	int ret = 0;

	for (;;) {
		double k = INFINITY;

		for (size_t i = 0; i < m->nr; i++)
			if (m->r[i].have)
				k = fmin(k, fmax(window_of(m, &m->r[i]), last));
		if (k == INFINITY)
			return 0;
		for (int d = 0; d < NDIRS; d++) {
			memset(m->acc[d], 0, m->top[d] * sizeof(uint64_t));
			m->top[d] = 0;
			m->used[d] = false;
			m->n[d] = 0;
		}
		m->damaged[0] = '\0';
		m->max_t = 0;
		for (size_t i = 0; i < m->nr && !ret; i++) {
			struct fv_hist_reader *r = &m->r[i];

			while (r->have && !ret &&
			       fmax(window_of(m, r), last) <= k) {
				ret = take(m, r);
				if (!ret)
					ret = fv_hist_reader_next(r);
			}
		}
		if (!ret)
			ret = emit_window(m, k);
		if (ret)
			return ret;
		last = k;
	}
}

int fv_hist_windows(const struct fv_logset *ts, const struct fv_hist_query *q,
		    struct fv_diags *diags)
{
	struct merge m = { .q = q };
	int ret = open_all(&m, ts, diags);

	if (!ret)
		ret = check_layouts(&m);
	m.window_ms = job_window(q, m.nr ? &m.r[0] : NULL);
	if (!ret && q->np && !(m.pct = calloc(q->np, sizeof(*m.pct))))
		ret = -ENOMEM;
	if (!ret && m.nr && m.layout.nbins)
		ret = run(&m);
	else if (!ret && m.all_damaged) {
		/* not one file could be read: say so once */
		snprintf(m.damaged, sizeof(m.damaged), "%s", m.damaged_all);
		ret = emit_window(&m, 0);
	}
	for (size_t i = 0; i < m.nr; i++)
		fv_hist_reader_close(&m.r[i]);
	free(m.r);
	for (int d = 0; d < NDIRS; d++)
		free(m.acc[d]);
	free(m.pct);
	free(m.damaged_all);
	return ret;
}
