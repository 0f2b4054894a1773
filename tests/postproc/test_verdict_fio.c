/* SPDX-License-Identifier: MIT */
/*
 * Verdicts on real fio runs. Healthy tmpfs runs (ts_gen.sh) must raise no
 * burst-collapse, capped or steady-state-failure; identical reruns are
 * stable or inconclusive, never a regression. Runs through our engine's
 * provisioned-disk emulator (e2e_gen.sh) must be found: the burst that
 * collapses, the capped QD sweep, the steady run, the flush no-op on
 * tmpfs, the regression of a slowed run.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "util/util.h"

static char *gen(const char *rel)
{
	return strdup(fvt_path("FV_TSGEN", "build/tests/postproc/tsgen", rel));
}

static char *e2e(const char *rel)
{
	return strdup(fvt_path("FV_E2E", "build/tests/postproc/e2e", rel));
}

/*
 * e2e_gen.sh makes a run again when the machine stalled fio (a window of
 * its IOPS log below half the emulator's rate) and writes STALLED when it
 * stalled twice. A finding that is not there is then a skip, saying why
 * (the figures are the machine's, not the emulated disk's), never a pass;
 * on data without a stall it is a failure. Frees out and dir first (a
 * skip leaves the test).
 */
static void expect(bool ok, const char *what, char *out, char *dir)
{
	char path[4096], why[512] = "";
	FILE *f;

	if (!ok)
		fprintf(stderr, "%s: not found in\n%s\n", what, out);
	snprintf(path, sizeof(path), "%s/STALLED", dir);
	f = ok ? NULL : fopen(path, "r");
	free(out);
	free(dir);
	if (f) {
		if (!fgets(why, sizeof(why), f))
			why[0] = '\0';
		fclose(f);
		fprintf(stderr, "SKIP %s: fio stalled twice: %s", what, why);
		skip();
	}
	assert_true(ok);
}

/* Runs fioverdict; returns stdout (csv) and the exit status. */
static char *csv_st(int *st, const char *sub, const char *a, const char *b,
		    const char *c, const char *d)
{
	char *out, *err;

	*st = fvt_run(&out, &err, sub, "-f", "csv", a, b, c, d, NULL);
	free(err);
	return out;
}

/* The same, checking the exit status. */
static char *csv(int want, const char *sub, const char *a, const char *b,
		 const char *c, const char *d)
{
	int st;
	char *out = csv_st(&st, sub, a, b, c, d);

	if (st != want)
		fprintf(stderr, "status %d\n%s\n", st, out);
	assert_int_equal(st, want);
	return out;
}

/* The 5 figure columns (at_ms .. knee_qd, NAN when empty) at the end of
 * the csv row that starts with prefix. */
static bool figs(const char *csv_text, const char *prefix, double v[5])
{
	const char *row = strstr(csv_text, prefix), *end, *p;

	end = row ? strstr(row, "\r\n") : NULL;
	if (!end)
		return false;
	p = end;
	for (int k = 4; k >= 0; k--) {
		const char *q = p;

		while (q > row && q[-1] != ',')
			q--;
		v[k] = q < p ? strtod(q, NULL) : NAN;
		p = q - 1;
	}
	return true;
}

static void test_healthy_no_false_positive(void **state)
{
	char *d = gen("healthy"), *out;

	(void) state;
	out = csv(0, "verdict", "--fail-on",
		  "burst-collapse,capped,steady-state-failure", d, NULL);
	/* Each check ran: the absence of a verdict is not an absence of data.
	 */
	fvt_has(out, "steady_psync,burst,sustained",
		"steady_io_uring,burst,sustained",
		"steady_psync,steady-state,steady",
		"steady_io_uring,steady-state,steady");
	/*
	 * The psync sweep: fio kept 1 I/O in flight at every iodepth, so
	 * it is no sweep (no cap row), and the methodology says why.
	 */
	fvt_lacks(out, ",cap,");
	fvt_has(out, "iodepth=8 asked, but 100.0% of "
		     "submissions had 1 I/O in flight");
	fvt_lacks(out, "burst-collapse", ",capped,", "steady-state-failure");
	free(out);
	free(d);
}

static void test_reruns_never_regression(void **state)
{
	char *b = e2e("reruns/base"), *n = e2e("reruns/new"), *out;
	int st;
	bool ok;

	(void) state;
	out = csv_st(&st, "diff", "--fail-on=regression", "--baseline", b, n);
	ok = st == 0 && strstr(out, "rerun,regression,") &&
	     (strstr(out, ",stable,") || strstr(out, ",inconclusive,")) &&
	     strstr(out, "n 1/3");
	/* A baseline run against all three (itself included): no regression. */
	free(n);
	n = e2e("reruns/base/r2");
	if (ok) {
		free(out);
		out = csv_st(&st, "diff", "--fail-on=regression", "--baseline",
			     b, n);
		ok = st == 0 && !strstr(out, ",regression,fail");
	}
	free(b);
	free(n);
	expect(ok, "reruns: stable or inconclusive", out, e2e("reruns"));
}

/*
 * fioverdict verdict --fail-on fail_on on the e2e run rel: exit status
 * status, and an output found() holds true; else a failure, or a skip
 * (expect()).
 */
