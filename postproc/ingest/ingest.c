/* SPDX-License-Identifier: MIT */
/*
 * One input's text to its reader: a text with nothing to read said so, a
 * UTF-16 one converted, then read by the reader the table (readers.c)
 * finds for it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ingest.h"
#include "ingest_int.h"
#include "readers.h"
#include "util/util.h"

/*
 * fio's log of a job that logged nothing is empty, as fio writes it
 * (NAME_iops.N.log, NAME_clat_hist.N.log): no run failed.
 */
static bool fio_log_name(const char *name)
{
	static const char *const kinds[] = {
		"_bw.", "_iops.", "_lat.", "_clat.", "_slat.", "_clat_hist."
	};
	const char *base = strrchr(name, '/');

	base = base ? base + 1 : name;
	if (!strstr(base, ".log"))
		return false;
	for (size_t i = 0; i < FV_ARRAY_SIZE(kinds); i++)
		if (strstr(base, kinds[i]))
			return true;
	return false;
}

/*
 * A file with nothing to read (0 bytes, or only white space: a run that
 * failed before its output), or bytes that are not text: said, never read
 * as a result's text, its bytes never quoted. 1 when it was such a file.
 */
static int nothing_to_read(struct fv_set *set, const char *name,
			   const struct fv_text *t, size_t n, bool named)
{
	bool blank = true, binary = false;

	for (size_t i = 0; i < n; i++) {
		blank = blank && strchr(" \t\r\n", t->buf[i]);
		binary = binary || !t->buf[i];
	}
	if ((!blank || t->len > n) && !binary)
		return 0;
	if (binary && fv_text_has_bom(t->buf, n))
		return 0; /* UTF-16's zeros */
	if (blank && !named && fio_log_name(name))
		return fv_diag_add(&set->diags, FV_NOTE, name, 0, 0,
				   "skipped: an empty fio log")
			       ?: 1;
	if (blank)
		return fv_diag_add(&set->diags, named ? FV_ERROR : FV_WARNING,
				   name, 0, 0,
				   "empty file%s: no result in it (did the "
				   "run that wrote it fail?)",
				   t->len ? " (white space only)" : "")
			       ?: (named ? -EBADMSG : 1);
	return fv_diag_add(&set->diags, named ? FV_ERROR : FV_NOTE, name, 0, 0,
			   "binary data, not text: not a result of a tool "
			   "fioverdict reads (%s)",
			   FV_FORMATS_READ)
		       ?: (named ? -EBADMSG : 1);
}

/* A text that is not fio's JSON, or not UTF-8: all of it, then its reader. */
static int ingest_whole(struct fv_set *set, const char *name, const char *dir,
			struct fv_text *t, bool named)
{
	const struct fv_reader *r;
	const char *buf;
	char *conv = NULL;
	size_t len;
	int ret = fv_text_need(t, t->len);

	if (ret)
		return ret;
	ret = fv_text_utf8(t->buf, t->len, &conv, &buf, &len);
	if (ret == -EILSEQ) {
		fv_diag_add(&set->diags, FV_ERROR, name, 1, 1,
			    "UTF-16 text (by its byte order mark) that does "
			    "not convert to UTF-8: not read");
		return -EBADMSG;
	}
	if (ret)
		return ret;
	r = fv_reader_for(buf, len);
	if (r->read) {
		ret = r->read(set, name, dir, buf, len, named);
	} else {
		struct fv_text u;

		fv_text_of(&u, buf, len);
		ret = r->read_text(set, name, dir, &u, named);
	}
	free(conv);
	return ret;
}

int fv_ingest_text(struct fv_set *set, const char *name, const char *dir,
		   struct fv_text *t, bool named)
{
	int ret = fv_text_need(t, FV_SNIFF_WIDE);
	size_t n = t->len < FV_SNIFF_WIDE ? t->len : FV_SNIFF_WIDE;
	const struct fv_reader *r;

	if (ret == -ESTALE)
		return fv_diag_add(&set->diags, FV_ERROR, name, 0, 0,
				   "the file changed while it was read: read "
				   "it again once it is written")
			       ?: -EBADMSG;
	if (ret)
		return fv_diag_add(&set->diags, FV_ERROR, name, 0, 0,
				   "cannot read: %s", strerror(-ret))
			       ?: -EBADMSG;
	ret = nothing_to_read(set, name, t, n, named);
	if (ret)
		return ret < 0 ? ret : 0;
	r = fv_reader_for(t->buf, n);
	if (fv_text_has_bom(t->buf, n) || !r->read_text)
		ret = ingest_whole(set, name, dir, t, named);
	else
		ret = r->read_text(set, name, dir, t, named);
	if (ret == -ESTALE || (ret < 0 && ret != -EBADMSG && ret != -ENOMEM))
		return fv_diag_add(&set->diags, FV_ERROR, name, 0, 0,
				   "cannot read: %s", strerror(-ret))
			       ?: -EBADMSG;
	return ret;
}

int fv_ingest_buffer(struct fv_set *set, const char *name, const char *dir,
		     const char *buf, size_t len, bool named)
{
	struct fv_text t;

	fv_text_of(&t, buf, len);
	return fv_ingest_text(set, name, dir, &t, named);
}
