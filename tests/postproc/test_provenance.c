/* SPDX-License-Identifier: MIT */
/*
 * What the runs were on: `fioverdict run` writes provenance.txt from
 * /proc and /sys (a real fio run); the tables' notes say it, and what
 * fio's JSON says of results run did not make, and the report under its
 * title; diff warns when the runs
 * differ in kernel and names the change beside a regression (real runs
 * of the truth set: one read job held to a third); compare warns when
 * labels ran on different fio; the run's CPU record tells a starved job
 * when fio's idle-prof is not there.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"

static const char *truth(const char *rel)
{
	return fvt_path("FV_TRUTH", "tests/truth/runs", rel);
}

/* A copy of a truth run's directory. */
static void run_dir(const char *dst, const char *src)
{
	char cmd[8192];

	snprintf(cmd, sizeof(cmd), "cp -r '%s' '%s'", truth(src), dst);
	assert_int_equal(system(cmd), 0);
}

/* What run writes beside a run's JSON, into $tmp/dir/provenance.txt. */
static void provenance(const char *dir, const char *kernel, const char *fio)
{
	char text[512];
	int n = snprintf(text, sizeof(text),
			 "host: h1\nfio: %s\nkernel: %s\ncpu-model: AMD EPYC\n"
			 "cpus: 2\nmemory: 8589934592\nfs: ext4\n"
			 "mount-options: rw\ndevice: vda\n"
			 "scheduler: none [mq-deadline]\nrotational: 0\n"
			 "write-cache: write back\n",
			 fio, kernel);

	assert_true(n > 0 && (size_t) n < sizeof(text));
	fvt_mkfile(fvt_at("%s/provenance.txt", dir), text, (size_t) n);
}

static void test_diff_names_kernel_change(void **state)
{
	FVT_HELD(base, "base");
	FVT_HELD(new, "new");
	const char *const diff[] = { "diff",	   "-f", "csv", "--noise", "2",
				     "--baseline", base, new,	NULL };
	char *out, *err;

	(void) state;
	fvt_mkdir(base);
	run_dir(fvt_at("base/r1"), "repeat_1");
	provenance("base/r1", "6.1.0", "fio-3.33");
	run_dir(new, "repeat_slowed");
	provenance("new", "6.12.9", "fio-3.33");
	/*
	 * one run a side: a third of the throughput is a regression only
	 * beyond the noise band of single runs, here 2x
	 */
	fvt_check_run(&(struct fvt_want){ .out = { "the runs differ in kernel "
						   "(6.1.0 → 6.12.9): a "
						   "likely cause" },
					  .err = { "the runs compared differ "
						   "in kernel" } },
		      diff);
	/* the same kernel: no warning, no cause named */
	provenance("new", "6.1.0", "fio-3.33");
	assert_int_equal(fvt_runv(&out, &err, diff), 0);
	fvt_lacks(out, "differ");
	fvt_lacks(err, "differ");
	fvt_has(out, "regression,");
	free(out);
	free(err);
}

static void test_notes_and_compare(void **state)
{
	FVT_HELD(a, "a");
	FVT_HELD(b, "b");
	const char *const compare[] = { "compare", a, b, NULL };
	char *out, *err;

	(void) state;
	run_dir(a, "repeat_1");
	run_dir(b, "repeat_2");
	provenance("a", "6.1.0", "fio-3.33");
	fvt_check_run(
		&(struct fvt_want){
			.out = { "ran on (a): fio-3.33 on h1, Linux "
				 "6.1.0, 2 × AMD EPYC, 8.0 GiB; ext4 "
				 "(rw) on vda (scheduler mq-deadline, "
				 "not rotational, write cache write "
				 "back)",
				 /* b was not made by run: its JSON's */
				 "ran on (b): fio-3.33; the output says "
				 "no more of the machine" },
			.not_out = { "differ in" } },
		compare);
	provenance("b", "6.1.0", "fio-3.36");
	fvt_check_run(
		&(struct fvt_want){ .out = { "warning: a and b differ in tool "
					     "version (fio-3.33 → fio-3.36)" },
				    .err = { "differ in tool version" } },
		compare);
	/* the report says it under its title (charts or not: the page is) */
	assert_int_equal(fvt_run(&out, &err, "report", "-o", fvt_at("r.html"),
				 fvt_at("a"), NULL),
			 0);
	free(out);
	free(err);
	out = fvt_slurp(fvt_at("r.html"), NULL);
	assert_non_null(out);
	fvt_has(out, "</h1>\n<p>fioverdict ",
		"<ul class=\"ran-on\">\n<li><b>a</b>: "
		"fio-3.33 on h1, Linux 6.1.0");
	/* once: not again under each table */
	fvt_lacks(out, "<li>ran on (a)");
	free(out);
}

