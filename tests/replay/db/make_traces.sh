#!/bin/bash
# SPDX-License-Identifier: MIT
#
# make_traces.sh - three real database workloads, captured as fio iologs.
#
# The seed "SQL Server et le stockage Azure" (shared/seeds/003) judges where
# a database's data files should live by the database's own work: a large
# clustered index scan (select avg(answercount) from posts), an index build
# (create index ... on posts(...)) and seeks on a cold buffer pool.
# jobfiles/database.fio approximates them with synthetic jobs; this script
# records what a real database (SQLite) sends to its disk for each, with
# `fioverdict capture`, so that they can be replayed as they were:
#
#   scan   cold cache, SELECT avg(answercount) FROM posts NOT INDEXED
#   index  cold cache, CREATE INDEX posts_score ON posts(score), committed
#          with synchronous=FULL
#   seek   cold cache, SEEKS point reads SELECT * FROM posts WHERE id = K,
#          K drawn from a fixed seed, in one sqlite3 process
#
# Everything runs on a loop device (a 256 MiB file under a mktemp -d in
# /var/tmp, ext4, mounted noatime) that holds nothing else, so that every
# request on it is the database's or its file system's. It writes, in
# tests/replay/traces/: scan.iolog, index.iolog, seek.iolog (fio iolog v3),
# NAME.summary.txt (what capture printed) and README.md; then replays each
# log with plain fio on a scratch file and puts fio's figures in README.md.
#
# Usage (as root, from anywhere; build first: make build/postproc/fioverdict):
#   tests/replay/db/make_traces.sh
# Environment: ROWS (200000), SEEKS (3000), SEED (20240521), READAHEAD_KB
# (the loop device's; the kernel's default), FV (the fioverdict binary),
# OUT (the traces' folder), CHECK=0 (no fio replay).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
FV=${FV:-$root/build/postproc/fioverdict}
OUT=${OUT:-$root/tests/replay/traces}
ROWS=${ROWS:-200000}
SEEKS=${SEEKS:-3000}
SEED=${SEED:-20240521}
CHECK=${CHECK:-1}
IMG_MIB=256
SQLITE=${SQLITE:-/usr/bin/sqlite3}

die() {
	echo "make_traces.sh: $*" >&2
	exit 1
}

[ "$(id -u)" = 0 ] || die "needs root (loop devices, drop_caches, tracefs)"
[ -x "$FV" ] || die "$FV: not built (make build/postproc/fioverdict)"
for tool in "$SQLITE" losetup mkfs.ext4 mount umount; do
	command -v "$tool" >/dev/null || die "$tool: not found"
done
if [ "$CHECK" = 1 ]; then
	command -v fio >/dev/null || die "fio: not found (CHECK=0 to skip the replay)"
	command -v jq >/dev/null || die "jq: not found (CHECK=0 to skip the replay)"
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

