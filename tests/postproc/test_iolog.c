/* SPDX-License-Identifier: MIT */
/*
 * fio's iologs (trace/iolog.c): versions 2 and 3 read into a trace of one
 * device, written back as fio reads them, and every log fio would replay
 * only in part (or not as meant) refused, naming the line and what would
 * be right. The expected values are read off the test's own log texts.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "trace/trace.h"
#include "util/util.h"

#define NAME "t.log"

static int parse_n(struct fv_trace *t, struct fv_error *e, const char *text,
		   size_t len)
{
	memset(e, 0, sizeof(*e));
	return fv_iolog_parse(t, NAME, text, len, e);
}

static int parse(struct fv_trace *t, struct fv_error *e, const char *text)
{
	return parse_n(t, e, text, strlen(text));
}

static void req_is(const struct fv_trace_req *r, uint64_t t_us,
		   enum fv_trace_kind kind, uint64_t offset, uint32_t len,
		   uint32_t line)
{
	assert_int_equal(r->t_us, t_us);
	assert_int_equal(r->kind, kind);
	assert_int_equal(r->offset, offset);
	assert_int_equal(r->len, len);
	assert_int_equal(r->line, line);
}

static void kind_names(void **state)
{
	(void) state;
	assert_string_equal(fv_trace_kind_name(FV_TRACE_READ), "read");
	assert_string_equal(fv_trace_kind_name(FV_TRACE_WRITE), "write");
	assert_string_equal(fv_trace_kind_name(FV_TRACE_SYNC), "sync");
	assert_string_equal(fv_trace_kind_name(FV_TRACE_TRIM), "trim");
}

/* Appending doubles the array: every request kept, in order. */
static void add_grows(void **state)
{
	struct fv_trace t = { 0 };

	(void) state;
	for (uint32_t i = 0; i < 1000; i++) {
		struct fv_trace_req r = { .t_us = i,
					  .offset = 4096 * i,
					  .len = i + 1,
					  .kind = i % 4 };

		assert_int_equal(fv_trace_add(&t, &r), 0);
		assert_true(t.cap >= t.n);
	}
	assert_int_equal(t.n, 1000);
	for (uint32_t i = 0; i < 1000; i++)
		req_is(&t.v[i], i, i % 4, 4096 * i, i + 1, 0);
	fv_trace_free(&t);
	assert_null(t.v);
	assert_int_equal(t.n, 0);
}

static const char v3_log[] = "fio version 3 iolog\n"		 /* 1 */
			     "0 /dev/sdb add\n"			 /* 2 */
			     "0 /dev/sdb open\n"		 /* 3 */
			     "100 /dev/sdb write 4096 8192\n"	 /* 4 */
			     "250 /dev/sdb read 0 512\n"	 /* 5 */
			     "\n"				 /* 6 */
			     "300 /dev/sdb sync 0 0\n"		 /* 7 */
			     "300 /dev/sdb datasync\n"		 /* 8 */
			     "400 /dev/sdb trim 1048576 65536\n" /* 9 */
			     "500 /dev/sdb close\n";		 /* 10 */

