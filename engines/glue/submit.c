/* SPDX-License-Identifier: MIT */
/*
 * Queueing and submission: fio's requests become SQEs (with a linked flush
 * or an emulated delay around them), stamped once the kernel has them.
 */
#include "glue_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void stamp_later(struct glue_data *gd, uint64_t *slot)
{
	gd->stamps[gd->nstamps++] = slot;
}

/*
 * Whether fio will ask for a sync right after this write: the same test as
 * fio's get_rw_ddir(), on the issue count td_io_queue() has just raised.
 */
static bool write_ends_sync_cadence(struct thread_data *td,
				    enum dur_flush_kind *kind)
{
	unsigned long long n = td->io_issues[DDIR_WRITE];

	if (td->o.fsync_blocks && n && !(n % td->o.fsync_blocks)) {
		*kind = DUR_FSYNC;
		return true;
	}
	if (td->o.fdatasync_blocks && n && !(n % td->o.fdatasync_blocks)) {
		*kind = DUR_FDATASYNC;
		return true;
	}
	return false;
}

/*
 * Chains a flush after the write in @wsqe; the write's SQE gets IO_LINK.
 * false: no link slot or SQE was free, and the write goes alone.
 */
static bool queue_linked_flush(struct thread_data *td, struct glue_data *gd,
			       struct io_u *io_u, struct io_uring_sqe *wsqe,
			       enum dur_flush_kind kind)
{
	struct io_uring_sqe *fsqe;
	struct glue_link *l;

	l = glue_link_get(gd);
	fsqe = l ? io_uring_get_sqe(&gd->ring) : NULL;
	if (!fsqe) {
		if (l)
			glue_link_put(gd, l);
		return false;
	}
	gd->p->prep_flush(td, gd, io_u->file, kind, fsqe);
	wsqe->flags |= IOSQE_IO_LINK;
	io_uring_sqe_set_data64(fsqe, (uint64_t) (uintptr_t) l | LINK_TAG);
	if (gd->acct_ready) {
		dur_flush_submitted(&gd->acct, &l->tok, kind, 0, true);
		stamp_later(gd, &l->tok.submit_ns);
	}
	/* an unclaimed earlier link is one fio decided not to wait for */
	if (gd->open_link && !gd->open_link->claimed) {
		gd->open_link->claimed = true;
		if (gd->open_link->done)
			glue_link_put(gd, gd->open_link);
	}
	gd->open_link = l;
	gd->ios[io_u->index].link = l;
	gd->prepared++;
	return true;
}

/*
 * fio's sync request in linked mode: wait for the flush already chained,
 * or take its result, as the personality reads it, if it has completed.
 */
static enum fio_q_status claim_linked_flush(struct thread_data *td,
					    struct glue_data *gd,
					    struct io_u *io_u)
{
	struct glue_link *l = gd->open_link;

	gd->open_link = NULL;
	l->claimed = true;
	if (l->done) {
		struct io_uring_cqe cqe = { .res = l->res };

		gd->p->complete(td, io_u, &cqe);
		if (io_u->error)
			glue_sync_failed(td, io_u);
		glue_link_put(gd, l);
		return FIO_Q_COMPLETED;
	}
	l->waiter = io_u;
	gd->issued[gd->nissued++] = io_u;
	return FIO_Q_QUEUED;
}

static int prep_request(struct thread_data *td, struct glue_data *gd,
			struct io_u *io_u, struct io_uring_sqe *sqe)
{
	struct glue_io *gio = &gd->ios[io_u->index];
	enum dur_flush_kind kind;
	int ret;

	gio->link = NULL;
	switch (io_u->ddir) {
	case DDIR_READ:
	case DDIR_WRITE:
		ret = gd->p->prep_rw(td, gd, io_u, sqe);
		if (ret)
			return ret;
		if (io_u->ddir == DDIR_WRITE && !gd->p->dsync_in_prep &&
		    gd->s.write_mode == WRITE_MODE_DSYNC)
			sqe->rw_flags |= RWF_DSYNC;
		break;
	case DDIR_SYNC:
	case DDIR_DATASYNC:
		kind = io_u->ddir == DDIR_SYNC ? DUR_FSYNC : DUR_FDATASYNC;
		gd->p->prep_flush(td, gd, io_u->file, kind, sqe);
		if (gd->acct_ready) {
			dur_flush_submitted(&gd->acct, &gio->flush, kind, 0,
					    false);
			stamp_later(gd, &gio->flush.submit_ns);
		}
		break;
	case DDIR_SYNC_FILE_RANGE:
		io_uring_prep_sync_file_range(
			sqe, io_u->file->fd,
			(unsigned) (io_u->file->last_write -
				    io_u->file->first_write),
			io_u->file->first_write, td->o.sync_file_range);
		if (gd->s.registerfiles) {
			sqe->fd = (int) io_u->file->engine_pos;
			sqe->flags |= IOSQE_FIXED_FILE;
		}
		break;
	case DDIR_TRIM:
		ret = gd->p->prep_trim(td, gd, io_u, sqe);
		if (ret)
			return ret;
		break;
	default:
		return -EINVAL;
	}
	io_uring_sqe_set_data(sqe, io_u);
	if (gd->acct_ready && ddir_rw(io_u->ddir))
		stamp_later(gd, &gio->submit_ns);
	return 0;
}

