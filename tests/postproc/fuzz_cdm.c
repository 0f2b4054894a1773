/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of CrystalDiskMark's text export: any bytes through
 * its parser, then through ingest (by content, UTF-16 converted), every
 * analysis and every renderer.
 */
#include <stdint.h>

#include "ingest/cdm.h"

#include "fuzz_common.h"

FUZZ_PARSER(struct fv_cdm, fv_cdm_parse, fv_cdm_free,
	    "fuzz/cdm/CDM_20260101000000.txt", "fuzz/cdm")
