#!/bin/bash
# check-report: fioverdict report on real quick runs (two placements on
# tmpfs, one with the emulated Azure P10), then the page as a person sees
# it, in headless Chromium: no console message, every chart drawn (an SVG
# of the chart size with its paths), a screenshot. Each check also has a
# negative control, so that it can fail.
#
# Env: FV_BIN, FV_ENGINE_DIR, FV_TMP. Ends with "report: N passed, M failed".
set -u
cd "$(dirname "$0")/../.."
CHECK_FORM=short
. tests/lib/check.sh
FV_BIN=$(realpath "${FV_BIN:-build/postproc/fioverdict}")
scratch_dir build/tests/report
SHM=${FV_SHM:-/dev/shm}
chrome() { # ARGS...: headless Chromium, stderr to $TMP/chrome.err
	timeout 120 /usr/bin/chromium --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$(mktemp -d "$TMP/profile.XXXXXX")" \
		--enable-logging=stderr --v=0 "$@" 2>"$TMP/chrome.err"
}
consoles() { grep -c 'CONSOLE' "$TMP/chrome.err"; }
measure() { # PAGE: the result line of check.html for that page
	sed "s|REPORT|$1|" tests/report/check.html >"$TMP/check.html"
	chrome --allow-file-access-from-files --virtual-time-budget=10000 \
		--dump-dom "file://$TMP/check.html" |
		sed -n 's|.*<pre id="result">\([^<]*\)</pre>.*|\1|p'
}

if [ ! -x /usr/bin/chromium ]; then
	ko "chromium missing: run ci/setup.sh report"
	summary report
	exit 1
fi

# 1. Two quick placement runs at once (shapes, not measurements).
export FV_SIZE=64m FV_STEADY_TIME=6s
R=(run jobfiles/placement.fio --quick --out "$TMP/res" --tables compare)
"$FV_BIN" "${R[@]}" --label tmpfs --target "$SHM/fv-report-test.dat" >"$TMP/run1.txt" 2>&1 &
p1=$!
"$FV_BIN" "${R[@]}" --label azure-p10 --target "$SHM/fv-report-p10.dat" \
	-e emulate=azure-p10 -e time_scale=900 >"$TMP/run2.txt" 2>&1
s2=$?
wait $p1
s1=$?
rm -f "$SHM/fv-report-test.dat" "$SHM/fv-report-p10.dat"
[ $s1 -eq 0 ] && [ $s2 -eq 0 ] && ok "two quick runs" || ko "quick runs: exit $s1 $s2"

# 2. The page.
"$FV_BIN" report -q "$TMP/res" -o "$TMP/report.html" 2>"$TMP/report.err"
st=$?
[ $st -eq 0 ] && ok "report written (exit 0)" || { ko "report: exit $st"; cat "$TMP/report.err"; }
P="$TMP/report.html"
nsvg=$(grep -c '<svg' "$P")
want=$(sed -n 's/.*data-fv-charts="\([0-9]*\)".*/\1/p' "$P")
[ "$nsvg" -ge 10 ] && [ "$nsvg" = "$want" ] && ok "$nsvg charts inlined" || ko "charts: $nsvg svg, want $want (>= 10)"
if grep -Eqi '<script|<link|<img|src=|@import' "$P" ||
	grep -Eo 'https?://[^"'"'"' ]*' "$P" | grep -qv 'www.w3.org'; then
	ko "page refers to something outside itself"
else ok "self-contained (no script, link, src, URL but SVG namespaces)"; fi
for t in "QD sweep, 4K random read: IOPS" "QD sweep, 4K random write: P99" \
	"Completion latency percentiles: steady write" "IOPS over time: steady_randwrite" \
	"Flush latency percentiles"; do
	grep -qF "$t" "$P" && ok "chart: $t" || ko "no chart '$t'"
done
grep -q 'Queue depth per job' "$P" && grep -q 'P99 latency (µs)' "$P" &&
	grep -q 'IOPS (I/O per second)' "$P" && ok "axes labelled with units" || ko "axis labels"
# verdict rows, not chart captions: the tmpfs sync job's flushes reach no
# medium, and the emulated P10's 2 s burst (30 min / 900) runs dry during
# its QD sweep: IOPS that fall as the depth rises, then the jobs after it
# measure the baseline
grep -q '<td class="vn">flush-noop</td>' "$P" &&
	grep -q '<td class="vn">burst-collapse</td>' "$P" &&
	grep -q '<td class="vn">burst-spent</td>' "$P" &&
	ok "verdicts shown as rows (flush-noop of tmpfs, the P10's burst ran dry)" || ko "verdict rows missing"
