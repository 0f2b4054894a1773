/* SPDX-License-Identifier: MIT */
/*
 * fioverdict replay --iolog FILE --target LABEL=PATH | --sku [LABEL=]ID
 * [--vm SIZE]...: a captured trace replayed on each candidate with
 * jobfiles/replay.fio (at its own pace, then as fast as it allows), each
 * a run directory as `fioverdict run` makes, then the comparison.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd_int.h"
#include "runner/runner.h"
#include "trace/trace.h"

#define MAX_CANDIDATES 16
#define NEOPTS 6

struct candidate {
	char label[96];
	const char *target; /* a real target; NULL: emulated */
	const char *sku;    /* the emulated disk's ID */
	const char *vm;	    /* --vm after its --sku: vm_id */
	char vm_id[96];
	/* as --sku and --path say it: the manifest's (spec: their text) */
	const char *specs[2];
	char spec[2][300];
	char scratch[4200]; /* the emulated disk's backing file */
	char eopt[NEOPTS][64];
	struct fv_run r;
};

struct replay_opts {
	const char *iolog;
	const char *outdir;
	int iodepth;
	bool force;
	struct candidate cand[MAX_CANDIDATES];
	size_t n;
	struct fv_trace trace;
	uint64_t extent; /* the trace's last byte, +1 */
	size_t dropped;	 /* trims this fio cannot replay, left out */
};

static struct candidate *new_candidate(struct fv_cmdline *c, const char *label,
				       size_t len)
{
	struct replay_opts *ro = c->own;
	struct candidate *k;

	if (ro->n == MAX_CANDIDATES) {
		fv_usage_error(c, "at most %d candidates", MAX_CANDIDATES);
		return NULL;
	}
	k = &ro->cand[ro->n];
	snprintf(k->label, sizeof(k->label), "%.*s", (int) len, label);
	for (size_t i = 0; i < ro->n; i++)
		if (!strcmp(ro->cand[i].label, k->label)) {
			fv_usage_error(c, "two candidates named '%s'",
				       k->label);
			return NULL;
		}
	if (!fv_run_label_ok(k->label)) {
		fv_usage_error(c,
			       "candidate '%s': use letters, digits, '.', "
			       "'+' and '-' (no '_', which splits file "
			       "names)",
			       k->label);
		return NULL;
	}
	ro->n++;
	return k;
}

static int set_target(struct fv_cmdline *c, const struct fv_option *o,
		      const char *arg)
{
	const char *eq = strchr(arg, '=');
	struct candidate *k;

	(void) o;
	if (!eq || eq == arg || !eq[1])
		return fv_usage_error(c,
				      "--target %s: expected LABEL=PATH (a "
				      "scratch device or file)",
				      arg);
	k = new_candidate(c, arg, (size_t) (eq - arg));
	if (!k)
		return FV_EXIT_USAGE;
	k->target = eq + 1;
	return 0;
}

/* "azure:P15" -> "P15"; with a VM "P15+D4s-v3": a short label. */
static void sku_label(char *buf, size_t len, const char *sku, const char *vm)
{
	const char *id = strchr(sku, ':') ? strchr(sku, ':') + 1 : sku;

	if (vm) {
		const char *v = strchr(vm, ':') ? strchr(vm, ':') + 1 : vm;

		if (!strncmp(v, "Standard_", 9))
			v += 9;
		snprintf(buf, len, "%s+%s", id, v);
	} else
		snprintf(buf, len, "%s", id);
	for (char *p = buf; *p; p++)
		if (*p == ':' || *p == '_')
			*p = '-';
}

static int set_sku(struct fv_cmdline *c, const struct fv_option *o,
		   const char *arg)
{
	const char *eq = strchr(arg, '=');
	char label[96];
	struct candidate *k;

	(void) o;
	if (eq)
		k = new_candidate(c, arg, (size_t) (eq - arg));
	else {
		sku_label(label, sizeof(label), arg, NULL);
		k = new_candidate(c, label, strlen(label));
	}
	if (!k)
		return FV_EXIT_USAGE;
	k->sku = eq ? eq + 1 : arg;
	if (!*k->sku)
		return fv_usage_error(c, "--sku %s: expected [LABEL=]ID", arg);
	return 0;
}

