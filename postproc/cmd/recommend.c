/* SPDX-License-Identifier: MIT */
/*
 * fioverdict recommend --need iops=N,bw=X,capacity=C [--vm ID | --vcpus N]:
 * the need and the VMs from the command line, the answer from
 * fv_recommend (analysis/recommend.c). With --from RESULTS --label L, the
 * need is what L measured (its peak IOPS, its sequential bandwidth, its
 * peak job's p99), --need's keys taking precedence.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd_int.h"

struct rec_opts {
	const char *need, *cloud, *region, *vm, *label;
	double vcpus;
	char **from; /* --from RESULTS (repeatable) */
	size_t nfrom, alloc_from;
};

/* One answer in the making: the need, and what it is judged against. */
struct rec {
	struct rec_opts *o;
	struct fv_need nd;
	struct fv_sku *vms;
	size_t nvm;
	char from[600]; /* where the need came from (--from) */
};

static int need_value(const char *key, const char *v, struct fv_need *n)
{
	char *end;
	double x = strtod(v, &end);

	if (end == v || !isfinite(x) || x <= 0)
		return -EINVAL;
	if (!strcmp(key, "iops") && !*end)
		n->iops = x;
	else if (!strcmp(key, "bw"))
		n->bw = !*end || !strcasecmp(end, "MB/s") ||
					!strcasecmp(end, "MBps")
				? x * 1e6
			: !strcasecmp(end, "MiB/s") || !strcasecmp(end, "MiBps")
				? x * 1048576.0
				: NAN;
	else if (!strcmp(key, "capacity"))
		n->capacity = !*end || !strcasecmp(end, "GiB") ? x
			      : !strcasecmp(end, "TiB")	       ? x * 1024
							       : NAN;
	else if (!strcmp(key, "latency-p99"))
		n->lat = !strcmp(end, "ms")	      ? x * 1e-3
			 : !strcmp(end, "us")	      ? x * 1e-6
			 : !*end || !strcmp(end, "s") ? x
						      : NAN;
	else
		return -EINVAL;
	return isnan(n->bw) || isnan(n->capacity) || isnan(n->lat) ? -EINVAL
								   : 0;
}

static int parse_need(const char *spec, struct fv_need *n)
{
	char *copy = strdup(spec), *save = NULL;
	int ret = copy ? 0 : -ENOMEM, any = 0;

	for (char *kv = copy ? strtok_r(copy, ",", &save) : NULL; kv && !ret;
	     kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '=');

		if (!eq)
			ret = -EINVAL;
		else {
			*eq = '\0';
			ret = need_value(kv, eq + 1, n);
			any++;
		}
	}
	free(copy);
	return ret ? ret : any ? 0 : -EINVAL;
}

static double vcpus_of(const struct fv_cat_row *r)
{
	const char *t = r->title ? strstr(r->title, " vCPU") : NULL;

	while (t && t > r->title && isdigit((unsigned char) t[-1]))
		t--;
	return t ? atof(t) : NAN;
}

/* --from RESULTS (repeatable) */
static int set_from(struct fv_cmdline *c, const struct fv_option *opt,
		    const char *arg)
{
	struct rec_opts *o = c->own;

	(void) opt;
	return fv_push_path(&o->from, &o->nfrom, &o->alloc_from, arg);
}

FV_OPT_FIELD(at_need, const char *, struct rec_opts, need)
FV_OPT_FIELD(at_cloud, const char *, struct rec_opts, cloud)
FV_OPT_FIELD(at_region, const char *, struct rec_opts, region)
FV_OPT_FIELD(at_vm, const char *, struct rec_opts, vm)
FV_OPT_FIELD(at_vcpus, double, struct rec_opts, vcpus)
FV_OPT_FIELD(at_label, const char *, struct rec_opts, label)

