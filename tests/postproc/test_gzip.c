/* SPDX-License-Identifier: MIT */
/*
 * Compressed inputs (ingest/gzip.h): a gzip file is read as the text it
 * holds, whatever its format, with the same figures as the plain file;
 * one truncated, corrupt, past the limit or of something else is said so
 * by name, never skipped without a word; fio's own .fz log is named for
 * what it is. The gzip files are made here, from the fixtures.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "fvtest.h"
#include "ingest/gzip.h"
#include "ingest/ingest.h"
#include "util/util.h"

/* len bytes of data as one gzip member, into a buffer (*out_len bytes). */
static unsigned char *gzip_mem(const void *data, size_t len, size_t *out_len)
{
	z_stream z = { 0 };
	size_t cap = deflateBound(&z, len) + 64;
	unsigned char *out = malloc(cap);

	assert_non_null(out);
	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 9,
				      Z_DEFAULT_STRATEGY),
			 Z_OK);
	z.next_in = (unsigned char *) data;
	z.avail_in = (uInt) len;
	z.next_out = out;
	z.avail_out = (uInt) cap;
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	*out_len = z.total_out;
	deflateEnd(&z);
	return out;
}

/* The file src gzipped to dst; its plain bytes in *plain (freed by caller). */
static void gzip_file(const char *src, const char *dst, char **plain,
		      size_t *plain_len)
{
	size_t len, glen;
	char *text = fvt_slurp(src, &len);
	unsigned char *gz;

	assert_non_null(text);
	gz = gzip_mem(text, len, &glen);
	fvt_mkfile(dst, (const char *) gz, glen);
	free(gz);
	if (plain) {
		*plain = text;
		*plain_len = len;
	} else {
		free(text);
	}
}

static const char *fixture(const char *rel)
{
	return fvt_path("FV_FIXTURES", "tests/postproc/fixtures", rel);
}

#define JSONPLUS "versions/3.42/bins-plus.json"

/* Read as its text: all of it there, nothing to read again. */
static void text_of_gzip(void **state)
{
	FVT_HELD(path, "r.json.gz");
	struct fv_input in = { .path = path, .named = true };
	struct fv_text t;
	char *plain, *buf;
	size_t len, blen;

	(void) state;
	gzip_file(fixture(JSONPLUS), path, &plain, &len);
	assert_int_equal(fv_input_text(&in, &t), 0);
	assert_int_equal(t.fd, -1);
	assert_int_equal(t.len, len);
	assert_int_equal(t.loaded, len);
	assert_memory_equal(t.buf, plain, len);
	assert_int_equal(t.buf[len], '\0');
	/* Nothing to read again from: nothing let go. */
	fv_text_release(&t, 0, len);
	assert_memory_equal(t.buf, plain, len);
	fv_text_free(&t);

	/* Read whole (a log's way) too. */
	assert_int_equal(fv_input_read(&in, &buf, &blen), 0);
	assert_int_equal(blen, len);
	assert_memory_equal(buf, plain, len);
	free(buf);
	free(plain);
}

/* From stdin: "fioverdict summary - < r.json.gz". */
static void stdin_gzip(void **state)
{
	struct fv_input in = { .path = (char *) "-", .named = true };
	char *plain, *gzbytes, *buf;
	size_t len, glen, blen;
	int p[2], saved;

	(void) state;
	gzip_file(fixture(JSONPLUS), fvt_at("r.gz"), &plain, &len);
	gzbytes = fvt_slurp(fvt_at("r.gz"), &glen);
	assert_non_null(gzbytes);
	assert_true(glen < 16 * 4096); /* all in the pipe's buffer */
	assert_int_equal(pipe(p), 0);
	assert_int_equal(write(p[1], gzbytes, glen), (ssize_t) glen);
	close(p[1]);
	saved = dup(STDIN_FILENO);
	assert_int_equal(dup2(p[0], STDIN_FILENO), STDIN_FILENO);
	close(p[0]);
	blen = 0;
	assert_int_equal(fv_input_read(&in, &buf, &blen), 0);
	assert_int_equal(dup2(saved, STDIN_FILENO), STDIN_FILENO);
	close(saved);
	assert_int_equal(blen, len);
	assert_memory_equal(buf, plain, len);
	free(buf);
	free(gzbytes);
	free(plain);
}