/* --vm belongs to the --sku before it (its label grows, unless given). */
static int set_vm(struct fv_cmdline *c, const struct fv_option *o,
		  const char *arg)
{
	struct replay_opts *ro = c->own;
	struct candidate *k = ro->n ? &ro->cand[ro->n - 1] : NULL;
	const char *vm = strchr(arg, ':') ? arg : NULL;
	char full[96], label[96];

	(void) o;
	if (!k || !k->sku || k->vm)
		return fv_usage_error(c, "--vm %s: give it after its --sku",
				      arg);
	if (!vm)
		snprintf(full, sizeof(full), "%.*s:%s",
			 (int) strcspn(k->sku, ":"), k->sku, arg);
	snprintf(k->vm_id, sizeof(k->vm_id), "%s", vm ? vm : full);
	k->vm = k->vm_id;
	sku_label(label, sizeof(label), k->sku, NULL);
	if (strcmp(label, k->label))
		return 0; /* named by --sku LABEL=ID: kept */
	sku_label(label, sizeof(label), k->sku, k->vm);
	for (size_t i = 0; i + 1 < ro->n; i++)
		if (!strcmp(ro->cand[i].label, label))
			return fv_usage_error(c,
					      "two candidates named '%s': name "
					      "one (--sku LABEL=ID)",
					      label);
	if (!fv_run_label_ok(label))
		return fv_usage_error(c,
				      "--vm %s: '%s' is no label (letters, "
				      "digits, '.', '+', '-'): name it (--sku "
				      "LABEL=ID)",
				      arg, label);
	snprintf(k->label, sizeof(k->label), "%s", label);
	return 0;
}

FV_OPT_FIELD(at_iolog, const char *, struct replay_opts, iolog)
FV_OPT_FIELD(at_outdir, const char *, struct replay_opts, outdir)
FV_OPT_FIELD(at_iodepth, int, struct replay_opts, iodepth)
FV_OPT_FIELD(at_force, bool, struct replay_opts, force)

static const struct fv_option replay_opts[] = {
	FV_OPT_STRING("iolog", 'i', "FILE",
		      "the trace: an iolog of fio version 2 or 3\n(fioverdict "
		      "capture)",
		      at_iolog),
	FV_OPT("target", 't', "LABEL=PATH",
	       "a candidate: a scratch device or file, written\nto "
	       "(repeatable)",
	       set_target),
	FV_OPT("sku", 0, "[LABEL=]ID",
	       "a candidate emulated from the catalog, e.g.\nazure:P15 "
	       "(repeatable)",
	       set_sku),
	FV_OPT("vm", 0, "SIZE",
	       "the VM of the --sku before it, whose limits\napply too "
	       "(Standard_D4s_v3)",
	       set_vm),
	FV_OPT_STRING("out", 'o', "DIR", "results directory (default results)",
		      at_outdir),
	FV_OPT_INT("iodepth", 0, "N",
		   "at most N requests in flight (default 32)", at_iodepth, 1),
	FV_OPT_BOOL(
		"force", 0,
		"replay on a target that holds a file system\n(destroys it)",
		at_force),
	FV_OPT("help", 'h', NULL, "this help", NULL),
	FV_OPT_END,
};

static int parse(struct fv_cmdline *c, int argc, char **argv)
{
	struct replay_opts *ro = c->own;
	int ret;

	ro->outdir = "results";
	ro->iodepth = 32;
	ret = fv_cmdline_parse(c, argc, argv);
	if (ret || c->done)
		return ret;
	if (c->ninputs)
		return fv_usage_error(c, "unexpected argument '%s'",
				      c->inputs[0]);
	if (!ro->iolog)
		return fv_usage_error(c, "%s", "--iolog FILE is required");
	if (!ro->n)
		return fv_usage_error(c, "%s",
				      "no candidate: give --target LABEL=PATH "
				      "or --sku ID");
	/* the emulated candidates' SKUs, as --sku and --path say them */
	for (size_t i = 0; i < ro->n && !ret; i++) {
		struct candidate *k = &ro->cand[i];

		if (!k->sku)
			continue;
		snprintf(k->spec[0], sizeof(k->spec[0]), "%s=%s%s%s", k->label,
			 k->sku, k->vm ? "+" : "", k->vm ? k->vm : "");
		k->specs[0] = k->spec[0];
		ret = fv_push_arg(&c->sku_specs, k->specs[0]);
		if (!ret && k->vm) {
			snprintf(k->spec[1], sizeof(k->spec[1]), "%s=uncached",
				 k->label);
			k->specs[1] = k->spec[1];
			ret = fv_push_arg(&c->path_specs, k->specs[1]);
		}
	}
	return ret ? ret : fv_skus_resolve(c);
}

/*
 * What fio can replay of the trace: a read or a write (fio refuses a log
 * of syncs and trims alone); its times from 0, and its extent.
 */
