/* SPDX-License-Identifier: MIT */
/*
 * Histogram logs one line at a time: fio's bin layout, the line parser,
 * a file's reader that keeps one line and no more.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hist_int.h"

/* fio's stat.h: FIO_IO_U_PLAT_BITS, _VAL; 29 groups (fio 3), 19 (fio 2). */
#define PLAT_BITS 6
#define PLAT_VAL (1 << PLAT_BITS)
#define MAX_COARSE 6

/* fio's plat_idx_to_val, edge 0.5 (what it reports), 0 or 1 (the bounds). */
static double plat_val(size_t idx, double edge)
{
	unsigned error_bits;

	if (idx < (PLAT_VAL << 1))
		return (double) idx;
	error_bits = (unsigned) (idx >> PLAT_BITS) - 1;
	return ldexp(1, (int) error_bits + PLAT_BITS) +
	       ((double) (idx % PLAT_VAL) + edge) * ldexp(1, (int) error_bits);
}

int fv_hist_layout(size_t nbins, struct fv_hist_layout *l)
{
	static const int groups[] = { 29, 19 };

	for (size_t g = 0; g < 2; g++)
		for (int c = 0; c <= MAX_COARSE; c++)
			if ((size_t) (groups[g] * PLAT_VAL) >> c == nbins) {
				l->nbins = nbins;
				l->coarse = c;
				l->unit_ns = groups[g] == 29 ? 1 : 1000;
				return 0;
			}
	return -EINVAL;
}

int fv_hist_bin_range(size_t nbins, size_t b, double *lo, double *hi)
{
	struct fv_hist_layout l;
	size_t stride;

	if (fv_hist_layout(nbins, &l) || b >= nbins)
		return -EINVAL;
	stride = (size_t) 1 << l.coarse;
	*lo = plat_val(b * stride, 0) * l.unit_ns;
	*hi = plat_val((b + 1) * stride - 1, 1) * l.unit_ns;
	if ((b + 1) * stride - 1 < (PLAT_VAL << 1))
		*hi = (double) ((b + 1) * stride - 1) * l.unit_ns;
	return 0;
}

/*
 * The value a bin stands for: fio's own (the value its JSON reports) when
 * bins are fio's; the middle of the range of a coarse bin.
 */
double fv_hist_bin_value(const struct fv_hist_layout *l, size_t b)
{
	double lo, hi;

	if (!l->coarse)
		return plat_val(b, 0.5) * l->unit_ns;
	fv_hist_bin_range(l->nbins, b, &lo, &hi);
	return (lo + hi) / 2;
}

/* ---- Lines ---- */

/* An unsigned decimal integer after blanks; NULL when there is none. */
static const char *uint_field(const char *p, const char *end, uint64_t *v)
{
	uint64_t x = 0;
	const char *start;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	start = p;
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		if (x > (UINT64_MAX - 9) / 10)
			return NULL;
		x = x * 10 + (uint64_t) (*p - '0');
	}
	if (p == start)
		return NULL;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	*v = x;
	return p;
}

static int bad(struct fv_hist_reader *r, int column, const char *what)
{
	r->bad = true;
	if (!r->diags)
		return 0;
	return fv_diag_add(r->diags, FV_ERROR, r->s->source, r->lineno, column,
			   "%s", what);
}

static const char *const head_what[] = {
	"the time (ms) expected",
	"the data direction (0 read, 1 write, 2 trim) expected",
	"the block size (bytes) expected",
};

/* Eight empty bins, as fio writes them: the run most of a line is. */
static const char zeros8[] = " 0, 0, 0, 0, 0, 0, 0, 0,";
#define ZEROS8_LEN (sizeof(zeros8) - 1)

/*
 * The bin counts after the head, all counted (*nbins), the non-zero ones
 * of the first FV_HIST_MAX_BINS kept (r->nz_*). Most are "0, ": runs of
 * eight are skipped by one comparison, single ones without the general
 * number loop. Returns NULL when a count is not a whole number.
 */
static const char *bin_fields(struct fv_hist_reader *r, const char *p,
			      const char *end, size_t *nbins)
{
	size_t n = 0;

	r->nnz = 0;
	for (;;) {
		uint64_t v;
		const char *q;

		if ((size_t) (end - p) > ZEROS8_LEN &&
		    !memcmp(p, zeros8, ZEROS8_LEN)) {
			p += ZEROS8_LEN;
			n += 8;
			continue;
		}
		if (end - p >= 3 && p[0] == ' ' && p[1] == '0' && p[2] == ',') {
			q = p + 2;
			v = 0;
		} else if (!(q = uint_field(p, end, &v))) {
			*nbins = n;
			return NULL;
		}
		if (v && n < FV_HIST_MAX_BINS) {
			r->nz_bin[r->nnz] = (uint32_t) n;
			r->nz_count[r->nnz++] = v;
		}
		n++;
		if (q == end)
			break;
		if (*q != ',') {
			*nbins = n;
			return NULL;
		}
		p = q + 1;
	}
	*nbins = n;
	return p;
}

