/* SPDX-License-Identifier: MIT */
/* fioverdict latency: IOPS and percentiles of one role, per label. */
#include <stdio.h>
#include <string.h>

#include "cmd_int.h"

/* --of ROLE[:DIR] */
static int set_of(struct fv_cmdline *c, const struct fv_option *o,
		  const char *arg)
{
	char buf[64], *colon;
	int role;

	(void) o;
	snprintf(buf, sizeof(buf), "%s", arg);
	colon = strchr(buf, ':');
	if (colon)
		*colon++ = '\0';
	role = fv_role_parse(buf);
	if (role <= FV_ROLE_UNKNOWN)
		return fv_usage_error(c, "--of: unknown role '%s'", arg);
	c->ao.of_role = role;
	if (!colon)
		return 0;
	if (!strcmp(colon, "read"))
		c->ao.of_dir = FV_DIR_READ;
	else if (!strcmp(colon, "write"))
		c->ao.of_dir = FV_DIR_WRITE;
	else if (!strcmp(colon, "mixed"))
		c->ao.of_dir = FV_DIR_MIXED;
	else
		return fv_usage_error(c,
				      "--of: direction must be read, write or "
				      "mixed, got '%s'",
				      colon);
	return 0;
}

static const struct fv_option latency_opts[] = {
	FV_OPT("of", 0, "ROLE[:DIR]",
	       "the role and direction shown (default steady:write)", set_of),
	FV_OPT_END,
};

const struct fv_command fv_cmd_latency = {
	.name = "latency",
	.help = "one row per label: IOPS and percentiles of one role "
		"(--of ROLE[:DIR], default steady:write)",
	.synopsis = "latency [OPTION]... INPUT...",
	.options = (const struct fv_option *const[]){ fv_opts_format,
						      fv_opts_common,
						      fv_opts_runs, fv_opts_lat,
						      latency_opts, NULL },
	.analysis = &fv_an_latency,
	.main = fv_tables_cmd_main,
};
