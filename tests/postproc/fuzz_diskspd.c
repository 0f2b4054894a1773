/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of DiskSpd's XML result: any bytes through its parser
 * (expat, the '&' escaping, the element paths), then through ingest (by
 * content), every analysis and every renderer.
 */
#include <stdint.h>

#include "ingest/diskspd.h"

#include "fuzz_common.h"

FUZZ_PARSER(struct fv_dspd, fv_diskspd_parse, fv_diskspd_free,
	    "fuzz/diskspd/result.xml", "fuzz/diskspd")