/* summary -f csv of dir (entered from the test's directory), stdout. */
static char *summary_of(const char *dir)
{
	char *out, *err;
	int ret;

	fvt_enter(fvt_at("%s", dir));
	ret = fvt_run(&out, &err, "summary", "-f", "csv", "--runs", "all",
		      "res", NULL);
	fvt_leave();
	if (ret)
		print_message("%s: exit %d: %s\n", dir, ret, err);
	assert_int_equal(ret, 0);
	assert_string_equal(err, "");
	free(err);
	return out;
}

/* s without every ".gz" (the source column names the file read). */
static void drop_gz(char *s)
{
	char *p;

	while ((p = strstr(s, ".gz")))
		memmove(p, p + 3, strlen(p + 3) + 1);
}

/*
 * Every format, sniffed from the inflated bytes: fio's json+, fio's text,
 * CrystalDiskMark's UTF-16, DiskSpd's XML. The same rows, figure for
 * figure, as from the plain files; the source is the .gz.
 */
static void same_figures_as_plain(void **state)
{
	static const char *const files[] = {
		JSONPLUS,
		"fio_text/fio-3.42/peak_randrw.txt",
		"cdm/made/cdm6-utf16.txt",
		"diskspd/diskspd-2.1-seq1m-q8t2-mix7030.xml",
	};
	char *plain, *gz;

	(void) state;
	fvt_mkdirs("plain", "plain/res", "gz", "gz/res");
	for (size_t i = 0; i < FV_ARRAY_SIZE(files); i++) {
		const char *base = strrchr(files[i], '/') + 1;
		char stem[64];
		char *text;
		size_t len;

		/*
		 * A CrystalDiskMark export is labelled by its name up to its
		 * last dot (annotate/identity.c): "x.txt.gz" would be
		 * "x.txt". Without an extension, both are "x".
		 */
		snprintf(stem, sizeof(stem), "%.*s",
			 (int) (strchr(base, '.') - base), base);
		FVT_HELD(src, "plain/res/%s", stem);
		gzip_file(fixture(files[i]), fvt_at("gz/res/%s.gz", stem),
			  &text, &len);
		fvt_mkfile(src, text, len);
		free(text);
	}
	plain = summary_of("plain");
	gz = summary_of("gz");
	assert_non_null(strstr(gz, "res/bins-plus.gz"));
	drop_gz(gz);
	assert_string_equal(gz, plain);
	free(plain);
	free(gz);
}

/* Loads path (named or found in a directory) into set. */
static void load_one(struct fv_set *set, const char *path)
{
	const char *paths[] = { path };

	fvt_load(set, paths, 1, NULL);
}

/* path's diagnostics: exactly one, of sev, on file, holding needle. */
static void diag_on(const char *path, const char *file, enum fv_severity sev,
		    const char *needle)
{
	struct fv_set set;

	load_one(&set, path);
	if (set.diags.n != 1 || fvt_diags(&set, sev, needle) != 1)
		for (size_t i = 0; i < set.diags.n; i++)
			print_message("%s: %s\n", set.diags.v[i].file,
				      set.diags.v[i].message);
	assert_int_equal(set.diags.n, 1);
	assert_int_equal(fvt_diags(&set, sev, needle), 1);
	assert_string_equal(set.diags.v[0].file, file);
	assert_int_equal(set.njobs, 0);
	fv_set_free(&set);
}

/* A file named: its one diagnostic is about it. */
static void one_diag(const char *path, enum fv_severity sev, const char *needle)
{
	diag_on(path, path, sev, needle);
}

