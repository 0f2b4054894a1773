/* SPDX-License-Identifier: MIT */
/*
 * Client output of several hosts as fio's client writes it: the fleet's
 * sums and percentiles from all hosts' bins, labels by host and port,
 * global options per server, "<server>" lines, probe lines and the
 * engines' stats lines. Documents from fvhosts.h, built with known bins.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvhosts.h"
#include "fvtest.h"
#include "ingest/ingest.h"
#include "model/model.h"
#include "select/select.h"

static double pct_of(const struct fv_set *set, const struct fv_job *j, double p)
{
	int i = fv_pct_index(set, p);
	const struct fv_lat *l = &j->dir[FV_DIR_WRITE].lat[FV_CLAT];

	assert_true(i >= 0);
	assert_non_null(l->pct);
	assert_int_equal(l->pct[i].src, FV_PCT_BINS);
	return l->pct[i].ns;
}

/* Each percentile of j is the one of the hosts' bins (normalised). */
static void pcts_of_bins(const struct fv_set *set, const struct fv_job *j,
			 const struct fv_bin *bins, size_t n)
{
	for (size_t i = 0; i < set->pcts.n; i++) {
		uint64_t want;

		assert_int_equal(fv_pctl_from_bins(bins, n,
						   fv_bins_total(bins, n),
						   set->pcts.p[i], &want),
				 0);
		assert_float_equal(pct_of(set, j, set->pcts.p[i]),
				   (double) want, 0);
	}
}

static void fleet_percentiles(void **state)
{
	char *text = fvh_client_doc("peak", fvh_three, 3, NULL, false);
	struct fv_bin merged[9];
	size_t nm = 0;
	struct fv_set set;
	const struct fv_job *fleet, *all;

	(void) state;
	fvh_load_text(&set, "client.json", text);
	for (size_t h = 0; h < 3; h++)
		for (int b = 0; b < 3; b++)
			merged[nm++] =
				(struct fv_bin){ fvh_three[h].bins[b][0],
						 fvh_three[h].bins[b][1] };
	fv_bins_normalise(merged, &nm);
	fleet = fvt_job(&set, "fleet", "peak");
	all = fvt_job(&set, "All clients", "All clients");
	assert_non_null(fleet);
	assert_non_null(all);
	assert_int_equal(fleet->kind, FV_JOB_FLEET);
	assert_int_equal(fleet->nclones, 3);
	assert_float_equal(fleet->dir[FV_DIR_WRITE].iops, 3000, 1e-9);
	pcts_of_bins(&set, fleet, merged, nm);
	/* fio before 3.39 gives All clients none: from the bins. */
	pcts_of_bins(&set, all, merged, nm);
	/* Not an average of the hosts' p99 (9000, 8000, 7000): 5000. */
	assert_float_equal(pct_of(&set, fleet, 99), 5000, 0);
	fv_set_free(&set);
	free(text);
}

/* The fleet rows of a set for job "peak". */
static size_t fleet_rows(const struct fv_set *set, const struct fv_job **one)
{
	size_t n = 0;

	for (size_t i = 0; i < set->njobs; i++)
		if (set->jobs[i]->kind == FV_JOB_FLEET) {
			*one = set->jobs[i];
			n++;
		}
	return n;
}

/*
 * Two client outputs of one fleet (two groups of servers, two clients):
 * one fleet row, percentiles from all five hosts' bins; two runs of the
 * same hosts stay two rows.
 */
