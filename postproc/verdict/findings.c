/* SPDX-License-Identifier: MIT */
/*
 * The findings view of a verdict table: what a person reads first. One
 * line per finding (a fail or a warn), the jobs of a label that share its
 * cause on that one line; a label's methodology remarks once, counted by
 * kind; the checks that passed counted in a note. Label by label (in the
 * order they first appear): failures, then warnings, then the remarks on
 * method, each in the order the checks were made.
 *
 * What a finding is, and how many there are, is decided here once: every
 * format (text, md, csv, json, junit, the HTML page) counts with it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "verdict.h"

enum {
	F_LABEL,
	F_OUTCOME,
	F_VERDICT,
	F_JOBS,
	F_FINDING,
	F_EVIDENCE,
	F_NJOBS,
	F_NR
};

static const struct fv_col fcols[F_NR] = {
	{ "label", "Label", FV_U_TEXT, 0 },
	{ "outcome", "Outcome", FV_U_TEXT, 0 },
	{ "verdict", "Verdict", FV_U_TEXT, 0 },
	{ "jobs", "Jobs", FV_U_TEXT, 0 },
	{ "finding", "Finding", FV_U_TEXT, 0 },
	{ "evidence", "Evidence", FV_U_TEXT, 0 },
	{ "njobs", "Jobs", FV_U_COUNT, FV_COL_MACHINE },
};

static const char *str(const struct fv_table *t, size_t r, const char *k)
{
	return fv_table_str(t, r, k);
}

static bool is_method(const struct fv_table *t, size_t r)
{
	return !strcmp(str(t, r, "check"), "methodology");
}

/* What rows a and b share to be one line. */
static bool same_finding(const struct fv_table *t, size_t a, size_t b)
{
	const char *ca = str(t, a, "cause"), *cb = str(t, b, "cause");

	if (strcmp(str(t, a, "label"), str(t, b, "label")) ||
	    strcmp(str(t, a, "verdict"), str(t, b, "verdict")) ||
	    strcmp(str(t, a, "check"), str(t, b, "check")))
		return false;
	if (is_method(t, a))
		return true; /* once per label, remarks counted below */
	if (*ca || *cb)
		return !strcmp(ca, cb);
	return !strcmp(str(t, a, "sentence"), str(t, b, "sentence"));
}

/* A growing string; out of memory leaves it as it was. */
struct text {
	char *s;
	size_t len, cap;
};

static void put(struct text *x, const char *s, size_t n)
{
	if (fv_grow((void **) &x->s, &x->cap, x->len + n + 1))
		return;
	memcpy(x->s + x->len, s, n);
	x->len += n;
	x->s[x->len] = '\0';
}

static void puts_(struct text *x, const char *s)
{
	put(x, s, strlen(s));
}

/* Whether row k's job was named by an earlier row of r's finding. */
static bool named_before(const struct fv_table *t, size_t r, size_t k)
{
	for (size_t m = r; m < k; m++)
		if (same_finding(t, r, m) &&
		    !strcmp(str(t, m, "job"), str(t, k, "job")))
			return true;
	return false;
}

/*
 * The jobs of a finding: the first few by name, each name once (a
 * CrystalDiskMark test's read and write are one name), then a count of
 * the names left. Returns how many rows (jobs) share the finding.
 */
static size_t job_list(const struct fv_table *t, size_t r, struct text *x)
{
	size_t n = 0, names = 0;

	for (size_t k = r; k < t->nrows; k++) {
		if (!same_finding(t, r, k))
			continue;
		n++;
		if (named_before(t, r, k))
			continue;
		if (names < 6) {
			puts_(x, names ? ", " : "");
			puts_(x, str(t, k, "job"));
		}
		names++;
	}
	if (names > 6) {
		char more[48];

		snprintf(more, sizeof(more), " and %zu more", names - 6);
		puts_(x, more);
	}
	return n;
}

/*
 * A label's methodology remarks (each row's cause, "; "-separated kinds)
 * with how many jobs have each: "no ramp_time (12 jobs)".
 */
static void remarks(const struct fv_table *t, size_t r, struct text *x)
{
	struct text seen = { 0 };

	for (size_t k = r; k < t->nrows; k++) {
		const char *c = str(t, k, "cause"), *e;

		if (!same_finding(t, r, k))
			continue;
		for (; *c; c = *e ? e + 2 : e) {
			char kind[256], count[48];
			size_t n = 0, len;

			e = strstr(c, "; ");
			e = e ? e : c + strlen(c);
			len = (size_t) (e - c) < sizeof(kind) - 1
				      ? (size_t) (e - c)
				      : sizeof(kind) - 1;
			memcpy(kind, c, len);
			kind[len] = '\0';
			if (seen.s && strstr(seen.s, kind))
				continue;
			puts_(&seen, kind);
			puts_(&seen, "\n");
			for (size_t m = r; m < t->nrows; m++)
				n += same_finding(t, r, m) &&
				     strstr(str(t, m, "cause"), kind);
			snprintf(count, sizeof(count), " (%zu job%s)", n,
				 n == 1 ? "" : "s");
			puts_(x, x->len ? "; " : "");
			puts_(x, kind);
			puts_(x, count);
		}
	}
	free(seen.s);
}

