/* SPDX-License-Identifier: MIT */
/*
 * Several hosts: run's host list, and client output as fio's client writes
 * it (client_stats with hostname and port, "All clients" without
 * percentiles, global options per server, "<server>" lines, probe lines,
 * the engines' stats lines), the fleet's sums, host-outlier and the hosts
 * table, logs of each server. Client documents are built here with known
 * bins, so that every expected figure is computed, not copied.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select/select.h"
#include "fvtest.h"
#include "ingest/ingest.h"
#include "logs/logs.h"
#include "model/model.h"
#include "runner/runner.h"

/* ---- The host list ---- */

static void list_forms(void **state)
{
	struct fv_hostlist hl;
	char err[600];

	(void) state;
	assert_int_equal(fv_hosts_parse(&hl,
					"127.0.0.2, 127.0.0.3:9001,[::1]:9002,"
					"node-1.example,::1",
					err, sizeof(err)),
			 0);
	assert_int_equal(hl.n, 5);
	assert_string_equal(hl.v[0].name, "127.0.0.2");
	assert_int_equal(hl.v[0].port, 8765);
	assert_string_equal(hl.v[0].fio_arg, "ip:127.0.0.2,8765");
	assert_string_equal(hl.v[1].name, "127.0.0.3:9001");
	assert_string_equal(hl.v[1].tag, "127.0.0.3-9001");
	assert_string_equal(hl.v[2].name, "[::1]:9002");
	assert_string_equal(hl.v[2].fio_arg, "ip6:::1,9002");
	assert_string_equal(hl.v[2].tag, "---1--9002");
	assert_string_equal(hl.v[3].fio_arg, "ip:node-1.example,8765");
	assert_true(hl.v[4].v6);
	assert_string_equal(hl.v[4].name, "::1");
	fv_hosts_free(&hl);
}

static void file_forms(void **state)
{
	const char *path = fvt_at("hosts.txt");
	const char text[] = "# the fleet\n\n127.0.0.2\n"
			    "ip:127.0.0.3,9001   # fio's spelling\n"
			    "  127.0.0.4,9002 FV_CAP=100 FV_SIZE=1g\n"
			    "ip6:::1,9003\n";
	struct fv_hostlist hl;
	char err[600], arg[PATH_MAX + 2];

	(void) state;

	fvt_mkfile(path, text, sizeof(text) - 1);
	snprintf(arg, sizeof(arg), "@%s", path);
	assert_int_equal(fv_hosts_parse(&hl, arg, err, sizeof(err)), 0);
	assert_int_equal(hl.n, 4);
	assert_string_equal(hl.v[1].name, "127.0.0.3:9001");
	assert_string_equal(hl.v[2].name, "127.0.0.4:9002");
	assert_int_equal(hl.v[2].nvars, 2);
	assert_string_equal(hl.v[2].vars[0].name, "FV_CAP");
	assert_string_equal(hl.v[2].vars[0].value, "100");
	assert_string_equal(hl.v[2].vars[1].value, "1g");
	assert_string_equal(hl.v[3].name, "[::1]:9003");
	fv_hosts_free(&hl);
}

static void list_errors(void **state)
{
	static const struct {
		const char *arg, *want;
	} bad[] = {
		{ "", "empty list" },
		{ "127.0.0.2,127.0.0.2:8765",
		  "entry 2: '127.0.0.2:8765' is "
		  "the same server as '127.0.0.2'" },
		{ "a,,b", "entry 2: an empty entry" },
		{ "127.0.0.300", "entry 1: '127.0.0.300' is not" },
		{ "bad host", "is not a host name" },
		{ "-a.example", "is not a host name" },
		{ "h:0", "the port must be a number from 1 to 65535" },
		{ "h:65536", "the port must be" },
		{ "h:12x", "the port must be" },
		{ "[::1", "an IPv6 address goes in brackets" },
		{ "[::1]9", "an IPv6 address goes in brackets" },
		{ "[zz::1]:9", "is not a host name" },
		{ "sock:/tmp/s", "unix socket" },
		{ "ip:127.0.0.2,8765", "fio's spelling ip:HOST,PORT is for" },
		{ "@/nonexistent/hosts", "cannot read @/nonexistent/hosts" },
	};
	struct fv_hostlist hl;
	char err[600];

	(void) state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		err[0] = '\0';
		assert_int_equal(
			fv_hosts_parse(&hl, bad[i].arg, err, sizeof(err)),
			-EINVAL);
		if (!strstr(err, bad[i].want))
			fail_msg("'%s': got '%s', want '%s'", bad[i].arg, err,
				 bad[i].want);
		assert_int_equal(hl.n, 0);
	}
}

