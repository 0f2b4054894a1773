/* SPDX-License-Identifier: MIT */
/*
 * Aligned plain text: numbers right, text left. On a terminal the table
 * fits its width (COLUMNS, else the window's): text cells too long wrap
 * inside their column, and where even that cannot fit, each row becomes a
 * block of "Title: value" lines. To a pipe or a file, one row per line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "render.h"
#include "model/model.h"

#define CELL_MAX 256
#define SEP 2
/*
 * A text column is not narrowed below this, nor below its longest word
 * up to MAX_WORD (longer words are cut), nor its header's longest word.
 */
#define MIN_TEXT 12
#define MAX_WORD 20

static void cell_text(char *buf, const struct fv_table *t, size_t r, size_t c)
{
	fv_cell_human(buf, CELL_MAX, &t->cols[c], fv_table_cell(t, r, c));
}

/* The width to fit: a terminal's (COLUMNS, else its window); 0: none. */
static size_t out_width(FILE *out)
{
	const char *env = getenv("COLUMNS");
#ifdef TIOCGWINSZ
	struct winsize ws;
#endif
	int fd = fileno(out);
	long n;

	if (fd < 0 || !isatty(fd))
		return 0;
	n = env ? strtol(env, NULL, 10) : 0;
	if (n > 0 && n < 100000)
		return (size_t) n;
#ifdef TIOCGWINSZ /* WASI (the browser's build) has no terminal size */
	if (!ioctl(fd, TIOCGWINSZ, &ws) && ws.ws_col > 0)
		return ws.ws_col;
#endif
	return 80;
}

/* Bytes of s's first line within width columns, and where the next starts. */
static size_t line_len(const char *s, size_t width, const char **next)
{
	size_t cols = 0, i = 0, brk = 0;

	while (s[i] && cols < width) {
		i++;
		while (((unsigned char) s[i] & 0xc0) == 0x80)
			i++;
		cols++;
		if (s[i] == ' ')
			brk = i;
	}
	if (!s[i] || s[i] == ' ')
		brk = i;
	else if (!brk)
		brk = i; /* a word longer than the column: cut it */
	*next = s + brk;
	while (**next == ' ')
		(*next)++;
	return brk;
}

/* The widest word of s (a column is never narrower than its header's). */
static size_t longest_word(const char *s)
{
	size_t best = 0, cur = 0;

	for (; *s; s++) {
		if (*s == ' ') {
			cur = 0;
			continue;
		}
		if (((unsigned char) *s & 0xc0) != 0x80 && ++cur > best)
			best = cur;
	}
	return best;
}

/*
 * w: each column's natural width; min: the least it may be narrowed to
 * (numbers never wrap, headers wrap at their spaces, text down to its
 * longest word within [MIN_TEXT, MAX_WORD] or its header's).
 */
static void widths(const struct fv_table *t, size_t *w, size_t *min)
{
	char buf[CELL_MAX];

	for (size_t c = 0; c < t->ncols; c++) {
		size_t cells = 0, head, word = 0;

		fv_col_header(buf, sizeof(buf), &t->cols[c]);
		head = fv_utf8_width(buf);
		min[c] = longest_word(buf);
		for (size_t r = 0; r < t->nrows; r++) {
			size_t cw;

			cell_text(buf, t, r, c);
			cw = fv_utf8_width(buf);
			if (cw > cells)
				cells = cw;
			cw = longest_word(buf);
			if (cw > word)
				word = cw;
		}
		w[c] = cells > head ? cells : head;
		if (t->cols[c].unit != FV_U_TEXT) {
			if (cells > min[c])
				min[c] = cells;
		} else {
			word = word > MAX_WORD ? MAX_WORD : word;
			word = word < MIN_TEXT ? MIN_TEXT : word;
			if (min[c] < word)
				min[c] = w[c] < word ? w[c] : word;
		}
	}
}

/*
 * Narrows the widest text columns until the row fits width (0: any
 * width). false when it cannot: the columns at their least are wider.
 */
static bool fit(const struct fv_table *t, size_t *w, const size_t *min,
		size_t width)
{
	size_t total = 0, k = 0;

	for (size_t c = 0; c < t->ncols; c++)
		if (fv_col_shown(&t->cols[c], false)) {
			total += w[c];
			k++;
		}
	total += k ? SEP * (k - 1) : 0;
	while (width && total > width) {
		size_t widest = t->ncols;

		for (size_t c = 0; c < t->ncols; c++)
			if (fv_col_shown(&t->cols[c], false) && w[c] > min[c] &&
			    (widest == t->ncols || w[c] > w[widest]))
				widest = c;
		if (widest == t->ncols)
			return false;
		w[widest]--;
		total--;
	}
	return true;
}

