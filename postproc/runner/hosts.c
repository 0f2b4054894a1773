/* SPDX-License-Identifier: MIT */
/*
 * run --hosts LIST: the fio servers a suite runs on. LIST is host[:port]
 * entries separated by commas, or @FILE with one per line as fio's own
 * host list (fio's spellings ip:HOST,PORT, ip6:ADDR,PORT and HOST,PORT
 * too; blank lines and # comments skipped), each optionally followed by
 * NAME=VALUE words: that host's values of the job file's variables (a
 * device path, a cap that differs). Every entry is checked before
 * anything runs: an empty list, an address that cannot be one, a port out
 * of range, the same server twice are errors naming the entry.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/model.h"
#include "util/util.h"
#include "runner.h"

#define MAX_HOSTS 4096

struct where {
	const char *file; /* NULL: the command line */
	int n;		  /* entry number or line */
};

static int fail(char *err, size_t len, const struct where *w, const char *fmt,
		...) __attribute__((format(printf, 4, 5)));
static int fail(char *err, size_t len, const struct where *w, const char *fmt,
		...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (w && w->file)
		snprintf(err, len, "--hosts @%s: line %d: %s", w->file, w->n,
			 msg);
	else if (w)
		snprintf(err, len, "--hosts: entry %d: %s", w->n, msg);
	else
		snprintf(err, len, "--hosts: %s", msg);
	return -EINVAL;
}

/* A host name (RFC 1123 labels) or a dotted IPv4 address. */
static bool name_ok(const char *s)
{
	size_t label = 0;
	bool digits_only = true;
	int dots = 0;

	if (!*s || strlen(s) > 253)
		return false;
	for (const char *p = s; *p; p++) {
		if (*p == '.') {
			if (!label || p[-1] == '-')
				return false;
			label = 0;
			dots++;
			continue;
		}
		if (!isalnum((unsigned char) *p) && *p != '-')
			return false;
		if (*p == '-' && !label)
			return false;
		digits_only &= isdigit((unsigned char) *p) != 0;
		if (++label > 63)
			return false;
	}
	if (!label)
		return false;
	/* All digits and dots: it must be an IPv4 address, not a name. */
	if (digits_only && dots) {
		struct in_addr a;

		return inet_pton(AF_INET, s, &a) == 1;
	}
	return true;
}

static bool v6_ok(const char *s)
{
	struct in6_addr a;

	return inet_pton(AF_INET6, s, &a) == 1;
}

static int port_of(const char *s, int *port)
{
	char *end;
	long v;

	if (!*s || !isdigit((unsigned char) *s))
		return -EINVAL;
	v = strtol(s, &end, 10);
	if (*end || v < 1 || v > 65535)
		return -EINVAL;
	*port = (int) v;
	return 0;
}

/* A file name from a host name: ':' '[' ']' and the like become '-'. */
static void tag_of(char *out, size_t len, const char *name)
{
	size_t i = 0;

	for (; name[i] && i + 1 < len; i++)
		out[i] = isalnum((unsigned char) name[i]) || name[i] == '.' ||
					 name[i] == '-'
				 ? name[i]
				 : '-';
	out[i] = '\0';
}

static int finish(struct fv_host *h, char *err, size_t len,
		  const struct where *w)
{
	char *name;

	if (h->v6 ? !v6_ok(h->addr) : !name_ok(h->addr))
		return fail(err, len, w,
			    "'%s' is not a host name, an IPv4 address or an "
			    "IPv6 address in brackets ([::1]:8765)",
			    h->spec);
	name = fv_host_name(h->addr, h->port);
	if (!name)
		return -ENOMEM;
	snprintf(h->name, sizeof(h->name), "%s", name);
	free(name);
	tag_of(h->tag, sizeof(h->tag), h->name);
	snprintf(h->fio_arg, sizeof(h->fio_arg), "%s:%s,%d",
		 h->v6 ? "ip6" : "ip", h->addr, h->port);
	return 0;
}