static void file_errors(void **state)
{
	static const struct {
		const char *text, *want;
	} bad[] = {
		{ "", "lists no host" },
		{ "# nothing\n\n", "lists no host" },
		{ "127.0.0.2\n127.0.0.2:8765\n", "line 2: '127.0.0.2:8765' is "
						 "the same server" },
		{ "127.0.0.2 cap=1 =3\n", "line 1: '=3': after the host, only "
					  "NAME=VALUE" },
		{ "127.0.0.2 1X=3\n", "only NAME=VALUE" },
		{ "127.0.0.2 word\n", "only NAME=VALUE" },
	};
	struct fv_hostlist hl;
	char err[600];

	(void) state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		FVT_HELD(path, "bad%zu.hosts", i);
		char arg[PATH_MAX + 2];

		fvt_mkfile(path, bad[i].text, strlen(bad[i].text));
		snprintf(arg, sizeof(arg), "@%s", path);
		assert_int_equal(fv_hosts_parse(&hl, arg, err, sizeof(err)),
				 -EINVAL);
		if (!strstr(err, bad[i].want))
			fail_msg("%zu: got '%s', want '%s'", i, err,
				 bad[i].want);
	}
}

static void host_substitution(void **state)
{
	struct fv_hostlist hl;
	char err[600], out[64];

	(void) state;
	assert_int_equal(
		fv_hosts_parse(&hl, "127.0.0.1:9001", err, sizeof(err)), 0);
	assert_int_equal(
		fv_host_subst(&hl.v[0], "/d/fv-{host}.dat", out, sizeof(out)),
		0);
	assert_string_equal(out, "/d/fv-127.0.0.1-9001.dat");
	assert_int_equal(
		fv_host_subst(&hl.v[0], "{host}{host}{host}{host}", out, 40),
		-ENAMETOOLONG);
	fv_hosts_free(&hl);
}

/* ---- Client output, built with known bins ---- */

struct host {
	const char *name;
	int port;
	double iops;
	uint64_t bins[3][2]; /* ns, count */
	double p99_ns;	     /* reported, when no bins (0: none) */
};

static json_t *lat(const struct host *h)
{
	json_t *l = json_pack("{s:f, s:f, s:f, s:f}", "min", 1000.0, "max",
			      9.0e6, "mean", 50000.0, "stddev", 1000.0);
	json_t *bins = json_object();
	uint64_t n = 0;

	for (int i = 0; i < 3; i++) {
		char key[32];

		if (!h->bins[i][1])
			continue;
		snprintf(key, sizeof(key), "%llu",
			 (unsigned long long) h->bins[i][0]);
		json_object_set_new(bins, key,
				    json_integer((json_int_t) h->bins[i][1]));
		n += h->bins[i][1];
	}
	/* without bins, fio's count of I/Os all the same */
	json_object_set_new(l, "N",
			    json_integer((json_int_t) (n ? n : h->iops * 3)));
	if (json_object_size(bins))
		json_object_set_new(l, "bins", bins);
	else
		json_decref(bins);
	if (h->p99_ns > 0)
		json_object_set_new(l, "percentile",
				    json_pack("{s:f}", "99.000000", h->p99_ns));
	return l;
}

static json_t *entry(const char *job, const struct host *h)
{
	json_t *w = json_pack("{s:f, s:f, s:f, s:i, s:i}", "io_bytes",
			      h->iops * 4096 * 3, "bw_bytes", h->iops * 4096,
			      "iops", h->iops, "runtime", 3000, "total_ios",
			      (json_int_t) (h->iops * 3));

	json_object_set_new(w, "clat_ns", lat(h));
	return json_pack("{s:s, s:i, s:i, s:o, s:{s:s, s:s, s:s}, s:s, s:i}",
			 "jobname", job, "groupid", 0, "error", 0, "write", w,
			 "job options", "rw", "randwrite", "bs", "4k",
			 "iodepth", "1", "hostname", h->name, "port", h->port);
}

/* fio's "All clients": sums, and before 3.39 no percentile at all. */
static json_t *all_clients(const struct host *hs, size_t n)
{
	struct host sum = { .name = hs[n - 1].name, .port = hs[n - 1].port };
	json_t *e;

	for (size_t i = 0; i < n; i++)
		sum.iops += hs[i].iops;
	e = entry("All clients", &sum);
	json_object_del(json_object_get(json_object_get(e, "write"), "clat_ns"),
			"N");
	return e;
}