/* Parses [p, end) into r's pending line; a bad one is flagged. */
static int parse_line(struct fv_hist_reader *r, const char *p, const char *end)
{
	const char *line = p, *q;
	size_t nbins;
	uint64_t head[3];
	char msg[160];

	r->bad = false;
	r->have_time = false;
	r->have_dir = false;
	for (int i = 0; i < 3; i++) {
		p = uint_field(p, end, &head[i]);
		if (!p || p == end || *p != ',')
			return bad(r, p ? (int) (p - line) + 1 : 0,
				   head_what[i]);
		p++;
		if (!i) {
			r->t = (double) head[0];
			r->have_time = true;
		}
	}
	if (head[1] > 2)
		return bad(r, 0,
			   "data direction is not 0 (read), 1 (write) or 2 "
			   "(trim)");
	r->dir = (enum fv_dir) head[1];
	r->have_dir = true;
	q = bin_fields(r, p, end, &nbins);
	if (!r->layout.nbins && fv_hist_layout(nbins, &r->layout)) {
		snprintf(msg, sizeof(msg),
			 "%zu histogram bins: fio writes 1856 >> C "
			 "(log_hist_coarseness C, 0 to 6), or 1216 >> C "
			 "before fio 3",
			 nbins);
		return bad(r, 0, msg);
	}
	if (nbins != r->layout.nbins) {
		snprintf(msg, sizeof(msg),
			 "%zu histogram bins where the file's first line had "
			 "%zu (line cut short?)",
			 nbins, r->layout.nbins);
		return bad(r, 0, msg);
	}
	if (!q)
		return bad(r, 0, "a bin count (a whole number) expected");
	return 0;
}

/* ---- One file ---- */

int fv_hist_reader_open(struct fv_hist_reader *r, const struct fv_series *s,
			struct fv_diags *diags)
{
	memset(r, 0, sizeof(*r));
	r->s = s;
	r->diags = diags;
	r->nz_bin = calloc(FV_HIST_MAX_BINS, sizeof(*r->nz_bin));
	r->nz_count = calloc(FV_HIST_MAX_BINS, sizeof(*r->nz_count));
	if (!r->nz_bin || !r->nz_count)
		return -ENOMEM;
	if (s->text)
		r->f = s->text_len
			       ? fmemopen((void *) s->text, s->text_len, "r")
			       : NULL;
	else
		r->f = fopen(s->source, "r");
	if (!r->f && !(s->text && !s->text_len)) {
		int err = errno;

		r->failed = true;
		if (diags && fv_diag_add(diags, FV_ERROR, s->source, 0, 0,
					 "cannot read: %s", strerror(err)))
			return -ENOMEM;
	}
	return 0;
}

void fv_hist_reader_close(struct fv_hist_reader *r)
{
	if (r->f)
		fclose(r->f);
	free(r->line);
	free(r->nz_bin);
	free(r->nz_count);
	memset(r, 0, sizeof(*r));
}

/*
 * The next line into r (r->have false at the end). Out of time order is
 * a bad line; so is a line after a bad layout, the file being unreadable
 * from there (the caller gives up on it).
 */
int fv_hist_reader_next(struct fv_hist_reader *r)
{
	ssize_t len;
	int ret;

	r->have = false;
	while (r->f && (len = getline(&r->line, &r->cap, r->f)) >= 0) {
		const char *p = r->line, *end = r->line + len;

		r->lineno++;
		while (end > p && (end[-1] == '\n' || end[-1] == '\r'))
			end--;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p == end)
			continue;
		ret = parse_line(r, p, end);
		if (ret)
			return ret;
		/* fio ends every line: without one, it was cut */
		if (!r->bad && r->line[len - 1] != '\n')
			ret = bad(r, (int) (end - r->line) + 1,
				  "the last line has no end (cut short?)");
		if (ret)
			return ret;
		r->have = true;
		if (!r->bad && r->t < r->prev_t[r->dir]) {
			char msg[128];

			snprintf(msg, sizeof(msg),
				 "time %.0f ms is before the previous "
				 "line's %.0f ms (windows out of order)",
				 r->t, r->prev_t[r->dir]);
			ret = bad(r, 1, msg);
			if (ret)
				return ret;
		}
		if (!r->bad) {
			r->mid_ms = (r->prev_t[r->dir] + r->t) / 2;
			r->prev_t[r->dir] = r->t;
			r->last_mid_ms = r->mid_ms;
			r->last_t = r->t;
		} else {
			/* its window, as far as it can be told */
			r->mid_ms = r->have_time && r->t >= r->last_t
					    ? (r->last_t + r->t) / 2
					    : r->last_mid_ms;
		}
		if (!r->layout.nbins) {
			/* no layout known: nothing further can be read */
			r->failed = true;
			r->have = false;
		}
		return 0;
	}
	return 0;
}
