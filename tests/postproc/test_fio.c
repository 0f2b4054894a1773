/* SPDX-License-Identifier: MIT */
/*
 * Ingest of outputs the installed fio made just before the tests
 * (gen_fixtures.sh, in $FV_GEN): json, json+, client/server, interim
 * documents, warnings before the JSON, clones, fsync, steady state,
 * gtod_reduce, mixed; and percentiles from bins against fio's own.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "model/percentile.h"
#include "util/util.h"

#define GEN(rel) fvt_path("FV_GEN", "build/tests/postproc/gen", rel)

/* fio's percentile_list in gen_fixtures.sh, so every one is comparable. */
static const struct fv_pctlist fio_list = {
	7, { 50, 90, 95, 99, 99.5, 99.9, 99.99 }
};

/* Loads $FV_GEN/rel alone with the percentiles pcts. */
static void load_pcts(struct fv_set *set, const char *rel,
		      const struct fv_pctlist *pcts)
{
	char *p = strdup(GEN(rel));
	const char *paths[] = { p };

	fvt_load(set, paths, 1, pcts);
	free(p);
}

static void load(struct fv_set *set, const char *rel)
{
	load_pcts(set, rel, &fio_list);
}

/* Loads rel as load() does: its job display. */
static const struct fv_job *gen_job(struct fv_set *set, const char *rel,
				    const char *display)
{
	load(set, rel);
	return fvt_job_of(set, NULL, display);
}

static void json_plain(void **state)
{
	struct fv_set set;
	const struct fv_job *rr, *rw;

	(void) state;
	load(&set, "json.json");
	assert_int_equal(set.diags.nerrors, 0);
	rr = fvt_job_of(&set, NULL, "peak_rr");
	rw = fvt_job_of(&set, NULL, "peak_rw");
	assert_int_equal(rr->dir[FV_DIR_READ].io_bytes, 4 << 20);
	assert_int_equal(rr->dir[FV_DIR_READ].total_ios, 1024);
	assert_true(rr->dir[FV_DIR_READ].iops > 0);
	assert_int_equal(rr->role, FV_ROLE_PEAK);
	assert_int_equal(rw->role_dir, FV_DIR_WRITE);
	/* Plain json: fio's reported keys, 50 is among fio's defaults. */
	assert_int_equal(rr->dir[FV_DIR_READ].lat[FV_CLAT].pct[0].src,
			 FV_PCT_FIO);
	assert_string_equal(rr->fio_version, "fio-3.33");
	fv_set_free(&set);
}

static void json_unreported_percentile(void **state)
{
	static const struct fv_pctlist odd = { 2, { 12.5, 50 } };
	const struct fv_job *j;
	struct fv_set set;

	(void) state;
	load_pcts(&set, "json.json", &odd);
	j = fvt_job(&set, NULL, "peak_rr");
	/* 12.5 is not in fio's list and json has no bins: unavailable. */
	assert_int_equal(j->dir[FV_DIR_READ].lat[FV_CLAT].pct[0].src,
			 FV_PCT_NONE);
	assert_int_equal(j->dir[FV_DIR_READ].lat[FV_CLAT].pct[1].src,
			 FV_PCT_FIO);
	fv_set_free(&set);
}

/* Every percentile computed from bins equals the one fio reported. */
static size_t check_bins(const struct fv_set *set)
{
	size_t compared = 0;

	for (size_t i = 0; i < set->njobs; i++) {
		const struct fv_job *j = set->jobs[i];

		if (j->kind == FV_JOB_CLONE_SUM)
			continue; /* fio reports no percentile for those */
		for (int d = 0; d < FV_DIR_NR; d++)
			for (int k = 0; k < FV_LAT_NR; k++) {
				const struct fv_lat *l = &j->dir[d].lat[k];

				for (size_t p = 0; p < set->pcts.n; p++) {
					const struct fv_reported_pct *r =
						fv_lat_reported(l,
								set->pcts.p[p]);

					if (!r || l->pct[p].src != FV_PCT_BINS)
						continue;
					if (l->pct[p].ns != r->ns)
						print_error(
							"%s %s %s p%g: bins "
							"%.0f fio %.0f\n",
							j->display,
							fv_dir_name(d),
							fv_lat_name(k),
							set->pcts.p[p],
							l->pct[p].ns, r->ns);
					assert_true(l->pct[p].ns == r->ns);
					compared++;
				}
			}
	}
	return compared;
}

