/* SPDX-License-Identifier: MIT */
/*
 * nvme/nvme_status.c: passthrough results into names from the NVMe Base
 * Specification and into the errno the block layer would have given.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "nvme/nvme.h"

/* A positive passthrough result as the kernel hands it over. */
static int res_of(unsigned sct, unsigned sc, bool dnr)
{
	return (int) ((dnr ? 1u << 14 : 0) | sct << 8 | sc);
}

static void test_decode_fields(void **state)
{
	struct nvme_status st;

	(void) state;
	nvme_status_decode(0x4000 | 0x2000 | 0x1800 | 0x281, &st);
	assert_int_equal(st.sc, 0x81);
	assert_int_equal(st.sct, 2);
	assert_int_equal(st.crd, 3);
	assert_true(st.more);
	assert_true(st.dnr);
	nvme_status_decode(0x80, &st);
	assert_int_equal(st.sct, 0);
	assert_int_equal(st.sc, 0x80);
	assert_false(st.dnr);
}

static void test_describe_lba_out_of_range(void **state)
{
	char buf[128];

	(void) state;
	/* the DNR bit the controller sets does not change the name */
	assert_string_equal(
		nvme_result_describe(res_of(0, 0x80, true), buf, sizeof(buf)),
		"LBA Out of Range (SCT 0h, SC 80h)");
	assert_string_equal(
		nvme_result_describe(res_of(0, 0x02, false), buf, sizeof(buf)),
		"Invalid Field in Command (SCT 0h, SC 02h)");
}

static void test_names_of_each_type(void **state)
{
	(void) state;
	assert_string_equal(nvme_status_name(0, 0x01),
			    "Invalid Command Opcode");
	assert_string_equal(nvme_status_name(0, 0x81), "Capacity Exceeded");
	assert_string_equal(nvme_status_name(1, 0x80),
			    "Conflicting Attributes");
	assert_string_equal(nvme_status_name(1, 0x82),
			    "Attempted Write to Read Only Range");
	assert_string_equal(nvme_status_name(2, 0x81),
			    "Unrecovered Read Error");
	assert_string_equal(nvme_status_name(2, 0x87),
			    "Deallocated or Unwritten Logical Block");
	assert_string_equal(nvme_status_name(3, 0x71),
			    "Command Aborted By Host");
	/* reserved codes and types have no name */
	assert_null(nvme_status_name(0, 0x17));
	assert_null(nvme_status_name(0, 0x7f));
	assert_null(nvme_status_name(4, 0x00));
	assert_null(nvme_status_name(7, 0x00));
}

static void test_describe_unknown_and_vendor(void **state)
{
	char buf[128];

	(void) state;
	assert_string_equal(
		nvme_result_describe(res_of(0, 0x7f, false), buf, sizeof(buf)),
		"Unknown status of type Generic Command Status (SCT 0h, SC "
		"7Fh)");
	assert_string_equal(
		nvme_result_describe(res_of(7, 0xc1, false), buf, sizeof(buf)),
		"Unknown status of type Vendor Specific (SCT 7h, SC C1h)");
	assert_string_equal(nvme_sct_name(5), "Reserved");
}

static void test_describe_kernel_errno_and_success(void **state)
{
	char buf[128];

	(void) state;
	nvme_result_describe(-EINVAL, buf, sizeof(buf));
	assert_non_null(strstr(buf, "kernel error"));
	assert_non_null(strstr(buf, strerror(EINVAL)));
	assert_string_equal(nvme_result_describe(0, buf, sizeof(buf)),
			    "Successful Completion (SCT 0h, SC 00h)");
}

static void test_describe_truncates_safely(void **state)
{
	char buf[8];

	(void) state;
	nvme_result_describe(res_of(0, 0x80, false), buf, sizeof(buf));
	assert_int_equal(strlen(buf), 7);
}

static void test_errno_mapping(void **state)
{
	(void) state;
	/* kernel errnos are kept */
	assert_int_equal(nvme_result_errno(-EINTR), EINTR);
	assert_int_equal(nvme_result_errno(-EOPNOTSUPP), EOPNOTSUPP);
	assert_int_equal(nvme_result_errno(0), 0);
	/* statuses as the block layer maps them */
	assert_int_equal(nvme_result_errno(res_of(0, 0x80, true)), EREMOTEIO);
	assert_int_equal(nvme_result_errno(res_of(0, 0x81, false)), ENOSPC);
	assert_int_equal(nvme_result_errno(res_of(0, 0x02, true)), EOPNOTSUPP);
	assert_int_equal(nvme_result_errno(res_of(2, 0x81, false)), ENODATA);
	assert_int_equal(nvme_result_errno(res_of(2, 0x82, false)), EILSEQ);
	assert_int_equal(nvme_result_errno(res_of(0, 0x83, false)), EBADE);
	assert_int_equal(nvme_result_errno(res_of(3, 0x70, false)), ENOLINK);
	/* anything else is an I/O error, never a negative number */
	assert_int_equal(nvme_result_errno(res_of(0, 0x06, false)), EIO);
	assert_int_equal(nvme_result_errno(res_of(7, 0x01, false)), EIO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decode_fields),
		cmocka_unit_test(test_describe_lba_out_of_range),
		cmocka_unit_test(test_names_of_each_type),
		cmocka_unit_test(test_describe_unknown_and_vendor),
		cmocka_unit_test(test_describe_kernel_errno_and_success),
		cmocka_unit_test(test_describe_truncates_safely),
		cmocka_unit_test(test_errno_mapping),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
