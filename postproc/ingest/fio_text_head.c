/* SPDX-License-Identifier: MIT */
/*
 * fio's text output, what comes before the results: the header of the
 * script that kept it (seed 000's: "VM:", "Command: fio ..."), fio's
 * version, each job's first line; the numbers as fio's num2str() prints
 * them, with their precision; and the error of a line that does not
 * parse, which every part of the reader gives.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_text_int.h"

/*
 * How far from the true value fio's num2str() prints a number with a
 * prefix of m: it truncates by each division (less than one unit of the
 * prefix below, m / 1000 at most), then rounds the last remainder to the
 * digits printed (half of the last one).
 */
static double num2str_res(double m, int decimals)
{
	return 0.5 * m * pow(10, -decimals) + m / 1000;
}

/*
 * A number with fio's num2str suffix: "29.1k", "2857", "3.5M"; fio 2's
 * thousand was "K" ("max=18006K").
 */
bool fv_ft_num(const char **s, double *v, double *res, double k)
{
	static const char sfx[] = "kMGTPE";
	const char *p = *s, *dot;
	char *end;
	double m = 1;
	int decimals = 0;

	*v = strtod(p, &end);
	if (end == p || !isfinite(*v))
		return false;
	dot = memchr(p, '.', (size_t) (end - p));
	if (dot)
		decimals = (int) (end - dot - 1);
	for (const char *q = sfx; *q; q++) {
		m *= k;
		if (*end == *q || (*end == 'K' && *q == 'k')) {
			*v *= m;
			if (res)
				*res = num2str_res(m, decimals);
			*s = end + 1;
			return true;
		}
	}
	if (res)
		*res = 0.5 * pow(10, -decimals);
	*s = end;
	return true;
}

/*
 * A size or rate with its unit, in bytes: "114MiB/s", "119MB/s", "227MiB",
 * "4096B", "88.2Tbit/s".
 */
bool fv_ft_bytes(const char **s, double *v, double *res, bool kib)
{
	static const char sfx[] = "KMGTPE";
	const char *p = *s, *dot;
	char *end;
	double m = 1, b;
	int decimals = 0, i = 0, bits = 0;

	*v = strtod(p, &end);
	if (end == p || !isfinite(*v))
		return false;
	dot = memchr(p, '.', (size_t) (end - p));
	if (dot)
		decimals = (int) (end - dot - 1);
	p = end;
	if (*p == 'k' || strchr(sfx, *p)) {
		const char *q = strchr(sfx, *p == 'k' ? 'K' : *p);

		i = q ? (int) (q - sfx) + 1 : 0;
		p++;
		b = *p == 'i' || kib ? 1024 : 1000;
		if (*p == 'i')
			p++;
		for (int j = 0; j < i; j++)
			m *= b;
	}
	/* unit_base=1 prints rates in bits: "88.2Tbit/s (79.9Tibit/s)". */
	if (!strncmp(p, "bit", 3))
		bits = 8;
	else if (*p != 'B')
		return false;
	p += bits ? 3 : 1;
	*v *= m;
	*res = m > 1 ? num2str_res(m, decimals) : 0.5 * pow(10, -decimals);
	if (bits) {
		*v /= bits;
		*res /= bits;
	}
	*s = p;
	return true;
}

int fv_ft_skipped(struct ftext *f, const char *what)
{
	return fv_diag_add(f->diags, FV_WARNING, f->name, f->line, 1,
			   "fio text: %s line does not parse: what it says is "
			   "left out, the rest of the job and the file read",
			   what);
}

int fv_ft_garbled(struct ftext *f, const char *what)
{
	f->bad = true;
	return fv_diag_add(f->diags, FV_ERROR, f->name, f->line, 1,
			   "fio text: %s line does not parse: none of its "
			   "figures used",
			   what);
}

const char *fv_ft_tidy(const char *s, char *buf, size_t len)
{
	size_t n = 0;

	if (!strstr(s, " ,") && !strstr(s, " B/s"))
		return s;
	for (const char *p = s; *p; p++) {
		size_t sp = strspn(p, " ");

		if (sp &&
		    (p[sp] == ',' || (p > s && isdigit((unsigned char) p[-1]) &&
				      !strncmp(p + sp, "B/s", 3)))) {
			p += sp - 1;
			continue;
		}
		if (n + 1 >= len)
			return s;
		buf[n++] = *p;
	}
	buf[n] = '\0';
	return buf;
}

/* "key=" in s, the text after it, or NULL. */
const char *fv_ft_after(const char *s, const char *key)
{
	const char *p = strstr(s, key);

	return p ? p + strlen(key) : NULL;
}

