/* SPDX-License-Identifier: MIT */
#include "uring_glue.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/stats_json.h"

/* Engine-made flushes carry a tagged pointer: io_u pointers are aligned. */
#define LINK_TAG 1ULL

/* fio's clock (TSC where fio trusts it): the one fio's latencies use. */
uint64_t glue_now_ns(void)
{
	struct timespec ts;

	fio_gettime(&ts, NULL);
	return (uint64_t) ts.tv_sec * 1000000000ULL + (uint64_t) ts.tv_nsec;
}

/*
 * fio's main process loads the engine too (to parse its options) and exits
 * last: it removes the emulated disks its jobs shared.
 */
__attribute__((destructor)) static void glue_unload(void)
{
	emu_shared_remove_owned((long) getpid());
}

int glue_sqpoll_cpu_cb(void *data, unsigned long long *val)
{
	struct glue_options *o = data;

	o->sqpoll_cpu = (unsigned int) *val;
	o->sqpoll_cpu_set = 1;
	return 0;
}

static struct glue_data *gd_of(struct thread_data *td)
{
	return td->io_ops_data;
}

/* Keeps the first error the job met, for the stats file. */
static void copy_error(struct glue_data *gd, const char *msg)
{
	if (gd && !gd->first_error[0])
		snprintf(gd->first_error, sizeof(gd->first_error), "%.*s",
			 (int) sizeof(gd->first_error) - 1, msg);
}

int glue_fail(struct thread_data *td, int err, const char *func,
	      const char *fmt, ...)
{
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	log_err("%s\n", msg);
	copy_error(gd_of(td), msg);
	td_vmsg(td, err, msg, func);
	return 1;
}

/* ------------------------------------------------------------------ */
/* set-up                                                              */

static void settings_from_options(struct engine_settings *s,
				  const struct glue_options *o)
{
	memset(s, 0, sizeof(*s));
	s->registerfiles = o->registerfiles || o->sqpoll;
	s->fixedbufs = o->fixedbufs;
	s->sqpoll = o->sqpoll;
	s->sqpoll_cpu = o->sqpoll_cpu_set ? (int) o->sqpoll_cpu : -1;
	s->submit_batch = o->submit_batch;
	s->sync_mode = o->sync_mode;
	s->write_mode = o->write_mode;
	s->stats_file = o->stats_file;
	s->accounting = o->accounting;
}

static void job_facts_from_td(struct job_facts *j, struct thread_data *td)
{
	memset(j, 0, sizeof(*j));
	j->iodepth = td->o.iodepth;
	j->nr_files = td->o.nr_files;
	j->open_files = td->o.open_files;
	j->fsync_every = td->o.fsync_blocks;
	j->fdatasync_every = td->o.fdatasync_blocks;
	j->numjobs = td->o.numjobs;
	j->online_cpus = (int) sysconf(_SC_NPROCESSORS_ONLN);
}

static int alloc_tables(struct glue_data *gd)
{
	unsigned i, n = gd->iodepth;

	gd->io_u_index = calloc(n, sizeof(*gd->io_u_index));
	gd->ios = calloc(n, sizeof(*gd->ios));
	gd->events = calloc(n, sizeof(*gd->events));
	/* every request may stamp itself and a linked flush */
	gd->stamps = calloc(2 * n, sizeof(*gd->stamps));
	gd->issued = calloc(n, sizeof(*gd->issued));
	/* a linked flush may outlive its write and the next one: 2 per slot */
	gd->nlinks = 2 * n;
	gd->links = calloc(gd->nlinks, sizeof(*gd->links));
	if (!gd->io_u_index || !gd->ios || !gd->events || !gd->stamps ||
	    !gd->issued || !gd->links)
		return -ENOMEM;
	for (i = 0; i < gd->nlinks; i++)
		gd->links[i].next_free =
			i + 1 < gd->nlinks ? &gd->links[i + 1] : NULL;
	gd->free_links = gd->links;
	return 0;
}

