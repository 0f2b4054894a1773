/* SPDX-License-Identifier: MIT */
/*
 * Charts drawn by gnuplot's SVG terminal: a script per chart (data inline
 * as datablocks), gnuplot's output read back and inlined into the page.
 * Colours are Okabe-Ito (told apart with colour blindness) and every line
 * also has its own dash pattern and point shape, so a grey print still
 * tells the labels apart.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chart.h"

extern char **environ;

static const char *const colours[] = {
	"#0072B2", "#D55E00", "#009E73", "#CC79A7",
	"#E69F00", "#56B4E9", "#000000", "#F0E442",
};
#define NCOLOURS (sizeof(colours) / sizeof(*colours))

/* A gnuplot double-quoted string: backslash and quote escaped. */
static void gp_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
	fputc('"', f);
}

static void gp_axes(FILE *f, const struct fv_chart *ch)
{
	if (ch->xaxis == FV_AX_LOG2)
		fputs("set logscale x 2\nset xtics 2\n", f);
	if (ch->xaxis == FV_AX_NINES)
		fputs("set xtics (\"p50\" 0.30103, \"p90\" 1, \"p99\" 2, "
		      "\"p99.9\" 3, \"p99.99\" 4)\nset xrange [0.2:4.2]\n",
		      f);
	if (ch->xaxis == FV_AX_LIN)
		fputs("set xrange [0:*]\n", f);
	if (ch->yaxis == FV_AX_LOG10)
		fputs("set logscale y 10\nset format y \"%g\"\n", f);
	else
		/* headroom: a cap or level at the top stays off the border */
		fputs("set yrange [0:*]\nset offsets 0, 0, graph 0.1, 0\n"
		      "set format y \"%.1s%c\"\n",
		      f);
	if (ch->xaxis == FV_AX_HOSTS) {
		/* numbered 1..n: half a step either side, even for one */
		double hi = 1;

		for (size_t k = 0; k < ch->nlines; k++)
			for (size_t i = 0; i < ch->lines[k].n; i++)
				hi = fmax(hi, ch->lines[k].x[i]);
		fprintf(f,
			"set xtics 1\nset format x \"%%.0f\"\nset format y "
			"\"%%g\"\nset xrange [0.5:%.17g]\n"
			"set offsets 0, 0, graph 0.1, 0\n",
			hi + 0.5);
	}
}

/* An x or y position: "first V", or the plot's edge when V is NAN. */
static void gp_pos(FILE *f, double v, double edge)
{
	if (isfinite(v))
		fprintf(f, "first %.17g", v);
	else
		fprintf(f, "graph %g", edge);
}

/* Findings: dark grey, dashed and labelled (a grey print keeps them). */
#define MARK_STYLE "nohead front lw 1.5 lc rgb \"#333333\""

static void gp_mark(FILE *f, const struct fv_mark *m, size_t nv)
{
	switch (m->kind) {
	case FV_MK_VLINE:
		fprintf(f,
			"set arrow from first %.17g, graph 0 to first %.17g, "
			"graph 1 " MARK_STYLE " dt 2\nset label ",
			m->x0, m->x0);
		gp_str(f, m->text);
		/* stagger so that two falls' labels do not overwrite */
		fprintf(f,
			" at first %.17g, graph %.2f offset 0.4,0 left front "
			"boxed "
			"font \",9\"\n",
			m->x0, 0.95 - 0.06 * (double) (nv % 4));
		break;
	case FV_MK_HLINE:
		fputs("set arrow from ", f);
		gp_pos(f, m->x0, 0);
		fprintf(f, ", first %.17g to ", m->y);
		gp_pos(f, m->x1, 1);
		fprintf(f, ", first %.17g " MARK_STYLE " dt 4\nset label ",
			m->y);
		gp_str(f, m->text);
		fputs(" at ", f);
		gp_pos(f, m->x0, 0.01);
		fprintf(f,
			", first %.17g offset 0.4,0.6 left front boxed "
			"font \",9\"\n",
			m->y);
		break;
	case FV_MK_SPAN:
		fprintf(f,
			"set object rect from first %.17g, graph 0 to first "
			"%.17g, graph 1 behind fc rgb \"#999999\" fs "
			"transparent solid 0.2 border lc rgb \"#333333\" "
			"dt 3\nset label ",
			m->x0, m->x1);
		gp_str(f, m->text);
		fprintf(f,
			" at first %.17g, graph 0.05 offset 0.4,0 left front "
			"boxed "
			"font \",9\"\n",
			m->x0);
		break;
	}
}

static void gp_marks(FILE *f, const struct fv_chart *ch)
{
	size_t nv = 0;

	/* A label stays legible over the data it sits on. */
	if (ch->nmarks)
		fputs("set style textbox opaque fc rgb \"white\" noborder "
		      "margins 1,1\n",
		      f);

	for (size_t i = 0; i < ch->nmarks; i++) {
		gp_mark(f, &ch->marks[i], nv);
		nv += ch->marks[i].kind == FV_MK_VLINE;
	}
}

