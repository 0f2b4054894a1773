/* SPDX-License-Identifier: MIT */
/*
 * host-outlier, the hosts table and diff of fleets, through the program
 * on client documents of known IOPS and p99 (fvhosts.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvhosts.h"
#include "fvtest.h"
#include "util/util.h"

/* stdout of `CMD -f csv PATH`, which must exit 0 (no --fail-on). */
static char *run_csv(const char *cmd, const char *path)
{
	char *out = NULL, *err = NULL;

	if (fvt_run(&out, &err, cmd, "-f", "csv", path, NULL))
		fail_msg("%s %s failed:\n%s", cmd, path, err);
	free(err);
	return out;
}

/* n hosts of equal bins, IOPS as given, p99 from a reported key. */
static char *fleet_of(const double *iops, const double *p99, size_t n)
{
	static const char *const names[] = { "127.0.0.2", "127.0.0.3",
					     "127.0.0.4", "127.0.0.5",
					     "127.0.0.6" };
	struct fvh_host hs[5];

	for (size_t i = 0; i < n; i++)
		hs[i] = (struct fvh_host){ .name = names[i],
					   .port = 8765,
					   .iops = iops[i],
					   .p99_ns = p99[i] };
	return fvh_client_doc("steady", hs, n, NULL, false);
}

/*
 * Fleets of hosts, those of nonzero IOPS (a p99 of 0 is 1 ms; FLEET gives
 * every host that one), and the host host-outlier names, by its index
 * (NONE: no outlier).
 */
#define NONE -1
#define FLEET(name, outlier, ...)                      \
	{                                              \
		name, outlier, .iops = { __VA_ARGS__ } \
	}
static void outlier_cases(void **state)
{
	static const struct {
		const char *name;
		int outlier;
		double iops[5], p99[5];
	} cases[] = {
		FLEET("one slow of five", 4, 1000, 1010, 990, 1005, 100),
		{ "a slow p99",
		  3,
		  { 1000, 1000, 1000, 1000 },
		  { 1e6, 1.1e6, 0.9e6, 1e7 } }, /* ten times the others' */
		FLEET("a faster one too", 3, 1000, 980, 1020, 3000),
		/* within 25% of the median: noise, not an outlier */
		FLEET("within 25%: noise", NONE, 1000, 1000, 1000, 1000, 800),
		/* MAD 0: the 25% rule alone decides */
		FLEET("MAD 0: 25% decides", 3, 1000, 1000, 1000, 500),
		/* none beyond 3.5 MADs */
		FLEET("spread hosts", NONE, 600, 800, 1000, 1200, 1400),
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		const char *name = cases[i].name;
		double p99[5];
		size_t n = 0;
		char *doc, *out, want[64];
		FVT_HELD(path, "fleet%zu.json", i);

		for (; n < 5 && cases[i].iops[n]; n++)
			p99[n] = cases[i].p99[n] ? cases[i].p99[n] : 1e6;
		doc = fleet_of(cases[i].iops, p99, n);
		fvt_mkfile(path, doc, strlen(doc));
		out = run_csv("verdict", path);
		assert_non_null(out);
		if (fvt_count(out, ",hosts,") != n)
			fail_msg("%s: not %zu hosts in\n%s", name, n, out);
		if (fvt_count(out, ",host-outlier,") !=
		    (cases[i].outlier != NONE))
			fail_msg("%s:\n%s", name, out);
		if (cases[i].outlier != NONE) {
			snprintf(want, sizeof(want),
				 "127.0.0.%d,steady,hosts,host-outlier",
				 cases[i].outlier + 2);
			if (!strstr(out, want))
				fail_msg("%s: no '%s' in\n%s", name, want, out);
		}
		free(out);
		free(doc);
	}
}
#undef FLEET
#undef NONE

static void too_few_hosts(void **state)
{
	static const double iops[] = { 1000, 100 }, p99[] = { 1e6, 1e7 };
	char *doc = fleet_of(iops, p99, 2), *out;
	const char *path = fvt_at("two.json");

	(void) state;
	fvt_mkfile(path, doc, strlen(doc));
	out = run_csv("verdict", path);
	assert_int_equal(fvt_count(out, ",hosts,"), 0);
	free(out);
	out = run_csv("hosts", path);
	fvt_has(out, "-,steady,fleet,", "2 hosts");
	free(out);
	free(doc);
}

static void hosts_table(void **state)
{
	static const double iops[] = { 1000, 1010, 990, 1005, 100 },
			    p99[] = { 1e6, 1e6, 1e6, 1e6, 1e6 };
	char *doc = fleet_of(iops, p99, 5), *out;
	const char *path = fvt_at("five_steady_20260101T000000.json");

	(void) state;
	fvt_mkfile(path, doc, strlen(doc));
	out = run_csv("hosts", path);
	assert_non_null(out);
	fvt_has(out, "fleet,job,host,iops (IO/s),"
		     "iops_vs_median (x),p99 (ns),p99.9 (ns),"
		     "flushes (count),writes_not_durable (count),"
		     "findings");
	/* hosts in input order, then the fleet's row */
	fvt_has(out, "five,steady,127.0.0.2,1000,",
		"five,steady,127.0.0.6,100,0.1,", "five,steady,fleet,4105,",
		"5 hosts; outliers: 127.0.0.6");
	assert_true(strstr(out, "127.0.0.6,100") < strstr(out, ",fleet,4105"));
	free(out);
	free(doc);
}

/*
 * diff against a baseline fleet of another name: each host against the
 * baseline's hosts, the fleet's sum against the baseline's fleet only.
 */
static void diff_of_fleets(void **state)
{
	char *a = fvh_client_doc("peak", fvh_three, 3, NULL, false),
	     *out = NULL, *err = NULL;
	const char *fleet, *eol;

	(void) state;
	fvt_mkdirs("old", "new");
	fvt_mkfile(fvt_at("old/old_peak_20260101T000000.json"), a, strlen(a));
	fvt_mkfile(fvt_at("new/new_peak_20260102T000000.json"), a, strlen(a));
	{
		FVT_HELD(base, "old");
		FVT_HELD(now, "new");

		assert_int_equal(fvt_run(&out, &err, "diff", "-f", "csv",
					 "--baseline", base, now, NULL),
				 0);
	}
	assert_non_null(out);
	fleet = strstr(out, "new@fleet,peak,regression,stable,");
	assert_non_null(fleet);
	eol = strchr(fleet, '\n');
	fvt_has(fleet, "n 1/1:");
	assert_true(strstr(fleet, "n 1/1:") < eol);
	/* a host against the baseline's three hosts, never their sum */
	fvt_has(out, "new@127.0.0.2,peak,regression,", "n 1/3:");
	fvt_lacks(out, "n 1/4:");
	free(out);
	free(err);
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(outlier_cases, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(too_few_hosts, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(hosts_table, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(diff_of_fleets, fvt_tmp_setup,
						fvt_tmp_teardown),
	};

	return cmocka_run_group_tests_name("host-outlier", tests, NULL, NULL);
}