work=
loop=
mnt=
cap_pid=
cleanup() {
	set +e
	if [ -n "$cap_pid" ]; then
		kill -INT "$cap_pid" 2>/dev/null
		wait "$cap_pid" 2>/dev/null
	fi
	if [ -n "$mnt" ] && mountpoint -q "$mnt"; then
		umount "$mnt"
	fi
	[ -n "$loop" ] && losetup -d "$loop"
	[ -n "$work" ] && rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

work=$(mktemp -d /var/tmp/fv-dbtrace.XXXXXX)
mnt=$work/mnt
mkdir "$mnt"

# ---- the disk: a loop device that holds the database and nothing else ----

truncate -s "${IMG_MIB}M" "$work/disk.img"
# 4 KiB blocks (mke2fs makes a file system this small with 1 KiB ones);
# every inode table and the journal zeroed now: no ext4lazyinit writes
# during a capture.
mkfs.ext4 -q -F -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 \
	"$work/disk.img"
# direct I/O to the backing file when its file system allows it: the
# loop device's reads are not also cached by the host's page cache.
loop=$(losetup --find --show --direct-io=on "$work/disk.img" 2>/dev/null) ||
	loop=$(losetup --find --show "$work/disk.img")
# noatime: a read-only phase writes nothing (no inode atime updates).
mount -o noatime "$loop" "$mnt"
dev=${loop#/dev/}
# The loop device's readahead is the kernel's default for it (on 6.18:
# 2560 KiB, twice its max_sectors_kb, so a scan reads 1.25 MiB requests);
# READAHEAD_KB=128, say, sets another.
if [ -n "${READAHEAD_KB:-}" ]; then
	echo "$READAHEAD_KB" >"/sys/block/$dev/queue/read_ahead_kb"
fi
mkdir "$mnt/tmp"
db=$mnt/posts.db
# SQLite's temporary files (the CREATE INDEX sorter's spills) on the same
# file system: whatever of them reaches a disk reaches this one.
export SQLITE_TMPDIR=$mnt/tmp

sql() {
	"$SQLITE" -batch -init /dev/null "$@"
}

# ---- the database: a posts table shaped like StackOverflow's ----
#
# id INTEGER PRIMARY KEY is SQLite's rowid: the table itself is a B-tree
# ordered by id, as SQL Server's clustered index on Posts.Id. The columns
# are a few integers (the seed's answercount; score for the index) and a
# text body of 200-599 bytes (mean ~400), so that ~9 rows fill a 4 KiB
# page and no row overflows. The values come from fixed hashes of id: the
# same database every time.

lorem='Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod. '
sql "$db" >/dev/null <<EOF
PRAGMA page_size = 4096;
PRAGMA journal_mode = DELETE;
CREATE TABLE posts (
	id INTEGER PRIMARY KEY,
	posttypeid INTEGER,
	answercount INTEGER,
	commentcount INTEGER,
	score INTEGER,
	viewcount INTEGER,
	owneruserid INTEGER,
	creationdate INTEGER,
	body TEXT
);
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $ROWS),
h(i, a) AS (SELECT i, (i * 2654435761 + 97) % 4294967291 FROM n),
hh(i, a, b) AS (SELECT i, a, (a * 48271) % 2147483647 FROM h)
INSERT INTO posts
SELECT i, 1 + a % 2, a % 7, b % 9,
       CASE WHEN a % 40 = 0 THEN b % 2000 ELSE a % 13 - 2 END,
       10 + b % 50000, 1 + a % 100000, 1217540000 + i * 600,
       'Post ' || i || ': ' || substr(lorem, 1 + b % 200, 190 + a % 400)
FROM hh, (SELECT replace(hex(zeroblob(12)), '00', '$lorem') AS lorem);
COMMIT;
EOF
sync -f "$mnt"

db_bytes=$(stat -c %s "$db")
page_count=$(sql "$db" 'PRAGMA page_count;')
rows=$(sql "$db" 'SELECT count(*) FROM posts;')
# the table's B-tree: its depth (root to leaf) and its leaf pages
read -r depth leaves < <(sql -separator ' ' "$db" \
	"SELECT max(length(path) - length(replace(path, '/', ''))),
	        sum(pagetype = 'leaf') FROM dbstat WHERE name = 'posts';")
plan=$(sql "$db" 'EXPLAIN QUERY PLAN SELECT avg(answercount) FROM posts NOT INDEXED;' |
	tr -s ' \n' ' ')
echo "database: $db_bytes bytes, $page_count pages, $rows rows," \
	"B-tree depth $depth, $leaves leaf pages; scan plan:$plan"

# the seeks' keys: Park-Miller's minimal standard generator from SEED,
# so the same keys every time
x=$SEED
{
	echo 'PRAGMA cache_size = -1024;'
	for ((k = 0; k < SEEKS; k++)); do
		x=$(((x * 48271) % 2147483647))
		echo "SELECT * FROM posts WHERE id = $((x % ROWS + 1));"
	done
} >"$work/seek.sql"

# ---- capture ----

cold() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
}

start_capture() {
	local name=$1 t inst=

	rm -f "$OUT/$name.iolog"
	(cd "$OUT" && exec "$FV" capture --device "$loop" -o "$name.iolog") \
		>"$work/$name.out" 2>"$work/$name.err" &
	cap_pid=$!
	# ready once its tracefs instance has both block events enabled
	for ((t = 0; t < 100; t++)); do
		for inst in /sys/kernel/tracing/instances/fioverdict-capture-$cap_pid \
			/sys/kernel/debug/tracing/instances/fioverdict-capture-$cap_pid; do
			[ -d "$inst" ] && break
		done
		if [ -d "$inst" ] &&
			[ "$(cat "$inst/events/block/block_rq_issue/enable" 2>/dev/null)" = 1 ] &&
			[ "$(cat "$inst/events/block/block_rq_complete/enable" 2>/dev/null)" = 1 ]; then
			return 0
		fi
		if ! kill -0 "$cap_pid" 2>/dev/null; then
			wait "$cap_pid" || true
			cap_pid=
			cat "$work/$name.err" >&2
			die "$name: capture ended before it was ready"
		fi
		sleep 0.1
	done
	die "$name: capture's tracefs instance did not appear in 10 s"
}

# A phase that wrote is synced (syncfs) before its capture ends, so that
# what ext4 still held (the journal's deletion, metadata) is in the log. A
# read-only phase is not: it left nothing dirty (noatime), and a syncfs
# sends the disk a flush even then, one the database never asked for.
stop_capture() {
	local name=$1 wrote=$2 rc=0

	if [ "$wrote" = wrote ]; then
		sync -f "$mnt"
	fi
	sleep 1
	kill -INT "$cap_pid"
	wait "$cap_pid" || rc=$?
	cap_pid=
	cat "$work/$name.err" >&2
	[ "$rc" = 0 ] || die "$name: capture exited with status $rc"
	cp "$work/$name.out" "$OUT/$name.summary.txt"
	echo "== $name"
	cat "$OUT/$name.summary.txt"
}

# Every phase: cache_size = -1024, a 1 MiB page cache in SQLite (its
# default is 2 MB): the database (~100 MiB) is far larger, so what it reads
# comes from the file, and the index build's sorter and dirty pages spill
# as they would with a buffer pool smaller than the work. SQLite reads its
# file with pread() (mmap_size is 0), through the kernel's page cache and
# its readahead, which drop_caches empties before each phase. journal_mode
# DELETE (SQLite's default rollback journal: written, synced, deleted at
# each commit).

# 1. scan: a full scan of the table's B-tree. NOT INDEXED: the table, never
# a covering index (none exists yet; the plan is "SCAN posts").
cold
start_capture scan
scan_avg=$(sql "$db" <<EOF
PRAGMA cache_size = -1024;
SELECT avg(answercount) FROM posts NOT INDEXED;
EOF
)
stop_capture scan read-only

# 2. index: reads the whole table, sorts the (score, id) pairs, writes the
# new index's B-tree, and commits with synchronous = FULL: the journal and
# then the database fsync'd (flushes, the log's "sync" lines).
cold
start_capture index
sql "$db" <<EOF
PRAGMA cache_size = -1024;
PRAGMA synchronous = FULL;
CREATE INDEX posts_score ON posts(score);
EOF
stop_capture index wrote
index_bytes=$(stat -c %s "$db")

# 3. seek: SEEKS point reads by primary key, each a descent of the
# table's B-tree from the root; nothing cached at the start.
cold
start_capture seek
sql "$db" <"$work/seek.sql" >/dev/null
stop_capture seek read-only

# ---- the logs, counted; each replayed with plain fio ----

# "read 12 4096 ..." : lines of each kind, and the end of the last request
count_log() {
	awk '$3 == "read" { r++ } $3 == "write" { w++ } $3 == "sync" || $3 == "datasync" { s++ }
	     $3 == "trim" { t++ } NF == 5 && $4 + $5 > end { end = $4 + $5 }
	     END { printf "%d %d %d %d %d\n", r, w, s, t, end }' "$1"
}

replay_rows=
if [ "$CHECK" = 1 ]; then
	# written through: the reads of a sparse file's holes would never
	# reach a disk
	scratch=$work/scratch.img
	dd if=/dev/zero of="$scratch" bs=1M count="$IMG_MIB" conv=fsync status=none
	direct=1
	if ! fio --name=probe --filename="$scratch" --rw=read --bs=4k --size=4k \
		--direct=1 --ioengine=psync >/dev/null 2>&1; then
		direct=0
	fi
	for name in scan index seek; do
		read -r r w s t end < <(count_log "$OUT/$name.iolog")
		[ "$end" -le $((IMG_MIB << 20)) ] ||
			die "$name.iolog: a request ends at $end, past the scratch file"
		fio --name=r --read_iolog="$OUT/$name.iolog" \
			--replay_redirect="$scratch" --ioengine=psync \
			--replay_no_stall=1 --direct=$direct \
			--output-format=json >"$work/$name.json"
		read -r fr fw fs ft ms < <(jq -r '.jobs[0] |
			"\(.read.total_ios) \(.write.total_ios) \(.sync.total_ios // 0) \(.trim.total_ios) \(.job_runtime)"' \
			"$work/$name.json")
		echo "replay $name (direct=$direct): log $r/$w/$s/$t," \
			"fio $fr/$fw/$fs/$ft in $ms ms"
		replay_rows+="| $name | $r / $w / $s / $t | $fr / $fw / $fs / $ft | $ms |"$'\n'
	done
fi

# ---- README.md ----

summary_block() {
	echo '```'
	cat "$OUT/$1.summary.txt"
	echo '```'
}

sizes() {
	wc -c <"$OUT/$1.iolog"
}

ra_dio=$(cat "/sys/block/$dev/loop/dio" 2>/dev/null || echo '?')
ra_kb=$(cat "/sys/block/$dev/queue/read_ahead_kb")
max_kb=$(cat "/sys/block/$dev/queue/max_sectors_kb")
sched=$(sed 's/.*\[\(.*\)\].*/\1/' "/sys/block/$dev/queue/scheduler")

{
	cat <<EOF
# Three database workloads, captured

\`scan.iolog\`, \`index.iolog\` and \`seek.iolog\` are the requests a real
database sent to its disk while doing the three things the seed
"SQL Server et le stockage Azure" (shared/seeds/003) measures its storage
with, recorded by \`fioverdict capture\` (fio iolog version 3: each request
with its time in microseconds from the first). They replay with fio
(\`--read_iolog\`, \`--replay_redirect\` to any file or device of at least
$IMG_MIB MiB) or \`fioverdict replay --iolog\`.

They are this project's own data, made by \`tests/replay/db/make_traces.sh\`,
under the project's MIT license like the rest.

## How they were made

\`tests/replay/db/make_traces.sh\` (as root), on $(date -u +%Y-%m-%d):

- kernel $(uname -r), SQLite $(sql :memory: 'SELECT sqlite_version();'),
  fioverdict capture from this tree;
- a $IMG_MIB MiB loop device ($loop; its backing file under /var/tmp,
  dio $ra_dio; read_ahead_kb $ra_kb, max_sectors_kb $max_kb, scheduler
  $sched), holding only the database: ext4 with 4 KiB blocks, made with no
  lazy initialisation, mounted noatime;
- the database: one table, \`posts(id INTEGER PRIMARY KEY, posttypeid,
  answercount, commentcount, score, viewcount, owneruserid, creationdate,
  body TEXT)\`, $rows rows, bodies of 200-599 bytes, 4 KiB pages:
  $db_bytes bytes ($page_count pages), the table's B-tree $depth levels deep
  with $leaves leaf pages; $index_bytes bytes once indexed;
- every phase with \`PRAGMA cache_size = -1024\` (1 MiB of SQLite cache),
  the rollback journal (\`journal_mode = DELETE\`), reads by pread()
  through the kernel's page cache (no mmap), which
  \`sync; echo 3 > /proc/sys/vm/drop_caches\` empties before each phase;
- each capture started before the phase and stopped (SIGINT) a second
  after it; after the index build, which wrote, a \`sync -f\` of the file
  system first (ext4's commit of the journal file's deletion is then in the
  log, not 5 s later); not after the scan and the seeks, which left nothing
  to write and where a syncfs would add a flush of its own.

The phases:

1. **scan**: \`SELECT avg(answercount) FROM posts NOT INDEXED\` (the plan:
   "SCAN posts", the table's B-tree, as the seed's clustered index scan);
   average $scan_avg.
2. **index**: \`CREATE INDEX posts_score ON posts(score)\` with
   \`PRAGMA synchronous = FULL\`: the table read, the (score, id) pairs
   sorted (SQLite's sorter, its temporary files on the same file system),
   the index written, the commit's journal and database fsync'd.
3. **seek**: $SEEKS \`SELECT * FROM posts WHERE id = K\` in one sqlite3
   process, K from Park-Miller's minimal standard generator seeded with
   $SEED (the same keys every time): each a descent from the root of the
   table's B-tree to a leaf.

## The traces

| trace | bytes | read | write | sync | trim |
|---|---:|---:|---:|---:|---:|
EOF
	for name in scan index seek; do
		read -r r w s t end < <(count_log "$OUT/$name.iolog")
		echo "| $name.iolog | $(sizes "$name") | $r | $w | $s | $t |"
	done
	read -r _ _ index_syncs _ _ < <(count_log "$OUT/index.iolog")
	read -r seek_reads _ _ _ _ < <(count_log "$OUT/seek.iolog")
	cat <<EOF

Offsets are the loop device's, up to its $IMG_MIB MiB: the logs name
$loop, which a replay redirects. What the numbers come from:

- **scan**: the reads' sizes are the kernel's readahead, not SQLite's
  (it reads 4 KiB pages one pread() at a time): the device's read_ahead_kb
  ($ra_kb KiB) split at its max_sectors_kb ($max_kb KiB), a few requests in
  flight; the smaller reads at the start are ext4's metadata and the
  readahead window growing (64 KiB, then a few hundred KiB) to its full
  size. The seed's SQL Server reads ahead 512 KiB at a time.
- **index**: the table read as in the scan; the sorter's temporary files,
  if it spills, are written and deleted within the page cache and never
  reach the disk; the index's pages reach it only at the commit's fsync of
  the database, merged by the page cache into a few large writes. Each
  fsync here is an ext4 journal commit (the files are new or grow), and the
  loop device has a write cache but no FUA: a commit is a flush, the commit
  block, and another flush. $index_syncs flushes in all, for the rollback
  journal's fsyncs, the database's, and the syncfs after the journal's
  deletion.
- **seek**: $seek_reads reads for $SEEKS lookups, nearly all of 4 KiB: each
  B-tree page once (the root and the interior pages at the first lookups
  that cross them, then the leaf of each key not yet read; $leaves leaves in
  all), as the kernel's readahead does not ramp up on random reads.

The times are this machine's (a loop device on a VM's virtual disk), not
the seed's Azure disks: a replay elsewhere with replay_no_stall keeps the
requests' order, sizes and flushes and lets the disk set the pace.
EOF
	for name in scan index seek; do
		printf '\n### %s\n\nWhat capture printed (also in %s.summary.txt):\n\n' \
			"$name" "$name"
		summary_block "$name"
	done
	if [ -n "$replay_rows" ]; then
		cat <<EOF

## Replayed with plain fio

Each log replayed on a $IMG_MIB MiB scratch file under /var/tmp, written
full of zeros first
(\`fio --name=r --read_iolog=NAME.iolog --replay_redirect=SCRATCH
--ioengine=psync --replay_no_stall=1 --direct=$direct --output-format=json\`):
the requests the log holds (read / write / sync / trim) against those fio
reports, and fio's job_runtime.

| trace | log | fio | fio ms |
|---|---|---|---:|
$replay_rows
EOF
	fi
} >"$OUT/README.md"

echo "wrote $OUT/{scan,index,seek}.iolog, *.summary.txt, README.md"
