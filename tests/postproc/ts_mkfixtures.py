#!/usr/bin/env python3
"""Writes the hand-made time-series fixtures in ts_fixtures/: a fio 3 job
with an averaged IOPS log that bursts then collapses (8000 IO/s for 2 s,
then 2000), every log column layout, a fio 2.x job with a µs latency log,
and broken logs. Deterministic: run it again, the files do not change."""
import json, os

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ts_fixtures")

def job(name, iops, version="fio-3.33", extra=None):
    lat = {"min": 90000, "max": 900000, "mean": 250000.0, "stddev": 1000.0,
           "N": 1000, "percentile": {"50.000000": 240000, "99.000000": 500000,
                                     "99.900000": 800000}}
    w = {"io_bytes": int(iops * 4096 * 6), "bw_bytes": int(iops * 4096),
         "bw": int(iops * 4), "iops": iops, "runtime": 6000,
         "total_ios": int(iops * 6), "short_ios": 0, "drop_ios": 0,
         "slat_ns": {"min": 0, "max": 0, "mean": 0, "stddev": 0, "N": 0},
         "clat_ns": lat, "lat_ns": dict(lat, percentile=None)}
    del w["lat_ns"]["percentile"]
    r = {k: 0 for k in ("io_bytes", "bw_bytes", "bw", "iops", "runtime",
                        "total_ios", "short_ios", "drop_ios")}
    opts = {"rw": "randwrite", "bs": "4k", "direct": "1", "ramp_time": "5",
            "runtime": "6", "iodepth": "8", "write_iops_log": name,
            "log_avg_msec": "100"}
    opts.update(extra or {})
    return {"jobname": name, "groupid": 0, "error": 0, "job options": opts,
            "read": r, "write": w, "job_runtime": 6000,
            "usr_cpu": 1.0, "sys_cpu": 2.0}

def doc(jobs, version="fio-3.33"):
    return {"fio version": version, "timestamp": 1764442800,
            "time": "Sun Nov 29 19:00:00 2026", "global options": {},
            "jobs": jobs}

def write(rel, text):
    p = os.path.join(here, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w", newline="") as f:
        f.write(text)

# burst/: 60 windows of 100 ms, 8000 then 2000 IO/s (fio 3.33 averaged
# layout: bs and offset 0, no prio).
write("burst/burst.json", json.dumps(doc([job("burst", 4000.0)]), indent=1))
write("burst/burst_iops.1.log", "".join(
    "%d, %d, 1, 0, 0\n" % (100 * (i + 1), 8000 if i < 20 else 2000)
    for i in range(60)))

# layouts/: one sample per column layout fio has written.
write("layouts/l4_iops.1.log", "100, 50, 1, 4096\n200, 60, 1, 4096\n")
write("layouts/l5_iops.1.log", "100, 50, 0, 4096, 0\n200, 60, 1, 4096, 0\n")
write("layouts/l6_clat.2.log",
      "0, 14016, 1, 4096, 503808, 0\n1, 3201, 1, 4096, 6209536, 0\n")
write("layouts/l7_clat.1.log",
      "0, 14016, 1, 4096, 503808, 0x0000, 7\r\n\r\n1, 3201, 0, 4096, 0, "
      "0x6001, 9\r\n")
write("layouts/fio2_clat.1.log", "10, 250, 1, 4096\n20, 260, 1, 4096\n")
write("layouts/fio2.json", json.dumps(doc([job("fio2", 100.0,
      extra={"write_lat_log": "fio2"})], "fio-2.2.10"), indent=1))

# broken/: the errors name line and column.
write("broken/bad_iops.1.log", "100, 50, 1, 0, 0\n200, x50, 1, 0, 0\n")
write("broken/dir_iops.1.log", "100, 50, 7, 0, 0\n")
write("broken/short_iops.1.log", "100, 50\n")
write("broken/sep_iops.1.log", "100; 50, 1, 0\n")
