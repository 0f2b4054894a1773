/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "select/select.h"
#include "ingest/ingest.h"
#include "render/render.h"
#include "verdict/verdict.h"

#include "fuzz_common.h"
#include "util/util.h"

#define LAT(min, max, mean)                                               \
	"{\"min\":" #min ",\"max\":" #max ",\"mean\":" #mean              \
	",\"stddev\":10.0,\"N\":1000,\"percentile\":{\"50.000000\":2000," \
	"\"95.000000\":3000,\"99.000000\":5000,\"99.900000\":9000}}"
#define DIR(bytes, iops)                                                   \
	"{\"io_bytes\":" #bytes ",\"bw_bytes\":" #bytes ",\"iops\":" #iops \
	",\"runtime\":1000,\"total_ios\":1000,\"clat_ns\":" LAT(           \
		1000, 90000, 2000.0) ",\"lat_ns\":" LAT(1100, 91000,       \
							2100.0) "}"
#define JOB(name, rw, extra, read, write)                                     \
	"{\"jobname\":\"" name "\",\"groupid\":0,\"error\":0,"                \
	"\"job options\":{\"rw\":\"" rw "\",\"bs\":\"4k\",\"iodepth\":\"8\"," \
	"\"write_iops_log\":\"" name "\",\"write_lat_log\":\"" name "\","     \
	"\"write_bw_log\":\"" name "\",\"size\":\"1g\"" extra "},"            \
	"\"read\":" read ",\"write\":" write ",\"job_runtime\":1000,"         \
	"\"usr_cpu\":1.0,\"sys_cpu\":2.0,\"sync\":{\"total_ios\":999,"        \
	"\"lat_ns\":" LAT(1000, 50000, 3000.0) "}}"

const char fuzz_base_json[] =
	"{\"fio version\":\"fio-3.33\",\"timestamp\":1767225600,"
	"\"global options\":{\"direct\":\"1\",\"ramp_time\":\"2s\"},"
	"\"jobs\":[" JOB(
		"steady_x", "randwrite", "", DIR(0, 0),
		DIR(4096000, 1000.0)) "," JOB("sync_x", "randwrite",
					      ",\"fsync\":\"1\"", DIR(0, 0),
					      DIR(4096000, 1000.0)) "]}";

void fuzz_base_set(struct fv_set *set)
{
	fv_set_init(set, NULL);
	fv_ingest_buffer(set, FUZZ_BASE_NAME, FUZZ_DIR, fuzz_base_json,
			 strlen(fuzz_base_json), true);
}

static const struct fv_analysis *const analyses[] = {
	&fv_an_summary, &fv_an_compare, &fv_an_latency,
	&fv_an_scaling, &fv_an_sweep,
};
enum { NA = FV_ARRAY_SIZE(analyses) };

void fuzz_render_all(const struct fv_report *rep)
{
	for (size_t r = 0; fv_renderers[r]; r++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		if (f) {
			fv_renderers[r]->render(f, rep);
			fclose(f);
		}
		free(buf);
	}
}

static void analyse(const struct fv_set *set, const struct fv_logset *logs)
{
	struct fv_pctlist show;
	struct fv_aopts o;
	struct fv_vopts vo;
	struct fv_verdict_in in = {
		.set = set, .logs = logs, .base = set, .ao = &o, .o = &vo
	};
	bool failed = false;

	fv_pctlist_default(&show);
	fv_aopts_init(&o, &show);
	fv_vopts_init(&vo);
	for (size_t a = 0; a < NA + 3; a++) {
		struct fv_report rep = { .command = "fuzz",
					 .diags = &set->diags,
					 .pcts = &show };
		struct fv_diags d = { 0 };
		int ret = a < NA	? analyses[a]->run(set, &o, &rep, &d)
			  : a == NA	? fv_verdicts(&in, &rep, &failed)
			  : a == NA + 1 ? fv_diff(&in, &rep, &failed)
					: fv_hosts_table(&in, &rep, &failed);

		if (!ret)
			fuzz_render_all(&rep);
		fv_report_free(&rep);
		fv_diags_free(&d);
	}
	fv_vopts_free(&vo);
}

void fuzz_judge(struct fv_set *set, struct fv_logset *logs)
{
	if (!fv_annotate(set, &(struct fv_load_opts){ 0 }) &&
	    !fv_log_join(logs, set, &set->diags))
		analyse(set, logs);
}

char *fuzz_text(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);

	if (!text)
		return NULL;
	memcpy(text, data, size);
	text[size] = '\0';
	return text;
}

void fuzz_ingest_judge(const char *path, const char *dir, const char *text,
		       size_t size)
{
	struct fv_set set;
	struct fv_logset logs = { 0 };

	fv_set_init(&set, NULL);
	fv_ingest_buffer(&set, path, dir, text, size, true);
	fuzz_judge(&set, &logs);
	fv_logset_free(&logs);
	fv_set_free(&set);
}

int fuzz_reader(const uint8_t *data, size_t size, const char *path,
		const char *dir,
		void (*read)(const char *path, const char *text, size_t size))
{
	char *text = fuzz_text(data, size);

	if (!text)
		return 0;
	read(path, text, size);
	fuzz_ingest_judge(path, dir, text, size);
	free(text);
	return 0;
}