/* A preset, then the options given one by one (0 keeps the preset's). */
static int setup_emulator(struct glue_data *gd, const struct glue_options *o,
			  char *err, size_t errlen)
{
	struct emu_config c;
	int ret;

	memset(&c, 0, sizeof(c));
	c.time_scale = 1;
	if (o->emulate && *o->emulate && strcmp(o->emulate, "none") &&
	    emu_preset_find(o->emulate, &c)) {
		const struct emu_preset *p;
		size_t n;

		n = (size_t) snprintf(err, errlen,
				      "emulate=%s is not a preset; use none",
				      o->emulate);
		for (p = emu_presets; p->name && n < errlen; p++)
			n += (size_t) snprintf(err + n, errlen - n, ", %s",
					       p->name);
		return -EINVAL;
	}
	if (o->cap_iops)
		c.cap_iops = (double) o->cap_iops;
	if (o->cap_bw)
		c.cap_bw = (double) o->cap_bw;
	if (o->burst_iops)
		c.burst_iops = (double) o->burst_iops;
	if (o->burst_bw)
		c.burst_bw = (double) o->burst_bw;
	if (o->burst_seconds)
		c.burst_seconds = o->burst_seconds;
	c.time_scale = o->time_scale ? o->time_scale : 0.5; /* 0: refused */
	if (o->added_latency_us)
		c.added_latency_ns = o->added_latency_us * 1000ULL;
	ret = emu_config_validate(&c, err, errlen);
	if (ret)
		return ret;
	emu_init(&gd->emu, &c);
	gd->emulating = emu_config_active(&c);
	return 0;
}

int glue_init(struct thread_data *td, struct glue_options *o,
	      const char *engine, const struct glue_personality *p)
{
	struct glue_data *gd;
	struct job_facts j;
	char err[512], path[PATH_MAX];
	int ret;

	gd = calloc(1, sizeof(*gd));
	if (!gd)
		return 1;
	td->io_ops_data = gd;
	gd->p = p;
	gd->vwc = TRI_UNKNOWN;
	settings_from_options(&gd->s, o);
	job_facts_from_td(&j, td);
	if (settings_validate(&gd->s, &j, err, sizeof(err))) {
		glue_fail(td, EINVAL, "init", "%s: %s", engine, err);
		return 1;
	}
	if (gd->s.accounting &&
	    stats_path_expand(gd->s.stats_file, td->o.name, td->thread_number,
			      0, false, path, sizeof(path), err, sizeof(err))) {
		glue_fail(td, EINVAL, "init", "%s: %s", engine, err);
		return 1;
	}
	if (setup_emulator(gd, o, err, sizeof(err))) {
		glue_fail(td, EINVAL, "init", "%s: %s", engine, err);
		return 1;
	}
	/* O_DIRECT unless the job asked otherwise: caches are not disks */
	if (!fio_option_is_set(&td->o, odirect))
		td->o.odirect = 1;
	gd->iodepth = td->o.iodepth;
	if (alloc_tables(gd)) {
		glue_fail(td, ENOMEM, "init", "%s: out of memory", engine);
		return 1;
	}
	if (gd->s.accounting) {
		ret = dur_init(&gd->acct);
		if (ret) {
			glue_fail(td, -ret, "init", "%s: out of memory",
				  engine);
			return 1;
		}
		gd->acct_ready = true;
	}
	return 0;
}

int glue_io_u_init(struct thread_data *td, struct io_u *io_u)
{
	gd_of(td)->io_u_index[io_u->index] = io_u;
	return 0;
}

