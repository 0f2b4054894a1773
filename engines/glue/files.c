/* SPDX-License-Identifier: MIT */
/*
 * fio's file hooks: opening (through the personality, with the device
 * probed at the first file), sizing and closing, and the registered files
 * that stand in for fio's own fds.
 */
#include "glue_int.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

int glue_open_checked(struct thread_data *td, struct fio_file *f)
{
	struct glue_data *gd = gd_of_td(td);

	if (gd->p->open_file(td, f))
		return 1;
	if (!gd->probed && gd->p->probe) {
		snprintf(gd->target, sizeof(gd->target), "%s", f->file_name);
		gd->p->probe(td, gd, f, &gd->facts, &gd->vwc);
		gd->probed = true;
	}
	return 0;
}

int glue_open_file(struct thread_data *td, struct fio_file *f)
{
	struct glue_data *gd = gd_of_td(td);

	/*
	 * fio sizes a block device by opening it from its main process,
	 * before the engine's init (create_serialize): no glue data yet.
	 */
	if (!gd)
		return generic_open_file(td, f);
	if (gd->s.registerfiles && gd->fds) {
		f->fd = gd->fds[f->engine_pos];
		return 0;
	}
	return glue_open_checked(td, f);
}

/*
 * fio's own message for a path it cannot stat names neither the path nor
 * the cause ("func=fstat, error=Not a directory"): say both.
 */
int glue_get_file_size(struct thread_data *td, struct fio_file *f)
{
	struct glue_data *gd = gd_of_td(td);
	int ret = generic_get_file_size(td, f);

	if (ret && td->error && td->error != ENOENT) {
		char msg[PATH_MAX + 128];

		snprintf(msg, sizeof(msg), "%s: cannot use %s: %s",
			 gd ? gd->p->name : "engine", f->file_name,
			 strerror(td->error));
		log_err("%s\n", msg);
		glue_keep_error(gd, msg);
	}
	return ret;
}

int glue_close_file(struct thread_data *td, struct fio_file *f)
{
	struct glue_data *gd = gd_of_td(td);

	if (gd && gd->s.registerfiles && gd->fds) {
		f->fd = -1;
		return 0;
	}
	return generic_close_file(td, f);
}
