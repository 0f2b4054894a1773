/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "cmd/cmd.h"
#include "ingest/ingest.h"
#include "fvtest.h"
#include "select/select.h"

const char *fvt_env(const char *name, const char *def)
{
	const char *v = getenv(name);

	return v && v[0] ? v : def;
}

const char *fvt_path(const char *envdir, const char *def, const char *rel)
{
	static char buf[4096];

	snprintf(buf, sizeof(buf), "%s/%s", fvt_env(envdir, def), rel);
	return buf;
}

char *fvt_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, r;

	if (!f)
		return NULL;
	do {
		if (n + 4096 + 1 > cap) {
			cap = (cap + 4096) * 2;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
		r = fread(buf + n, 1, cap - n - 1, f);
		n += r;
	} while (r > 0);
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

void fvt_load(struct fv_set *set, const char *const *paths, size_t n,
	      const struct fv_pctlist *pcts)
{
	fv_set_init(set, pcts);
	assert_int_equal(fv_ingest_paths(set, (char *const *) paths, n), 0);
	assert_int_equal(fv_annotate(set, &(struct fv_load_opts){ 0 }), 0);
}

void fvt_load_fixture(struct fv_set *set, const char *rel)
{
	char *p =
		strdup(fvt_path("FV_FIXTURES", "tests/postproc/fixtures", rel));
	const char *paths[] = { p };

	assert_non_null(p);
	fvt_load(set, paths, 1, NULL);
	free(p);
}

void fvt_load_clean(struct fv_set *set, const char *rel, size_t njobs)
{
	fvt_load_fixture(set, rel);
	assert_int_equal(set->diags.nerrors, 0);
	assert_int_equal(set->njobs, njobs);
}

void fvt_load_pair(struct fv_set *sj, const char *json, struct fv_set *st,
		   const char *other, const struct fv_pctlist *pcts)
{
	const char *pj[] = { json }, *pt[] = { other };

	fvt_load(sj, pj, 1, pcts);
	fvt_load(st, pt, 1, pcts);
	assert_int_equal(sj->diags.nerrors, 0);
	if (st->diags.nerrors)
		fv_diag_print(&st->diags, stderr, FV_ERROR);
	assert_int_equal(st->diags.nerrors, 0);
	assert_int_equal(sj->njobs, st->njobs);
	assert_true(st->njobs > 0);
}

size_t fvt_figures;

void fvt_near(double json, double got, double tol, const char *form,
	      const char *what, const char *file, const char *job)
{
	fvt_figures++;
	if (fabs(json - got) <= tol * (1 + 1e-12) + 5e-7 + 1e-12 * fabs(json))
		return;
	fail_msg("%s, job %s: %s is %.17g in the JSON, %.17g in the %s "
		 "(printed to %g)",
		 file, job, what, json, got, form, tol);
}

const char fvt_jobfile[] = "[global]\n"
			   "ioengine=${FV_ENGINE}\n"
			   "#@ FV_ENGINE=\n"
			   "#@ FV_TARGET=\n"
			   "[read]\n"
			   "rw=read\n"
			   "size=1m\n"
			   "filename=${FV_TARGET}\n";

const struct fv_job *fvt_job(const struct fv_set *set, const char *label,
			     const char *display)
{
	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (!strcmp(j->display, display) &&
		    (!label || !strcmp(j->label, label)))
			return j;
	}
	return NULL;
}

size_t fvt_diags(const struct fv_set *set, enum fv_severity sev,
		 const char *needle)
{
	size_t n = 0;

	for (size_t i = 0; i < set->diags.n; i++)
		if (set->diags.v[i].severity == sev &&
		    strstr(set->diags.v[i].message, needle))
			n++;
	return n;
}

int fvt_runv(char **out, char **err, const char *const *args)
{
	char *argv[64];
	size_t olen, elen;
	FILE *fo = open_memstream(out, &olen);
	FILE *fe = open_memstream(err, &elen);
	int argc = 0, ret;

	assert_non_null(fo);
	assert_non_null(fe);
	argv[argc++] = (char *) "fioverdict";
	while (argc < 63 && args[argc - 1]) {
		argv[argc] = (char *) args[argc - 1];
		argc++;
	}
	argv[argc] = NULL;
	ret = fv_main(argc, argv, fo, fe);
	fclose(fo);
	fclose(fe);
	return ret;
}