/* A log and the trace it reads as: its device is /dev/sdb. */
static const struct parsed {
	const char *text;
	int version;
	bool timed;
	size_t n;
	struct fv_trace_req req[5]; /* t_us, offset, len, line, kind */
} logs[] = {
	{ v3_log,
	  3,
	  true,
	  5,
	  { { 100, 4096, 8192, 4, FV_TRACE_WRITE },
	    { 250, 0, 512, 5, FV_TRACE_READ },
	    { 300, 0, 0, 7, FV_TRACE_SYNC },
	    { 300, 0, 0, 8, FV_TRACE_SYNC },
	    { 400, 1048576, 65536, 9, FV_TRACE_TRIM } } },
	/* Windows line ends, tabs, runs of blanks, no newline at the end. */
	{ "fio version 3 iolog\r\n"
	  "0\t/dev/sdb  add\r\n"
	  "  0 /dev/sdb open \r\n"
	  "\r\n"
	  "100 /dev/sdb write 4096 8192\r\n"
	  "250 /dev/sdb\tread\t0\t512\r\n"
	  "\t \r\n"
	  "300 /dev/sdb sync 0 0\r\n"
	  "300 /dev/sdb datasync\r\n"
	  "400 /dev/sdb trim 1048576 65536",
	  3,
	  true,
	  5,
	  { { 100, 4096, 8192, 5, FV_TRACE_WRITE },
	    { 250, 0, 512, 6, FV_TRACE_READ },
	    { 300, 0, 0, 8, FV_TRACE_SYNC },
	    { 300, 0, 0, 9, FV_TRACE_SYNC },
	    { 400, 1048576, 65536, 10, FV_TRACE_TRIM } } },
	/* Version 2 without waits: untimed, every request at 0. */
	{ "fio version 2 iolog\n"
	  "/dev/sdb add\n"
	  "/dev/sdb open\n"
	  "/dev/sdb read 0 4096\n"
	  "/dev/sdb write 8192 4096\n"
	  "/dev/sdb sync\n"
	  "/dev/sdb datasync 0 0\n"
	  "/dev/sdb trim 4096 4096\n"
	  "/dev/sdb close\n",
	  2,
	  false,
	  5,
	  { { 0, 0, 4096, 4, FV_TRACE_READ },
	    { 0, 8192, 4096, 5, FV_TRACE_WRITE },
	    { 0, 0, 0, 6, FV_TRACE_SYNC },
	    { 0, 0, 0, 7, FV_TRACE_SYNC },
	    { 0, 4096, 4096, 8, FV_TRACE_TRIM } } },
	/*
	 * Version 2 with waits: milliseconds since fio started, in the
	 * offset field; a wait already passed does not take the time back.
	 */
	{ "fio version 2 iolog\n"
	  "/dev/sdb wait 1 0\n"	       /* 2 */
	  "/dev/sdb add\n"	       /* 3 */
	  "/dev/sdb open\n"	       /* 4 */
	  "/dev/sdb read 0 4096\n"     /* 5: 1 ms */
	  "/dev/sdb wait 15 0\n"       /* 6 */
	  "/dev/sdb write 4096 4096\n" /* 7: 15 ms */
	  "/dev/sdb write 8192 4096\n" /* 8: 15 ms */
	  "/dev/sdb wait 10 0\n"       /* 9: passed */
	  "/dev/sdb read 0 512\n"      /* 10: 15 ms */
	  "/dev/sdb wait 2000 4096\n"  /* 11 */
	  "/dev/sdb trim 0 4096\n"     /* 12: 2 s */
	  "/dev/sdb close\n",
	  2,
	  true,
	  5,
	  { { 1000, 0, 4096, 5, FV_TRACE_READ },
	    { 15000, 4096, 4096, 7, FV_TRACE_WRITE },
	    { 15000, 8192, 4096, 8, FV_TRACE_WRITE },
	    { 15000, 0, 512, 10, FV_TRACE_READ },
	    { 2000000, 0, 4096, 12, FV_TRACE_TRIM } } },
};

static void is_parsed(const struct fv_trace *t, const struct parsed *p)
{
	assert_string_equal(t->target, "/dev/sdb");
	assert_int_equal(t->version, p->version);
	assert_int_equal(t->timed, p->timed);
	assert_int_equal(t->n, p->n);
	for (size_t i = 0; i < p->n; i++)
		req_is(&t->v[i], p->req[i].t_us, p->req[i].kind,
		       p->req[i].offset, p->req[i].len, p->req[i].line);
}

static void parsed_logs(void **state)
{
	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(logs); i++) {
		struct fv_trace t;
		struct fv_error e;

		assert_int_equal(parse(&t, &e, logs[i].text), 0);
		assert_int_equal(e.status, 0);
		is_parsed(&t, &logs[i]);
		fv_trace_free(&t);
	}
}

/* A file name of len bytes ("/nnn..."), into name[len + 1]. */
static void name_of(char *name, size_t len)
{
	memset(name, 'n', len);
	name[0] = '/';
	name[len] = '\0';
}

