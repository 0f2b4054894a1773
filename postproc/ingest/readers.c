/* SPDX-License-Identifier: MIT */
/* The table of readers, as cmd/commands.c lists the subcommands. */
#include <stddef.h>
#include <string.h>

#include "cdm.h"
#include "diskspd.h"
#include "fio_json.h"
#include "fio_terse.h"
#include "fio_text.h"
#include "readers.h"
#include "util/util.h"

/* A job's heading of fio's normal output: "NAME: (groupid=0, jobs=1)". */
static bool normal_output(const char *buf, size_t len)
{
	const char *end = buf + len, *p = buf;

	while ((p = memmem(p, (size_t) (end - p), ": (groupid=", 11))) {
		const char *nl = memchr(p, '\n', (size_t) (end - p));

		p += 11;
		if (memmem(p, (size_t) ((nl ? nl : end) - p), ", jobs=", 7))
			return true;
	}
	return false;
}

/*
 * Terse records, and fio's normal output further on (terse,normal): the
 * normal output's reader, which has the jobs' options, checks the records
 * against its jobs.
 */
static int terse_read(struct fv_set *set, const char *name, const char *dir,
		      const char *buf, size_t len, bool named)
{
	return (normal_output(buf, len) ? fv_fio_text_read : fv_fio_terse_read)(
		set, name, dir, buf, len, named);
}

/*
 * fio's JSON may follow any text (its preamble with json,normal, a
 * script's header, warnings, and under fio's client the servers' job
 * lines and our engines' stats lines, several KiB of them): a '{' opening
 * a line anywhere is JSON's, first.
 */
static bool json_ahead(const char *text, size_t n)
{
	return (n && text[0] == '{') || memmem(text, n, "\n{", 2);
}

static const struct fv_reader readers[] = {
	{ "fio JSON", json_ahead, FV_SNIFF_ALL, NULL, fv_fio_json_read },
	{ "fio text", fv_fio_text_detect, 0, fv_fio_text_read, NULL },
	/* wide: a terminal's capture may hold 20 KiB of ETA before it */
	{ "fio terse", fv_fio_terse_detect, FV_SNIFF_WIDE, terse_read, NULL },
	{ "CrystalDiskMark", fv_cdm_detect, 0, fv_cdm_read, NULL },
	{ "DiskSpd XML", fv_diskspd_detect, FV_SNIFF_WIDE, fv_diskspd_read,
	  NULL },
	/* after the XML: -Rxml -v prints the text's first lines too */
	{ "DiskSpd text", fv_diskspd_text_detect, FV_SNIFF_WIDE,
	  fv_diskspd_text_read, NULL },
};

const struct fv_reader *fv_reader_for(const char *head, size_t n)
{
	for (size_t i = 0; i < FV_ARRAY_SIZE(readers); i++) {
		size_t most = readers[i].sniff ? readers[i].sniff : FV_SNIFF;

		if (readers[i].detect(head, n < most ? n : most))
			return &readers[i];
	}
	/* fio JSON's reader says what a text that is no result is not */
	return &readers[0];
}
