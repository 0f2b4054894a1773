/* SPDX-License-Identifier: MIT */
/* Helpers shared by the fioverdict test programs. */
#ifndef FV_TEST_H
#define FV_TEST_H

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "catalog/catalog.h"
#include "model/set.h"

/*
 * The real catalog ($FV_CATALOG_DIR, or catalog/), loaded and checked by
 * fvt_catalog_setup() (a cmocka group setup: -1, said on stderr, when it
 * does not load) and freed by fvt_catalog_teardown().
 */
extern struct fv_catalog fvt_catalog;
int fvt_catalog_setup(void **state);
int fvt_catalog_teardown(void **state);

/* $name or def; the make target sets FV_FIXTURES, FV_GEN, FV_GOLDEN... */
const char *fvt_env(const char *name, const char *def);

/* "$FV_FIXTURES/rel" etc.; static buffer, valid until the next call. */
const char *fvt_path(const char *envdir, const char *def, const char *rel);

/* Reads a whole file (NUL-terminated); NULL if it cannot. */
char *fvt_slurp(const char *path, size_t *len);

/*
 * Loads paths into a fresh set (default percentiles plus extra ones),
 * then labels, roles and joins, as the program does.
 */
void fvt_load(struct fv_set *set, const char *const *paths, size_t n,
	      const struct fv_pctlist *pcts);

/* Loads the fixture $FV_FIXTURES/rel alone, as fvt_load() does. */
void fvt_load_fixture(struct fv_set *set, const char *rel);

/* The same, asserting that it reads without an error into njobs jobs. */
void fvt_load_clean(struct fv_set *set, const char *rel, size_t njobs);

/*
 * A run's JSON (into sj) and another form of its output (into st), each
 * loaded alone with pcts: both must read without an error into the same
 * jobs, at least one.
 */
void fvt_load_pair(struct fv_set *sj, const char *json, struct fv_set *st,
		   const char *other, const struct fv_pctlist *pcts);

/* Figures compared by fvt_near(), for a test to say how many. */
extern size_t fvt_figures;

/*
 * A figure of fio's JSON beside the same figure read from another @form of
 * its output (got): equal to within @tol, what that form printed, beside
 * the JSON's own six decimals (%f); else the test fails naming the form,
 * file, job and what.
 */
void fvt_near(double json, double got, double tol, const char *form,
	      const char *what, const char *file, const char *job);

/* A job file fio --parse-only accepts, with the variables run sets. */
extern const char fvt_jobfile[];

/* The job whose display name is display (and label, if not NULL). */
const struct fv_job *fvt_job(const struct fv_set *set, const char *label,
			     const char *display);

/* Counts diagnostics of a severity whose message contains needle. */
size_t fvt_diags(const struct fv_set *set, enum fv_severity sev,
		 const char *needle);

/* Runs fv_main with argv; captures stdout and stderr (caller frees). */
int fvt_run(char **out, char **err, const char *arg0, ...);
/* The same with the arguments in a NULL-terminated array. */
int fvt_runv(char **out, char **err, const char *const *args);

/* What a run of fv_main must print; the lists end at the first NULL. */
struct fvt_want {
	int status;
	const char *err[4];	/* each in stderr */
	const char *out[4];	/* each in stdout */
	const char *not_out[2]; /* none in stdout */
};

/*
 * Runs fv_main on @args (NULL-terminated) and fails the test, showing what
 * was printed, unless its status and output are as @w says.
 */
void fvt_check_run(const struct fvt_want *w, const char *const *args);

/* The most arguments a transcript takes. */
#define FVT_MAX_ARGS 96

/*
 * Runs fv_main on @args (at most @max), each mapped by @map (which returns
 * a malloc'd argument); returns "exit status: N", stdout and stderr as one
 * text (caller frees): what the golden files hold.
 */
char *fvt_run_transcript(const char *const *args, size_t max,
			 char *(*map)(const char *) );

/* A golden test: its file's name and fv_main's arguments. */
struct fvt_golden_case {
	const char *name;
	const char *args[FVT_MAX_ARGS]; /* NULL after the last */
};

/*
 * Runs each case as a cmocka test of group @group named after its file:
 * the transcript of its arguments, each mapped by @map, against the file
 * of that name in $@dir_env (or @dir_def). Returns cmocka's status.
 */
int fvt_golden_group(const char *group, const struct fvt_golden_case *cases,
		     size_t n, const char *dir_env, const char *dir_def,
		     char *(*map)(const char *) );

/*
 * Compares @got (freed here) with the golden file @path, rewriting it first
 * when FV_UPDATE_GOLDEN is set; @name labels a difference.
 */
