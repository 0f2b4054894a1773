/* SPDX-License-Identifier: MIT */
/*
 * The fio side shared by our io_uring engines: options common to all of
 * them, the ring (registered files, fixed buffers, SQPOLL, batching), the
 * mapping of fio's sync requests onto flushes (on their own, or linked to
 * the write before them), and the durability accounting and stats file.
 *
 * An engine supplies a personality: how to turn an io_u into an SQE (a file
 * read or write, an NVMe command...) and a CQE back into an io_u result.
 * Everything else is here, once.
 */
#ifndef FV_GLUE_H
#define FV_GLUE_H

#include <stdbool.h>
#include <stdint.h>

#include <liburing.h>

#include "fio.h"
#include "optgroup.h"

#include "accounting/accounting.h"
#include "device/device.h"
#include "glue/fio_compat.h"
#include "emulator/emulator.h"
#include "settings/settings.h"

#define FV_ENGINE_VERSION "0.1.0"

/*
 * Option values as fio parses them (see GLUE_OPTIONS). An engine's option
 * struct must begin with this one: fio writes the td pointer at offset 0
 * (hence @pad) and hands option callbacks the struct's address.
 */
struct glue_options {
	void *pad;
	unsigned int registerfiles;
	unsigned int fixedbufs;
	unsigned int sqpoll;
	unsigned int sqpoll_cpu;
	unsigned int sqpoll_cpu_set;
	unsigned int submit_batch;
	unsigned int sync_mode;
	unsigned int write_mode;
	char *stats_file;
	unsigned int accounting;
	char *stats_host;
	/* provisioned-disk emulation (see emulator/emulator.h) */
	char *emulate;
	unsigned long long cap_iops;
	unsigned long long cap_bw;
	unsigned long long burst_iops;
	unsigned long long burst_bw;
	unsigned int burst_seconds;
	unsigned int time_scale;
	unsigned long long added_latency_us;
};

struct glue_data;

struct glue_personality {
	const char *name;
	/* extra io_uring_setup flags (IORING_SETUP_SQE128 | CQE32 for NVMe) */
	unsigned ring_flags;
	/*
	 * prep_rw makes write_mode=dsync writes durable itself (NVMe: FUA);
	 * false: the glue adds RWF_DSYNC, which a uring_cmd SQE cannot carry
	 */
	bool dsync_in_prep;
	/* fills @sqe for a read or write; 0 or a negative errno */
	int (*prep_rw)(struct thread_data *td, struct glue_data *gd,
		       struct io_u *io_u, struct io_uring_sqe *sqe);
	/*
	 * fills @sqe for a flush of @f. It cannot fail, by its type: a flush
	 * has no buffer or range to check, and a linked flush that failed
	 * after its write's SQE was taken would leave that write unflushed
	 * and an unprepared SQE in the ring.
	 */
	void (*prep_flush)(struct thread_data *td, struct glue_data *gd,
			   struct fio_file *f, enum dur_flush_kind kind,
			   struct io_uring_sqe *sqe);
	/* fills @sqe for a trim; NULL: fio's synchronous trim is used */
	int (*prep_trim)(struct thread_data *td, struct glue_data *gd,
			 struct io_u *io_u, struct io_uring_sqe *sqe);
	/*
	 * sets io_u->error and io_u->resid from a completion; also given a
	 * flush the engine linked after a write, for the sync request of
	 * fio's that waits for it
	 */
	void (*complete)(struct thread_data *td, struct io_u *io_u,
			 const struct io_uring_cqe *cqe);
	/* the errno (0: success) of a completion's res, as complete() sets */
	int (*result_errno)(int res);
	/* checks and opens @f (fd in f->fd); 0 or 1 with td's error set */
	int (*open_file)(struct thread_data *td, struct fio_file *f);
	/* fills the device facts for the stats file */
	void (*probe)(struct thread_data *td, struct glue_data *gd,
		      struct fio_file *f, struct dev_facts *facts,
		      enum tri *volatile_write_cache);
};

/* An engine-made flush chained after a write with IOSQE_IO_LINK. */
struct glue_link {
	struct dur_flush_token tok;
	struct io_u *waiter; /* fio's sync request that waits for it */
	struct glue_link *next_free;
	int res;
	bool done;
	bool claimed;
	bool in_use;
};