int fvt_run(char **out, char **err, const char *arg0, ...)
{
	const char *args[64];
	va_list ap;
	int n = 0;

	args[n++] = arg0;
	va_start(ap, arg0);
	while (n < 63 && (args[n] = va_arg(ap, const char *)))
		n++;
	va_end(ap);
	args[n] = NULL;
	return fvt_runv(out, err, args);
}

/* Each needle of the list (up to n, NULL after the last) in text. */
static bool all_in(const char *text, const char *const *needles, size_t n,
		   bool want)
{
	for (size_t i = 0; i < n && needles[i]; i++)
		if (!strstr(text, needles[i]) == want) {
			print_error("'%s' %s\n", needles[i],
				    want ? "missing" : "present");
			return false;
		}
	return true;
}

void fvt_check_run(const struct fvt_want *w, const char *const *args)
{
	char *out, *err;
	int status = fvt_runv(&out, &err, args);

	if (status != w->status || !all_in(err, w->err, 4, true) ||
	    !all_in(out, w->out, 4, true) || !all_in(out, w->not_out, 2, false))
		fail_msg("%s: exit status %d (want %d)\n--- stdout\n%s"
			 "--- stderr\n%s",
			 args[0], status, w->status, out, err);
	free(out);
	free(err);
}

/*
 * fv_main on @args (at most @max, NULL-terminated when fewer), each mapped
 * by @map to a real argument; the transcript the golden files hold.
 */
char *fvt_run_transcript(const char *const *args, size_t max,
			 char *(*map)(const char *) )
{
	char *argv[FVT_MAX_ARGS + 2] = { (char *) "fioverdict" }, *out, *err,
				  *all;
	size_t olen, elen, alen;
	FILE *fo = open_memstream(&out, &olen);
	FILE *fe = open_memstream(&err, &elen);
	FILE *fa = open_memstream(&all, &alen);
	int argc = 1, status;

	assert_true(fo && fe && fa && max <= FVT_MAX_ARGS);
	for (; (size_t) argc <= max && args[argc - 1]; argc++)
		argv[argc] = map(args[argc - 1]);
	status = fv_main(argc, argv, fo, fe);
	fclose(fo);
	fclose(fe);
	fprintf(fa, "exit status: %d\n--- stdout\n%s--- stderr\n%s", status,
		out, err);
	fclose(fa);
	for (int i = 1; i < argc; i++)
		free(argv[i]);
	free(out);
	free(err);
	return all;
}

/*
 * Compares @got (freed here) with the golden file @path, first rewriting
 * it when FV_UPDATE_GOLDEN is set (make golden-update).
 */
void fvt_golden(const char *path, const char *name, char *got)
{
	char *want;

	if (getenv("FV_UPDATE_GOLDEN")) {
		FILE *f = fopen(path, "w");

		assert_non_null(f);
		fputs(got, f);
		assert_int_equal(fclose(f), 0);
	}
	want = fvt_slurp(path, NULL);
	if (!want)
		fail_msg("no golden file %s (make golden-update)", path);
	if (strcmp(got, want))
		print_error("%s differs; got:\n%s\n", name, got);
	assert_string_equal(got, want);
	free(got);
	free(want);
}

struct fv_catalog fvt_catalog;

int fvt_catalog_setup(void **state)
{
	struct fv_error err = { 0 };

	(void) state;
	if (fv_catalog_load(&fvt_catalog, fvt_env("FV_CATALOG_DIR", "catalog"),
			    &err) ||
	    fv_catalog_check(&fvt_catalog, &err)) {
		fv_error_print(&err, "setup", stderr);
		return -1;
	}
	return 0;
}

int fvt_catalog_teardown(void **state)
{
	(void) state;
	fv_catalog_free(&fvt_catalog);
	return 0;
}

/* What fvt_golden_group() gives each test of its group. */
static struct {
	const char *dir_env, *dir_def;
	char *(*map)(const char *);
} golden_group;

/* Whether a row of @table holds a number under @key. */
static bool holds_numbers(const json_t *table, const char *key)
{
	const json_t *row;
	size_t r;

	json_array_foreach(json_object_get(table, "rows"), r, row)
	{
		if (json_is_number(json_object_get(row, key)))
			return true;
	}
	return false;
}

/*
 * A JSON report's numbers each carry a unit: a column that holds a
 * number in any row names one. Read from the transcript's stdout, so it
 * holds for every JSON golden, whatever wrote it.
 */