int fv_ft_dup(char **dst, const char *src, size_t n)
{
	free(*dst);
	*dst = strndup(src, n);
	return *dst ? 0 : -ENOMEM;
}

/* "Command: fio --name=x --rw=randread ...": the --key=value options. */
static int read_command(struct ftext *f, const char *s)
{
	char *tok, *save = NULL;

	if (fv_ft_dup(&f->cmd_text, s, strlen(s)))
		return -ENOMEM;
	f->ncmd = 0;
	for (tok = strtok_r(f->cmd_text, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		char *eq;

		if (strncmp(tok, "--", 2) || !(eq = strchr(tok + 2, '=')) ||
		    f->ncmd == MAX_OPTS)
			continue;
		*eq = '\0';
		f->cmd[f->ncmd].key = tok + 2;
		f->cmd[f->ncmd].val = eq + 1;
		f->ncmd++;
	}
	return 0;
}

static void pre_add(struct preamble *p, const char *key, const char *v,
		    size_t n)
{
	if (p->n == 8 || !n || n >= sizeof(p->val[0]))
		return;
	memcpy(p->val[p->n], v, n);
	p->val[p->n][n] = '\0';
	p->key[p->n] = key;
	p->n++;
}

/*
 * "NAME: (g=0): rw=randrw, bs=(R) 4096B-4096B, (W) ..., ioengine=libaio,
 * iodepth=4" (fio 3) or "bs=4K-4K/4K-4K/4K-4K" (fio 2): bs is the read
 * range's low end, as fv_opt_size reads "4k-8k".
 */
int fv_ft_preamble(struct ftext *f, const char *s, const char *g)
{
	struct preamble *p;
	const char *x;
	size_t n = (size_t) (g - s);

	if (FV_ALLOC_GROW(f->pre, f->npre + 1, f->pre_alloc))
		return -ENOMEM;
	p = &f->pre[f->npre++];
	memset(p, 0, sizeof(*p));
	if (n >= sizeof(p->name))
		n = sizeof(p->name) - 1;
	memcpy(p->name, s, n);
	if ((x = fv_ft_after(g, " rw=")))
		pre_add(p, "rw", x, strcspn(x, ","));
	if ((x = fv_ft_after(g, " bs=")))
		pre_add(p, "bs", x + (x[0] == '(' ? 4 : 0),
			strcspn(x + (x[0] == '(' ? 4 : 0), "-,/ "));
	if ((x = fv_ft_after(g, " ioengine=")))
		pre_add(p, "ioengine", x, strcspn(x, ","));
	if ((x = fv_ft_after(g, " iodepth=")))
		pre_add(p, "iodepth", x, strcspn(x, ", \n"));
	return 0;
}

static const struct preamble *pre_of(const struct ftext *f, const char *name)
{
	for (size_t i = 0; i < f->npre; i++)
		if (!strcmp(f->pre[i].name, name))
			return &f->pre[i];
	return NULL;
}

/* The command line's options, then the job's first line's (they win). */
int fv_ft_job_opts(const struct ftext *f, struct fv_job *job)
{
	const struct preamble *p = pre_of(f, job->name);
	struct fv_opt v[MAX_OPTS + 8];
	size_t n = 0;

	for (size_t i = 0; i < f->ncmd; i++)
		v[n++] = f->cmd[i];
	for (size_t i = 0; p && i < p->n; i++)
		v[n++] = (struct fv_opt){ (char *) p->key[i],
					  (char *) p->val[i] };
	job->opts = fv_opts_pack(v, n);
	job->nopts = job->opts ? n : 0;
	return job->opts ? 0 : -ENOMEM;
}

/* "2.0.8": digits, a dot, digits, a dot, digits, and nothing else. */
static bool bare_version(const char *s)
{
	for (int part = 0; part < 3; part++) {
		size_t n = strspn(s, "0123456789");

		if (!n || (part < 2 && s[n] != '.'))
			return false;
		s += n + (part < 2);
	}
	return !*s;
}

int fv_ft_header_line(struct ftext *f, const char *s)
{
	if (!strncmp(s, "VM: ", 4) && !f->label)
		return fv_ft_dup(&f->label, s + 4, strlen(s + 4));
	if (!strncmp(s, "Command: ", 9))
		return read_command(f, s + 9);
	if (!strncmp(s, "fio-", 4) && s[4] >= '0' && s[4] <= '9' &&
	    !strchr(s, ' '))
		return fv_ft_dup(&f->version, s, strlen(s));
	/* fio 2.0 built without its "fio-": "2.0.8" after the jobs' lines */
	if (f->npre && !f->version && bare_version(s))
		return asprintf(&f->version, "fio-%s", s) < 0 ? -ENOMEM : 0;
	return 0;
}