struct glue_io {
	uint64_t submit_ns;
	struct dur_flush_token flush; /* when the io_u is a sync */
	struct glue_link *link;	      /* write: the flush linked after it */
	struct __kernel_timespec start_at; /* emulation: when it may start */
};

struct glue_data {
	struct io_uring ring;
	bool ring_ready;
	const struct glue_personality *p;
	struct engine_settings s;
	unsigned iodepth;

	struct io_u **io_u_index;
	struct glue_io *ios;
	struct glue_link *links, *free_links, *open_link;
	unsigned nlinks;

	struct io_u **events;
	unsigned nevents;
	unsigned prepared; /* SQEs not yet submitted */
	unsigned inflight; /* SQEs submitted, CQE not yet seen */

	/* what to timestamp at the next submission */
	uint64_t **stamps;
	unsigned nstamps;
	struct io_u **issued;
	unsigned nissued;

	int *fds;
	unsigned nfds;

	struct dur_acct acct;
	bool acct_ready;
	struct emu_state emu;	     /* private, or a copy of the shared one */
	struct emu_shared *emu_disk; /* the disk every job on it shares */
	bool emulating;
	bool emu_attach_tried;
	struct dev_facts facts;
	enum tri vwc;
	bool probed;
	char target[PATH_MAX];
	/* the stats file's template with %h replaced (host.c) */
	char stats_tmpl[PATH_MAX];
	char hostname[256];
	const char *stats_host; /* the option's value, or NULL */
	char first_error[512];
	void *priv; /* the personality's own state */
};

