/* SPDX-License-Identifier: MIT */
/*
 * What the libFuzzer harnesses share: a small fio result to join fuzzed
 * logs and stats files to, and every analysis, verdict and renderer run
 * over a set, so that what a parser lets through is used as the program
 * would use it.
 */
#ifndef FV_FUZZ_COMMON_H
#define FV_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "logs/logs.h"
#include "model/model.h"

/*
 * A fio 3.33 result of two jobs, steady_x (random writes, logs
 * steady_x_KIND.N.log) and sync_x (fsync=1, stats file
 * sync_x_durability.N.json), in directory "fuzz".
 */
extern const char fuzz_base_json[];
#define FUZZ_BASE_NAME "fuzz/x_base_20260101-000000.json"
#define FUZZ_DIR "fuzz"

/* A report rendered in every format, to memory. */
void fuzz_render_all(const struct fv_report *rep);

/* Ingests fuzz_base_json into a fresh set. */
void fuzz_base_set(struct fv_set *set);

/*
 * Labels, roles and joins (stats files), then, when that succeeds, every
 * table analysis, the verdicts, the diff against the set itself and the
 * hosts table, each rendered in every format.
 */
void fuzz_judge(struct fv_set *set, struct fv_logset *logs);

/* The fuzzer's bytes as a NUL-terminated copy (NULL when out of memory). */
char *fuzz_text(const uint8_t *data, size_t size);

/*
 * text ingested as the file path in dir (found by content, as the program
 * finds it), then judged as fuzz_judge does: what the harness of one
 * reader runs after that reader alone.
 */
void fuzz_ingest_judge(const char *path, const char *dir, const char *text,
		       size_t size);

/*
 * A reader's harness: the fuzzer's bytes, as text, through read (that
 * reader alone, freeing what it made), then as the file path in dir
 * through fuzz_ingest_judge(). Returns 0, as libFuzzer wants.
 */
int fuzz_reader(const uint8_t *data, size_t size, const char *path,
		const char *dir,
		void (*read)(const char *path, const char *text, size_t size));

/*
 * The harness of a reader that parses a text into a struct T, freed by
 * free_: parse(text, size, &T, &error), then fuzz_reader() with path in
 * dir.
 */
#define FUZZ_PARSER(T, parse, free_, path, dir)                              \
	static void read_alone(const char *p, const char *text, size_t size) \
	{                                                                    \
		T parsed;                                                    \
		struct fv_error e = { 0 };                                   \
                                                                             \
		(void) p;                                                    \
		parse(text, size, &parsed, &e);                              \
		free_(&parsed);                                              \
	}                                                                    \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)         \
	{                                                                    \
		return fuzz_reader(data, size, path, dir, read_alone);       \
	}

#endif
