/* SPDX-License-Identifier: MIT */
/*
 * Catalog files into rows: the format line, the header naming the
 * columns, then one row per line. The first problem stops the file with
 * its name, line and field: a catalog with a wrong figure must not be
 * half used.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "csv.h"
#include "fields.h"
#include "files.h"
#include "util/util.h"

#define MAX_COLS 64
#define MAX_FILE (16u << 20)

struct parse {
	struct fv_catalog *c;
	const char *name;
	struct fv_error *err;
	unsigned line;
	const struct fv_cat_col *cols[MAX_COLS];
	size_t ncols;
	int unit_col; /* index of bw_unit, or -1 */
};

static int errorf(struct parse *p, const char *fmt, const char *a,
		  const char *b)
{
	char msg[2048];

	snprintf(msg, sizeof(msg), fmt, a, b);
	return fv_error_set(p->err, EINVAL, FV_EXIT_INPUT, p->name,
			    (int) p->line, "%s", msg);
}

/* "# fioverdict-catalog N": the format and its version. */
static int format_line(struct parse *p, const char *line)
{
	static const char magic[] = "# fioverdict-catalog ";
	char ver[32], ours[16];
	long v;
	char *end;

	snprintf(ours, sizeof(ours), "%d", FV_CATALOG_FORMAT);
	if (strncmp(line, magic, sizeof(magic) - 1))
		return errorf(p,
			      "not a fioverdict catalog: the first line must "
			      "be '# fioverdict-catalog %s'%s",
			      ours, "");
	line += sizeof(magic) - 1;
	v = strtol(line, &end, 10);
	while (*end == ' ' || *end == '\t')
		end++;
	if (end == line || *end || v < 1)
		return errorf(p, "'%s' is not a catalog format version%s", line,
			      "");
	snprintf(ver, sizeof(ver), "%ld", v);
	if (v > FV_CATALOG_FORMAT)
		return errorf(p,
			      "catalog format version %s is newer than this "
			      "fioverdict reads (%s): update fioverdict",
			      ver, ours);
	return 0;
}

static int header(struct parse *p, char *line)
{
	static const char *const need[] = { "cloud", "id", "kind", "source",
					    "read" };
	char *f[MAX_COLS], names[1024];
	size_t col = 0;
	int n = fv_csv_split(line, f, MAX_COLS, &col);

	if (n < 0)
		return errorf(p, "%s%s",
			      n == -2 ? "more columns than a catalog has"
				      : "a quote that does not close",
			      "");
	p->unit_col = -1;
	for (int i = 0; i < n; i++) {
		p->cols[i] = fv_cat_col_find(f[i]);
		if (!p->cols[i]) {
			fv_cat_col_names(names, sizeof(names));
			return errorf(p, "unknown column '%s' (columns: %s)",
				      f[i], names);
		}
		for (int k = 0; k < i; k++)
			if (p->cols[k] == p->cols[i])
				return errorf(p, "column '%s' twice%s", f[i],
					      "");
		if (!strcmp(f[i], "bw_unit"))
			p->unit_col = i;
	}
	p->ncols = (size_t) n;
	for (size_t k = 0; k < FV_ARRAY_SIZE(need); k++) {
		bool found = false;

		for (size_t i = 0; i < p->ncols; i++)
			found |= !strcmp(fv_cat_col_name(p->cols[i]), need[k]);
		if (!found)
			return errorf(p,
				      "no column '%s': every catalog has "
				      "cloud, id, kind, source and read%s",
				      need[k], "");
	}
	return 0;
}

static int add_row(struct parse *p, struct fv_cat_row *r)
{
	struct fv_catalog *c = p->c;

	if (FV_ALLOC_GROW(c->rows, c->n + 1, c->cap))
		return -ENOMEM;
	r->file = strdup(p->name);
	r->line = p->line;
	if (!r->file)
		return -ENOMEM;
	c->rows[c->n++] = *r;
	return 0;
}

static int set_fields(struct parse *p, struct fv_cat_row *r, char **f)
{
	double unit = 0;
	char why[256];
	int ret;

	/* the unit first: rates before it in the line are in it too */
	if (p->unit_col >= 0) {
		ret = fv_cat_col_set(p->cols[p->unit_col], r, f[p->unit_col], 0,
				     why, sizeof(why));
		if (ret)
			return ret == -ENOMEM
				       ? ret
				       : errorf(p, "field 'bw_unit': %s%s", why,
						"");
		unit = fv_cat_unit_bytes(r->bw_unit);
	}
	for (size_t i = 0; i < p->ncols; i++) {
		if ((int) i == p->unit_col)
			continue;
		ret = fv_cat_col_set(p->cols[i], r, f[i], unit, why,
				     sizeof(why));
		if (ret == -ENOMEM)
			return ret;
		if (ret)
			return errorf(p, "field '%s': %s",
				      fv_cat_col_name(p->cols[i]), why);
	}
	return 0;
}