/* HOST:PORT, [V6]:PORT, HOST, V6; in files also fio's forms. */
static int parse_entry(struct fv_host *h, const char *spec, bool fio_forms,
		       char *err, size_t len, const struct where *w)
{
	char buf[sizeof(h->addr) + 16], *port = NULL, *p;

	memset(h, 0, sizeof(*h));
	h->port = FV_FIO_PORT;
	if (snprintf(h->spec, sizeof(h->spec), "%s", spec) >=
		    (int) sizeof(h->spec) ||
	    snprintf(buf, sizeof(buf), "%s", spec) >= (int) sizeof(buf))
		return fail(err, len, w, "'%.40s...' is too long", spec);
	p = buf;
	if (!strncmp(p, "sock:", 5))
		return fail(err, len, w,
			    "'%s': servers on a unix socket are not "
			    "supported; use ip:HOST,PORT",
			    spec);
	if (!fio_forms && (!strncmp(p, "ip:", 3) || !strncmp(p, "ip4:", 4) ||
			   !strncmp(p, "ip6:", 4)))
		return fail(err, len, w,
			    "'%s': fio's spelling ip:HOST,PORT is for @FILE; "
			    "here, HOST:PORT or [IPV6]:PORT",
			    spec);
	if (fio_forms && (!strncmp(p, "ip:", 3) || !strncmp(p, "ip4:", 4)))
		p = strchr(p, ':') + 1;
	else if (fio_forms && !strncmp(p, "ip6:", 4))
		p += 4;
	if (fio_forms && (port = strrchr(p, ','))) {
		*port++ = '\0';
	} else if (*p == '[') {
		char *close = strchr(p, ']');

		if (!close || (close[1] && close[1] != ':'))
			return fail(err, len, w,
				    "'%s': an IPv6 address goes in brackets, "
				    "the port after them: [::1]:8765",
				    spec);
		*close = '\0';
		port = close[1] ? close + 2 : NULL;
		p++;
		h->v6 = true;
	} else if (strchr(p, ':') && strchr(p, ':') == strrchr(p, ':')) {
		port = strchr(p, ':');
		*port++ = '\0';
	} else if (strchr(p, ':')) {
		h->v6 = true; /* a bare IPv6 address: no port */
	}
	if (port && port_of(port, &h->port))
		return fail(err, len, w,
			    "'%s': the port must be a number from 1 to 65535",
			    spec);
	if (strlen(p) >= sizeof(h->addr))
		return fail(err, len, w, "'%.40s...' is too long", spec);
	memcpy(h->addr, p, strlen(p) + 1);
	h->v6 |= strchr(h->addr, ':') != NULL;
	return finish(h, err, len, w);
}

static bool same_server(const struct fv_host *a, const struct fv_host *b)
{
	return a->port == b->port && !strcasecmp(a->addr, b->addr);
}

static void free_vars(struct fv_host *h)
{
	for (size_t i = 0; i < h->nvars; i++)
		free(h->vars[i].value);
	free(h->vars);
	h->vars = NULL;
	h->nvars = 0;
	h->alloc_vars = 0;
}

static bool var_name_ok(const char *s, size_t n)
{
	if (!n || n >= sizeof(((struct fv_host_var *) 0)->name) ||
	    isdigit((unsigned char) *s))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char) s[i]) && s[i] != '_')
			return false;
	return true;
}

/* "NAME=VALUE NAME=VALUE" after a host in a file. */
static int parse_vars(struct fv_host *h, char *words, char *err, size_t len,
		      const struct where *w)
{
	char *save = NULL;

	for (char *t = strtok_r(words, " \t", &save); t;
	     t = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(t, '=');
		struct fv_host_var *v;

		if (!eq || !var_name_ok(t, (size_t) (eq - t)))
			return fail(err, len, w,
				    "'%s': after the host, only NAME=VALUE "
				    "(a variable of the job file)",
				    t);
		if (FV_ALLOC_GROW(h->vars, h->nvars + 1, h->alloc_vars))
			return -ENOMEM;
		v = &h->vars[h->nvars];
		memcpy(v->name, t, (size_t) (eq - t));
		v->name[eq - t] = '\0';
		v->value = strdup(eq + 1);
		if (!v->value)
			return -ENOMEM;
		h->nvars++;
	}
	return 0;
}

static int add(struct fv_hostlist *hl, char *spec, bool fio_forms, char *err,
	       size_t len, const struct where *w)
{
	char *vars = fio_forms ? spec + strcspn(spec, " \t") : NULL;
	struct fv_host h;
	int ret;

	if (!*spec)
		return fail(err, len, w, "an empty entry (two commas?)");
	if (hl->n == MAX_HOSTS)
		return fail(err, len, w, "more than %d hosts", MAX_HOSTS);
	if (vars && *vars)
		*vars++ = '\0';
	ret = parse_entry(&h, spec, fio_forms, err, len, w);
	if (!ret && vars)
		ret = parse_vars(&h, vars, err, len, w);
	if (ret) {
		free_vars(&h);
		return ret;
	}
	for (size_t i = 0; i < hl->n; i++)
		if (same_server(&hl->v[i], &h)) {
			free_vars(&h);
			return fail(err, len, w,
				    "'%s' is the same server as '%s' (%s): "
				    "each server once",
				    spec, hl->v[i].spec, h.name);
		}
	if (FV_ALLOC_GROW(hl->v, hl->n + 1, hl->alloc)) {
		free_vars(&h);
		return -ENOMEM;
	}
	hl->v[hl->n++] = h;
	return 0;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char) *s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char) e[-1]))
		*--e = '\0';
	return s;
}