static void e2e_verdict(const char *rel, const char *fail_on, int status,
			bool (*found)(const char *out), const char *what)
{
	char *d = e2e(rel), *out;
	int st;
	bool ok;

	out = csv_st(&st, "verdict", "--fail-on", fail_on, d, NULL);
	ok = st == status && found(out);
	expect(ok, what, out, d);
}

/*
 * The figures the report draws: a burst, then 1000. The bucket holds
 * (4000 - 1000) x 2 s = 6000 I/Os; it lasts 6000 / (rate - 1000) at the
 * rate fio reached (4000 on an idle machine: 2 s; less on a loaded one,
 * and so longer), within a 100 ms window and 15%.
 */
static bool burst_found(const char *out)
{
	double v[5];

	return figs(out, "burst,burst,burst,burst-collapse,", v) &&
	       v[2] > 2000 && v[2] < 4200 &&
	       fabs(v[0] - 6e6 / (v[2] - 1000)) <
		       100 + 0.15 * 6e6 / (v[2] - 1000) &&
	       v[1] > 5500 && v[3] > 900 && v[3] < 1100 && isnan(v[4]);
}

static void test_e2e_burst(void **state)
{
	(void) state;
	e2e_verdict("burst", "burst-collapse", 1, burst_found,
		    "burst-collapse after 2 s, 4000 then 1000 IOPS");
}

static bool capped_found(const char *out)
{
	double v[5];

	return strstr(out, "from QD 4") && figs(out, ",cap,capped,", v) &&
	       v[2] > 900 && v[2] < 1100 && v[4] == 4;
}

static void test_e2e_capped_sweep(void **state)
{
	(void) state;
	e2e_verdict("sweep", "capped", 1, capped_found,
		    "capped at 1000 IOPS from QD 4");
}

/*
 * With --sku, the cap names the catalog limit its level matches (a gp2
 * volume of 333 GiB: 999 IOPS, the emulator's 1000), or says that none of
 * the label's SKUs has it (a P10: 500 IOPS, a 3500 IOPS burst).
 */
static void test_e2e_cap_names_limit(void **state)
{
	static const struct {
		const char *sku, *says[2], *what;
	} cases[] = {
		{ "sweep=aws:gp2:333GiB",
		  { "matches the disk aws:gp2:333GiB's 999 IOPS provisioned "
		    "limit (within " },
		  "the cap matches gp2 333 GiB's 999 IOPS" },
		/*
		 * 1000 IOPS on a P30 (5000): below what the disk allows,
		 * something else caps it; on a P10 (500, bursts to 3500):
		 * credits paid.
		 */
		{ "sweep=azure:P30",
		  { "matches no limit known for azure:P30 (5000 IOPS",
		    "something else caps it" },
		  "the cap matches none of a P30's limits" },
		{ "sweep=azure:P10",
		  { "lies between the sustained 500 IOPS and the 3500 IOPS "
		    "burst" },
		  "a P10's cap above its baseline: credits" },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		char *d = e2e("sweep"), *out;
		int st;
		bool ok;

		out = csv_st(&st, "verdict", "--sku", cases[i].sku, d, NULL);
		ok = st == 0 && strstr(out, ",cap,capped,");
		for (size_t k = 0; k < 2 && cases[i].says[k]; k++)
			ok = ok && strstr(out, cases[i].says[k]);
		expect(ok, cases[i].what, out, d);
	}
}

static bool steady_found(const char *out)
{
	double v[5];

	return strstr(out, "steady,burst,sustained,") &&
	       figs(out, "steady,steady,steady-state,steady,", v) &&
	       v[1] > v[0] && v[2] > 900 && v[2] < 1100;
}

static void test_e2e_steady(void **state)
{
	(void) state;
	e2e_verdict("steady", "burst-collapse,steady-state-failure", 0,
		    steady_found, "steady at 1000 IOPS, sustained");
}

static void test_e2e_flush_noop(void **state)
{
	char *d = e2e("durable"), *out;

	(void) state;
	out = csv(1, "verdict", "--fail-on", "flush-noop", d, NULL);
	fvt_has(out, "durable,flush,flush-noop,", "tmpfs");
	free(out);
	free(d);
}

static void test_e2e_diff(void **state)
{
	char *b = e2e("base"), *s = e2e("slow"), *out, *tput;

	(void) state;
	/* one run a side: the throughput's fall beyond the wide factor */
	out = csv(1, "diff", "--fail-on=regression", "--baseline", b, s);
	fvt_has(out, "gate,regression,regression,");
	tput = strstr(out, "throughput n 1/1");
	assert_non_null(tput);
	assert_non_null(strstr(tput, "): regression"));
	assert_true(strstr(tput, "): regression") < strchr(tput, ';'));
	free(out);
	/* The baseline against itself: stable, exit 0. */
	out = csv(0, "diff", "--fail-on=regression", "--baseline", b, b);
	fvt_has(out, "gate,regression,stable,");
	free(out);
	free(b);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_healthy_no_false_positive),
		cmocka_unit_test(test_reruns_never_regression),
		cmocka_unit_test(test_e2e_burst),
		cmocka_unit_test(test_e2e_capped_sweep),
		cmocka_unit_test(test_e2e_cap_names_limit),
		cmocka_unit_test(test_e2e_steady),
		cmocka_unit_test(test_e2e_flush_noop),
		cmocka_unit_test(test_e2e_diff),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
