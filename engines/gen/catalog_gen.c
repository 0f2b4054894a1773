/* SPDX-License-Identifier: MIT */
/*
 * Build time: the catalog's rows (catalog/, read by fioverdict's own
 * reader) as a C table, so that the engines' emulate= presets are the
 * catalog's figures and no figure is written twice.
 *
 *   catalog_gen CATALOG_DIR OUT.c
 */
#include <stdio.h>
#include <stdlib.h>

#include "catalog/catalog.h"
#include "util/error.h"

int main(int argc, char **argv)
{
	struct fv_catalog c = { 0 };
	struct fv_error err = { 0 };
	FILE *out;
	int ret;

	if (argc != 3) {
		fputs("usage: catalog_gen CATALOG_DIR OUT.c\n", stderr);
		return 64;
	}
	ret = fv_catalog_load(&c, argv[1], &err);
	if (!ret)
		ret = fv_catalog_check(&c, &err);
	if (ret) {
		fv_error_print(&err, "catalog_gen", stderr);
		fv_catalog_free(&c);
		return 1;
	}
	out = fopen(argv[2], "w");
	if (!out) {
		perror(argv[2]);
		fv_catalog_free(&c);
		return 1;
	}
	fprintf(out,
		"/* Generated from %s by engines/gen/catalog_gen.c: the "
		"catalog's rows\n * for the emulator. Do not edit: edit "
		"the catalog. */\n#include <math.h>\n#include "
		"<stdbool.h>\n#include <stddef.h>\n\n#include "
		"\"catalog/catalog.h\"\n\nconst struct fv_cat_row "
		"emu_catalog_rows[] = {\n",
		argv[1]);
	for (size_t i = 0; i < c.n; i++)
		fv_cat_write_c(out, &c.rows[i]);
	fprintf(out, "};\n\nconst size_t emu_catalog_nrows = %zu;\n", c.n);
	ret = ferror(out) | fclose(out);
	fv_catalog_free(&c);
	if (ret) {
		perror(argv[2]);
		remove(argv[2]);
		return 1;
	}
	return 0;
}