static int submit_prepared(struct thread_data *td, struct glue_data *gd);

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t) ts.tv_sec * 1000000000ULL + (uint64_t) ts.tv_nsec;
}

/*
 * The emulated disk is the target's device, shared by every job of this
 * fio run that uses it with the same figures (emulator/emulator.h). fio's
 * jobs are children of its main process, or threads in it.
 */
static void attach_emulated_disk(struct thread_data *td, struct glue_data *gd,
				 struct fio_file *f)
{
	long owner = td->o.use_thread ? (long) getpid() : (long) getppid();
	struct stat st;
	uint64_t dev = 0;
	int ret;

	gd->emu_attach_tried = true;
	if (!stat(f->file_name, &st))
		dev = S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode) ? st.st_rdev
								 : st.st_dev;
	ret = emu_shared_attach(owner, dev, &gd->emu.config, &gd->emu_disk);
	if (ret)
		log_err("%s: the emulated disk cannot be shared (%s): this job "
			"gets a cap and bucket of its own\n",
			gd->p->name, strerror(-ret));
}

/*
 * The emulated disk decides when this request may start; if that is later
 * than now, an absolute timeout goes first in the ring, linked to the
 * request, and counts as success so the chain goes on (ETIME_SUCCESS).
 * Requests wait independently, so an added round trip overlaps across the
 * queue as it would on a remote disk.
 */
static void queue_emulated_delay(struct thread_data *td, struct glue_data *gd,
				 struct io_u *io_u)
{
	struct __kernel_timespec *ts = &gd->ios[io_u->index].start_at;
	uint64_t now = monotonic_ns(), start;
	struct io_uring_sqe *tsqe;

	if (!gd->emu_attach_tried)
		attach_emulated_disk(td, gd, io_u->file);
	if (gd->emu_disk)
		start = emu_shared_admit(gd->emu_disk, now, io_u->xfer_buflen);
	else
		start = emu_admit(&gd->emu, now, io_u->xfer_buflen);

	if (start <= now)
		return;
	tsqe = io_uring_get_sqe(&gd->ring);
	if (!tsqe)
		return;
	ts->tv_sec = (long long) (start / 1000000000ULL);
	ts->tv_nsec = (long long) (start % 1000000000ULL);
	io_uring_prep_timeout(
		tsqe, ts, 0, IORING_TIMEOUT_ABS | IORING_TIMEOUT_ETIME_SUCCESS);
	tsqe->flags |= IOSQE_IO_LINK;
	io_uring_sqe_set_data64(tsqe, 0);
	gd->prepared++;
}

/* A personality without trims: fio's synchronous trim, in queue order. */
static enum fio_q_status trim_now(struct thread_data *td, struct glue_data *gd,
				  struct io_u *io_u)
{
	/* a synchronous trim must not overtake queued requests */
	if (gd->prepared || gd->inflight)
		return FIO_Q_BUSY;
	do_io_u_trim(td, io_u);
	io_u_mark_submit(td, 1);
	io_u_mark_complete(td, 1);
	if (gd->acct_ready && !io_u->error)
		dur_trim_completed(&gd->acct);
	return FIO_Q_COMPLETED;
}

/*
 * fio 3.42's end_syncfs: after the job's last I/O, one syncfs(2) per file
 * system, on a descriptor of fio's own (the mount's directory, not one of
 * the job's files). io_uring has no syncfs: it runs here, once the ring
 * is empty (fio has reaped its requests; a flush linked to the last write
 * may still be in flight), and covers every write completed before it, the
 * job's files being on that file system (settings_validate). fio leaves
 * the issue time to an engine that sets it: stamped here, so that fio's
 * own sync latency for it is right.
 */
static enum fio_q_status syncfs_now(struct thread_data *td,
				    struct glue_data *gd, struct io_u *io_u)
{
	struct dur_flush_token tok;
	char msg[PATH_MAX + 64];

	if (gd->prepared && submit_prepared(td, gd))
		return FIO_Q_BUSY;
	glue_drain(td, gd);
	if (fio_fill_issue_time(td))
		fio_gettime(&io_u->issue_time, NULL);
	if (gd->acct_ready)
		dur_flush_submitted(&gd->acct, &tok, DUR_SYNCFS, glue_now_ns(),
				    false);
	io_u->error = syncfs(io_u->file->fd) ? errno : 0;
	if (gd->acct_ready)
		dur_flush_completed(&gd->acct, &tok, glue_now_ns(),
				    -(int) io_u->error);
	if (io_u->error) {
		/* fio reports it ("syncfs ... failed") and ends the job */
		snprintf(msg, sizeof(msg), "syncfs of %s failed: %s",
			 io_u->file->file_name, strerror((int) io_u->error));
		glue_keep_error(gd, msg);
	}
	io_u_mark_submit(td, 1);
	io_u_mark_complete(td, 1);
	return FIO_Q_COMPLETED;
}

