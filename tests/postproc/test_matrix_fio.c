/* SPDX-License-Identifier: MIT */
/*
 * The comparison matrices on real runs made at test time (matrix_gen.sh:
 * jobfiles/cdm.fio and diskspd.fio, quick values, on tmpfs, the root file
 * system and an emulated Azure P10): the columns are the job files' tests
 * in CrystalDiskMark's order, one row per label, and every cell is the
 * figure fio wrote for that label's job, read here from fio's JSON on its
 * own. Every format, --sku's limits and the HTML report too.
 */
#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "util/util.h"

static const char *dir(void)
{
	return fvt_env("FV_MATRIX", "build/tests/postproc/matrix");
}

static json_t *parsed(int st, char *out, char *err)
{
	json_error_t je;
	json_t *j;

	if (st)
		fail_msg("fioverdict: exit %d: %s", st, err);
	j = json_loads(out, 0, &je);
	if (!j)
		fail_msg("not JSON: %s", je.text);
	free(out);
	free(err);
	return j;
}

/* fioverdict ARGS... on the runs, its json output parsed. */
#define RUN_JSON(...)                                                 \
	({                                                            \
		char *o_, *e_;                                        \
		int s_ = fvt_run(&o_, &e_, __VA_ARGS__, dir(), NULL); \
		parsed(s_, o_, e_);                                   \
	})

/* The member of array whose field is value, or NULL; its index in *at. */
static json_t *member(json_t *array, const char *field, const char *value,
		      size_t *at)
{
	json_t *m;
	size_t i;

	json_array_foreach(array, i, m)
	{
		if (!strcmp(json_string_value(json_object_get(m, field)),
			    value)) {
			if (at)
				*at = i;
			return m;
		}
	}
	return NULL;
}

static json_t *table(json_t *rep, const char *name)
{
	json_t *t = member(json_object_get(rep, "tables"), "name", name, NULL);

	if (!t)
		fail_msg("no table %s", name);
	return t;
}

/* The key of the column titled title, or NULL; its index in *at. */
static const char *key_of(json_t *t, const char *title, size_t *at)
{
	json_t *c = member(json_object_get(t, "columns"), "title", title, at);

	return c ? json_string_value(json_object_get(c, "key")) : NULL;
}

static json_t *row_of(json_t *t, const char *label)
{
	json_t *r = member(json_object_get(t, "rows"), "label", label, NULL);

	if (!r)
		fail_msg("no row %s", label);
	return r;
}

/* ---- fio's own JSON, read here ---- */

struct figure {
	char label[32], test[96], dir[8];
	double bw, iops, clat_mean;
};

static struct figure figs[128];
static size_t nfigs;

static void read_result(const char *label, const char *path)
{
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je), *job;
	size_t i;

	if (!root)
		fail_msg("%s: %s", path, je.text);
	json_array_foreach(json_object_get(root, "jobs"), i, job)
	{
		const char *desc = json_string_value(json_object_get(
			json_object_get(job, "job options"), "description"));
		static const char *const dirs[] = { "read", "write" };

		assert_non_null(desc); /* the job files give each test one */
		for (size_t d = 0; d < 2; d++) {
			json_t *s = json_object_get(job, dirs[d]);
			struct figure *f;

			if (!json_integer_value(
				    json_object_get(s, "total_ios")))
				continue;
			assert_true(nfigs < FV_ARRAY_SIZE(figs));
			f = &figs[nfigs++];
			snprintf(f->label, sizeof(f->label), "%s", label);
			snprintf(f->test, sizeof(f->test), "%s", desc);
			snprintf(f->dir, sizeof(f->dir), "%s", dirs[d]);
			f->bw = json_number_value(
				json_object_get(s, "bw_bytes"));
			f->iops = json_number_value(json_object_get(s, "iops"));
			f->clat_mean = json_number_value(json_object_get(
				json_object_get(s, "clat_ns"), "mean"));
		}
	}
	json_decref(root);
}

