/* SPDX-License-Identifier: MIT */
/* Completions: CQEs back to fio's io_us, and into the accounting. */
#include "glue_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Nanoseconds on fio's clock (TSC where fio trusts it), the one fio's
 * latencies use: every accounted time is taken on it.
 */
uint64_t glue_now_ns(void)
{
	struct timespec ts;

	fio_gettime(&ts, NULL);
	return (uint64_t) ts.tv_sec * 1000000000ULL + (uint64_t) ts.tv_nsec;
}

static void complete_link(struct thread_data *td, struct glue_data *gd,
			  struct glue_link *l, const struct io_uring_cqe *cqe,
			  uint64_t now)
{
	int err = gd->p->result_errno(cqe->res);

	/* a flush that failed (an NVMe status too) covered nothing */
	if (gd->acct_ready)
		dur_flush_completed(&gd->acct, &l->tok, now, -err);
	l->res = cqe->res;
	l->done = true;
	if (l->waiter) {
		gd->p->complete(td, l->waiter, cqe);
		if (l->waiter->error)
			glue_sync_failed(td, l->waiter);
		gd->events[gd->nevents++] = l->waiter;
		glue_link_put(gd, l);
	} else if (l->claimed) {
		glue_link_put(gd, l);
	}
}

static void account_io(struct glue_data *gd, struct io_u *io_u, uint64_t now)
{
	struct glue_io *gio = &gd->ios[io_u->index];
	int err = io_u->error;
	uint64_t bytes = io_u->xfer_buflen - io_u->resid;

	dur_span(&gd->acct,
		 ddir_rw(io_u->ddir)	 ? gio->submit_ns
		 : ddir_sync(io_u->ddir) ? gio->flush.submit_ns
					 : 0,
		 now);
	switch (io_u->ddir) {
	case DDIR_READ:
		dur_read_completed(&gd->acct, bytes, err);
		break;
	case DDIR_WRITE:
		dur_write_completed(&gd->acct, gio->submit_ns, now, bytes, err,
				    gd->s.write_mode == WRITE_MODE_DSYNC,
				    gio->link ? &gio->link->tok : NULL);
		break;
	case DDIR_SYNC:
	case DDIR_DATASYNC:
		dur_flush_completed(&gd->acct, &gio->flush, now,
				    err ? -err : 0);
		break;
	case DDIR_TRIM:
		if (!err)
			dur_trim_completed(&gd->acct);
		break;
	default:
		break;
	}
}

static void complete_cqe(struct thread_data *td, struct glue_data *gd,
			 struct io_uring_cqe *cqe, uint64_t now)
{
	uint64_t data = io_uring_cqe_get_data64(cqe);
	struct io_u *io_u;

	if (!data)
		return; /* a no-op standing in for a failed preparation */
	if (data & LINK_TAG) {
		complete_link(
			td, gd,
			(struct glue_link *) (uintptr_t) (data & ~LINK_TAG),
			cqe, now);
		return;
	}
	io_u = (struct io_u *) (uintptr_t) data;
	gd->p->complete(td, io_u, cqe);
	if (gd->acct_ready)
		account_io(gd, io_u, now);
	if (ddir_sync(io_u->ddir) && io_u->error)
		glue_sync_failed(td, io_u);
	gd->ios[io_u->index].link = NULL;
	gd->events[gd->nevents++] = io_u;
}

/* Reaps what is there, up to @max events; returns the number of CQEs. */
static unsigned reap(struct thread_data *td, struct glue_data *gd, unsigned max)
{
	struct io_uring_cqe *cqe;
	unsigned seen = 0;
	uint64_t now = 0;

	while (gd->nevents < max && !io_uring_peek_cqe(&gd->ring, &cqe)) {
		if (!now && gd->acct_ready)
			now = glue_now_ns();
		complete_cqe(td, gd, cqe, now);
		io_uring_cqe_seen(&gd->ring, cqe);
		gd->inflight--;
		seen++;
	}
	return seen;
}

/*
 * fio has reaped all of its requests by now, but a linked flush it never
 * asked to wait for (the write that ended the job had one) may still be in
 * flight: wait for it, so that its write is counted durable or not.
 */
void glue_drain(struct thread_data *td, struct glue_data *gd)
{
	struct __kernel_timespec ts = { .tv_sec = 5 };
	struct io_uring_cqe *cqe;

	while (gd->ring_ready && gd->inflight) {
		if (io_uring_wait_cqe_timeout(&gd->ring, &cqe, &ts) == -ETIME) {
			log_err("%s: %u requests still in flight after 5 s at "
				"the end of the job; the stats file leaves "
				"them out\n",
				gd->p->name, gd->inflight);
			return;
		}
		gd->nevents = 0;
		reap(td, gd, 1);
	}
}

int glue_getevents(struct thread_data *td, unsigned int min, unsigned int max,
		   const struct timespec *t)
{
	struct glue_data *gd = gd_of_td(td);
	struct io_uring_cqe *cqe;
	int ret;

	(void) t;
	gd->nevents = 0;
	if (max > gd->iodepth)
		max = gd->iodepth;
	for (;;) {
		reap(td, gd, max);
		if (gd->nevents >= min || gd->nevents >= max || !gd->inflight)
			break;
		if (io_uring_sq_ready(&gd->ring))
			ret = io_uring_submit_and_wait(&gd->ring, 1);
		else
			ret = io_uring_wait_cqe(&gd->ring, &cqe);
		if (ret == -EINTR || ret == -EAGAIN || ret == -ETIME ||
		    ret == -EBUSY)
			continue;
		if (ret < 0) {
			glue_fail(td, -ret, "io_uring_wait_cqe",
				  "%s: waiting for completions failed: %s",
				  gd->p->name, strerror(-ret));
			return ret;
		}
	}
	return (int) gd->nevents;
}

struct io_u *glue_event(struct thread_data *td, int event)
{
	return gd_of_td(td)->events[event];
}
