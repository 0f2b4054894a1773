/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of fio's JSON: any bytes through ingest, labelling,
 * roles, joins, every analysis and every renderer; the same bytes as a
 * fio log too (also as fio's client names a server's log), and as run's
 * host list. Bytes that start as gzip's are inflated first, as an input
 * file's are (ingest/inputs.c), and their text goes the same way. A crash,
 * a sanitizer report, a leak or a hang (-timeout) is a failure.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/gzip.h"
#include "ingest/ingest.h"
#include "runner/runner.h"

#include "fuzz_common.h"

/* The bytes as --hosts LIST (not @FILE: no file is read here). */
static void host_list(const uint8_t *data, size_t size)
{
	char *arg = strndup((const char *) data, size < 4096 ? size : 4096);
	struct fv_error e = { 0 };
	struct fv_hostlist hl;

	if (arg && arg[0] != '@' && !fv_hosts_parse(&hl, arg, &e))
		fv_hosts_free(&hl);
	free(arg);
}

/* A smaller bound than FV_GZIP_MAX, for speed: the same code past it. */
#define FUZZ_GZIP_MAX ((size_t) 1 << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_set set;
	struct fv_logset logs = { 0 };
	char *text = NULL;
	size_t len;

	if (fv_is_gzip(data, size)) {
		if (fv_gunzip(-1, data, size, FUZZ_GZIP_MAX, &text, &len))
			return 0; /* truncated, corrupt, too large: said so */
		data = (const uint8_t *) text;
		size = len;
	}
	host_list(data, size);
	fv_set_init(&set, NULL);
	fv_log_parse(&logs, "fuzz/input_x_clat.1.log", (const char *) data,
		     size, &set.diags);
	fv_log_parse(&logs, "fuzz/input_x_iops.1.log.127.0.0.2",
		     (const char *) data, size, &set.diags);
	fv_ingest_buffer(&set, "fuzz/input_x_20260101-000000.json", "fuzz",
			 (const char *) data, size, size & 1);
	fuzz_judge(&set, &logs);
	fv_logset_free(&logs);
	fv_set_free(&set);
	free(text);
	return 0;
}
