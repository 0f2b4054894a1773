/* SPDX-License-Identifier: MIT */
/*
 * Names that say "a run of something": a run counter (run_1, RUN2, iter-3,
 * a bare number) or a time stamp (2021-04-14_11-53-55) in a file's or a
 * folder's name. CI keeps one folder per run (run-1/ ... run-5/), scripts
 * number their repeats; such names tell runs of one test apart, not
 * machines.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "select_int.h"
#include "util/util.h"

static bool is_sep(char c)
{
	return c == '-' || c == '_' || c == '.' || c == ' ' || c == '/';
}

/* Words a run counter follows: "run1", "iter_3" (as "run", "_", "3"). */
static bool run_word(const char *s, size_t n)
{
	static const char *const words[] = { "run",	  "runs",   "iter",
					     "iteration", "rep",    "repeat",
					     "pass",	  "try",    "trial",
					     "round",	  "sample", "r" };

	for (size_t i = 0; i < FV_ARRAY_SIZE(words); i++)
		if (strlen(words[i]) == n && !strncasecmp(s, words[i], n))
			return true;
	return false;
}

/* A token of nothing but digits. */
static bool number(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char) s[i]))
			return false;
	return n > 0;
}

/*
 * Copies the token s[0, n) to out, its counter replaced by '#': its
 * trailing number after a run word ("run1"), or the whole token when it
 * is a number and numbers count in its component. Returns whether it
 * held one.
 */
/* "20260101T101010", "20260101T101010Z": a time stamp in one token. */
static bool stamp(const char *s, size_t n)
{
	size_t digits = 0;

	for (size_t i = 0; i < n; i++) {
		if (isdigit((unsigned char) s[i]))
			digits++;
		else if (s[i] != 'T' && !(s[i] == 'Z' && i == n - 1))
			return false;
	}
	return digits >= 8;
}

static bool token(const char *s, size_t n, bool numbers, char *out, size_t *len,
		  size_t cap)
{
	size_t lead = n;
	bool counter;

	if (stamp(s, n)) {
		if (*len + 1 < cap)
			out[(*len)++] = '#';
		return true;
	}
	while (lead && isdigit((unsigned char) s[lead - 1]))
		lead--;
	counter = lead < n && (lead ? run_word(s, lead) : numbers);
	for (size_t i = 0; i < (counter ? lead : n) && *len + 1 < cap; i++)
		out[(*len)++] = s[i];
	if (counter && *len + 1 < cap)
		out[(*len)++] = '#';
	return counter;
}

static size_t token_len(const char *p)
{
	size_t n = 0;

	while (p[n] && !is_sep(p[n]))
		n++;
	return n;
}

/*
 * Whether the numbers of the path component at p are counters: one
 * number alone ("run_1", "7", "x-2.json"), or a time stamp (8 digits or
 * more: "2021-04-14_11-53-55"); not several short ones, which are more
 * likely a version or parameters ("3.28", "randread-1-16").
 */
static bool numbers_count(const char *p)
{
	size_t numbers = 0, digits = 0;

	while (*p && *p != '/') {
		size_t n = token_len(p);

		if (number(p, n)) {
			numbers++;
			digits += n;
		}
		p += n ? n : 1;
	}
	return numbers == 1 || digits >= 8;
}

/* The name with its counters as '#'; returns how many it held. */
static int stem_of(const char *name, char *out, size_t cap)
{
	size_t len = 0;
	int counters = 0;
	bool numbers = numbers_count(name);

	for (const char *p = name; *p;) {
		size_t n;

		if (is_sep(*p)) {
			if (*p == '/')
				numbers = numbers_count(p + 1);
			if (len + 1 < cap)
				out[len++] = *p;
			p++;
			continue;
		}
		n = token_len(p);
		counters += token(p, n, numbers, out, &len, cap);
		p += n;
	}
	out[len] = '\0';
	return counters;
}

void fv_run_stem(const char *path, char *buf, size_t len)
{
	stem_of(path, buf, len);
}

bool fv_run_folder(const char *name)
{
	char stem[256];

	if (strlen(name) >= sizeof(stem) || !stem_of(name, stem, sizeof(stem)))
		return false;
	/* Nothing but counters, separators and run words: "run_1", "7". */
	for (const char *p = stem; *p;) {
		size_t k = 0;

		while (p[k] && p[k] != '#' && !is_sep(p[k]))
			k++;
		if (k && !run_word(p, k))
			return false;
		p += k ? k : 1;
	}
	return true;
}
