/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "epoch.h"

time_t fv_output_time(void)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (!epoch || !*epoch)
		return time(NULL);
	v = strtoll(epoch, &end, 10);
	return !*end && v >= 0 ? (time_t) v : time(NULL);
}
