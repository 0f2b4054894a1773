/* SPDX-License-Identifier: MIT */
/*
 * summary --stream against summary: the same bytes on the committed
 * fixtures where every label's files are contiguous; elsewhere the same
 * rows, in file order, except the documented differences: roles inferred
 * across files, stats files of another directory, and, reading one file
 * at a time, every run of a test shown (summary: --runs all) and a folder
 * of several targets one label.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "fvtest.h"

static char *fx(const char *rel)
{
	return strdup(fvt_path("FV_FIXTURES", "tests/postproc/fixtures", rel));
}

/* Both runs of one command line (up to 3 inputs): status, out, err. */
struct pair {
	int st[2];
	char *out[2], *err[2];
};

/*
 * summary with opt (NULL, or an option and its value) then --stream,
 * on up to 3 inputs.
 */
static void run_pair(struct pair *p, const char *fmt, const char *const *opt,
		     char *a, char *b, char *c)
{
	const char *args[12] = { "summary", "-f", fmt };
	size_t n = 3;

	for (size_t i = 0; opt && opt[i]; i++)
		args[n++] = opt[i];
	args[n] = a;
	args[n + 1] = b;
	args[n + 2] = c;
	args[n + 3] = NULL;
	p->st[0] = fvt_runv(&p->out[0], &p->err[0], args);
	p->st[1] = fvt_run(&p->out[1], &p->err[1], "summary", "--stream", "-f",
			   fmt, a, b, c, NULL);
}

static void pair_free(struct pair *p)
{
	for (int i = 0; i < 2; i++) {
		free(p->out[i]);
		free(p->err[i]);
	}
}

static void same_bytes(const char *fmt, const char *x, const char *y,
		       const char *z)
{
	char *a = fx(x), *b = y ? fx(y) : NULL, *c = z ? fx(z) : NULL;
	struct pair p;

	run_pair(&p, fmt, NULL, a, b, c);
	assert_int_equal(p.st[0], p.st[1]);
	assert_string_equal(p.out[0], p.out[1]);
	assert_string_equal(p.err[0], p.err[1]);
	pair_free(&p);
	free(a);
	free(b);
	free(c);
}

/*
 * The same bytes where no folder is split (--stream reads a file at a
 * time and splits none: "old", three fio versions' tests, is three labels
 * whole, one streamed).
 */
static void golden_csv(void **state)
{
	(void) state;
	same_bytes("csv", "plan", "misc", NULL);
	same_bytes("csv", "d64", NULL, NULL);
	same_bytes("csv", "broken", NULL, NULL);
}