/* The common options, to be spread into an engine's option table. */
#define GLUE_OPTIONS(base) \
	{                                                                      \
		.name = "registerfiles",                                       \
		.lname = "Register files",                                     \
		.type = FIO_OPT_STR_SET,                                       \
		.off1 = (base) + offsetof(struct glue_options, registerfiles), \
		.maxval = 1,                                                   \
		.help = "Register the job's files with io_uring (saves a "    \
			"file lookup per I/O)",                                \
		.category = FIO_OPT_C_ENGINE,                                  \
		.group = FIO_OPT_G_IOURING,                                    \
	},                                                                     \
	{                                                                      \
		.name = "fixedbufs",                                           \
		.lname = "Fixed (pre-mapped) I/O buffers",                     \
		.type = FIO_OPT_STR_SET,                                       \
		.off1 = (base) + offsetof(struct glue_options, fixedbufs),     \
		.maxval = 1,                                                   \
		.help = "Register the I/O buffers with io_uring (no page "    \
			"pinning per I/O)",                                    \
		.category = FIO_OPT_C_ENGINE,                                  \
		.group = FIO_OPT_G_IOURING,                                    \
	},                                                                     \
	{                                                                      \
		.name = "sqthread_poll",                                       \
		.lname = "Kernel SQ thread polling",                           \
		.type = FIO_OPT_STR_SET,                                       \
		.off1 = (base) + offsetof(struct glue_options, sqpoll),        \
		.maxval = 1,                                                   \
		.help = "A kernel thread polls the submission queue "         \
			"(SQPOLL; implies registerfiles)",                     \
		.category = FIO_OPT_C_ENGINE,                                  \
		.group = FIO_OPT_G_IOURING,                                    \
	},                                                                     \
	{                                                                      \
		.name = "sqthread_poll_cpu",                                   \
		.lname = "SQ thread poll CPU",                                 \
		.type = FIO_OPT_INT,                                           \
		.cb = glue_sqpoll_cpu_cb,                                      \
		.help = "CPU the SQPOLL kernel thread is pinned to (needs "   \
			"sqthread_poll)",                                      \
		.category = FIO_OPT_C_ENGINE,                                  \
		.group = FIO_OPT_G_IOURING,                                    \
	},                                                                     \
	{                                                                      \
		.name = "submit_batch",                                        \
		.lname = "Submission batch",                                   \
		.type = FIO_OPT_INT,                                           \
		.off1 = (base) + offsetof(struct glue_options, submit_batch),  \
		.def = "0",                                                    \
		.minval = 0,                                                   \
		.maxval = 65536,                                               \
		.help = "Submit as soon as this many requests are prepared "  \
			"(0: when fio commits, per iodepth_batch)",            \
		.category = FIO_OPT_C_ENGINE,                                  \
		.group = FIO_OPT_G_IOURING,                                    \
	},                                                                     \
	{                                                                      \
		.name = "sync_mode",                                           \
		.lname = "How fio's syncs are executed",                       \
		.type = FIO_OPT_STR,                                           \
		.off1 = (base) + offsetof(struct glue_options, sync_mode),     \
		.def = "asked",                                                \
		.help = "How fsync=/fdatasync= requests become flushes",      \
		.posval = {                                                    \
			{ .ival = "asked",                                     \
			  .oval = SYNC_MODE_ASKED,                             \
			  .help = "A flush of its own, fsync or fdatasync as " \
				  "fio asks" },                                \
			{ .ival = "linked",                                    \
			  .oval = SYNC_MODE_LINKED,                            \
			  .help = "Chained to the write before it "           \
				  "(IOSQE_IO_LINK): no round trip between "    \
				  "them" },                                    \
		},                                                             \
		.category = FIO_OPT_C_ENGINE,                                  \
		.group = FIO_OPT_G_IOURING,                                    \
	},                                                                     \
	{                                                                      \
		.name = "write_mode",                                          \
		.lname = "Write durability mode",                              \
		.type = FIO_OPT_STR,                                           \
		.off1 = (base) + offsetof(struct glue_options, write_mode),    \
		.def = "normal",                                               \
		.help = "Whether each write is durable on its own",           \
		.posval = {                                                    \
			{ .ival = "normal",                                    \
			  .oval = WRITE_MODE_NORMAL,                           \
			  .help = "Plain writes; durable after a flush" },     \
			{ .ival = "dsync",                                     \
			  .oval = WRITE_MODE_DSYNC,                            \
			  .help = "RWF_DSYNC on every write (a FUA write on "  \
				  "a block device)" },                         \
		},                                                             \
		.category = FIO_OPT_C_ENGINE,                                  \
		.group = FIO_OPT_G_IOURING,                                    \
	},                                                                     \
	{                                                                      \
		.name = "stats_file",                                          \
		.lname = "Durability stats file",                              \
		.type = FIO_OPT_STR_STORE,                                     \
		.off1 = (base) + offsetof(struct glue_options, stats_file),    \
		.help = "Where the JSON stats go (default "                   \
			"%j_durability.%n.json, under fio --server "           \
			"%j_durability.%h.%n.json; %j job, %n thread number, " \
			"%p pid, %h host; - for none)",                        \
		.category = FIO_OPT_C_ENGINE,                                  \
		.group = FIO_OPT_G_IOURING,                                    \
	},                                                                     \
	{                                                                      \
		.name = "stats_host",                                          \
		.lname = "Host name in the stats",                             \
		.type = FIO_OPT_STR_STORE,                                     \
		.off1 = (base) + offsetof(struct glue_options, stats_host),    \
		.help = "This host's name in the stats (%h, and the stats "   \
			"line sent to fio's client); default: the host name, " \
			"under fio --server with the address and port",        \
		.category = FIO_OPT_C_ENGINE,                                  \
		.group = FIO_OPT_G_IOURING,                                    \
	},                                                                     \
	{                                                                        \
		.name = "accounting", .lname = "Durability accounting",          \
		.type = FIO_OPT_BOOL,                                            \
		.off1 = (base) + offsetof(struct glue_options, accounting),      \
		.def = "1",                                                      \
		.help = "Account flushes and write-to-durable latency, and "     \
			"write the stats file (0: off, to measure overhead)",    \
		.category = FIO_OPT_C_ENGINE, .group = FIO_OPT_G_IOURING,        \
	},                                                                       \
	GLUE_EMU_OPTIONS(base)

#define GLUE_EMU_OPT(base, oname, field, otype, ohelp, odef)              \
	{                                                                 \
		.name = oname, .lname = oname, .type = otype,             \
		.off1 = (base) + offsetof(struct glue_options, field),    \
		.help = ohelp, .def = odef, .category = FIO_OPT_C_ENGINE, \
		.group = FIO_OPT_G_IOURING,                               \
	}

