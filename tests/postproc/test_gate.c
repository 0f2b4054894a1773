/* SPDX-License-Identifier: MIT */
/*
 * The regression gates on hand-made runs whose answer is known: diff with
 * one new run against a baseline of repeats (its spread learned), a
 * declared noise band, a job held to a rate (p99 decides), a read and a
 * write test of one name (each against its own direction), the machine
 * columns each of one unit; history on series with and without a change,
 * too short, ordered by name against time, and its table of runs; the
 * history subcommand on the truth suite's runs, its exit status and
 * refusals.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "vharness.h"
#include "util/util.h"

/* A run of the gate's job: IOPS and p99 (clat), from file src at ts. */
static struct fv_job *run(struct fv_set *set, const char *name, double iops,
			  double p99, const char *src, int64_t ts)
{
	struct fv_job *j = mkjob(set, name, 8, iops, 8 / iops * 1e9);
	struct fv_dirstats *w = &j->dir[FV_DIR_WRITE];

	w->lat[FV_CLAT].reported = calloc(1, sizeof(struct fv_reported_pct));
	w->lat[FV_CLAT].reported[0] = (struct fv_reported_pct){ 99, p99 };
	w->lat[FV_CLAT].nreported = 1;
	j->source = strdup(src);
	j->timestamp = ts;
	j->order = (size_t) ts;
	return j;
}

struct gate {
	struct fv_set b, n;
	struct fv_vopts o;
	struct fv_report rep;
};

static void gate_init(struct gate *g)
{
	fv_set_init(&g->b, NULL);
	fv_set_init(&g->n, NULL);
	fv_vopts_init(&g->o);
	g->rep = (struct fv_report){ .command = "diff" };
}

static void gate_free(struct gate *g)
{
	fv_report_free(&g->rep);
	fv_vopts_free(&g->o);
	fv_set_free(&g->b);
	fv_set_free(&g->n);
}

/* diff's verdict of the job named name. */
static const char *diff_of(struct gate *g, const char *name)
{
	struct fv_verdict_in in = { .set = &g->n, .base = &g->b, .o = &g->o };
	const struct fv_table *t;
	bool failed = false;

	fv_report_free(&g->rep);
	g->rep = (struct fv_report){ .command = "diff" };
	assert_int_equal(fv_diff(&in, &g->rep, &failed), 0);
	t = fv_report_table(&g->rep, "diff");
	for (size_t r = 0; r < t->nrows; r++)
		if (!strcmp(fv_table_str(t, r, "job"), name))
			return fv_table_str(t, r, "verdict");
	return "(no row)";
}

static void runs(struct fv_set *s, const double *v, size_t n, double p99)
{
	for (size_t i = 0; i < n; i++)
		run(s, "gate", v[i], p99, "r.json", (int64_t) i);
}

/* One new run: the baseline's repeats tell how far a run strays. */
static void single_against_repeats(void **state)
{
	static const double tight[] = { 100e3, 101e3, 99e3, 100.5e3, 99.5e3 },
			    loose[] = { 100e3, 140e3, 70e3, 120e3, 85e3 };
	static const struct {
		const char *what;
		const double *base;
		size_t nbase;
		double now;
		const char *want, *column, *says; /* says: in that column */
	} cases[] = {
		{ "a quarter below a tight baseline", tight,
		  FV_ARRAY_SIZE(tight), 75e3, "regression", "evidence",
		  "baseline's spread, t" },
		{ "3% below a tight baseline", tight, FV_ARRAY_SIZE(tight),
		  97e3, "stable", NULL, NULL },
		/* a spread this wide cannot tell a fifth from noise */
		{ "a fifth below a loose baseline", loose, FV_ARRAY_SIZE(loose),
		  80e3, "inconclusive", "sentence",
		  "3 runs a side would decide" },
	};
	struct gate g;

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		const char *got;

		gate_init(&g);
		runs(&g.b, cases[i].base, cases[i].nbase, 500e3);
		runs(&g.n, &cases[i].now, 1, 500e3);
		got = diff_of(&g, "gate");
		if (strcmp(got, cases[i].want))
			fail_msg("%s: %s, want %s", cases[i].what, got,
				 cases[i].want);
		if (cases[i].says)
			fvt_has(fv_table_str(g.rep.tables[0], 0,
					     cases[i].column),
				cases[i].says);
		gate_free(&g);
	}
}