static void jsonplus_percentiles_equal_fio(void **state)
{
	static const char *const files[] = {
		"jsonplus.json", "jsonplus_null.json", "clones.json",
		"fsync.json",	 "client.json",
	};
	size_t total = 0;

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(files); i++) {
		struct fv_set set;
		size_t n;

		load(&set, files[i]);
		assert_int_equal(set.diags.nerrors, 0);
		n = check_bins(&set);
		/* A check that compares nothing cannot fail: forbid it. */
		assert_true(n >= 7);
		total += n;
		fv_set_free(&set);
	}
	print_message("compared %zu percentiles with fio's\n", total);
}

static void jsonplus_any_percentile(void **state)
{
	static const struct fv_pctlist odd = { 3, { 12.5, 99.999, 100 } };
	const struct fv_job *j;
	struct fv_set set;

	(void) state;
	load_pcts(&set, "jsonplus.json", &odd);
	j = fvt_job_of(&set, NULL, "jp_read");
	for (size_t i = 0; i < odd.n; i++)
		assert_int_equal(j->dir[FV_DIR_READ].lat[FV_CLAT].pct[i].src,
				 FV_PCT_BINS);
	/* p100 is the top bucket: at least the maximum (a midpoint). */
	assert_true(j->dir[FV_DIR_READ].lat[FV_CLAT].pct[2].ns >=
		    j->dir[FV_DIR_READ].lat[FV_CLAT].max_ns * 0.99);
	fv_set_free(&set);
}

static void client_server(void **state)
{
	struct fv_set set;
	const struct fv_job *all, *sum, *c1;

	(void) state;
	all = gen_job(&set, "client.json", "All clients");
	sum = fvt_job_of(&set, NULL, "cs_peak");
	c1 = fvt_job_of(&set, NULL, "cs_peak#1");
	assert_int_equal(all->kind, FV_JOB_ALL_CLIENTS);
	assert_string_equal(all->label, "All clients");
	/*
	 * A server is its name: the port a client reached it on changes
	 * from run to run, and the output holds no other server of it.
	 */
	assert_string_equal(c1->hostname, "127.0.0.1");
	assert_true(c1->port > 0);
	assert_string_equal(c1->label, "127.0.0.1");
	assert_string_equal(c1->label, c1->host);
	assert_string_equal(c1->label_rule, "hostname");
	/* Global options of client output merged under job options. */
	assert_string_equal(fv_job_opt(c1, "ioengine"), "psync");
	assert_int_equal(sum->nclones, 2);
	assert_int_equal(sum->dir[FV_DIR_WRITE].total_ios,
			 all->dir[FV_DIR_WRITE].total_ios);
	fv_set_free(&set);
}

static void status_interval(void **state)
{
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	load(&set, "status.json");
	j = fvt_only_job(&set);
	assert_true(j->ninterim >= 1);
	assert_int_equal(j->dir[FV_DIR_WRITE].nsamples, j->ninterim);
	/* Interim counters are cumulative: below the final one. */
	assert_true(j->dir[FV_DIR_WRITE].samples[0].total_ios <=
		    j->dir[FV_DIR_WRITE].total_ios);
	fv_set_free(&set);
}

static void warnings_before_json(void **state)
{
	struct fv_set set;

	(void) state;
	load(&set, "warnings.json");
	assert_int_equal(set.njobs, 1);
	assert_int_equal(fvt_diags(&set, FV_WARNING, "capped at 1"), 1);
	assert_int_equal(set.diags.nerrors, 0);
	fv_set_free(&set);
}

