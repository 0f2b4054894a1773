/* SPDX-License-Identifier: MIT */
#include "nvme.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/array_size.h"

struct sc_name {
	unsigned char sc;
	const char *name;
};

/* NVMe Base Specification 2.0, figure 94 (Generic Command Status), with
 * the NVM Command Set's 80h-84h. */
static const struct sc_name generic_names[] = {
	{ 0x00, "Successful Completion" },
	{ 0x01, "Invalid Command Opcode" },
	{ 0x02, "Invalid Field in Command" },
	{ 0x03, "Command ID Conflict" },
	{ 0x04, "Data Transfer Error" },
	{ 0x05, "Commands Aborted due to Power Loss Notification" },
	{ 0x06, "Internal Error" },
	{ 0x07, "Command Abort Requested" },
	{ 0x08, "Command Aborted due to SQ Deletion" },
	{ 0x09, "Command Aborted due to Failed Fused Command" },
	{ 0x0a, "Command Aborted due to Missing Fused Command" },
	{ 0x0b, "Invalid Namespace or Format" },
	{ 0x0c, "Command Sequence Error" },
	{ 0x0d, "Invalid SGL Segment Descriptor" },
	{ 0x0e, "Invalid Number of SGL Descriptors" },
	{ 0x0f, "Data SGL Length Invalid" },
	{ 0x10, "Metadata SGL Length Invalid" },
	{ 0x11, "SGL Descriptor Type Invalid" },
	{ 0x12, "Invalid Use of Controller Memory Buffer" },
	{ 0x13, "PRP Offset Invalid" },
	{ 0x14, "Atomic Write Unit Exceeded" },
	{ 0x15, "Operation Denied" },
	{ 0x16, "SGL Offset Invalid" },
	{ 0x18, "Host Identifier Inconsistent Format" },
	{ 0x19, "Keep Alive Timer Expired" },
	{ 0x1a, "Keep Alive Timeout Invalid" },
	{ 0x1b, "Command Aborted due to Preempt and Abort" },
	{ 0x1c, "Sanitize Failed" },
	{ 0x1d, "Sanitize In Progress" },
	{ 0x1e, "SGL Data Block Granularity Invalid" },
	{ 0x1f, "Command Not Supported for Queue in CMB" },
	{ 0x20, "Namespace is Write Protected" },
	{ 0x21, "Command Interrupted" },
	{ 0x22, "Transient Transport Error" },
	{ 0x23, "Command Prohibited by Command and Feature Lockdown" },
	{ 0x24, "Admin Command Media Not Ready" },
	{ 0x80, "LBA Out of Range" },
	{ 0x81, "Capacity Exceeded" },
	{ 0x82, "Namespace Not Ready" },
	{ 0x83, "Reservation Conflict" },
	{ 0x84, "Format In Progress" },
};

/* Figure 95 (Command Specific Status), with the NVM and Zoned Namespace
 * command sets' 80h-BFh. */
static const struct sc_name cmd_specific_names[] = {
	{ 0x00, "Completion Queue Invalid" },
	{ 0x01, "Invalid Queue Identifier" },
	{ 0x02, "Invalid Queue Size" },
	{ 0x03, "Abort Command Limit Exceeded" },
	{ 0x05, "Asynchronous Event Request Limit Exceeded" },
	{ 0x06, "Invalid Firmware Slot" },
	{ 0x07, "Invalid Firmware Image" },
	{ 0x08, "Invalid Interrupt Vector" },
	{ 0x09, "Invalid Log Page" },
	{ 0x0a, "Invalid Format" },
	{ 0x0b, "Firmware Activation Requires Conventional Reset" },
	{ 0x0c, "Invalid Queue Deletion" },
	{ 0x0d, "Feature Identifier Not Saveable" },
	{ 0x0e, "Feature Not Changeable" },
	{ 0x0f, "Feature Not Namespace Specific" },
	{ 0x10, "Firmware Activation Requires NVM Subsystem Reset" },
	{ 0x11, "Firmware Activation Requires Controller Level Reset" },
	{ 0x12, "Firmware Activation Requires Maximum Time Violation" },
	{ 0x13, "Firmware Activation Prohibited" },
	{ 0x14, "Overlapping Range" },
	{ 0x15, "Namespace Insufficient Capacity" },
	{ 0x16, "Namespace Identifier Unavailable" },
	{ 0x18, "Namespace Already Attached" },
	{ 0x19, "Namespace Is Private" },
	{ 0x1a, "Namespace Not Attached" },
	{ 0x1b, "Thin Provisioning Not Supported" },
	{ 0x1c, "Controller List Invalid" },
	{ 0x1d, "Device Self-test In Progress" },
	{ 0x1e, "Boot Partition Write Prohibited" },
	{ 0x1f, "Invalid Controller Identifier" },
	{ 0x20, "Invalid Secondary Controller State" },
	{ 0x21, "Invalid Number of Controller Resources" },
	{ 0x22, "Invalid Resource Identifier" },
	{ 0x23, "Sanitize Prohibited While Persistent Memory Region is "
		"Enabled" },
	{ 0x24, "ANA Group Identifier Invalid" },
	{ 0x25, "ANA Attach Failed" },
	{ 0x26, "Insufficient Capacity" },
	{ 0x27, "Namespace Attachment Limit Exceeded" },
	{ 0x28, "Prohibition of Command Execution Not Supported" },
	{ 0x29, "I/O Command Set Not Supported" },
	{ 0x2a, "I/O Command Set Not Enabled" },
	{ 0x2b, "I/O Command Set Combination Rejected" },
	{ 0x2c, "Invalid I/O Command Set" },
	{ 0x2d, "Identifier Unavailable" },
	{ 0x80, "Conflicting Attributes" },
	{ 0x81, "Invalid Protection Information" },
	{ 0x82, "Attempted Write to Read Only Range" },
	{ 0x83, "Command Size Limit Exceeded" },
	{ 0xb8, "Zoned Boundary Error" },
	{ 0xb9, "Zone Is Full" },
	{ 0xba, "Zone Is Read Only" },
	{ 0xbb, "Zone Is Offline" },
	{ 0xbc, "Zone Invalid Write" },
	{ 0xbd, "Too Many Active Zones" },
	{ 0xbe, "Too Many Open Zones" },
	{ 0xbf, "Invalid Zone State Transition" },
};

