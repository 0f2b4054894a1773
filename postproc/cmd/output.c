/* SPDX-License-Identifier: MIT */
/* Where a command writes, and what its exit status says about it. */
#include <errno.h>
#include <string.h>

#include "cmd_int.h"

void fv_print_diags(const struct fv_diags *d, int verbosity, FILE *err)
{
	enum fv_severity min = verbosity < 0	? FV_ERROR
			       : verbosity == 0 ? FV_WARNING
						: FV_NOTE;

	fv_diag_print(d, err, min);
}

FILE *fv_output_open(const char *path, FILE *out, FILE *err)
{
	FILE *f;

	if (!path || !strcmp(path, "-"))
		return out;
	f = fopen(path, "w");
	if (!f)
		fprintf(err, "fioverdict: %s: %s\n", path, strerror(errno));
	return f;
}

int fv_output_close(FILE *f, FILE *out, int ret, FILE *err)
{
	if (f != out && fclose(f) && !ret)
		ret = -EIO;
	if (f == out && fflush(f) && !ret)
		ret = -EIO;
	if (ret == -ENOMEM) {
		fputs("fioverdict: out of memory\n", err);
		return FV_EXIT_SOFTWARE;
	}
	if (ret) {
		fprintf(err, "fioverdict: cannot write the report: %s\n",
			strerror(-ret));
		return FV_EXIT_IOERR;
	}
	return FV_EXIT_OK;
}
