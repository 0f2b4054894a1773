/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer harness of the job files' "#@ VAR=FULL quick=QUICK" lines
 * (runner/jobfile.c): any bytes as a job file, its declarations read,
 * then the file copied with engine options added after its ioengine=
 * line, as `fioverdict run` does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fv_run r; /* 150 KiB: not on the stack */
	char *copy = NULL;
	size_t len = 0;
	bool inserted;
	FILE *in, *out;

	if (!size)
		return 0;
	memset(&r, 0, sizeof(r));
	r.jobfile = "fuzz.fio";
	r.label = "fuzz";
	r.eopts[0] = "emulate=azure-p10";
	r.eopts[1] = "time_scale=900";
	r.neopts = 2;
	r.drop_hist_log = data[0] & 1; /* as for a fio without zlib */
	in = fmemopen((void *) data, size, "r");
	if (!in)
		return 0;
	fv_run_scan_vars(&r, in);
	for (size_t i = 0; i < r.nvars; i++)
		if (!memchr(r.vars[i].name, '\0', sizeof(r.vars[i].name)) ||
		    !memchr(r.vars[i].full, '\0', sizeof(r.vars[i].full)) ||
		    !memchr(r.vars[i].quick, '\0', sizeof(r.vars[i].quick)))
			abort(); /* a declaration must end inside its field */
	rewind(in);
	out = open_memstream(&copy, &len);
	if (out) {
		fv_run_copy_jobfile(&r, in, out, &inserted);
		fclose(out);
	}
	free(copy);
	fclose(in);
	return 0;
}