/* Figure 96 (Media and Data Integrity Errors) */
static const struct sc_name media_names[] = {
	{ 0x80, "Write Fault" },
	{ 0x81, "Unrecovered Read Error" },
	{ 0x82, "End-to-end Guard Check Error" },
	{ 0x83, "End-to-end Application Tag Check Error" },
	{ 0x84, "End-to-end Reference Tag Check Error" },
	{ 0x85, "Compare Failure" },
	{ 0x86, "Access Denied" },
	{ 0x87, "Deallocated or Unwritten Logical Block" },
	{ 0x88, "End-to-End Storage Tag Check Error" },
};

/* Figure 97 (Path Related Status); 70h/71h are what the host reports */
static const struct sc_name path_names[] = {
	{ 0x00, "Internal Path Error" },
	{ 0x01, "Asymmetric Access Persistent Loss" },
	{ 0x02, "Asymmetric Access Inaccessible" },
	{ 0x03, "Asymmetric Access Transition" },
	{ 0x60, "Controller Pathing Error" },
	{ 0x70, "Host Pathing Error" },
	{ 0x71, "Command Aborted By Host" },
};

static const char *lookup(const struct sc_name *t, size_t n, unsigned sc)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].sc == sc)
			return t[i].name;
	return NULL;
}

void nvme_status_decode(int res, struct nvme_status *st)
{
	unsigned v = res > 0 ? (unsigned) res : 0;

	st->sc = v & 0xff;
	st->sct = (v >> 8) & 0x7;
	st->crd = (v >> 11) & 0x3;
	st->more = v & (1u << 13);
	st->dnr = v & (1u << 14);
}

const char *nvme_status_name(unsigned sct, unsigned sc)
{
	switch (sct) {
	case NVME_SCT_GENERIC:
		return lookup(generic_names, FV_ARRAY_SIZE(generic_names), sc);
	case NVME_SCT_CMD_SPECIFIC:
		return lookup(cmd_specific_names,
			      FV_ARRAY_SIZE(cmd_specific_names), sc);
	case NVME_SCT_MEDIA:
		return lookup(media_names, FV_ARRAY_SIZE(media_names), sc);
	case NVME_SCT_PATH:
		return lookup(path_names, FV_ARRAY_SIZE(path_names), sc);
	default:
		return NULL;
	}
}

const char *nvme_sct_name(unsigned sct)
{
	switch (sct) {
	case NVME_SCT_GENERIC:
		return "Generic Command Status";
	case NVME_SCT_CMD_SPECIFIC:
		return "Command Specific Status";
	case NVME_SCT_MEDIA:
		return "Media and Data Integrity Errors";
	case NVME_SCT_PATH:
		return "Path Related Status";
	case NVME_SCT_VENDOR:
		return "Vendor Specific";
	default:
		return "Reserved";
	}
}

char *nvme_result_describe(int res, char *buf, size_t len)
{
	struct nvme_status st;
	const char *name;

	if (res < 0) {
		snprintf(buf, len, "kernel error: %s (errno %d)",
			 strerror(-res), -res);
		return buf;
	}
	nvme_status_decode(res, &st);
	name = nvme_status_name(st.sct, st.sc);
	if (name)
		snprintf(buf, len, "%s (SCT %Xh, SC %02Xh)", name, st.sct,
			 st.sc);
	else
		snprintf(buf, len,
			 "Unknown status of type %s (SCT %Xh, SC %02Xh)",
			 nvme_sct_name(st.sct), st.sct, st.sc);
	return buf;
}

/* The kernel's nvme_error_status() and blk_errors[], status by status. */
int nvme_result_errno(int res)
{
	struct nvme_status st;

	if (res <= 0)
		return -res;
	nvme_status_decode(res, &st);
	switch (st.sct << 8 | st.sc) {
	case 0x000:
		return 0;
	case 0x081: /* Capacity Exceeded */
		return ENOSPC;
	case 0x080: /* LBA Out of Range */
	case 0x021: /* Command Interrupted */
	case 0x082: /* Namespace Not Ready */
		return EREMOTEIO;
	case 0x180: /* Conflicting Attributes */
	case 0x001: /* Invalid Command Opcode */
	case 0x002: /* Invalid Field in Command */
	case 0x00b: /* Invalid Namespace or Format */
		return EOPNOTSUPP;
	case 0x280: /* Write Fault */
	case 0x281: /* Unrecovered Read Error */
	case 0x287: /* Deallocated or Unwritten Logical Block */
	case 0x286: /* Access Denied */
	case 0x182: /* Attempted Write to Read Only Range */
	case 0x285: /* Compare Failure */
		return ENODATA;
	case 0x282: /* End-to-end Guard Check Error */
	case 0x283:
	case 0x284:
	case 0x181: /* Invalid Protection Information */
		return EILSEQ;
	case 0x083: /* Reservation Conflict */
		return EBADE;
	case 0x370: /* Host Pathing Error */
		return ENOLINK;
	case 0x1bd: /* Too Many Active Zones */
		return ETOOMANYREFS;
	case 0x1be: /* Too Many Open Zones */
		return EOVERFLOW;
	default:
		return EIO;
	}
}
