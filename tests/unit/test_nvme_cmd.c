/* SPDX-License-Identifier: MIT */
/*
 * nvme/nvme_cmd.c: every command word the engine puts on the wire, the LBA
 * arithmetic and its refusals, and Identify parsing on hand-made data.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "nvme/nvme.h"

static void put_le16(uint8_t *p, size_t off, uint16_t v)
{
	p[off] = (uint8_t) v;
	p[off + 1] = (uint8_t) (v >> 8);
}

static void put_le64(uint8_t *p, size_t off, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[off + (size_t) i] = (uint8_t) (v >> (8 * i));
}

/* Identify Namespace data with formats 512 B (0) and 4 KiB (1). */
static void make_id_ns(uint8_t *d, unsigned flbas, uint64_t nsze)
{
	memset(d, 0, NVME_IDENTIFY_SIZE);
	put_le64(d, 0, nsze);
	put_le64(d, 8, nsze);
	d[25] = 1; /* NLBAF, 0-based: two formats */
	d[26] = (uint8_t) flbas;
	d[33] = 0x09; /* DLFEAT: reads zeroes, Write Zeroes deallocates */
	d[128 + 2] = 9;
	d[132 + 2] = 12;
}

static struct nvme_ns_info ns_of(uint32_t lba_size, uint64_t nsze)
{
	struct nvme_ns_info ns;

	memset(&ns, 0, sizeof(ns));
	ns.nsid = 1;
	ns.lba_size = lba_size;
	ns.lba_shift = lba_size == 4096 ? 12 : 9;
	ns.nsze = nsze;
	return ns;
}

static void test_sizes_match_the_kernel_abi(void **state)
{
	(void) state;
	assert_int_equal(sizeof(struct nvme_uring_cmd), 72);
	assert_int_equal(sizeof(struct nvme_dsm_range), 16);
	assert_int_equal(offsetof(struct nvme_uring_cmd, cdw10), 40);
	assert_int_equal(offsetof(struct nvme_dsm_range, slba), 8);
}

static void test_read_write_words(void **state)
{
	struct nvme_uring_cmd c;
	char buf[8192];

	(void) state;
	memset(&c, 0xff, sizeof(c));
	nvme_cmd_rw(&c, NVME_OPC_READ, 3, 0x123456789aULL, 8, buf,
		    sizeof(buf) / 2, false);
	assert_int_equal(c.opcode, 0x02);
	assert_int_equal(c.nsid, 3);
	assert_int_equal(c.cdw10, 0x3456789a);
	assert_int_equal(c.cdw11, 0x12);
	assert_int_equal(c.cdw12, 7); /* 0-based NLB, no FUA */
	assert_int_equal(c.data_len, 4096);
	assert_true(c.addr == (uint64_t) (uintptr_t) buf);
	/* everything else cleared, whatever was there */
	assert_int_equal(c.flags, 0);
	assert_int_equal(c.cdw13, 0);
	assert_int_equal(c.timeout_ms, 0);
	assert_true(c.metadata == 0);

	nvme_cmd_rw(&c, NVME_OPC_WRITE, 1, 0, 1, buf, 512, true);
	assert_int_equal(c.opcode, 0x01);
	assert_int_equal(c.cdw12, 1u << 30); /* NLB 0 | FUA */
	assert_int_equal(c.cdw10, 0);
}

static void test_largest_transfer(void **state)
{
	struct nvme_uring_cmd c;

	(void) state;
	nvme_cmd_rw(&c, NVME_OPC_READ, 1, 0, NVME_MAX_NLB, NULL, 0, true);
	assert_int_equal(c.cdw12, 0xffffu | (1u << 30));
}

