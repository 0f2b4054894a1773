/* SPDX-License-Identifier: MIT */
/*
 * The glue personality for regular files and block devices: plain
 * IORING_OP_READ/WRITE (or their _FIXED forms) and IORING_OP_FSYNC.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "glue_file.h"

#include "device/device.h"

/* The fd an SQE names: the registered index, or the file's own fd. */
static void set_target(struct glue_data *gd, struct fio_file *f,
		       struct io_uring_sqe *sqe)
{
	if (gd->s.registerfiles) {
		sqe->fd = (int) f->engine_pos;
		sqe->flags |= IOSQE_FIXED_FILE;
	} else {
		sqe->fd = f->fd;
	}
}

static int file_prep_rw(struct thread_data *td, struct glue_data *gd,
			struct io_u *io_u, struct io_uring_sqe *sqe)
{
	void *buf = io_u->xfer_buf;
	unsigned len = (unsigned) io_u->xfer_buflen;
	bool rd = io_u->ddir == DDIR_READ;

	(void) td;
	if (gd->s.fixedbufs) {
		if (rd)
			io_uring_prep_read_fixed(sqe, -1, buf, len,
						 io_u->offset, io_u->index);
		else
			io_uring_prep_write_fixed(sqe, -1, buf, len,
						  io_u->offset, io_u->index);
	} else if (rd) {
		io_uring_prep_read(sqe, -1, buf, len, io_u->offset);
	} else {
		io_uring_prep_write(sqe, -1, buf, len, io_u->offset);
	}
	/* prep resets sqe->flags: name the file afterwards */
	set_target(gd, io_u->file, sqe);
	return 0;
}

static void file_prep_flush(struct thread_data *td, struct glue_data *gd,
			    struct fio_file *f, enum dur_flush_kind kind,
			    struct io_uring_sqe *sqe)
{
	(void) td;
	io_uring_prep_fsync(sqe, -1,
			    kind == DUR_FDATASYNC ? IORING_FSYNC_DATASYNC : 0);
	set_target(gd, f, sqe);
}

static int file_result_errno(int res)
{
	return res < 0 ? -res : 0;
}

static void file_complete(struct thread_data *td, struct io_u *io_u,
			  const struct io_uring_cqe *cqe)
{
	(void) td;
	io_u->error = 0;
	io_u->resid = 0;
	if (cqe->res < 0) {
		io_u->error = (unsigned) file_result_errno(cqe->res);
		return;
	}
	if (ddir_rw(io_u->ddir) &&
	    (unsigned long long) cqe->res < io_u->xfer_buflen)
		io_u->resid = io_u->xfer_buflen - (unsigned long long) cqe->res;
}

/*
 * fio reports a file system without O_DIRECT as a bare EINVAL on the first
 * I/O; try the flag first, so the job fails at once with the path, the file
 * system and the remedy.
 */
static int check_odirect(struct thread_data *td, struct glue_data *gd,
			 struct fio_file *f)
{
	struct dev_facts facts;
	int fd;

	if (!td->o.odirect)
		return 0;
	fd = open(f->file_name, O_RDONLY | O_DIRECT);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	if (errno != EINVAL)
		return 0; /* fio's own open reports the rest */
	devprobe_path(f->file_name, DEVPROBE_SYSFS, DEVPROBE_MOUNTINFO, &facts);
	log_err("%s: %s refuses O_DIRECT (direct=1): its file system%s%s does "
		"not support direct I/O. Put the file on a file system that "
		"does, or set direct=0 to measure the page cache instead.\n",
		gd->p->name, f->file_name, facts.fs_type[0] ? ", " : "",
		facts.fs_type);
	td_vmsg(td, EINVAL, "target refuses O_DIRECT", "open");
	return 1;
}

static int file_open(struct thread_data *td, struct fio_file *f)
{
	if (check_odirect(td, gd_of_td(td), f))
		return 1;
	return generic_open_file(td, f);
}

static void file_probe(struct thread_data *td, struct glue_data *gd,
		       struct fio_file *f, struct dev_facts *facts,
		       enum tri *vwc)
{
	(void) td;
	(void) gd;
	*vwc = TRI_UNKNOWN;
	devprobe_path(f->file_name, DEVPROBE_SYSFS, DEVPROBE_MOUNTINFO, facts);
}

const struct glue_personality glue_file_ops = {
	.name = "uring_durable",
	.ring_flags = 0,
	.prep_rw = file_prep_rw,
	.prep_flush = file_prep_flush,
	.prep_trim = NULL,
	.complete = file_complete,
	.result_errno = file_result_errno,
	.open_file = file_open,
	.probe = file_probe,
};

/*
 * fio prints the errno's text after its own "io_u error" line; this says
 * what the errno stands for on a device (ENODATA: a medium error).
 */
char *glue_file_errdetails(FV_ERRDETAILS_PARAMS(io_u))
{
	int err = (int) io_u->error;
	const char *name = strerrorname_np(err), *meaning;
	char *out = malloc(512);

	if (!out)
		return NULL;
	meaning = dev_errno_meaning(err);
	snprintf(out, 512, "uring_durable: %s (%s)%s%s", strerror(err),
		 name ? name : "unknown errno", meaning ? ": " : "",
		 meaning ? meaning : "");
	return out;
}