/* Broken ones: an error naming the file and what is wrong with it. */
static void broken_gzip_named(void **state)
{
	FVT_HELD(good, "good.json.gz");
	char *gz;
	size_t glen;

	(void) state;
	gzip_file(fixture(JSONPLUS), good, NULL, NULL);
	gz = fvt_slurp(good, &glen);
	assert_non_null(gz);

	/* Cut anywhere, header included: truncated. */
	for (size_t cut = 2; cut < glen; cut += glen / 7) {
		FVT_HELD(p, "cut%zu.json.gz", cut);

		fvt_mkfile(p, gz, cut);
		one_diag(p, FV_ERROR, "(truncated)");
	}
	fvt_mkfile(fvt_at("trailer.json.gz"), gz, glen - 1);
	one_diag(fvt_at("trailer.json.gz"), FV_ERROR, "(truncated)");

	/* A byte changed in the data, or in the CRC: corrupt. */
	gz[glen / 2] ^= 0x55;
	fvt_mkfile(fvt_at("bad.json.gz"), gz, glen);
	one_diag(fvt_at("bad.json.gz"), FV_ERROR, "corrupt gzip data");
	gz[glen / 2] ^= 0x55;
	gz[glen - 6] ^= 0x01;
	fvt_mkfile(fvt_at("crc.json.gz"), gz, glen);
	one_diag(fvt_at("crc.json.gz"), FV_ERROR, "corrupt gzip data");
	gz[glen - 6] ^= 0x01;

	/* Bytes after it that are not another member. */
	{
		char *more = malloc(glen + 8);

		assert_non_null(more);
		memcpy(more, gz, glen);
		memcpy(more + glen, "garbage\n", 8);
		fvt_mkfile(fvt_at("after.json.gz"), more, glen + 8);
		one_diag(fvt_at("after.json.gz"), FV_ERROR,
			 "corrupt gzip data");
		free(more);
	}
	free(gz);
}

/* Found in a folder, a broken one is an error too: its results vanish. */
static void broken_gzip_found(void **state)
{
	struct fv_set set;
	char *gz;
	size_t glen;

	(void) state;
	fvt_mkdir(fvt_at("d"));
	gzip_file(fixture(JSONPLUS), fvt_at("d/a.json.gz"), NULL, NULL);
	gz = fvt_slurp(fvt_at("d/a.json.gz"), &glen);
	assert_non_null(gz);
	fvt_mkfile(fvt_at("d/b.json.gz"), gz, glen / 2);
	free(gz);
	load_one(&set, fvt_at("d"));
	assert_true(set.njobs > 0);
	assert_string_equal(set.jobs[0]->source, fvt_at("d/a.json.gz"));
	assert_int_equal(set.diags.n, 1);
	assert_int_equal(fvt_diags(&set, FV_ERROR, "(truncated)"), 1);
	assert_string_equal(set.diags.v[0].file, fvt_at("d/b.json.gz"));
	fv_set_free(&set);
}

/* A gzip of something that is not a result: as any such file. */
static void gzip_of_other_bytes(void **state)
{
	unsigned char noise[4096], *gz;
	struct fv_set set;
	size_t glen;
	unsigned x = 12345;

	(void) state;
	for (size_t i = 0; i < sizeof(noise); i++) {
		x = x * 1103515245 + 12345;
		noise[i] = (unsigned char) (x >> 16);
	}
	gz = gzip_mem(noise, sizeof(noise), &glen);
	fvt_mkdir(fvt_at("d"));
	fvt_mkfile(fvt_at("d/noise.gz"), (const char *) gz, glen);
	free(gz);
	/* Named: not fio output, as the plain bytes would be. */
	load_one(&set, fvt_at("d/noise.gz"));
	assert_int_equal(set.njobs, 0);
	assert_int_equal(fvt_diags(&set, FV_ERROR,
				   "not a result of a tool fioverdict reads"),
			 1);
	assert_int_equal(fvt_diags(&set, FV_ERROR, "gzip"), 0);
	fv_set_free(&set);
	/* Found in a folder: the note of any file with no results. */
	diag_on(fvt_at("d"), fvt_at("d/noise.gz"), FV_NOTE,
		"binary data, not text");
}

