/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness: any bytes as `az vm list-skus` or `aws ec2
 * describe-instance-types` output into a catalog file, or as a price
 * list (an Azure Retail Prices page, an AWS offer file) into a prices
 * file, which must then read back as what it is: import checks each row
 * with the reader's rules. A crash, a sanitizer report, a leak, a hang or
 * an imported file that does not read is a failure.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fv_import_opts o = { .read = "2026-12-01", .input = "fuzz" };
	struct fv_catalog c = { 0 };
	struct fv_error err = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len),
	     *notes = fopen("/dev/null", "w");
	int rows;

	if (!out || !notes)
		abort();
	rows = fv_catalog_import((const char *) data, size, &o, out, notes,
				 &err);
	fclose(out);
	fclose(notes);
	if (rows >= 0 && !strncmp(text, "# fioverdict-prices", 19)) {
		struct fv_prices p = { 0 };

		if (fv_prices_parse(&p, "imported.csv", text, len, &err) ||
		    p.n != (size_t) rows) {
			fprintf(stderr,
				"imported %d prices that do not read: "
				"%s:%d: %s\n",
				rows, err.where, err.line, err.text);
			abort();
		}
		fv_prices_free(&p);
		free(text);
		return 0;
	}
	if (rows >= 0 &&
	    (fv_catalog_parse(&c, "imported.csv", text, len, &err) ||
	     fv_catalog_check(&c, &err) || c.n != (size_t) rows)) {
		fprintf(stderr,
			"imported %d rows that do not read: %s:%d: %s\n", rows,
			err.where, err.line, err.text);
		abort();
	}
	fv_catalog_free(&c);
	free(text);
	return 0;
}
