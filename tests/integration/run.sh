#!/bin/bash
# Integration tests: the real fio loads build/engines/uring_durable.so.
# Each check prints "ok - NAME" or "not ok - NAME" with the evidence; the
# last line counts them. Environment: FV_ENGINES (engine dir), FV_PRELOAD
# (sanitizer runtimes to preload into fio).
set -uo pipefail
cd "$(dirname "$0")/../.."
. tests/integration/lib.sh

# job DIR NAME ARGS...: fio in DIR (stats files land there), JSON to out.json,
# stderr to err.txt; returns fio's status.
job() {
	local dir=$1
	shift
	mkdir -p "$dir"
	(cd "$dir" && fio_run --output-format=json --output=out.json \
		--ioengine=external:"$UD" "$@" 2>err.txt)
}

# --- data integrity: every byte written reads back ---------------------
verify_matrix() {
	local where rw qd nj dir n=0
	for where in "$WORK" "$SHM"; do
		for rw in randwrite write randrw; do
			for qd in 1 8 64; do
				for nj in 1 4; do
					n=$((n + 1))
					dir="$WORK/verify$n"
					# one file per clone: writers must not overlap
					mkdir -p "$where/v$n"
					if job "$dir" --name=v --directory="$where/v$n" \
						--size=2m --bs=4k --rw=$rw --iodepth=$qd \
						--numjobs=$nj --verify=crc32c \
						--do_verify=1 --verify_fatal=1 \
						--group_reporting=0; then
						expect "verify $rw qd=$qd numjobs=$nj on ${where%%/fv-it*}" \
							"all(j['error'] == 0 for j in d[0]['jobs']) and len(d[0]['jobs']) == $nj and all(j['read']['io_bytes'] > 0 for j in d[0]['jobs'])" \
							"$dir/out.json"
					else
						not_ok "verify $rw qd=$qd numjobs=$nj on $where" \
							"fio failed: $(tail -n 3 "$dir/err.txt")"
					fi
					rm -rf "$where/v$n"
				done
			done
		done
	done
}

# reads of a laid-out file, random and sequential, at several depths
read_jobs() {
	local rw qd dir
	for rw in read randread; do
		for qd in 1 32; do
			dir="$WORK/read-$rw-$qd"
			job "$dir" --name=r --filename="$SHM/rfile" --size=4m \
				--bs=4k --rw=$rw --iodepth=$qd
			expect "$rw qd=$qd reads the whole file" \
				"d[0]['jobs'][0]['error'] == 0 and d[0]['jobs'][0]['read']['io_bytes'] == 4194304 and d[1]['counts']['reads'] == 1024 and d[1]['counts']['read_bytes'] == 4194304" \
				"$dir/out.json" "$dir/r_durability.1.json"
		done
	done
}

# --- sync accounting against fio's own counts --------------------------
sync_counts() {
	local dir="$WORK/fsync1"
	job "$dir" --name=s --filename="$WORK/s1" --size=1m --bs=4k \
		--rw=randwrite --iodepth=1 --fsync=1
	# fio issues a sync after every write but the last (the job ends on
	# its size first): 256 writes, 255 syncs, one write never flushed.
	expect "fsync=1: writes match fio's" \
		"d[1]['counts']['writes'] == d[0]['jobs'][0]['write']['total_ios'] == 256" \
		"$dir/out.json" "$dir/s_durability.1.json"
	expect "fsync=1: fsyncs match fio's sync count" \
		"d[1]['counts']['fsyncs'] == d[0]['jobs'][0]['sync']['total_ios'] == 255 and d[1]['counts']['fdatasyncs'] == 0" \
		"$dir/out.json" "$dir/s_durability.1.json"
	expect "fsync=1: each flush covers one write, the last write is not durable" \
		"d[0]['per_flush']['writes_max'] == 1 and d[0]['counts']['writes_not_durable'] == 1 and d[0]['write_to_durable_ns']['count'] == 255 and d[0]['flush_latency_ns']['count'] == 255 and d[0]['counts']['empty_syncs'] == 0" \
		"$dir/s_durability.1.json"

	dir="$WORK/fdatasync4"
	job "$dir" --name=s --filename="$WORK/s2" --size=1m --bs=4k \
		--rw=randwrite --iodepth=1 --fdatasync=4
	# fio 3.33 counts fdatasyncs into a slot past its 4-entry array:
	# its "sync" section shows 0 total_ios; our count is the true one.
	expect "fdatasync=4: 63 fdatasyncs for 256 writes (fio 3.33 reports 0)" \
		"d[1]['counts']['fdatasyncs'] == 63 and d[1]['counts']['fsyncs'] == 0 and d[0]['jobs'][0]['sync']['total_ios'] == 0 and d[1]['counts']['writes'] == 256" \
		"$dir/out.json" "$dir/s_durability.1.json"
	expect "fdatasync=4: four writes per flush" \
		"d[0]['per_flush']['writes_max'] == 4 and d[0]['per_flush']['bytes_mean'] == 16384 and d[0]['counts']['writes_not_durable'] == 4" \
		"$dir/s_durability.1.json"

	dir="$WORK/fsyncqd16"
	job "$dir" --name=s --filename="$WORK/s3" --size=1m --bs=4k \
		--rw=randwrite --iodepth=16 --fsync=1
	# at depth > 1, fio 3.33 marks a sync done only at its completion and
	# so sends more syncs than writes; the stats file counts every one.
	expect "fsync=1 qd=16: flushes equal fio's sync count, extras accounted" \
		"d[1]['counts']['fsyncs'] == d[0]['jobs'][0]['sync']['total_ios'] and d[1]['counts']['fsyncs'] >= 255 and d[1]['flush_latency_ns']['count'] == d[1]['counts']['fsyncs']" \
		"$dir/out.json" "$dir/s_durability.1.json"
}

