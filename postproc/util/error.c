/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <string.h>

#include "error.h"

int fv_error_set(struct fv_error *e, int errnum, int status, const char *where,
		 int line, const char *fmt, ...)
{
	va_list ap;

	if (!e || e->status)
		return -errnum;
	e->status = status;
	snprintf(e->where, sizeof(e->where), "%s", where ? where : "");
	e->line = line;
	va_start(ap, fmt);
	vsnprintf(e->text, sizeof(e->text), fmt, ap);
	va_end(ap);
	return -errnum;
}

void fv_error_print(const struct fv_error *e, const char *prefix, FILE *out)
{
	fprintf(out, "%s: ", prefix);
	if (e->where[0] && e->line)
		fprintf(out, "%s:%d: ", e->where, e->line);
	else if (e->where[0])
		fprintf(out, "%s: ", e->where);
	fprintf(out, "%s\n", e->text);
}
