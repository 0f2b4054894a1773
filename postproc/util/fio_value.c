/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fio_value.h"

int fv_opt_size(const char *s, uint64_t *bytes)
{
	static const char units[] = "kmgtp";
	const char *unit;
	char *end;
	double v;
	uint64_t mult = 1;

	if (!s)
		return -EINVAL;
	v = strtod(s, &end);
	if (end == s || v < 0 || v > 1e18)
		return -EINVAL;
	/* k, m, g, t, p: each the next power of 1024, as fio reads them */
	if (*end && (unit = strchr(units, tolower((unsigned char) *end))))
		mult = 1ULL << (10 * (unit - units + 1));
	end += mult > 1;
	end += mult > 1 && tolower((unsigned char) *end) == 'i';
	end += tolower((unsigned char) *end) == 'b';
	/*
	 * "4k,8k" and "4k-8k": the first; "50%" of the device and "203z"
	 * zones: no size in bytes here.
	 */
	if (*end && !strchr(",-/:", *end))
		return -EINVAL;
	*bytes = (uint64_t) (v * (double) mult);
	return 0;
}

int fv_opt_seconds(const char *s, double *seconds)
{
	char *end;
	double v;

	if (!s)
		return -EINVAL;
	v = strtod(s, &end);
	if (end == s || v < 0 || v > 1e12)
		return -EINVAL;
	if (!strncasecmp(end, "ms", 2))
		v /= 1000;
	else if (!strncasecmp(end, "us", 2))
		v /= 1e6;
	else if (tolower((unsigned char) *end) == 'm')
		v *= 60;
	else if (tolower((unsigned char) *end) == 'h')
		v *= 3600;
	else if (tolower((unsigned char) *end) == 'd')
		v *= 86400;
	*seconds = v;
	return 0;
}

int fv_opt_int(const char *s, long *v)
{
	char *end;

	if (!s)
		return -EINVAL;
	errno = 0;
	*v = strtol(s, &end, 10);
	return end == s || errno ? -EINVAL : 0;
}

bool fv_opt_true(const char *s)
{
	long v;

	if (!s)
		return false;
	if (!strcasecmp(s, "true") || !strcasecmp(s, "yes") ||
	    !strcasecmp(s, "on") || !strcasecmp(s, "sync") ||
	    !strcasecmp(s, "dsync"))
		return true;
	return !fv_opt_int(s, &v) && v > 0;
}