static const struct fv_option rec_opts[] = {
	FV_OPT_STRING("need", 0, "SPEC",
		      "iops=N,bw=X[MB/s|MiB/s],capacity=C[GiB|TiB],\n"
		      "latency-p99=T[ms|us]: any of them",
		      at_need),
	FV_OPT_STRING("cloud", 0, "CLOUD", "azure, aws or gcp [azure]",
		      at_cloud),
	FV_OPT_STRING("region", 0, "REGION",
		      "prices of REGION [eastus, us-east-1,\nus-central1]",
		      at_region),
	FV_OPT_STRING("vm", 0, "ID",
		      "disks on this VM: its limits bind, N disks\nstriped "
		      "where one does not do",
		      at_vm),
	FV_OPT_DOUBLE("vcpus", 0, "N", "disks on each VM size of N vCPUs",
		      fv_set_number, at_vcpus, 1, 0),
	FV_OPT_LIST("prices", 0, "PATH",
		    "price list file or directory instead of the\ncatalog's "
		    "prices/ (repeatable: the first\nthat prices a SKU counts)",
		    fv_at_price_paths),
	FV_OPT("from", 0, "RESULTS",
	       "the need from these results (a file or a\ndirectory; "
	       "repeatable): --label's peak IOPS,\nsequential bandwidth "
	       "and p99; --need adds\nor overrides keys",
	       set_from),
	FV_OPT_STRING("label", 0, "L",
		      "with --from: the label whose figures are\nthe need "
		      "[the only one]",
		      at_label),
	FV_OPT_STRING("output", 'o', "FILE", "write the table to FILE",
		      fv_at_output),
	FV_OPT("help", 'h', NULL, "this help", NULL),
	FV_OPT_END,
};

static const char *default_region(const char *cloud)
{
	return !strcmp(cloud, "aws")   ? "us-east-1"
	       : !strcmp(cloud, "gcp") ? "us-central1"
				       : "eastus";
}

static int find_vms(struct fv_cmdline *c, const struct rec_opts *o,
		    struct fv_sku **vms, size_t *n)
{
	struct fv_error err = { 0 };

	*n = 0;
	*vms = calloc(c->cat.n ? c->cat.n : 1, sizeof(**vms));
	if (!*vms)
		return FV_EXIT_SOFTWARE;
	if (o->vm) {
		if (fv_sku_resolve(c->cat.rows, c->cat.n, o->vm, *vms, &err) ||
		    (*vms)[0].kind != FV_CAT_VM)
			return fv_usage_error(c, "--vm %s: %s", o->vm,
					      (*vms)[0].kind != FV_CAT_VM &&
							      !err.status
						      ? "not a VM"
						      : err.text);
		*n = 1;
		return 0;
	}
	for (size_t i = 0; o->vcpus > 0 && i < c->cat.n; i++) {
		const struct fv_cat_row *r = &c->cat.rows[i];
		char id[FV_SKU_ID_MAX];

		fv_cat_row_id(id, sizeof(id), r);
		if (r->kind == FV_CAT_VM && r->used &&
		    !strcasecmp(r->cloud, o->cloud) &&
		    vcpus_of(r) == o->vcpus &&
		    !fv_sku_resolve(c->cat.rows, c->cat.n, id, &(*vms)[*n],
				    NULL))
			(*n)++;
	}
	if (o->vcpus > 0 && !*n)
		return fv_usage_error(c,
				      "--vcpus %g: no %s VM size of %g vCPUs "
				      "in the catalog",
				      o->vcpus, o->cloud, o->vcpus);
	return 0;
}