/* The widest numbers that fit, and a 256-byte name. */
static void limits(void **state)
{
	char name[257], text[2048];
	struct fv_trace t;
	struct fv_error e;

	(void) state;
	name_of(name, 256);
	snprintf(text, sizeof(text),
		 "fio version 3 iolog\n"
		 "0 %s add\n0 %s open\n"
		 "18446744073709551615 %s read 18446744073709551614 1\n"
		 "18446744073709551615 %s write 0 4294967295\n",
		 name, name, name, name);
	assert_int_equal(parse(&t, &e, text), 0);
	assert_int_equal(t.n, 2);
	assert_string_equal(t.target, name);
	req_is(&t.v[0], UINT64_MAX, FV_TRACE_READ, UINT64_MAX - 1, 1, 4);
	req_is(&t.v[1], UINT64_MAX, FV_TRACE_WRITE, 0, UINT32_MAX, 5);
	fv_trace_free(&t);
}

/* A line of 4094 bytes is read whole by fio's fgets(4096): accepted. */
static void longest_line(void **state)
{
	static const char head[] = "fio version 2 iolog\n"
				   "/dev/sdb add\n/dev/sdb open\n";
	static const char req[] = "/dev/sdb read 0 4096";
	char text[sizeof(head) + 4096];
	struct fv_trace t;
	struct fv_error e;
	size_t at = strlen(head);

	(void) state;
	memcpy(text, head, at);
	memcpy(text + at, req, strlen(req));
	memset(text + at + strlen(req), ' ', 4094 - strlen(req));
	text[at + 4094] = '\n';
	assert_int_equal(parse_n(&t, &e, text, at + 4095), 0);
	assert_int_equal(t.n, 1);
	req_is(&t.v[0], 0, FV_TRACE_READ, 0, 4096, 4);
	fv_trace_free(&t);

	/* One byte more: refused, by its line. */
	memset(text + at + strlen(req), ' ', 4095 - strlen(req));
	text[at + 4095] = '\n';
	assert_int_equal(parse_n(&t, &e, text, at + 4096), -EINVAL);
	assert_int_equal(e.status, FV_EXIT_INPUT);
	assert_int_equal(e.line, 4);
	assert_non_null(strstr(e.text, "a line of 4095 bytes"));
	assert_null(t.v);
	assert_null(t.target);
}

/* A hand-made trace of five requests, times whole milliseconds. */
static void make_trace(struct fv_trace *t)
{
	static const struct fv_trace_req reqs[] = {
		{ 0, 0, 4096, 0, FV_TRACE_READ },
		{ 0, 4096, 512, 0, FV_TRACE_WRITE },
		{ 3000, 0, 0, 0, FV_TRACE_SYNC },
		{ 3000, 8192, 1024, 0, FV_TRACE_TRIM },
		{ 7000, 1, 2, 0, FV_TRACE_READ },
	};

	memset(t, 0, sizeof(*t));
	t->target = strdup("/dev/nvme0n1");
	assert_non_null(t->target);
	for (size_t i = 0; i < 5; i++)
		assert_int_equal(fv_trace_add(t, &reqs[i]), 0);
}

static char *written(const struct fv_trace *t, int version, const char *target)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(fv_iolog_write(t, version, target, f), 0);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/* Read back, the trace is the one written, on the lines counted here. */
static void same_trace(const struct fv_trace *got, const struct fv_trace *want,
		       const uint32_t *lines)
{
	assert_string_equal(got->target, want->target);
	assert_int_equal(got->n, want->n);
	for (size_t i = 0; i < want->n; i++)
		req_is(&got->v[i], want->v[i].t_us, want->v[i].kind,
		       want->v[i].offset, want->v[i].len, lines[i]);
}

/*
 * make_trace() written as iolog version (it must be want), then read back:
 * the same trace, each request on its line of lines, late_us later.
 */
static void round_trip(int version, const char *want, const uint32_t *lines,
		       uint64_t late_us)
{
	struct fv_trace t, back;
	struct fv_error e;
	char *text;

	make_trace(&t);
	text = written(&t, version, NULL);
	assert_string_equal(text, want);
	assert_int_equal(parse(&back, &e, text), 0);
	for (size_t i = 0; i < t.n; i++)
		t.v[i].t_us += late_us;
	same_trace(&back, &t, lines);
	assert_int_equal(back.version, version);
	assert_true(back.timed);
	free(text);
	fv_trace_free(&back);
	fv_trace_free(&t);
}