void fvt_golden(const char *path, const char *name, char *got);

/*
 * A fresh directory for each test, made by mkdtemp in $TMPDIR (or /tmp):
 * made by fvt_tmp_setup(), removed with all in it by fvt_tmp_teardown()
 * (which first goes back where fvt_enter() left), both cmocka fixtures.
 */
int fvt_tmp_setup(void **state);
int fvt_tmp_teardown(void **state);
const char *fvt_tmp(void);

/*
 * "$tmp/rel", rel formatted; one of 16 buffers, valid for 16 calls (a path
 * kept longer is copied: FVT_HELD).
 */
const char *fvt_at(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A path kept across more than 16 calls of fvt_at(). */
#define FVT_HELD(var, ...)  \
	char var[PATH_MAX]; \
	strcpy(var, fvt_at(__VA_ARGS__))

void fvt_mkfile(const char *path, const char *data, size_t len);
void fvt_touch(const char *path); /* "{}\n" */
void fvt_mkdir(const char *path);

/* Into a directory (the test's, or one under it), and back. */
void fvt_enter(const char *dir);
void fvt_leave(void);

/* --- the readers' and logs' tests ------------------------------------- */

/*
 * What a reader refused: set holds no job and one error whose message has
 * says, at line (0: any line); else the test fails, naming what it found.
 */
void fvt_check_refused(const struct fv_set *set, const char *says, int line);

/*
 * A predicate on names or lines: true for each of yes, false for each of
 * no (both NULL-terminated); else the test fails naming the string.
 */
void fvt_check_pred(bool (*pred)(const char *), const char *const *yes,
		    const char *const *no);

/* A cmocka test run in a fresh directory (fvt_tmp_setup/teardown). */
#define FVT_TMP_TEST(f) \
	cmocka_unit_test_setup_teardown(f, fvt_tmp_setup, fvt_tmp_teardown)

/* fvt_job(), failing the test (naming the job) when there is none. */
const struct fv_job *fvt_job_of(const struct fv_set *set, const char *label,
				const char *display);

/*
 * A figure compared as fvt_near() does (or any check of that form), named
 * "what field": "read clat min".
 */
typedef void fvt_check_fn(double json, double got, double res, const char *what,
			  const char *file, const char *job);
void fvt_field(fvt_check_fn *check, double json, double got, double res,
	       const char *what, const char *field, const char *file,
	       const char *job);

/* Checks of a text. */

/*
 * Fails the test at @file:@line, showing @text, unless each of @needles
 * (NULL after the last) is in it (@want) or none is (!@want).
 */
void fvt_text_check(const char *text, const char *const *needles, bool want,
		    const char *file, int line);

/* Each needle (a string each) in text: fvt_has(out, "a", "b"). */
#define fvt_has(text, ...)                                                     \
	fvt_text_check(text, (const char *const[]){ __VA_ARGS__, NULL }, true, \
		       __FILE__, __LINE__)

/* None of the needles in text. */
#define fvt_lacks(text, ...)                                             \
	fvt_text_check(text, (const char *const[]){ __VA_ARGS__, NULL }, \
		       false, __FILE__, __LINE__)

/* How many times needle stands in text (overlapping ones too). */
size_t fvt_count(const char *text, const char *needle);

/* Helpers of the test tree. */

/*
 * Makes each directory of @rels (NULL after the last), in order, under the
 * test's folder: fvt_mkdirs("res", "res/a"). Each must be new.
 */
void fvt_mkdir_list(const char *const *rels);
#define fvt_mkdirs(...) \
	fvt_mkdir_list((const char *const[]){ __VA_ARGS__, NULL })

/* Entries of @dir but "." and "..", those with @needle in their name if any. */
size_t fvt_entries(const char *dir, const char *needle);

/* The set's one job; the test fails, saying how many, unless it has one. */
const struct fv_job *fvt_only_job(const struct fv_set *set);

/* The readers' figures beside the JSON's, by fvt_field(). */

/*
 * A distribution's min and max (by @minmax, within t's minmax_res) and
 * mean and stddev (by @moment, within its moment_res): "what min"...
 */
void fvt_lat_fields(fvt_check_fn *minmax, fvt_check_fn *moment,
		    const struct fv_lat *j, const struct fv_lat *t,
		    const char *what, const char *file, const char *job);

/*
 * A rate's samples, each by @check: min, max, mean, stdev and the share of
 * its group, named @pct as the form prints it ("per", "agg").
 */
void fvt_samples_fields(fvt_check_fn *check, const struct fv_rate_samples *j,
			const struct fv_rate_samples *t, const char *pct,
			const char *what, const char *file, const char *job);

#endif
