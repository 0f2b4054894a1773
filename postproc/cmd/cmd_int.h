/* SPDX-License-Identifier: MIT */
/*
 * Internal to cmd/: the table of subcommands, the option parser they
 * share, and the steps every table subcommand takes (load, annotate,
 * analyse, render, exit status).
 */
#ifndef FV_CMD_INT_H
#define FV_CMD_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/analysis.h"
#include "annotate/annotate.h"
#include "ingest/ingest.h"
#include "logs/logs.h"
#include "render/render.h"
#include "select/select.h"
#include "util/util.h"
#include "verdict/verdict.h"

/* ---- Options (options.c) ---- */

struct fv_cmdline;
struct fv_option;
struct fv_invocation;
struct fv_tables;

/* The values of a repeatable option, in order (FV_OPT_LIST). */
struct fv_args {
	const char **v;
	size_t n, alloc;
};

/* Takes one option's value. Returns 0 or an exit status (64: usage). */
typedef int fv_option_fn(struct fv_cmdline *c, const struct fv_option *o,
			 const char *arg);

struct fv_option {
	const char *name; /* long name, without "--"; NULL ends a table */
	char short_name;  /* 0: none */
	const char *arg;  /* its value's name in --help; NULL: a flag */
	const char *help; /* '\n' starts another line of help */
	fv_option_fn *set;
	/*
	 * The generic setters' field (FV_OPT_FIELD), one accessor per type:
	 * the setter of a double writes through dbl, and so on.
	 */
	double *(*dbl)(struct fv_cmdline *c);
	int *(*num)(struct fv_cmdline *c);
	bool *(*flag)(struct fv_cmdline *c);
	const char **(*str)(struct fv_cmdline *c);
	uint64_t *(*u64)(struct fv_cmdline *c);
	struct fv_args *(*args)(struct fv_cmdline *c);
	double scale; /* a plain number's unit (times, s), or the minimum */
	double store; /* times: the field's unit, s (1e-9: ns) */
};

/*
 * FV_OPT_FIELD(fn, T, S, field) defines fn(c): the address of field in
 * c->own (a S), as a T *; FV_CMDLINE_FIELD(fn, T, field), of field in c
 * itself (an option every command shares). The compiler refuses it unless
 * field is a T, and the typed entries below refuse an fn of another type:
 * an option table, static and shared by commands, binds a field as git's
 * OPT_BOOL(&var) does, with no offset and no cast. FV_OPT_ACCESSOR: the
 * same, not static (one accessor that two files' tables use).
 */
#define FV_OPT_ACCESSOR(fn, T, S, field) \
	T *fn(struct fv_cmdline *c)      \
	{                                \
		S *fv_own_ = c->own;     \
		return &fv_own_->field;  \
	}
#define FV_OPT_FIELD(fn, T, S, field) static FV_OPT_ACCESSOR(fn, T, S, field)
#define FV_CMDLINE_ACCESSOR(fn, T, field) \
	T *fn(struct fv_cmdline *c)       \
	{                                 \
		return &c->field;         \
	}
#define FV_CMDLINE_FIELD(fn, T, field) static FV_CMDLINE_ACCESSOR(fn, T, field)

/* Table entries: an option, one whose setter is generic, the end. */
#define FV_OPT(n, s, a, h, fn)                                             \
	{                                                                  \
		.name = n, .short_name = s, .arg = a, .help = h, .set = fn \
	}
/* A double: fn one of fv_set_ratio, _number, _time, _period, _size. */
#define FV_OPT_DOUBLE(n, s, a, h, fn, at, sc, st)                           \
	{                                                                   \
		.name = n, .short_name = s, .arg = a, .help = h, .set = fn, \
		.dbl = at, .scale = sc, .store = st                         \
	}
/* An int from min to a million. */
#define FV_OPT_INT(n, s, a, h, at, min)                          \
	{                                                        \
		.name = n, .short_name = s, .arg = a, .help = h, \
		.set = fv_set_int, .num = at, .scale = min       \
	}
