/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "str_opt.h"

int fv_strdup_opt(char **dst, const char *src)
{
	if (!src)
		return 0;
	*dst = strdup(src);
	return *dst ? 0 : -ENOMEM;
}

int fv_strcmp_opt(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

bool fv_streq_opt(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}
