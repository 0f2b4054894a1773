/* SPDX-License-Identifier: MIT */
/*
 * latency on inputs whose figures this test chose, each expected
 * percentile computed here by fioverdict(1)'s rule: from json+ bins, the
 * value of the first bin where the running count reaches rank
 * ceil(p/100 x N); without bins, fio's reported key for exactly that
 * percentile; else n/a (null in JSON), nothing interpolated.
 */
#include "answers.h"
#include "util/util.h"

/* A json+ job's clat bins: fio's bucket value (ns) and its count. */
static const struct bin {
	const char *ns;
	json_int_t count;
} bins[] = {
	{ "1000", 1000 }, { "2000", 4000 }, { "3008", 3000 }, { "5056", 1500 },
	{ "10240", 400 }, { "20480", 90 },  { "40960", 9 },   { "81920", 1 },
};

#define NBINS (FV_ARRAY_SIZE(bins))

/* fio's reported percentiles of a plain JSON job: key and value (ns). */
static const struct reported {
	double p, ns;
} reported[] = { { 50, 150000 }, { 99, 420000 }, { 99.9, 800000 } };

#define NREPORTED (FV_ARRAY_SIZE(reported))

/* The percentiles asked: some fio reports, some it does not. */
static const double asked[] = { 50, 90, 99, 99.9, 99.99 };

#define NASKED (FV_ARRAY_SIZE(asked))

static json_int_t bins_total(void)
{
	json_int_t n = 0;

	for (size_t i = 0; i < NBINS; i++)
		n += bins[i].count;
	return n;
}

/* The value at rank ceil(p/100 x N) of the bins. */
static double from_bins(double p)
{
	json_int_t rank = (json_int_t) ceill(p / 100.0L * bins_total());
	json_int_t seen = 0;

	for (size_t i = 0; i < NBINS; i++) {
		seen += bins[i].count;
		if (seen >= rank)
			return atof(bins[i].ns);
	}
	return NAN;
}

/* fio's reported key for exactly p, or NAN: n/a. */
static double from_keys(double p)
{
	for (size_t i = 0; i < NREPORTED; i++)
		if (reported[i].p == p)
			return reported[i].ns;
	return NAN;
}

static json_t *bins_clat(void)
{
	json_t *b = json_object();

	for (size_t i = 0; i < NBINS; i++)
		json_object_set_new(b, bins[i].ns, json_integer(bins[i].count));
	return json_pack("{s:o}", "bins", b);
}

static json_t *keys_clat(void)
{
	json_t *m = json_object();
	char key[32];

	for (size_t i = 0; i < NREPORTED; i++) {
		snprintf(key, sizeof(key), "%f", reported[i].p);
		json_object_set_new(m, key, json_real(reported[i].ns));
	}
	return json_pack("{s:o}", "percentile", m);
}

static void write_inputs(void)
{
	/* N of the bins: the job ran bins_total() I/Os in 60 s */
	double plus_iops = bins_total() / 60.0;
	struct fva_job plus = { "peak",	   "randread", "4k",	   32,
				plus_iops, 3000,       bins_clat() };
	struct fva_job plain = { "peak", "randread", "4k",	 32,
				 146000, 150000,     keys_clat() };

	fva_write("plus_peak_randread4k_20260101-100100.json",
		  json_pack("[o]", fva_job(&plus)));
	fva_write("plain_peak_randread4k_20260101-100100.json",
		  json_pack("[o]", fva_job(&plain)));
}

/* A row's percentile p: want's figure, or null when want is NAN. */
static void percentile(const json_t *row, double p, double want)
{
	char key[32];

	snprintf(key, sizeof(key), "p%g", p);
	if (isnan(want)) {
		if (!json_is_null(json_object_get(row, key)))
			fail_msg("%s: not n/a", key);
		return;
	}
	fva_near(fva_num(row, key), want, key);
}

static void percentiles(void **state)
{
	const char *args[] = { "latency",
			       "-f",
			       "json",
			       "--of",
			       "peak:read",
			       "-p",
			       "50,90,99,99.9,99.99",
			       fvt_tmp(),
			       NULL };
	const json_t *rows, *plus, *plain;
	json_t *doc;

	(void) state;
	write_inputs();
	rows = fva_rows(args, 0, &doc);
	plus = fva_row(rows, "label", "plus");
	plain = fva_row(rows, "label", "plain");
	assert_non_null(plus);
	assert_non_null(plain);
	fva_near(fva_num(plain, "iops"), 146000, "plain iops");
	for (size_t i = 0; i < NASKED; i++) {
		percentile(plus, asked[i], from_bins(asked[i]));
		percentile(plain, asked[i], from_keys(asked[i]));
	}
	json_decref(doc);
}

#define T(f) cmocka_unit_test_setup_teardown(f, fvt_tmp_setup, fvt_tmp_teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(percentiles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
