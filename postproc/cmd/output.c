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

int fv_output_open(struct fv_output *o, const char *path, FILE *out, FILE *err)
{
	int ret;

	memset(o, 0, sizeof(*o));
	if (!path || !strcmp(path, "-")) {
		o->f = out;
		return FV_EXIT_OK;
	}
	o->path = path;
	ret = fv_atomic_open(&o->file, path);
	if (ret) {
		fprintf(err, "fioverdict: %s: %s\n", path, strerror(-ret));
		return FV_EXIT_CANTCREAT;
	}
	o->f = o->file.f;
	return FV_EXIT_OK;
}

int fv_output_close(struct fv_output *o, int ret, FILE *err)
{
	if (o->path)
		ret = fv_atomic_close(&o->file, ret);
	else if (fflush(o->f) && !ret)
		ret = -EIO;
	o->f = NULL;
	if (ret == -ENOMEM) {
		fputs("fioverdict: out of memory\n", err);
		return FV_EXIT_SOFTWARE;
	}
	if (ret) {
		fprintf(err, "fioverdict: cannot write the report%s%s: %s%s\n",
			o->path ? " to " : "", o->path ? o->path : "",
			strerror(-ret),
			o->path ? " (the file is left as it was)" : "");
		return FV_EXIT_IOERR;
	}
	return FV_EXIT_OK;
}

void fv_output_abandon(struct fv_output *o)
{
	if (o->path)
		fv_atomic_close(&o->file, -ECANCELED);
	else
		fflush(o->f);
	o->f = NULL;
}
