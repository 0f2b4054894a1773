/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "client_text.h"
#include <stdbool.h>

#define STATS_TAG "fioverdict-durability/1 "

static bool starts(const char *b, size_t len, const char *s)
{
	size_t n = strlen(s);

	return len >= n && !memcmp(b, s, n);
}

static bool has(const char *b, size_t len, const char *s)
{
	return memmem(b, len, s, strlen(s)) != NULL;
}

/* What fio's servers say about every job that runs well. */
static bool routine(const char *b, size_t len)
{
	return !len || starts(b, len, "Starting ") || starts(b, len, "...") ||
	       starts(b, len, "Jobs: ") || has(b, len, ": (g=") ||
	       has(b, len, ": Laying out IO file") ||
	       has(b, len, ": (groupid=");
}

/* "name=VALUE, " within the line: VALUE's start and length, or NULL. */
static const char *field(const char *b, size_t len, const char *name,
			 size_t *vlen)
{
	const char *p = memmem(b, len, name, strlen(name)), *end, *v;

	if (!p || (p != b && p[-1] != ' '))
		return NULL;
	v = p + strlen(name);
	end = memchr(v, ',', (size_t) (b + len - v));
	*vlen = (size_t) ((end ? end : b + len) - v);
	return v;
}

static bool probe(const char *b, size_t len, struct fv_client_line *l)
{
	if (!starts(b, len, "hostname=") || !has(b, len, ", fio="))
		return false;
	l->probe_host = field(b, len, "hostname=", &l->probe_host_len);
	l->probe_fio = field(b, len, "fio=", &l->probe_fio_len);
	return l->probe_host && l->probe_fio;
}

void fv_client_line(const char *b, size_t len, struct fv_client_line *l)
{
	const char *gt;

	memset(l, 0, sizeof(*l));
	l->text = b;
	l->text_len = len;
	if (len > 2 && b[0] == '<' && (gt = memchr(b, '>', len)) &&
	    gt > b + 1 && (gt + 1 == b + len || gt[1] == ' ')) {
		l->server = b + 1;
		l->server_len = (size_t) (gt - b - 1);
		l->text = gt + 1 + (gt + 1 < b + len);
		l->text_len = (size_t) (b + len - l->text);
	}
	if (starts(l->text, l->text_len, STATS_TAG)) {
		l->kind = FV_TEXT_STATS;
		l->json = l->text + strlen(STATS_TAG);
		l->json_len = l->text_len - strlen(STATS_TAG);
	} else if (!l->server && probe(b, len, l)) {
		l->kind = FV_TEXT_PROBE;
	} else if (l->server) {
		l->kind = routine(l->text, l->text_len) ? FV_TEXT_ROUTINE
							: FV_TEXT_SERVER;
	}
}