static void numjobs_clones(void **state)
{
	struct fv_set set;
	const struct fv_job *sum;
	double iops = 0;
	uint64_t ios = 0;

	(void) state;
	load(&set, "clones.json");
	assert_int_equal(set.njobs, 4); /* three clones and their sum */
	for (int k = 0; k < 3; k++) {
		char name[16];
		const struct fv_job *c;

		snprintf(name, sizeof(name), "clones#%d", k);
		c = fvt_job(&set, NULL, name);
		assert_non_null(c);
		assert_int_equal(c->kind, FV_JOB_CLONE);
		assert_int_equal(c->index, k);
		iops += c->dir[FV_DIR_WRITE].iops;
		ios += c->dir[FV_DIR_WRITE].total_ios;
	}
	sum = fvt_job_of(&set, NULL, "clones");
	assert_true(fabs(sum->dir[FV_DIR_WRITE].iops - iops) < 1e-6 * iops);
	assert_int_equal(sum->dir[FV_DIR_WRITE].total_ios, ios);
	assert_int_equal(sum->dir[FV_DIR_WRITE].lat[FV_CLAT].n, ios);
	assert_int_equal(sum->dir[FV_DIR_WRITE].lat[FV_CLAT].pct[3].src,
			 FV_PCT_BINS);
	fv_set_free(&set);
	load(&set, "grouped.json");
	assert_int_equal(fvt_only_job(&set)->kind, FV_JOB_SINGLE);
	fv_set_free(&set);
}

/* The write clat bins of every "clones" entry, merged: read with jansson. */
static struct fv_bin *merged_clone_bins(size_t *n, uint64_t *total)
{
	json_t *root = json_load_file(GEN("clones.json"),
				      JSON_DECODE_INT_AS_REAL, NULL);
	struct fv_bin *b = NULL;
	json_t *job, *count;
	const char *key;
	size_t i;

	assert_non_null(root);
	*n = 0;
	*total = 0;
	json_array_foreach(json_object_get(root, "jobs"), i, job)
	{
		json_t *bins = json_object_get(
			json_object_get(json_object_get(job, "write"),
					"clat_ns"),
			"bins");

		json_object_foreach(bins, key, count)
		{
			b = realloc(b, (*n + 1) * sizeof(*b));
			assert_non_null(b);
			b[*n].ns = strtoull(key, NULL, 10);
			b[*n].count = (uint64_t) json_number_value(count);
			*total += b[(*n)++].count;
		}
	}
	json_decref(root);
	fv_bins_normalise(b, n);
	return b;
}

/*
 * Each job's bins are let go once its percentiles are computed; a clone's
 * are read again for the sum: the sum's percentiles are those of all the
 * clones' bins together, and each clone keeps its own.
 */
static void clone_sum_percentiles(void **state)
{
	struct fv_set set;
	const struct fv_job *sum, *c0;
	uint64_t total, v;
	size_t n;
	struct fv_bin *b = merged_clone_bins(&n, &total);

	(void) state;
	assert_true(n > 10);
	sum = gen_job(&set, "clones.json", "clones");
	c0 = fvt_job_of(&set, NULL, "clones#0");
	for (size_t i = 0; i < fio_list.n; i++) {
		const struct fv_lat *l = &sum->dir[FV_DIR_WRITE].lat[FV_CLAT];

		assert_int_equal(
			fv_pctl_from_bins(b, n, total, fio_list.p[i], &v), 0);
		assert_int_equal(l->pct[i].src, FV_PCT_BINS);
		assert_true(l->pct[i].ns == (double) v);
		/* A clone's own, from its bins, equal to what fio reported. */
		l = &c0->dir[FV_DIR_WRITE].lat[FV_CLAT];
		assert_int_equal(l->pct[i].src, FV_PCT_BINS);
		assert_non_null(fv_lat_reported(l, fio_list.p[i]));
		assert_true(l->pct[i].ns ==
			    fv_lat_reported(l, fio_list.p[i])->ns);
		assert_null(l->bins);
	}
	assert_true(sum->dir[FV_DIR_WRITE].lat[FV_CLAT].had_bins);
	free(b);
	fv_set_free(&set);
}

/* fsync=: a sync section, its latency from bins; a sync job. */
static bool sync_read(const struct fv_job *j)
{
	return j->dir[FV_DIR_SYNC].present &&
	       j->dir[FV_DIR_SYNC].total_ios > 0 &&
	       j->dir[FV_DIR_SYNC].lat[FV_LAT].pct[3].src == FV_PCT_BINS &&
	       j->role == FV_ROLE_SYNC;
}

/* steadystate=: its setting and duration; a steady job. */
static bool steady_read(const struct fv_job *j)
{
	return j->ss.present && j->ss.setting && j->ss.duration_s > 0 &&
	       j->role == FV_ROLE_STEADY;
}

