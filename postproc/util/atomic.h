/* SPDX-License-Identifier: MIT */
/*
 * Files written whole or not at all: the text goes to a temporary file
 * beside the destination (DIR/.NAME.PID.partial), flushed to the device,
 * then renamed over it, so that a crash (of fioverdict or of the machine)
 * leaves the old file or the whole new one, never a file that looks whole
 * and is not. A writer that fails removes its temporary file; one that is
 * killed leaves it, under a name that readers know and skip.
 *
 * What cannot be renamed over is written in place: a destination that is
 * not a regular file (/dev/stdout, a fifo, a terminal), or one in a
 * directory we may not create files in while the file itself is writable.
 */
#ifndef FV_ATOMIC_H
#define FV_ATOMIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct fv_atomic {
	FILE *f;    /* where to write */
	char *dest; /* the file renamed over (a symlink's target) */
	char *tmp;  /* the temporary file; NULL when written in place */
};

/* Opens @path for writing. 0, or a negative errno (nothing is left). */
int fv_atomic_open(struct fv_atomic *a, const char *path);

/*
 * Ends the write: with @ret 0, flushes, syncs and renames the temporary
 * file over the destination; with @ret a negative errno (the writer
 * failed), removes it and leaves the destination as it was. Returns 0 or
 * the first negative errno (@ret's, else the closing's).
 */
int fv_atomic_close(struct fv_atomic *a, int ret);

/* DIR/.NAME.PID.partial for @path; 0 or -ENAMETOOLONG. */
int fv_partial_name(const char *path, long pid, char *out, size_t len);

/* Is @name (a file name, no directory) one of those temporary names? */
bool fv_is_partial_name(const char *name);

#endif
