/* SPDX-License-Identifier: MIT */
/*
 * fioverdict catalog list [PATTERN] | show ID | import FILE: the cloud
 * disk and VM limits fioverdict knows (catalog/, docs/catalog.md), and
 * the import of a cloud's own list of sizes into that format.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cmd_int.h"

static int set_format(struct fv_cmdline *c, const struct fv_option *o,
		      const char *arg)
{
	(void) o;
	c->format = fv_renderer_find(arg);
	if (c->format && strcmp(arg, "junit"))
		return 0;
	return fv_usage_error(c,
			      "--format: '%s': catalog prints text, md, csv "
			      "or json",
			      arg);
}

static const struct fv_option catalog_opts[] = {
	FV_OPT("format", 'f', "FMT",
	       "list, show: text, md, csv or json (default\ntext)", set_format),
	FV_OPT_STRING("output", 'o', "FILE",
		      "write to FILE (import: the catalog file)", fv_at_output),
	FV_OPT("help", 'h', NULL, "this help", NULL),
	FV_OPT_END,
};

static int render(struct fv_cmdline *c, const struct fv_report *rep)
{
	struct fv_output o;
	int ret = fv_output_open(&o, c->output, c->out, c->err);

	if (ret)
		return ret;
	return fv_output_close(&o, c->format->render(o.f, rep), c->err);
}

static int list(struct fv_cmdline *c, const char *pattern)
{
	struct fv_report rep = { .command = "catalog" };
	int ret = fv_catalog_list_table(&c->cat, pattern, &rep), status;

	status = ret ? FV_EXIT_SOFTWARE : render(c, &rep);
	fv_report_free(&rep);
	return status;
}

static int show(struct fv_cmdline *c, const char *id)
{
	struct fv_report rep = { .command = "catalog" };
	struct fv_sku sku;
	struct fv_error err = { 0 };
	int ret = fv_sku_resolve(c->cat.rows, c->cat.n, id, &sku, &err), status;

	if (ret) {
		fprintf(c->err, "fioverdict catalog: %s\n", err.text);
		return FV_EXIT_USAGE;
	}
	ret = fv_catalog_show_table(&c->cat, &sku, &rep);
	status = ret ? FV_EXIT_SOFTWARE : render(c, &rep);
	fv_report_free(&rep);
	return status;
}

/* ---- import ---- */

/* The day the list was saved: the file's time (SOURCE_DATE_EPOCH wins). */
static void read_date(char *buf, size_t len, FILE *f)
{
	struct stat st;
	struct tm tm;

	buf[0] = '\0';
	if (getenv("SOURCE_DATE_EPOCH") || fstat(fileno(f), &st) ||
	    !S_ISREG(st.st_mode))
		return;
	gmtime_r(&st.st_mtime, &tm);
	strftime(buf, len, "%Y-%m-%d", &tm);
}

static int import(struct fv_cmdline *c, const char *path)
{
	bool in = !strcmp(path, "-");
	FILE *src = in ? stdin : fopen(path, "rb");
	struct fv_error err = { 0 };
	char *text = NULL, date[16];
	struct fv_import_opts o = { .input = path };
	struct fv_output out;
	size_t len = 0;
	int ret;

	if (!src) {
		fprintf(c->err, "fioverdict catalog: %s: %s\n", path,
			strerror(errno));
		return FV_EXIT_INPUT;
	}
	read_date(date, sizeof(date), src);
	o.read = date[0] ? date : NULL;
	ret = fv_read_all(src, 0, &text, &len);
	if (!in)
		fclose(src);
	if (ret) {
		free(text);
		fprintf(c->err, "fioverdict catalog: %s: %s\n", path,
			strerror(-ret));
		return ret == -ENOMEM ? FV_EXIT_SOFTWARE : FV_EXIT_INPUT;
	}
	ret = fv_output_open(&out, c->output, c->out, c->err);
	if (ret) {
		free(text);
		return ret;
	}
	ret = fv_catalog_import(text, len, &o, out.f, c->err, &err);
	free(text);
	if (ret == -EINVAL)
		fv_error_print(&err, "fioverdict catalog", c->err);
	if (ret == -EINVAL) {
		fv_output_abandon(&out); /* -o FILE is left as it was */
		return FV_EXIT_INPUT;
	}
	ret = fv_output_close(&out, ret < 0 ? ret : 0, c->err);
	return ret;
}

/* ---- The subcommand ---- */

static int action(struct fv_cmdline *c)
{
	const char *what = c->ninputs ? c->inputs[0] : NULL;
	size_t nargs = c->ninputs ? c->ninputs - 1 : 0;
	const char *arg = nargs ? c->inputs[1] : NULL;
	int ret;

	if (!what)
		return fv_usage_error(c, "%s",
				      "list [PATTERN], show ID or import FILE "
				      "expected");
	if (!strcmp(what, "import")) {
		if (nargs != 1)
			return fv_usage_error(
				c, "%s",
				"import: one FILE expected (- for "
				"stdin)");
		return import(c, arg);
	}
	if (strcmp(what, "list") && strcmp(what, "show"))
		return fv_usage_error(c,
				      "unknown action '%s' (list, show or "
				      "import)",
				      what);
	if (nargs > 1 || (!strcmp(what, "show") && !nargs))
		return fv_usage_error(c, "%s: %s", what,
				      !strcmp(what, "show")
					      ? "one ID expected, e.g. "
						"azure:P30"
					      : "at most one PATTERN");
	ret = fv_catalog_open(c);
	if (ret)
		return ret;
	return !strcmp(what, "list") ? list(c, arg) : show(c, arg);
}

static int catalog_main(const struct fv_invocation *inv, int argc, char **argv)
{
	struct fv_cmdline c;
	int status;

	fv_cmdline_init(&c, inv);
	status = fv_cmdline_parse(&c, argc, argv);
	if (!status && !c.done)
		status = action(&c);
	fv_cmdline_free(&c);
	return status;
}

const struct fv_command fv_cmd_catalog = {
	.name = "catalog",
	.help = "the cloud disk and VM limits: list, show ID, import FILE",
	.synopsis = "catalog list [PATTERN] | show ID | import FILE "
		    "[OPTION]...",
	.after = "list: SKUs whose ID, family or title match PATTERN (a glob "
		 "such as 'azure:P*',\nelse a substring). show: an ID's "
		 "figures, bursting model and source, e.g.\nazure:P30, "
		 "aws:gp2:100GiB, aws:gp3:500GiB:6000iops:250MiBps,\n"
		 "azure:Standard_D32ds_v5, azure:Standard_D32ds_v6:temp. "
		 "import: 'az vm list-skus\n--output json' or 'aws ec2 "
		 "describe-instance-types' output into a catalog file.\n"
		 "The catalog: --catalog, else $FV_CATALOG, else catalog/ "
		 "beside the program\nor <prefix>/share/fioverdict/catalog. "
		 "Exit status: 0 ok, 2 the catalog or\nFILE is unreadable or "
		 "malformed, 64 usage or an unknown ID, 73/74 output.\n",
	.options = (const struct fv_option *const[]){ catalog_opts,
						      fv_opts_catalog, NULL },
	.main = catalog_main,
};