# --- linked and RWF_DSYNC modes -----------------------------------------
durability_modes() {
	local dir="$WORK/linked"
	job "$dir" --name=l --filename="$SHM/l" --size=1m --bs=4k \
		--rw=randwrite --iodepth=1 --fsync=1 --sync_mode=linked \
		--verify=crc32c --do_verify=1 --verify_fatal=1
	# every write carries its flush, the last one too: 256 and 256
	expect "linked: data verifies, one linked flush per write" \
		"d[0]['jobs'][0]['error'] == 0 and d[1]['counts']['fsyncs'] == 256 and d[1]['counts']['writes'] == 256 and d[1]['counts']['writes_not_durable'] == 0 and d[1]['write_to_durable_ns']['count'] == 256 and d[1]['settings']['sync_mode'] == 'linked'" \
		"$dir/out.json" "$dir/l_durability.1.json"

	dir="$WORK/linked-fdatasync"
	job "$dir" --name=l --filename="$SHM/l2" --size=1m --bs=4k \
		--rw=write --iodepth=4 --fdatasync=8 --sync_mode=linked \
		--registerfiles --fixedbufs
	expect "linked fdatasync=8: 32 linked fdatasyncs, 8 writes covered at most" \
		"d[0]['jobs'][0]['error'] == 0 and d[1]['counts']['fdatasyncs'] >= 32 and d[1]['counts']['fsyncs'] == 0 and d[1]['counts']['writes_not_durable'] == 0" \
		"$dir/out.json" "$dir/l_durability.1.json"

	dir="$WORK/dsync"
	job "$dir" --name=w --filename="$SHM/w" --size=1m --bs=4k \
		--rw=randwrite --iodepth=8 --write_mode=dsync \
		--verify=crc32c --do_verify=1 --verify_fatal=1
	expect "dsync: data verifies, every write durable on its own" \
		"d[0]['jobs'][0]['error'] == 0 and d[1]['counts']['writes'] == 256 and d[1]['write_to_durable_ns']['count'] == 256 and d[1]['counts']['fsyncs'] == 0 and d[1]['counts']['writes_not_durable'] == 0" \
		"$dir/out.json" "$dir/w_durability.1.json"
}

# --- clones: one stats file each ----------------------------------------
clones() {
	local dir="$WORK/clones"
	job "$dir" --name=c --filename="$SHM/c" --size=1m --bs=4k \
		--rw=randwrite --iodepth=4 --fsync=2 --numjobs=4
	expect "numjobs=4: four stats files, one per clone, counts match fio" \
		"sorted(x['job']['thread_number'] for x in d[1:]) == [1, 2, 3, 4] and [x['counts']['writes'] for x in d[1:]] == [j['write']['total_ios'] for j in d[0]['jobs']]" \
		"$dir/out.json" "$dir/c_durability.1.json" "$dir/c_durability.2.json" \
		"$dir/c_durability.3.json" "$dir/c_durability.4.json"
	dir="$WORK/clones-path"
	job "$dir" --name=c --filename="$SHM/c" --size=256k --bs=4k \
		--rw=randwrite --numjobs=2 --stats_file="$dir/s.json"
	expect "numjobs=2 with stats_file: .N appended, no overwrite" \
		"d[0]['job']['thread_number'] == 1 and d[1]['job']['thread_number'] == 2" \
		"$dir/s.json.1" "$dir/s.json.2"
}