/* Written 1 us late, so that fio keeps the gap after the first. */
static void round_trip_v3(void **state)
{
	static const char want[] = "fio version 3 iolog\n"
				   "0 /dev/nvme0n1 add\n"
				   "0 /dev/nvme0n1 open\n"
				   "1 /dev/nvme0n1 read 0 4096\n"
				   "1 /dev/nvme0n1 write 4096 512\n"
				   "3001 /dev/nvme0n1 sync 0 0\n"
				   "3001 /dev/nvme0n1 trim 8192 1024\n"
				   "7001 /dev/nvme0n1 read 1 2\n"
				   "7001 /dev/nvme0n1 close\n";
	static const uint32_t lines[] = { 4, 5, 6, 7, 8 };

	(void) state;
	round_trip(3, want, lines, 1);
}

static void round_trip_v2(void **state)
{
	static const char want[] = "fio version 2 iolog\n"
				   "/dev/nvme0n1 add\n"
				   "/dev/nvme0n1 open\n"
				   "/dev/nvme0n1 read 0 4096\n"
				   "/dev/nvme0n1 write 4096 512\n"
				   "/dev/nvme0n1 wait 3 0\n"
				   "/dev/nvme0n1 sync 0 0\n"
				   "/dev/nvme0n1 trim 8192 1024\n"
				   "/dev/nvme0n1 wait 7 0\n"
				   "/dev/nvme0n1 read 1 2\n"
				   "/dev/nvme0n1 close\n";
	static const uint32_t lines[] = { 4, 5, 7, 8, 10 };

	(void) state;
	round_trip(2, want, lines, 0);
}

/* Another target named; names and versions fio cannot read refused. */
static void write_target(void **state)
{
	struct fv_trace t;
	char *text, *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void) state;
	make_trace(&t);
	text = written(&t, 3, "/dev/sdc");
	assert_non_null(strstr(text, "\n0 /dev/sdc add\n0 /dev/sdc open\n"
				     "1 /dev/sdc read 0 4096\n"));
	assert_null(strstr(text, "nvme"));
	free(text);

	f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(fv_iolog_write(&t, 1, NULL, f), -EINVAL);
	assert_int_equal(fv_iolog_write(&t, 3, "/dev/my disk", f), -EINVAL);
	assert_int_equal(fv_iolog_write(&t, 3, "", f), -EINVAL);
	fclose(f);
	free(buf);
	fv_trace_free(&t);
}

struct bad_case {
	const char *text;
	size_t len; /* 0: strlen(text) */
	int line;
	const char *says;
};

#define V2 "fio version 2 iolog\n"
#define V3 "fio version 3 iolog\n"
#define OPEN2 V2 "/dev/sdb add\n/dev/sdb open\n"
#define OPEN3 V3 "0 /dev/sdb add\n0 /dev/sdb open\n"
/* A text with NUL bytes in it, and its length. */
#define BIN(s) s, sizeof(s) - 1