static size_t last_shown(const struct fv_table *t)
{
	size_t last = 0;

	for (size_t c = 0; c < t->ncols; c++)
		if (fv_col_shown(&t->cols[c], false))
			last = c;
	return last;
}

/* One row, on as many lines as its longest cell wraps to. */
static void put_row(FILE *out, const struct fv_table *t, const size_t *w,
		    long row)
{
	size_t last = last_shown(t);
	char text[t->ncols ? t->ncols : 1][CELL_MAX];
	const char *at[t->ncols ? t->ncols : 1];
	bool more = true;

	for (size_t c = 0; c < t->ncols; c++) {
		if (row < 0)
			fv_col_header(text[c], CELL_MAX, &t->cols[c]);
		else
			cell_text(text[c], t, (size_t) row, c);
		at[c] = text[c];
	}
	while (more) {
		more = false;
		for (size_t c = 0; c < t->ncols; c++) {
			const char *next;
			size_t n, pad;
			bool right = t->cols[c].unit != FV_U_TEXT;
			char piece[CELL_MAX];

			if (!fv_col_shown(&t->cols[c], false))
				continue;
			n = line_len(at[c], w[c], &next);
			snprintf(piece, sizeof(piece), "%.*s", (int) n, at[c]);
			at[c] = next;
			more |= *next != '\0';
			pad = w[c] - fv_utf8_width(piece);
			if (right)
				fprintf(out, "%*s%s", (int) pad, "", piece);
			else
				fprintf(out, "%s%*s", piece,
					c == last ? 0 : (int) pad, "");
			if (c != last)
				fprintf(out, "%*s", SEP, "");
		}
		fputc('\n', out);
	}
}

/* text after prefix, wrapped to width (0: one line), then indented. */
static void put_wrapped(FILE *out, const char *prefix, const char *text,
			size_t width, size_t indent)
{
	size_t first = fv_utf8_width(prefix);
	const char *next;
	size_t n;

	fputs(prefix, out);
	if (!width || width <= first + 8 || width <= indent + 8) {
		fprintf(out, "%s\n", text);
		return;
	}
	n = line_len(text, width - first, &next);
	fprintf(out, "%.*s\n", (int) n, text);
	while (*next) {
		text = next;
		n = line_len(text, width - indent, &next);
		fprintf(out, "%*s%.*s\n", (int) indent, "", (int) n, text);
	}
}

/* Each row a block: a "Title: value" line per column shown. */
static void put_blocks(FILE *out, const struct fv_table *t, size_t width)
{
	char head[CELL_MAX], val[CELL_MAX], prefix[CELL_MAX + 8];

	for (size_t r = 0; r < t->nrows; r++) {
		if (r)
			fputc('\n', out);
		for (size_t c = 0; c < t->ncols; c++) {
			if (!fv_col_shown(&t->cols[c], false))
				continue;
			fv_col_header(head, sizeof(head), &t->cols[c]);
			cell_text(val, t, r, c);
			snprintf(prefix, sizeof(prefix), "%s: ", head);
			put_wrapped(out, prefix, val, width, 4);
		}
	}
}

struct reason_ctx {
	FILE *out;
	size_t width;
};

static void put_reason(void *ctx, const char *reason)
{
	const struct reason_ctx *x = ctx;

	put_wrapped(x->out, "  n/a: ", reason, x->width, 7);
}

static int render_table(FILE *out, const struct fv_table *t, size_t width)
{
	size_t n = t->ncols ? t->ncols : 1;
	size_t *w = calloc(2 * n, sizeof(*w));
	struct reason_ctx rc = { out, width };

	if (!w)
		return -ENOMEM;
	widths(t, w, w + n);
	fprintf(out, "%s\n\n", t->title);
	if (fit(t, w, w + n, width)) {
		put_row(out, t, w, -1);
		for (size_t r = 0; r < t->nrows; r++)
			put_row(out, t, w, (long) r);
	} else {
		put_blocks(out, t, width);
	}
	if (!t->nrows)
		fputs("(no rows)\n", out);
	for (size_t i = 0; i < t->nnotes; i++)
		put_wrapped(out, "  note: ", t->notes[i], width, 8);
	fv_table_na_reasons(t, false, put_reason, &rc);
	free(w);
	return 0;
}

static int render(FILE *out, const struct fv_report *rep)
{
	size_t width = out_width(out);

	for (size_t i = 0; i < rep->ntables; i++) {
		int ret;

		if (i)
			fputc('\n', out);
		ret = render_table(out, rep->tables[i], width);
		if (ret)
			return ret;
	}
	return ferror(out) ? -EIO : 0;
}

const struct fv_renderer fv_render_text = {
	.name = "text",
	.help = "aligned columns, human units (default)",
	.render = render,
};
