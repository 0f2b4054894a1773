#!/bin/bash
# make bench-hosts: fio's client and fioverdict on fleets of 8, 32 and 64
# fio servers, each on its own loopback address (127.0.1.x), running one
# short job through uring_durable (an emulated 200-IOPS disk on tmpfs, so
# that 64 jobs fit on 2 cores; the engine's stats line comes back from
# each). Measured, median of FV_BENCH_ROUNDS (3) runs per size: the client's
# wall time beyond the job's runtime, its CPU time and peak memory; the
# size of its output; fioverdict run --check (probe of every server and a
# probe job through each); fioverdict hosts on the output (ingest, fleet
# sums, every verdict, the hosts table), 5 times per output: time and peak
# memory; and how each grows per host. Servers are killed on exit, failure or not.
#
# Usage: bench.sh OUTDIR. Environment: FV_BIN, FV_ENGINES, FV_BENCH_SIZES
# ("8 32 64"), FV_BENCH_ROUNDS (3), FV_BENCH_RUNTIME (2).
set -u

OUT=${1:-build/bench/hosts}
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib/check.sh"
built_paths
ENGINE=$ENGDIR/uring_durable.so
SIZES=${FV_BENCH_SIZES:-8 32 64}
ROUNDS=${FV_BENCH_ROUNDS:-3}
RUNTIME=${FV_BENCH_RUNTIME:-2}
WORK=$(mktemp -d /tmp/fv-hbench.XXXXXX)
SHM=$(mktemp -d /dev/shm/fv-hbench.XXXXXX)
SERVERS=()