static int setup(void **state)
{
	static const char *const labels[] = { "p10", "rootfs", "tmpfs" };

	(void) state;
	for (size_t l = 0; l < 3; l++) {
		char path[4096];
		DIR *d;
		struct dirent *e;

		snprintf(path, sizeof(path), "%s/%s", dir(), labels[l]);
		d = opendir(path);
		if (!d)
			return -1;
		while ((e = readdir(d)))
			/* <label>_<jobfile>_<time>.json, not the stats files */
			if (strstr(e->d_name, ".json") &&
			    !strncmp(e->d_name, labels[l], strlen(labels[l])) &&
			    !strstr(e->d_name, "durability")) {
				snprintf(path, sizeof(path), "%s/%s/%s", dir(),
					 labels[l], e->d_name);
				read_result(labels[l], path);
			}
		closedir(d);
	}
	return nfigs == 3 * 14 ? 0 : -1; /* 10 cdm.fio jobs, 4 diskspd.fio */
}

/* ---- The checks ---- */

static void tests_in_cdm_order(void **state)
{
	json_t *rep = RUN_JSON("matrix", "-f", "json", "-q");
	json_t *r = table(rep, "matrix_read_bw"),
	       *w = table(rep, "matrix_write_bw");
	static const char *const read_order[] = {
		"SEQ1M Q8T1",	"SEQ1M Q1T1",  "Azure fio 4K Q256T4",
		"RND4K Q32T16", "RND4K Q32T1", "RND4K Q1T1",
	};
	size_t prev = 0, at;

	(void) state;
	for (size_t i = 0; i < 6; i++) {
		assert_non_null(key_of(r, read_order[i], &at));
		assert_true(at > prev); /* label first, then this order */
		prev = at;
	}
	/* DiskSpd's runs write only: in the write tables alone */
	assert_null(key_of(r, "DiskSpd 8K Q128T4", NULL));
	assert_non_null(key_of(w, "DiskSpd 8K Q128T4", NULL));
	assert_non_null(key_of(w, "DiskSpd 64K Q128T4", NULL));
	assert_string_equal(key_of(r, "SEQ1M Q8T1", NULL), "seq1m_q8t1");
	assert_int_equal(json_array_size(json_object_get(r, "rows")), 3);
	/* the seed's three tables, read and write apart */
	table(rep, "matrix_read_iops");
	table(rep, "matrix_read_lat");
	table(rep, "matrix_write_iops");
	table(rep, "matrix_write_lat");
	json_decref(rep);
}

static double cell(json_t *rep, const char *name, const struct figure *f)
{
	json_t *t = table(rep, name);
	const char *key = key_of(t, f->test, NULL);
	json_t *v;

	if (!key)
		fail_msg("%s: no column %s", name, f->test);
	v = json_object_get(row_of(t, f->label), key);
	if (!json_is_number(v))
		fail_msg("%s %s %s: not a number", name, f->label, f->test);
	return json_number_value(v);
}

static void same(double got, double want, const struct figure *f,
		 const char *what)
{
	/* json's shortest round trip: the same double */
	if (!(fabs(got - want) <= 1e-9 * fabs(want)))
		fail_msg("%s %s %s %s: matrix %.17g, fio %.17g", f->label,
			 f->test, f->dir, what, got, want);
}

static void cells_are_fios_figures(void **state)
{
	json_t *rep = RUN_JSON("matrix", "-f", "json", "-q");
	char name[64];

	(void) state;
	for (size_t i = 0; i < nfigs; i++) {
		const struct figure *f = &figs[i];

		snprintf(name, sizeof(name), "matrix_%s_bw", f->dir);
		same(cell(rep, name, f), f->bw, f, "bandwidth");
		snprintf(name, sizeof(name), "matrix_%s_iops", f->dir);
		same(cell(rep, name, f), f->iops, f, "IOPS");
		snprintf(name, sizeof(name), "matrix_%s_lat", f->dir);
		same(cell(rep, name, f), f->clat_mean, f, "mean clat");
	}
	json_decref(rep);
}

