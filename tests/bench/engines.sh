#!/bin/bash
# Benchmark: uring_durable against fio's built-in io_uring engine, same
# options (registered files, fixed buffers), on a tmpfs file. Runs are
# interleaved A/B so that drift on a shared machine hits both sides alike;
# medians are compared as ratios.
#
# Environment: FV_ENGINES (engine dir), BENCH_RUNS (default 5),
# BENCH_SECONDS (per run, default 3).
set -euo pipefail
cd "$(dirname "$0")/../.."

ENG="$(cd "${FV_ENGINES:-build/engines}" && pwd)/uring_durable.so"
RUNS=${BENCH_RUNS:-5}
SECS=${BENCH_SECONDS:-3}
DIR=$(mktemp -d /dev/shm/fv-bench.XXXXXX)
OUT=$(mktemp -d /tmp/fv-bench.XXXXXX)
trap 'rm -rf "$DIR" "$OUT"' EXIT
FILE="$DIR/file"

fio --name=layout --filename="$FILE" --size=256m --rw=write --bs=1m \
	--ioengine=psync --output=/dev/null

common=(--filename="$FILE" --size=256m --direct=1 --time_based
	--runtime="$SECS" --ramp_time=1 --output-format=json --norandommap
	--randrepeat=0)

# run TAG ARGS...: one fio run, JSON kept under $OUT/TAG.N.json
run() {
	local tag=$1 n
	shift
	n=$(ls "$OUT" | grep -c "^$tag\." || true)
	fio "${common[@]}" "$@" --output="$OUT/$tag.$n.json" 2>/dev/null
}

scenario() {
	local name=$1 a_args=$2 b_args=$3 i
	echo "== $name: $RUNS interleaved runs of ${SECS}s each"
	for i in $(seq "$RUNS"); do
		# alternate which side goes first
		if [ $((i % 2)) -eq 1 ]; then
			run "$name-A" $a_args
			run "$name-B" $b_args
		else
			run "$name-B" $b_args
			run "$name-A" $a_args
		fi
	done
}

rr="--name=rr --rw=randread --bs=4k --iodepth=32"
scenario randread \
	"$rr --ioengine=external:$ENG --registerfiles --fixedbufs --stats_file=$OUT/r.json" \
	"$rr --ioengine=io_uring --registerfiles --fixedbufs"

sw="--name=sw --rw=randwrite --bs=4k --iodepth=1 --fsync=1"
scenario fsync \
	"$sw --ioengine=external:$ENG --registerfiles --fixedbufs --stats_file=$OUT/s.json" \
	"$sw --ioengine=io_uring --registerfiles --fixedbufs"

rw="--name=acct --rw=randwrite --bs=4k --iodepth=32 --fsync=8"
scenario accounting \
	"$rw --ioengine=external:$ENG --registerfiles --fixedbufs --stats_file=$OUT/a.json" \
	"$rw --ioengine=external:$ENG --registerfiles --fixedbufs --accounting=0"

python3 - "$OUT" <<'PYEOF'
import glob, json, statistics, sys
out = sys.argv[1]

def runs(tag):
    res = []
    for p in sorted(glob.glob("%s/%s.*.json" % (out, tag))):
        j = json.load(open(p))["jobs"][0]
        ios = sum(j[d]["total_ios"] for d in ("read", "write"))
        iops = sum(j[d]["iops"] for d in ("read", "write"))
        cpu_s = (j["usr_cpu"] + j["sys_cpu"]) / 100.0 * j["job_runtime"] / 1000.0
        res.append({"iops": iops, "cpu_ns_per_io": cpu_s * 1e9 / ios if ios else 0})
    return res

def med(tag, key):
    return statistics.median(r[key] for r in runs(tag))

verdicts = []
def line(label, a, b, unit, target, better):
    ratio = a / b if b else float("nan")
    ok = ratio >= target if better == "higher" else ratio <= target
    verdicts.append(ok)
    print("%-44s %12.0f %12.0f %s   ratio %.3f  (target %s %.2f) %s"
          % (label, a, b, unit, ratio, ">=" if better == "higher" else "<=",
             target, "met" if ok else "NOT MET"))

print("%-44s %12s %12s" % ("", "uring_durable", "peer"))
line("4K randread QD32: IOPS (median)", med("randread-A", "iops"),
     med("randread-B", "iops"), "IOPS", 1.00, "higher")
line("4K randread QD32: CPU per I/O (usr+sys)", med("randread-A", "cpu_ns_per_io"),
     med("randread-B", "cpu_ns_per_io"), "ns  ", 1.00, "lower")
line("4K randwrite fsync=1 QD1: IOPS (median)", med("fsync-A", "iops"),
     med("fsync-B", "iops"), "IOPS", 1.00, "higher")
on, off = med("accounting-A", "iops"), med("accounting-B", "iops")
print("%-44s %12.0f %12.0f IOPS   overhead %.2f%% (target <= 2%%) %s"
      % ("accounting on vs off: IOPS (median)", on, off, (1 - on / off) * 100,
         "met" if on >= 0.98 * off else "NOT MET"))
verdicts.append(on >= 0.98 * off)
print("peer: fio's io_uring engine (A/B 2-3); accounting=0 (row 4)")
print("targets met: %d of %d" % (sum(verdicts), len(verdicts)))
PYEOF