static int trace_usable(struct fv_cmdline *c, struct replay_opts *ro)
{
	ro->extent = fv_trace_rebase(&ro->trace);
	if (fv_trace_rw(&ro->trace, NULL))
		return 0;
	fprintf(c->err,
		"fioverdict replay: %s: no read or write among its %zu "
		"requests: fio refuses to replay a log of syncs and trims "
		"alone\n",
		ro->iolog, ro->trace.n);
	return FV_EXIT_INPUT;
}

static int load_trace(struct fv_cmdline *c, struct replay_opts *ro)
{
	struct fv_error e = { 0 };

	if (fv_iolog_load(&ro->trace, ro->iolog, &e)) {
		fv_error_print(&e, "fioverdict replay", c->err);
		return e.status;
	}
	return trace_usable(c, ro);
}

/*
 * An emulated disk: a sparse scratch file (the emulator sets the pace)
 * and the engine held to the rates the SKUs give on their path, the same
 * figures the table's prediction uses.
 */
static int emulate(struct fv_cmdline *c, struct replay_opts *ro,
		   struct candidate *k)
{
	const struct fv_label_sku *ls = fv_label_skus_find(&c->skus, k->label);
	struct fv_rates rt;
	int ret = fv_target_extend(k->scratch, ro->extent, true);

	if (ret) {
		fprintf(c->err, "fioverdict replay: %s: %s\n", k->scratch,
			strerror(-ret));
		return FV_EXIT_CANTCREAT;
	}
	fv_rates_of(ls, &rt);
	/*
	 * The figures themselves, not emulate=ID: a VM's limit may bind
	 * below the disk's own, burst included.
	 */
	snprintf(k->eopt[0], 64, "time_scale=1");
	snprintf(k->eopt[1], 64, "cap_iops=%.0f", rt.iops);
	snprintf(k->eopt[2], 64, "cap_bw=%.0f", rt.bw);
	snprintf(k->eopt[3], 64, "burst_iops=%.0f",
		 rt.burst_iops > rt.iops ? rt.burst_iops : 0);
	snprintf(k->eopt[4], 64, "burst_bw=%.0f",
		 rt.burst_bw > rt.bw ? rt.burst_bw : 0);
	snprintf(k->eopt[5], 64, "burst_seconds=%.0f", rt.burst_s);
	for (size_t i = 0; i < NEOPTS; i++)
		if (strcmp(strchr(k->eopt[i], '='), "=0"))
			k->r.eopts[k->r.neopts++] = k->eopt[i];
	return 0;
}

/* "fio-3.33" -> 3.33 as 333; 0 when unknown. */
static int fio_version(const struct fv_run *r)
{
	char v[64];
	int major, minor;

	if (fv_run_fio_version(r, v, sizeof(v)) ||
	    sscanf(v, "fio-%d.%d", &major, &minor) != 2)
		return 0;
	return major * 100 + minor;
}

/*
 * The trace as this fio reads it, naming the target: version 3 from fio
 * 3.31 on (timed lines), version 2 with wait lines before.
 */
static int write_iolog(struct fv_cmdline *c, const struct replay_opts *ro,
		       const struct fv_run *r)
{
	char path[4500];
	struct fv_atomic a;
	int version = fio_version(r) >= 331 ? 3 : 2;
	int ret;

	snprintf(path, sizeof(path), "%s/trace.iolog", r->dir);
	ret = fv_atomic_open(&a, path);
	if (!ret)
		ret = fv_atomic_close(&a, fv_iolog_write(&ro->trace, version,
							 r->target_abs, a.f));
	if (ret)
		fprintf(c->err, "fioverdict replay: %s: %s\n", path,
			strerror(-ret));
	return ret ? FV_EXIT_CANTCREAT : 0;
}

/*
 * fio before 3.34 reads a trim of an iolog as "bad ddir" and skips it:
 * left out, and said (the run's description keeps it for the table).
 */
static size_t drop_trims(struct fv_cmdline *c, struct replay_opts *ro,
			 const struct fv_run *r)
{
	char v[64];
	size_t n = 0;

	if (fio_version(r) >= 334)
		return 0;
	for (size_t i = 0; i < ro->trace.n; i++)
		if (ro->trace.v[i].kind != FV_TRACE_TRIM)
			ro->trace.v[n++] = ro->trace.v[i];
	if (n == ro->trace.n)
		return 0;
	fv_run_fio_version(r, v, sizeof(v));
	fprintf(c->err,
		"fioverdict replay: %s does not replay trims (fio 3.34 "
		"does): the trace's %zu are left out\n",
		v, ro->trace.n - n);
	ro->dropped = ro->trace.n - n;
	ro->trace.n = n;
	return ro->dropped;
}

