/* SPDX-License-Identifier: MIT */
#ifndef FV_VERSION_H
#define FV_VERSION_H

#define FV_VERSION "0.1.0"
/* Bumped when a field of the JSON report is removed or renamed. */
#define FV_REPORT_SCHEMA "fioverdict-report/1"

#endif
