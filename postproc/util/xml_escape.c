/* SPDX-License-Identifier: MIT */
#include "xml_escape.h"

void fv_xml_escape(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char) *s;

		switch (c) {
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '&':
			fputs("&amp;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(c < 0x20 && c != '\t' && c != '\n' && c != '\r'
				      ? '?'
				      : c,
			      f);
		}
	}
}
