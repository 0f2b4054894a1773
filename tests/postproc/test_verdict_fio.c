/* SPDX-License-Identifier: MIT */
/*
 * Verdicts on real fio runs. Healthy tmpfs runs (ts_gen.sh) must raise no
 * burst-collapse, capped or steady-state-failure; identical reruns are
 * stable or noisy, never a regression. Runs through our engine's
 * provisioned-disk emulator (e2e_gen.sh) must be found: the burst that
 * collapses, the capped QD sweep, the steady run, the flush no-op on
 * tmpfs, the regression of a slowed run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"

static char *gen(const char *rel)
{
	return strdup(fvt_path("FV_TSGEN", "build/tests/postproc/tsgen", rel));
}

static char *e2e(const char *rel)
{
	return strdup(fvt_path("FV_E2E", "build/tests/postproc/e2e", rel));
}

/* Runs fioverdict; returns stdout (csv), checks the exit status. */
static char *csv(int want, const char *sub, const char *a, const char *b,
		 const char *c, const char *d)
{
	char *out, *err;
	int st = fvt_run(&out, &err, sub, "-f", "csv", a, b, c, d, NULL);

	if (st != want)
		fprintf(stderr, "status %d\n%s\n%s\n", st, out, err);
	assert_int_equal(st, want);
	free(err);
	return out;
}

static void test_healthy_no_false_positive(void **state)
{
	char *d = gen("healthy"), *out;

	(void) state;
	out = csv(0, "verdict", "--fail-on",
		  "burst-collapse,capped,steady-state-failure", d, NULL);
	/* Each check ran: the absence of a verdict is not an absence of data.
	 */
	assert_non_null(strstr(out, "steady_psync,burst,sustained"));
	assert_non_null(strstr(out, "steady_io_uring,burst,sustained"));
	assert_non_null(strstr(out, "steady_psync,steady-state,steady"));
	assert_non_null(strstr(out, "steady_io_uring,steady-state,steady"));
	assert_non_null(strstr(out, "cap,not-capped"));
	assert_null(strstr(out, "burst-collapse"));
	assert_null(strstr(out, ",capped,"));
	assert_null(strstr(out, "steady-state-failure"));
	free(out);
	free(d);
}

static void test_reruns_never_regression(void **state)
{
	char *b = e2e("reruns/base"), *n = e2e("reruns/new"), *out;

	(void) state;
	out = csv(0, "diff", "--fail-on=regression", "--baseline", b, n);
	assert_non_null(strstr(out, "rerun,regression,"));
	assert_true(strstr(out, ",stable,") || strstr(out, ",noisy,"));
	assert_non_null(strstr(out, "of 3 runs"));
	free(out);
	/* A baseline run against all three (itself included): no regression. */
	free(n);
	n = e2e("reruns/base/r2");
	out = csv(0, "diff", "--fail-on=regression", "--baseline", b, n);
	assert_null(strstr(out, ",regression,fail"));
	free(out);
	free(b);
	free(n);
}

static void test_e2e_burst(void **state)
{
	char *d = e2e("burst"), *out;

	(void) state;
	out = csv(1, "verdict", "--fail-on", "burst-collapse", d, NULL);
	assert_non_null(strstr(out, "burst,burst,burst-collapse"));
	free(out);
	free(d);
}

static void test_e2e_capped_sweep(void **state)
{
	char *d = e2e("sweep"), *out;

	(void) state;
	out = csv(1, "verdict", "--fail-on", "capped", d, NULL);
	assert_non_null(strstr(out, ",cap,capped,"));
	assert_non_null(strstr(out, "from QD 4"));
	free(out);
	free(d);
}

static void test_e2e_steady(void **state)
{
	char *d = e2e("steady"), *out;

	(void) state;
	out = csv(0, "verdict", "--fail-on",
		  "burst-collapse,steady-state-failure", d, NULL);
	assert_non_null(strstr(out, "steady,steady-state,steady,"));
	assert_non_null(strstr(out, "steady,burst,sustained,"));
	free(out);
	free(d);
}

static void test_e2e_flush_noop(void **state)
{
	char *d = e2e("durable"), *out;

	(void) state;
	out = csv(1, "verdict", "--fail-on", "flush-noop", d, NULL);
	assert_non_null(strstr(out, "durable,flush,flush-noop,"));
	assert_non_null(strstr(out, "tmpfs"));
	free(out);
	free(d);
}

static void test_e2e_diff(void **state)
{
	char *b = e2e("base"), *s = e2e("slow"), *out;

	(void) state;
	out = csv(1, "diff", "--fail-on=regression", "--baseline", b, s);
	assert_non_null(strstr(out, "gate,regression,regression,"));
	free(out);
	/* The baseline against itself: stable, exit 0. */
	out = csv(0, "diff", "--fail-on=regression", "--baseline", b, b);
	assert_non_null(strstr(out, "gate,regression,stable,"));
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
		cmocka_unit_test(test_e2e_steady),
		cmocka_unit_test(test_e2e_flush_noop),
		cmocka_unit_test(test_e2e_diff),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