/* The job file found by name is not replay's: it lacks a variable. */
static int var_missing(FILE *err, const struct fv_run *r, const char *name)
{
	fprintf(err,
		"fioverdict replay: %s declares no %s: the job file replay "
		"takes is jobfiles/replay.fio (or FV_JOBFILE_DIR's replay.fio "
		"with its #@ lines)\n",
		r->jobfile, name);
	return FV_EXIT_NOINPUT;
}

static int set_vars(struct fv_cmdline *c, struct replay_opts *ro,
		    struct fv_run *r)
{
	const char *b = strrchr(ro->iolog, '/');
	char v[512], fio[64] = "";
	uint64_t bytes;
	/* what the table divides by: fio's counts miss the last requests */
	uint64_t rw = fv_trace_rw(&ro->trace, &bytes);
	int n;

	fv_run_fio_version(r, fio, sizeof(fio));
	if (ro->trace.timed)
		n = snprintf(v, sizeof(v), "%s: span %.6f s, ",
			     b ? b + 1 : ro->iolog,
			     (double) ro->trace.v[ro->trace.n - 1].t_us / 1e6);
	else
		n = snprintf(v, sizeof(v), "%s: untimed, ",
			     b ? b + 1 : ro->iolog);
	if (n > 0 && (size_t) n < sizeof(v))
		n += snprintf(v + n, sizeof(v) - (size_t) n,
			      "%zu requests: %" PRIu64
			      " reads and writes of %" PRIu64 " bytes",
			      ro->trace.n, rw, bytes);
	if (ro->dropped && n > 0 && (size_t) n < sizeof(v))
		snprintf(v + n, sizeof(v) - (size_t) n,
			 "; %zu trims left out: %s does not replay them",
			 ro->dropped, fio);
	if (fv_run_set_var(r, "FV_TRACE", v))
		return var_missing(c->err, r, "FV_TRACE");
	snprintf(v, sizeof(v), "%d", ro->iodepth);
	if (fv_run_set_var(r, "FV_IODEPTH", v))
		return var_missing(c->err, r, "FV_IODEPTH");
	return 0;
}

/*
 * A real target: as replay writes it, and large enough for the trace
 * (a device may be smaller).
 */
static int check_target(struct fv_cmdline *c, const struct replay_opts *ro,
			const struct candidate *k)
{
	const struct fv_replay_target t = { .path = k->target,
					    .force = ro->force,
					    .extent = ro->extent };
	struct fv_error e = { 0 };
	uint64_t size;

	if (fv_replay_check_target(&t, &size, &e)) {
		fv_error_print(&e, "fioverdict replay", c->err);
		return e.status;
	}
	if (!fv_trace_check_size(&ro->trace, size, ro->iolog, &e))
		return 0;
	fv_error_print(&e, "fioverdict replay", c->err);
	fprintf(c->err, "fioverdict replay: the target %s holds %llu bytes\n",
		k->target, (unsigned long long) size);
	return FV_EXIT_NOINPUT;
}

static int setup_run(struct fv_cmdline *c, struct replay_opts *ro,
		     struct candidate *k)
{
	struct fv_run *r = &k->r;
	struct fv_error e = { 0 };
	struct fv_diags d = { 0 };
	int ret;

	r->jobfile = "replay";
	r->label = k->label;
	r->skus = k->specs;
	r->nskus = k->specs[0] ? 1 : 0;
	r->paths = k->specs + 1;
	r->npaths = k->specs[1] ? 1 : 0;
	r->outdir = ro->outdir;
	if (k->sku) {
		snprintf(k->scratch, sizeof(k->scratch), "%s/.replay-%s.img",
			 ro->outdir, k->label);
		k->target = k->scratch;
		ret = fv_run_mkdir_p(ro->outdir);
		if (ret) {
			fprintf(c->err, "fioverdict replay: %s: %s\n",
				ro->outdir, strerror(-ret));
			return FV_EXIT_CANTCREAT;
		}
	}
	r->target = k->target;
	ret = fv_run_say(c->err, fv_run_preflight(r, &d, &e), &d, &e);
	if (!ret && fv_replay_check_name(r->target_abs, &e)) {
		fv_error_print(&e, "fioverdict replay", c->err);
		ret = e.status;
	}
	if (!ret && k == ro->cand)
		drop_trims(c, ro, r);
	if (!ret && k->sku)
		ret = emulate(c, ro, k);
	else if (!ret)
		ret = check_target(c, ro, k);
	return ret ? ret : set_vars(c, ro, r);
}

