/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "lines.h"
#include "utf8.h"

int fv_lines_vadd(char ***v, size_t *n, const char *fmt, va_list ap)
{
	char *raw, *s, **grown;

	if (vasprintf(&raw, fmt, ap) < 0)
		return -ENOMEM;
	s = fv_escape(raw); /* lines quote names from outside */
	free(raw);
	if (!s)
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

int fv_lines_push(char ***v, size_t *n, size_t *alloc, const char *s)
{
	char *copy;

	if (FV_ALLOC_GROW(*v, *n + 1, *alloc))
		return -ENOMEM;
	copy = strdup(s);
	if (!copy)
		return -ENOMEM;
	(*v)[(*n)++] = copy;
	return 0;
}

void fv_lines_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}
