#!/bin/bash
# make bench-postproc: ingest speed and memory of fioverdict on a generated
# corpus of >= 1000 json+ files (>= 100 MB), against fio's own
# fio_jsonplus_clat2csv on the same files, in the same run.
#
# Usage: bench.sh FIOVERDICT GENDIR OUTDIR
# Env:   BENCH_FILES (1100), BENCH_MIN_MB (100), BENCH_CLAT2CSV (1: run it)
set -euo pipefail

bin=${1:?usage: bench.sh FIOVERDICT GENDIR OUTDIR}
out=${3:?usage: bench.sh FIOVERDICT GENDIR OUTDIR}
files=${BENCH_FILES:-1100}
min_mb=${BENCH_MIN_MB:-100}
corpus=$out/corpus
mkdir -p "$out"

# One real json+ result with wide latency spreads (psync on tmpfs, 4 jobs,
# clat and lat bins), the seed of the corpus.
base=$out/base.json
if [ ! -s "$base" ]; then
	shm=$(mktemp -d /dev/shm/fvbench.XXXXXX 2>/dev/null || mktemp -d)
	fio --output-format=json+ --ioengine=psync --filename="$shm/d" \
		--size=32m --bs=4k --lat_percentiles=1 \
		--name=a --rw=randrw --name=b --rw=randrw \
		--name=c --rw=randread --name=d --rw=randwrite >"$base"
	rm -rf "$shm"
fi

# Copies that differ: job names, counts scaled, bins shifted, so that no
# two files are the same and the percentiles differ from file to file.
rm -rf "$corpus"
python3 - "$base" "$corpus" "$files" "$min_mb" <<'PY'
import json, math, os, sys
base, corpus, files, min_mb = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
doc = json.load(open(base))
size = os.path.getsize(base)
n = max(files, math.ceil(min_mb * 1e6 / size))
os.makedirs(corpus)
def vary(o, k):
    if isinstance(o, dict):
        out = {}
        for key, v in o.items():
            if key == "bins":
                out[key] = {str(int(b) + k % 13): c * (1 + k % 5) for b, c in v.items()}
            else:
                out[key] = vary(v, k)
        return out
    if isinstance(o, list):
        return [vary(x, k) for x in o]
    return o
for i in range(n):
    d = vary(doc, i)
    for j in d["jobs"]:
        j["jobname"] = "%s_%04d" % (j["jobname"], i)
    with open(os.path.join(corpus, "bench_%05d.json" % i), "w") as f:
        # fio's own layout: 2-space indent, " : " separators
        json.dump(d, f, indent=2, separators=(",", " : "))
        f.write("\n")
PY

nfiles=$(find "$corpus" -type f | wc -l)
bytes=$(du -sb "$corpus" | cut -f1)
largest=$(find "$corpus" -type f -printf '%s\n' | sort -n | tail -n1)
echo "corpus: $nfiles files, $((bytes / 1000000)) MB, largest $largest bytes"

pct=-p\ 50,90,95,99,99.5,99.9,99.99
here=$(cd "$(dirname "$0")" && pwd)

# Peak resident memory of summary --stream over the given inputs, in KiB,
# to the page (rsspeak.py: the kernel's own ru_maxrss moves by 128 KiB).
rss() {
	"$here/rsspeak.py" "$bin" summary --stream -f csv $pct "$@" |
		cut -d' ' -f1
}

# One timed run of summary -f csv over the corpus: seconds, rows, and the
# kernel's peak RSS figure (what /usr/bin/time shows, for reference).
measure() {
	local tag=$1 csv=$2
	shift 2
	sync
	start=$(date +%s.%N)
	/usr/bin/time -f '%M' -o "$out/$tag.rss" "$bin" summary "$@" -f csv \
		$pct "$corpus" >"$csv"
	end=$(date +%s.%N)
	secs=$(echo "$end - $start" | bc -l)
	nrows=$(($(wc -l <"$csv") - 1))
	printf 'fioverdict %s: %.3f s, %.0f files/s, %.1f MB/s, %d rows (ru_maxrss %d KiB)\n' \
		"$tag" "$secs" "$(echo "$nfiles / $secs" | bc -l)" \
		"$(echo "$bytes / 1000000 / $secs" | bc -l)" "$nrows" \
		"$(cat "$out/$tag.rss")"
}

