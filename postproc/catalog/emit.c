/* SPDX-License-Identifier: MIT */
/*
 * An imported row: checked with the loader's rules, so that what import
 * writes always loads, then written as a catalog line.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fields.h"
#include "import.h"
#include "util/util.h"

void fv_import_note(struct fv_import *im, const char *fmt, ...)
{
	va_list ap;

	if (!im->notes)
		return;
	fprintf(im->notes, "fioverdict catalog import: %s: ",
		im->o->input ? im->o->input : "-");
	va_start(ap, fmt);
	vfprintf(im->notes, fmt, ap);
	va_end(ap);
	fputc('\n', im->notes);
}

void fv_import_row(struct fv_cat_row *r, const char *cloud, const char *id,
		   enum fv_cat_kind kind, const char *family, const char *title,
		   const char *source)
{
	fv_cat_row_init(r);
	r->cloud = cloud;
	r->id = id;
	r->kind = kind;
	r->family = family;
	r->title = title;
	r->bw_unit = "MB/s";
	r->source = source;
}

static bool seen(struct fv_import *im, const char *key)
{
	for (size_t i = 0; i < im->nseen; i++)
		if (!strcasecmp(im->seen[i], key))
			return true;
	return false;
}

static int remember(struct fv_import *im, const char *key)
{
	return fv_lines_push(&im->seen, &im->nseen, &im->seen_alloc, key);
}

int fv_import_emit(struct fv_import *im, struct fv_cat_row *r)
{
	const char *field = NULL;
	char why[256], key[160];

	r->read = im->read;
	r->via = im->via;
	snprintf(key, sizeof(key), "%s:%s", r->cloud, r->id);
	if (seen(im, key))
		return 0; /* the same SKU listed for another region */
	if (fv_cat_row_check(r, &field, why, sizeof(why))) {
		fv_import_note(im, "%s left out: field '%s': %s", key, field,
			       why);
		return 0;
	}
	fv_cat_write_row(im->out, r);
	im->nrows++;
	return remember(im, key);
}
