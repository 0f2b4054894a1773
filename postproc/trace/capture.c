/* SPDX-License-Identifier: MIT */
/*
 * fioverdict capture: the block layer's requests to one device, from a
 * tracefs instance of our own. An instance has its own buffer, events and
 * filters, so a capture neither disturbs nor is disturbed by other tracers,
 * and removing it leaves the system as it was.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "trace.h"
#include "tracefs.h"
#include "util/util.h"

#define INSTANCE_PREFIX "fioverdict-capture-"
#define MAX_INFLIGHT 4096

struct session {
	char root[64];	       /* the tracefs mount */
	char inst[160];	       /* root/instances/NAME, once made */
	unsigned major, minor; /* the disk the requests carry */
	uint64_t first, end;   /* a partition's sectors on it */
	const char *device;
};

/*
 * Requests in flight: the queue depth. Each by where it is: a partial
 * completion reports the sector it starts at and how many it finished,
 * so pos moves on and the request ends when nothing is left of it.
 */
struct flight {
	uint64_t pos;	  /* the next sector to complete; UINT64_MAX: a flush */
	uint64_t left;	  /* sectors not completed yet */
	char op;	  /* W, R, D, F: its operation, past a preflush */
	size_t req, nreq; /* its requests in the trace (a preflush: two) */
};

struct inflight {
	struct flight v[MAX_INFLIGHT];
	unsigned n;
	uint64_t last_t;
	double area; /* depth x time, while any was in flight */
	double busy;
};

