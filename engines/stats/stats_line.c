/* SPDX-License-Identifier: MIT */
/*
 * The host a stats document belongs to, and the document as one line of
 * text. Under fio --server an engine's files stay on the server, and
 * servers that share a working directory (an NFS home, several servers on
 * one machine) would write the same name: the host goes into the file name
 * (%h), and the numbers travel to the client as one line through fio's log,
 * which fio forwards to the client prefixed with "<server> ".
 */
#include "stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool token_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
}

/* Appends s to out at *pos, its characters made safe for a file name. */
static void append_token(char *out, size_t len, size_t *pos, const char *s)
{
	for (; s && *s && *pos + 1 < len; s++)
		out[(*pos)++] = token_char(*s) ? *s : '-';
	out[*pos] = '\0';
}

void stats_host_token(char *out, size_t len, const struct stats_host *h)
{
	char port[16];
	size_t pos = 0;

	if (!len)
		return;
	out[0] = '\0';
	if (h->name && *h->name) {
		append_token(out, len, &pos, h->name);
		return;
	}
	append_token(out, len, &pos, h->hostname ? h->hostname : "host");
	if (!h->server_addr)
		return;
	/* Servers on one machine differ by address or port. */
	snprintf(port, sizeof(port), "%d", h->server_port);
	append_token(out, len, &pos, "-");
	append_token(out, len, &pos, h->server_addr);
	append_token(out, len, &pos, "-");
	append_token(out, len, &pos, port);
}

int stats_template_host(const char *tmpl, const char *host, char *out,
			size_t len)
{
	size_t pos = 0;

	for (const char *p = tmpl; *p; p++) {
		char lit[3] = { *p, '\0', '\0' };
		const char *add = lit;
		size_t n;

		if (p[0] == '%' && p[1] == 'h') {
			add = host;
			p++;
		} else if (p[0] == '%' &&
			   p[1]) /* %j %n %p %%: expanded later */
			lit[1] = *++p;
		n = strlen(add);
		if (pos + n >= len)
			return -ENAMETOOLONG;
		memcpy(out + pos, add, n);
		pos += n;
	}
	if (pos >= len)
		return -ENAMETOOLONG;
	out[pos] = '\0';
	return 0;
}

static json_t *str_or_null(const char *s)
{
	return s && *s ? json_string(s) : json_null();
}

json_t *stats_host_to_json(const struct stats_host *h)
{
	json_t *o = json_object(), *srv = json_null();

	if (h->server_addr) {
		srv = json_object();
		json_object_set_new(srv, "address",
				    json_string(h->server_addr));
		json_object_set_new(srv, "port", json_integer(h->server_port));
	}
	json_object_set_new(o, "name", str_or_null(h->name));
	json_object_set_new(o, "hostname", str_or_null(h->hostname));
	json_object_set_new(o, "server", srv);
	return o;
}

char *stats_line(const json_t *doc)
{
	/* Compact: no newline inside, whatever the strings hold. */
	char *json = json_dumps(doc, JSON_COMPACT | JSON_SORT_KEYS), *line;

	if (!json)
		return NULL;
	if (asprintf(&line, "%s %s\n", STATS_LINE_TAG, json) < 0)
		line = NULL;
	free(json);
	return line;
}