static void test_flush_and_write_zeroes(void **state)
{
	struct nvme_uring_cmd c;

	(void) state;
	memset(&c, 0xaa, sizeof(c));
	nvme_cmd_flush(&c, 7);
	assert_int_equal(c.opcode, 0x00);
	assert_int_equal(c.nsid, 7);
	assert_int_equal(c.data_len, 0);
	assert_true(c.addr == 0);
	assert_int_equal(c.cdw10, 0);

	nvme_cmd_write_zeroes(&c, 1, 1ULL << 33, 16, true, false);
	assert_int_equal(c.opcode, 0x08);
	assert_int_equal(c.cdw10, 0);
	assert_int_equal(c.cdw11, 2);
	assert_int_equal(c.cdw12, 15u | (1u << 25));
	assert_int_equal(c.data_len, 0);
	nvme_cmd_write_zeroes(&c, 1, 0, 1, false, true);
	assert_int_equal(c.cdw12, 1u << 30);
}

static void test_dsm_deallocate(void **state)
{
	struct nvme_dsm_range r[2];
	struct nvme_uring_cmd c;
	uint8_t raw[16];

	(void) state;
	nvme_dsm_range_set(&r[0], 0x1122334455ULL, 256);
	nvme_dsm_range_set(&r[1], 8, 1);
	/* the controller reads little-endian: pin the bytes */
	memcpy(raw, &r[0], sizeof(raw));
	assert_int_equal(raw[0] | raw[1] | raw[2] | raw[3], 0); /* cattr */
	assert_int_equal(raw[4], 0x00);
	assert_int_equal(raw[5], 0x01); /* nlb 256, a count */
	assert_int_equal(raw[8], 0x55);
	assert_int_equal(raw[12], 0x11);

	assert_int_equal(nvme_cmd_dsm_deallocate(&c, 2, r, 2), 0);
	assert_int_equal(c.opcode, 0x09);
	assert_int_equal(c.nsid, 2);
	assert_int_equal(c.cdw10, 1); /* two ranges, 0-based */
	assert_int_equal(c.cdw11, 1u << 2);
	assert_int_equal(c.data_len, 32);
	assert_true(c.addr == (uint64_t) (uintptr_t) r);
	assert_int_equal(nvme_cmd_dsm_deallocate(&c, 2, r, 0), -EINVAL);
	assert_int_equal(nvme_cmd_dsm_deallocate(&c, 2, r, 257), -EINVAL);
}

static void test_identify_command(void **state)
{
	struct nvme_passthru_cmd c;
	char buf[NVME_IDENTIFY_SIZE];

	(void) state;
	nvme_cmd_identify(&c, 1, NVME_CNS_NAMESPACE, buf);
	assert_int_equal(c.opcode, 0x06);
	assert_int_equal(c.nsid, 1);
	assert_int_equal(c.cdw10, 0);
	assert_int_equal(c.data_len, 4096);
	nvme_cmd_identify(&c, 0, NVME_CNS_CONTROLLER, buf);
	assert_int_equal(c.cdw10, 1);
	assert_int_equal(c.nsid, 0);
}

static void test_lba_range(void **state)
{
	struct nvme_ns_info ns512 = ns_of(512, 1000), ns4k = ns_of(4096, 100);
	uint64_t slba = 99;
	uint32_t nlb = 99;

	(void) state;
	assert_int_equal(
		nvme_lba_range(&ns512, 4096, 8192, NVME_MAX_NLB, &slba, &nlb),
		0);
	assert_true(slba == 8);
	assert_int_equal(nlb, 16);
	assert_int_equal(
		nvme_lba_range(&ns4k, 8192, 4096, NVME_MAX_NLB, &slba, &nlb),
		0);
	assert_true(slba == 2);
	assert_int_equal(nlb, 1);
	/* 512 B aligned is not enough on a 4 KiB namespace */
	assert_int_equal(
		nvme_lba_range(&ns4k, 512, 4096, NVME_MAX_NLB, &slba, &nlb),
		-EINVAL);
	assert_int_equal(
		nvme_lba_range(&ns4k, 0, 6144, NVME_MAX_NLB, &slba, &nlb),
		-EINVAL);
	assert_int_equal(
		nvme_lba_range(&ns512, 0, 0, NVME_MAX_NLB, &slba, &nlb),
		-EINVAL);
	assert_int_equal(nvme_lba_range(&ns512, 0, 512ULL * 65537, NVME_MAX_NLB,
					&slba, &nlb),
			 -E2BIG);
	assert_int_equal(nvme_lba_range(&ns512, 0, 512ULL * 65537, UINT32_MAX,
					&slba, &nlb),
			 0);
	assert_int_equal(nlb, 65537);
}

