/* SPDX-License-Identifier: MIT */
/* fio log files into series: names, lines, files, directories. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ingest/ingest.h"
#include "logs.h"

static const char *const kind_names[FV_LOG_NR] = {
	"iops", "bw", "lat", "clat", "slat",
};

const char *fv_log_kind_name(enum fv_log_kind k)
{
	return k < FV_LOG_NR ? kind_names[k] : "?";
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* Strips a ".N" suffix from [s, *len); returns N or 0. */
static int strip_thread(const char *s, size_t *len)
{
	size_t i = *len;
	long n = 0, mul = 1;

	while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9' && mul < 100000000)
		n += (s[--i] - '0') * mul, mul *= 10;
	if (i == *len || i == 0 || s[i - 1] != '.')
		return 0;
	*len = i - 1;
	return (int) n;
}

/*
 * The length of NAME_KIND[.N] before ".log": at the end, or, fio's client
 * (logs of each server named NAME_KIND.N.log.HOST), before ".log." and a
 * host. 0 when the name is not a log's.
 */
static size_t log_stem(const char *b, const char **host)
{
	size_t len = strlen(b);
	const char *p;

	*host = NULL;
	if (len >= 5 && !strcmp(b + len - 4, ".log"))
		return len - 4;
	for (p = b; (p = strstr(p, ".log.")); p++)
		if (p > b && p[5])
			*host = p + 5;
	if (!*host)
		return 0;
	return (size_t) (*host - b) - 5;
}

int fv_log_host(const char *path, char **host)
{
	const char *h;

	*host = NULL;
	if (!log_stem(base_name(path), &h) || !h)
		return 0;
	*host = strdup(h);
	return *host ? 0 : -ENOMEM;
}

/* NAME_KIND[_hist][.N].log: hist says whether "_hist" is wanted. */
static int parse_name(const char *path, char **prefix, enum fv_log_kind *kind,
		      int *thread, bool hist)
{
	const char *b = base_name(path), *host;
	size_t len = log_stem(b, &host);
	bool is_hist;

	if (!len)
		return -EINVAL;
	*thread = strip_thread(b, &len);
	is_hist = len > 5 && !strncmp(b + len - 5, "_hist", 5);
	if (is_hist != hist)
		return -EINVAL;
	if (hist)
		len -= 5;
	for (int k = 0; k < FV_LOG_NR; k++) {
		size_t kl = strlen(kind_names[k]);

		if (len < kl + 2 || b[len - kl - 1] != '_' ||
		    strncmp(b + len - kl, kind_names[k], kl))
			continue;
		*kind = k;
		if (!prefix)
			return 0;
		*prefix = strndup(b, len - kl - 1);
		return *prefix ? 0 : -ENOMEM;
	}
	return -EINVAL;
}

int fv_log_name(const char *path, char **prefix, enum fv_log_kind *kind,
		int *thread)
{
	return parse_name(path, prefix, kind, thread, false);
}

int fv_hist_name(const char *path, char **prefix, enum fv_log_kind *kind,
		 int *thread)
{
	int ret = parse_name(path, prefix, kind, thread, true);

	/* fio writes histograms of latencies only */
	if (!ret && (*kind == FV_LOG_IOPS || *kind == FV_LOG_BW)) {
		if (prefix) {
			free(*prefix);
			*prefix = NULL;
		}
		return -EINVAL;
	}
	return ret;
}

bool fv_log_named(const char *path)
{
	enum fv_log_kind k;
	int n;

	return !fv_log_name(path, NULL, &k, &n) ||
	       !fv_hist_name(path, NULL, &k, &n);
}

/* ---- Lines ---- */

struct cursor {
	const char *p, *line, *end; /* end: end of the line */
	int lineno;
};

static void skip_blanks(struct cursor *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
		c->p++;
}

static int column(const struct cursor *c)
{
	return (int) (c->p - c->line) + 1;
}