static const struct bad_case bad_cases[] = {
	{ OPEN2 "/dev/sdb read 0 4096\n"
		"/dev/sdb rite 0 4096\n",
	  0, 5,
	  "'rite': expected an action: add, open, close, read, write, sync, "
	  "datasync, trim (or wait in version 2)" },
	{ BIN("\x07"
	      "tae"
	      "\0\0\0\0\0\0\0\0\x01\x02"),
	  1, "a blktrace binary, not an iolog" },
	{ BIN("eat\x07"
	      "\0\0\0\0"),
	  1, "a blktrace binary, not an iolog" },
	{ BIN("\x1f\x8b\x08\0\0\0\0\0"), 1, "a gzip file, not an iolog" },
	{ "fio version 1 iolog\n/dev/sdb add\n", 0, 1,
	  "'fio version 1 iolog': fioverdict reads iolog versions 2 and 3" },
	{ "fio version 4 iolog\r\n", 0, 1,
	  "'fio version 4 iolog': fioverdict reads iolog versions 2 and 3" },
	{ "fio version 3 iolog, more\n", 0, 1,
	  "'fio version 3 iolog, more': fioverdict reads iolog versions 2 and "
	  "3 ('fio version 3 iolog', 'fio version 2 iolog')" },
	{ "0 4096 1\n", 0, 1, "'0 4096 1': not an iolog" },
	{ "", 0, 0, "an empty file, not an iolog" },
	{ V2, 0, 0, "holds no request" },
	{ OPEN2 "/dev/sdb close\n", 0, 0, "holds no request" },
	{ V3 "0 /dev/sdb add\n0 /dev/sdb open\n"
	     "2000 /dev/sdb read 0 4096\n"
	     "1000 /dev/sdb read 0 4096\n",
	  0, 5,
	  "time 1000 us comes before the line before's 2000 us: sort the log "
	  "by time" },
	{ V3 "5 /dev/sdb add\n3 /dev/sdb open\n", 0, 3,
	  "time 3 us comes before the line before's 5 us" },
	{ V2 "/dev/sdb write 0 4096\n", 0, 2,
	  "'write' on /dev/sdb before 'add' and 'open' of it" },
	{ V2 "/dev/sdb add\n/dev/sdb write 0 4096\n", 0, 3,
	  "'write' on /dev/sdb before its 'open' (added on line 2)" },
	{ OPEN2 "/dev/sdb read 0 4096\n/dev/sdc read 0 4096\n", 0, 5,
	  "a second file '/dev/sdc' (the log's target is /dev/sdb, line 2): "
	  "replay takes one device; split the log" },
	{ V2 "/dev/sdb add\n/dev/sdc add\n", 0, 3,
	  "a second file '/dev/sdc' (the log's target is /dev/sdb, line 2)" },
	{ OPEN2 "/dev/sdc wait 5 0\n", 0, 4, "a second file '/dev/sdc'" },
	{ V2 "/dev/sdb add\n/dev/sdb add\n", 0, 3,
	  "a second 'add' of /dev/sdb (line 2)" },
	{ V2 "/dev/sdb open\n", 0, 2, "'open' of /dev/sdb before its 'add'" },
	{ OPEN2 "/dev/sdb open\n", 0, 4,
	  "a second 'open' of /dev/sdb (line 3)" },
	{ V2 "/dev/sdb add\n/dev/sdb close\n", 0, 3,
	  "'close' of /dev/sdb before its 'open'" },
	{ OPEN2 "/dev/sdb read 0 4096\n/dev/sdb close\n"
		"/dev/sdb read 0 4096\n",
	  0, 6, "'read' on /dev/sdb after its 'close' on line 5" },
	{ OPEN2 "/dev/sdb read 0 4096\n/dev/sdb close\n/dev/sdb open\n", 0, 6,
	  "'open' on /dev/sdb after its 'close' on line 5" },
	{ OPEN3 "5 /dev/sdb wait 10 0\n", 0, 4, "'wait' in a version 3 iolog" },
	{ OPEN2 "/dev/sdb wait 10\n", 0, 4,
	  "'wait' takes its time and a length" },
	{ OPEN2 "/dev/sdb wait 18446744073709552 0\n", 0, 4,
	  "'18446744073709552': expected the wait's time in milliseconds" },
	{ OPEN2 "/dev/sdb wait 5 x\n", 0, 4, "'x': expected a decimal number" },
	{ OPEN2 "/dev/sdb read\n", 0, 4,
	  "'read' takes an offset and a length: expected 'FILE read OFFSET "
	  "LENGTH'" },
	{ OPEN3 "9 /dev/sdb trim\n", 0, 4,
	  "expected 'TIME FILE trim OFFSET LENGTH'" },
	{ V2 "/dev/sdb add 0 0\n", 0, 2,
	  "'add' takes no offset and length: expected 'FILE add'" },
	{ OPEN2 "/dev/sdb read 0\n", 0, 4,
	  "'read' takes an offset and a length: expected 'FILE read OFFSET "
	  "LENGTH'" },
	{ OPEN2 "/dev/sdb read 0 4096 1\n", 0, 4, "5 fields: expected" },
	{ OPEN3 "1 /dev/sdb read 0 4096 1 2\n", 0, 4,
	  "7 fields: expected 'TIME FILE ACTION' or 'TIME FILE ACTION OFFSET "
	  "LENGTH'" },
	{ OPEN3 "100\n", 0, 4, "1 field: expected 'TIME FILE ACTION'" },
	{ OPEN2 "/dev/sdb\n", 0, 4, "1 field: expected 'FILE ACTION'" },
	{ V3 "1e3 /dev/sdb add\n", 0, 2,
	  "'1e3': expected the time in microseconds first" },
	{ V3 "-1 /dev/sdb add\n", 0, 2, "'-1': expected the time" },
	{ OPEN2 "/dev/sdb read +5 4096\n", 0, 4,
	  "'+5': expected the offset in bytes" },
	{ OPEN2 "/dev/sdb read 0x10 4096\n", 0, 4,
	  "'0x10': expected the offset in bytes" },
	{ OPEN2 "/dev/sdb read 18446744073709551616 1\n", 0, 4,
	  "'18446744073709551616': expected the offset in bytes" },
	{ OPEN2 "/dev/sdb write 0 4294967296\n", 0, 4,
	  "'4294967296': expected the length in bytes, a decimal number "
	  "below 4 GiB" },
	{ OPEN2 "/dev/sdb write 0 -1\n", 0, 4, "'-1': expected the length" },
	{ OPEN2 "/dev/sdb write 18446744073709551615 1\n", 0, 4,
	  "offset 18446744073709551615 and length 1 end past 2^64 bytes" },
	{ OPEN2 "/dev/sdb read 4096 0\n", 0, 4, "'read' of 0 bytes" },
	{ BIN(OPEN2 "/dev/sdb read 0 4096\n/dev/s\0db read 0 4096\n"), 5,
	  "a NUL byte" },
	{ BIN("fio version 2 iolog\0\n"), 1, "a NUL byte" },
	{ OPEN2 "/dev/sdb\xff read 0 4096\n", 0, 4,
	  "a second file '/dev/sdb?' (the log's target is /dev/sdb" },
};

