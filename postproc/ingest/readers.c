/* SPDX-License-Identifier: MIT */
/* The table of readers, as cmd/commands.c lists the subcommands. */
#include <stddef.h>

#include "cdm.h"
#include "fio_text.h"
#include "readers.h"

static const struct fv_reader readers[] = {
	{ "fio text", fv_fio_text_detect, fv_fio_text_read },
	{ "CrystalDiskMark", fv_cdm_detect, fv_cdm_read },
};

/*
 * fio's JSON may follow any text (its preamble with json,normal, a
 * script's header, warnings): a '{' opening a line is JSON's, first.
 */
static bool json_ahead(const char *head, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (head[i] == '{' && (i == 0 || head[i - 1] == '\n'))
			return true;
	return false;
}

const struct fv_reader *fv_reader_for(const char *head, size_t n)
{
	if (n > FV_SNIFF)
		n = FV_SNIFF;
	if (json_ahead(head, n))
		return NULL;
	for (size_t i = 0; i < sizeof(readers) / sizeof(readers[0]); i++)
		if (readers[i].detect(head, n))
			return &readers[i];
	return NULL;
}