/* One run a side: the declared band, and what would decide. */
static void declared_band(void **state)
{
	double a = 100e3, b = 75e3;
	struct gate g;

	(void) state;
	gate_init(&g);
	runs(&g.b, &a, 1, 500e3);
	runs(&g.n, &b, 1, 500e3);
	assert_string_equal(diff_of(&g, "gate"), "inconclusive");
	fvt_has(fv_table_str(g.rep.tables[0], 0, "sentence"),
		"or a baseline of 3 runs");
	g.o.noise_tput = 1.3;
	assert_string_equal(diff_of(&g, "gate"), "regression");
	gate_free(&g);
}

/* A job held to a rate: its throughput is the rate, its p99 decides. */
static void rated_job_p99(void **state)
{
	static const struct fv_opt rated[] = { { "rate_iops", "1000" } };
	struct gate g;

	(void) state;
	gate_init(&g);
	for (int i = 0; i < 5; i++) {
		h_opts(run(&g.b, "rated", 1000, 200e3 + 1e3 * i, "b", i), rated,
		       1);
		h_opts(run(&g.n, "rated", 1000, 300e3 + 1e3 * i, "n", i), rated,
		       1);
	}
	assert_string_equal(diff_of(&g, "rated"), "regression");
	assert_string_equal(fv_table_str(g.rep.tables[0], 0, "figure"), "p99");
	assert_float_equal(fv_table_num(g.rep.tables[0], 0, "base_p99_ns"),
			   202e3, 1e-6);
	assert_float_equal(fv_table_num(g.rep.tables[0], 0, "new_iops"), 1000,
			   1e-9);
	assert_float_equal(fv_table_num(g.rep.tables[0], 0, "p"), 1.0 / 252,
			   1e-12);
	gate_free(&g);
}

/* CrystalDiskMark names its read and write tests alike: two tests. */
static void read_and_write_apart(void **state)
{
	struct gate g;
	struct fv_job *j;

	(void) state;
	gate_init(&g);
	for (int i = 0; i < 5; i++) {
		run(&g.b, "SEQ1M Q8T1", 1000, 1e6, "b", i)->role_dir =
			FV_DIR_WRITE;
		j = run(&g.b, "SEQ1M Q8T1", 4000, 1e6, "b", i);
		j->role_dir = FV_DIR_READ;
		run(&g.n, "SEQ1M Q8T1", 990, 1e6, "n", i)->role_dir =
			FV_DIR_WRITE;
		j = run(&g.n, "SEQ1M Q8T1", 3000, 1e6, "n", i);
		j->role_dir = FV_DIR_READ;
	}
	diff_of(&g, "SEQ1M Q8T1");
	assert_int_equal(g.rep.tables[0]->nrows, 2);
	assert_string_equal(fv_table_str(g.rep.tables[0], 0, "verdict"),
			    "stable");
	assert_string_equal(fv_table_str(g.rep.tables[0], 1, "verdict"),
			    "regression");
	gate_free(&g);
}

/* ---- history ---- */

/* history of set: the job's row, the table of runs in *runs. */
static const struct fv_table *history_of(struct fv_set *s, struct fv_vopts *o,
					 enum fv_hist_order order,
					 struct fv_report *rep)
{
	struct fv_verdict_in in = { .set = s, .o = o };
	bool failed = false;

	*rep = (struct fv_report){ .command = "history" };
	assert_int_equal(fv_history(&in, order, true, rep, &failed), 0);
	return fv_report_table(rep, "history");
}

/* Twelve runs near 4,000 IOPS (3% noise), then four at 3,000. */
static void history_series(struct fv_set *s, size_t n, bool reversed_ts)
{
	static const double noise[] = { 1.00,  0.97, 1.02, 0.99, 1.03, 0.98,
					1.01,  0.97, 1.02, 1.00, 0.98, 1.03,
					0.995, 1.01, 0.99, 1.0 };
	char src[32];

	for (size_t i = 0; i < n; i++) {
		snprintf(src, sizeof(src), "run%zu/x.json", i + 1);
		run(s, "job", (i < 12 ? 4000 : 3000) * noise[i], 1e6, src,
		    reversed_ts ? 100 - (int64_t) i : (int64_t) i);
	}
}

static void history_finds_the_change(void **state)
{
	struct fv_set s;
	struct fv_vopts o;
	struct fv_report rep;
	const struct fv_table *t;

	(void) state;
	fv_set_init(&s, NULL);
	fv_vopts_init(&o);
	history_series(&s, 16, false);
	t = history_of(&s, &o, FV_HIST_TIME, &rep);
	assert_string_equal(fv_table_str(t, 0, "verdict"), "regression");
	assert_float_equal(fv_table_num(t, 0, "run_after"), 13, 0);
	assert_string_equal(fv_table_str(t, 0, "first_after"), "run13/x.json");
	assert_float_equal(fv_table_num(t, 0, "runs_before"), 12, 0);
	assert_float_equal(fv_table_num(t, 0, "runs_after"), 4, 0);
	assert_true(fv_table_num(t, 0, "ratio") < 0.8);
	assert_true(fv_table_num(t, 0, "p") <= 0.05);
	t = fv_report_table(&rep, "history-runs");
	assert_int_equal(t->nrows, 16);
	assert_float_equal(fv_table_num(t, 12, "segment"), 1, 0);
	assert_float_equal(fv_table_num(t, 11, "segment"), 0, 0);
	fv_report_free(&rep);
	fv_vopts_free(&o);
	fv_set_free(&s);
}

