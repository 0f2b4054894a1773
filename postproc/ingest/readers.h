/* SPDX-License-Identifier: MIT */
/*
 * The formats fioverdict reads, one reader each, told apart by their
 * content (never by a file's name): each sniffs the first FV_SNIFF bytes
 * of the text, already UTF-8 (encoding.c), and reads the whole into the
 * model. Listed in one table (readers.c), the first that knows a text
 * reads it; fio's JSON, which may follow any text, is first and the
 * default.
 */
#ifndef FV_READERS_H
#define FV_READERS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

#define FV_SNIFF 1024
/* How far a reader may look: DiskSpd's -v prints lines before <Results>. */
#define FV_SNIFF_WIDE 65536
/* All the bytes given: fio JSON may follow any text. */
#define FV_SNIFF_ALL ((size_t) -1)

struct fv_text;

struct fv_reader {
	const char *name; /* "fio text", as diagnostics and rows say it */
	bool (*detect)(const char *head, size_t n);
	size_t sniff; /* the bytes detect sees at most; 0: FV_SNIFF */
	/*
	 * The whole text (UTF-8, NUL-terminated at len) into set: 0;
	 * -EBADMSG with an error diagnostic naming what was read and what
	 * was not (no job of the input kept); -ENOMEM.
	 */
	int (*read)(struct fv_set *set, const char *name, const char *dir,
		    const char *buf, size_t len, bool named);
	/*
	 * Or the text read as it comes, a window at a time (fio JSON: its
	 * documents may be large): the same returns. A row sets one of two.
	 */
	int (*read_text)(struct fv_set *set, const char *name, const char *dir,
			 struct fv_text *t, bool named);
};

/*
 * The reader that knows the text (all n bytes of it: a line opening with
 * "{" anywhere is fio JSON's), or fio JSON's, the default, when none does.
 */
const struct fv_reader *fv_reader_for(const char *head, size_t n);

/*
 * The text as UTF-8: a UTF-8 BOM skipped, UTF-16 (LE or BE, with a BOM)
 * converted into *conv (malloc()ed, the caller frees it). Returns 0 with
 * *out and *outlen the text to read (buf itself when nothing was to do), or
 * -EILSEQ for UTF-16 that does not convert, -ENOMEM.
 */
int fv_text_utf8(const char *buf, size_t len, char **conv, const char **out,
		 size_t *outlen);

/* Is this a UTF-16 or UTF-8 byte order mark? */
bool fv_text_has_bom(const char *buf, size_t len);

#endif