/* The document, text before it as fio's client writes it. */
static char *client_doc(const char *job, const struct host *hs, size_t n,
			const char *text, bool global_array)
{
	json_t *root = json_pack("{s:s, s:i}", "fio version", "fio-3.33",
				 "timestamp", 1800000000),
	       *cs = json_array(), *g;
	char *body, *all;

	for (size_t i = 0; i < n; i++)
		json_array_append_new(cs, entry(job, &hs[i]));
	json_array_append_new(cs, all_clients(hs, n));
	if (global_array) {
		g = json_array();
		for (size_t i = 0; i < n; i++)
			json_array_append_new(
				g, json_pack("{s:s, s:i, s:s, s:s}", "hostname",
					     hs[i].name, "port", hs[i].port,
					     "ioengine", "psync", "size",
					     i ? "2g" : "1g"));
	} else {
		g = json_pack("{s:s}", "ioengine", "psync");
	}
	json_object_set_new(root, "global options", g);
	json_object_set_new(root, "client_stats", cs);
	body = json_dumps(root, JSON_INDENT(2));
	json_decref(root);
	if (asprintf(&all, "%s\n%s\n", text ? text : "", body) < 0)
		all = NULL;
	free(body);
	return all;
}

static const struct host three[] = {
	{ "127.0.0.2",
	  8765,
	  1000,
	  { { 1000, 50 }, { 2000, 49 }, { 9000, 1 } },
	  0 },
	{ "127.0.0.3",
	  8765,
	  1100,
	  { { 1000, 60 }, { 3000, 39 }, { 8000, 1 } },
	  0 },
	{ "127.0.0.1",
	  9001,
	  900,
	  { { 2000, 90 }, { 5000, 9 }, { 7000, 1 } },
	  0 },
};

static void load_text(struct fv_set *set, const char *name, const char *text)
{
	const char *path = fvt_at("%s", name);
	char *paths[] = { (char *) path };
	struct fv_load_opts o = { .paths = paths, .npaths = 1 };

	fvt_mkfile(path, text, strlen(text));
	fv_set_init(set, NULL);
	fv_pctlist_add(&set->pcts, 99.9);
	assert_int_equal(fv_load_annotated(set, &o), 0);
}

static double pct_of(const struct fv_set *set, const struct fv_job *j, double p)
{
	int i = fv_pct_index(set, p);
	const struct fv_lat *l = &j->dir[FV_DIR_WRITE].lat[FV_CLAT];

	assert_true(i >= 0);
	assert_non_null(l->pct);
	assert_int_equal(l->pct[i].src, FV_PCT_BINS);
	return l->pct[i].ns;
}

static void fleet_percentiles(void **state)
{
	char *text = client_doc("peak", three, 3, NULL, false);
	struct fv_bin merged[9];
	size_t nm = 0;
	struct fv_set set;
	const struct fv_job *fleet, *all;

	(void) state;
	load_text(&set, "client.json", text);
	for (size_t h = 0; h < 3; h++)
		for (int b = 0; b < 3; b++)
			merged[nm++] = (struct fv_bin){ three[h].bins[b][0],
							three[h].bins[b][1] };
	fv_bins_normalise(merged, &nm);
	fleet = fvt_job(&set, "fleet", "peak");
	all = fvt_job(&set, "All clients", "All clients");
	assert_non_null(fleet);
	assert_non_null(all);
	assert_int_equal(fleet->kind, FV_JOB_FLEET);
	assert_int_equal(fleet->nclones, 3);
	assert_float_equal(fleet->dir[FV_DIR_WRITE].iops, 3000, 1e-9);
	for (size_t i = 0; i < set.pcts.n; i++) {
		uint64_t want;

		assert_int_equal(fv_pctl_from_bins(merged, nm,
						   fv_bins_total(merged, nm),
						   set.pcts.p[i], &want),
				 0);
		assert_float_equal(pct_of(&set, fleet, set.pcts.p[i]),
				   (double) want, 0);
		/* fio before 3.39 gives All clients none: from the bins. */
		assert_float_equal(pct_of(&set, all, set.pcts.p[i]),
				   (double) want, 0);
	}
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
	static const struct host two[] = {
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
	char *a = client_doc("peak", three, 3, NULL, false),
	     *b = client_doc("peak", two, 2, NULL, false);
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
			const struct host *x = h < 3 ? &three[h] : &two[h - 3];

			merged[nm++] =
				(struct fv_bin){ x->bins[k][0], x->bins[k][1] };
		}
	fv_bins_normalise(merged, &nm);
	for (size_t i = 0; i < set.pcts.n; i++) {
		uint64_t want;

		assert_int_equal(fv_pctl_from_bins(merged, nm,
						   fv_bins_total(merged, nm),
						   set.pcts.p[i], &want),
				 0);
		assert_float_equal(pct_of(&set, fleet, set.pcts.p[i]),
				   (double) want, 0);
	}
	fv_set_free(&set);
	/* The same hosts again: a rerun, not more of the fleet. */
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
	static const struct host one_addr[] = {
		{ "127.0.0.1", 8765, 500, { { 1000, 99 }, { 2000, 1 } }, 0 },
		{ "127.0.0.1", 8766, 600, { { 1000, 99 }, { 2000, 1 } }, 0 },
	};
	char *text = client_doc("peak", three, 3, NULL, false);
	struct fv_set set;
	const struct fv_job *j;

	(void) state;
	load_text(&set, "big_peak_20260101T000000.json", text);
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
	text = client_doc("peak", one_addr, 2, NULL, false);
	load_text(&set, "tun_peak_20260101T000000.json", text);
	assert_non_null(fvt_job(&set, "tun@127.0.0.1", "peak"));
	assert_non_null(fvt_job(&set, "tun@127.0.0.1:8766", "peak"));
	fv_set_free(&set);
	free(text);
}