static void gp_data(FILE *f, const struct fv_chart *ch)
{
	for (size_t k = 0; k < ch->nlines; k++) {
		fprintf(f, "$d%zu << EOD\n", k);
		for (size_t i = 0; i < ch->lines[k].n; i++)
			fprintf(f, "%.9g %.9g\n", ch->lines[k].x[i],
				ch->lines[k].y[i]);
		fputs("EOD\n", f);
	}
}

static void gp_plot(FILE *f, const struct fv_chart *ch)
{
	bool any = false;

	for (size_t k = 0; k < ch->nlines; k++) {
		if (!ch->lines[k].n)
			continue;
		fprintf(f,
			"%s$d%zu using 1:2 with %s lw 2 "
			"lc rgb \"%s\" dt %zu pt %zu ps %s title ",
			any ? ", \\\n  " : "plot ", k,
			ch->lines[k].points ? "points" : "linespoints",
			colours[k % NCOLOURS], k % 5 + 1, (k % 6) * 2 + 5,
			ch->lines[k].points ? "1.2" : "0.8");
		gp_str(f, ch->lines[k].title);
		any = true;
	}
	fputc('\n', f);
}

static int write_script(FILE *f, const struct fv_chart *ch)
{
	fprintf(f,
		"set terminal svg size %d,%d fixed noenhanced font "
		"\"DejaVu Sans,11\" background rgb \"white\"\n"
		"set encoding utf8\nset title ",
		FV_CHART_W, FV_CHART_H);
	gp_str(f, ch->title);
	fputs("\nset xlabel ", f);
	gp_str(f, ch->xlabel);
	fputs("\nset ylabel ", f);
	gp_str(f, ch->ylabel);
	fputs("\nset grid lc rgb \"#cccccc\"\nset key outside below "
	      "horizontal\nset border lc rgb \"#000000\"\n",
	      f);
	gp_axes(f, ch);
	gp_marks(f, ch);
	gp_data(f, ch);
	gp_plot(f, ch);
	return ferror(f) ? -EIO : 0;
}

static bool gnuplot_on_path(void)
{
	const char *path = getenv("PATH");
	char buf[4096], *copy, *save = NULL;
	bool found = false;

	copy = strdup(path ? path : "/usr/bin:/bin");
	for (char *d = copy ? strtok_r(copy, ":", &save) : NULL; d && !found;
	     d = strtok_r(NULL, ":", &save)) {
		snprintf(buf, sizeof(buf), "%s/gnuplot", d);
		found = !access(buf, X_OK);
	}
	free(copy);
	return found;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	if (!f)
		return NULL;
	m = open_memstream(&buf, &len);
	if (m) {
		char chunk[8192];
		size_t n;

		while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
			fwrite(chunk, 1, n, m);
		fclose(m);
	}
	fclose(f);
	return buf;
}

#define OUT (O_WRONLY | O_CREAT | O_TRUNC)

/*
 * gnuplot script -> svg file, its messages into msgs. 0 and *status
 * waitpid's, or -errno when gnuplot could not be run.
 */
static int run_gnuplot(const char *script, const char *svg, const char *msgs,
		       int *status)
{
	posix_spawn_file_actions_t fa;
	char *argv[] = { "gnuplot", (char *) script, NULL };
	pid_t pid;
	int ret;

	if (posix_spawn_file_actions_init(&fa))
		return -ENOMEM;
	ret = posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, svg, OUT,
					       0600);
	ret = ret
		      ?: posix_spawn_file_actions_addopen(&fa, STDERR_FILENO,
							  msgs, OUT, 0600);
	ret = ret ?: posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (ret)
		return -ret;
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

static bool is_warning(const char *line)
{
	return strcasestr(line, "warning");
}

/*
 * gnuplot's first error line in msgs, without the script's path (a
 * temporary file): 'line 11: all points y value undefined!'. gnuplot
 * prints the offending command and a caret above it; its warnings, about
 * a plot it still drew, are not the error.
 */
static void first_error(const char *msgs, char *buf, size_t len)
{
	char *text = slurp(msgs), *save = NULL, *fallback = NULL;

	snprintf(buf, len, "no message");
	for (char *l = text ? strtok_r(text, "\n", &save) : NULL; l;
	     l = strtok_r(NULL, "\n", &save)) {
		char *at = strstr(l, "\" line ");

		if (is_warning(l))
			continue;
		if (at) {
			snprintf(buf, len, "%s", at + 2);
			free(text);
			return;
		}
		if (!fallback && strspn(l, " \t^") < strlen(l))
			fallback = l;
	}
	if (fallback)
		snprintf(buf, len, "%s", fallback + strspn(fallback, " \t"));
	free(text);
}

/*
 * Inlined SVGs share one id space: prefix every id and reference with
 * the chart's number, and drop the XML prolog.
 */