static int row(struct parse *p, char *line)
{
	char *f[MAX_COLS], why[256], nf[32], nh[32];
	const char *field = NULL;
	struct fv_cat_row r;
	size_t col = 0;
	int n = fv_csv_split(line, f, MAX_COLS, &col), ret;

	if (n == -1)
		return errorf(p,
			      "a quote that does not close, or text after a "
			      "closing quote%s%s",
			      "", "");
	if (n != (int) p->ncols) {
		snprintf(nf, sizeof(nf), "%d", n < 0 ? MAX_COLS : n);
		snprintf(nh, sizeof(nh), "%zu", p->ncols);
		return errorf(p,
			      "%s fields, the header has %s (a ',' inside a "
			      "value needs quotes)",
			      nf, nh);
	}
	fv_cat_row_init(&r);
	ret = set_fields(p, &r, f);
	if (!ret && fv_cat_row_check(&r, &field, why, sizeof(why)))
		ret = errorf(p, "field '%s': %s", field, why);
	if (!ret)
		ret = add_row(p, &r);
	if (ret)
		fv_cat_row_free(&r);
	return ret;
}

static bool blank(const char *s)
{
	while (isspace((unsigned char) *s))
		s++;
	return !*s;
}

static int one_line(struct parse *p, char *line, bool *seen_header)
{
	if (p->line == 1)
		return format_line(p, line);
	if (line[0] == '#' || blank(line))
		return 0;
	if (!*seen_header) {
		*seen_header = true;
		return header(p, line);
	}
	return row(p, line);
}

int fv_catalog_parse(struct fv_catalog *c, const char *name, const char *text,
		     size_t len, struct fv_error *err)
{
	struct parse p = { .c = c, .name = name, .err = err };
	bool seen_header = false;
	const char *s = text, *end = text + len;
	int ret = 0;

	if (memchr(text, '\0', len))
		return fv_error_set(err, EINVAL, FV_EXIT_INPUT, name, 0,
				    "binary data, not a catalog");
	while (!ret && s < end) {
		const char *nl = memchr(s, '\n', (size_t) (end - s));
		size_t n = (size_t) ((nl ? nl : end) - s);
		char *line = malloc(n + 1);

		if (!line)
			return -ENOMEM;
		memcpy(line, s, n);
		line[n] = '\0';
		if (n && line[n - 1] == '\r')
			line[n - 1] = '\0';
		p.line++;
		ret = one_line(&p, line, &seen_header);
		free(line);
		s += n + 1;
	}
	if (!ret && !p.line)
		return fv_error_set(err, EINVAL, FV_EXIT_INPUT, name, 0,
				    "empty, not a catalog");
	if (!ret && !seen_header)
		return fv_error_set(
			err, EINVAL, FV_EXIT_INPUT, name, 0,
			"no header line (the columns) after the format "
			"line");
	return ret;
}

/* ---- Files and directories ---- */

static int read_file(const char *path, char **text, size_t *len,
		     struct fv_error *err)
{
	FILE *f = fopen(path, "rb");
	int ret;

	if (!f)
		return fv_error_set(err, errno, FV_EXIT_INPUT, path, 0, "%s",
				    strerror(errno));
	ret = fv_read_all(f, MAX_FILE, text, len);
	fclose(f);
	if (ret == -EFBIG)
		return fv_error_set(err, EFBIG, FV_EXIT_INPUT, path, 0,
				    "larger than a catalog can be (16 MiB)");
	if (ret)
		return fv_error_set(err, -ret, FV_EXIT_INPUT, path, 0, "%s",
				    strerror(-ret));
	return 0;
}

static int remember(struct fv_catalog *c, const char *path)
{
	return fv_lines_push(&c->files, &c->nfiles, &c->files_alloc, path);
}

static int load_file(void *ctx, const char *path, struct fv_error *err)
{
	struct fv_catalog *c = ctx;
	char *text = NULL;
	size_t len = 0;
	int ret = read_file(path, &text, &len, err);

	if (!ret)
		ret = fv_catalog_parse(c, path, text ? text : "", len, err);
	free(text);
	return ret ? ret : remember(c, path);
}

int fv_catalog_load(struct fv_catalog *c, const char *path,
		    struct fv_error *err)
{
	return fv_cat_each_csv(path, load_file, c, "no catalog file (*.csv)",
			       err);
}

/* ---- The catalog as a whole ---- */

static bool overlap(double alo, double ahi, double blo, double bhi)
{
	if (isnan(alo) || isnan(blo))
		return true; /* a row without a range covers them all */
	return alo <= bhi && blo <= ahi;
}

int fv_catalog_check(const struct fv_catalog *c, struct fv_error *err)
{
	for (size_t i = 0; i < c->n; i++) {
		const struct fv_cat_row *a = &c->rows[i];

		for (size_t k = 0; a->used && k < i; k++) {
			const struct fv_cat_row *b = &c->rows[k];

			if (!b->used || strcasecmp(a->cloud, b->cloud) ||
			    strcasecmp(a->id, b->id) ||
			    !overlap(a->size_lo, a->size_hi, b->size_lo,
				     b->size_hi) ||
			    !overlap(a->iops_lo, a->iops_hi, b->iops_lo,
				     b->iops_hi))
				continue;
			return fv_error_set(
				err, EINVAL, FV_EXIT_INPUT, a->file,
				(int) a->line,
				"field 'used': %s:%s is also at "
				"%s:%u for the same sizes: keep both and "
				"mark the one not used used=no",
				a->cloud, a->id, b->file, b->line);
		}
	}
	return 0;
}

void fv_catalog_free(struct fv_catalog *c)
{
	for (size_t i = 0; i < c->n; i++)
		fv_cat_row_free(&c->rows[i]);
	for (size_t i = 0; i < c->nfiles; i++)
		free(c->files[i]);
	free(c->rows);
	free(c->files);
	memset(c, 0, sizeof(*c));
}
