/* SPDX-License-Identifier: MIT */
/*
 * CrystalDiskMark's text export (File > Save text, versions 6 to 9), read
 * on its own (fv_cdm_parse: what the file says, nothing of fio) and into
 * the model (fv_cdm_read: one job per test line). What its figures are:
 * each the best of the passes (the highest MB/s and the lowest latency,
 * chosen independently, so they may come from different passes), MB/s in
 * 10^6 B/s, IOPS computed from MB/s, not counted; no percentiles, no time
 * series.
 */
#ifndef FV_CDM_H
#define FV_CDM_H

#include <stdbool.h>
#include <stddef.h>

#include "readers.h"

struct fv_error;

enum fv_cdm_dir { FV_CDM_READ, FV_CDM_WRITE, FV_CDM_MIX };

/* One test line: "  RND    4KiB (Q= 32, T=16):  0.867 MB/s [211.7 IOPS]
 * <633277.09 us>". */
struct fv_cdm_test {
	char name[64]; /* its own name, padding removed: "RND 4KiB (Q=32, T=16)"
			*/
	enum fv_cdm_dir dir;
	bool sequential;
	unsigned long block; /* bytes */
	int queues, threads; /* Q= and T= */
	double mbps;	     /* 10^6 B/s, 3 decimals */
	double iops;	     /* 1 decimal; < 0 when not printed (6.0 SEQ) */
	double lat_us;	     /* 2 decimals; < 0 when not printed (6.0) */
	int line;
};

struct fv_cdm {
	char version[32]; /* "8.0.1" */
	char edition[32]; /* "x64", "Shizuku Edition x64" */
	char profile[32]; /* "Default", "Peak", "Real", "Demo"; "" (6.0) */
	char test[96];	  /* "1 GiB (x5) [Interval: 5 sec] ..." as printed */
	unsigned long long test_bytes; /* the test file's size */
	int passes;		       /* (x5) */
	char drive[8];		       /* "E:" (6.0, 8 and later); "" (7.0) */
	int interval_s;		       /* idle between tests; -1 unknown */
	/*
	 * Each pass's time, after an uncounted pass as long (DiskBench.cpp:
	 * j == 0, "Preparing..."): 8 and later print it ("Time: Measure 5
	 * sec"), 6.0 and 7.0 run DiskSpd with -d5 always. -1 unknown.
	 */
	int measure_s;
	char mode[32]; /* "[Admin]", "<0Fill>", "" */
	char date[32]; /* "2021/06/23 0:05:57" */
	char os[96];
	char comment[128];
	int mix_read_pct; /* [Mix] Read 70%/Write 30%: 70; -1 without */
	struct fv_cdm_test *tests;
	size_t ntests, tests_alloc;
};

/*
 * Parses a whole export (UTF-8, CRLF or LF). Returns 0; -EBADMSG with e
 * saying which line does not read (e->line) and how many tests came
 * before it; -ENOMEM. Free with fv_cdm_free() either way.
 */
int fv_cdm_parse(const char *buf, size_t len, struct fv_cdm *c,
		 struct fv_error *e);
void fv_cdm_free(struct fv_cdm *c);

bool fv_cdm_detect(const char *head, size_t n);
int fv_cdm_read(struct fv_set *set, const char *name, const char *dir,
		const char *buf, size_t len, bool named);

#endif
