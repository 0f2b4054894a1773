/* SPDX-License-Identifier: MIT */
/* fio client output built with known bins (fvhosts.h). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvhosts.h"
#include "fvtest.h"
#include "select/select.h"

static json_t *lat(const struct fvh_host *h)
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

static json_t *entry(const char *job, const struct fvh_host *h)
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
static json_t *all_clients(const struct fvh_host *hs, size_t n)
{
	struct fvh_host sum = { .name = hs[n - 1].name,
				.port = hs[n - 1].port };
	json_t *e;

	for (size_t i = 0; i < n; i++)
		sum.iops += hs[i].iops;
	e = entry("All clients", &sum);
	json_object_del(json_object_get(json_object_get(e, "write"), "clat_ns"),
			"N");
	return e;
}

/* The document, text before it as fio's client writes it. */
char *fvh_client_doc(const char *job, const struct fvh_host *hs, size_t n,
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

const struct fvh_host fvh_three[3] = {
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

void fvh_load_text(struct fv_set *set, const char *name, const char *text)
{
	const char *path = fvt_at("%s", name);
	char *paths[] = { (char *) path };
	struct fv_load_opts o = { .paths = paths, .npaths = 1 };

	fvt_mkfile(path, text, strlen(text));
	fv_set_init(set, NULL);
	fv_pctlist_add(&set->pcts, 99.9);
	assert_int_equal(fv_load_annotated(set, &o), 0);
}