/* The options checked, the catalog, prices and VMs loaded: 0 or a status. */
static int prepare(struct fv_cmdline *c, struct rec *r)
{
	struct rec_opts *o = r->o;
	char where[4200];
	int ret;

	r->nd = (struct fv_need){ 0, 0, 0, 0 };
	if ((!o->need && !o->nfrom) || (o->need && parse_need(o->need, &r->nd)))
		return fv_usage_error(c,
				      "--need %s: expected iops=N,bw=X,"
				      "capacity=C,latency-p99=T (any of them), "
				      "e.g. iops=5000,bw=200MB/s, or --from "
				      "RESULTS",
				      o->need ? o->need : "missing");
	if (o->label && !o->nfrom)
		return fv_usage_error(c, "--label %s: only with --from RESULTS",
				      o->label);
	if (strcmp(o->cloud, "azure") && strcmp(o->cloud, "aws") &&
	    strcmp(o->cloud, "gcp"))
		return fv_usage_error(
			c, "--cloud %s: expected azure, aws or gcp", o->cloud);
	if (!o->region)
		o->region = default_region(o->cloud);
	ret = fv_catalog_open(c);
	if (!ret)
		ret = fv_prices_open(c, where, sizeof(where));
	if (!ret && !fv_prices_region_known(&c->prices, o->cloud, o->region))
		ret = fv_usage_error(c,
				     "--region %s: no %s prices for it in %s "
				     "(e.g. %s)",
				     o->region, o->cloud, where,
				     default_region(o->cloud));
	if (!ret)
		ret = find_vms(c, o, &r->vms, &r->nvm);
	return ret;
}

/* The table of the SKUs for r's need into rep: 0 or -ENOMEM. */
static int build(struct fv_cmdline *c, struct rec *r, struct fv_report *rep)
{
	struct fv_rec_query q = { .cat = &c->cat,
				  .prices = &c->prices,
				  .prices_given = c->price_paths.n > 0,
				  .cloud = r->o->cloud,
				  .region = r->o->region,
				  .vms = r->vms,
				  .nvm = r->nvm,
				  .need = r->nd,
				  .from = r->from };

	return fv_recommend(&q, rep);
}

/*
 * The label --from's need is taken from: --label, else the only one.
 * NULL: a usage error said (*ret -EINVAL), or no results (a diagnostic,
 * *ret 0: exit status 2), or -ENOMEM.
 */
static const char *from_label(struct fv_tables *x, const char *want, int *ret)
{
	const char **v = NULL, *found = NULL;
	char list[512] = "";
	size_t n = 0, len = 0;

	*ret = fv_labels(x->set, false, &v, &n);
	if (*ret)
		return NULL;
	if (!n) {
		free(v);
		*ret = fv_diag_add(&x->set->diags, FV_ERROR, x->c->inputs[0], 0,
				   0,
				   "--from: no fio results read: no need to "
				   "take");
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		if (want ? !strcmp(v[i], want) : n == 1)
			found = v[i];
		if (len < sizeof(list))
			len += (size_t) snprintf(list + len, sizeof(list) - len,
						 "%s%s", i ? ", " : "", v[i]);
	}
	if (!found) {
		fv_usage_error(x->c, "--label %s: the results' labels are %s",
			       want ? want : "missing", list);
		*ret = -EINVAL;
	}
	free(v);
	return found;
}