static int setup_ring(struct thread_data *td, struct glue_data *gd)
{
	struct io_uring_params params;
	int ret;

	memset(&params, 0, sizeof(params));
	params.flags = gd->p->ring_flags;
	if (gd->s.sqpoll) {
		params.flags |= IORING_SETUP_SQPOLL;
		if (gd->s.sqpoll_cpu >= 0) {
			params.flags |= IORING_SETUP_SQ_AFF;
			params.sq_thread_cpu = (unsigned) gd->s.sqpoll_cpu;
		}
	}
	/*
	 * As fio's own io_uring engine: no IPIs for completions, one issuer,
	 * task work deferred until we reap. Kernels that predate a flag
	 * refuse it with EINVAL; drop it and retry.
	 */
	params.flags |= IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER;
	if (!gd->s.sqpoll)
		params.flags |= IORING_SETUP_DEFER_TASKRUN;
	for (;;) {
		unsigned flags = params.flags;

		/* room for every request plus a linked flush after each write
		 */
		ret = io_uring_queue_init_params(4 * gd->iodepth, &gd->ring,
						 &params);
		if (ret != -EINVAL)
			break;
		params.flags = flags;
		if (params.flags & IORING_SETUP_DEFER_TASKRUN)
			params.flags &= ~IORING_SETUP_DEFER_TASKRUN;
		else if (params.flags & IORING_SETUP_SINGLE_ISSUER)
			params.flags &= ~IORING_SETUP_SINGLE_ISSUER;
		else if (params.flags & IORING_SETUP_COOP_TASKRUN)
			params.flags &= ~IORING_SETUP_COOP_TASKRUN;
		else
			break;
	}
	if (ret) {
		glue_fail(td, -ret, "io_uring_queue_init",
			  "%s: io_uring set-up failed: %s%s", gd->p->name,
			  strerror(-ret),
			  ret == -ENOSYS  ? " (this kernel has no io_uring)"
			  : ret == -EPERM ? " (io_uring disabled by "
					    "kernel.io_uring_disabled?)"
					  : "");
		return 1;
	}
	gd->ring_ready = true;
	return 0;
}

static int register_buffers(struct thread_data *td, struct glue_data *gd)
{
	struct iovec *iov = calloc(gd->iodepth, sizeof(*iov));
	unsigned i;
	int ret;

	if (!iov)
		return 1;
	for (i = 0; i < gd->iodepth; i++) {
		iov[i].iov_base = gd->io_u_index[i]->buf;
		iov[i].iov_len = td_max_bs(td);
	}
	ret = io_uring_register_buffers(&gd->ring, iov, gd->iodepth);
	free(iov);
	if (ret) {
		glue_fail(td, -ret, "io_uring_register_buffers",
			  "%s: fixedbufs: registering %u buffers of %llu bytes "
			  "failed: %s%s",
			  gd->p->name, gd->iodepth, td_max_bs(td),
			  strerror(-ret),
			  ret == -ENOMEM ? " (raise ulimit -l)" : "");
		return 1;
	}
	return 0;
}

static int glue_open_checked(struct thread_data *td, struct fio_file *f);

/* Opens every file now, as fio's io_uring engine does, and registers them. */
static int register_files(struct thread_data *td, struct glue_data *gd)
{
	struct fio_file *f;
	unsigned int i;
	int ret;

	gd->fds = calloc(td->o.nr_files, sizeof(int));
	if (!gd->fds)
		return 1;
	for_each_file(td, f, i)
	{
		if (glue_open_checked(td, f))
			return 1;
		gd->fds[i] = f->fd;
		gd->nfds = i + 1;
		f->engine_pos = i;
	}
	ret = io_uring_register_files(&gd->ring, gd->fds, gd->nfds);
	if (ret) {
		glue_fail(td, -ret, "io_uring_register_files",
			  "%s: registerfiles: registering %u files failed: %s",
			  gd->p->name, gd->nfds, strerror(-ret));
		return 1;
	}
	/* fio opens and closes files itself; the registered fds stay ours */
	for_each_file(td, f, i) f->fd = -1;
	return 0;
}