/*
 * A stream that inflates past the limit: refused by name, with the limit,
 * before more than the limit is held. Members of a MiB of zeros each
 * make it (a few hundred bytes a MiB).
 */
static void past_the_limit(void **state)
{
	size_t mib = (size_t) 1 << 20, n = FV_GZIP_MAX / mib + 1, glen;
	char *zeros = calloc(1, mib), *bomb, *buf;
	unsigned char *member = gzip_mem(zeros, mib, &glen);
	size_t len;

	(void) state;
	bomb = malloc(glen * n);
	assert_non_null(bomb);
	for (size_t i = 0; i < n; i++)
		memcpy(bomb + i * glen, member, glen);
	fvt_mkfile(fvt_at("bomb.json.gz"), bomb, glen * n);
	one_diag(fvt_at("bomb.json.gz"), FV_ERROR,
		 "decompresses to more than " FV_GZIP_MAX_TEXT);

	/* At the limit exactly, it is read (from memory, as fuzzing does). */
	assert_int_equal(fv_gunzip(-1, bomb, glen * 3, 3 * mib, &buf, &len), 0);
	assert_int_equal(len, 3 * mib);
	assert_memory_equal(buf, zeros, mib);
	free(buf);
	assert_int_equal(fv_gunzip(-1, bomb, glen * 3, 3 * mib - 1, &buf, &len),
			 -EOVERFLOW);
	free(bomb);
	free(member);
	free(zeros);
}

/* From memory: the empty text, members, and what is not gzip at all. */
static void gunzip_edges(void **state)
{
	size_t glen, len;
	unsigned char *gz = gzip_mem("", 0, &glen), two[256];
	char *buf;

	(void) state;
	assert_true(fv_is_gzip(gz, glen));
	assert_false(fv_is_gzip(gz, 1));
	assert_false(fv_is_gzip("{\"jobs\"", 7));
	assert_int_equal(fv_gunzip(-1, gz, glen, 10, &buf, &len), 0);
	assert_int_equal(len, 0);
	assert_string_equal(buf, "");
	free(buf);
	free(gz);

	gz = gzip_mem("ab", 2, &glen);
	assert_true(2 * glen <= sizeof(two));
	memcpy(two, gz, glen);
	memcpy(two + glen, gz, glen);
	assert_int_equal(fv_gunzip(-1, two, 2 * glen, 10, &buf, &len), 0);
	assert_string_equal(buf, "abab");
	free(buf);
	free(gz);

	assert_int_equal(fv_gunzip(-1, "\x1f\x8b", 2, 10, &buf, &len),
			 -ENODATA);
	assert_int_equal(fv_gunzip(-1, "\x1f\x8bxyzxyzxyz", 11, 10, &buf, &len),
			 -EBADMSG);
}

/*
 * fio's log_store_compressed=1 log (NAME.log.fz): zlib streams of fio's
 * binary samples. Said to be that, with the way to its text; found in a
 * folder, a warning (it is no result); a .fz that is not one, read.
 */
static void fio_compressed_log(void **state)
{
	unsigned char samples[512], z[1024];
	uLongf zlen = sizeof(z);
	struct fv_input in = { .named = true };
	struct fv_text t;

	(void) state;
	for (size_t i = 0; i < sizeof(samples); i++)
		samples[i] = (unsigned char) (i * 7);
	assert_int_equal(compress(z, &zlen, samples, sizeof(samples)), Z_OK);
	fvt_mkdir(fvt_at("d"));
	fvt_mkfile(fvt_at("d/job_lat.1.log.fz"), (const char *) z, zlen);
	in.path = (char *) fvt_at("d/job_lat.1.log.fz");
	assert_int_equal(fv_input_text(&in, &t), -ENOTSUP);
	one_diag(fvt_at("d/job_lat.1.log.fz"), FV_ERROR,
		 "fio --inflate-log=FILE");
	diag_on(fvt_at("d"), fvt_at("d/job_lat.1.log.fz"), FV_WARNING,
		"log_store_compressed=1");

	fvt_mkfile(fvt_at("plain.fz"), "{\"jobs\": []}\n", 13);
	in.path = (char *) fvt_at("plain.fz");
	assert_int_equal(fv_input_text(&in, &t), 0);
	fv_text_free(&t);
}

