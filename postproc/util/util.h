/* SPDX-License-Identifier: MIT */
/*
 * What every stage of fioverdict may use and that knows nothing of fio's
 * results: where the program's companions are, diagnostics, fio's spelling of
 * option values, XML escaping, files written whole or not at all, rank tests,
 * Student's t, change points, the version. The lowest folder: it includes no
 * other.
 */
#ifndef FV_UTIL_H
#define FV_UTIL_H

#include "array_size.h"
#include "atomic.h"
#include "beside.h"
#include "csv_field.h"
#include "changepoint.h"
#include "diag.h"
#include "epoch.h"
#include "error.h"
#include "errno_name.h"
#include "exit_status.h"
#include "fio_value.h"
#include "fnv.h"
#include "grow.h"
#include "lines.h"
#include "number.h"
#include "read_all.h"
#include "ranktest.h"
#include "sort.h"
#include "str_opt.h"
#include "tdist.h"
#include "utf8.h"
#include "version.h"
#include "xml_escape.h"

#endif
