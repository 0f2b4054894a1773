/* SPDX-License-Identifier: MIT */
/*
 * The list of inputs: files, directories walked recursively in name order
 * (so that output does not depend on the file system's order), "-" for
 * stdin, and the engines' stats files lying beside a named file. Left out,
 * with a diagnostic: the files of a run directory whose run did not end
 * (manifest.h), and the temporary files of writes that did not finish.
 */
#ifndef FV_INPUTS_H
#define FV_INPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include <jansson.h>

#include "util/util.h"
#include "pathlist.h"

/* One input, as fv_inputs_get() spells it out. */
struct fv_input {
	char *path; /* "-" for stdin */
	char *dir;  /* directory holding it; NULL for stdin */
	bool named; /* given on the command line */
};

/* An all-zero struct is an empty list. */
struct fv_inputs {
	struct fv_pathlist list; /* a few bytes per file (pathlist.h) */
	char *siblings_of;	 /* directory last searched for stats files */
	char *manifest_of;	 /* directory whose run manifest was read */
	int manifest_end;	 /* what it said (manifest.h) */
	json_t *named; /* "dev:ino" of each path named: its spelling */
};

/*
 * Adds one command-line argument. A path that cannot be read is an error
 * diagnostic (and -ENOENT or the like is returned); -ENOMEM. A file or
 * folder named again under any spelling ("a", "./a/", a link to it) is
 * read once, with a note.
 */
int fv_inputs_add(struct fv_inputs *in, const char *arg,
		  struct fv_diags *diags);

void fv_inputs_free(struct fv_inputs *in);

/* Every argument added: frees what only adding needs. */
void fv_inputs_done(struct fv_inputs *in);

size_t fv_inputs_count(const struct fv_inputs *in);

/* Input i spelled out into *x (release it), or -ENOMEM. */
int fv_inputs_get(const struct fv_inputs *in, size_t i, struct fv_input *x);
void fv_input_release(struct fv_input *x);

/* Is input i one of our engines' stats files (by its name)? */
bool fv_inputs_is_stats(const struct fv_inputs *in, size_t i);

/* Largest input accepted, to fail cleanly rather than exhaust memory. */
#define FV_INPUT_MAX ((size_t) 1 << 31)

/*
 * Reads a whole input into a NUL-terminated buffer the caller frees: a
 * gzip one's text inflated (gzip.h). Returns 0 or a negative errno, as
 * fv_input_text does.
 */
int fv_input_read(const struct fv_input *in, char **buf, size_t *len);

/*
 * What an error of fv_input_read or fv_input_text says about the input,
 * for "cannot read: %s": a compressed input's own, else strerror's.
 */
const char *fv_input_strerror(int err);

/*
 * An input's text. A regular file is read as the scan asks for it
 * (fv_text_need), into memory of its own, and the parts the scan is done
 * with can be let go (fv_text_release) and read again from the file
 * (fv_text_copy): a file's text is never all held at once, whatever its
 * size. stdin, fifos and compressed files are read whole.
 */
struct fv_text {
	char *buf; /* NUL at len; what is not read yet or let go is zeros */
	size_t len;
	size_t loaded;	/* buf[0, loaded) has been read */
	size_t map_len; /* buf is a mapping of its own, or 0 */
	bool owned;	/* buf is ours to free (not the caller's) */
	bool released;	/* some of buf was let go */
	int fd;		/* the file, or -1: all of buf is there already */
	struct stat st; /* the file as it was opened, to see it change */
};

/*
 * Opens an input, reading nothing of a plain regular file yet but its
 * first bytes. One that starts as gzip does (1f 8b) is inflated whole, and
 * is then its text, all there. Returns 0 or a negative errno: -EFBIG
 * beyond FV_INPUT_MAX; for a gzip one -EOVERFLOW beyond FV_GZIP_MAX once
 * inflated, -ENODATA truncated, -EBADMSG corrupt, -ESTALE changed while
 * read; -ENOTSUP for fio's own compressed log (NAME.log.fz).
 */
int fv_input_text(const struct fv_input *in, struct fv_text *t);

/* The caller's buffer as a text, all there (not freed by fv_text_free). */
void fv_text_of(struct fv_text *t, const char *buf, size_t len);

/*
 * Makes sure buf[0, to) is read (to is capped at len; the file is read in
 * chunks of 1 MiB). Returns 0; -ESTALE when the file is shorter than when
 * it was opened, or, read to its end, no longer what was opened (size,
 * modification time, inode); or -errno.
 */
int fv_text_need(struct fv_text *t, size_t to);

/*
 * Copies the text's [from, to) to dst, from the file when it is open.
 * Returns 0, or -ESTALE when the file is no longer what was read (size,
 * modification time or inode changed): dst then has what the file holds
 * now, blanks past its end.
 */
int fv_text_copy(const struct fv_text *t, size_t from, size_t to, char *dst);

/*
 * Lets go of the whole pages of buf[from, to): they read as zeros from
 * then on; fv_text_copy still gives their text. A no-op without a file,
 * or for a file read in one go (1 MiB at most): it is kept whole.
 */
void fv_text_release(struct fv_text *t, size_t from, size_t to);

void fv_text_free(struct fv_text *t);

#endif