/* gtod_reduce=1: I/Os counted, latency not measured. */
static bool gtod_read(const struct fv_job *j)
{
	return j->dir[FV_DIR_READ].total_ios > 0 &&
	       j->dir[FV_DIR_READ].lat_unmeasured;
}

/* unified_rw_reporting=1: the mixed section. */
static bool mixed_read(const struct fv_job *j)
{
	return j->dir[FV_DIR_MIXED].present &&
	       j->dir[FV_DIR_MIXED].total_ios > 0;
}

/* What an option of fio adds to (or takes from) its JSON, read. */
static void option_sections(void **state)
{
	static const struct {
		const char *file, *job; /* NULL: the first job */
		bool (*read)(const struct fv_job *j);
	} cases[] = {
		{ "fsync.json", "sync_rw", sync_read },
		{ "steady.json", "steady_rw", steady_read },
		{ "gtod.json", NULL, gtod_read },
		{ "mixed.json", NULL, mixed_read },
	};

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(cases); i++) {
		struct fv_set set;
		const struct fv_job *j;

		load(&set, cases[i].file);
		j = cases[i].job ? fvt_job_of(&set, NULL, cases[i].job)
				 : set.jobs[0];
		if (!cases[i].read(j))
			fail_msg("%s: not read as fio wrote it", cases[i].file);
		fv_set_free(&set);
	}
}

static void seed_plan_roles(void **state)
{
	static const struct {
		const char *job;
		enum fv_role role;
	} want[] = {
		{ "warmup", FV_ROLE_WARMUP },
		{ "rr_qd4", FV_ROLE_SCALING },
		{ "peak_rr", FV_ROLE_PEAK },
		{ "peak_rw", FV_ROLE_PEAK },
		{ "steady_rw", FV_ROLE_STEADY },
		{ "sync_rw", FV_ROLE_SYNC },
		{ "sr_1m", FV_ROLE_THROUGHPUT },
		{ "sw_1m", FV_ROLE_THROUGHPUT },
	};
	struct fv_set set;

	(void) state;
	load(&set, "plan");
	assert_int_equal(set.diags.nerrors, 0);
	/* Each file has a header before the JSON: one warning per line. */
	assert_true(fvt_diags(&set, FV_WARNING, "VM: vmA") >= 1);
	for (size_t i = 0; i < FV_ARRAY_SIZE(want); i++) {
		const struct fv_job *j = fvt_job(&set, "vmB", want[i].job);

		assert_non_null(j);
		assert_int_equal(j->role, want[i].role);
	}
	assert_int_equal(fv_job_depth(fvt_job(&set, "vmA", "rr_qd16")), 16);
	fv_set_free(&set);
}

static void plan_tables_complete(void **state)
{
	(void) state;
	fvt_check_run(&(struct fvt_want){ .out = { "vmA", "vmB" },
					  .not_out = { "n/a" } },
		      (const char *[]){ "compare", "-q", GEN("plan"), NULL });
	/* Header plus 3 depths for each of read and write. */
	fvt_check_run(
		&(struct fvt_want){ .out = { "\r\nwrite,16,", "\r\nread,1," } },
		(const char *[]){ "sweep", "-f", "csv", GEN("plan"), NULL });
}

static void stdin_input(void **state)
{
	(void) state;
	assert_non_null(freopen(GEN("json.json"), "r", stdin));
	fvt_check_run(&(struct fvt_want){ .out = { "stdin,peak,peak_rr" } },
		      (const char *[]){ "summary", "-f", "csv", "-", NULL });
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(json_plain),
		cmocka_unit_test(json_unreported_percentile),
		cmocka_unit_test(jsonplus_percentiles_equal_fio),
		cmocka_unit_test(jsonplus_any_percentile),
		cmocka_unit_test(client_server),
		cmocka_unit_test(status_interval),
		cmocka_unit_test(warnings_before_json),
		cmocka_unit_test(numjobs_clones),
		cmocka_unit_test(clone_sum_percentiles),
		cmocka_unit_test(option_sections),
		cmocka_unit_test(seed_plan_roles),
		cmocka_unit_test(plan_tables_complete),
		cmocka_unit_test(stdin_input),
	};

	return cmocka_run_group_tests_name("fio", tests, NULL, NULL);
}