stop_servers() {
	local p all=()
	for p in "${SERVERS[@]}"; do
		# shellcheck disable=SC2207
		all+=($(proc_tree "$p"))
	done
	[ ${#all[@]} -gt 0 ] || return 0
	kill -9 "${all[@]}" 2>/dev/null
	# gone, their ports free, before the next fleet binds them
	for _ in $(seq 100); do
		kill -0 "${all[@]}" 2>/dev/null || break
		sleep 0.05
	done
	SERVERS=()
}
# a server's run ends with _exit(): its emulated disks are orphans
orphans() {
	local p
	for p in /dev/shm/fioverdict-emu-*; do
		p=${p#/dev/shm/fioverdict-emu-}
		kill -0 "${p%%-*}" 2>/dev/null ||
			rm -f "/dev/shm/fioverdict-emu-${p}"
	done
}
trap 'stop_servers; orphans; rm -rf "$WORK" "$SHM"' EXIT
trap 'exit 130' INT TERM

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
PORT=$(python3 -c 'import random; print(random.randint(20000, 60000))')

start_servers() { # start_servers N: 127.0.1.1 .. 127.0.1.N
	local i a
	for i in $(seq 1 "$1"); do
		a=127.0.1.$i
		mkdir -p "$WORK/srv$i"
		rm -f "$WORK/srv$i/pid"
		(cd "$WORK/srv$i" && fio --server="ip:$a,$PORT" \
			--daemonize="$WORK/srv$i/pid" >/dev/null 2>&1)
	done
	for i in $(seq 1 "$1"); do
		for _ in $(seq 100); do
			[ -s "$WORK/srv$i/pid" ] && break
			sleep 0.05
		done
		[ -s "$WORK/srv$i/pid" ] && SERVERS+=("$(cat "$WORK/srv$i/pid")")
	done
	python3 - "$1" "$PORT" <<'EOF'
import socket, sys, time
n, port = int(sys.argv[1]), int(sys.argv[2])
for i in range(1, n + 1):
    for _ in range(100):
        try:
            socket.create_connection(("127.0.1.%d" % i, port), 1).close()
            break
        except OSError:
            time.sleep(0.05)
    else:
        sys.exit("bench-hosts: the server on 127.0.1.%d did not start" % i)
EOF
}

job_file() { # job_file HOST: the job each server runs
	cat <<EOF
[global]
ioengine=external:$ENGINE
cap_iops=200
stats_host=$1
filename=$SHM/b-$1.dat
size=4m
bs=4k
time_based
runtime=$RUNTIME
[steady_randwrite]
rw=randwrite
iodepth=1
fsync=4
EOF
}

# measure LABEL CMD...: wall s, user+sys s, peak RSS KiB of the command
# (wait4's rusage of that child), one line appended to $WORK/m.
measure() {
	local label=$1
	shift
	python3 - "$label" "$@" >>"$WORK/m" <<'EOF'
import os, sys, time
label, argv = sys.argv[1], sys.argv[2:]
t0 = time.monotonic()
pid = os.fork()
if pid == 0:
    fd = os.open(os.devnull, os.O_WRONLY)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.execvp(argv[0], argv)
_, status, ru = os.wait4(pid, 0)
wall = time.monotonic() - t0
print("%s %.3f %.3f %d %d" % (label, wall, ru.ru_utime + ru.ru_stime,
                               ru.ru_maxrss, os.waitstatus_to_exitcode(status)))
EOF
}

echo "bench-hosts: fleets of $SIZES servers, $ROUNDS rounds, job ${RUNTIME}s"
: >"$WORK/m"
for n in $SIZES; do
	start_servers "$n" || exit 1
	args=()
	hosts=""
	for i in $(seq 1 "$n"); do
		a=127.0.1.$i
		job_file "$a" >"$WORK/job-$a.fio"
		args+=("--client=ip:$a,$PORT" "$WORK/job-$a.fio")
		hosts="$hosts${hosts:+,}$a:$PORT"
	done
	for r in $(seq 1 "$ROUNDS"); do
		outj="$WORK/out-$n-$r.json"
		measure "client $n" fio --output-format=json+ --output="$outj" \
			"${args[@]}"
		# fioverdict is fast and the machine shared: 5 runs each
		for _ in 1 2 3 4 5; do
			measure "hosts $n" "$BIN" hosts -f csv -o "$WORK/h-$n.csv" \
				"$outj"
		done
		measure "check $n" env FV_ENGINE_DIR="$(dirname "$ENGINE")" \
			"$BIN" run "$HERE/fleet.fio" --label b --check \
			--target "$SHM/c-{host}.dat" --out "$WORK/res" \
			--hosts "$hosts"
		stat -c "size $n %s" "$outj" >>"$WORK/m"
	done
	got=$(python3 -c "import sys; print(sum(1 for l in open(sys.argv[1]) if l.startswith('b,steady_randwrite,127.0.1.') or l.startswith('-,steady_randwrite,127.0.1.')))" "$WORK/h-$n.csv")
	echo "  $n servers: $got hosts in fioverdict's table"
	stop_servers
done

python3 - "$WORK/m" "$RUNTIME" "$OUT/hosts.txt" <<'EOF'
import statistics as st
import sys
path, runtime, report = sys.argv[1], float(sys.argv[2]), sys.argv[3]
m = {}
for line in open(path):
    f = line.split()
    if f[0] == "size":
        m.setdefault(("size", int(f[1])), []).append(int(f[2]))
        continue
    key = (f[0], int(f[1]))
    wall, cpu, rss, rc = float(f[2]), float(f[3]), int(f[4]), int(f[5])
    m.setdefault(key, []).append((wall, cpu, rss, rc))
sizes = sorted({k[1] for k in m})
def med(key, i):
    return st.median(v[i] for v in m[key])
rows = []
out = ["fleet  client: wall beyond %gs  CPU     peak RSS   output    "
       "run --check   fioverdict hosts: time  peak RSS" % runtime]
for n in sizes:
    bad = [v for k in (("client", n), ("hosts", n), ("check", n))
           for v in m[k] if v[3] != 0]
    r = dict(n=n,
             beyond=med(("client", n), 0) - runtime,
             ccpu=med(("client", n), 1),
             crss=med(("client", n), 2) / 1024,
             size=st.median(m[("size", n)]) / 1e6,
             check=med(("check", n), 0),
             fvt=med(("hosts", n), 0),
             fvrss=med(("hosts", n), 2) / 1024,
             bad=len(bad))
    rows.append(r)
    out.append("%5d  %22.2f s  %5.2f s  %6.1f MiB  %5.2f MB  %9.2f s  "
               "%19.3f s  %6.1f MiB%s" % (
                   n, r["beyond"], r["ccpu"], r["crss"], r["size"],
                   r["check"], r["fvt"], r["fvrss"],
                   "  (%d runs failed)" % r["bad"] if r["bad"] else ""))
if len(rows) >= 2:
    a, b = rows[0], rows[-1]
    dn = b["n"] - a["n"]
    out.append("per host added (%d -> %d): wall %+.3f s, client CPU %+.4f s, "
               "client RSS %+.2f MiB, output %+.3f MB, run --check %+.3f s, "
               "fioverdict %+.4f s and %+.3f MiB" % (
                   a["n"], b["n"], (b["beyond"] - a["beyond"]) / dn,
                   (b["ccpu"] - a["ccpu"]) / dn, (b["crss"] - a["crss"]) / dn,
                   (b["size"] - a["size"]) / dn, (b["check"] - a["check"]) / dn,
                   (b["fvt"] - a["fvt"]) / dn, (b["fvrss"] - a["fvrss"]) / dn))
text = "\n".join(out)
print(text)
open(report, "w").write(text + "\n")
sys.exit(1 if any(r["bad"] for r in rows) else 0)
EOF
