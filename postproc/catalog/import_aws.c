/* SPDX-License-Identifier: MIT */
/*
 * `aws ec2 describe-instance-types` into catalog rows: each instance
 * type's EBS limits (EbsInfo.EbsOptimizedInfo). BaselineIops and
 * BaselineThroughputInMBps are sustained; MaximumIops and
 * MaximumThroughputInMBps a burst of 30 minutes at least once every 24
 * hours (AWS's EBS-optimized instances page; the API gives no duration).
 * Throughputs are MB/s (10^6 B/s): the API derives them from
 * *BandwidthInMbps / 8, which is checked when both are there.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "import.h"

#define API                                                       \
	"https://docs.aws.amazon.com/AWSEC2/latest/APIReference/" \
	"API_DescribeInstanceTypes.html"

static double num(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* MB/s from the throughput, checked against the megabits. */
static double mbps(struct fv_import *im, const char *type, json_t *ebs,
		   const char *tput, const char *bits)
{
	double v = num(ebs, tput), b = num(ebs, bits);

	if (!isnan(v) && !isnan(b) && fabs(b / 8 - v) > 0.01 * v + 0.01)
		fv_import_note(im,
			       "%s: %s %g MB/s is not %s %g / 8: the "
			       "throughput is used",
			       type, tput, v, bits, b);
	if (isnan(v) && !isnan(b))
		v = b / 8;
	return v * 1e6;
}

static int instance(struct fv_import *im, json_t *it)
{
	const char *type =
		json_string_value(json_object_get(it, "InstanceType"));
	json_t *ebs = json_object_get(json_object_get(it, "EbsInfo"),
				      "EbsOptimizedInfo");
	struct fv_cat_row r;
	char fam[64], title[128];
	double max_iops, max_bw;

	if (!type)
		return 0;
	if (!json_is_object(ebs)) {
		fv_import_note(im,
			       "%s left out: no EbsOptimizedInfo (not an "
			       "EBS-optimized instance type)",
			       type);
		return 0;
	}
	snprintf(fam, sizeof(fam), "%.*s", (int) strcspn(type, "."), type);
	snprintf(title, sizeof(title), "EC2 %s, EBS-optimized", type);
	fv_import_row(&r, "aws", type, FV_CAT_VM, fam, title, API);
	r.iops = num(ebs, "BaselineIops");
	r.bw = mbps(im, type, ebs, "BaselineThroughputInMBps",
		    "BaselineBandwidthInMbps");
	max_iops = num(ebs, "MaximumIops");
	max_bw = mbps(im, type, ebs, "MaximumThroughputInMBps",
		      "MaximumBandwidthInMbps");
	if (max_iops > r.iops || max_bw > r.bw) {
		r.bursting = FV_BURST_CREDIT;
		r.burst_iops = max_iops > r.iops ? max_iops : NAN;
		r.burst_bw = max_bw > r.bw ? max_bw : NAN;
		r.burst_s = 1800;
		r.note = "the maximum for 30 minutes at least once every 24 "
			 "hours (duration from the EBS-optimized instances "
			 "page, not the API)";
	}
	return fv_import_emit(im, &r);
}

int fv_import_aws(struct fv_import *im, json_t *root)
{
	json_t *list = json_object_get(root, "InstanceTypes"), *it;
	size_t i;
	int ret = 0;

	snprintf(im->via, sizeof(im->via),
		 "aws ec2 describe-instance-types (%s)",
		 im->o->input ? im->o->input : "-");
	json_array_foreach(list, i, it)
	{
		if (!ret)
			ret = instance(im, it);
	}
	return ret;
}