static void global_options_per_server(void **state)
{
	char *text = client_doc("peak", three, 2, NULL, true);
	struct fv_set set;
	const struct fv_job *a, *b;

	(void) state;
	load_text(&set, "c.json", text);
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
	struct host hs[3] = { three[0], three[1], three[2] };
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
	doc = client_doc("peak", hs, 3, text, false);
	load_text(&set, "c.json", doc);
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

/* ---- host-outlier and the hosts table ---- */

static char *run_csv(const char *cmd, const char *path)
{
	char *out = NULL, *err = NULL;

	fvt_run(&out, &err, cmd, "-f", "csv", path, NULL);
	free(err);
	return out;
}

static size_t count(const char *text, const char *needle)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

/* n hosts of equal bins, IOPS as given, p99 from a reported key. */
static char *fleet_of(const double *iops, const double *p99, size_t n)
{
	static const char *const names[] = { "127.0.0.2", "127.0.0.3",
					     "127.0.0.4", "127.0.0.5",
					     "127.0.0.6" };
	struct host hs[5];

	for (size_t i = 0; i < n; i++)
		hs[i] = (struct host){ .name = names[i],
				       .port = 8765,
				       .iops = iops[i],
				       .p99_ns = p99[i] };
	return client_doc("steady", hs, n, NULL, false);
}

static void outlier_cases(void **state)
{
	static const struct {
		size_t n;
		double iops[5], p99[5];
		const char *outlier; /* NULL: none */
	} cases[] = {
		/* one slow host of five */
		{ 5,
		  { 1000, 1010, 990, 1005, 100 },
		  { 1e6, 1e6, 1e6, 1e6, 1e6 },
		  "127.0.0.6" },
		/* a p99 ten times the others' */
		{ 4,
		  { 1000, 1000, 1000, 1000 },
		  { 1e6, 1.1e6, 0.9e6, 1e7 },
		  "127.0.0.5" },
		/* a faster one is out of line too */
		{ 4,
		  { 1000, 980, 1020, 3000 },
		  { 1e6, 1e6, 1e6, 1e6 },
		  "127.0.0.5" },
		/* within 25% of the median: noise, not an outlier */
		{ 5,
		  { 1000, 1000, 1000, 1000, 800 },
		  { 1e6, 1e6, 1e6, 1e6, 1e6 },
		  NULL },
		/* MAD 0: the 25% rule alone decides */
		{ 4,
		  { 1000, 1000, 1000, 500 },
		  { 1e6, 1e6, 1e6, 1e6 },
		  "127.0.0.5" },
		/* spread hosts: none beyond 3.5 MADs */
		{ 5,
		  { 600, 800, 1000, 1200, 1400 },
		  { 1e6, 1e6, 1e6, 1e6, 1e6 },
		  NULL },
	};

	(void) state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *doc = fleet_of(cases[i].iops, cases[i].p99, cases[i].n);
		FVT_HELD(path, "fleet%zu.json", i);
		char *out, want[64];

		fvt_mkfile(path, doc, strlen(doc));
		out = run_csv("verdict", path);
		assert_non_null(out);
		assert_int_equal(count(out, ",hosts,"), cases[i].n);
		if (count(out, ",host-outlier,") != (cases[i].outlier ? 1 : 0))
			fail_msg("case %zu:\n%s", i, out);
		if (cases[i].outlier) {
			snprintf(want, sizeof(want),
				 "%s,steady,hosts,host-outlier",
				 cases[i].outlier);
			if (!strstr(out, want))
				fail_msg("case %zu: no '%s' in\n%s", i, want,
					 out);
		}
		free(out);
		free(doc);
	}
}