static void every_format(void **state)
{
	static const struct {
		const char *fmt, *want[2];
	} cases[] = {
		/* people: the tests' names; csv: their keys and units */
		{ "text", { "SEQ1M Q8T1", "DiskSpd 8K Q128T4" } },
		{ "md",
		  { "| SEQ1M Q8T1 |", "### Write: mean latency (clat)" } },
		{ "csv", { "seq1m_q8t1 (B/s)", "diskspd_8k_q128t4 (ns)" } },
		{ "junit", /* a suite per table, a case per label */
		  { "<testsuite name=\"matrix_read_bw\"",
		    "classname=\"p10\"" } },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		char *out, *err;

		assert_int_equal(fvt_run(&out, &err, "matrix", "-f",
					 cases[i].fmt, "-q", dir(), NULL),
				 0);
		for (size_t k = 0; k < 2; k++)
			if (!strstr(out, cases[i].want[k]))
				fail_msg("-f %s: no '%s'", cases[i].fmt,
					 cases[i].want[k]);
		free(out);
		free(err);
	}
}

/* The emulated P10 bursts: its limits beside it, a burst in play. */
static void measured_against_the_sku(void **state)
{
	json_t *rep = RUN_JSON("matrix", "-f", "json", "--sku", "p10=azure:P10",
			       "-q");
	json_t *t = table(rep, "matrix_read_iops"), *sku;
	const char *burst;
	double peak, seq;

	(void) state;
	assert_true(json_number_value(
			    json_object_get(row_of(t, "p10"), "limit")) == 500);
	assert_true(json_is_null(json_object_get(row_of(t, "tmpfs"), "limit")));
	t = table(rep, "matrix_write_bw");
	assert_true(json_number_value(json_object_get(row_of(t, "p10"),
						      "limit")) == 100e6);
	json_decref(rep);

	rep = RUN_JSON("compare", "-f", "json", "--sku", "p10=azure:P10", "-q");
	sku = row_of(table(rep, "sku"), "p10");
	assert_true(json_number_value(json_object_get(sku, "iops_limit")) ==
		    500);
	assert_true(json_number_value(
			    json_object_get(sku, "burst_iops_limit")) == 3500);
	peak = json_number_value(json_object_get(sku, "peak_iops"));
	/* the emulator runs the whole quick suite on its 30 min bucket */
	if (!(peak > 1.05 * 500))
		fail_msg("p10's peak %g IOPS: the burst was not in play", peak);
	/*
	 * The rule on these figures: beyond the limits when a rate is more
	 * than 5% above its burst ceiling (1 s runs of numjobs=4 can
	 * overshoot that much in fio's group sum), else in play; a rate
	 * against the ceiling read as MiB/s, the higher reading of "MBps".
	 */
	seq = json_number_value(json_object_get(sku, "seq_bw"));
	burst = json_string_value(json_object_get(sku, "burst"));
	if (peak > 1.05 * 3500 || seq > 1.05 * 170 * 1048576.0)
		assert_string_equal(burst, "beyond the limits");
	else
		assert_true(!strncmp(burst, "in play (IOPS", 13));
	assert_true(fabs(json_number_value(json_object_get(sku, "peak_pct")) -
			 100 * peak / 500) < 1e-6);
	json_decref(rep);
}

static void in_the_report(void **state)
{
	char *out, *err, *html;
	const char *page = fvt_at("report.html");
	int st = fvt_run(&out, &err, "report", "--sku", "p10=azure:P10", "-q",
			 dir(), "-o", page, NULL);

	(void) state;
	if (st != 0)
		fail_msg("report: exit %d: %s", st, err);
	html = fvt_slurp(page, NULL);
	assert_non_null(html);
	fvt_has(html, "<h3>Read: bandwidth</h3>",
		"<h3>Write: mean latency (clat)</h3>", "<th>SEQ1M Q8T1</th>",
		"<h3>Measured against the SKUs' limits");
	free(html);
	free(out);
	free(err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tests_in_cdm_order),
		cmocka_unit_test(cells_are_fios_figures),
		cmocka_unit_test(every_format),
		cmocka_unit_test(measured_against_the_sku),
		cmocka_unit_test_setup_teardown(in_the_report, fvt_tmp_setup,
						fvt_tmp_teardown),
	};

	return cmocka_run_group_tests_name("matrix on real runs", tests, setup,
					   NULL);
}