static void test_range_in_ns(void **state)
{
	struct nvme_ns_info ns = ns_of(512, 1000);

	(void) state;
	assert_true(nvme_range_in_ns(&ns, 0, 1000));
	assert_true(nvme_range_in_ns(&ns, 999, 1));
	assert_false(nvme_range_in_ns(&ns, 1000, 1));
	assert_false(nvme_range_in_ns(&ns, 999, 2));
	/* no wrap-around for a huge start */
	assert_false(nvme_range_in_ns(&ns, UINT64_MAX, 2));
}

static void test_check_multiple(void **state)
{
	char err[256] = "";

	(void) state;
	assert_int_equal(
		nvme_check_multiple(4096, "bs", 8192, err, sizeof(err)), 0);
	assert_int_equal(nvme_check_multiple(4096, "bs", 512, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "bs=512"));
	assert_non_null(strstr(err, "LBA size (4096 bytes)"));
	assert_int_equal(
		nvme_check_multiple(512, "offset", 0, err, sizeof(err)), 0);
}

static void test_parse_id_ns_formats(void **state)
{
	uint8_t d[NVME_IDENTIFY_SIZE];
	struct nvme_ns_info ns;

	(void) state;
	make_id_ns(d, 0, 2048);
	assert_int_equal(nvme_parse_id_ns(d, sizeof(d), 1, &ns), 0);
	assert_int_equal(ns.lba_size, 512);
	assert_int_equal(ns.lba_shift, 9);
	assert_true(ns.nsze == 2048);
	assert_int_equal(ns.format, 0);
	assert_true(ns.dealloc_reads_zeroes);
	assert_int_equal(ns.meta_size, 0);

	make_id_ns(d, 1, 256);
	assert_int_equal(nvme_parse_id_ns(d, sizeof(d), 2, &ns), 0);
	assert_int_equal(ns.lba_size, 4096);
	assert_int_equal(ns.nsid, 2);
	assert_true(ns.nsze == 256);
}

static void test_parse_id_ns_metadata_and_dlfeat(void **state)
{
	uint8_t d[NVME_IDENTIFY_SIZE];
	struct nvme_ns_info ns;

	(void) state;
	make_id_ns(d, 0x11, 100); /* format 1, extended metadata */
	put_le16(d, 132, 8);
	d[33] = 0x02; /* deallocated LBAs read as all ones */
	assert_int_equal(nvme_parse_id_ns(d, sizeof(d), 1, &ns), 0);
	assert_int_equal(ns.meta_size, 8);
	assert_true(ns.meta_extended);
	assert_false(ns.dealloc_reads_zeroes);
}

static void test_parse_id_ns_refusals(void **state)
{
	uint8_t d[NVME_IDENTIFY_SIZE];
	struct nvme_ns_info ns;

	(void) state;
	memset(d, 0, sizeof(d));
	assert_int_equal(nvme_parse_id_ns(d, sizeof(d), 1, &ns), -ENODATA);
	make_id_ns(d, 2, 100); /* format 2 > NLBAF */
	assert_int_equal(nvme_parse_id_ns(d, sizeof(d), 1, &ns), -EINVAL);
	make_id_ns(d, 0, 100);
	d[128 + 2] = 8; /* 256-byte LBAs: below the spec's minimum */
	assert_int_equal(nvme_parse_id_ns(d, sizeof(d), 1, &ns), -EINVAL);
	make_id_ns(d, 0, 0);
	d[8] = 1; /* NCAP non-zero but NSZE 0 */
	assert_int_equal(nvme_parse_id_ns(d, sizeof(d), 1, &ns), -EINVAL);
	make_id_ns(d, 0, 100);
	assert_int_equal(nvme_parse_id_ns(d, 512, 1, &ns), -EINVAL);
}

