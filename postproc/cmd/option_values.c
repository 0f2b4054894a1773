/* SPDX-License-Identifier: MIT */
/*
 * An option's value taken or refused: a usage error said, and the setters
 * that commands share (a ratio, a number, a time, an integer, a size, a
 * string, a flag, a list). Each checks the value and names the option
 * and what it wanted when it refuses one (fv_option_invalid); the parser
 * that calls them is options.c.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_int.h"
#include "util/util.h"

int fv_usage_error(struct fv_cmdline *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(c->err, "fioverdict %s: ", c->command);
	va_start(ap, fmt);
	vfprintf(c->err, fmt, ap);
	va_end(ap);
	fprintf(c->err, "\nTry 'fioverdict %s --help'.\n", c->command);
	return FV_EXIT_USAGE;
}

int fv_push_arg(struct fv_args *a, const char *arg)
{
	if (FV_ALLOC_GROW(a->v, a->n + 1, a->alloc))
		return FV_EXIT_SOFTWARE;
	a->v[a->n++] = arg;
	return 0;
}

int fv_push_path(char ***v, size_t *n, size_t *alloc, const char *arg)
{
	if (FV_ALLOC_GROW(*v, *n + 1, *alloc))
		return FV_EXIT_SOFTWARE;
	(*v)[(*n)++] = (char *) arg; /* argv's, as the inputs are */
	return 0;
}

int fv_option_invalid(struct fv_cmdline *c, const struct fv_option *o,
		      const char *arg, const char *want)
{
	return fv_usage_error(c, "--%s %s: expected %s", o->name,
			      arg ? arg : "", want);
}

int fv_option_expected(struct fv_cmdline *c, const struct fv_option *o,
		       const char *arg, const char *want)
{
	return fv_usage_error(c, "--%s: expected %s, got '%s'", o->name, want,
			      arg);
}

/* "85%" -> 0.85, "0.85" -> 0.85. */
int fv_set_ratio(struct fv_cmdline *c, const struct fv_option *o,
		 const char *arg)
{
	char *end;
	double x = strtod(arg, &end);

	if (end == arg || !isfinite(x) || x < 0 || (*end && strcmp(end, "%")))
		return fv_option_invalid(c, o, arg,
					 "a ratio: 85% or 0.85, not negative");
	if (*end == '%')
		x /= 100;
	*o->dbl(c) = x;
	return 0;
}

/* A number of at least o->scale. */
int fv_set_number(struct fv_cmdline *c, const struct fv_option *o,
		  const char *arg)
{
	char *end;
	double x = strtod(arg, &end);

	if (end == arg || *end || !isfinite(x) || x < o->scale) {
		char want[64];

		snprintf(want, sizeof(want), "a number of at least %g",
			 o->scale);
		return fv_option_invalid(c, o, arg, want);
	}
	*o->dbl(c) = x;
	return 0;
}

/* A time with a unit (ns, us, µs, ms, s, m, h), or in o->scale seconds. */
static int parse_time(struct fv_cmdline *c, const struct fv_option *o,
		      const char *arg)
{
	static const struct {
		const char *u;
		double s;
	} units[] = { { "ns", 1e-9 }, { "us", 1e-6 }, { "µs", 1e-6 },
		      { "ms", 1e-3 }, { "s", 1 },     { "m", 60 },
		      { "h", 3600 } };
	char *end;
	double x = strtod(arg, &end), s = -1;

	if (!(end == arg || !isfinite(x) || x < 0) && !*end)
		s = x * o->scale;
	for (size_t i = 0; i < FV_ARRAY_SIZE(units) && s < 0 &&
			   !(end == arg || !isfinite(x) || x < 0);
	     i++)
		if (!strcmp(end, units[i].u))
			s = x * units[i].s;
	if (s < 0)
		return fv_option_invalid(c, o, arg,
					 "a time, not negative, with its unit "
					 "(ns, us, ms, s, m, h: 500ms, 2s)");
	*o->dbl(c) = s / o->store;
	return 0;
}

int fv_set_time(struct fv_cmdline *c, const struct fv_option *o,
		const char *arg)
{
	return parse_time(c, o, arg);
}

int fv_set_period(struct fv_cmdline *c, const struct fv_option *o,
		  const char *arg)
{
	int ret = parse_time(c, o, arg);

	if (!ret && *o->dbl(c) <= 0)
		return fv_option_invalid(
			c, o, arg,
			"a time above 0, with its unit (500ms, "
			"2s)");
	return ret;
}

/* An integer from o->scale to a million. */
int fv_set_int(struct fv_cmdline *c, const struct fv_option *o, const char *arg)
{
	long n;

	if (fv_opt_int(arg, &n) || n < (long) o->scale || n > 1000000) {
		char want[64];

		snprintf(want, sizeof(want),
			 "a whole number from %g to 1000000", o->scale);
		return fv_option_invalid(c, o, arg, want);
	}
	*o->num(c) = (int) n;
	return 0;
}

/* A size as fio writes it (4k, 64g): bytes, as a double. */
int fv_set_size(struct fv_cmdline *c, const struct fv_option *o,
		const char *arg)
{
	uint64_t b;

	if (fv_opt_size(arg, &b))
		return fv_option_invalid(c, o, arg,
					 "a size as fio writes it (4k, 64g)");
	*o->dbl(c) = (double) b;
	return 0;
}

int fv_set_string(struct fv_cmdline *c, const struct fv_option *o,
		  const char *arg)
{
	*o->str(c) = arg;
	return 0;
}

int fv_set_flag(struct fv_cmdline *c, const struct fv_option *o,
		const char *arg)
{
	(void) arg;
	*o->flag(c) = true;
	return 0;
}

int fv_set_list(struct fv_cmdline *c, const struct fv_option *o,
		const char *arg)
{
	return fv_push_arg(o->args(c), arg);
}