int glue_post_init(struct thread_data *td)
{
	struct glue_data *gd = gd_of(td);

	if (setup_ring(td, gd))
		return 1;
	if (gd->s.fixedbufs && register_buffers(td, gd))
		return 1;
	if (gd->s.registerfiles && register_files(td, gd))
		return 1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* files                                                               */

static int glue_open_checked(struct thread_data *td, struct fio_file *f)
{
	struct glue_data *gd = gd_of(td);

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
	struct glue_data *gd = gd_of(td);

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
	struct glue_data *gd = gd_of(td);
	int ret = generic_get_file_size(td, f);

	if (ret && td->error && td->error != ENOENT) {
		char msg[PATH_MAX + 128];

		snprintf(msg, sizeof(msg), "%s: cannot use %s: %s",
			 gd ? gd->p->name : "engine", f->file_name,
			 strerror(td->error));
		log_err("%s\n", msg);
		copy_error(gd, msg);
	}
	return ret;
}

int glue_close_file(struct thread_data *td, struct fio_file *f)
{
	struct glue_data *gd = gd_of(td);

	if (gd && gd->s.registerfiles && gd->fds) {
		f->fd = -1;
		return 0;
	}
	return generic_close_file(td, f);
}

/* ------------------------------------------------------------------ */
/* submission                                                          */

static struct glue_link *link_get(struct glue_data *gd)
{
	struct glue_link *l = gd->free_links;

	if (!l)
		return NULL;
	gd->free_links = l->next_free;
	memset(l, 0, sizeof(*l));
	l->in_use = true;
	return l;
}

static void link_put(struct glue_data *gd, struct glue_link *l)
{
	l->in_use = false;
	l->next_free = gd->free_links;
	gd->free_links = l;
}

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

/* Chains a flush after the write in @sqe; the write's SQE gets IO_LINK. */
static int queue_linked_flush(struct thread_data *td, struct glue_data *gd,
			      struct io_u *io_u, struct io_uring_sqe *wsqe,
			      enum dur_flush_kind kind)
{
	struct io_uring_sqe *fsqe;
	struct glue_link *l;
	int ret;

	l = link_get(gd);
	fsqe = l ? io_uring_get_sqe(&gd->ring) : NULL;
	if (!fsqe) {
		if (l)
			link_put(gd, l);
		return -EBUSY;
	}
	ret = gd->p->prep_flush(td, gd, io_u->file, kind, fsqe);
	if (ret) {
		link_put(gd, l);
		return ret;
	}
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
			link_put(gd, gd->open_link);
	}
	gd->open_link = l;
	gd->ios[io_u->index].link = l;
	gd->prepared++;
	return 0;
}

/* fio's sync request in linked mode: wait for the flush already chained. */
static enum fio_q_status claim_linked_flush(struct glue_data *gd,
					    struct io_u *io_u)
{
	struct glue_link *l = gd->open_link;

