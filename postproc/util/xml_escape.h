/* SPDX-License-Identifier: MIT */
/*
 * Text into XML or HTML: JUnit reports and the HTML report escape the same
 * way, so they share this.
 */
#ifndef FV_XML_ESCAPE_H
#define FV_XML_ESCAPE_H

#include <stdio.h>

/*
 * Writes @s (NULL: nothing) with <, >, & and " escaped, and the control
 * characters that XML 1.0 forbids (all but tab, newline and carriage
 * return) replaced by '?'.
 */
void fv_xml_escape(FILE *f, const char *s);

#endif
