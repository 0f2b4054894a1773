/* SPDX-License-Identifier: MIT */
/* See read_all.h. */
#include <errno.h>
#include <stdlib.h>

#include "read_all.h"

int fv_read_all(FILE *f, size_t max, char **text, size_t *len)
{
	size_t cap = 0, n = 0;
	char *buf = NULL;

	for (;;) {
		if (n + 1 >= cap) {
			size_t want = cap ? 2 * cap : 65536;
			char *b = max && want > max + 1 ? NULL
							: realloc(buf, want);

			if (!b) {
				free(buf);
				*text = NULL;
				return max && want > max + 1 ? -EFBIG : -ENOMEM;
			}
			buf = b;
			cap = want;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, f);

		n += got;
		if (!got)
			break;
	}
	if (ferror(f)) {
		free(buf);
		*text = NULL;
		return -EIO;
	}
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return 0;
}