measure stream "$out/summary.csv" --stream
fv_s=$secs
measure whole-set "$out/whole.csv"
if cmp -s "$out/summary.csv" "$out/whole.csv"; then
	echo "stream and whole-set outputs: identical"
else
	echo "stream and whole-set outputs: DIFFER"
fi

# The constant part of the memory: the same command on the smallest real
# fio json+ output (one job, four I/Os, a few KB). It runs what every real
# input runs (the scanner, a job's tree, bins, percentiles, the tables),
# whose code and library pages a made-up tiny document never touches; its
# own size counts for at most twice a few KB. The tiny document's peak is
# printed too.
small=$out/small.json
shm=$(mktemp -d /dev/shm/fvbench.XXXXXX 2>/dev/null || mktemp -d)
fio --output-format=json+ --ioengine=psync --filename="$shm/d" --size=16k \
	--bs=4k --name=s --rw=randread >"$small"
rm -rf "$shm"
tiny=$out/tiny.json
echo '{"fio version": "fio-3.33", "jobs": [{"jobname": "t"}]}' >"$tiny"
base_kb=$(rss "$small")
tiny_kb=$(rss "$tiny")
limit_kb=$((2 * largest / 1024 + base_kb))
echo "memory: constant $base_kb KiB (the peak on the smallest real json+" \
	"output, $(stat -c %s "$small") bytes; on a made-up tiny document:" \
	"$tiny_kb KiB)"
echo "memory limit: 2 x largest input ($((2 * largest / 1024)) KiB) +" \
	"constant = $limit_kb KiB"

# Where the peak goes: the largest file alone (what a file costs while it
# is read), half of the corpus (the slope is what each file keeps: its
# name in the list of inputs), the whole of it.
big=$(find "$corpus" -type f -size "${largest}c" | head -n1)
one_kb=$(rss "$big")
echo "memory: largest file alone $one_kb KiB (constant + $((one_kb - base_kb))" \
	"KiB while it is read, $(echo "($one_kb - $base_kb) * 1024 / $largest" |
		bc -l | xargs printf '%.2f') x its size)"
mapfile -t half < <(find "$corpus" -type f | sort | head -n $((nfiles / 2)))
half_kb=$(rss "${half[@]}")
peak_kb=$(rss "$corpus")
echo "memory: stream, $half_kb KiB for $((nfiles / 2)) files, $peak_kb KiB" \
	"for $nfiles: $(((peak_kb - half_kb) * 1024 * 2 / nfiles)) B per file"
whole_kb=$("$here/rsspeak.py" "$bin" summary -f csv $pct "$corpus" |
	cut -d' ' -f1)
echo "memory: whole-set (every job kept for the tables): $whole_kb KiB," \
	"$(((whole_kb - base_kb) * 1024 / nfiles)) B per file"
if [ "$peak_kb" -le "$limit_kb" ]; then
	echo "memory (stream): peak $peak_kb KiB, limit $limit_kb KiB: met," \
		"$((limit_kb - peak_kb)) KiB to spare (above the tiny" \
		"document's peak: $((peak_kb - tiny_kb)) KiB, 2 x largest" \
		"$((2 * largest / 1024)) KiB)"
	mem_ok=1
else
	echo "memory (stream): peak $peak_kb KiB, limit $limit_kb KiB: OVER by" \
		"$((peak_kb - limit_kb)) KiB"
	mem_ok=0
fi

if [ "${BENCH_CLAT2CSV:-1}" = 1 ]; then
	csvdir=$out/clat2csv
	rm -rf "$csvdir"
	mkdir -p "$csvdir"
	start=$(date +%s.%N)
	for f in "$corpus"/*.json; do
		fio_jsonplus_clat2csv "$f" "$csvdir/$(basename "$f" .json).csv" \
			>/dev/null
	done
	end=$(date +%s.%N)
	py_s=$(echo "$end - $start" | bc -l)
	printf 'fio_jsonplus_clat2csv: %.3f s, %.1f files/s, %.2f MB/s\n' \
		"$py_s" "$(echo "$nfiles / $py_s" | bc -l)" \
		"$(echo "$bytes / 1000000 / $py_s" | bc -l)"
	printf 'speed ratio: %.1fx (target >= 20x)\n' \
		"$(echo "$py_s / $fv_s" | bc -l)"
fi
[ $mem_ok = 1 ] || exit 1
