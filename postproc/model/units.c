/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"

/*
 * 153k, 12.8k, 9.3k, 507: as the seed's tables round IOPS, but never to
 * fewer than three digits from 10k on (12,800 IOPS is 12.8k, not 13k: a
 * VM limit of 12,800 read as 13,000); below 10, two significant digits (a
 * FUSE mount's 0.058 is not 0).
 */
static void fmt_iops(char *buf, size_t len, double v)
{
	if (v > 0 && v < 9.5)
		snprintf(buf, len, "%.2g", v);
	else if (v < 1000)
		snprintf(buf, len, "%.0f", v);
	else if (v < 99950)
		snprintf(buf, len, "%.1fk", v / 1e3);
	else if (v < 999500)
		snprintf(buf, len, "%.0fk", v / 1e3);
	else if (v < 9.9995e6)
		snprintf(buf, len, "%.2fM", v / 1e6);
	else
		snprintf(buf, len, "%.1fM", v / 1e6);
}

/* One unit for a whole column, MiB/s, so rows compare at a glance. */
static void fmt_bw(char *buf, size_t len, double v)
{
	double mib = v / (1024.0 * 1024.0);

	if (mib >= 99.95 || mib == 0)
		snprintf(buf, len, "%.0f MiB/s", mib);
	else if (mib < 0.005)
		snprintf(buf, len, "%.2g KiB/s", v / 1024); /* not 0.00 */
	else if (mib >= 9.995)
		snprintf(buf, len, "%.1f MiB/s", mib);
	else
		snprintf(buf, len, "%.2f MiB/s", mib);
}

/* Latency in µs, with decimals only where they matter. */
static void fmt_us(char *buf, size_t len, double ns)
{
	double us = ns / 1000.0;

	if (us >= 99.95 || us == 0)
		snprintf(buf, len, "%.0f", us);
	else if (us >= 9.995)
		snprintf(buf, len, "%.1f", us);
	else
		snprintf(buf, len, "%.2f", us);
}

static void fmt_bytes(char *buf, size_t len, double v)
{
	static const char *const units[] = { "B",   "KiB", "MiB",
					     "GiB", "TiB", "PiB" };
	int u = 0;

	while (v >= 1024 && u < 5) {
		v /= 1024;
		u++;
	}
	snprintf(buf, len, u ? "%.1f %s" : "%.0f %s", v, units[u]);
}

/*
 * Milliseconds as seconds with the fewest decimals, one to three, that
 * show them to the millisecond: 21.0 s, 0.25 s (not 0.2), 0.02 s.
 */
static void fmt_seconds(char *buf, size_t len, double ms)
{
	int d = 1;

	for (double step = 100;
	     d < 3 && fabs(ms - round(ms / step) * step) >= 0.5; step /= 10)
		d++;
	snprintf(buf, len, "%.*f s", d, ms / 1000);
}

void fv_fmt_human(char *buf, size_t len, enum fv_unit unit, double v)
{
	switch (unit) {
	case FV_U_IOPS:
		fmt_iops(buf, len, v);
		break;
	case FV_U_MBPS:
		snprintf(buf, len, "%.3f MB/s", v / 1e6);
		break;
	case FV_U_BPS:
		fmt_bw(buf, len, v);
		break;
	case FV_U_NS:
		fmt_us(buf, len, v);
		break;
	case FV_U_PERCENT:
		snprintf(buf, len, "%.1f%%", v);
		break;
	case FV_U_RATIO:
		snprintf(buf, len, "%.2fx", v);
		break;
	case FV_U_BYTES:
		fmt_bytes(buf, len, v);
		break;
	case FV_U_MS:
		fmt_seconds(buf, len, v);
		break;
	default:
		fv_fmt_raw(buf, len, v);
		break;
	}
}

void fv_fmt_printed(char *buf, size_t len, enum fv_unit unit, double v,
		    double res)
{
	double scale = unit == FV_U_MBPS ? 1e6 : unit == FV_U_NS ? 1e3 : 1;
	const char *suffix = unit == FV_U_MBPS ? " MB/s" : "";
	int decimals = (int) ceil(-log10(2 * res / scale) - 1e-9);

	if (unit == FV_U_BPS || unit == FV_U_BYTES || decimals < 0 ||
	    decimals > 9) {
		fv_fmt_human(buf, len, unit, v);
		return;
	}
	snprintf(buf, len, "%.*f%s", decimals, v / scale, suffix);
}

void fv_fmt_raw(char *buf, size_t len, double v)
{
	if (!isfinite(v)) {
		snprintf(buf, len, "%s", "");
		return;
	}
	if (v == floor(v) && fabs(v) < 9007199254740992.0) {
		snprintf(buf, len, "%.0f", v);
		return;
	}
	/* Shortest precision that reads back as the same double. */
	for (int prec = 6; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

const char *fv_unit_header(enum fv_unit unit)
{
	return unit == FV_U_NS ? " (µs)" : unit == FV_U_IOPS ? " (IOPS)" : "";
}

size_t fv_utf8_width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		if (((unsigned char) *s & 0xc0) != 0x80)
			w++;
	return w;
}
