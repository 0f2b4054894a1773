/* SPDX-License-Identifier: MIT */
/* Internal to fio's iologs: a log read (iolog.c, iolog_apply.c), written. */
#ifndef FV_IOLOG_INT_H
#define FV_IOLOG_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace.h"

/*
 * fio reads a line with fgets() into 4096 bytes (a line and its newline
 * must fit, NUL included) and a name or an action with "%256s".
 */
#define LINE_MAX_BYTES 4094
#define NAME_MAX_BYTES 256
/* "TIME FILE ACTION OFFSET LENGTH" */
#define MAX_FIELDS 5
/* What a message quotes of a line or a name. */
#define QUOTE_BYTES 100

struct field {
	const char *s;
	size_t n;
};

enum act { ACT_ADD, ACT_OPEN, ACT_CLOSE, ACT_WAIT, ACT_IO };

struct action {
	const char *name;
	enum act act;
	enum fv_trace_kind kind;
};

struct iolog {
	struct fv_trace *t;
	const char *name;
	struct fv_error *e;
	int line;
	/* The lines of the target's add, open and close; 0: none yet. */
	int added, opened, closed;
	uint64_t now_us; /* the line before's time (v3), the last wait's (v2) */
	/* The line's fields, its time taken off first in version 3. */
	struct field f[MAX_FIELDS];
	size_t nf, count; /* the fields kept, and all the line has */
	uint64_t time;
	const struct action *act;
	uint64_t offset, len;
};

/* A quoted piece of input, fit for a message. */
struct quoted {
	char s[QUOTE_BYTES + 4];
};

static inline bool is_space(char c)
{
	/* sscanf's %s stops at any of these: fio's field separators. */
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The line is refused: -EINVAL, e naming the file and line. */
int fv_iolog_bad(struct iolog *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int fv_iolog_no_memory(struct iolog *p);
/*
 * At most QUOTE_BYTES of s, a control byte or invalid UTF-8 as '?' (the
 * input may be any bytes), "..." when cut (iolog_say.c).
 */
const char *fv_iolog_quote(struct quoted *q, const char *s, size_t n);
const char *fv_iolog_quote_field(struct quoted *q, const struct field *f);
/* What the line does to the target, in the order fio needs. */
int fv_iolog_apply(struct iolog *p);

#endif
