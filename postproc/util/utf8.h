/* SPDX-License-Identifier: MIT */
/*
 * Text from outside (file names, a tool's strings) into what fioverdict
 * writes: one validator of UTF-8, as strict as jansson's (which the JSON
 * output goes through), and the escaping of what it refuses.
 */
#ifndef FV_UTF8_H
#define FV_UTF8_H

#include <stddef.h>

/*
 * The length of the valid UTF-8 sequence at s (at most n bytes), or 0:
 * no overlong form, no surrogate (U+D800 to U+DFFF), nothing past
 * U+10FFFF, as jansson's utf8 check.
 */
size_t fv_utf8_len(const unsigned char *s, size_t n);

/*
 * A copy of s fit for any output (caller frees; NULL on ENOMEM): each byte
 * of an invalid sequence and each control character as \xNN, a backslash
 * as itself. Valid text without control characters comes back equal.
 */
char *fv_escape(const char *s);

/* Replaces invalid bytes and control characters with '?' in place. */
void fv_sanitize(char *s);

#endif