static void fleet_of_two_outputs(void **state)
{
	static const struct fvh_host two[] = {
		{ "127.0.0.7",
		  8765,
		  500,
		  { { 4000, 10 }, { 6000, 9 }, { 90000, 1 } },
		  0 },
		{ "127.0.0.8",
		  8765,
		  600,
		  { { 4000, 20 }, { 6000, 19 }, { 80000, 1 } },
		  0 },
	};
	char *a = fvh_client_doc("peak", fvh_three, 3, NULL, false),
	     *b = fvh_client_doc("peak", two, 2, NULL, false), *again;
	char *paths[] = { (char *) fvt_at("g") };
	struct fv_load_opts o = { .paths = paths, .npaths = 1 };
	struct fv_bin merged[15];
	const struct fv_job *fleet = NULL;
	size_t nm = 0;
	struct fv_set set;

	(void) state;
	fvt_mkdir(fvt_at("g"));
	fvt_mkfile(fvt_at("g/big_peak_20260101T000000.json"), a, strlen(a));
	fvt_mkfile(fvt_at("g/big_peak_20260101T000001.json"), b, strlen(b));
	fv_set_init(&set, NULL);
	assert_int_equal(fv_load_annotated(&set, &o), 0);
	assert_int_equal(fleet_rows(&set, &fleet), 1);
	assert_string_equal(fleet->label, "big@fleet");
	assert_int_equal(fleet->nclones, 5);
	assert_float_equal(fleet->dir[FV_DIR_WRITE].iops, 4100, 1e-9);
	for (size_t h = 0; h < 5; h++)
		for (int k = 0; k < 3; k++) {
			const struct fvh_host *x =
				h < 3 ? &fvh_three[h] : &two[h - 3];

			merged[nm++] =
				(struct fv_bin){ x->bins[k][0], x->bins[k][1] };
		}
	fv_bins_normalise(merged, &nm);
	pcts_of_bins(&set, fleet, merged, nm);
	fv_set_free(&set);
	/*
	 * The same hosts a minute later: a rerun, not more of the fleet
	 * (the same time too would be a copy, read once).
	 */
	again = strstr(a, "1800000000");
	assert_non_null(again);
	again[8] = '6';
	fvt_mkfile(fvt_at("g/big_peak_20260101T000001.json"), a, strlen(a));
	fv_set_init(&set, NULL);
	assert_int_equal(fv_load_annotated(&set, &o), 0);
	assert_int_equal(fleet_rows(&set, &fleet), 2);
	fv_set_free(&set);
	free(a);
	free(b);
}

/*
 * A host is its name: 127.0.0.1 reached on port 9001 is 127.0.0.1 (the
 * port a client reached a server on changes from run to run); two
 * servers of one name in one output are told apart by their ports.
 */
static void labels_and_ports(void **state)
{
	static const struct fvh_host one_addr[] = {
		{ "127.0.0.1", 8765, 500, { { 1000, 99 }, { 2000, 1 } }, 0 },
		{ "127.0.0.1", 8766, 600, { { 1000, 99 }, { 2000, 1 } }, 0 },
	};
	char *text = fvh_client_doc("peak", fvh_three, 3, NULL, false);
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	fvh_load_text(&set, "big_peak_20260101T000000.json", text);
	j = fvt_job(&set, "big@127.0.0.1", "peak");
	assert_non_null(j);
	assert_string_equal(j->host, "127.0.0.1");
	assert_int_equal(j->port, 9001);
	assert_string_equal(j->fleet, "big");
	assert_string_equal(j->label_rule, "file name@hostname");
	assert_non_null(fvt_job(&set, "big@127.0.0.2", "peak"));
	assert_non_null(fvt_job(&set, "big@fleet", "peak"));
	assert_non_null(fvt_job(&set, "big@All clients", "All clients"));
	fv_set_free(&set);
	free(text);
	text = fvh_client_doc("peak", one_addr, 2, NULL, false);
	fvh_load_text(&set, "tun_peak_20260101T000000.json", text);
	assert_non_null(fvt_job(&set, "tun@127.0.0.1", "peak"));
	assert_non_null(fvt_job(&set, "tun@127.0.0.1:8766", "peak"));
	fv_set_free(&set);
	free(text);
}

static void global_options_per_server(void **state)
{
	char *text = fvh_client_doc("peak", fvh_three, 2, NULL, true);
	struct fv_set set;
	const struct fv_job *a, *b;

	(void) state;
	fvh_load_text(&set, "c.json", text);
	a = fvt_job(&set, "127.0.0.2", "peak");
	b = fvt_job(&set, "127.0.0.3", "peak");
	assert_non_null(a);
	assert_non_null(b);
	assert_string_equal(fv_job_opt(a, "size"), "1g");
	assert_string_equal(fv_job_opt(b, "size"), "2g");
	assert_string_equal(fv_job_opt(b, "rw"), "randwrite");
	/* The server's own keys are not options. */
	assert_null(fv_job_opt(a, "hostname"));
	assert_null(fv_job_opt(a, "port"));
	fv_set_free(&set);
	free(text);
}

