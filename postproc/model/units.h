/* SPDX-License-Identifier: MIT */
/*
 * Numbers for people (153k, 1951 MiB/s, 523 µs) and for machines (raw,
 * shortest text that reads back to the same double).
 */
#ifndef FV_UNITS_H
#define FV_UNITS_H

#include <stddef.h>

#include "table.h"

#define FV_NUMBUF 48

/* A cell value as text/md show it, unit included where the cell says it. */
void fv_fmt_human(char *buf, size_t len, enum fv_unit unit, double v);

/*
 * A value printed by its input to within res (> 0): in the unit's human
 * scale (MB/s, µs, IOPS) with the digits res allows, no more.
 */
void fv_fmt_printed(char *buf, size_t len, enum fv_unit unit, double v,
		    double res);

/* A cell value as csv and json carry it: the raw number. */
void fv_fmt_raw(char *buf, size_t len, double v);

/* The unit suffix a human header gets, e.g. " (µs)", or "". */
const char *fv_unit_header(enum fv_unit unit);

/* Display width of a UTF-8 string (code points; our output is not CJK). */
size_t fv_utf8_width(const char *s);

#endif
