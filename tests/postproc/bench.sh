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

# The memory budget: streaming memory independent of the number of files,
# and a peak of at most 2 x the largest job's text + 8 MiB, on the corpus
# and on two files of many jobs made from its seed: one document of 400
# jobs, and 200 documents of --status-interval snapshots.
many=$out/many_jobs.json
snaps=$out/snapshots.json
python3 - "$base" "$many" "$snaps" <<'PY'
import json, sys
base, many, snaps = sys.argv[1:]
d = json.load(open(base))
big = dict(d)
big["jobs"] = [dict(j, jobname="%s_%03d" % (j["jobname"], i))
               for i in range(100) for j in d["jobs"]]
fio = dict(indent=2, separators=(",", " : "))
open(many, "w").write(json.dumps(big, **fio) + "\n")
with open(snaps, "w") as f:
    for i in range(200):
        f.write(json.dumps(d, **fio) + "\n")
PY
# The longest entry of a "jobs" array, in bytes of text, over files.
largest_job() {
	python3 - "$@" <<'PY'
import sys
def spans(t):
    # the byte spans of the entries of each top-level "jobs" array
    depth, i, n, key, in_jobs, start = 0, 0, len(t), b"", False, 0
    while i < n:
        c = t[i:i + 1]
        if c == b'"':
            j = i + 1
            while t[j:j + 1] != b'"':
                j += 2 if t[j:j + 1] == b"\\" else 1
            if depth == 1:
                key = t[i + 1:j]
            i = j
        elif c in b"{[":
            if depth == 1 and c == b"[" and key == b"jobs":
                in_jobs = True
            if depth == 2 and in_jobs:
                start = i
            depth += 1
        elif c in b"}]":
            depth -= 1
            if depth == 2 and in_jobs and c == b"}":
                yield i + 1 - start
            if depth == 1:
                in_jobs = False
        i += 1
print(max(s for f in sys.argv[1:] for s in spans(open(f, "rb").read())))
PY
}
# (the largest jobs are in the largest files: the copies differ in counts)
job_max=$(largest_job $(find "$corpus" -type f -printf '%s %p\n' |
	sort -n | tail -n 20 | cut -d' ' -f2))
many_job=$(largest_job "$many")
limit_kb=$((2 * job_max / 1024 + 8192))
tiny=$out/tiny.json
echo '{"fio version": "fio-3.33", "jobs": [{"jobname": "t"}]}' >"$tiny"
tiny_kb=$(rss "$tiny")
echo "memory: largest job $job_max bytes of text; limit 2 x that + 8 MiB" \
	"= $limit_kb KiB (a made-up tiny document's peak: $tiny_kb KiB)"

# What each file keeps when streaming: the slope between half and all.
mapfile -t half < <(find "$corpus" -type f | sort | head -n $((nfiles / 2)))
half_kb=$(rss "${half[@]}")
peak_kb=$(rss "$corpus")
per_file=$(((peak_kb - half_kb) * 1024 * 2 / nfiles))
echo "memory: stream, $half_kb KiB for $((nfiles / 2)) files, $peak_kb KiB" \
	"for $nfiles: $per_file B per file (the diagnostics and names kept)"
whole_kb=$("$here/rsspeak.py" "$bin" summary -f csv $pct "$corpus" |
	cut -d' ' -f1)
echo "memory: whole-set (every job kept for the tables): $whole_kb KiB," \
	"$(((whole_kb - tiny_kb) * 1024 / nfiles)) B per file"
mem_ok=1
check_mem() { # NAME PEAK_KIB LIMIT_KIB
	if [ "$2" -le "$3" ]; then
		echo "memory ($1): peak $2 KiB, limit $3 KiB: met, $(($3 - $2))" \
			"KiB to spare"
	else
		echo "memory ($1): peak $2 KiB, limit $3 KiB: OVER by" \
			"$(($2 - $3)) KiB"
		mem_ok=0
	fi
}
check_mem "stream, corpus" "$peak_kb" "$limit_kb"
many_kb=$(rss "$many")
check_mem "one document of 400 jobs, $(stat -c %s "$many") bytes" \
	"$many_kb" $((2 * many_job / 1024 + 8192))
snaps_kb=$(rss "$snaps")
check_mem "200 snapshots, $(stat -c %s "$snaps") bytes" "$snaps_kb" \
	"$limit_kb"

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