static int line(struct fv_table *f, const struct fv_table *t, size_t r)
{
	struct text jobs = { 0 }, finding = { 0 };
	size_t n = job_list(t, r, &jobs);
	int row = fv_table_add_row(f), ret;

	if (row < 0) {
		free(jobs.s);
		return row;
	}
	if (is_method(t, r))
		remarks(t, r, &finding);
	if (!finding.len)
		puts_(&finding, str(t, r, "sentence"));
	ret = fv_cell_str(f, row, F_LABEL, str(t, r, "label")) ||
	      fv_cell_str(f, row, F_OUTCOME, str(t, r, "outcome")) ||
	      fv_cell_str(f, row, F_VERDICT, str(t, r, "verdict")) ||
	      fv_cell_str(f, row, F_JOBS, jobs.s ? jobs.s : "") ||
	      fv_cell_str(f, row, F_FINDING, finding.s ? finding.s : "") ||
	      fv_cell_str(f, row, F_EVIDENCE, str(t, r, "evidence")) ||
	      fv_cell_num(f, row, F_NJOBS, (double) n);
	free(jobs.s);
	free(finding.s);
	return ret ? -ENOMEM : 0;
}

static bool first_of(const struct fv_table *t, size_t r)
{
	for (size_t k = 0; k < r; k++)
		if (same_finding(t, k, r))
			return false;
	return true;
}

static bool first_label(const struct fv_table *t, size_t r)
{
	for (size_t k = 0; k < r; k++)
		if (!strcmp(str(t, k, "label"), str(t, r, "label")))
			return false;
	return true;
}

bool fv_is_finding(const struct fv_table *t, size_t r)
{
	const char *o = str(t, r, "outcome");

	return !strcmp(o, fv_outcome_name(FV_FAIL)) ||
	       !strcmp(o, fv_outcome_name(FV_WARN));
}

/* Where row r's line goes within its label: 0 fail, 1 warn, 2 remark on
 * method; -1 none (passed). */
static int rank(const struct fv_table *t, size_t r)
{
	if (!fv_is_finding(t, r))
		return -1;
	if (is_method(t, r))
		return 2;
	return !strcmp(str(t, r, "outcome"), fv_outcome_name(FV_FAIL)) ? 0 : 1;
}

static int label_lines(struct fv_table *f, const struct fv_table *t, size_t l)
{
	const char *label = str(t, l, "label");
	int ret = 0;

	for (int k = 0; k < 3 && !ret; k++)
		for (size_t r = l; r < t->nrows && !ret; r++)
			if (!strcmp(str(t, r, "label"), label) &&
			    rank(t, r) == k && first_of(t, r))
				ret = line(f, t, r);
	return ret;
}

/* "sustained 40, no-cache-sign 36": each passing verdict, counted. */
static void passed(const struct fv_table *t, struct text *x)
{
	for (size_t r = 0; r < t->nrows; r++) {
		const char *v = str(t, r, "verdict");
		size_t c = 0;
		char buf[96];
		bool seen = false;

		if (fv_is_finding(t, r))
			continue;
		for (size_t k = 0; k < r && !seen; k++)
			seen = !fv_is_finding(t, k) &&
			       !strcmp(str(t, k, "verdict"), v);
		if (seen)
			continue;
		for (size_t k = r; k < t->nrows; k++)
			c += !fv_is_finding(t, k) &&
			     !strcmp(str(t, k, "verdict"), v);
		snprintf(buf, sizeof(buf), "%s%s %zu", x->len ? ", " : "", v,
			 c);
		puts_(x, buf);
	}
}

void fv_tally(const struct fv_table *t, struct fv_tally *n)
{
	memset(n, 0, sizeof(*n));
	n->checks = t->nrows;
	for (size_t r = 0; r < t->nrows; r++) {
		n->findings += fv_is_finding(t, r);
		n->fails +=
			!strcmp(str(t, r, "outcome"), fv_outcome_name(FV_FAIL));
	}
}

char *fv_tally_text(const struct fv_table *t)
{
	struct text pass = { 0 };
	struct fv_tally n;
	char *s;

	fv_tally(t, &n);
	passed(t, &pass);
	if (asprintf(&s,
		     "%zu check%s: %zu finding%s (%zu fail, %zu warn), %zu "
		     "pass%s%s%s",
		     n.checks, n.checks == 1 ? "" : "s", n.findings,
		     n.findings == 1 ? "" : "s", n.fails, n.findings - n.fails,
		     n.checks - n.findings, pass.len ? " (" : "",
		     pass.len ? pass.s : "", pass.len ? ")" : "") < 0)
		s = NULL;
	free(pass.s);
	return s;
}

int fv_tally_note(struct fv_table *dst, const struct fv_table *t)
{
	char *s;
	int ret;

	if (!t->nrows)
		return 0;
	s = fv_tally_text(t);
	ret = s ? fv_table_note(dst, "%s", s) : -ENOMEM;
	free(s);
	return ret;
}

int fv_findings(const struct fv_table *t, struct fv_table **out)
{
	struct fv_table *f = fv_table_new("findings", "Findings");
	int ret = f ? 0 : -ENOMEM;

	if (!ret)
		ret = fv_table_add_cols(f, fcols, F_NR);
	for (size_t r = 0; r < t->nrows && !ret; r++)
		if (first_label(t, r))
			ret = label_lines(f, t, r);
	if (!ret)
		ret = fv_tally_note(f, t);
	if (!ret && !f->nrows && !t->nrows)
		ret = fv_table_note(f, "no job with figures to judge");
	if (ret) {
		fv_table_free(f);
		return ret;
	}
	*out = f;
	return 0;
}