/* A stats line as the engine sends it through fio's log. */
static char *stats_line(const char *prefix, const char *name, const char *addr,
			int port, int fsyncs)
{
	json_t *d = json_pack(
		"{s:s, s:{s:s, s:i, s:i}, s:{s:i, s:i}, s:{s:s*, s:s, s:o}}",
		"schema", "fioverdict-durability/1", "job", "name", "peak",
		"thread_number", 1, "clone", 0, "counts", "fsyncs", fsyncs,
		"writes", fsyncs, "host", "name", name, "hostname", "vm",
		"server",
		addr ? json_pack("{s:s, s:i}", "address", addr, "port", port)
		     : json_null());
	char *j = json_dumps(d, JSON_COMPACT), *line;

	json_decref(d);
	if (asprintf(&line, "%s%sfioverdict-durability/1 %s",
		     prefix ? prefix : "", prefix ? " " : "", j) < 0)
		line = NULL;
	free(j);
	return line;
}

static uint64_t fsyncs_of(const struct fv_job *j)
{
	uint64_t n = 0;

	for (size_t i = 0; i < j->ndur; i++)
		n += j->dur[i]->fsyncs;
	return n;
}

static void client_text(void **state)
{
	/* By the name run gave it, by address and port, by fio's prefix. */
	char *s1 = stats_line("<vm>", "127.0.0.2", "127.0.0.2", 8765, 11),
	     *s2 = stats_line("<vm>", NULL, "127.0.0.3", 8765, 22),
	     *s3 = stats_line("<node9>", NULL, "127.0.0.9", 7, 33), *text, *doc;
	struct fvh_host hs[3] = { fvh_three[0], fvh_three[1], fvh_three[2] };
	struct fv_set set;

	(void) state;
	hs[2].name = "node9";
	hs[2].port = 8765;
	assert_true(
		asprintf(&text,
			 "hostname=vm, be=0, 64-bit, os=Linux, arch=x86-64, "
			 "fio=fio-3.36, flags=1\n"
			 "<vm> peak: (g=0): rw=randwrite, bs=(R) 4096B-4096B\n"
			 "<vm> Starting 1 process\n<vm> \n"
			 "%s\n%s\n%s\n"
			 "<vm> fioverdict-durability/1 {\"schema\": broken\n"
			 "<vm> fio: pid=7, err=5/file:io_u.c:1, func=io_u "
			 "error, error=Input/output error\n",
			 s1, s2, s3) > 0);
	doc = fvh_client_doc("peak", hs, 3, text, false);
	fvh_load_text(&set, "c.json", doc);
	assert_int_equal(fsyncs_of(fvt_job(&set, "127.0.0.2", "peak")), 11);
	assert_int_equal(fsyncs_of(fvt_job(&set, "127.0.0.3", "peak")), 22);
	assert_int_equal(fsyncs_of(fvt_job(&set, "node9", "peak")), 33);
	assert_int_equal(fsyncs_of(fvt_job(&set, "fleet", "peak")), 66);
	assert_int_equal(fvt_diags(&set, FV_WARNING, "no fio job named"), 0);
	/* The servers' progress is counted, their errors shown. */
	assert_int_equal(fvt_diags(&set, FV_WARNING, "Starting"), 0);
	assert_int_equal(fvt_diags(&set, FV_NOTE, "3 lines of fio servers'"),
			 1);
	assert_int_equal(fvt_diags(&set, FV_WARNING, "err=5/file:io_u.c"), 1);
	assert_int_equal(fvt_diags(&set, FV_WARNING,
				   "stats line from server vm is not valid"),
			 1);
	assert_int_equal(fvt_diags(&set, FV_WARNING,
				   "server vm runs fio-3.36, the client "
				   "fio-3.33"),
			 1);
	fv_set_free(&set);
	free(doc);
	free(text);
	free(s1);
	free(s2);
	free(s3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
			fleet_percentiles, fvt_tmp_setup, fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(
			fleet_of_two_outputs, fvt_tmp_setup, fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(labels_and_ports, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(global_options_per_server,
						fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(client_text, fvt_tmp_setup,
						fvt_tmp_teardown),
	};

	return cmocka_run_group_tests_name("hosts client output", tests, NULL,
					   NULL);
}