static int parse_list(struct fv_hostlist *hl, const char *arg, char *err,
		      size_t len)
{
	char *copy = strdup(arg), *p, *next;
	struct where w = { NULL, 0 };
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	for (p = copy; p && !ret; p = next) {
		next = strchr(p, ',');
		if (next)
			*next++ = '\0';
		w.n++;
		ret = add(hl, trim(p), false, err, len, &w);
	}
	free(copy);
	return ret;
}

static int parse_file(struct fv_hostlist *hl, const char *path, char *err,
		      size_t len)
{
	FILE *f = fopen(path, "r");
	struct where w = { path, 0 };
	char line[1024];
	int ret = 0;

	if (!f)
		return fail(err, len, NULL, "cannot read @%s: %s", path,
			    strerror(errno));
	while (!ret && fgets(line, sizeof(line), f)) {
		char *s = line, *hash = strchr(s, '#');

		w.n++;
		if (!strchr(s, '\n') && !feof(f))
			ret = fail(err, len, &w, "line too long");
		if (hash)
			*hash = '\0';
		s = trim(s);
		if (!ret && *s)
			ret = add(hl, s, true, err, len, &w);
	}
	if (!ret && ferror(f))
		ret = fail(err, len, NULL, "cannot read @%s: %s", path,
			   strerror(errno));
	fclose(f);
	if (!ret && !hl->n)
		ret = fail(err, len, NULL,
			   "@%s lists no host (one host[:port] per line)",
			   path);
	return ret;
}

static int parse_hosts(struct fv_hostlist *hl, const char *arg, char *err,
		       size_t errlen)
{
	if (!*arg)
		return fail(err, errlen, NULL,
			    "empty list: give host[:port],... or @FILE");
	return arg[0] == '@' ? parse_file(hl, arg + 1, err, errlen)
			     : parse_list(hl, arg, err, errlen);
}

int fv_hosts_parse(struct fv_hostlist *hl, const char *arg, struct fv_error *e)
{
	char err[1024] = ""; /* the entry, its file's name and the cause */
	int ret;

	memset(hl, 0, sizeof(*hl));
	ret = parse_hosts(hl, arg, err, sizeof(err));
	if (!ret)
		return 0;
	fv_hosts_free(hl);
	if (ret == -ENOMEM)
		return fv_error_set(e, ENOMEM, FV_EXIT_SOFTWARE, "--hosts", 0,
				    "out of memory");
	return fv_error_set(e, -ret, FV_EXIT_USAGE, "", 0, "%s", err);
}

void fv_hosts_free(struct fv_hostlist *hl)
{
	for (size_t i = 0; i < hl->n; i++)
		free_vars(&hl->v[i]);
	free(hl->v);
	memset(hl, 0, sizeof(*hl));
}

/* "{host}" in s replaced by the host's tag. 0 or -ENAMETOOLONG. */
int fv_host_subst(const struct fv_host *h, const char *s, char *out, size_t len)
{
	size_t pos = 0;

	for (const char *p = s; p;) {
		const char *at = strstr(p, "{host}");
		int span = at ? (int) (at - p) : (int) strlen(p);
		int n = snprintf(out + pos, len - pos, "%.*s%s", span, p,
				 at ? h->tag : "");

		if (n < 0 || (size_t) n >= len - pos)
			return -ENAMETOOLONG;
		pos += (size_t) n;
		p = at ? at + strlen("{host}") : NULL;
	}
	return 0;
}

const char *fv_host_value(const struct fv_host *h, const char *name)
{
	for (size_t i = 0; i < h->nvars; i++)
		if (!strcmp(h->vars[i].name, name))
			return h->vars[i].value;
	return NULL;
}

bool fv_run_our_engine(const struct fv_run *r)
{
	const char *e = r->engine, *b = strrchr(e, '/');

	return !strncmp(e, "external:", 9) && b &&
	       (!strcmp(b + 1, "uring_durable.so") ||
		!strcmp(b + 1, "nvme_pt.so"));
}