/*
 * A public folder of gzip-compressed fio 3.12 json+ results (Wikimedia's
 * cloud storage tests), when the acceptance corpus is there: every row as
 * from its gunzipped copies.
 */
#define WIKIMEDIA "fio-json/wikimedia-cloud-storage-performance-tests"

static void copy_gunzipped(const char *from, const char *to)
{
	char cmd[3 * PATH_MAX];

	snprintf(cmd, sizeof(cmd),
		 "cd \"%s\" && find . -name '*.gz' | while read -r f; do "
		 "mkdir -p \"%s/$(dirname \"$f\")\" && "
		 "gzip -dc \"$f\" > \"%s/${f%%.gz}\" || exit 1; done",
		 from, to, to);
	assert_int_equal(system(cmd), 0);
}

static void wikimedia_folder(void **state)
{
	const char *corpus = fvt_env("FV_CORPUS", "tests/acceptance/corpus");
	char from[PATH_MAX], *plain, *gz;
	struct stat st;

	(void) state;
	snprintf(from, sizeof(from), "%s/%s", corpus, WIKIMEDIA);
	if (stat(from, &st)) {
		print_message("%s: not here: skipped\n", from);
		skip();
	}
	if (from[0] != '/') { /* from the test's directory, below */
		char cwd[PATH_MAX];

		assert_non_null(getcwd(cwd, sizeof(cwd)));
		assert_true(strlen(cwd) + strlen(from) + 2 < sizeof(from));
		memmove(from + strlen(cwd) + 1, from, strlen(from) + 1);
		memcpy(from, cwd, strlen(cwd));
		from[strlen(cwd)] = '/';
	}
	fvt_mkdirs("gz", "plain");
	{
		char cmd[2 * PATH_MAX];

		snprintf(cmd, sizeof(cmd), "cp -r \"%s\" \"%s\"", from,
			 fvt_at("gz/res"));
		assert_int_equal(system(cmd), 0);
	}
	copy_gunzipped(fvt_at("gz/res"), fvt_at("plain/res"));
	gz = summary_of("gz");
	plain = summary_of("plain");
	/*
	 * Six fio 3.12 json+ results, none skipped, each labelled by the
	 * folder above its run_1 (a run folder is no label).
	 */
	{
		size_t n = 0;

		for (const char *p = gz; (p = strstr(p, "/run_1/run_stats"));
		     p++)
			n++;
		assert_int_equal(n, 6);
		assert_null(strstr(gz, "\nrun_1,"));
		assert_null(strstr(gz, "/run_1,"));
	}
	drop_gz(gz);
	assert_string_equal(gz, plain);
	free(gz);
	free(plain);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		FVT_TMP_TEST(text_of_gzip),
		FVT_TMP_TEST(stdin_gzip),
		FVT_TMP_TEST(same_figures_as_plain),
		FVT_TMP_TEST(broken_gzip_named),
		FVT_TMP_TEST(broken_gzip_found),
		FVT_TMP_TEST(gzip_of_other_bytes),
		FVT_TMP_TEST(past_the_limit),
		FVT_TMP_TEST(gunzip_edges),
		FVT_TMP_TEST(fio_compressed_log),
		FVT_TMP_TEST(wikimedia_folder),
	};

	return cmocka_run_group_tests_name("gzip", tests, NULL, NULL);
}