/* A flag: true when given. */
#define FV_OPT_BOOL(n, s, h, at)                                           \
	{                                                                  \
		.name = n, .short_name = s, .help = h, .set = fv_set_flag, \
		.flag = at                                                 \
	}
/* The argument itself. */
#define FV_OPT_STRING(n, s, a, h, at)                            \
	{                                                        \
		.name = n, .short_name = s, .arg = a, .help = h, \
		.set = fv_set_string, .str = at                  \
	}
/* Each argument, appended to a struct fv_args (a repeatable option). */
#define FV_OPT_LIST(n, s, a, h, at)                              \
	{                                                        \
		.name = n, .short_name = s, .arg = a, .help = h, \
		.set = fv_set_list, .args = at                   \
	}
/* A uint64_t: fn fv_set_fail_on. */
#define FV_OPT_U64(n, s, a, h, fn, at)                                      \
	{                                                                   \
		.name = n, .short_name = s, .arg = a, .help = h, .set = fn, \
		.u64 = at                                                   \
	}
#define FV_OPT_END           \
	{                    \
		.name = NULL \
	}

/*
 * What a subcommand's command line gives: the options every table
 * subcommand shares, and the command's own (own, their defaults set by
 * the command before parsing).
 */
struct fv_cmdline {
	const struct fv_invocation *inv;
	const char *command; /* inv's: "summary" */
	FILE *out, *err;     /* inv's */
	bool done;	     /* --help answered: nothing else to do */
	const struct fv_renderer *format;
	const char *output; /* -o FILE; NULL: standard output */
	struct fv_pctlist show;
	struct fv_label_rule *labels;
	size_t nlabels, alloc_labels;
	enum fv_label_by label_by; /* --label-by */
	enum fv_runs runs;	   /* --runs; diff: keep */
	bool runs_given;
	struct fv_role_override *roles;
	size_t nroles, alloc_roles;
	int verbosity; /* -1 errors only, 0 warnings too, 1 notes too */
	struct fv_aopts ao;
	char **inputs;
	size_t ninputs;
	void *own;
	bool own_allocated; /* fv_cmdline_start's: fv_cmdline_free frees it */
	/* --catalog, --sku (sku.c): resolved after parsing, in skus */
	const char *catalog_path;
	struct fv_args sku_specs;
	struct fv_args path_specs;  /* --path LABEL=PATH */
	const char *region;	    /* --region: price the SKUs there */
	struct fv_args price_paths; /* --prices PATH (repeatable) */
	struct fv_prices prices;
	struct fv_catalog cat;
	bool cat_loaded;
	struct fv_label_skus skus;
};

/* ---- Subcommands (commands.c), as git's commands[] ---- */

struct fv_command {
	const char *name;
	const char *help;     /* one line, for fioverdict --help */
	const char *synopsis; /* after "Usage: fioverdict " */
	const char *after;    /* under the options in --help, or NULL */
	/* the option tables, NULL-terminated */
	const struct fv_option *const *options;
	/* argv[0] is the subcommand's name. Returns the exit status. */
	int (*main)(const struct fv_invocation *inv, int argc, char **argv);
	/*
	 * A table subcommand's (main fv_tables_cmd_main): what it reads and
	 * the tables it adds, copied for each run; NULL: analysis, the one
	 * table analysis it shows.
	 */
	const struct fv_tables *tables;
	const struct fv_analysis *analysis;
};

/* One run of a subcommand: which one, among which, and its streams. */
struct fv_invocation {
	const struct fv_command *cmd;
	/* every subcommand: whose is an option this one does not take */
	const struct fv_command *const *all;
	FILE *out, *err;
};

extern const struct fv_command *const fv_commands[]; /* NULL-terminated */

extern const struct fv_command fv_cmd_summary, fv_cmd_compare, fv_cmd_latency,
	fv_cmd_scaling, fv_cmd_sweep, fv_cmd_verdict, fv_cmd_diff, fv_cmd_run,
	fv_cmd_report, fv_cmd_matrix, fv_cmd_catalog, fv_cmd_hosts,
	fv_cmd_timeline, fv_cmd_recommend, fv_cmd_history, fv_cmd_capture,
	fv_cmd_replay;

