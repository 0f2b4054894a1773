/* SPDX-License-Identifier: MIT */
/* What the regression gates compare of a job (gate.h). */
#include <math.h>
#include <string.h>

#include "gate.h"

static double tput(const struct fv_job *j)
{
	double v = fv_vjob_iops(j);

	return v > 0 ? v : fv_vjob_bw(j);
}

double fv_gfig_value(const struct fv_aopts *ao, const struct fv_set *s,
		     const struct fv_job *j, enum fv_gfig f)
{
	enum fv_latkind k = ao ? fv_ao_lat(ao, j) : fv_lat_own(j);
	double v;

	switch (f) {
	case FV_G_TPUT:
		v = tput(j);
		break;
	case FV_G_P99:
		v = fv_vjob_pct(s, j, fv_vjob_dir(j), k, 99);
		break;
	case FV_G_P999:
		v = fv_vjob_pct(s, j, fv_vjob_dir(j), k, 99.9);
		break;
	default:
		v = fv_vjob_pct(s, j, FV_DIR_SYNC, FV_LAT, 99);
	}
	return v > 0 && isfinite(v) ? v : NAN;
}

static bool held_to_rate(const struct fv_job *j)
{
	static const char *const rates[] = { "rate", "rate_iops", NULL };

	for (size_t i = 0; rates[i]; i++)
		if (fv_job_opt(j, rates[i]))
			return true;
	return false;
}

enum fv_gfig fv_gfig_primary(const struct fv_job *j)
{
	if (j->role == FV_ROLE_SYNC || j->wl.sync_every > 0)
		return j->dir[FV_DIR_SYNC].present ? FV_G_SYNC : FV_G_P99;
	return held_to_rate(j) ? FV_G_P99 : FV_G_TPUT;
}

const char *fv_gfig_name(enum fv_gfig f, const struct fv_job *j)
{
	static const char *const names[FV_G_NR] = { "throughput", "p99",
						    "p99.9", "sync p99" };

	if (f == FV_G_TPUT && !(fv_vjob_iops(j) > 0))
		return "bandwidth";
	return names[f];
}

enum fv_unit fv_gfig_unit(enum fv_gfig f, const struct fv_job *j)
{
	if (f != FV_G_TPUT)
		return FV_U_NS;
	return fv_vjob_iops(j) > 0 ? FV_U_IOPS : FV_U_BPS;
}

int fv_gfig_sign(enum fv_gfig f)
{
	return f == FV_G_TPUT ? 1 : -1;
}

double fv_gfig_threshold(const struct fv_vopts *o, enum fv_gfig f)
{
	return f == FV_G_TPUT ? o->diff_tput : o->diff_p99;
}

double fv_gfig_band(const struct fv_vopts *o, enum fv_gfig f)
{
	return f == FV_G_TPUT  ? o->noise_tput
	       : f == FV_G_P99 ? o->noise_lat
			       : INFINITY;
}

bool fv_gate_same_test(const struct fv_job *a, const struct fv_job *b)
{
	return fv_job_measured(b) && !fv_test_cmp(a, b);
}