/* A non-negative decimal number, or 0xHEX (fio prints prio in hex). */
static bool number(struct cursor *c, double *v)
{
	const char *p = c->p;
	double x = 0, scale = 1;
	bool digits = false;

	if (c->end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		for (p += 2; p < c->end && strchr("0123456789abcdefABCDEF", *p);
		     p++, digits = true)
			x = x * 16 +
			    (*p <= '9' ? *p - '0' : (*p | 0x20) - 'a' + 10);
	} else {
		for (; p < c->end && *p >= '0' && *p <= '9'; p++, digits = true)
			x = x * 10 + (*p - '0');
		if (p < c->end && *p == '.')
			for (p++; p < c->end && *p >= '0' && *p <= '9'; p++)
				x += (*p - '0') * (scale /= 10);
	}
	if (!digits || !isfinite(x))
		return false;
	c->p = p;
	*v = x;
	return true;
}

static const char *const col_what[] = {
	"the time (ms)",
	"the value",
	"the data direction (0 read, 1 write, 2 trim, 3-4 sync)",
	"the block size (bytes)",
};

/*
 * Reads the fields of one line into f[0..4] (the fifth, when there is one,
 * matters to log_window_value=both); extra columns are checked.
 */
static int fields(struct cursor *c, double f[5], int col[5], const char *name,
		  struct fv_diags *d)
{
	int i = 0;

	for (;; i++) {
		double v;
		int at;

		skip_blanks(c);
		at = column(c);
		if (!number(c, &v))
			return fv_diag_add(d, FV_ERROR, name, c->lineno,
					   column(c), "%s expected",
					   i < 4 ? col_what[i]
						 : "a number (extra column)")
				       ?: -EBADMSG;
		if (i < 5) {
			f[i] = v;
			col[i] = at;
		}
		skip_blanks(c);
		if (c->p == c->end)
			break;
		if (*c->p != ',')
			return fv_diag_add(d, FV_ERROR, name, c->lineno,
					   column(c), "',' expected after %s",
					   i < 4 ? col_what[i]
						 : "an extra column")
				       ?: -EBADMSG;
		c->p++;
	}
	if (i < 3)
		return fv_diag_add(d, FV_ERROR, name, c->lineno, column(c),
				   "%d columns, expected at least 4 (time, "
				   "value, direction, block size)",
				   i + 1)
			       ?: -EBADMSG;
	return 0;
}

static struct fv_series *series_for(struct fv_logset *ts,
				    struct fv_series *by_dir[FV_DIR_NR],
				    enum fv_dir dir, int lineno)
{
	struct fv_series *s = by_dir[dir];

	if (s)
		return s;
	if (FV_ALLOC_GROW(ts->v, ts->n + 1, ts->cap))
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->ddir = dir;
	s->first_line = lineno;
	s->averaged = true; /* until a line with a block size */
	ts->v[ts->n++] = s;
	return by_dir[dir] = s;
}

static int add_point(struct fv_series *s, const double f[4])
{
	if (FV_ALLOC_GROW(s->pt, s->n + 1, s->cap))
		return -ENOMEM;
	s->pt[s->n++] = (struct fv_log_point){ f[0], f[1], f[3] };
	if (f[3] > 0)
		s->averaged = false;
	return 0;
}

/* The number of comma-separated fields of a line. */
static int count_fields(const char *p, const char *end)
{
	int n = 1;

	for (; p < end; p++)
		n += *p == ',';
	return n;
}

static int ddir_of(double v, enum fv_dir *dir)
{
	static const enum fv_dir map[] = { FV_DIR_READ, FV_DIR_WRITE,
					   FV_DIR_TRIM, FV_DIR_SYNC,
					   FV_DIR_SYNC };

	if (!(v >= 0 && v <= 4) || v != floor(v))
		return -EINVAL;
	*dir = map[(int) v];
	return 0;
}

/*
 * fio 3.36's log_window_value=both writes a mean and a max where one value
 * was: "time, mean, max, ddir, bs". A file is read that way when a line's
 * third field cannot be a data direction, is not below the second, and
 * its fourth field can be a direction; the mean is kept. (An averaged log
 * with log_offset also has five columns, but its third field is a
 * direction.)
 */
static bool window_both(const double f[5], int nf)
{
	enum fv_dir dir;

	/* and a window's max is never below its mean */
	return nf >= 5 && ddir_of(f[2], &dir) && !ddir_of(f[3], &dir) &&
	       f[2] >= f[1];
}

