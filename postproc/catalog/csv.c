/* SPDX-License-Identifier: MIT */
/*
 * CSV as RFC 4180 has it, one record per line: catalog rows hold no line
 * breaks, so a line is a record and an error has a line number.
 */
#include "csv.h"

/* A quoted field from *p (at its opening quote), unquoted in place. */
static int quoted(char **p, char **field)
{
	char *r = *p + 1, *w = r;

	*field = w;
	for (;;) {
		if (!*r)
			return -1;
		if (*r == '"' && r[1] == '"') {
			*w++ = '"';
			r += 2;
		} else if (*r == '"') {
			r++;
			break;
		} else
			*w++ = *r++;
	}
	if (*r && *r != ',')
		return -1; /* text after the closing quote */
	*w = '\0';
	*p = r;
	return 0;
}

int fv_csv_split(char *line, char **fields, size_t max, size_t *col)
{
	char *p = line;
	size_t n = 0;

	for (;;) {
		char *field = p;

		if (n == max)
			return -2;
		if (*p == '"') {
			if (quoted(&p, &field)) {
				*col = (size_t) (field - line);
				return -1;
			}
		} else {
			while (*p && *p != ',') {
				if (*p == '"') {
					*col = (size_t) (p - line) + 1;
					return -1;
				}
				p++;
			}
		}
		fields[n++] = field;
		if (!*p)
			break;
		*p++ = '\0';
	}
	return (int) n;
}