static void refused(void **state)
{
	struct fv_trace t;
	struct fv_error e;

	(void) state;
	for (size_t i = 0; i < FV_ARRAY_SIZE(bad_cases); i++) {
		const struct bad_case *c = &bad_cases[i];
		size_t len = c->len ? c->len : strlen(c->text);
		int ret = parse_n(&t, &e, c->text, len);

		if (ret != -EINVAL || e.status != FV_EXIT_INPUT ||
		    e.line != c->line || strcmp(e.where, NAME) ||
		    !strstr(e.text, c->says))
			fail_msg("case %zu: %d, status %d, %s:%d: %s\n"
				 "wanted line %d: %s",
				 i, ret, e.status, e.where, e.line, e.text,
				 c->line, c->says);
		assert_null(t.target);
		assert_null(t.v);
		assert_int_equal(t.n, 0);
	}
}

/* A 257-byte name is more than fio's "%256s" reads. */
static void long_name(void **state)
{
	char name[258], text[2048];
	struct fv_trace t;
	struct fv_error e;

	(void) state;
	name_of(name, 257);
	snprintf(text, sizeof(text), V2 "%s add\n", name);
	assert_int_equal(parse(&t, &e, text), -EINVAL);
	assert_int_equal(e.status, FV_EXIT_INPUT);
	assert_int_equal(e.line, 2);
	assert_non_null(strstr(e.text, "a file name of 257 bytes"));
}

static void check_size(void **state)
{
	static const char text[] =
		OPEN3 "10 /dev/sdb write 0 4096\n"	 /* 4 */
		      "20 /dev/sdb sync 0 0\n"		 /* 5 */
		      "30 /dev/sdb read 8192 4096\n"	 /* 6 */
		      "40 /dev/sdb trim 1048576 4096\n"; /* 7 */
	struct fv_trace t;
	struct fv_error e;

	(void) state;
	assert_int_equal(parse(&t, &e, text), 0);
	memset(&e, 0, sizeof(e));
	/* The last request ends at byte 1048576 + 4096 = 1052672. */
	assert_int_equal(fv_trace_check_size(&t, 1052672, NAME, &e), 0);
	assert_int_equal(e.status, 0);
	assert_int_equal(fv_trace_check_size(&t, 1052671, NAME, &e), -ERANGE);
	assert_int_equal(e.status, FV_EXIT_INPUT);
	assert_string_equal(e.where, NAME);
	assert_int_equal(e.line, 7);
	assert_non_null(strstr(e.text, "'trim' of 4096 bytes at 1048576 ends "
				       "at byte 1052672, past the end of "
				       "/dev/sdb (1052671 bytes)"));

	/* The first one past: the read, 8192 + 4096 = 12288. */
	memset(&e, 0, sizeof(e));
	assert_int_equal(fv_trace_check_size(&t, 12287, NAME, &e), -ERANGE);
	assert_int_equal(e.line, 6);

	/* Captured: no line, its index (the first) instead. */
	for (size_t i = 0; i < t.n; i++)
		t.v[i].line = 0;
	memset(&e, 0, sizeof(e));
	assert_int_equal(fv_trace_check_size(&t, 4095, "sdb", &e), -ERANGE);
	assert_int_equal(e.line, 0);
	assert_non_null(strstr(e.text, "request 1 ('write' of 4096 bytes at 0)"
				       " ends at byte 4096"));
	fv_trace_free(&t);
}

