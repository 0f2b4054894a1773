/* SPDX-License-Identifier: MIT */
/*
 * fio client output built with known bins, for the tests of several hosts:
 * client_stats with hostname and port, "All clients" without percentiles
 * (as before fio 3.39), global options per server, so that every figure a
 * test expects is computed from the bins it gave, not copied.
 */
#ifndef FV_TEST_HOSTS_H
#define FV_TEST_HOSTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

struct fvh_host {
	const char *name;
	int port;
	double iops;
	uint64_t bins[3][2]; /* ns, count */
	double p99_ns;	     /* reported, when no bins (0: none) */
};

/* Three servers: 127.0.0.2 and .3 on port 8765, 127.0.0.1 on 9001. */
extern const struct fvh_host fvh_three[3];

/*
 * The client's JSON document of job @job on hosts @hs (then "All
 * clients"), @text (if not NULL) before it as fio's client writes it;
 * global options per server when @global_array. Caller frees.
 */
char *fvh_client_doc(const char *job, const struct fvh_host *hs, size_t n,
		     const char *text, bool global_array);

/*
 * @text written as $tmp/@name and loaded into a fresh @set (percentiles
 * plus 99.9) with labels, roles and joins.
 */
void fvh_load_text(struct fv_set *set, const char *name, const char *text);

#endif