# the question first (the comparison), then the findings, the passing
# checks folded away; tmpfs (~1M IOPS) beside the P10 (~500): a log axis
awk '/Comparison by label/ && !c { c = NR } /id="findings"/ { f = NR }
	END { exit !(c && f > c) }' "$P" && ok "comparison table first" ||
	ko "comparison table not before the findings"
grep -q 'IOPS (I/O per second), log scale' "$P" && ok "IOPS axis logarithmic" ||
	ko "no log IOPS axis"
# the findings come before the passing checks, folded away
awk '/id="findings"/ { f = NR } /<details>/ && !d { d = NR } END { exit !(f && d > f) }' "$P" &&
	ok "findings first, passing checks folded" || ko "findings or <details> out of order"
# 2b. The findings drawn on the IOPS-over-time chart (issue 6). The quick
# suite's emulated P10 spends its credits in the first jobs (the disk is
# shared), so a run of its own makes the burst: 4000 IO/s for 2 s, then
# the 1000 IO/s cap. Its chart must mark where the burst ends (a dashed
# line with its label), the levels before and after, and the steady-state
# window judged; the page of the tmpfs run (no burst) no burst mark.
svgtext() { # PAGE: the texts of its charts, one a line
	perl -0ne 'while (/<svg.*?<\/svg>/sg) { $s = $&;
		while ($s =~ /<text[^>]*>(.*?)<\/text>/sg) { ($t = $1) =~ s/<[^>]*>//g; print "$t\n" } }' "$1"
}
mkdir -p "$TMP/burst"
fio --output-format=json --name=steady_burst --filename="$SHM/fv-report-burst.dat" --size=16m \
	--bs=4k --rw=randwrite --iodepth=8 --ioengine="external:$FV_ENGINE_DIR/uring_durable.so" \
	--stats_file="$TMP/burst/%j_durability.%n.json" --cap_iops=1000 --burst_iops=4000 \
	--burst_seconds=2 --added_latency=1ms --time_based --runtime=6 --log_avg_msec=100 \
	--write_iops_log="$TMP/burst/steady_burst" >"$TMP/burst/burst.json" 2>"$TMP/burst/fio.err"
rm -f "$SHM/fv-report-burst.dat"
"$FV_BIN" report -q "$TMP/burst" -o "$TMP/burst.html" 2>/dev/null
svgtext "$TMP/burst.html" >"$TMP/marks.txt"
if grep -Eq '^burst: burst ends at [0-9.]+ s$' "$TMP/marks.txt" &&
	grep -Eq '^before [0-9.]+k? IOPS$' "$TMP/marks.txt" && grep -Eq '^after [0-9.]+k? IOPS$' "$TMP/marks.txt"; then
	ok "burst marked: $(grep -m1 'burst ends' "$TMP/marks.txt"), levels before and after"
else ko "no burst mark in the charts ($(grep -c . "$TMP/marks.txt") chart texts)"; fi
perl -0ne 'while (/<svg.*?<\/svg>/sg) { $s = $&; print "x\n" if $s =~ /burst ends/ && $s =~ /stroke-dasharray/ }' \
	"$TMP/burst.html" | grep -q x && ok "the burst's chart has dashed lines" || ko "burst chart without a dashed line"
grep -Eq '^burst: (steady|NOT steady) window$' "$TMP/marks.txt" && grep -Eq '^window mean [0-9.]+k? IOPS$' "$TMP/marks.txt" &&
	ok "steady-state window marked with its mean" || ko "no steady-state window mark"
"$FV_BIN" report -q "$TMP/res/tmpfs" -o "$TMP/tmpfs.html" 2>/dev/null
svgtext "$TMP/tmpfs.html" >"$TMP/marks-tmpfs.txt"
if grep -q 'IOPS over time' "$TMP/marks-tmpfs.txt" && ! grep -Eq 'burst ends|^before |^after ' "$TMP/marks-tmpfs.txt" &&
	! "$FV_BIN" verdict -q -f csv "$TMP/res/tmpfs" | grep -q ',burst-collapse,'; then
	ok "tmpfs alone: no burst, no burst mark ($(grep -c . "$TMP/marks-tmpfs.txt") chart texts)"
else ko "tmpfs alone: a burst mark, a burst-collapse verdict, or no chart text"; fi

# 2c. Latency over time (issue 24): run keeps the histogram logs the job
# file writes (its steady and sync jobs, 1 s windows) beside the results,
# and the page draws the steady job's p99 and p99.9 window by window, on a
# log axis, two lines per label. The control: the same results without
# their histogram logs draw no such chart.
for l in tmpfs azure-p10; do
	n=$(find "$TMP/res/$l" -name 'steady_randwrite_clat_hist.*.log' | wc -l)
	[ "$n" -ge 1 ] && ok "run kept $l's steady job's histogram logs ($n files)" ||
		ko "no histogram log of $l's steady job in $TMP/res/$l"
done
lat_chart() { # PAGE: the tail-latency chart's texts
	perl -0ne 'while (/<svg.*?<\/svg>/sg) { $s = $&; next unless $s =~ /Tail latency over time: steady_randwrite/;
		while ($s =~ /<text[^>]*>(.*?)<\/text>/sg) { ($t = $1) =~ s/<[^>]*>//g; print "$t\n" } }' "$1"
}
lat_chart "$P" >"$TMP/latchart.txt"
if grep -qx 'Completion latency (µs), log scale' "$TMP/latchart.txt" &&
	(for t in 'tmpfs p99' 'tmpfs p99.9' 'azure-p10 p99' 'azure-p10 p99.9'; do
		grep -qx "$t" "$TMP/latchart.txt" || exit 1
	done); then
	ok "tail latency over time: steady_randwrite, p99 and p99.9 of both labels, log axis"
else ko "tail-latency chart of steady_randwrite: $(tr '\n' '|' <"$TMP/latchart.txt" | cut -c1-300)"; fi
cp -r "$TMP/res" "$TMP/res-nohist"
find "$TMP/res-nohist" -name '*_hist.*.log' -delete
"$FV_BIN" report -q "$TMP/res-nohist" -o "$TMP/nohist.html" 2>/dev/null
! grep -q 'Tail latency over time' "$TMP/nohist.html" && grep -q 'IOPS over time' "$TMP/nohist.html" &&
	ok "control: without histogram logs, no tail-latency chart" || ko "control: a tail-latency chart without histogram logs"

for t in "Comparison by label" "Latency: steady write" "Queue depth sweep" Summary; do
	grep -q "<h3>$t" "$P" && ok "table: $t" || ko "no table $t"
done

# 3. Chromium: no console message (the page has no script: any message is
# an error or a failed load); the control page's messages are seen.
chrome --dump-dom "file://$P" >/dev/null
n=$(consoles)
[ "$n" -eq 0 ] && ok "no console message" || { ko "$n console messages"; grep CONSOLE "$TMP/chrome.err" | head -3; }
echo '<html><body><script>console.error("x"); nosuch();</script></body></html>' >"$TMP/neg.html"
chrome --dump-dom "file://$TMP/neg.html" >/dev/null
[ "$(consoles)" -ge 2 ] && ok "control: console errors are detected" || ko "control: console errors not seen"

# 4. Every chart drew at its size; a chart emptied on purpose is caught.
res=$(measure report.html)
echo "     $res"
if [[ $res =~ ^charts=([0-9]+)\ want=([0-9]+)\ good=([0-9]+)\ bad=\[\]\ wide=0$ ]] &&
	[ "${BASH_REMATCH[1]}" = "$nsvg" ] && [ "${BASH_REMATCH[3]}" = "$nsvg" ]; then
	ok "Chromium drew all $nsvg charts at 760x380 with their paths and hover values"
else ko "charts in Chromium: $res"; fi
perl -0pe 's{(<svg[^>]*>).*?</svg>}{$1</svg>}s' "$P" >"$TMP/broken.html"
res=$(measure broken.html)
[[ $res =~ bad=\[0: ]] && ok "control: an empty chart is caught ($res)" || ko "control: empty chart not caught: $res"

# 4b. Real result files nobody here wrote (tests/acceptance/corpus): long
# labels, job lists and paths stay inside the page's width; what each
# label ran on is said once, under the title, not again under each table;
# a fail and a warn are marked apart. Control: without a wide table's own
# scroll bar, the same page runs off its right edge.
C=tests/acceptance/corpus/fio-json
"$FV_BIN" report -q "$C" -o "$TMP/corpus.html" 2>"$TMP/corpus.err"
st=$?
res=$(measure corpus.html)
[ $st -eq 0 ] && [[ $res =~ wide=0$ ]] && ok "$C: inside the page's width ($res)" ||
	ko "$C: exit $st, $res"
sed 's/div\.tw{overflow-x:auto}//' "$TMP/corpus.html" >"$TMP/corpus-wide.html"
res=$(measure corpus-wide.html)
[[ $res =~ wide=1$ ]] && ok "control: a page wider than its frame is caught" ||
	ko "control: a wide page not caught ($res)"
nran=$(grep -c '^<li><b>.*</b>: fio' "$TMP/corpus.html")
[ "$nran" -ge 20 ] && ! grep -q '<li>ran on (' "$TMP/corpus.html" &&
	ok "$C: $nran machines under the title, none again under a table" ||
	ko "$C: ran-on lines $nran under the title, $(grep -c '<li>ran on (' "$TMP/corpus.html") under tables"
grep -q '<tr class="fail" title="fail"><td>[^<]*</td><td class="vn">cache-suspect' "$TMP/corpus.html" &&
	grep -q '<tr class="warn" title="warn"><td>[^<]*</td><td class="vn">methodology' "$TMP/corpus.html" &&
	! grep -q '<tr class="fail" title="fail"><td>[^<]*</td><td class="vn">methodology' "$TMP/corpus.html" &&
	ok "$C: fails marked fail, warnings warn" || ko "$C: outcome marks"

# the title names the tools that made the results; --title replaces it
"$FV_BIN" report -q tests/acceptance/corpus/cdm tests/acceptance/corpus/diskspd \
	-o "$TMP/tools.html" 2>/dev/null
"$FV_BIN" report -q tests/acceptance/corpus/diskspd --title 'P30 & co' \
	-o "$TMP/titled.html" 2>/dev/null
grep -q '<h1>fio results' "$P" &&
	grep -q '<h1>DiskSpd and CrystalDiskMark results: ' "$TMP/tools.html" &&
	grep -q '<h1>P30 &amp; co</h1>' "$TMP/titled.html" &&
	ok "title: the tools that made the results, or --title's" ||
	ko "title: $(grep -ho '<h1>[^<]*' "$P" "$TMP/tools.html" "$TMP/titled.html" | tr '\n' ' ')"

# 5. Screenshot.
chrome --window-size=1100,1600 --screenshot="$TMP/report.png" "file://$P" >/dev/null
if [ -s "$TMP/report.png" ] && [ "$(head -c 8 "$TMP/report.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
	wh=$(od -An -tu1 -j16 -N8 "$TMP/report.png" | awk '{print $3*256+$4 "x" $7*256+$8}')
	sz=$(stat -c %s "$TMP/report.png")
	[ "$wh" = 1100x1600 ] && [ "$sz" -gt 20000 ] && ok "screenshot $wh, $sz bytes" || ko "screenshot $wh $sz bytes"
else ko "no screenshot"; fi

# 6. No program on PATH and no temporary folder: the same charts, as
# fioverdict draws them itself.
mkdir -p "$TMP/noprog"
env PATH="$TMP/noprog" TMPDIR="$TMP/missing" "$FV_BIN" report -q "$TMP/res" -o "$TMP/noprog.html" 2>"$TMP/np.err"
st=$?
n=$(grep -c '<svg' "$TMP/noprog.html")
[ $st -eq 0 ] && [ "$n" = "$nsvg" ] && ok "no program on PATH, no TMPDIR: exit 0, all $nsvg charts" ||
	ko "no program on PATH: exit $st, $n charts"

# 7. A broken input: exit 2, the page still made of the rest.
printf '{ "fio version" : "fio-3.33", "jobs" : [ {' >"$TMP/res/broken.json"
"$FV_BIN" report -q "$TMP/res" -o "$TMP/partial.html" 2>"$TMP/br.err"
st=$?
[ $st -eq 2 ] && grep -q 'broken.json' "$TMP/br.err" && [ "$(grep -c '<svg' "$TMP/partial.html")" -ge 10 ] &&
	ok "broken input: exit 2, page of the rest" || ko "broken input: exit $st"
"$FV_BIN" report -o "$TMP/x.html" >/dev/null 2>&1
[ $? -eq 64 ] && ok "no input: exit 64" || ko "no input: not 64"
"$FV_BIN" report "$TMP/res" -o /nonexistent/x.html >/dev/null 2>&1
[ $? -eq 73 ] && ok "uncreatable output: exit 73" || ko "uncreatable output: not 73"

summary report
