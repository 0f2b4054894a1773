/* SPDX-License-Identifier: MIT */
/*
 * report --interactive: the browser's page (make web) with this report
 * shown when it opens, and the report's inputs inside it, so that whoever
 * receives the one file can drop results of their own beside them and see
 * the report of both, offline. The inputs keep the paths they were given
 * by (absolute when they climb out of the working directory), so the
 * page runs the same command line and labels them alike.
 */
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "html.h"
#include "util/util.h"

#define MARKER "<!--FV_INPUTS-->"

/* The page at path, read whole, if it is the page of make web. */
static int read_web_page(const char *path, char **text)
{
	FILE *f = fopen(path, "rb");
	size_t len;
	int ret = f ? fv_read_all(f, 0, text, &len) : -errno;

	if (f)
		fclose(f);
	if (!ret && !strstr(*text, MARKER)) {
		free(*text);
		*text = NULL;
		ret = -EINVAL;
	}
	return ret;
}

int fv_web_page(char **text, struct fv_error *err)
{
	const char *env = getenv("FV_WEB_PAGE");
	char path[PATH_MAX], build[PATH_MAX];
	int ret;

	*text = NULL;
	if (env) {
		snprintf(path, sizeof(path), "%s", env);
	} else {
		fv_beside_exe(build, sizeof(build), "web/fioverdict.html");
		fv_beside_exe(path, sizeof(path),
			      "share/fioverdict/fioverdict.html");
		if (build[0] && !access(build, F_OK))
			snprintf(path, sizeof(path), "%s", build);
	}
	ret = path[0] ? read_web_page(path, text) : -ENOENT;
	if (ret == -EINVAL)
		fv_error_set(err, EINVAL, FV_EXIT_UNAVAILABLE, NULL, 0,
			     "%s is not the page of make web (no " MARKER
			     " in it)",
			     path);
	else if (ret && env)
		fv_error_set(err, -ret, FV_EXIT_UNAVAILABLE, NULL, 0,
			     "FV_WEB_PAGE=%s: %s", env, strerror(-ret));
	else if (ret)
		fv_error_set(
			err, -ret, FV_EXIT_UNAVAILABLE, NULL, 0,
			"the browser's page is not there: build it with 'make "
			"web' (it is looked for beside the program, as "
			"web/fioverdict.html or share/fioverdict/"
			"fioverdict.html, or set FV_WEB_PAGE)");
	return ret;
}

/* The bytes of f, base64 (RFC 4648), on out. 0 or -errno. */
static int base64_file(FILE *out, FILE *f)
{
	static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn"
				     "opqrstuvwxyz0123456789+/";
	unsigned char in[3 * 4096];
	size_t n;

	while ((n = fread(in, 1, sizeof(in), f)) > 0) {
		for (size_t i = 0; i < n; i += 3) {
			unsigned v =
				(unsigned) in[i] << 16 |
				(i + 1 < n ? (unsigned) in[i + 1] << 8 : 0) |
				(i + 2 < n ? in[i + 2] : 0);

			fputc(digits[v >> 18 & 63], out);
			fputc(digits[v >> 12 & 63], out);
			fputc(i + 1 < n ? digits[v >> 6 & 63] : '=', out);
			fputc(i + 2 < n ? digits[v & 63] : '=', out);
		}
		if (n < sizeof(in))
			break;
	}
	return ferror(f) ? -EIO : 0;
}

static int embed_file(FILE *out, const char *path, const char *as)
{
	FILE *f = fopen(path, "rb");
	int ret;

	if (!f)
		return -errno;
	fputs("<script type=\"application/octet-stream\" class=\"fv-input\" "
	      "data-path=\"",
	      out);
	fv_xml_escape(out, as);
	fputs("\">", out);
	ret = base64_file(out, f);
	fclose(f);
	fputs("</script>\n", out);
	return ret;
}

/* A file, or a folder's files at any depth, under the name as. */
static int embed_tree(FILE *out, const char *path, const char *as,
		      struct fv_error *err, int depth)
{
	char sub[PATH_MAX], sub_as[PATH_MAX];
	struct dirent *e;
	struct stat st;
	DIR *d;
	int ret = 0;