static int one_line(struct fv_logset *ts, struct fv_series *by_dir[],
		    struct cursor *c, const char *name, struct fv_diags *d,
		    bool both)
{
	double f[5] = { 0 };
	int col[5] = { 0 };
	struct fv_series *s;
	enum fv_dir dir;
	int ret, nf;

	skip_blanks(c);
	if (c->p == c->end)
		return 0; /* blank line */
	ret = fields(c, f, col, name, d);
	if (ret)
		return ret;
	nf = count_fields(c->line, c->end);
	if (both && nf < 5)
		return fv_diag_add(d, FV_ERROR, name, c->lineno, column(c),
				   "%d columns in a log written with "
				   "log_window_value=both (time, mean, max, "
				   "direction, block size)",
				   nf)
			       ?: -EBADMSG;
	if (both) {
		/* drop the max: time, mean, ddir, bs */
		f[2] = f[3];
		f[3] = f[4];
		col[2] = col[3];
		col[3] = col[4];
	}
	if (ddir_of(f[2], &dir))
		return fv_diag_add(d, FV_ERROR, name, c->lineno, col[2],
				   "data direction %g is not 0 (read), 1 "
				   "(write), 2 (trim) or 3-4 (sync)",
				   f[2])
			       ?: -EBADMSG;
	s = series_for(ts, by_dir, dir, c->lineno);
	return s ? add_point(s, f) : -ENOMEM;
}

static void drop_from(struct fv_logset *ts, size_t first)
{
	for (size_t i = first; i < ts->n; i++) {
		free(ts->v[i]->source);
		free(ts->v[i]->dir);
		free(ts->v[i]->prefix);
		free(ts->v[i]->host);
		free(ts->v[i]->pt);
		free(ts->v[i]);
	}
	ts->n = first;
}

static int name_series(struct fv_logset *ts, size_t first, const char *name)
{
	for (size_t i = first; i < ts->n; i++) {
		struct fv_series *s = ts->v[i];
		const char *slash = strrchr(name, '/');

		s->source = strdup(name);
		s->dir = slash ? strndup(name, (size_t) (slash - name))
			       : strdup(".");
		if (!s->source || !s->dir ||
		    fv_log_name(name, &s->prefix, &s->kind, &s->thread) ==
			    -ENOMEM ||
		    fv_log_host(name, &s->host))
			return -ENOMEM;
	}
	return 0;
}

/*
 * Whether the log was written with log_window_value=both: decided on the
 * whole file before any line is taken, since its first lines (zeros, say)
 * may read either way. Unparsable lines are left to the real pass.
 */
static bool file_is_window_both(const char *p, const char *end)
{
	for (; p < end;) {
		const char *nl = memchr(p, '\n', (size_t) (end - p));
		const char *le = nl ? nl : end;
		double f[5] = { 0 };
		int nf = 0;
		char *q;

		while (nf < 5 && p < le) {
			f[nf] = strtod(p, &q);
			/* strtod skips white space, newlines included */
			if (q == p || q > le)
				break;
			nf++;
			p = memchr(q, ',', (size_t) (le - q));
			if (!p)
				break;
			p++;
		}
		if (window_both(f, nf))
			return true;
		p = nl ? nl + 1 : end;
	}
	return false;
}

int fv_log_parse(struct fv_logset *ts, const char *name, const char *buf,
		 size_t len, struct fv_diags *diags)
{
	struct fv_series *by_dir[FV_DIR_NR] = { 0 };
	struct cursor c = { .p = buf };
	const char *end = buf + len;
	size_t first = ts->n;
	const bool both = file_is_window_both(buf, buf + len);
	int ret = 0;

	for (c.lineno = 1; c.p < end && !ret; c.lineno++) {
		const char *nl = memchr(c.p, '\n', (size_t) (end - c.p));

		c.line = c.p;
		c.end = nl ? nl : end;
		if (c.end > c.p && c.end[-1] == '\r')
			c.end--;
		ret = one_line(ts, by_dir, &c, name, diags, both);
		c.p = nl ? nl + 1 : end;
	}
	/* slat of a synchronous engine, a job that did no I/O: no data. */
	if (!ret && ts->n == first)
		return fv_diag_add(diags, FV_NOTE, name, 0, 0,
				   "empty log: no samples");
	if (!ret)
		ret = name_series(ts, first, name);
	if (ret)
		drop_from(ts, first);
	return ret;
}

