#!/usr/bin/env python3
"""Writes the hand-made fixtures of tests/postproc/fixtures (committed).

Run it again only to change them; the golden outputs depend on them.
  plan/      the seed's placement table as fio 3.33 JSON results, one file
             per test, named <label>_<test>_<timestamp>.json
  d64/       the same NVMe disk on a VM twice the size (scaling table)
  old/       fio 2.x forms (µs latencies, KiB io_bytes)
  broken/    inputs that must give errors with line and column
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "fixtures")


def pct(vals_us, unit=1000):
    keys = ["50.000000", "95.000000", "99.000000", "99.900000"]
    return {k: int(v * unit) for k, v in zip(keys, vals_us)}


def lat(mean_us=0, pcts=None, n=1000, unit=1000, bins=None):
    o = {"min": int(mean_us * unit / 4), "max": int(mean_us * unit * 20),
         "mean": mean_us * unit, "stddev": mean_us * unit / 3, "N": n}
    if pcts:
        o["percentile"] = pct(pcts, unit)
    if bins:
        o["bins"] = bins
    return o


def ddir(iops=0.0, bs=4096, runtime=60000, clat=None):
    ios = int(iops * runtime / 1000)
    d = {"io_bytes": ios * bs, "io_kbytes": ios * bs // 1024,
         "bw_bytes": int(iops * bs), "bw": int(iops * bs / 1024),
         "iops": iops, "runtime": runtime if ios else 0, "total_ios": ios,
         "short_ios": 0, "drop_ios": 0,
         "slat_ns": lat(0, n=0), "clat_ns": clat or lat(0, n=ios),
         "lat_ns": lat(0, n=0)}
    return d


def job(name, opts, read=None, write=None, sync=None, usr=1.5, sys=12.25):
    j = {"jobname": name, "groupid": 0, "error": 0, "job options": opts,
         "read": read or ddir(), "write": write or ddir(),
         "trim": ddir(), "job_runtime": 60000, "usr_cpu": usr,
         "sys_cpu": sys}
    if sync:
        j["sync"] = sync
    return j


def doc(jobs, ts=1767261600):
    return {"fio version": "fio-3.33", "timestamp": ts,
            "timestamp_ms": ts * 1000, "time": "Thu Jan  1 10:00:00 2026",
            "global options": {"direct": "1", "time_based": "1",
                               "group_reporting": "1",
                               "percentile_list": "50:95:99:99.9"},
            "jobs": jobs}


def write(path, obj, prefix=""):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(prefix)
        json.dump(obj, f, indent=2)
        f.write("\n")


MIB = 1024 * 1024
# label: peak r, peak w, steady w, seq r MiB/s, seq w MiB/s, sync w,
#        steady write latency p50/p95/p99/p99.9 (µs), sweep (qd -> iops)
SEED = {
    "Temp-D32ads_v5": (153e3, 153e3, 153e3, 1951, 1950, 9.3e3,
                       (212, 381, 523, 903)),
    "Cache-D32ds_v4": (98e3, 93e3, 94e3, 1888, 1888, 7.9e3,
                       (269, 452, 628, 1104)),
    "NVMe-D32ads_v7": (146e3, 60e3, 60e3, 1071, 536, 7.6e3,
                       (261, 437, 601, 1048)),
    "PremiumSSD": (10e3, 4e3, 2926, 152, 127, 507,
                   (402, 761, 1089, 1827)),
}


def plan(dirname, label, v, ts0=1767261600):
    pr, pw, sw, sr_mib, sw_mib, syncw, slat = v
    base = os.path.join(FIX, dirname)
    opts4k = {"bs": "4k", "iodepth": "32", "numjobs": "8"}

    def put(test, j, k):
        write(os.path.join(base, "%s_%s_20260101-10%02d00.json" %
                           (label, test, k)), doc([j], ts0 + k))

    rlat = lat(150, (150, 300, 420, 800), n=int(pr * 120))
    put("peak_randread4k_qd32_nj8_120s",
        job("peak_rr", dict(opts4k, rw="randread"),
            read=ddir(pr, runtime=120000, clat=rlat)), 1)
    put("peak_randwrite4k_qd32_nj8_120s",
        job("peak_rw", dict(opts4k, rw="randwrite"),
            write=ddir(pw, runtime=120000,
                       clat=lat(200, slat, n=int(pw * 120)))), 2)
    put("steady_randwrite4k_qd32_nj8_180s",
        job("steady_rw", dict(opts4k, rw="randwrite"),
            write=ddir(sw, runtime=180000,
                       clat=lat(200, slat, n=int(sw * 180)))), 3)
    sync = {"total_ios": int(syncw * 60),
            "lat_ns": lat(30, (25, 60, 95, 300), n=int(syncw * 60))}
    put("sync_randwrite4k_qd1_nj1_fsync1_60s",
        job("sync_rw", {"bs": "4k", "iodepth": "1", "rw": "randwrite",
                        "fsync": "1"},
            write=ddir(syncw, clat=lat(70, (60, 90, 130, 400))),
            sync=sync), 4)
    put("seqread1m_qd32_nj4_60s",
        job("sr_1m", {"bs": "1m", "iodepth": "32", "rw": "read"},
            read=ddir(sr_mib, bs=MIB, clat=lat(9000, (8000, 15000, 22000,
                                                      40000)))), 5)
    put("seqwrite1m_qd32_nj4_60s",
        job("sw_1m", {"bs": "1m", "iodepth": "32", "rw": "write"},
            write=ddir(sw_mib, bs=MIB, clat=lat(9000, (8000, 16000,
                                                       25000, 45000)))), 6)
    for k, qd in enumerate((1, 4, 16, 64)):
        cap = min(pw, 9000.0 * qd)
        put("scaling_randwrite4k_qd",
            job("rw_qd%d" % qd, {"bs": "4k", "iodepth": str(qd),
                                 "rw": "randwrite"},
                write=ddir(cap, runtime=90000,
                           clat=lat(100, (100 * qd ** 0.5, 200, 300 + qd,
                                          900 + 10 * qd)))), 10 + k)


for label, v in SEED.items():
    plan("plan", label, v)

# The same NVMe placement on D64 (twice the IOPS, similar latency).
plan("d64", "NVMe-D32ads_v7", SEED["NVMe-D32ads_v7"])
plan("d64", "NVMe-D64ads_v7", (291e3, 120e3, 120e3, 2144, 1067, 7.7e3,
                               (255, 430, 580, 1010)))

# json+ with bins, a warning before the JSON, and clones of one job.
bins = {"1000": 10, "2000": 80, "3008": 9, "10240": 1}
clone_opts = {"rw": "randread", "bs": "4k", "numjobs": "2"}
write(os.path.join(FIX, "misc", "bins_clones.json"),
      doc([job("cl", clone_opts, read=ddir(1000, clat=lat(2, n=100,
                                                          bins=bins))),
           job("cl", clone_opts, read=ddir(3000, clat=lat(
               2, n=100, bins={"1000": 50, "2000": 50})))]),
      prefix="note: both iodepth >= 1 and synchronous I/O engine are "
             "selected, queue depth will be capped at 1\n")
# gtod_reduce=1: I/O done, every latency 0.
write(os.path.join(FIX, "misc", "gtod.json"),
      doc([job("gtod", {"rw": "randread", "gtod_reduce": "1"},
               read=ddir(5000, clat=lat(0, n=0)))]))

# fio 2.2.10: µs latencies, KiB io_bytes, no N, no bw_bytes.
old = {"fio version": "fio-2.2.10", "timestamp": 1500000000,
       "time": "Fri Jul 14 02:40:00 2017", "jobs": [{
           "jobname": "old_rr", "groupid": 0, "error": 0,
           "read": {"io_bytes": 40000, "bw": 2000, "iops": 500.0,
                    "runtime": 20000, "total_ios": 10000, "short_ios": 0,
                    "drop_ios": 0,
                    "slat": {"min": 0, "max": 0, "mean": 0.0, "stddev": 0.0},
                    "clat": {"min": 100, "max": 5000, "mean": 1900.5,
                             "stddev": 300.0,
                             "percentile": {"50.000000": 1800,
                                            "95.000000": 2500,
                                            "99.000000": 3000,
                                            "99.900000": 4500,
                                            "0.00": 0}},
                    "lat": {"min": 101, "max": 5001, "mean": 1901.0,
                            "stddev": 300.0}},
           "write": {"io_bytes": 0, "bw": 0, "iops": 0.0, "runtime": 0,
                     "total_ios": 0, "short_ios": 0, "drop_ios": 0,
                     "slat": {"min": 0, "max": 0, "mean": 0.0,
                              "stddev": 0.0},
                     "clat": {"min": 0, "max": 0, "mean": 0.0,
                              "stddev": 0.0},
                     "lat": {"min": 0, "max": 0, "mean": 0.0,
                             "stddev": 0.0}},
           "usr_cpu": 3.0, "sys_cpu": 7.0}]}
write(os.path.join(FIX, "old", "fio-2.2.10.json"), old)
# fio 2.21: io_bytes now bytes (io_kbytes appears), still µs.
new = json.loads(json.dumps(old))
new["fio version"] = "fio-2.21"
new["jobs"][0]["jobname"] = "v221_rr"
new["jobs"][0]["read"]["io_bytes"] = 40960000
new["jobs"][0]["read"]["io_kbytes"] = 40000
write(os.path.join(FIX, "old", "fio-2.21.json"), new)

# fio 2.1: no total_ios, short_ios nor drop_ios; iops an integer; a
# write-only job with no "job options" (its direction from its I/O).
zero = {"min": 0, "max": 0, "mean": 0.0, "stddev": 0.0}
v21 = {"fio version": "fio-2.1.10", "timestamp": 1400000000,
       "time": "Tue May 13 16:53:20 2014", "jobs": [{
           "jobname": "v21_rw", "groupid": 0, "error": 0,
           "read": {"io_bytes": 0, "bw": 0, "iops": 0, "runtime": 0,
                    "slat": zero, "clat": zero, "lat": zero,
                    "bw_min": 0, "bw_max": 0, "bw_agg": 0.0,
                    "bw_mean": 0.0, "bw_dev": 0.0},
           "write": {"io_bytes": 81920, "bw": 4096, "iops": 1024,
                     "runtime": 20000, "slat": zero,
                     "clat": {"min": 300, "max": 9000, "mean": 960.0,
                              "stddev": 200.0,
                              "percentile": {"50.000000": 900,
                                             "95.000000": 1300,
                                             "99.000000": 2000,
                                             "99.900000": 6000}},
                     "lat": {"min": 302, "max": 9002, "mean": 962.0,
                             "stddev": 200.0},
                     "bw_min": 3800, "bw_max": 4400, "bw_agg": 100.0,
                     "bw_mean": 4096.0, "bw_dev": 100.0},
           "usr_cpu": 2.0, "sys_cpu": 5.0}]}
write(os.path.join(FIX, "old", "fio-2.1.10.json"), v21)

broken = os.path.join(FIX, "broken")
os.makedirs(broken, exist_ok=True)
text = json.dumps(doc([job("x", {"rw": "read"}, read=ddir(100))]),
                  indent=2)
with open(os.path.join(broken, "truncated.json"), "w") as f:
    f.write(text[:len(text) // 2])
with open(os.path.join(broken, "missing_comma.json"), "w") as f:
    f.write('{\n  "fio version" : "fio-3.33",\n  "jobs" : [\n'
            '    { "jobname" : "a" "groupid" : 0 }\n  ]\n}\n')
with open(os.path.join(broken, "not_fio.json"), "w") as f:
    f.write('{ "name": "package", "version": "1.0" }\n')
with open(os.path.join(broken, "plain_text.txt"), "w") as f:
    f.write("fio: pid=1234, err=5/file:io_u.c:1845, func=io_u error, "
            "error=Input/output error\nrandom text, no JSON here\n")
open(os.path.join(broken, "empty.json"), "w").close()