/* The pinned job without fio's idle-prof: the run's record says it. */
static void test_cpu_record_starved(void **state)
{
	json_error_t e;
	json_t *root;
	char *out, *err;
	const char *rec = "cpu-idle: cpu0=40.0 cpu1=0.5\n";

	(void) state;
	fvt_mkdir(fvt_at("p"));
	root = json_load_file(truth("pinned_busy/pinned_busy.json"), 0, &e);
	assert_non_null(root);
	assert_int_equal(json_object_del(root, "cpu_idleness"), 0);
	assert_int_equal(json_dump_file(root, fvt_at("p/p.json"), 0), 0);
	json_decref(root);
	assert_int_equal(fvt_run(&out, &err, "verdict", "--all", "-f", "csv",
				 fvt_at("p"), NULL),
			 0);
	fvt_lacks(out, "load-bound");
	free(out);
	free(err);
	fvt_mkfile(fvt_at("p/provenance.txt"), rec, strlen(rec));
	assert_int_equal(fvt_run(&out, &err, "verdict", "--all", "-f", "csv",
				 fvt_at("p"), NULL),
			 0);
	fvt_has(out, "load-bound", "CPU 1 0.5% idle (the run's CPU record)");
	free(out);
	free(err);
}

/* fioverdict run on this machine: the record, from /proc and /sys. */
static void test_run_records(void **state)
{
	static const char job[] = "#@ FV_ENGINE=\n#@ FV_TARGET=\n"
				  "[global]\nioengine=${FV_ENGINE}\n"
				  "filename=${FV_TARGET}\nsize=4m\nbs=4k\n"
				  "[peak_randread]\nrw=randread\nruntime=1\n";
	char *out, *err, *prov, path[8192];
	FILE *p;

	(void) state;
	fvt_mkfile(fvt_at("tiny.fio"), job, strlen(job));
	setenv("FV_ENGINE", "psync", 1);
	assert_int_equal(fvt_run(&out, &err, "run", fvt_at("tiny.fio"),
				 "--label", "here", "--target",
				 fvt_at("target.dat"), "-o", fvt_at("res"),
				 "--tables", "summary", NULL),
			 0);
	unsetenv("FV_ENGINE");
	fvt_has(out, "ran on (here): fio-3");
	free(out);
	free(err);
	snprintf(path, sizeof(path), "ls -d %s/here/*/provenance.txt",
		 fvt_at("res"));
	p = popen(path, "r");
	assert_non_null(p);
	assert_non_null(fgets(path, sizeof(path), p));
	pclose(p);
	path[strcspn(path, "\n")] = '\0';
	prov = fvt_slurp(path, NULL);
	assert_non_null(prov);
	fvt_has(prov, "\nfio: fio-3", "\nkernel: ", "\ncpus: ", "\nmemory: ",
		"\nfs: ", "\ndevice: ", "\ncpu-idle: cpu0=");
	free(prov);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_diff_names_kernel_change,
						fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(test_notes_and_compare,
						fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(test_cpu_record_starved,
						fvt_tmp_setup,
						fvt_tmp_teardown),
		cmocka_unit_test_setup_teardown(test_run_records, fvt_tmp_setup,
						fvt_tmp_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
