/* SPDX-License-Identifier: MIT */
/* DiskSpd text: a line's words, numbers and table fields. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diskspd_text_int.h"
#include "util/util.h"

/* The file breaks off at this line: fmt says why, with what in it. */
void fv_dt_bad(struct tstate *s, const char *fmt, const char *what)
{
	if (s->err)
		return;
	s->err = -EBADMSG;
	s->err_line = s->line;
	snprintf(s->why, sizeof(s->why), fmt, what);
}

/* Leading blanks off; trailing blanks (and a CR) too. */
char *fv_dt_trim(char *l)
{
	size_t n;

	while (isspace((unsigned char) *l))
		l++;
	n = strlen(l);
	while (n && isspace((unsigned char) l[n - 1]))
		l[--n] = '\0';
	return l;
}

bool fv_dt_starts(const char *l, const char *p)
{
	return !strncmp(l, p, strlen(p));
}

/* A decimal number of 0 or more, the whole of t: not inf, nan nor hex. */
bool fv_dt_decimal(const char *t, double *v)
{
	char *end;

	if (!(isdigit((unsigned char) t[0]) || t[0] == '.') ||
	    strpbrk(t, "xXnN"))
		return false;
	errno = 0;
	*v = strtod(t, &end);
	return end != t && !*end && errno != ERANGE && isfinite(*v);
}

bool fv_dt_whole(const char *t, uint64_t most, uint64_t *v)
{
	char *end;
	unsigned long long u;

	if (!isdigit((unsigned char) t[0]))
		return false;
	errno = 0;
	u = strtoull(t, &end, 10);
	*v = u;
	return !*end && errno != ERANGE && u <= most;
}

/* "4KiB", "1.50MiB", "4096": DiskSpd's sizes, into bytes. */
bool fv_dt_size_bytes(const char *t, uint64_t *v)
{
	static const struct {
		const char *unit;
		int shift;
	} units[] = {
		{ "KiB", 10 }, { "MiB", 20 }, { "GiB", 30 }, { "TiB", 40 }
	};
	char num[32];
	double x;

	for (size_t i = 0; i < FV_ARRAY_SIZE(units); i++) {
		size_t n = strlen(t), u = strlen(units[i].unit);

		if (n > u && n - u < sizeof(num) &&
		    !strcmp(t + n - u, units[i].unit)) {
			memcpy(num, t, n - u);
			num[n - u] = '\0';
			if (!fv_dt_decimal(num, &x) || x > 1e6)
				return false;
			*v = (uint64_t) llround(ldexp(x, units[i].shift));
			return true;
		}
	}
	return fv_dt_whole(t, UINT64_MAX / 1024, v);
}

/* "3-nines" is 99.9, "25th" 25, "min" 0, "max" 100. */
bool fv_dt_percentile_of(const char *name, double *p)
{
	char *end;
	long n = strtol(name, &end, 10);

	if (!strcmp(name, "min"))
		*p = 0;
	else if (!strcmp(name, "max"))
		*p = 100;
	else if (end != name && !strcmp(end, "th") && n > 0 && n < 100)
		*p = (double) n;
	else if (end != name && !strcmp(end, "-nines") && n >= 2 && n <= 12)
		*p = 100 - pow(10, 2 - (double) n);
	else
		return false;
	return true;
}

/* Splits a table row at '|', fields trimmed. Returns their count. */
int fv_dt_fields(char *l, char **f)
{
	char *tok;
	int n = 0;

	while (n < MAX_FIELDS && (tok = strsep(&l, "|")))
		f[n++] = fv_dt_trim(tok);
	return n;
}