enum fio_q_status glue_queue(struct thread_data *td, struct io_u *io_u)
{
	struct glue_data *gd = gd_of_td(td);
	struct io_uring_sqe *sqe;
	enum dur_flush_kind kind;
	int ret;

	fio_ro_check(td, io_u);

	if (io_u->ddir == DDIR_TRIM && !gd->p->prep_trim)
		return trim_now(td, gd, io_u);
	if (fv_is_syncfs(io_u->ddir))
		return syncfs_now(td, gd, io_u);
	if (ddir_sync(io_u->ddir) && io_u->ddir != DDIR_SYNC_FILE_RANGE &&
	    gd->s.sync_mode == SYNC_MODE_LINKED && gd->open_link)
		return claim_linked_flush(td, gd, io_u);

	/* three SQEs at most: a delay, a write and the flush linked to it */
	if (io_uring_sq_space_left(&gd->ring) < 3)
		return FIO_Q_BUSY;
	if (gd->emulating && ddir_rw(io_u->ddir))
		queue_emulated_delay(td, gd, io_u);
	sqe = io_uring_get_sqe(&gd->ring);
	if (!sqe)
		return FIO_Q_BUSY;
	ret = prep_request(td, gd, io_u, sqe);
	/*
	 * Without a free link slot the write goes alone, and fio's sync
	 * request that follows becomes a flush of its own: slower, still
	 * correct.
	 */
	if (!ret && io_u->ddir == DDIR_WRITE &&
	    gd->s.sync_mode == SYNC_MODE_LINKED &&
	    write_ends_sync_cadence(td, &kind))
		(void) queue_linked_flush(td, gd, io_u, sqe, kind);
	if (ret) {
		/* the SQE is taken: make it a no-op that completes nothing */
		io_uring_prep_nop(sqe);
		io_uring_sqe_set_data64(sqe, 0);
		gd->prepared++;
		io_u->error = -ret;
		return FIO_Q_COMPLETED;
	}
	gd->prepared++;
	gd->issued[gd->nissued++] = io_u;
	if (gd->s.submit_batch && gd->prepared >= gd->s.submit_batch &&
	    submit_prepared(td, gd))
		return FIO_Q_BUSY;
	return FIO_Q_QUEUED;
}

static uint64_t ts_to_ns(const struct timespec *ts)
{
	return (uint64_t) ts->tv_sec * 1000000000ULL + (uint64_t) ts->tv_nsec;
}

/*
 * One clock read per submission, on fio's clock, serves fio's issue time
 * and our accounting alike: at high rates the clock itself is a visible
 * cost. Stamped once the kernel has the requests, as fio's io_uring
 * engine does, so that fio's clat means the same with either engine.
 */
static void apply_stamps(struct thread_data *td, struct glue_data *gd)
{
	struct timespec now;
	bool fill = gd->nissued && fio_fill_issue_time(td);
	unsigned i;
	uint64_t ns;

	if (!gd->nstamps && !fill) {
		if (gd->nissued)
			io_u_mark_submit(td, gd->nissued);
		gd->nissued = 0;
		return;
	}
	fio_gettime(&now, NULL);
	ns = ts_to_ns(&now);
	for (i = 0; i < gd->nstamps; i++)
		*gd->stamps[i] = ns;
	gd->nstamps = 0;
	for (i = 0; fill && i < gd->nissued; i++) {
		memcpy(&gd->issued[i]->issue_time, &now, sizeof(now));
		io_u_queued(td, gd->issued[i]);
	}
	/*
	 * fio paces a timed replay from the last issue, which it leaves to
	 * an engine that stamps its own (FIO_ASYNCIO_SETS_ISSUE_TIME):
	 * without this, every delay of the trace is taken as already past.
	 */
	if (fill && td->o.read_iolog_file)
		memcpy(&td->last_issue, &now, sizeof(now));
	if (gd->nissued)
		io_u_mark_submit(td, gd->nissued);
	gd->nissued = 0;
}

static int submit_prepared(struct thread_data *td, struct glue_data *gd)
{
	int ret;

	if (!gd->prepared) {
		/* a sync that waits on a linked flush still counts as issued */
		apply_stamps(td, gd);
		return 0;
	}
	do {
		ret = io_uring_submit(&gd->ring);
	} while (ret == -EINTR);
	if (ret < 0 && ret != -EAGAIN && ret != -EBUSY) {
		glue_fail(td, -ret, "io_uring_submit", "%s: submit failed: %s",
			  gd->p->name, strerror(-ret));
		return ret;
	}
	apply_stamps(td, gd);
	/*
	 * Every prepared SQE is in the ring now and will complete once: the
	 * kernel may take fewer in this call (or, under SQPOLL, the count
	 * says nothing about this call), and the rest go with the next
	 * submit_and_wait in getevents.
	 */
	gd->inflight += gd->prepared;
	gd->prepared = 0;
	return 0;
}

int glue_commit(struct thread_data *td)
{
	struct glue_data *gd = gd_of_td(td);

	return submit_prepared(td, gd);
}