static void load(void **state)
{
	FVT_HELD(path, "trace.log");
	struct fv_trace t;
	struct fv_error e = { 0 };

	(void) state;
	fvt_mkfile(path, v3_log, strlen(v3_log));
	assert_int_equal(fv_iolog_load(&t, path, &e), 0);
	is_parsed(&t, &logs[0]);
	fv_trace_free(&t);

	fvt_mkfile(path, V2, strlen(V2));
	assert_int_equal(fv_iolog_load(&t, path, &e), -EINVAL);
	assert_string_equal(e.where, path);
	assert_non_null(strstr(e.text, "holds no request"));

	memset(&e, 0, sizeof(e));
	assert_int_equal(fv_iolog_load(&t, fvt_at("none.log"), &e), -ENOENT);
	assert_int_equal(e.status, FV_EXIT_INPUT);
	assert_string_equal(e.where, fvt_at("none.log"));
	assert_int_equal(e.line, 0);
	assert_non_null(strstr(e.text, "cannot be read"));

	memset(&e, 0, sizeof(e));
	assert_int_equal(fv_iolog_load(&t, fvt_tmp(), &e), -EISDIR);
	assert_int_equal(e.status, FV_EXIT_INPUT);
	assert_null(t.v);
}

/*
 * A trace that starts at 100 us: a write of 4096 bytes at 8192, a read of
 * 512 at 0, a sync. Rebased, it starts at 0 and ends at byte 12288; its
 * reads and writes are 2, of 4608 bytes.
 */
static void rebase_and_rw(void **state)
{
	struct fv_trace t = { 0 };
	const struct fv_trace_req q[] = {
		{ 100, 8192, 4096, 0, FV_TRACE_WRITE },
		{ 250, 0, 512, 0, FV_TRACE_READ },
		{ 300, 0, 0, 0, FV_TRACE_SYNC },
	};
	uint64_t bytes = 0;

	(void) state;
	for (size_t i = 0; i < 3; i++)
		assert_int_equal(fv_trace_add(&t, &q[i]), 0);
	assert_int_equal(fv_trace_rebase(&t), 12288);
	assert_int_equal(t.v[0].t_us, 0);
	assert_int_equal(t.v[1].t_us, 150);
	assert_int_equal(t.v[2].t_us, 200);
	assert_int_equal(fv_trace_rw(&t, &bytes), 2);
	assert_int_equal(bytes, 4608);
	assert_int_equal(fv_trace_rw(&t, NULL), 2);
	fv_trace_free(&t);
	/* an empty trace: nothing to move, no extent, no I/O */
	assert_int_equal(fv_trace_rebase(&t), 0);
	assert_int_equal(fv_trace_rw(&t, NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kind_names),
		cmocka_unit_test(add_grows),
		cmocka_unit_test(parsed_logs),
		cmocka_unit_test(limits),
		cmocka_unit_test(longest_line),
		cmocka_unit_test(round_trip_v3),
		cmocka_unit_test(round_trip_v2),
		cmocka_unit_test(write_target),
		cmocka_unit_test(refused),
		cmocka_unit_test(long_name),
		cmocka_unit_test(check_size),
		cmocka_unit_test(rebase_and_rw),
		FVT_TMP_TEST(load),
	};

	return cmocka_run_group_tests_name("iolog", tests, NULL, NULL);
}
