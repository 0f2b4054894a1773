/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "csv_field.h"

static void put(FILE *f, const char *s, bool one_line)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (one_line && (*s == '\r' || *s == '\n'))
			continue;
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void fv_csv_field(FILE *f, const char *s)
{
	put(f, s, false);
}

void fv_csv_field_line(FILE *f, const char *s)
{
	put(f, s, true);
}
