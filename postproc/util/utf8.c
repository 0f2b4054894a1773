/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

size_t fv_utf8_len(const unsigned char *s, size_t n)
{
	size_t len;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0; /* a continuation byte, 0xc0-0xc1 (overlong), past */
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* overlong 3 and 4 byte forms, surrogates, past U+10FFFF */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return len;
}

static bool control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

char *fv_escape(const char *s)
{
	const unsigned char *p = (const unsigned char *) s;
	size_t n = strlen(s), out = 0;
	char *e;

	for (size_t i = 0; i < n;) {
		size_t len = fv_utf8_len(p + i, n - i);

		out += !len || control(p[i]) ? 4 : len;
		i += len && !control(p[i]) ? len : 1;
	}
	e = malloc(out + 1);
	if (!e)
		return NULL;
	out = 0;
	for (size_t i = 0; i < n;) {
		size_t len = fv_utf8_len(p + i, n - i);

		if (!len || control(p[i])) {
			snprintf(e + out, 5, "\\x%02x", p[i++]);
			out += 4;
			continue;
		}
		memcpy(e + out, p + i, len);
		out += len;
		i += len;
	}
	e[out] = '\0';
	return e;
}

void fv_sanitize(char *s)
{
	size_t n = strlen(s);
	unsigned char *p = (unsigned char *) s;

	for (size_t i = 0; i < n;) {
		size_t len = fv_utf8_len(p + i, n - i);

		if (!len || control(p[i])) {
			p[i++] = '?';
			continue;
		}
		i += len;
	}
}