static void test_parse_id_ns_high_format_bits(void **state)
{
	uint8_t d[NVME_IDENTIFY_SIZE];
	struct nvme_ns_info ns;

	(void) state;
	make_id_ns(d, 0x20 | 0x01, 64); /* index 0x11 = 17 */
	d[25] = 20;
	d[128 + 4 * 17 + 2] = 12;
	assert_int_equal(nvme_parse_id_ns(d, sizeof(d), 1, &ns), 0);
	assert_int_equal(ns.format, 17);
	assert_int_equal(ns.lba_size, 4096);
}

static void test_parse_id_ctrl(void **state)
{
	uint8_t d[NVME_IDENTIFY_SIZE];
	struct nvme_ctrl_info c;

	(void) state;
	memset(d, 0, sizeof(d));
	memcpy(d + 4, "SER1                ", 20);
	memcpy(d + 24, "QEMU NVMe Ctrl                          ", 40);
	memcpy(d + 64, "8.0     ", 8);
	d[77] = 7;
	put_le16(d, 520, 0x0c); /* DSM, Write Zeroes */
	d[525] = 1;
	assert_int_equal(nvme_parse_id_ctrl(d, sizeof(d), &c), 0);
	assert_string_equal(c.serial, "SER1");
	assert_string_equal(c.model, "QEMU NVMe Ctrl");
	assert_string_equal(c.firmware, "8.0");
	assert_int_equal(c.mdts, 7);
	assert_true(c.vwc_present);
	assert_true(c.oncs & NVME_ONCS_DSM);
	assert_true(c.oncs & NVME_ONCS_WRITE_ZEROES);
	d[525] = 0x06; /* flush-broadcast bits without VWC present */
	assert_int_equal(nvme_parse_id_ctrl(d, sizeof(d), &c), 0);
	assert_false(c.vwc_present);
	assert_int_equal(nvme_parse_id_ctrl(d, 100, &c), -EINVAL);
}

static void test_generic_name(void **state)
{
	char out[32];

	(void) state;
	assert_int_equal(nvme_generic_name("nvme0n1", out, sizeof(out)), 0);
	assert_string_equal(out, "ng0n1");
	assert_int_equal(nvme_generic_name("nvme12n3p4", out, sizeof(out)), 0);
	assert_string_equal(out, "ng12n3");
	assert_int_equal(nvme_generic_name("sda", out, sizeof(out)), -EINVAL);
	assert_int_equal(nvme_generic_name("nvme0", out, sizeof(out)), -EINVAL);
	assert_int_equal(nvme_generic_name("nvme0c1n1", out, sizeof(out)),
			 -EINVAL);
	assert_int_equal(nvme_generic_name("nvme0n1p", out, sizeof(out)),
			 -EINVAL);
	assert_int_equal(nvme_generic_name("nvme0n1x", out, sizeof(out)),
			 -EINVAL);
	assert_int_equal(nvme_generic_name("nvme0n1", out, 4), -ENAMETOOLONG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes_match_the_kernel_abi),
		cmocka_unit_test(test_read_write_words),
		cmocka_unit_test(test_largest_transfer),
		cmocka_unit_test(test_flush_and_write_zeroes),
		cmocka_unit_test(test_dsm_deallocate),
		cmocka_unit_test(test_identify_command),
		cmocka_unit_test(test_lba_range),
		cmocka_unit_test(test_range_in_ns),
		cmocka_unit_test(test_check_multiple),
		cmocka_unit_test(test_parse_id_ns_formats),
		cmocka_unit_test(test_parse_id_ns_metadata_and_dlfeat),
		cmocka_unit_test(test_parse_id_ns_refusals),
		cmocka_unit_test(test_parse_id_ns_high_format_bits),
		cmocka_unit_test(test_parse_id_ctrl),
		cmocka_unit_test(test_generic_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