static void golden_md(void **state)
{
	(void) state;
	same_bytes("md", "plan", "misc", NULL);
	same_bytes("md", "d64", NULL, NULL);
	same_bytes("md", "broken", NULL, NULL);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

/*
 * "NAME run 2,...,2,3" -> "NAME,...,1,1": --runs all's label, the run's
 * own, and the run's number of its test's runs (the last two fields):
 * streamed, a file's runs are counted in it alone.
 */
static void undo_run_label(char *l)
{
	char *comma = strchr(l, ','), *run, *last;

	if (!comma)
		return;
	*comma = '\0';
	run = strstr(l, " run ");
	*comma = ',';
	if (run && strspn(run + 5, "0123456789") == (size_t) (comma - run - 5))
		memmove(run, comma, strlen(comma) + 1);
	last = strrchr(l, ',');
	if (!last || last == l)
		return;
	*last = '\0';
	run = strrchr(l, ',');
	*last = ',';
	if (run && strspn(run + 1, "0123456789") == (size_t) (last - run - 1) &&
	    strspn(last + 1, "0123456789") == strlen(last + 1))
		strcpy(run, ",1,1");
}

/*
 * The CSV lines, sorted. A role the whole set inferred across files
 * ("options (QD series)") is put back to what one file alone says, and
 * so is a label --runs all gave a run.
 */
static char **sorted_lines(char *csv, size_t *n, bool undo_sweep)
{
	char **v = calloc(strlen(csv) / 2 + 2, sizeof(*v)), *save = NULL;

	assert_non_null(v);
	*n = 0;
	for (char *l = strtok_r(csv, "\r\n", &save); l;
	     l = strtok_r(NULL, "\r\n", &save)) {
		char *sweep, *role;

		if (undo_sweep)
			undo_run_label(l);
		sweep = strstr(l, ",options (QD series),");
		role = strstr(l, ",scaling,");

		if (undo_sweep && sweep && role && role < sweep) {
			memmove(role + 5, role + 8, strlen(role + 8) + 1);
			memcpy(role, ",peak", 5);
			sweep = strstr(l, ",options (QD series),");
			memmove(sweep + 8, sweep + 20, strlen(sweep + 20) + 1);
		}
		v[(*n)++] = l;
	}
	qsort(v, *n, sizeof(*v), cmp_str);
	return v;
}

static void same_rows(const char *const *opt, char *a, char *b, char *c)
{
	struct pair p;
	char **x, **y;
	size_t nx, ny;

	run_pair(&p, "csv", opt, a, b, c);
	assert_int_equal(p.st[0], p.st[1]);
	x = sorted_lines(p.out[0], &nx, true);
	y = sorted_lines(p.out[1], &ny, false);
	assert_int_equal(nx, ny);
	for (size_t i = 0; i < nx; i++)
		assert_string_equal(x[i], y[i]);
	free(x);
	free(y);
	pair_free(&p);
}

static const char *const all_runs[] = { "--runs", "all", NULL };

/*
 * d64 holds plan's ten NVMe-D32ads_v7 files again, byte for byte: copies,
 * read once without --stream (each named); --stream, which keeps nothing
 * of a file past it, writes their rows from both folders (fioverdict(1),
 * STREAMING): the one difference on these folders.
 */
static void labels_apart(void **state)
{
	char *a = fx("plan"), *b = fx("d64");
	size_t once, rows;
	struct pair p;

	(void) state;
	run_pair(&p, "csv", all_runs, a, b, NULL);
	assert_int_equal(p.st[0], 0);
	assert_int_equal(p.st[1], 0);
	once = fvt_count(p.out[0], "\r\nNVMe-D32ads_v7,");
	rows = fvt_count(p.out[0], "\r\n");
	assert_true(once > 0);
	assert_int_equal(fvt_count(p.out[1], "\r\nNVMe-D32ads_v7,"), 2 * once);
	assert_int_equal(fvt_count(p.out[1], "\r\n"), rows + once);
	pair_free(&p);
	run_pair(&p, "md", NULL, a, b, NULL);
	assert_int_equal(fvt_count(p.out[0], "note: copies: "), 10);
	fvt_has(p.out[0],
		"copies: tests/postproc/fixtures/d64/NVMe-D32ads\\_v7\\_"
		"seqread1m\\_qd32\\_nj4\\_60s\\_20260101-100500.json holds "
		"the same result as tests/postproc/fixtures/plan/NVMe-D32ads"
		"\\_v7\\_seqread1m\\_qd32\\_nj4\\_60s\\_20260101-100500.json");
	fvt_lacks(p.out[0], "the newest of");
	fvt_lacks(p.out[1], "note: copies: ", "the newest of");
	pair_free(&p);
	free(a);
	free(b);
}

/* One output appended twice to its file: read once, streamed or not. */
static void copy_in_one_file(void **state)
{
	size_t n;
	char *run = fvt_slurp(fvt_path("FV_FIXTURES", "tests/postproc/fixtures",
				       "fio_text/fio-3.42/peak_randrw.txt"),
			      &n),
	     *twice = malloc(2 * n), *path;
	struct pair p;

	(void) state;
	assert_non_null(run);
	assert_non_null(twice);
	memcpy(twice, run, n);
	memcpy(twice + n, run, n);
	fvt_mkfile(fvt_at("twice.txt"), twice, 2 * n);
	path = strdup(fvt_at("twice.txt"));
	run_pair(&p, "csv", NULL, path, NULL, NULL);
	for (int k = 0; k < 2; k++) {
		assert_int_equal(p.st[k], 0);
		/* the head, then a row per job of the output: once */
		assert_int_equal(fvt_count(p.out[k], "\r\n"),
				 1 + fvt_count(run, "(groupid="));
	}
	pair_free(&p);
	run_pair(&p, "md", NULL, path, NULL, NULL);
	fvt_has(p.out[0], "holds one result twice (its outputs 1 and 2)");
	fvt_has(p.out[1], "holds one result twice (its outputs 1 and 2)");
	pair_free(&p);
	free(path);
	free(twice);
	free(run);
}

/* fio's own files read alike, one at a time or together. */
static void fio_generated(void **state)
{
	char *g = strdup(fvt_path("FV_GEN", "build/tests/postproc/gen", ""));

	(void) state;
	same_rows(all_runs, g, NULL, NULL);
	free(g);
}

/*
 * A QD series across files (DiskSpd -o1 to -o32, one file a depth) needs
 * the other files: streamed, each depth stays peak.
 */
static void series_across_files(void **state)
{
	char *d = fx("diskspd-sweep");
	struct pair p;

	(void) state;
	run_pair(&p, "csv", NULL, d, NULL, NULL);
	assert_int_equal(p.st[0], 0);
	fvt_has(p.out[0], ",options (QD series),");
	fvt_lacks(p.out[1], ",options (QD series),");
	fvt_has(p.out[1], ",peak,");
	pair_free(&p);
	free(d);
}

/* Stats files beside their fio file are joined as without --stream. */
static void stats_beside(void **state)
{
	const char *e2e = fvt_env("FV_E2E", NULL);
	char *d;

	(void) state;
	if (!e2e)
		skip();
	if (asprintf(&d, "%s/durable", e2e) < 0)
		fail();
	same_rows(NULL, d, NULL, NULL);
	free(d);
}

static void usage(void **state)
{
	char *out, *err, *p = fx("plan");

	(void) state;
	assert_int_equal(fvt_run(&out, &err, "summary", "--stream", p, NULL),
			 64);
	fvt_has(err, "--stream: format csv or md");
	free(out);
	free(err);
	assert_int_equal(fvt_run(&out, &err, "compare", "--stream", "-f", "csv",
				 p, NULL),
			 64);
	/* --stream is summary's own option: others do not take it. */
	fvt_has(err, "unknown option '--stream' (an option "
		     "of 'fioverdict summary')");
	free(out);
	free(err);
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(golden_csv),
		cmocka_unit_test(golden_md),
		cmocka_unit_test(labels_apart),
		FVT_TMP_TEST(copy_in_one_file),
		cmocka_unit_test(fio_generated),
		cmocka_unit_test(series_across_files),
		cmocka_unit_test(stats_beside),
		cmocka_unit_test(usage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
