/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of run directories' manifests, run.txt
 * (ingest/manifest.c), which every fioverdict reads while walking a
 * results tree: any bytes, parsed; every field must end inside itself.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"

#define ENDS(field) memchr(m.field, '\0', sizeof(m.field))

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_manifest m;

	if (fv_manifest_parse((const char *) data, size, &m) == 0 &&
	    !m.status[0])
		abort(); /* a manifest has a status */
	if (!ENDS(status) || !ENDS(host) || !ENDS(boot_id) || !ENDS(started) ||
	    m.pid < 0 || m.fio_pid < 0)
		abort();
	return 0;
}