	gd->open_link = NULL;
	l->claimed = true;
	if (l->done) {
		io_u->error = l->res < 0 ? -l->res : 0;
		link_put(gd, l);
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
		ret = gd->p->prep_flush(td, gd, io_u->file, kind, sqe);
		if (ret)
			return ret;
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
 * The emulated disk decides when this request may start; if that is later
 * than now, an absolute timeout goes first in the ring, linked to the
 * request, and counts as success so the chain goes on (ETIME_SUCCESS).
 * Requests wait independently, so an added round trip overlaps across the
 * queue as it would on a remote disk.
 */
/*
 * The emulated disk is the target's device, shared by every job of this
 * fio run that uses it with the same figures (core/emu_shared.h). fio's
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

enum fio_q_status glue_queue(struct thread_data *td, struct io_u *io_u)
{
	struct glue_data *gd = gd_of(td);
	struct io_uring_sqe *sqe;
	enum dur_flush_kind kind;
	int ret;

	fio_ro_check(td, io_u);

	if (io_u->ddir == DDIR_TRIM && !gd->p->prep_trim) {
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
	if (ddir_sync(io_u->ddir) && io_u->ddir != DDIR_SYNC_FILE_RANGE &&
	    gd->s.sync_mode == SYNC_MODE_LINKED && gd->open_link)
		return claim_linked_flush(gd, io_u);

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
	    write_ends_sync_cadence(td, &kind) &&
	    queue_linked_flush(td, gd, io_u, sqe, kind) == -EBUSY)
		ret = 0;
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
	struct glue_data *gd = gd_of(td);

	return submit_prepared(td, gd);
}

/* ------------------------------------------------------------------ */
/* completion                                                          */

static void complete_link(struct glue_data *gd, struct glue_link *l, int res,
			  uint64_t now)
{
	if (gd->acct_ready)
		dur_flush_completed(&gd->acct, &l->tok, now, res < 0 ? res : 0);
	l->res = res;
	l->done = true;
	if (l->waiter) {
		l->waiter->error = res < 0 ? -res : 0;
		gd->events[gd->nevents++] = l->waiter;
		link_put(gd, l);
	} else if (l->claimed) {
		link_put(gd, l);
	}
}

static void account_io(struct glue_data *gd, struct io_u *io_u, uint64_t now)
{
	struct glue_io *gio = &gd->ios[io_u->index];
	int err = io_u->error;
	uint64_t bytes = io_u->xfer_buflen - io_u->resid;

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
			gd, (struct glue_link *) (uintptr_t) (data & ~LINK_TAG),
			cqe->res, now);
		return;
	}
	io_u = (struct io_u *) (uintptr_t) data;
	gd->p->complete(td, io_u, cqe);
	if (gd->acct_ready)
		account_io(gd, io_u, now);
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

int glue_getevents(struct thread_data *td, unsigned int min, unsigned int max,
		   const struct timespec *t)
{
	struct glue_data *gd = gd_of(td);
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
	return gd_of(td)->events[event];
}

/* ------------------------------------------------------------------ */
/* the stats file                                                      */

static void write_stats(struct thread_data *td, struct glue_data *gd)
{
	char path[PATH_MAX], err[512];
	struct stats_meta m;
	json_t *doc;
	int ret;

	ret = stats_path_expand(gd->s.stats_file, td->o.name, td->thread_number,
				(int) td->pid,
				td->o.numjobs > 1 || td->subjob_number > 0,
				path, sizeof(path), err, sizeof(err));
	if (ret) {
		log_err("%s: %s\n", gd->p->name, err);
		return;
	}
	memset(&m, 0, sizeof(m));
	m.engine = gd->p->name;
	m.engine_version = FV_ENGINE_VERSION;
	m.fio_version = fio_version_string;
	m.job_name = td->o.name;
	m.thread_number = td->thread_number;
	m.clone = td->subjob_number;
	m.groupid = td->groupid;
	m.pid = (int) td->pid;
	m.target_path = gd->probed ? gd->target : NULL;
	m.facts = gd->probed ? &gd->facts : NULL;
	m.volatile_write_cache = gd->vwc;
	m.settings = &gd->s;
	m.direct = td->o.odirect;
	m.fsync_every = td->o.fsync_blocks;
	m.fdatasync_every = td->o.fdatasync_blocks;
	if (gd->emu_disk)
		emu_shared_snapshot(gd->emu_disk, &gd->emu);
	m.emu = gd->emulating ? &gd->emu : NULL;
	m.error = gd->first_error[0] ? gd->first_error
		  : td->error	     ? td->verror
				     : NULL;
	doc = stats_to_json(&gd->acct, &m);
	if (!doc) {
		log_err("%s: out of memory writing %s\n", gd->p->name, path);
		return;
	}
	ret = stats_write_file(path, doc);
	json_decref(doc);
	if (ret)
		log_err("%s: cannot write the stats file %s: %s\n", gd->p->name,
			path, strerror(-ret));
}

/*
 * fio has reaped all of its requests by now, but a linked flush it never
 * asked to wait for (the write that ended the job had one) may still be in
 * flight: wait for it, so that its write is counted durable or not.
 */
static void drain_engine_flushes(struct thread_data *td, struct glue_data *gd)
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

void glue_cleanup(struct thread_data *td)
{
	struct glue_data *gd = gd_of(td);
	unsigned i;

	if (!gd)
		return;
	drain_engine_flushes(td, gd);
	if (gd->acct_ready) {
		write_stats(td, gd);
		dur_free(&gd->acct);
	}
	emu_shared_detach(gd->emu_disk);
	if (gd->ring_ready)
		io_uring_queue_exit(&gd->ring);
	for (i = 0; i < gd->nfds; i++)
		close(gd->fds[i]);
	free(gd->fds);
	free(gd->io_u_index);
	free(gd->ios);
	free(gd->events);
	free(gd->stamps);
	free(gd->issued);
	free(gd->links);
	free(gd->priv);
	free(gd);
	td->io_ops_data = NULL;
}