# --- every option combination that fio accepts runs ---------------------
option_matrix() {
	local rf fb sq sb sm wm dir n=0 failed=0 args
	for rf in 0 1; do for fb in 0 1; do for sq in 0 1; do
	for sb in 0 4; do for sm in asked linked; do for wm in normal dsync; do
		n=$((n + 1))
		dir="$WORK/opt$n"
		args=(--name=o --filename="$SHM/o$n" --size=256k --bs=4k
			--rw=randrw --iodepth=8 --fsync=3 --registerfiles=$rf
			--fixedbufs=$fb --sqthread_poll=$sq --submit_batch=$sb
			--sync_mode=$sm --write_mode=$wm --verify=crc32c
			--do_verify=1 --verify_fatal=1)
		if ! job "$dir" "${args[@]}" ||
			! py "d[0]['jobs'][0]['error'] == 0" "$dir/out.json" >/dev/null; then
			failed=$((failed + 1))
			not_ok "options ${args[*]:5}" "$(tail -n 3 "$dir/err.txt")"
		fi
		rm -f "$SHM/o$n"
	done; done; done; done; done; done
	[ $failed -eq 0 ] && ok "all $n combinations of registerfiles, fixedbufs, sqthread_poll, submit_batch, sync_mode, write_mode run and verify"
	dir="$WORK/sqcpu"
	job "$dir" --name=o --filename="$SHM/sq" --size=256k --rw=randread \
		--sqthread_poll --sqthread_poll_cpu=0
	expect "sqthread_poll_cpu=0 runs" "d[0]['jobs'][0]['error'] == 0" "$dir/out.json"
}