/* The provisioned-disk emulator's options; 0 leaves a preset's value. */
#define GLUE_EMU_OPTIONS(base)                                                 \
	GLUE_EMU_OPT(base, "emulate", emulate, FIO_OPT_STR_STORE,              \
		     "Emulate a provisioned disk: a catalog ID (azure:P10, "   \
		     "aws:gp2:100GiB; fioverdict catalog list) or an alias "   \
		     "azure-p10, azure-p30, azure-pv2, aws-gp2-100g, aws-gp3 " \
		     "(options below override)",                               \
		     NULL),                                                    \
		GLUE_EMU_OPT(base, "cap_iops", cap_iops, FIO_OPT_STR_VAL,      \
			     "Emulated baseline IOPS cap (0: none)", NULL),    \
		GLUE_EMU_OPT(                                                  \
			base, "cap_bw", cap_bw, FIO_OPT_STR_VAL,               \
			"Emulated baseline bandwidth cap, bytes/s (0: none)",  \
			NULL),                                                 \
		GLUE_EMU_OPT(base, "burst_iops", burst_iops, FIO_OPT_STR_VAL,  \
			     "Emulated credit burst IOPS, above cap_iops",     \
			     NULL),                                            \
		GLUE_EMU_OPT(base, "burst_bw", burst_bw, FIO_OPT_STR_VAL,      \
			     "Emulated credit burst bandwidth, bytes/s, "      \
			     "above cap_bw",                                   \
			     NULL),                                            \
		GLUE_EMU_OPT(base, "burst_seconds", burst_seconds,             \
			     FIO_OPT_INT,                                      \
			     "Seconds a full credit bucket lasts at the "      \
			     "burst rate "                                     \
			     "(provider time)",                                \
			     NULL),                                            \
		GLUE_EMU_OPT(base, "time_scale", time_scale, FIO_OPT_INT,      \
			     "Divide the credit bucket by this: rehearse an "  \
			     "N times "                                        \
			     "shorter burst",                                  \
			     "1"),                                             \
		GLUE_EMU_OPT(                                                  \
			base, "added_latency", added_latency_us,               \
			FIO_OPT_STR_VAL_TIME,                                  \
			"Emulated round trip added to every I/O (e.g. 500us, " \
			"2ms)",                                                \
			NULL)

int glue_sqpoll_cpu_cb(void *data, unsigned long long *val);

/*
 * Reports an error in fio's format, with our own words for the cause, and
 * keeps the first one for the stats file. Returns 1, fio's failure value.
 */
int glue_fail(struct thread_data *td, int err, const char *func,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

int glue_init(struct thread_data *td, struct glue_options *o,
	      const char *engine, const struct glue_personality *p);
int glue_post_init(struct thread_data *td);
int glue_io_u_init(struct thread_data *td, struct io_u *io_u);
enum fio_q_status glue_queue(struct thread_data *td, struct io_u *io_u);
int glue_commit(struct thread_data *td);
int glue_getevents(struct thread_data *td, unsigned int min, unsigned int max,
		   const struct timespec *t);
struct io_u *glue_event(struct thread_data *td, int event);
void glue_cleanup(struct thread_data *td);
int glue_open_file(struct thread_data *td, struct fio_file *f);
int glue_close_file(struct thread_data *td, struct fio_file *f);
int glue_get_file_size(struct thread_data *td, struct fio_file *f);

/*
 * The ioengine_ops fields every engine of ours fills alike: the ring's
 * life cycle is the glue's; an engine's table adds its name, flags, init,
 * cleanup, error details, file size and options.
 */
#define GLUE_RING_OPS                                              \
	.version = FIO_IOOPS_VERSION, .post_init = glue_post_init, \
	.io_u_init = glue_io_u_init, .queue = glue_queue,          \
	.commit = glue_commit, .getevents = glue_getevents,        \
	.event = glue_event, .open_file = glue_open_file,          \
	.close_file = glue_close_file

static inline struct glue_data *gd_of_td(struct thread_data *td)
{
	return (struct glue_data *) td->io_ops_data;
}

#endif