/* A histogram log: its name and place, read when windows are asked for. */
int fv_hist_add(struct fv_logset *ts, const char *path, const char *buf,
		size_t len)
{
	struct fv_series *s;
	const char *slash = strrchr(path, '/');

	if (FV_ALLOC_GROW(ts->hist, ts->nhist + 1, ts->hist_cap))
		return -ENOMEM;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	ts->hist[ts->nhist++] = s;
	s->hist = true;
	s->ddir = FV_DIR_MIXED;
	s->text = buf;
	s->text_len = len;
	s->source = strdup(path);
	s->dir = slash ? strndup(path, (size_t) (slash - path)) : strdup(".");
	if (!s->source || !s->dir ||
	    fv_hist_name(path, &s->prefix, &s->kind, &s->thread) == -ENOMEM ||
	    fv_log_host(path, &s->host))
		return -ENOMEM;
	return 0;
}

int fv_log_load_file(struct fv_logset *ts, const char *path,
		     struct fv_diags *diags)
{
	struct fv_input in = { .path = (char *) path, .named = true };
	char *buf = NULL;
	size_t len = 0;
	enum fv_log_kind kind;
	int ret, thread;

	/* Histograms are read when asked for, a window at a time. */
	if (!fv_hist_name(path, NULL, &kind, &thread))
		return fv_hist_add(ts, path, NULL, 0);
	ret = fv_input_read(&in, &buf, &len);

	if (ret == -ENOMEM)
		return ret;
	if (ret)
		return fv_diag_add(diags, FV_ERROR, path, 0, 0,
				   "cannot read: %s", strerror(-ret))
			       ?: ret;
	ret = fv_log_parse(ts, path, buf, len, diags);
	free(buf);
	return ret;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *) a, *(char *const *) b);
}

/* The log names in dir, sorted so that output does not depend on readdir. */
static int list_logs(const char *dir, char ***names, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t cap = 0;

	*names = NULL;
	*n = 0;
	if (!d)
		return -errno;
	while ((e = readdir(d))) {
		if (!fv_log_named(e->d_name))
			continue;
		if (fv_lines_push(names, n, &cap, e->d_name))
			break;
	}
	closedir(d);
	if (e)
		return -ENOMEM;
	if (*n)
		qsort(*names, *n, sizeof(**names), name_cmp);
	return 0;
}

static const char *no_dot(const char *p)
{
	return strncmp(p, "./", 2) ? p : p + 2;
}

static bool already(const struct fv_logset *ts, const char *path)
{
	for (size_t i = 0; i < ts->n; i++)
		if (!strcmp(no_dot(ts->v[i]->source), no_dot(path)))
			return true;
	for (size_t i = 0; i < ts->nhist; i++)
		if (!strcmp(no_dot(ts->hist[i]->source), no_dot(path)))
			return true;
	return false;
}

int fv_log_load_dir(struct fv_logset *ts, const char *dir,
		    struct fv_diags *diags)
{
	char **names;
	size_t n;
	int ret = list_logs(dir, &names, &n);

	if (ret == -ENOMEM)
		goto out;
	if (ret) {
		ret = fv_diag_add(diags, FV_ERROR, dir, 0, 0,
				  "cannot list logs: %s", strerror(-ret));
		goto out;
	}
	for (size_t i = 0; i < n && ret != -ENOMEM; i++) {
		char *path;

		if (asprintf(&path, "%s/%s", dir, names[i]) < 0) {
			ret = -ENOMEM;
			break;
		}
		/* Named as an input too: read once. */
		ret = already(ts, path) ? 0 : fv_log_load_file(ts, path, diags);
		free(path);
	}
	ret = ret == -ENOMEM ? ret : 0;
out:
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

void fv_logset_free(struct fv_logset *ts)
{
	drop_from(ts, 0);
	free(ts->v);
	ts->v = NULL;
	ts->n = ts->cap = 0;
	for (size_t i = 0; i < ts->nhist; i++) {
		free(ts->hist[i]->source);
		free(ts->hist[i]->dir);
		free(ts->hist[i]->prefix);
		free(ts->hist[i]->host);
		free(ts->hist[i]);
	}
	free(ts->hist);
	ts->hist = NULL;
	ts->nhist = ts->hist_cap = 0;
}
