/* SPDX-License-Identifier: MIT */
/*
 * The HTML page (html/page.c): dated SOURCE_DATE_EPOCH when it is set,
 * as catalog import dates its rows, and out of memory an error rather
 * than a page that says "No verdicts".
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fvtest.h"
#include "html/html.h"
#include "util/util.h"

/*
 * Out of memory on demand: while failing is set, every malloc, calloc and
 * realloc of the program fails (libc's own, from asprintf and the like,
 * are not seen). Not under AddressSanitizer, which owns the allocator.
 */
#if defined(__SANITIZE_ADDRESS__)
#define FAULTS 0
#else
#define FAULTS 1
static bool failing;

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t nmemb, size_t n);
void *__libc_realloc(void *p, size_t n);

void *malloc(size_t n)
{
	return failing ? NULL : __libc_malloc(n);
}

void *calloc(size_t nmemb, size_t n)
{
	return failing ? NULL : __libc_calloc(nmemb, n);
}

void *realloc(void *p, size_t n)
{
	return failing ? NULL : __libc_realloc(p, n);
}
#endif

/*
 * The page of p into buf (a fixed buffer: writing it allocates nothing),
 * with every allocation of the page failing if fail.
 */
static int page(const struct fv_page *p, char *buf, size_t len, bool fail)
{
	FILE *f = fmemopen(buf, len, "w");
	int ret;

	assert_non_null(f);
#if FAULTS
	failing = fail;
#else
	assert_false(fail);
#endif
	ret = fv_html_write(f, p);
#if FAULTS
	failing = false;
#endif
	fclose(f);
	return ret;
}

static void dated_source_date_epoch(void **state)
{
	struct fv_report rep = { .command = "report" };
	struct fv_page p = { .title = "t", .rep = &rep };
	static char buf[1 << 16];

	(void) state;
	setenv("SOURCE_DATE_EPOCH", "1796083200", 1); /* 2026-12-01 */
	assert_int_equal(page(&p, buf, sizeof(buf), false), 0);
	fvt_has(buf, ", 2026-12-01 00:00 UTC; 0 result files", "No verdicts");
	unsetenv("SOURCE_DATE_EPOCH");
	assert_int_equal(page(&p, buf, sizeof(buf), false), 0);
	fvt_lacks(buf, "2026-12-01 00:00 UTC");
}

static void out_of_memory_is_an_error(void **state)
{
	struct fv_report rep = { .command = "report" };
	struct fv_table *v;
	struct fv_page p = { .title = "t", .rep = &rep };
	static char buf[1 << 16];
	int ret;

	(void) state;
	if (!FAULTS)
		skip();
	v = fv_table_new("verdicts", "Verdicts");
	assert_non_null(v);
	p.verdicts = v;
	assert_int_equal(page(&p, buf, sizeof(buf), false), 0);
	fvt_has(buf, "0 checks");
	ret = page(&p, buf, sizeof(buf), true);
	assert_int_equal(ret, -ENOMEM);
	fvt_lacks(buf, "No verdicts");
	fv_table_free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dated_source_date_epoch),
		cmocka_unit_test(out_of_memory_is_an_error),
	};

	return cmocka_run_group_tests_name("page", tests, NULL, NULL);
}