/* Keys --need did not give, from what label measured (noted in r->from). */
static int need_from(struct fv_cmdline *c, const struct fv_set *set,
		     const char *label, struct rec *r)
{
	const struct fv_job *pj = NULL, *sj = NULL;
	double iops = fv_label_measured(set, label, FV_ROLE_PEAK, false, &pj);
	double bw =
		fv_label_measured(set, label, FV_ROLE_THROUGHPUT, true, &sj);
	int k = fv_pct_index(set, 99);
	double p99 = NAN;
	size_t len;

	if (isnan(iops) && isnan(bw)) {
		fv_usage_error(c,
			       "--label %s: no peak (random IOPS) or "
			       "sequential job in its results to take a need "
			       "from: give --need",
			       label);
		return -EINVAL;
	}
	if (pj && k >= 0) {
		const struct fv_lat *l = &pj->dir[fv_lat_dir(pj)].lat[FV_CLAT];

		if (l->pct && l->pct[k].src != FV_PCT_NONE)
			p99 = l->pct[k].ns;
	}
	len = (size_t) snprintf(r->from, sizeof(r->from),
				"the need: what label %s measured", label);
	if (!(r->nd.iops > 0) && !isnan(iops)) {
		r->nd.iops = iops;
		len += (size_t) snprintf(r->from + len, sizeof(r->from) - len,
					 ", %.0f IOPS (%s)", iops, pj->display);
	}
	if (!(r->nd.bw > 0) && !isnan(bw) && len < sizeof(r->from)) {
		r->nd.bw = bw;
		len += (size_t) snprintf(r->from + len, sizeof(r->from) - len,
					 ", %.1f MB/s (%s)", bw / 1e6,
					 sj->display);
	}
	if (!(r->nd.lat > 0) && !isnan(p99) && len < sizeof(r->from)) {
		r->nd.lat = p99 / 1e9;
		snprintf(r->from + len, sizeof(r->from) - len,
			 ", p99 %.0f µs (%s)", p99 / 1e3, pj->display);
	}
	return 0;
}

/* fv_tables' analysis: the results are loaded; the need, then the table. */
static int from_results(struct fv_tables *x, struct fv_report *rep)
{
	struct rec *r = (struct rec *) x->ctx;
	int ret;
	const char *label = from_label(x, r->o->label, &ret);

	if (!label)
		return ret;
	return need_from(x->c, x->set, label, r) ?: build(x->c, r, rep);
}

static int answer(struct fv_cmdline *c, struct rec_opts *o)
{
	struct fv_report rep = { .command = "recommend" };
	struct rec r = { .o = o };
	struct fv_output out;
	int ret = prepare(c, &r);

	if (!ret && o->nfrom) {
		struct fv_tables x = { .c = c,
				       .analyse = from_results,
				       .ctx = &r };

		c->inputs = o->from;
		c->ninputs = o->nfrom;
		ret = fv_tables_main(&x);
	} else if (!ret) {
		if (build(c, &r, &rep))
			ret = FV_EXIT_SOFTWARE;
		if (!ret &&
		    !(ret = fv_output_open(&out, c->output, c->out, c->err)))
			ret = fv_output_close(
				&out, c->format->render(out.f, &rep), c->err);
	}
	fv_report_free(&rep);
	free(r.vms);
	return ret;
}

static int recommend_main(const struct fv_invocation *inv, int argc,
			  char **argv)
{
	struct rec_opts o = { .cloud = "azure" };
	struct fv_cmdline c;
	int status;

	fv_cmdline_init(&c, inv);
	c.own = &o;
	status = fv_cmdline_parse(&c, argc, argv);
	if (!status && !c.done && c.ninputs)
		status = fv_usage_error(&c, "%s",
					"no INPUT expected (results: --from "
					"RESULTS)");
	if (!status && !c.done)
		status = answer(&c, &o);
	free(o.from);
	fv_cmdline_free(&c);
	return status;
}

const struct fv_command fv_cmd_recommend = {
	.name = "recommend",
	.help = "the cheapest SKUs that meet a need, on the catalog's figures",
	.synopsis = "recommend --need SPEC | --from RESULTS [--label L] "
		    "[OPTION]...",
	.after = "The disks (and N disks striped on --vm, or on each size of "
		 "--vcpus) that meet\nthe need on the catalog's sustained "
		 "figures, cheapest first at the list\nprices of --region "
		 "(catalog/prices/, each with its date); none meeting it:\nthe "
		 "nearest. Latency is not in the catalog: a latency-p99 need "
		 "is not\nchecked. Exit status: 0 ok, 2 the catalog or prices "
		 "unreadable, 64 usage\n(a malformed need, an unknown cloud, "
		 "region or VM).\n",
	.options = (const struct fv_option *const[]){ rec_opts, fv_opts_format,
						      fv_opts_runs,
						      fv_opts_catalog, NULL },
	.main = recommend_main,
};