static int write_file(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX];
	int fd, ret = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (write(fd, text, strlen(text)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

static bool has_instances(const char *root)
{
	char path[128];
	struct stat st;

	snprintf(path, sizeof(path), "%s/instances", root);
	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* tracefs where it is mounted, or mounted where systemd would. */
static int find_tracefs(struct session *ss, struct fv_error *e)
{
	static const char *const roots[] = { "/sys/kernel/tracing",
					     "/sys/kernel/debug/tracing" };

	for (size_t i = 0; i < 2; i++)
		if (has_instances(roots[i])) {
			snprintf(ss->root, sizeof(ss->root), "%s", roots[i]);
			return 0;
		}
	if (!mount("nodev", roots[0], "tracefs", 0, NULL) &&
	    has_instances(roots[0])) {
		snprintf(ss->root, sizeof(ss->root), "%s", roots[0]);
		return 0;
	}
	return fv_error_set(e, ENODEV, FV_EXIT_UNAVAILABLE, "tracefs", 0,
			    "the kernel's tracefs is not mounted and cannot "
			    "be (mount -t tracefs nodev /sys/kernel/tracing: "
			    "%s); it needs CONFIG_TRACING and the block "
			    "tracepoints",
			    strerror(errno));
}

/* "/sys/dev/block/M:m/NAME" as a number; -1 when absent. */
static long long sysfs_number(unsigned major, unsigned minor, const char *name)
{
	char path[128];
	long long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/%s", major, minor,
		 name);
	f = fopen(path, "re");
	if (!f)
		return -1;
	if (fscanf(f, "%lld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

/*
 * Requests carry the whole disk's number: a partition is its disk's
 * requests within the partition's sectors, which the log gives relative
 * to the partition's start.
 */
static int find_device(struct session *ss, struct fv_error *e)
{
	struct stat st;
	long long start, size;
	char link[PATH_MAX], path[128];
	unsigned ma, mi;

	if (stat(ss->device, &st))
		return fv_error_set(e, errno, FV_EXIT_NOINPUT, ss->device, 0,
				    "%s", strerror(errno));
	if (!S_ISBLK(st.st_mode))
		return fv_error_set(e, ENOTBLK, FV_EXIT_NOINPUT, ss->device, 0,
				    "not a block device: capture records "
				    "the requests that reach a disk "
				    "(/dev/sdb, /dev/nvme0n1, /dev/loop0)");
	ss->major = major(st.st_rdev);
	ss->minor = minor(st.st_rdev);
	ss->first = 0;
	ss->end = UINT64_MAX;
	start = sysfs_number(ss->major, ss->minor, "start");
	if (start < 0)
		return 0;
	size = sysfs_number(ss->major, ss->minor, "size");
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/../dev", ss->major,
		 ss->minor);
	if (!realpath(path, link) || !strstr(link, "/dev"))
		return 0;
	FILE *f = fopen(link, "re");
	if (!f)
		return 0;
	if (fscanf(f, "%u:%u", &ma, &mi) == 2) {
		ss->major = ma;
		ss->minor = mi;
		ss->first = (uint64_t) start;
		ss->end = (uint64_t) start + (uint64_t) (size > 0 ? size : 0);
	}
	fclose(f);
	return 0;
}

/* An instance left by a capture that was killed: its process is gone. */
static void remove_stale(const struct session *ss)
{
	char dir[128], path[PATH_MAX];
	struct dirent *d;
	DIR *dp;

	snprintf(dir, sizeof(dir), "%s/instances", ss->root);
	dp = opendir(dir);
	if (!dp)
		return;
	while ((d = readdir(dp))) {
		long pid;

		if (strncmp(d->d_name, INSTANCE_PREFIX,
			    sizeof(INSTANCE_PREFIX) - 1))
			continue;
		pid = strtol(d->d_name + sizeof(INSTANCE_PREFIX) - 1, NULL, 10);
		if (pid <= 0 || !kill((pid_t) pid, 0) || errno != ESRCH)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		rmdir(path);
	}
	closedir(dp);
}

/*
 * The events that end a request before the one that starts it, with the
 * instance off until all are on: an issue seen without its completion
 * would stay in flight for good.
 */
static int setup(struct session *ss, struct fv_error *e)
{
	static const char *const events[] = { "block_rq_complete",
					      "block_rq_requeue",
					      "block_rq_issue" };
	char filter[64], path[PATH_MAX], size[32];
	long ncpu;
	int ret;

	remove_stale(ss);
	snprintf(path, sizeof(path), "%s/instances/%s%ld", ss->root,
		 INSTANCE_PREFIX, (long) getpid());
	if (mkdir(path, 0700))
		return fv_error_set(e, errno, FV_EXIT_UNAVAILABLE, path, 0,
				    "cannot make a tracefs instance: %s",
				    strerror(errno));
	snprintf(ss->inst, sizeof(ss->inst), "%s/instances/%s%ld", ss->root,
		 INSTANCE_PREFIX, (long) getpid());
	write_file(ss->inst, "tracing_on", "0");
	/*
	 * Per CPU: room for seconds of a busy disk between two reads, 16
	 * MiB, and no more than 256 MiB over all the CPUs.
	 */
	ncpu = sysconf(_SC_NPROCESSORS_CONF);
	snprintf(size, sizeof(size), "%ld", ncpu > 16 ? 262144 / ncpu : 16384);
	write_file(ss->inst, "buffer_size_kb", size);
	snprintf(filter, sizeof(filter), "dev == %u",
		 (ss->major << 20) | ss->minor);
	for (size_t i = 0; i < FV_ARRAY_SIZE(events); i++) {
		snprintf(path, sizeof(path), "events/block/%s/filter",
			 events[i]);
		ret = write_file(ss->inst, path, filter);
		snprintf(path, sizeof(path), "events/block/%s/enable",
			 events[i]);
		if (!ret)
			ret = write_file(ss->inst, path, "1");
		if (ret)
			return fv_error_set(e, -ret, FV_EXIT_UNAVAILABLE,
					    ss->inst, 0,
					    "cannot enable %s: %s (the "
					    "kernel's block tracepoints)",
					    events[i], strerror(-ret));
	}
	ret = write_file(ss->inst, "tracing_on", "1");
	return ret ? fv_error_set(e, -ret, FV_EXIT_UNAVAILABLE, ss->inst, 0,
				  "cannot start tracing: %s", strerror(-ret))
		   : 0;
}

static void teardown(struct session *ss)
{
	if (!ss->inst[0])
		return;
	write_file(ss->inst, "tracing_on", "0");
	write_file(ss->inst, "events/block/enable", "0");
	rmdir(ss->inst);
	ss->inst[0] = '\0';
}

/* The events the instance's buffers dropped, over every CPU. */
static uint64_t lost_events(const struct session *ss)
{
	char path[PATH_MAX], line[256];
	uint64_t lost = 0;

	for (int cpu = 0;; cpu++) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", ss->inst,
			 cpu);
		f = fopen(path, "re");
		if (!f)
			break;
		while (fgets(line, sizeof(line), f)) {
			unsigned long long n;

			if (sscanf(line, "overrun: %llu", &n) == 1 ||
			    sscanf(line, "dropped events: %llu", &n) == 1)
				lost += n;
		}
		fclose(f);
	}
	return lost;
}

static void depth_step(struct inflight *q, uint64_t t)
{
	if (q->n && t > q->last_t) {
		q->area += (double) q->n * (double) (t - q->last_t);
		q->busy += (double) (t - q->last_t);
	}
	q->last_t = t;
}

static void depth_issue(struct inflight *q, const struct flight *f, uint64_t t,
			struct fv_capture_stats *s)
{
	depth_step(q, t);
	if (q->n < MAX_INFLIGHT)
		q->v[q->n++] = *f;
	if (q->n > s->qd_max)
		s->qd_max = q->n;
}

/* The request at pos; of operation op, unless op is 0 (any). */
static struct flight *in_flight(struct inflight *q, uint64_t pos, char op)
{
	for (unsigned i = 0; i < q->n; i++)
		if (q->v[i].pos == pos && (!op || q->v[i].op == op))
			return &q->v[i];
	return NULL;
}

/* "FWS" -> 'W', "RA" -> 'R', "FF" -> 'F': the operation past a preflush. */
static char op_of(const char *rwbs)
{
	return rwbs[0] == 'F' && rwbs[1] && strchr("WRDF", rwbs[1]) ? rwbs[1]
								    : rwbs[0];
}

static void depth_end(struct inflight *q, struct flight *f)
{
	*f = q->v[--q->n];
}

/* n sectors of the request at pos done; one issued before us: nothing. */
static void depth_complete(struct inflight *q, uint64_t pos, uint64_t n,
			   uint64_t t)
{
	struct flight *f = in_flight(q, pos, 0);

	depth_step(q, t);
	if (!f)
		return;
	if (pos == UINT64_MAX)
		n = 1; /* a flush has no sectors: its completion ends it */
	else
		f->pos += n;
	f->left -= n < f->left ? n : f->left;
	if (!f->left)
		depth_end(q, f);
}

/*
 * A request given back to the queue is issued again later: the first
 * issue is no request of the workload's, and leaves the log.
 */
static void depth_requeue(struct inflight *q, uint64_t pos, char op, uint64_t t,
			  struct fv_trace *tr, struct fv_capture_stats *s)
{
	struct flight *f = in_flight(q, pos, op);

	depth_step(q, t);
	if (!f)
		return;
	for (size_t i = f->req; i < f->req + f->nreq && i < tr->n; i++)
		tr->v[i].kind = FV_TRACE_KINDS; /* dropped in finish() */
	s->requeued++;
	depth_end(q, f);
}

static int add_request(const struct session *ss,
		       const struct fv_block_event *ev, struct fv_trace *t,
		       struct fv_capture_stats *s)
{
	int kinds[2], n = fv_block_event_kinds(ev, kinds);
	struct fv_trace_req r = { .t_us = ev->t_us };

	if (!n)
		s->skipped++;
	for (int i = 0; i < n; i++) {
		r.kind = (enum fv_trace_kind) kinds[i];
		r.offset = r.kind == FV_TRACE_SYNC
				   ? 0
				   : (ev->sector - ss->first) * 512u;
		r.len = r.kind == FV_TRACE_SYNC ? 0 : ev->nsectors * 512u;
		if (fv_trace_add(t, &r))
			return -ENOMEM;
	}
	return 0;
}

/* One line of trace_pipe: a request of ours is kept, others ignored. */
static int take_line(const struct session *ss, const char *line,
		     struct fv_trace *t, struct fv_capture_stats *s,
		     struct inflight *q)
{
	struct fv_block_event ev;
	struct flight f;
	bool flush;

	if (fv_block_event_parse(line, &ev) || ev.major != ss->major ||
	    ev.minor != ss->minor)
		return 0;
	flush = !ev.nsectors;
	/* a flush carries no sector: it belongs to the whole disk */
	if (!flush && (ev.sector < ss->first || ev.sector >= ss->end))
		return 0;
	f.pos = flush ? UINT64_MAX : ev.sector;
	if (ev.what == FV_BLK_COMPLETE) {
		depth_complete(q, f.pos, ev.nsectors, ev.t_us);
		return 0;
	}
	if (ev.what == FV_BLK_REQUEUE) {
		depth_requeue(q, f.pos, op_of(ev.rwbs), ev.t_us, t, s);
		return 0;
	}
	f.left = flush ? 1 : ev.nsectors;
	f.op = op_of(ev.rwbs);
	f.req = t->n;
	if (add_request(ss, &ev, t, s))
		return -ENOMEM;
	f.nreq = t->n - f.req;
	depth_issue(q, &f, ev.t_us, s);
	return 0;
}

/* Reads what trace_pipe has; the lines are split here, a part kept. */
static int drain(int fd, const struct session *ss, char *buf, size_t *have,
		 size_t cap, struct fv_trace *t, struct fv_capture_stats *s,
		 struct inflight *q, bool all)
{
	/* a bounded bite unless all: the caller watches the time and stop */
	for (int bites = 0; all || bites < 16; bites++) {
		ssize_t got = read(fd, buf + *have, cap - 1 - *have);
		char *line = buf, *nl;

		if (got < 0)
			return errno == EAGAIN || errno == EINTR ? 0 : -errno;
		if (!got)
			return 0;
		*have += (size_t) got;
		buf[*have] = '\0';
		while ((nl = strchr(line, '\n'))) {
			*nl = '\0';
			if (take_line(ss, line, t, s, q))
				return -ENOMEM;
			line = nl + 1;
		}
		*have -= (size_t) (line - buf);
		memmove(buf, line, *have);
		if (*have == cap - 1)
			*have = 0; /* no line is that long: drop it */
	}
	return 0;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

static int record(const struct fv_capture_opts *o, struct session *ss,
		  struct fv_trace *t, struct fv_capture_stats *s,
		  struct fv_error *e)
{
	struct inflight *q = calloc(1, sizeof(*q));
	char path[PATH_MAX], *buf = malloc(1 << 16);
	double end = o->seconds > 0 ? now_s() + o->seconds : 0;
	size_t have = 0;
	int fd, ret = 0;

	snprintf(path, sizeof(path), "%s/trace_pipe", ss->inst);
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (!buf || !q || fd < 0) {
		ret = buf && q ? fv_error_set(e, errno, FV_EXIT_UNAVAILABLE,
					      path, 0, "%s", strerror(errno))
			       : -ENOMEM;
		goto out;
	}
	while (!ret && !(o->stop && *o->stop) && (!end || now_s() < end)) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		poll(&p, 1, 100);
		ret = drain(fd, ss, buf, &have, 1 << 16, t, s, q, false);
	}
	/* what the buffers still hold, once nothing more comes in */
	write_file(ss->inst, "tracing_on", "0");
	if (!ret)
		ret = drain(fd, ss, buf, &have, 1 << 16, t, s, q, true);
	if (ret && ret != -ENOMEM)
		ret = fv_error_set(e, -ret, FV_EXIT_UNAVAILABLE, path, 0,
				   "reading the trace: %s", strerror(-ret));
	s->qd_mean = q->busy > 0 ? q->area / q->busy : 0;
	s->lost = lost_events(ss);
out:
	if (fd >= 0)
		close(fd);
	free(buf);
	free(q);
	return ret;
}

static int by_time(const void *a, const void *b)
{
	const struct fv_trace_req *x = a, *y = b;

	if (x->t_us != y->t_us)
		return (x->t_us > y->t_us) - (x->t_us < y->t_us);
	return (x->line > y->line) - (x->line < y->line);
}

static void count_size(struct fv_capture_stats *s, const struct fv_trace_req *r)
{
	for (size_t i = 0; i < 16; i++) {
		if (s->sizes[r->kind][i].n &&
		    s->sizes[r->kind][i].len != r->len)
			continue;
		s->sizes[r->kind][i].len = r->len;
		s->sizes[r->kind][i].n++;
		return;
	}
}

/*
 * Times from 0 at the first request; the figures of the summary. The
 * per-CPU buffers are merged by time already; sorting keeps the log's
 * times from ever going back (an iolog v3 must not).
 */
static int finish(struct fv_trace *t, struct fv_capture_stats *s)
{
	size_t kept = 0;
	uint64_t t0;

	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].kind < FV_TRACE_KINDS)
			t->v[kept++] = t->v[i];
	t->n = kept;
	if (!t->n)
		return 0;
	/* in the order seen at equal times: a preflush before its write */
	for (size_t i = 0; i < t->n; i++)
		t->v[i].line = (uint32_t) (i + 1);
	qsort(t->v, t->n, sizeof(*t->v), by_time);
	for (size_t i = 0; i < t->n; i++)
		t->v[i].line = 0;
	t0 = t->v[0].t_us;
	for (size_t i = 0; i < t->n; i++)
		t->v[i].t_us -= t0;
	s->seconds = (double) t->v[t->n - 1].t_us / 1e6;
	s->nseconds = (size_t) s->seconds + 1;
	s->per_second = calloc(s->nseconds, sizeof(*s->per_second));
	if (!s->per_second)
		return -ENOMEM;
	for (size_t i = 0; i < t->n; i++) {
		const struct fv_trace_req *r = &t->v[i];

		s->count[r->kind]++;
		s->bytes[r->kind] += r->len;
		count_size(s, r);
		s->per_second[r->t_us / 1000000u]++;
	}
	return 0;
}