static void too_few_hosts(void **state)
{
	static const double iops[] = { 1000, 100 }, p99[] = { 1e6, 1e7 };
	char *doc = fleet_of(iops, p99, 2), *out;
	const char *path = fvt_at("two.json");

	(void) state;
	fvt_mkfile(path, doc, strlen(doc));
	out = run_csv("verdict", path);
	assert_int_equal(count(out, ",hosts,"), 0);
	free(out);
	out = run_csv("hosts", path);
	assert_non_null(strstr(out, "-,steady,fleet,"));
	assert_non_null(strstr(out, "2 hosts"));
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
	assert_non_null(strstr(out,
			       "fleet,job,host,iops (IO/s),"
			       "iops_vs_median (x),p99 (ns),p99.9 (ns),"
			       "flushes (count),writes_not_durable (count),"
			       "findings"));
	/* hosts in input order, then the fleet's row */
	assert_non_null(strstr(out, "five,steady,127.0.0.2,1000,"));
	assert_non_null(strstr(out, "five,steady,127.0.0.6,100,0.1,"));
	assert_non_null(strstr(out, "five,steady,fleet,4105,"));
	assert_non_null(strstr(out, "5 hosts; outliers: 127.0.0.6"));
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
	char *a = client_doc("peak", three, 3, NULL, false), *out = NULL,
	     *err = NULL;
	const char *fleet, *eol;

	(void) state;
	fvt_mkdir(fvt_at("old"));
	fvt_mkdir(fvt_at("new"));
	fvt_mkfile(fvt_at("old/old_peak_20260101T000000.json"), a, strlen(a));
	fvt_mkfile(fvt_at("new/new_peak_20260102T000000.json"), a, strlen(a));
	{
		FVT_HELD(base, "old");
		FVT_HELD(now, "new");

		fvt_run(&out, &err, "diff", "-f", "csv", "--baseline", base,
			now, NULL);
	}
	assert_non_null(out);
	fleet = strstr(out, "new@fleet,peak,regression,stable,");
	assert_non_null(fleet);
	eol = strchr(fleet, '\n');
	assert_non_null(strstr(fleet, "n 1/1:"));
	assert_true(strstr(fleet, "n 1/1:") < eol);
	/* a host against the baseline's three hosts, never their sum */
	assert_non_null(strstr(out, "new@127.0.0.2,peak,regression,"));
	assert_non_null(strstr(out, "n 1/3:"));
	assert_null(strstr(out, "n 1/4:"));
	free(out);
	free(err);
	free(a);
}

/* ---- fio's client names a server's logs NAME_KIND.N.log.HOST ---- */

static void log_names_of_servers(void **state)
{
	enum fv_log_kind k;
	char *prefix = NULL, *host = NULL;
	int n;

	(void) state;
	assert_int_equal(
		fv_log_name("d/fleet_iops.2.log.127.0.0.2", &prefix, &k, &n),
		0);
	assert_string_equal(prefix, "fleet");
	assert_int_equal(k, FV_LOG_IOPS);
	assert_int_equal(n, 2);
	assert_int_equal(fv_log_host("d/fleet_iops.2.log.127.0.0.2", &host), 0);
	assert_string_equal(host, "127.0.0.2");
	free(prefix);
	free(host);
	assert_int_equal(fv_log_host("d/fleet_iops.2.log", &host), 0);
	assert_null(host);
	assert_true(fv_log_named("fleet_clat.1.log.node-7"));
	assert_false(fv_log_named("fleet_clat.1.log."));
	assert_false(fv_log_named("notes.log.txt"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(list_forms),
		cmocka_unit_test_setup_teardown(file_forms, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test(list_errors),
		cmocka_unit_test_setup_teardown(file_errors, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test(host_substitution),
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
		cmocka_unit_test_setup_teardown(outlier_cases, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(too_few_hosts, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(hosts_table, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(diff_of_fleets, fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test(log_names_of_servers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
