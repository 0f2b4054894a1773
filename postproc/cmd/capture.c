/* SPDX-License-Identifier: MIT */
/*
 * fioverdict capture --device DEV [--seconds N] -o FILE: the requests that
 * reach a block device, as an iolog fio replays (trace/).
 */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd_int.h"
#include "runner/runner.h"
#include "trace/trace.h"

struct capture_opts {
	const char *device;
	const char *log; /* -o FILE */
	double seconds;	 /* 0: until SIGINT or SIGTERM */
};

static volatile sig_atomic_t stop_capture;

static void on_signal(int sig)
{
	(void) sig;
	stop_capture = 1;
}

/* SIGINT and SIGTERM end the capture; the log is written as usual. */
static void catch_signals(bool on)
{
	static const int sigs[] = { SIGINT, SIGTERM, 0 };

	fv_on_signals(sigs, on ? on_signal : NULL);
}

FV_OPT_FIELD(at_device, const char *, struct capture_opts, device)
FV_OPT_FIELD(at_seconds, double, struct capture_opts, seconds)
FV_OPT_FIELD(at_log, const char *, struct capture_opts, log)

static const struct fv_option capture_opts[] = {
	FV_OPT_STRING("device", 'd', "DEV",
		      "the block device whose requests are recorded",
		      at_device),
	FV_OPT_DOUBLE(
		"seconds", 0, "TIME",
		"how long (2m, 30s; a plain number: seconds);\nwithout it, "
		"until Ctrl-C or SIGTERM",
		fv_set_period, at_seconds, 1, 1),
	FV_OPT_STRING("output", 'o', "FILE",
		      "the iolog written (fio version 3)", at_log),
	FV_OPT("help", 'h', NULL, "this help", NULL),
	FV_OPT_END,
};

static int write_log(const struct fv_cmdline *c, const struct fv_trace *t,
		     const char *path)
{
	struct fv_atomic a;
	int ret = fv_atomic_open(&a, path);

	if (ret) {
		fprintf(c->err, "fioverdict capture: %s: %s\n", path,
			strerror(-ret));
		return FV_EXIT_CANTCREAT;
	}
	ret = fv_iolog_write(t, 3, NULL, a.f);
	ret = fv_atomic_close(&a, ret);
	if (ret) {
		fprintf(c->err, "fioverdict capture: %s: %s\n", path,
			strerror(-ret));
		return FV_EXIT_IOERR;
	}
	return 0;
}

/* Where the log goes must take it: said before, not after, recording. */
static int check_output(const struct fv_cmdline *c, const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');

	snprintf(dir, sizeof(dir), "%.*s",
		 slash ? (int) (slash - path) + (slash == path) : 1,
		 slash ? path : ".");
	if (!access(dir, W_OK | X_OK))
		return 0;
	fprintf(c->err, "fioverdict capture: %s: cannot write there: %s\n",
		path, strerror(errno));
	return FV_EXIT_CANTCREAT;
}

static int capture(const struct fv_cmdline *c, const struct capture_opts *co)
{
	struct fv_capture_opts o = { .device = co->device,
				     .seconds = co->seconds,
				     .stop = &stop_capture };
	struct fv_trace t = { 0 };
	struct fv_capture_stats s;
	struct fv_error e = { 0 };
	int ret;

	if (c->verbosity >= 0)
		fprintf(c->err, "fioverdict capture: recording %s%s\n",
			co->device,
			co->seconds ? "" : " until Ctrl-C or SIGTERM");
	catch_signals(true);
	ret = fv_capture(&o, &t, &s, &e);
	catch_signals(false);
	if (ret && e.status != FV_EXIT_INPUT) {
		fv_error_print(&e, "fioverdict capture", c->err);
		ret = e.status;
		goto out;
	}
	if (!t.n) {
		fprintf(c->err,
			"fioverdict capture: %s: no request reached it while "
			"it recorded; no log written\n",
			co->device);
		ret = FV_EXIT_INPUT;
		goto out;
	}
	fv_capture_summary(c->out, co->device, &s);
	ret = write_log(c, &t, co->log);
	if (!ret && e.status) {
		/* events lost: the log is kept, and said to be incomplete */
		fv_error_print(&e, "fioverdict capture", c->err);
		ret = e.status;
	}
	if (!ret || ret == FV_EXIT_INPUT)
		fprintf(c->out, "iolog: %s\n", co->log);
out:
	fv_capture_stats_free(&s);
	fv_trace_free(&t);
	return ret;
}

static int capture_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct capture_opts co = { 0 };
	struct fv_cmdline c;
	int ret;

	fv_cmdline_init(&c, inv);
	c.own = &co;
	ret = fv_cmdline_parse(&c, argc, argv);
	if (!ret && !c.done && c.ninputs)
		ret = fv_usage_error(&c, "unexpected argument '%s'",
				     c.inputs[0]);
	if (!ret && !c.done && !co.device)
		ret = fv_usage_error(&c, "%s", "--device DEV is required");
	if (!ret && !c.done && !co.log)
		ret = fv_usage_error(&c, "%s", "-o FILE is required");
	/* not root: the capture's own first word, before anything else */
	if (!ret && !c.done && !geteuid())
		ret = check_output(&c, co.log);
	if (!ret && !c.done)
		ret = capture(&c, &co);
	fv_cmdline_free(&c);
	return ret;
}

const struct fv_command fv_cmd_capture = {
	.name = "capture",
	.help = "record a block device's requests as an iolog fio replays",
	.synopsis = "capture --device DEV [--seconds TIME] -o FILE",
	.after = "Records every request that reaches DEV (reads, writes, "
		 "flushes as sync,\ndiscards as trim) from the kernel's "
		 "block tracepoints, in a tracefs instance\nof its own, "
		 "removed when it ends; a partition's requests are its "
		 "disk's within\nit. Writes FILE, an iolog of fio version 3 "
		 "(fioverdict replay --iolog FILE),\nand prints the requests "
		 "by kind and size, the rate and the queue depth.\nExit "
		 "status: 0 ok, 2 no request, or events lost (the log is "
		 "kept, incomplete),\n64 usage, 66 DEV is not a block "
		 "device, 69 no tracefs, 70 internal error,\n73/74 FILE "
		 "cannot be written, 77 not root.\n",
	.options = (const struct fv_option *const[]){ capture_opts, NULL },
	.main = capture_main,
};
