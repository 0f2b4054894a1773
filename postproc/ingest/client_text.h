/* SPDX-License-Identifier: MIT */
/*
 * The text fio's client writes around its JSON: each line a server sent,
 * prefixed "<server> " (the name the server gives itself); "hostname=...,
 * fio=..." lines of fio's probe of each server; and, among the servers'
 * lines, our engines' stats lines (docs/stats-file.md).
 */
#ifndef FV_CLIENT_TEXT_H
#define FV_CLIENT_TEXT_H

#include <stddef.h>

enum fv_text_kind {
	FV_TEXT_PLAIN,	 /* not a server's: a warning, as any text */
	FV_TEXT_ROUTINE, /* a server's progress ("Starting 2 processes") */
	FV_TEXT_SERVER,	 /* a server's other text (its errors) */
	FV_TEXT_PROBE,	 /* "hostname=NAME, ..., fio=VERSION, ..." */
	FV_TEXT_STATS,	 /* "[<server> ]fioverdict-durability/1 {...}" */
};

/* Pieces of the line (pointers into it, with their lengths). */
struct fv_client_line {
	enum fv_text_kind kind;
	const char *server; /* between < and >; NULL without a prefix */
	size_t server_len;
	const char *text; /* after the prefix */
	size_t text_len;
	const char *json; /* STATS: the document, to the end of the line */
	size_t json_len;
	const char *probe_host, *probe_fio; /* PROBE */
	size_t probe_host_len, probe_fio_len;
};

/* Classifies the line b[0, len) (no '\n', blanks trimmed). */
void fv_client_line(const char *b, size_t len, struct fv_client_line *l);

#endif
