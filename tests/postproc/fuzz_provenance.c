/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of run directories' provenance.txt
 * (ingest/provenance.c), read beside every run's results: any bytes,
 * parsed; every key and value a string without ": " at its key's end,
 * keys unique; and its cpu-idle record read as a cpus_allowed list would.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"
#include "ingest/ingest_int.h"

static double none(const void *ctx, long n)
{
	(void) ctx;
	return n < 64 ? 1.0 : NAN;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_provenance p = { 0 };
	char list[256];

	if (fv_provenance_parse((const char *) data, size, &p))
		abort();
	for (size_t i = 0; i < p.n; i++) {
		if (!p.kv[i].key[0] ||
		    fv_prov_get(&p, p.kv[i].key) != p.kv[i].val)
			abort(); /* empty, or a key twice */
	}
	/* the bytes as a cpus_allowed list */
	snprintf(list, sizeof(list), "%.*s", (int) (size < 255 ? size : 255),
		 (const char *) data);
	(void) fv_cpus_idle(list, none, NULL);
	fv_provenance_clear(&p);
	return 0;
}