static char *inline_svg(const char *raw, size_t idx)
{
	static const char *const pats[] = { "id='", "id=\"", "href='#",
					    "href=\"#", "url(#" };
	const char *s = raw ? strstr(raw, "<svg") : NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	if (!s)
		return NULL;
	m = open_memstream(&buf, &len);
	if (!m)
		return NULL;
	while (*s) {
		size_t hit = 0;

		for (size_t p = 0; p < sizeof(pats) / sizeof(*pats) && !hit;
		     p++)
			if (!strncmp(s, pats[p], strlen(pats[p])))
				hit = strlen(pats[p]);
		if (hit) {
			fwrite(s, 1, hit, m);
			fprintf(m, "fvc%zu_", idx);
			s += hit;
		} else {
			fputc(*s++, m);
		}
	}
	fclose(m);
	return buf;
}

/* Why gnuplot drew nothing usable, into ch->left_out. */
static void failed(struct fv_chart *ch, int status, const char *msgs)
{
	char first[256];

	if (WIFSIGNALED(status)) {
		fv_chart_leave_out(ch, "gnuplot was ended by signal %d (%s)",
				   WTERMSIG(status),
				   strsignal(WTERMSIG(status)));
		return;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status)) {
		first_error(msgs, first, sizeof(first));
		fv_chart_leave_out(ch, "gnuplot failed (exit status %d): %s",
				   WEXITSTATUS(status), first);
		return;
	}
	fv_chart_leave_out(ch, "gnuplot wrote no SVG");
}

/* A chart's files in the temporary folder (its path: under 4096 bytes). */
struct chart_files {
	char script[4200], svg[4200], msgs[4200];
};

static void name_files(struct chart_files *x, const char *tmpdir, size_t idx)
{
	snprintf(x->script, sizeof(x->script), "%s/chart%zu.gp", tmpdir, idx);
	snprintf(x->svg, sizeof(x->svg), "%s/chart%zu.svg", tmpdir, idx);
	snprintf(x->msgs, sizeof(x->msgs), "%s/chart%zu.err", tmpdir, idx);
}

/* The script written and run; the SVG read back. 0, or -errno. */
static int plot(struct fv_chart *ch, size_t idx, const struct chart_files *x)
{
	FILE *f = fopen(x->script, "w");
	int ret, status = 0;
	char *raw;

	if (!f)
		return -errno;
	ret = write_script(f, ch);
	if (fclose(f) && !ret)
		ret = -EIO;
	if (!ret)
		ret = run_gnuplot(x->script, x->svg, x->msgs, &status);
	if (ret)
		return ret;
	raw = WIFEXITED(status) && !WEXITSTATUS(status) ? slurp(x->svg) : NULL;
	if (raw && strstr(raw, "<svg")) {
		ch->svg = inline_svg(raw, idx);
		free(raw);
		return ch->svg ? 0 : -ENOMEM;
	}
	free(raw);
	failed(ch, status, x->msgs);
	return 0;
}

/*
 * One chart: its SVG, or its reason to be left out. Its files go whatever
 * happens. 0, or -ENOMEM.
 */
static int draw_one(struct fv_chart *ch, size_t idx, const char *tmpdir,
		    FILE *err)
{
	struct chart_files x;
	int ret;

	name_files(&x, tmpdir, idx);
	ret = plot(ch, idx, &x);
	unlink(x.script);
	unlink(x.svg);
	unlink(x.msgs);
	if (ret == -ENOMEM)
		return ret;
	if (ret)
		fv_chart_leave_out(ch, "gnuplot could not be run in %s: %s",
				   tmpdir, strerror(-ret));
	if (ch->left_out[0] && err)
		fprintf(err, "fioverdict report: chart '%s' left out: %s\n",
			ch->title, ch->left_out);
	return 0;
}

/* Leaves out the charts with no point to draw; the count of the others. */
static size_t drawable(struct fv_charts *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->n; i++) {
		struct fv_chart *ch = &c->v[i];

		if (!ch->left_out[0] && !fv_chart_points(ch))
			fv_chart_leave_out(ch, "no point to draw");
		n += !ch->left_out[0];
	}
	return n;
}

int fv_charts_draw(struct fv_charts *c, FILE *err, char *why, size_t len)
{
	const char *t = getenv("TMPDIR");
	char tmpdir[4096];
	int ret = 0;

	if (!drawable(c))
		return 0;
	if (!gnuplot_on_path()) {
		snprintf(why, len,
			 "gnuplot not found on PATH: charts left out "
			 "(Debian: apt-get install gnuplot-nox)");
		return FV_DRAW_NO_GNUPLOT;
	}
	t = t && *t ? t : "/tmp";
	snprintf(tmpdir, sizeof(tmpdir), "%s/fioverdict-XXXXXX", t);
	if (!mkdtemp(tmpdir)) {
		snprintf(why, len,
			 "charts left out: cannot make a temporary folder in "
			 "%s (TMPDIR): %s",
			 t, strerror(errno));
		return FV_DRAW_NO_TMPDIR;
	}
	for (size_t i = 0; i < c->n && !ret; i++)
		if (!c->v[i].left_out[0])
			ret = draw_one(&c->v[i], i, tmpdir, err);
	rmdir(tmpdir);
	return ret;
}
