/* SPDX-License-Identifier: MIT */
/*
 * Job roles: the test types of the seed's plan (warmup, scaling, peak,
 * steady, sync, throughput). From the job's name; failing that, from the
 * test part of its file name; failing that, from its options; --role
 * overrides. The rules are listed in README.md ("Role rules").
 */
#ifndef FV_ROLE_H
#define FV_ROLE_H

#include "model/model.h"

struct fv_role_override {
	char *job; /* job name or display name (name#k) */
	enum fv_role role;
};

/* Parses JOB=ROLE. Returns 0, -EINVAL or -ENOMEM. */
int fv_role_override_parse(struct fv_role_override *o, const char *arg);

/*
 * The role a name implies, or FV_ROLE_UNKNOWN. Sets *depth to N when the
 * name holds a "qdN" token (0 otherwise).
 */
enum fv_role fv_role_from_name(const char *name, int *depth);

/* The role a job's options imply, or FV_ROLE_UNKNOWN. */
enum fv_role fv_role_from_opts(const struct fv_job *job);

/* Classifies every job of the set. */
void fv_role_assign(struct fv_set *set, const struct fv_role_override *ov,
		    size_t nov);

#endif