static void assert_units(const char *name, const char *transcript)
{
	const char *out = strstr(transcript, "--- stdout\n");
	const char *end = strstr(transcript, "\n--- stderr\n");
	json_t *doc, *table, *col;
	json_error_t e;
	size_t i, k;

	assert_non_null(out);
	assert_non_null(end);
	out += strlen("--- stdout\n");
	doc = json_loadb(out, (size_t) (end - out), 0, &e);
	if (!doc)
		fail_msg("%s: stdout is not JSON: %s (line %d)", name, e.text,
			 e.line);
	json_array_foreach(json_object_get(doc, "tables"), i, table)
	{
		json_array_foreach(json_object_get(table, "columns"), k, col)
		{
			const char *key =
				json_string_value(json_object_get(col, "key"));
			const char *unit =
				json_string_value(json_object_get(col, "unit"));

			if (holds_numbers(table, key) && (!unit || !unit[0]))
				fail_msg("%s: column %s holds numbers but has "
					 "no unit",
					 name, key);
		}
	}
	json_decref(doc);
}

static void golden_case(void **state)
{
	const struct fvt_golden_case *g = *state;
	const char *path =
		fvt_path(golden_group.dir_env, golden_group.dir_def, g->name);
	char *got = fvt_run_transcript(g->args, FVT_MAX_ARGS, golden_group.map);
	size_t len = strlen(g->name);

	if (len > 5 && !strcmp(g->name + len - 5, ".json"))
		assert_units(g->name, got);
	fvt_golden(path, g->name, got);
}

int fvt_golden_group(const char *group, const struct fvt_golden_case *cases,
		     size_t n, const char *dir_env, const char *dir_def,
		     char *(*map)(const char *) )
{
	struct CMUnitTest *tests = calloc(n, sizeof(*tests));
	int ret;

	if (!tests)
		return -1;
	golden_group.dir_env = dir_env;
	golden_group.dir_def = dir_def;
	golden_group.map = map;
	for (size_t i = 0; i < n; i++)
		tests[i] = (struct CMUnitTest){ .name = cases[i].name,
						.test_func = golden_case,
						.initial_state =
							(void *) &cases[i] };
	ret = _cmocka_run_group_tests(group, tests, n, NULL, NULL);
	free(tests);
	return ret;
}

static char tmp[PATH_MAX];    /* this test's directory */
static char oldcwd[PATH_MAX]; /* set while a test is inside tmp */

/* Removes path and all under it; makes directories listable first. */
static void rm_tree(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;

	if (lstat(path, &st) < 0)
		return;
	if (!S_ISDIR(st.st_mode)) {
		unlink(path);
		return;
	}
	chmod(path, 0700);
	d = opendir(path);
	while (d && (e = readdir(d))) {
		char *p;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (asprintf(&p, "%s/%s", path, e->d_name) < 0)
			break;
		rm_tree(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(path);
}

int fvt_tmp_setup(void **state)
{
	const char *base = fvt_env("TMPDIR", "/tmp");
	int n = snprintf(tmp, sizeof(tmp), "%s/fv_test.XXXXXX", base);

	(void) state;
	if (n < 0 || (size_t) n >= sizeof(tmp) || !mkdtemp(tmp))
		return -1;
	return 0;
}

int fvt_tmp_teardown(void **state)
{
	(void) state;
	if (oldcwd[0]) {
		if (chdir(oldcwd) < 0)
			return -1;
		oldcwd[0] = '\0';
	}
	rm_tree(tmp);
	return 0;
}

const char *fvt_tmp(void)
{
	return tmp;
}

const char *fvt_at(const char *fmt, ...)
{
	static char ring[16][PATH_MAX];
	static unsigned k;
	char rel[PATH_MAX], *b = ring[k++ % 16];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(rel, sizeof(rel), fmt, ap);
	va_end(ap);
	assert_true(n >= 0 && (size_t) n < sizeof(rel));
	n = snprintf(b, PATH_MAX, "%s%s%s", tmp, rel[0] ? "/" : "", rel);
	assert_true(n > 0 && n < PATH_MAX);
	return b;
}

void fvt_mkfile(const char *path, const char *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	size_t done = 0;

	assert_true(fd >= 0);
	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);

		assert_true(w > 0);
		done += (size_t) w;
	}
	assert_int_equal(close(fd), 0);
}

void fvt_touch(const char *path)
{
	fvt_mkfile(path, "{}\n", 3);
}

void fvt_mkdir(const char *path)
{
	assert_int_equal(mkdir(path, 0755), 0);
}