# invalid NAME ARGS... -- NEEDLE: fio must fail and stderr must say NEEDLE
invalid() {
	local name=$1 needle=${!#} dir="$WORK/bad-$RANDOM"
	shift
	set -- "${@:1:$#-1}"
	if job "$dir" --name=b --filename="$SHM/b" --size=64k "$@"; then
		not_ok "$name is refused" "fio exited 0"
	elif grep -qF -- "$needle" "$dir/err.txt" "$dir/out.json" 2>/dev/null; then
		ok "$name is refused: $needle"
	else
		not_ok "$name is refused with a clear message" \
			"wanted: $needle" "got: $(head -c 600 "$dir/err.txt")"
	fi
}

invalid_options() {
	invalid "sync_mode=bogus" --sync_mode=bogus "bogus"
	invalid "write_mode=fua" --write_mode=fua "fua"
	invalid "registerfiles=2" --registerfiles=2 "max value out of range: 2"
	invalid "submit_batch beyond iodepth" --iodepth=4 --submit_batch=8 \
		"submit_batch=8 is larger than iodepth=4"
	invalid "sqthread_poll_cpu without sqthread_poll" --sqthread_poll_cpu=1 \
		"sqthread_poll_cpu=1 needs sqthread_poll=1"
	invalid "sync_mode=linked without a cadence" --rw=write --sync_mode=linked \
		"this job sets neither"
	invalid "stats_file with an unknown token" --stats_file=x%q \
		"unknown '%q'"
}

# enospc FS MNT SIZE: a write job larger than the file system at MNT. fio's
# error names ENOSPC, the stats file (elsewhere) is written with the failed
# writes counted; a stats file that cannot be written on the full file
# system is named, and leaves neither half a file nor its temporary one.
enospc() {
	local fs=$1 mnt=$2 size=$3 dir="$WORK/enospc-$1"
	job "$dir" --name=e --filename="$mnt/f" --size="$size" --bs=64k \
		--rw=write --iodepth=4 --fsync=4
	if grep -q "No space left on device" "$dir/err.txt" &&
		grep -q "uring_durable: No space left on device (ENOSPC): the file system is full" "$dir/err.txt"; then
		ok "ENOSPC on $fs: fio's error names it, and what it means"
	else
		not_ok "ENOSPC on $fs: fio's error names it" "$(tail -n 5 "$dir/err.txt")"
	fi
	expect "ENOSPC on $fs: the stats file is written, with the writes that failed counted" \
		"'No space left on device' in d[0]['error'] and d[0]['counts']['writes'] > 0 and d[0]['counts']['write_errors'] >= 1 and d[0]['counts']['write_bytes'] == 65536 * d[0]['counts']['writes']" \
		"$dir/e_durability.1.json"
	# nothing left: not one block for the stats file either
	dd if=/dev/zero of="$mnt/fill" bs=4k status=none 2>/dev/null
	dir="$WORK/enospc-$fs-stats"
	job "$dir" --name=e --filename="$mnt/f" --size=64k --bs=4k \
		--rw=read --stats_file="$mnt/s.json"
	if grep -q "cannot write the stats file $mnt/s.json: No space left on device" "$dir/err.txt" &&
		[ -z "$(ls -A "$mnt" | grep -v -x -e f -e fill -e lost+found)" ]; then
		ok "ENOSPC on $fs for the stats file: named, no half file, no temporary one left"
	else
		not_ok "ENOSPC on $fs for the stats file" "$(ls -A "$mnt")" "$(tail -n 3 "$dir/err.txt")"
	fi
	rm -f "$mnt/f" "$mnt/fill"
}

# --- errors: clear message, no hang, stats file still written ------------
errors() {
	# fio 3.33 creates a missing directory itself; a path it cannot
	# create stops the job before any engine runs, with fio's own message
	local dir="$WORK/blocked"
	touch "$WORK/a-file"
	if job "$dir" --name=e --filename="$WORK/a-file/sub/f" --size=64k \
		--rw=write; then
		not_ok "a directory that cannot be made: fio fails" "fio exited 0"
	elif grep -q "$WORK/a-file/sub" "$dir/err.txt"; then
		ok "a directory that cannot be made: the error names the path"
	else
		not_ok "a directory that cannot be made: the error names the path" \
			"$(cat "$dir/err.txt")"
	fi
	if [ "$(id -u)" -ne 0 ]; then
		skip "ENOSPC on a small tmpfs" "needs root to mount"
		skip "ENOSPC on a small ext4" "needs root to mount"
		skip "O_DIRECT refused by ramfs" "needs root to mount"
		return
	fi
	local mnt="$WORK/small"
	mkdir -p "$mnt"
	if ! mount -t tmpfs -o size=1m fv-small "$mnt" 2>/dev/null; then
		skip "ENOSPC on a small tmpfs" "mount -t tmpfs failed here"
	else
		enospc tmpfs "$mnt" 4m
		umount "$mnt"
	fi
	if ! command -v mkfs.ext4 >/dev/null; then
		skip "ENOSPC on a small ext4" "no mkfs.ext4 (package e2fsprogs)"
	elif ! truncate -s 8m "$WORK/ext4.img" ||
		! mkfs.ext4 -q -F "$WORK/ext4.img" ||
		! mount -o loop "$WORK/ext4.img" "$mnt" 2>/dev/null; then
		skip "ENOSPC on a small ext4" "mount -o loop failed here"
	else
		enospc ext4 "$mnt" 16m
		umount "$mnt"
	fi
	rm -f "$WORK/ext4.img"
	if ! mount -t ramfs fv-ramfs "$mnt" 2>/dev/null; then
		skip "O_DIRECT refused by ramfs" "mount -t ramfs failed here"
	else
		dd if=/dev/zero of="$mnt/f" bs=64k count=1 status=none
		dir="$WORK/odirect"
		job "$dir" --name=e --filename="$mnt/f" --size=64k --rw=read
		if grep -q "$mnt/f refuses O_DIRECT (direct=1): its file system, ramfs" "$dir/err.txt"; then
			ok "O_DIRECT refused: the error names the path, the file system and the remedy"
		else
			not_ok "O_DIRECT refused: a clear error" "$(cat "$dir/err.txt")"
		fi
		expect "O_DIRECT refused: the stats file is written, with the error" \
			"'O_DIRECT' in d[0]['error'] and d[0]['counts']['reads'] == 0" \
			"$dir/e_durability.1.json"
		dir="$WORK/buffered"
		job "$dir" --name=e --filename="$mnt/f" --size=64k --rw=read --direct=0
		expect "direct=0 given: the engine respects it" \
			"d[0]['jobs'][0]['error'] == 0 and d[1]['settings']['direct'] == False" \
			"$dir/out.json" "$dir/e_durability.1.json"
		umount "$mnt"
	fi
}

# --- the facts that tell a real flush from a no-op ----------------------
device_facts() {
	local dir="$WORK/facts-shm"
	job "$dir" --name=f --filename="$SHM/f" --size=64k --rw=write --fsync=1
	expect "tmpfs target: file system tmpfs, no block device" \
		"d[0]['target']['fs_type'] == 'tmpfs' and d[0]['target']['block_device'] is None and d[0]['settings']['direct'] == True" \
		"$dir/f_durability.1.json"
	dir="$WORK/facts-disk"
	job "$dir" --name=f --filename="$WORK/f" --size=64k --rw=write --fsync=1
	local fs
	fs=$(findmnt -n -o FSTYPE --target "$WORK" | head -n1)
	expect "disk-backed target: file system and block device named" \
		"d[0]['target']['fs_type'] == '$fs' and (d[0]['target']['block_device'] is not None or '$fs' in ('overlay', 'tmpfs', 'btrfs', 'zfs'))" \
		"$dir/f_durability.1.json"
}

accounting_off() {
	local dir="$WORK/acct-off"
	job "$dir" --name=a --filename="$SHM/a" --size=256k --rw=randwrite \
		--fsync=1 --accounting=0
	if [ ! -e "$dir/a_durability.1.json" ] && py "d[0]['jobs'][0]['error'] == 0" "$dir/out.json" >/dev/null; then
		ok "accounting=0: the job runs and writes no stats file"
	else
		not_ok "accounting=0: no stats file"
	fi
}

enghelp() {
	local out
	out=$(fio_run --enghelp="$UD" 2>&1)
	local missing="" o
	for o in registerfiles fixedbufs sqthread_poll sqthread_poll_cpu \
		submit_batch sync_mode write_mode stats_file accounting \
		emulate cap_iops cap_bw burst_iops burst_bw burst_seconds \
		time_scale added_latency; do
		grep -q "^$o " <<<"$out" || missing+=" $o"
	done
	if [ -z "$missing" ]; then
		ok "fio --enghelp lists every option with its help"
	else
		not_ok "fio --enghelp lists every option" "missing:$missing"
	fi
	# nvme_pt loads into this fio too (its I/O needs an NVMe controller:
	# tests/nvme)
	out=$(fio_run --enghelp="$(dirname "$UD")/nvme_pt.so" 2>&1)
	missing=""
	for o in writefua readfua write_zeroes deac sync_mode stats_file; do
		grep -q "^$o " <<<"$out" || missing+=" $o"
	done
	if [ -z "$missing" ]; then
		ok "nvme_pt loads: fio --enghelp lists its options"
	else
		not_ok "nvme_pt loads: fio --enghelp lists its options" \
			"missing:$missing" "$(head -n 3 <<<"$out")"
	fi
}

# --- fio 3.42's end_syncfs: one syncfs per file system, accounted -------
end_syncfs() {
	local dir="$WORK/syncfs"
	# an unknown option's --cmdhelp exits 0 too: read what it says
	if ! fio --cmdhelp=end_syncfs 2>&1 | grep -q "end_syncfs:"; then
		skip "end_syncfs" "$(fio --version) has no end_syncfs (fio 3.42 added it)"
		return
	fi
	job "$dir" --name=s --filename="$WORK/sfs" --size=1m --bs=4k \
		--rw=randwrite --iodepth=4 --end_syncfs=1
	expect "end_syncfs=1: one syncfs, timed apart, covering every write" \
		"d[0]['jobs'][0]['error'] == 0 and d[1]['counts']['syncfses'] == 1 and d[1]['counts']['fsyncs'] == 0 and d[1]['syncfs_latency_ns']['count'] == 1 and d[1]['flush_latency_ns']['count'] == 0 and d[1]['counts']['writes'] == 256 and d[1]['counts']['writes_not_durable'] == 0 and d[1]['write_to_durable_ns']['count'] == 256" \
		"$dir/out.json" "$dir/s_durability.1.json"
	job "$dir" --name=s --filename="$WORK/sfs" --size=1m --bs=4k \
		--rw=randwrite --iodepth=4 --fsync=16 --end_syncfs=1
	expect "end_syncfs=1 after fsync=16: fsyncs and the syncfs counted apart" \
		"d[1]['counts']['syncfses'] == 1 and d[1]['counts']['fsyncs'] == d[0]['jobs'][0]['sync']['total_ios'] > 0 and d[1]['flush_latency_ns']['count'] == d[1]['counts']['fsyncs'] and d[1]['counts']['writes_not_durable'] == 0" \
		"$dir/out.json" "$dir/s_durability.1.json"
	invalid "end_syncfs with files on two file systems" --end_syncfs=1 \
		--filename="$WORK/sfs:$SHM/sfs2" \
		"end_syncfs=1 with the job's files on 2 file systems"
}

# --- the provisioned-disk emulator: a real fio run shows the model -------
# Levels are judged on the median of fio's 50 ms IOPS samples, so that a
# moment when this shared machine stops fio cannot move them (a cap on
# their upper quartile: stops only lower samples). Such a stop
# during a burst really does lengthen it (the idle time refills credits, as
# on the real disk), so the burst length is checked only when fio's log
# shows no stop before the burst ended; otherwise it is a skip, with why.
emu_levels() { # LOG CHECKS...: python over the (time_ms, iops) samples
	python3 - "$@" <<'PYEOF'
import statistics, sys
pts = [(int(r.split(',')[0]), int(r.split(',')[1])) for r in open(sys.argv[1])]
def level(a, b):
    return statistics.median(v for t, v in pts if a <= t < b)
def upper(a, b):
    # the upper quartile: a stop lowers samples, never raises them above
    # a cap, so a capped level shows here even on a loaded machine
    return statistics.quantiles([v for t, v in pts if a <= t < b], n=4)[2]
env = {"pts": pts, "level": level, "upper": upper, "abs": abs}
for check in sys.argv[2:]:
    if not eval(check, env):
        print("failed: %s; samples: %s" % (check, pts[:80]))
        sys.exit(1)
PYEOF
}

# fio killed with SIGKILL cannot remove its emulated disk: the state stays
# in /dev/shm under the dead run's pid, and the next run removes it.
killed_run() {
	local dir="$WORK/emu-killed" fpid i left
	mkdir -p "$dir"
	# its own process group, so that SIGKILL reaches its job processes too
	(cd "$dir" && exec setsid env ${FV_PRELOAD:+LD_PRELOAD="$FV_PRELOAD"} \
		ASAN_OPTIONS=detect_leaks=0 fio --output-format=json \
		--output=out.json --ioengine=external:"$UD" --name=k \
		--filename="$SHM/emuk" --size=16m --rw=randread --bs=4k \
		--iodepth=4 --time_based --runtime=60 --cap_iops=2000 \
		2>err.txt) &
	fpid=$!
	for i in $(seq 1 200); do
		ls /dev/shm | grep -q "^fioverdict-emu-$fpid\." && break
		sleep 0.1
	done
	kill -KILL -- -"$fpid" 2>/dev/null
	wait "$fpid" 2>/dev/null
	left=$(ls /dev/shm | grep "^fioverdict-emu-$fpid\.")
	if [ -n "$left" ] && ! kill -0 "$fpid" 2>/dev/null; then
		ok "fio killed with SIGKILL: its emulated disk is left, named after the dead run ($left)"
	else
		not_ok "fio killed with SIGKILL leaves its emulated disk" \
			"left: '${left}'; $(tail -n 3 "$dir/err.txt")"
		return
	fi
	job "$WORK/emu-after-kill" --name=a --filename="$SHM/emuk" --size=16m \
		--rw=randread --bs=4k --iodepth=4 --time_based --runtime=1 \
		--cap_iops=1000
	if ls /dev/shm | grep -q "^fioverdict-emu-$fpid\."; then
		not_ok "the next emulated run removes the state of the killed one" \
			"$(ls /dev/shm | grep "^fioverdict-emu-")"
	else
		ok "the next emulated run removes the state of the killed one"
	fi
	rm -f "$SHM/emuk"
}

emulator() {
	local dir="$WORK/emu-cap" out left shared
	job "$dir" --name=c --filename="$SHM/emu" --size=16m --rw=randread \
		--bs=4k --iodepth=8 --time_based --runtime=3 --cap_iops=3000 \
		--write_iops_log=c --log_avg_msec=50
	if out=$(emu_levels "$dir/c_iops.1.log" "abs(upper(200, 3000) - 3000) <= 150"); then
		ok "cap_iops=3000: fio's IOPS samples sit at 3000 within 5% (upper quartile)"
	else
		not_ok "cap_iops=3000: fio's IOPS samples sit at 3000 within 5% (upper quartile)" "$out"
	fi
	expect "cap_iops=3000: never above the cap over the run" \
		"d[0]['jobs'][0]['read']['iops'] <= 3000 * 1.01 and d[1]['emulator']['cap_iops'] == 3000" \
		"$dir/out.json" "$dir/c_durability.1.json"

	# the cap is the disk's: four clones share it, as jobs on one disk do
	# (other runs on this machine may have disks of their own: only the
	# one this fio run made, named in its stats files, counts)
	dir="$WORK/emu-shared"
	job "$dir" --name=c --filename="$SHM/emu" --size=16m --rw=randread \
		--bs=4k --iodepth=4 --numjobs=4 --group_reporting --time_based \
		--runtime=2 --cap_iops=2000
	expect "numjobs=4 on one emulated disk: 2000 IOPS between them, not 2000 each" \
		"d[0]['jobs'][0]['read']['iops'] <= 2000 * 1.01 and d[0]['jobs'][0]['read']['iops'] > 0" \
		"$dir/out.json"
	# the stats files name the disk's shared state: one for the four
	shared=$(py "len(set(x['emulator']['shared_state'] for x in d)) == 1 and d[0]['emulator']['shared_state']" \
		"$dir"/c_durability.*.json)
	left=$(ls /dev/shm | grep -xF "${shared:-none}")
	if [ -z "$left" ] && [ "${shared#fioverdict-emu-}" != "$shared" ]; then
		ok "the emulated disk ($shared) is removed when fio exits"
	else
		not_ok "the emulated disk is removed when fio exits" \
			"stats files: ${shared}; left: $left"
	fi
	killed_run

	dir="$WORK/emu-bw"
	job "$dir" --name=c --filename="$SHM/emu" --size=16m --rw=read \
		--bs=256k --iodepth=4 --time_based --runtime=3 --cap_bw=50m \
		--write_bw_log=c --log_avg_msec=100
	# bw logs are in KiB/s: 50 MiB/s is 51200
	if out=$(emu_levels "$dir/c_bw.1.log" "abs(level(300, 3000) - 51200) <= 0.05 * 51200"); then
		ok "cap_bw=50m: fio's bandwidth samples sit at 50 MiB/s within 5%"
	else
		not_ok "cap_bw=50m: fio's bandwidth samples sit at 50 MiB/s within 5%" "$out"
	fi

	# 1000 IOPS baseline, 4000 burst from a bucket that lasts 2 s at 4000
	dir="$WORK/emu-burst"
	job "$dir" --name=b --filename="$SHM/emu" --size=16m --rw=randwrite \
		--bs=4k --iodepth=16 --time_based --runtime=5 --cap_iops=1000 \
		--burst_iops=4000 --burst_seconds=2 --write_iops_log=b \
		--log_avg_msec=50
	if out=$(emu_levels "$dir/b_iops.1.log" "abs(upper(200, 1800) - 4000) <= 200" \
		"abs(level(2300, 5000) - 1000) <= 50"); then
		ok "burst: fio's samples show 4000 IOPS, then the 1000 IOPS baseline (within 5%)"
	else
		not_ok "burst: fio's samples show the burst and the baseline" "$out"
	fi
	if ! emu_levels "$dir/b_iops.1.log" "all(v >= 2000 for t, v in pts if t < 1900)" >/dev/null; then
		skip "burst: it ends when the I/Os served exceed the refill by the bucket" \
			"fio was stopped during the burst (a sample under 2000 IOPS before 1.9 s), which refills credits"
	else
		# the bucket holds (4000 - 1000) x 2 s = 6000 I/Os and refills
		# at 1000 IOPS: it runs dry when the I/Os served exceed the
		# refill by 6000, whatever rate fio managed to ask for (2 s at
		# 4000 IOPS); the served count from fio's 50 ms samples
		served=$(python3 -c 'import json, sys
end = json.load(open(sys.argv[2]))["emulator"]["burst_ended_after_s"] * 1000
n = prev = 0
for r in open(sys.argv[1]):
    t, v = int(r.split(",")[0]), int(r.split(",")[1])
    n += v * (min(t, end) - prev) / 1000
    prev = t
    if t >= end:
        break
print(round(n))' "$dir/b_iops.1.log" "$dir/b_durability.1.json")
		expect "burst: it ends when the I/Os served exceed the refill by the bucket, 6000 (within 5%; $served served here)" \
			"abs($served - 1000 * d[0]['emulator']['burst_ended_after_s'] - 6000) <= 0.05 * $served and d[0]['emulator']['expected_burst_s'] == 2.0" \
			"$dir/b_durability.1.json"
	fi

	# Azure P10 rehearsed 900x faster: 1800 s of burst becomes 2 s
	dir="$WORK/emu-p10"
	job "$dir" --name=p --filename="$SHM/emu" --size=16m --rw=randwrite \
		--bs=4k --iodepth=8 --time_based --runtime=4 --emulate=azure-p10 \
		--time_scale=900 --write_iops_log=p --log_avg_msec=50
	# the burst rate is a cap too: its upper quartile, as for cap_iops
	if out=$(emu_levels "$dir/p_iops.1.log" "abs(upper(200, 1800) - 3500) <= 175" \
		"abs(level(2300, 4000) - 500) <= 25"); then
		ok "emulate=azure-p10 time_scale=900: 3500 IOPS, then 500 (within 5%)"
	else
		not_ok "emulate=azure-p10 time_scale=900: 3500 IOPS, then 500" "$out"
	fi

	dir="$WORK/emu-lat"
	job "$dir" --name=l --filename="$SHM/emu" --size=16m --rw=randread \
		--bs=4k --iodepth=1 --time_based --runtime=2 --added_latency=2ms
	# bounds only: timer wake-ups add a little to each wait, and how much
	# depends on the machine's load
	expect "added_latency=2ms at QD1: every completion takes at least 2 ms, at most 500 IOPS" \
		"d[0]['jobs'][0]['read']['lat_ns']['min'] >= 2000000 and d[0]['jobs'][0]['read']['iops'] <= 500" \
		"$dir/out.json"
	dir="$WORK/emu-lat32"
	job "$dir" --name=l --filename="$SHM/emu" --size=16m --rw=randread \
		--bs=4k --iodepth=32 --time_based --runtime=2 --added_latency=2ms
	# overlapped, the median stays near one round trip; serialized it
	# would be 32 of them (64 ms): a median, so a stall cannot move it
	expect "added_latency=2ms at QD32: round trips overlap (median latency under 3 round trips)" \
		"d[0]['jobs'][0]['read']['clat_ns']['percentile']['50.000000'] <= 6000000 and d[0]['jobs'][0]['read']['lat_ns']['min'] >= 2000000" \
		"$dir/out.json"

	dir="$WORK/emu-verify"
	job "$dir" --name=v --filename="$SHM/emuv" --size=1m --rw=randwrite \
		--bs=4k --iodepth=8 --fsync=4 --sync_mode=linked --cap_iops=20000 \
		--added_latency=100us --verify=crc32c --do_verify=1 --verify_fatal=1
	expect "emulated, linked flushes: data verifies, no write lost" \
		"d[0]['jobs'][0]['error'] == 0 and d[1]['counts']['writes'] == 256 and d[1]['counts']['writes_not_durable'] == 0" \
		"$dir/out.json" "$dir/v_durability.1.json"

	invalid "emulate=bogus" --emulate=bogus "emulate=bogus is not a preset; use none, a catalog ID"
	invalid "emulate=azure:P35, not in the catalog" --emulate=azure:P35 \
		"emulate=azure:P35: no such SKU in the catalog; nearest: azure:P3"
	invalid "emulate=aws:gp2 without its size" --emulate=aws:gp2 \
		"aws:gp2 needs a size"
	invalid "burst_iops without burst_seconds" --cap_iops=100 --burst_iops=200 \
		"a burst rate needs burst_seconds"
	invalid "burst below the baseline" --cap_iops=1000 --burst_iops=500 \
		--burst_seconds=1 "the burst rate must be above the baseline"
	invalid "time_scale=0" --cap_iops=1000 --time_scale=0 \
		"time_scale must be 1 or more"
}

# --- timed replay of an iolog: fio's own io_uring engine hangs on it from
# fio 3.36 (its getevents waits for a completion that cannot come when fio
# asks for none); ours returns at once, so the trace's pace is kept -------
timed_replay() {
	local dir="$WORK/replay" log="$WORK/replay.iolog" v i t
	v=$(fio --version | sed -n 's/^fio-\([0-9]*\)\.\([0-9]*\).*/\1 \2/p')
	mkdir -p "$dir"
	truncate -s 4m "$WORK/rp"
	# 200 requests 5 ms apart (1 s) and a flush after every 20th: version
	# 3 (times in us) from fio 3.31, else version 2 with wait lines (ms
	# since fio started)
	{
		if [ "$(awk '{print ($1 * 100 + $2 >= 331)}' <<<"$v")" = 1 ]; then
			echo "fio version 3 iolog"
			echo "0 $WORK/rp add"
			echo "0 $WORK/rp open"
			for i in $(seq 0 199); do
				t=$((i * 5000))
				echo "$t $WORK/rp $([ $((i % 2)) = 0 ] && echo read || echo write) $((i * 4096)) 4096"
				[ $((i % 20)) = 19 ] && echo "$t $WORK/rp sync 0 0"
			done
			echo "1000000 $WORK/rp close"
		else
			echo "fio version 2 iolog"
			echo "$WORK/rp add"
			echo "$WORK/rp open"
			for i in $(seq 0 199); do
				echo "$WORK/rp wait $((i * 5)) 0"
				echo "$WORK/rp $([ $((i % 2)) = 0 ] && echo read || echo write) $((i * 4096)) 4096"
				[ $((i % 20)) = 19 ] && echo "$WORK/rp sync 0 0"
			done
			echo "$WORK/rp close"
		fi
	} >"$log"
	(cd "$dir" && fio_run --output-format=json --output=out.json \
		--name=timed --ioengine=external:"$UD" --read_iolog="$log" \
		--iodepth=8 2>err.txt)
	expect "timed replay through uring_durable finishes, at the trace's pace: 200 requests and 10 flushes over 1 s take at least 0.8 s (fio 3.28 to 3.30 time version 2 waits from its own start)" \
		"d[0]['jobs'][0]['error'] == 0 and d[0]['jobs'][0]['read']['total_ios'] + d[0]['jobs'][0]['write']['total_ios'] == 200 and d[0]['jobs'][0]['sync']['total_ios'] == 10 and d[0]['jobs'][0]['job_runtime'] >= 800 and d[1]['counts']['fsyncs'] == 10" \
		"$dir/out.json" "$dir/timed_durability.1.json"
	(cd "$dir" && fio_run --output-format=json --output=fast.json \
		--name=fast --ioengine=external:"$UD" --read_iolog="$log" \
		--iodepth=8 --replay_no_stall=1 2>err.txt)
	expect "replay_no_stall through uring_durable: the same 200 requests, faster than the trace" \
		"d[0]['jobs'][0]['error'] == 0 and d[0]['jobs'][0]['read']['total_ios'] + d[0]['jobs'][0]['write']['total_ios'] == 200 and d[0]['jobs'][0]['job_runtime'] < d[1]['jobs'][0]['job_runtime']" \
		"$dir/fast.json" "$dir/out.json"
}

enghelp
verify_matrix
read_jobs
sync_counts
durability_modes
clones
option_matrix
invalid_options
errors
device_facts
accounting_off
end_syncfs
emulator
timed_replay
summary -s integration