	if (stat(path, &st) || depth > 32)
		return 0; /* the report said why it could not read it */
	if (!S_ISDIR(st.st_mode)) {
		ret = S_ISREG(st.st_mode) ? embed_file(out, path, as) : 0;
		if (ret)
			fv_error_set(err, -ret, FV_EXIT_IOERR, path, 0, "%s",
				     strerror(-ret));
		return ret;
	}
	d = opendir(path);
	if (!d)
		return 0;
	while (!ret && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if ((size_t) snprintf(sub, sizeof(sub), "%s/%s", path,
				      e->d_name) >= sizeof(sub) ||
		    (size_t) snprintf(sub_as, sizeof(sub_as), "%s/%s", as,
				      e->d_name) >= sizeof(sub_as))
			continue;
		ret = embed_tree(out, sub, sub_as, err, depth + 1);
	}
	closedir(d);
	return ret;
}

/*
 * The path the page keeps an input by: as given when it stays under the
 * working directory, else its absolute path (the page's working
 * directory is its root). Into buf.
 */
static const char *kept_as(const char *input, char *buf, size_t len)
{
	char *real;

	if (input[0] != '/' && strcmp(input, ".") && strncmp(input, "./", 2) &&
	    strncmp(input, "..", 2) && !strstr(input, "/.."))
		return input;
	real = realpath(input, NULL);
	snprintf(buf, len, "%s", real ? real : input);
	free(real);
	return buf;
}

/* Does argv[i] (with argv[i + 1]) name the output or ask for this page? */
static size_t skipped(char *const *argv, size_t i, size_t n)
{
	const char *a = argv[i];

	if (!strcmp(a, "--interactive"))
		return 1;
	if (!strcmp(a, "-o") || !strcmp(a, "--output"))
		return i + 1 < n ? 2 : 1;
	if (!strncmp(a, "--output=", 9) || (!strncmp(a, "-o", 2) && a[2]))
		return 1;
	return 0;
}

/*
 * The command line the page runs again, its options and its inputs apart:
 * {"options": [...], "inputs": [...]}, JSON with '/' escaped (it is in a
 * <script>).
 */
static int write_argv(FILE *out, const struct fv_interactive *in)
{
	json_t *opts = json_array(), *inputs = json_array();
	json_t *doc =
		json_pack("{s:o, s:o}", "options", opts, "inputs", inputs);
	char buf[PATH_MAX], *text;
	size_t nopts = in->argc - in->ninputs;

	for (size_t i = 1; doc && i < nopts;) {
		size_t skip = skipped(in->argv, i, nopts);

		if (!skip)
			json_array_append_new(opts, json_string(in->argv[i]));
		i += skip ? skip : 1;
	}
	for (size_t i = 0; doc && i < in->ninputs; i++)
		json_array_append_new(
			inputs,
			json_string(kept_as(in->inputs[i], buf, sizeof(buf))));
	text = doc ? json_dumps(doc, JSON_COMPACT | JSON_ESCAPE_SLASH) : NULL;
	json_decref(doc);
	if (!text)
		return -ENOMEM;
	fprintf(out,
		"<script type=\"application/json\" id=\"fv-argv\">%s"
		"</script>\n",
		text);
	free(text);
	return 0;
}

static int write_report(FILE *out, const struct fv_interactive *in)
{
	FILE *f = fmemopen((void *) in->report, in->report_len, "rb");
	int ret;

	if (!f)
		return -errno;
	fputs("<script type=\"application/octet-stream\" id=\"fv-initial\">",
	      out);
	ret = base64_file(out, f);
	fputs("</script>\n", out);
	fclose(f);
	return ret;
}

int fv_html_interactive(FILE *out, const struct fv_interactive *in,
			struct fv_error *err)
{
	const char *at = strstr(in->page, MARKER);
	char buf[PATH_MAX];
	int ret;

	if (!at)
		return -EINVAL; /* fv_web_page read no other page */
	fwrite(in->page, 1, (size_t) (at - in->page), out);
	ret = write_argv(out, in);
	if (!ret)
		ret = write_report(out, in);
	for (size_t i = 0; !ret && i < in->ninputs; i++)
		ret = embed_tree(out, in->inputs[i],
				 kept_as(in->inputs[i], buf, sizeof(buf)), err,
				 0);
	if (!ret)
		fputs(at + strlen(MARKER), out);
	return ret;
}