/*
 * The verdict of a series of n runs (timestamps backwards when reversed)
 * in an order, and the first run after the change (NULL: none named).
 */
static void history_cases(void **state)
{
	static const struct {
		size_t n;
		bool reversed_ts;
		enum fv_hist_order order;
		const char *verdict, *first_after;
	} cases[] = {
		{ 12, false, FV_HIST_TIME, "stable", NULL },
		/* five runs: shorter than two segments of three */
		{ 5, false, FV_HIST_TIME, "insufficient-baseline", NULL },
		/* timestamps backwards: by time the slow runs come first */
		{ 16, true, FV_HIST_TIME, "improvement", "run12/x.json" },
		{ 16, true, FV_HIST_NAME, "regression", "run13/x.json" },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		struct fv_set s;
		struct fv_vopts o;
		struct fv_report rep;
		const struct fv_table *t;

		fv_set_init(&s, NULL);
		fv_vopts_init(&o);
		history_series(&s, cases[i].n, cases[i].reversed_ts);
		t = history_of(&s, &o, cases[i].order, &rep);
		assert_string_equal(fv_table_str(t, 0, "verdict"),
				    cases[i].verdict);
		if (cases[i].first_after)
			assert_string_equal(fv_table_str(t, 0, "first_after"),
					    cases[i].first_after);
		fv_report_free(&rep);
		fv_vopts_free(&o);
		fv_set_free(&s);
	}
}

/* The truth suite's history: twelve runs, then the read job slower. */
static void history_command(void **state)
{
	char *out, *err, paths[16][4096], rel[16];
	const char *args[32] = { "history",    "--order", "name", "--fail-on",
				 "regression", "-f",	  "csv" };
	const char *rep[32] = { NULL };
	size_t n = 7;
	int st;

	(void) state;
	for (int i = 0; i < 16; i++) {
		snprintf(rel, sizeof(rel), "hist_%02d", i + 1);
		snprintf(paths[i], sizeof(paths[i]), "%s",
			 fvt_path("FV_TRUTH", "tests/truth/runs", rel));
		args[n++] = paths[i];
	}
	args[n] = NULL;
	st = fvt_runv(&out, &err, args);
	if (st != 1 || !strstr(out, "capped_randread,history,regression,"))
		fail_msg("exit %d\n%s%s", st, out, err);
	fvt_has(out, "capped_randwrite,history,stable,",
		",throughput,16,1,13,");
	free(out);
	free(err);
	/* twelve runs: no change, exit 0 */
	args[7 + 12] = NULL;
	assert_int_equal(fvt_runv(&out, &err, args), 0);
	fvt_lacks(out, "regression,");
	free(out);
	free(err);
	/* the report of the sixteen: the history's table, a chart per job */
	rep[0] = "report";
	rep[1] = "--history";
	rep[2] = "-q";
	rep[3] = "-o";
	rep[4] = fvt_at("history.html");
	for (int i = 0; i < 16; i++)
		rep[5 + i] = paths[i];
	st = fvt_runv(&out, &err, rep);
	free(out);
	free(err);
	out = fvt_slurp(fvt_at("history.html"), NULL);
	if ((st != 0 && st != 69) || !out ||
	    !strstr(out, "History: capped_randread, throughput"))
		fail_msg("report --history: exit %d", st);
	fvt_has(out, "worse from run 13");
	free(out);
	st = fvt_run(&out, &err, "history", "--order", "size", paths[0], NULL);
	assert_int_equal(st, 64);
	fvt_has(err, "--order");
	free(out);
	free(err);
	st = fvt_run(&out, &err, "history", "--min-segment", "1", paths[0],
		     NULL);
	assert_int_equal(st, 64);
	free(out);
	free(err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(single_against_repeats),
		cmocka_unit_test(declared_band),
		cmocka_unit_test(rated_job_p99),
		cmocka_unit_test(read_and_write_apart),
		cmocka_unit_test(history_finds_the_change),
		cmocka_unit_test(history_cases),
		cmocka_unit_test(history_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
