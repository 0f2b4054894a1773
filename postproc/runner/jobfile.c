/* SPDX-License-Identifier: MIT */
/*
 * A job file declares the environment it takes in lines
 *   #@ VAR=FULL quick=QUICK  text
 * (fio reads them as comments). The run sets each variable: --target and
 * --size win, then the caller's environment, then the quick or full value.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "runner.h"

static const char *skip_space(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Copies the token at s (up to a blank) into buf; returns the end. */
static const char *token(const char *s, char *buf, size_t len)
{
	size_t n = 0;

	while (*s && !isspace((unsigned char) *s)) {
		if (n + 1 < len)
			buf[n++] = *s;
		s++;
	}
	buf[n] = '\0';
	return s;
}

static int parse_decl(struct fv_run_var *v, const char *line)
{
	char tok[512], *eq;
	const char *s = token(skip_space(line), tok, sizeof(tok));

	eq = strchr(tok, '=');
	if (!eq || eq == tok || (size_t) (eq - tok) >= sizeof(v->name))
		return -EINVAL;
	memset(v, 0, sizeof(*v));
	memcpy(v->name, tok, (size_t) (eq - tok));
	if (strlen(eq + 1) >= sizeof(v->full))
		return -EINVAL;
	memcpy(v->full, eq + 1, strlen(eq + 1) + 1);
	memcpy(v->quick, v->full, sizeof(v->quick));
	s = skip_space(s);
	if (!strncmp(s, "quick=", 6)) {
		token(s, tok, sizeof(tok));
		if (strlen(tok + 6) >= sizeof(v->quick))
			return -EINVAL;
		memcpy(v->quick, tok + 6, strlen(tok + 6) + 1);
	}
	return 0;
}

static const char *pick(const struct fv_run *r, const struct fv_run_var *v)
{
	const char *env = getenv(v->name);

	if (!strcmp(v->name, "FV_TARGET"))
		return r->target_abs;
	if (!strcmp(v->name, "FV_SIZE") && r->size)
		return r->size;
	if (!strcmp(v->name, "FV_ENGINE"))
		return r->engine;
	if (env && *env)
		return env;
	return r->quick ? v->quick : v->full;
}

static int resolve(struct fv_run *r, struct fv_error *e)
{
	for (size_t i = 0; i < r->nvars; i++) {
		struct fv_run_var *v = &r->vars[i];
		const char *val = pick(r, v);

		if (!val || !*val)
			return fv_error_set(e, EINVAL, FV_EXIT_NOINPUT, NULL, 0,
					    "%s: %s has no value: set it in "
					    "the environment",
					    r->jobfile, v->name);
		if (strlen(val) >= sizeof(v->value))
			return fv_error_set(e, E2BIG, FV_EXIT_NOINPUT, NULL, 0,
					    "%s: value too long", v->name);
		memcpy(v->value, val, strlen(val) + 1);
	}
	return 0;
}

void fv_run_scan_vars(struct fv_run *r, FILE *f)
{
	char line[1024];

	r->nvars = 0;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "#@", 2) || r->nvars == FV_RUN_MAX_VARS)
			continue;
		if (!parse_decl(&r->vars[r->nvars], line + 2))
			r->nvars++;
	}
}

int fv_run_read_vars(struct fv_run *r, struct fv_error *e)
{
	FILE *f = fopen(r->jobfile, "r");

	if (!f)
		return fv_error_set(e, errno, FV_EXIT_NOINPUT, NULL, 0,
				    "cannot read job file %s: %s", r->jobfile,
				    strerror(errno));
	fv_run_scan_vars(r, f);
	fclose(f);
	return resolve(r, e);
}

int fv_run_set_var(struct fv_run *r, const char *name, const char *val)
{
	for (size_t i = 0; i < r->nvars; i++) {
		if (strcmp(r->vars[i].name, name))
			continue;
		if (strlen(val) >= sizeof(r->vars[i].value))
			return -E2BIG;
		memcpy(r->vars[i].value, val, strlen(val) + 1);
		return 0;
	}
	return -ENOENT;
}

static bool is_ioengine_line(const char *line)
{
	const char *s = skip_space(line);

	if (strncmp(s, "ioengine", 8))
		return false;
	return *skip_space(s + 8) == '=';
}

int fv_run_copy_jobfile(const struct fv_run *r, FILE *in, FILE *out,
			bool *inserted)
{
	char line[4096];

	*inserted = false;
	fprintf(out, "; %s as run by fioverdict run (label %s)\n", r->jobfile,
		r->label);
	while (fgets(line, sizeof(line), in)) {
		if (r->drop_hist_log && fv_run_is_hist_log_line(line) &&
		    fputs("; left out (this fio has no zlib): ", out) == EOF)
			return -EIO;
		if (fputs(line, out) == EOF)
			return -EIO;
		if (*inserted || !is_ioengine_line(line))
			continue;
		/* Engine options must follow ioengine= to be recognised. */
		for (size_t i = 0; i < r->neopts; i++)
			fprintf(out, "%s\n", r->eopts[i]);
		*inserted = true;
	}
	return ferror(in) ? -EIO : 0;
}

int fv_run_write_jobfile(const struct fv_run *r, struct fv_error *e)
{
	FILE *in = fopen(r->jobfile, "r");
	struct fv_atomic out;
	bool inserted;
	int ret;

	if (!in)
		return fv_error_set(e, errno, FV_EXIT_NOINPUT, NULL, 0,
				    "%s: %s", r->jobfile, strerror(errno));
	ret = fv_atomic_open(&out, r->jobcopy);
	if (ret) {
		fclose(in);
		return fv_error_set(e, -ret, FV_EXIT_CANTCREAT, NULL, 0,
				    "%s: %s", r->jobcopy, strerror(-ret));
	}
	ret = fv_run_copy_jobfile(r, in, out.f, &inserted);
	fclose(in);
	ret = fv_atomic_close(&out, ret);
	if (ret)
		return fv_error_set(e, -ret, FV_EXIT_CANTCREAT, NULL, 0,
				    "cannot write %s: %s", r->jobcopy,
				    strerror(-ret));
	if (r->neopts && !inserted)
		return fv_error_set(e, EINVAL, FV_EXIT_NOINPUT, NULL, 0,
				    "%s has no ioengine= line: nowhere to put "
				    "--engine-opt",
				    r->jobfile);
	return 0;
}