int fv_capture(const struct fv_capture_opts *o, struct fv_trace *t,
	       struct fv_capture_stats *s, struct fv_error *e)
{
	struct session ss = { .device = o->device };
	int ret;

	memset(s, 0, sizeof(*s));
	t->version = 3;
	t->timed = true;
	if (geteuid())
		return fv_error_set(e, EPERM, FV_EXIT_NOPERM, NULL, 0,
				    "capture needs root: the kernel's "
				    "tracefs is root's (run it with sudo)");
	ret = find_device(&ss, e);
	if (!ret)
		ret = find_tracefs(&ss, e);
	if (!ret)
		ret = setup(&ss, e);
	if (!ret)
		ret = record(o, &ss, t, s, e);
	teardown(&ss);
	if (!ret && !(t->target = strdup(o->device)))
		ret = -ENOMEM;
	if (!ret)
		ret = finish(t, s);
	if (ret == -ENOMEM)
		return fv_error_set(e, ENOMEM, FV_EXIT_SOFTWARE, NULL, 0,
				    "out of memory");
	if (!ret && s->lost)
		return fv_error_set(e, EOVERFLOW, FV_EXIT_INPUT, o->device, 0,
				    "the kernel's trace buffer dropped %llu "
				    "events: the log misses requests",
				    (unsigned long long) s->lost);
	return ret;
}

void fv_capture_stats_free(struct fv_capture_stats *s)
{
	free(s->per_second);
	s->per_second = NULL;
}
