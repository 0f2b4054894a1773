/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"

int fv_lines_vadd(char ***v, size_t *n, const char *fmt, va_list ap)
{
	char *s, **grown;

	if (vasprintf(&s, fmt, ap) < 0)
		return -ENOMEM;
	for (size_t i = 0; i < *n; i++) {
		if (!strcmp((*v)[i], s)) {
			free(s);
			return 0;
		}
	}
	grown = realloc(*v, (*n + 1) * sizeof(*grown));
	if (!grown) {
		free(s);
		return -ENOMEM;
	}
	grown[(*n)++] = s;
	*v = grown;
	return 0;
}