/* One candidate: its run directory, the trace in it, fio. */
static int replay_one(struct fv_cmdline *c, struct replay_opts *ro,
		      struct candidate *k)
{
	struct fv_run *r = &k->r;
	struct fv_error e = { 0 };
	int status = fv_run_say(c->err, fv_run_prepare(r, &e), NULL, &e);

	if (!status && (status = write_iolog(c, ro, r))) {
		/* a run directory with no run in it: not left to be read */
		char log[4500];

		snprintf(log, sizeof(log), "%s/trace.iolog", r->dir);
		unlink(log);
		fv_run_discard_dir(r);
		r->dir[0] = '\0';
	}
	if (status)
		return status;
	fprintf(c->out, "fioverdict replay: %s on %s as '%s' -> %s\n",
		ro->iolog, k->sku ? k->sku : k->target, k->label, r->dir);
	return fv_run_execute(r, "fioverdict replay", c->out, c->err);
}

/* The comparison, from the run directories, as every command reads them. */
static int print_table(struct fv_cmdline *c, const struct replay_opts *ro)
{
	static const char *const tables[] = { "replay", NULL };
	struct fv_suite_dir dirs[MAX_CANDIDATES];
	struct fv_pctlist show;
	size_t n = 0;

	for (size_t i = 0; i < ro->n; i++)
		if (ro->cand[i].r.dir[0])
			dirs[n++] = (struct fv_suite_dir){
				.label = ro->cand[i].label,
				.dir = ro->cand[i].r.dir
			};
	fv_pctlist_default(&show);
	fv_pctlist_add(&show, 99.9);
	return fv_suite_print(c, "replay", dirs, n, tables, &show, &show);
}

static void remove_scratch(const struct replay_opts *ro)
{
	for (size_t i = 0; i < ro->n; i++)
		if (ro->cand[i].scratch[0])
			unlink(ro->cand[i].scratch);
}

static int replay_all(struct fv_cmdline *c, struct replay_opts *ro)
{
	int ret = load_trace(c, ro), failed = 0;

	for (size_t i = 0; i < ro->n && !ret; i++)
		ret = setup_run(c, ro, &ro->cand[i]);
	for (size_t i = 0; i < ro->n && (!ret || ret == FV_EXIT_FIO_FAILED);
	     i++) {
		ret = replay_one(c, ro, &ro->cand[i]);
		failed = failed ? failed : ret;
	}
	remove_scratch(ro);
	if (ret == FV_EXIT_INTERRUPTED || (!failed && ret))
		goto out;
	fputc('\n', c->out);
	ret = print_table(c, ro);
	fprintf(c->out, "results: %s\n", ro->outdir);
	ret = failed ? failed : ret;
out:
	fv_trace_free(&ro->trace);
	return ret;
}

static int replay_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct fv_cmdline c;
	int ret = fv_cmdline_start(&c, inv, sizeof(struct replay_opts), parse,
				   argc, argv);

	if (!ret && !c.done)
		ret = replay_all(&c, c.own);
	fv_cmdline_free(&c);
	return ret;
}

const struct fv_command fv_cmd_replay = {
	.name = "replay",
	.help = "replay a captured trace on candidate disks, compare them",
	.synopsis = "replay --iolog FILE (--target LABEL=PATH | --sku "
		    "[LABEL=]ID [--vm SIZE])... [OPTION]...",
	.after = "Replays the trace twice on each candidate with the job file "
		 "replay (at the\ntrace's own pace, then as fast as the "
		 "candidate allows), through uring_durable,\neach in a run "
		 "directory DIR/LABEL/<timestamp>/ that every subcommand "
		 "reads;\nthen prints the comparison (the replay table). A "
		 "--target is written to: a\nfile is made or grown to the "
		 "trace's extent (written through, never sparse),\na device "
		 "must hold it; one holding a file system is refused without "
		 "--force.\nA --sku is a provisioned disk emulated on a "
		 "scratch file, held to its figures\nand, with --vm, to the "
		 "VM's uncached limits (the catalog's).\nExit status: 0 ok, "
		 "2 the trace is unreadable (file:line named), 3 fio\nfailed, "
		 "64 usage or an unknown SKU, 66 a target unusable, 69 fio "
		 "or the\nengine not found, 70 internal error, 73 a run "
		 "directory cannot be made,\n130 interrupted.\n",
	.options = (const struct fv_option *const[]){ replay_opts,
						      fv_opts_catalog, NULL },
	.main = replay_main,
};