/*
 * Parses argv (argv[0] the subcommand) against cmd's option tables. GNU
 * order: options may follow the inputs. Returns 0 (c->done set after
 * --help), or an exit status after printing the reason.
 */
int fv_cmdline_parse(struct fv_cmdline *c, int argc, char **argv);
void fv_cmdline_free(struct fv_cmdline *c);
/* c initialised with the defaults of every table subcommand. */
void fv_cmdline_init(struct fv_cmdline *c, const struct fv_invocation *inv);

/*
 * The start of a command whose own options are too large for the stack
 * (run, replay): c initialised for inv, c->own size bytes zeroed (freed by
 * fv_cmdline_free), then parse (the command's: its defaults, then
 * fv_cmdline_parse and its checks). Returns 0 (c->done after --help) or an
 * exit status; c is to be freed either way.
 */
typedef int fv_parse_fn(struct fv_cmdline *c, int argc, char **argv);
int fv_cmdline_start(struct fv_cmdline *c, const struct fv_invocation *inv,
		     size_t size, fv_parse_fn *parse, int argc, char **argv);

/*
 * "fioverdict SUB: reason", then "Try 'fioverdict SUB --help'." (the help
 * that lists the subcommand's own options); returns 64.
 */
int fv_usage_error(struct fv_cmdline *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* One option's lines of --help. */
void fv_option_help(FILE *out, const struct fv_option *o);

/* --help fits a terminal of 80 columns: lines of at most 79. */
#define FV_HELP_WIDTH 79
/*
 * text from column col (the cursor there), each line wrapped at spaces to
 * FV_HELP_WIDTH, the lines after the first at column indent.
 */
void fv_help_wrap(FILE *out, const char *text, size_t col, size_t indent);

/* "--NAME ARG: expected WANT" as a usage error; 64. */
int fv_option_invalid(struct fv_cmdline *c, const struct fv_option *o,
		      const char *arg, const char *want);
/* "--NAME: expected WANT, got 'ARG'" as a usage error; 64. */
int fv_option_expected(struct fv_cmdline *c, const struct fv_option *o,
		       const char *arg, const char *want);

/* -f FMT, and -o -p -l -r -q -v -h: of every table subcommand. */
extern const struct fv_option fv_opts_format[], fv_opts_common[];
/* --lat KIND: the latency whose percentiles are shown. */
extern const struct fv_option fv_opts_lat[];
/* --runs RULE: which run of a test the tables show (select/). */
extern const struct fv_option fv_opts_runs[];

/* What the command line asks of loading: inputs, --label(-by), --role. */
struct fv_load_opts fv_load_opts_of(const struct fv_cmdline *c);

/*
 * Generic setters of the field o binds (FV_OPT_FIELD, FV_CMDLINE_FIELD):
 * ratio ("85%", "0.85"), number (>= o->scale), time (a unit, or o->scale
 * seconds; stored in o->store seconds), period (a time > 0), int (o->scale
 * to 1e6), size (fio's "64g"), string (the argument itself), flag (true),
 * list (the argument appended).
 */
fv_option_fn fv_set_ratio, fv_set_number, fv_set_time, fv_set_period,
	fv_set_int, fv_set_size, fv_set_string, fv_set_flag, fv_set_list;
/* -o FILE: where the report goes (c->output). */
const char **fv_at_output(struct fv_cmdline *c);

/* ---- The catalog and --sku (sku.c) ---- */

/* --catalog PATH; --sku LABEL=ID[+ID]... and --path LABEL=PATH
 * (repeatable). */
extern const struct fv_option fv_opts_catalog[], fv_opts_sku[];

/*
 * Loads the catalog once (--catalog, else fv_catalog_default). Returns 0,
 * or an exit status after printing why (2: unreadable or malformed).
 */
int fv_catalog_open(struct fv_cmdline *c);
/*
 * Resolves the --sku given into c->skus and points c->ao.skus at them.
 * Returns 0 (also when none was given), or an exit status after printing
 * why (64: an unknown or malformed ID; 2: the catalog).
 */
int fv_skus_resolve(struct fv_cmdline *c);
/* Appends arg to a: 0, or FV_EXIT_SOFTWARE. */
int fv_push_arg(struct fv_args *a, const char *arg);
/*
 * Appends arg (argv's) to the paths *v of *n (*alloc held), kept as char *
 * for the readers, which take the inputs' char *const *: 0, or
 * FV_EXIT_SOFTWARE.
 */
int fv_push_path(char ***v, size_t *n, size_t *alloc, const char *arg);
/* --prices PATH (repeatable): c->price_paths. */
struct fv_args *fv_at_price_paths(struct fv_cmdline *c);
/*
 * Loads c->prices from --prices, else catalog/prices/ beside the catalog
 * (where: the first path, for messages). 0 or an exit status, said.
 */
int fv_prices_open(struct fv_cmdline *c, char *where, size_t len);

/* ---- Output and exit status (output.c) ---- */

/* Diagnostics on err, as -q / -v ask. */
void fv_print_diags(const struct fv_diags *d, int verbosity, FILE *err);

/* Where a report goes: standard output, or -o FILE written whole. */
struct fv_output {
	FILE *f; /* write here */
	struct fv_atomic file;
	const char *path; /* NULL: standard output */
};

/*
 * -o FILE opened, through a temporary file that replaces FILE only when
 * the report is whole (util/atomic.h), or standard output (out). 0, or
 * FV_EXIT_CANTCREAT after printing why.
 */
int fv_output_open(struct fv_output *o, const char *path, FILE *out, FILE *err);
/*
 * Ends what fv_output_open began, ret being how writing went (0 or a
 * negative errno): the exit status, after printing why it is not 0 (a
 * FILE that could not be written whole is left as it was).
 */
int fv_output_close(struct fv_output *o, int ret, FILE *err);
/* Ends it without the report (refused input): -o FILE is left as it was. */
void fv_output_abandon(struct fv_output *o);

/* ---- A table subcommand from start to end (tables.c) ---- */

struct fv_tables {
	struct fv_cmdline *c;
	struct fv_set *set;
	struct fv_logset logs;	    /* read when want_logs */
	struct fv_log_sources srcs; /* logs named as inputs, --logs */
	bool want_logs;
	/* Every run of a test in its label (diff: they are its samples). */
	bool every_run;
	/* history: a run is a document, labels aside (fv_load_opts) */
	bool runs_labels_aside;
	struct fv_set *base;	    /* diff: --baseline, read from baselines */
	struct fv_logset base_logs; /* the logs beside the baseline */
	char **baselines;	    /* --baseline PATH: files or folders */
	size_t nbaselines, alloc_baselines;
	bool needs_baseline; /* diff: without one, a usage error */
	bool failed;	     /* a --fail-on verdict occurred */
	struct fv_vopts vo;  /* verdict, diff */
	bool all;	     /* verdict --all: every check in text and md */
	char **log_dirs;     /* --logs DIR */
	size_t nlog_dirs, alloc_log_dirs;
	/* Adds the command's tables. 0, -ENOMEM or -EINVAL (a diagnostic). */
	int (*analyse)(struct fv_tables *x, struct fv_report *rep);
	const void *ctx; /* the analysis, the verdict options... */
};

/*
 * Loads and annotates c->inputs (percentiles: c->show and what the
 * tables need), the logs and baseline when x asks, runs x->analyse,
 * renders with c->format and returns the exit status.
 */
int fv_tables_main(struct fv_tables *x);

/* The percentiles computed at ingest for the tables c shows. */
void fv_compute_pcts(struct fv_pctlist *pl, const struct fv_cmdline *c);

/*
 * Parses a table subcommand's command line into x->c (initialised, its
 * own set): its options; then the logs among the inputs set apart (when x
 * wants logs), at least one input, --baseline (when x needs one), the
 * SKUs. Returns 0 (c->done after --help) or an exit status.
 */
int fv_tables_parse(struct fv_tables *x, int argc, char **argv);

/* x->analyse of a table analysis: x->ctx is the struct fv_analysis. */
int fv_analyse_table(struct fv_tables *x, struct fv_report *rep);

/* summary --stream: one file at a time, rows written as they come. */
int fv_summary_stream(struct fv_cmdline *c,
		      const struct fv_stream_renderer *sr);

/*
 * The whole of a table subcommand, x giving what it reads and x->analyse:
 * x is its own options (c->own; the thresholds in x->vo), parsed by
 * fv_tables_parse, then fv_tables_main. Returns the exit status.
 */
int fv_tables_run(const struct fv_invocation *inv, struct fv_tables *x,
		  int argc, char **argv);
/*
 * The whole of a table subcommand that its struct fv_command describes
 * (its tables, else its analysis), as fv_tables_run.
 */
int fv_tables_cmd_main(const struct fv_invocation *inv, int argc, char **argv);

/* Moves the log files among inputs to x->srcs (verdict, diff). */
int fv_split_logs(struct fv_tables *x);
/* --logs DIR (repeatable), into the fv_tables that is c->own. */
int fv_set_logs(struct fv_cmdline *c, const struct fv_option *o,
		const char *arg);

/*
 * run and replay: letters, digits, '.', '+' and '-', the label being a
 * run directory's name and the first field of its files' (run.c).
 */
bool fv_run_label_ok(const char *s);

/* ---- The suite of tables of run and report (suite.c) ---- */

/* The tables run shows by default, and report, NULL-terminated. */
extern const char *const fv_suite_tables[];
extern const char *const fv_report_tables[];
/* Is name a table the suite can show? */
bool fv_suite_has(const char *name);

struct fv_suite {
	enum fv_runs runs; /* the run of a test shown */
	struct fv_set set;
	struct fv_logset logs;
	struct fv_aopts ao;
	struct fv_vopts vo; /* the defaults */
	bool failed;
};

/* The set computes compute, the tables show show. */
void fv_suite_init(struct fv_suite *s, const struct fv_pctlist *show,
		   const struct fv_pctlist *compute);

/*
 * Loads and annotates in, the logs beside the results, and adds the
 * tables names to rep (its diags and inputs set). Returns 0, -ENOMEM or
 * -EINVAL (a diagnostic says why).
 */
int fv_suite_run(struct fv_suite *s, const struct fv_load_opts *in,
		 const char *const *names, struct fv_report *rep);
void fv_suite_free(struct fv_suite *s);

/* A run directory and the label its results take. */
struct fv_suite_dir {
	const char *label;
	const char *dir;
};

/*
 * The tables of the runs in dirs, each labelled by its entry, as text on
 * c->out (the diagnostics on c->err): what run and replay print at the end.
 * The set computes compute, the tables show show. Returns FV_EXIT_OK,
 * FV_EXIT_INPUT (an input unreadable) or FV_EXIT_SOFTWARE.
 */
int fv_suite_print(const struct fv_cmdline *c, const char *command,
		   const struct fv_suite_dir *dirs, size_t n,
		   const char *const *tables, const struct fv_pctlist *show,
		   const struct fv_pctlist *compute);

/* ---- verdict and diff ---- */

extern const struct fv_option fv_opts_verdict[], fv_opts_diff[],
	fv_opts_fail_on[], fv_opts_noise[];
/* --fail-on LIST into the verdict mask (a uint64_t) o binds. */
fv_option_fn fv_set_fail_on;
/* A significance level: strictly between 0 and 1 (5% or 0.05). */
fv_option_fn fv_set_alpha;
/* x->vo.alpha of the struct fv_tables that is c->own (diff, history). */
double *fv_at_vo_alpha(struct fv_cmdline *c);

#endif