void fvt_enter(const char *dir)
{
	assert_non_null(getcwd(oldcwd, sizeof(oldcwd)));
	assert_int_equal(chdir(dir), 0);
}

void fvt_leave(void)
{
	assert_int_equal(chdir(oldcwd), 0);
	oldcwd[0] = '\0';
}

/* --- the readers' and logs' tests ------------------------------------- */

void fvt_check_refused(const struct fv_set *set, const char *says, int line)
{
	const struct fv_diag *said = NULL;
	size_t n = 0;

	for (size_t i = 0; i < set->diags.n; i++)
		if (set->diags.v[i].severity == FV_ERROR &&
		    strstr(set->diags.v[i].message, says)) {
			said = &set->diags.v[i];
			n++;
		}
	if (!set->njobs && n == 1 && (!line || said->line == line))
		return;
	fail_msg("wanted no job and one error saying \"%s\" at line %d; got "
		 "%zu jobs, %zu errors, %zu saying it (line %d)",
		 says, line, set->njobs, set->diags.nerrors, n,
		 said ? said->line : 0);
}

void fvt_check_pred(bool (*pred)(const char *), const char *const *yes,
		    const char *const *no)
{
	for (size_t i = 0; yes[i]; i++)
		if (!pred(yes[i]))
			fail_msg("'%s': false, wanted true", yes[i]);
	for (size_t i = 0; no[i]; i++)
		if (pred(no[i]))
			fail_msg("'%s': true, wanted false", no[i]);
}

const struct fv_job *fvt_job_of(const struct fv_set *set, const char *label,
				const char *display)
{
	const struct fv_job *j = fvt_job(set, label, display);

	if (!j)
		fail_msg("no job %s%s%s", display, label ? " labelled " : "",
			 label ? label : "");
	return j;
}

void fvt_field(fvt_check_fn *check, double json, double got, double res,
	       const char *what, const char *field, const char *file,
	       const char *job)
{
	char w[160];

	snprintf(w, sizeof(w), "%s %s", what, field);
	check(json, got, res, w, file, job);
}

/* Checks of a text. */

void fvt_text_check(const char *text, const char *const *needles, bool want,
		    const char *file, int line)
{
	if (!text) {
		print_error("no text\n");
		_fail(file, line);
	}
	if (!all_in(text, needles, SIZE_MAX, want)) {
		print_error("--- in\n%s\n---\n", text);
		_fail(file, line);
	}
}

size_t fvt_count(const char *text, const char *needle)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

void fvt_mkdir_list(const char *const *rels)
{
	for (; *rels; rels++)
		fvt_mkdir(fvt_at("%s", *rels));
}

size_t fvt_entries(const char *dir, const char *needle)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (!d)
		fail_msg("%s: cannot list it", dir);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    (!needle || strstr(e->d_name, needle)))
			n++;
	closedir(d);
	return n;
}

const struct fv_job *fvt_only_job(const struct fv_set *set)
{
	if (set->njobs != 1)
		fail_msg("%zu jobs, not one", (size_t) set->njobs);
	return set->jobs[0];
}

void fvt_lat_fields(fvt_check_fn *minmax, fvt_check_fn *moment,
		    const struct fv_lat *j, const struct fv_lat *t,
		    const char *what, const char *file, const char *job)
{
	fvt_field(minmax, j->min_ns, t->min_ns, t->minmax_res_ns, what, "min",
		  file, job);
	fvt_field(minmax, j->max_ns, t->max_ns, t->minmax_res_ns, what, "max",
		  file, job);
	fvt_field(moment, j->mean_ns, t->mean_ns, t->moment_res_ns, what,
		  "mean", file, job);
	fvt_field(moment, j->stddev_ns, t->stddev_ns, t->moment_res_ns, what,
		  "stddev", file, job);
}

void fvt_samples_fields(fvt_check_fn *check, const struct fv_rate_samples *j,
			const struct fv_rate_samples *t, const char *pct,
			const char *what, const char *file, const char *job)
{
	fvt_field(check, j->min, t->min, t->minmax_res, what, "min", file, job);
	fvt_field(check, j->max, t->max, t->minmax_res, what, "max", file, job);
	fvt_field(check, j->mean, t->mean, t->moment_res, what, "mean", file,
		  job);
	fvt_field(check, j->sd, t->sd, t->moment_res, what, "stdev", file, job);
	fvt_field(check, j->group_pct, t->group_pct, t->pct_res, what, pct,
		  file, job);
}
