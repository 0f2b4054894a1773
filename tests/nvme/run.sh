#!/bin/bash
# Host side of the NVMe tests: builds the initramfs, boots QEMU with an
# emulated NVMe controller (namespace 1: 512 B LBAs, namespace 2: 4 KiB,
# both discard=on; namespace 3: zoned, 4 KiB, to get a rejected write;
# namespaces 4 to 6: 4 KiB, on QEMU's blkdebug driver, which fails chosen
# reads, writes and flushes: see faults_config), lets the guest run
# tests.sh and faults.sh, or bench.sh, and reads its FVNVME lines from the
# serial console. When the guest asks (FVNVME CORRUPT NS OFFSET), the host
# overwrites 4 KiB of a namespace's image under it, for verify to find.
#
#   run.sh --build DIR --engines DIR --mode test|bench
#
# test: one verdict per expected check; a missing result, a timeout or a
# mismatch fails. Closing line "nvme: N passed, N failed" (", N skipped"
# when QEMU cannot run at all, with the reason).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=build/nvme engines=build/engines mode=test
while [ $# -gt 0 ]; do
	case "$1" in
	--build) build=$2; shift 2 ;;
	--engines) engines=$2; shift 2 ;;
	--mode) mode=$2; shift 2 ;;
	*) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done

# Every check the guest must report, plus the host's own trace check.
EXPECTED=(identify_formats
	verify_512_qd1 verify_512_qd32 verify_4k_qd1 verify_4k_qd32
	fsync_flush fdatasync_flush linked_flush fua_writes
	trim_zeroes_512 trim_zeroes_4k write_zeroes
	reject_past_end_512 reject_straddle_4k reject_bad_opcode
	wrong_path_block wrong_path_ctrl misaligned_bs misaligned_offset
	status_in_fio_error
	builtin_then_pt pt_then_builtin
	read_error_pt read_error_block write_error_pt write_error_block
	flush_error_pt flush_error_pt_linked flush_error_pt_continue
	flush_error_block flush_error_once_pt
	verify_corrupt_pt verify_corrupt_block
	flush_trace)

TIMEOUT_TEST=${NVME_TIMEOUT:-270}
TIMEOUT_BENCH=${NVME_BENCH_TIMEOUT:-540}

skip() {
	echo "nvme: skipped: $*"
	if [ "$mode" = test ]; then
		echo "nvme: 0 passed, 0 failed, ${#EXPECTED[@]} skipped"
	fi
	exit 0
}

# --- can QEMU run here at all? -------------------------------------------
qemu=$(command -v qemu-system-x86_64) || skip "qemu-system-x86_64 is not installed (ci/setup.sh nvme)"
kernel=$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)
[ -n "$kernel" ] || skip "no kernel image in /boot (package linux-image-amd64)"
kver=${kernel#/boot/vmlinuz-}
[ -d "/lib/modules/$kver" ] || skip "no modules for $kver in /lib/modules"
[ -x /bin/busybox ] || skip "no /bin/busybox (package busybox-static)"
command -v cpio >/dev/null || skip "cpio is not installed"
command -v modprobe >/dev/null || skip "modprobe is not installed (package kmod)"
[ -r "$kernel" ] || skip "$kernel is not readable"

mkdir -p "$build"
initrd=$build/initramfs.cpio
if ! "$here/mkinitramfs.sh" "$initrd" "$kver" "$engines" "$build" \
	>"$build/mkinitramfs.log" 2>&1; then
	cat "$build/mkinitramfs.log"
	echo "nvme: building the initramfs failed"
	[ "$mode" = test ] && echo "nvme: 0 passed, 1 failed"
	exit 1
fi

# Fresh sparse namespaces for every run: no state leaks between runs.
rm -f "$build"/ns[1-6].img
truncate -s 64M "$build"/ns{1,2,3,4,5,6}.img

# blkdebug's rules (QEMU's block/blkdebug.c): event "none" makes them active
# from the start; each fails the I/O of its type (at the 512-byte sector of
# the image, when given) with EIO, which QEMU's NVMe controller returns as
# Unrecovered Read Error (reads) or Write Fault (writes and flushes).
# Namespace 4: the reads of 8 MiB and the writes of 16 MiB fail, always;
# namespace 5: every flush fails; namespace 6: the first flush fails.
faults_config() { # FILE RULE...: each RULE "iotype[:sector][:once]"
	local f=$1 r
	shift
	: >"$f"
	for r in "$@"; do
		IFS=: read -r type sector once <<<"$r"
		{
			printf '[inject-error]\nevent = "none"\niotype = "%s"\nerrno = "5"\n' "$type"
			[ -n "$sector" ] && printf 'sector = "%s"\n' "$sector"
			[ -n "$once" ] && printf 'once = "on"\n'
		} >>"$f"
	done
}
faults_config "$build/faults4.conf" read:16384 write:32768
faults_config "$build/faults5.conf" flush
faults_config "$build/faults6.conf" flush::once
faulty_ns() { # NSID: a -drive and a 4 KiB namespace on blkdebug
	echo "-drive if=none,id=nv$1,driver=raw,file.driver=blkdebug,file.config=$build/faults$1.conf,file.image.driver=file,file.image.filename=$build/ns$1.img"
	echo "-device nvme-ns,drive=nv$1,bus=nvme0,nsid=$1,logical_block_size=4096,physical_block_size=4096"
}

boot() { # ACCEL MODE LOG TIMEOUT [EXTRA QEMU ARGS...]
	local accel=$1 gmode=$2 log=$3 tmo=$4
	shift 4
	rm -f "$log"
	timeout --kill-after=5 "$tmo" "$qemu" -accel "$accel" -m 1536 \
		-smp "${SMP:-2}" -display none -monitor none -serial "file:$log" \
		-no-reboot -kernel "$kernel" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 quiet fv.mode=$gmode fv.rounds=${NVME_BENCH_ROUNDS:-5}" \
		-drive "file=$build/ns1.img,if=none,id=nv1,format=raw,discard=unmap" \
		-drive "file=$build/ns2.img,if=none,id=nv2,format=raw,discard=unmap" \
		-device nvme,id=nvme0,serial=fvnvme0 \
		-device nvme-ns,drive=nv1,bus=nvme0,nsid=1,logical_block_size=512,physical_block_size=512 \
		-device nvme-ns,drive=nv2,bus=nvme0,nsid=2,logical_block_size=4096,physical_block_size=4096 \
		-drive "file=$build/ns3.img,if=none,id=nv3,format=raw" \
		-device nvme-ns,drive=nv3,bus=nvme0,nsid=3,logical_block_size=4096,physical_block_size=4096,zoned=true,zoned.zone_size=4M \
		$(faulty_ns 4) $(faulty_ns 5) $(faulty_ns 6) \
		"$@" </dev/null >"$log.qemu" 2>&1
}

# The guest's requests to corrupt data under it, "FVNVME CORRUPT NS
# OFFSET END" (END: the line is whole, not still being written): 4 KiB of
# random bytes at OFFSET in namespace NS's image, while QEMU runs (QEMU
# reads the image through the page cache, so its next read sees them).
corrupt_on_request() { # CONSOLE-LOG
	local handled=0 n ns off end
	while :; do
		n=0
		while read -r _ _ ns off end; do
			[ "$end" = END ] || continue
			n=$((n + 1))
			[ "$n" -le "$handled" ] && continue
			dd if=/dev/urandom of="$build/ns$ns.img" bs=4096 \
				seek=$((off / 4096)) count=1 conv=notrunc \
				status=none
			handled=$n
		done < <([ -e "$1" ] && tr -d '\r' <"$1" | grep "^FVNVME CORRUPT ")
		sleep 0.2
	done
}

# KVM only if a guest really boots with it (nested virtualisation may
# hang): a short probe, then TCG.
accel=tcg
if [ -z "${NVME_NO_KVM:-}" ] && [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
	boot kvm probe "$build/probe.log" 25
	if grep -q "FVNVME END" "$build/probe.log" 2>/dev/null; then
		accel=kvm
	fi
fi
echo "nvme: booting the guest ($accel, kernel $kver, mode $mode)"

console=$build/console-$mode.log
start=$(date +%s)
if [ "$mode" = bench ]; then
	# NVME_BENCH_SMP=1 leaves a host core to the emulated controller;
	# fio's io_uring_cmd crawled (about 50 IOPS) with one vCPU here
	SMP=${NVME_BENCH_SMP:-2} boot "$accel" bench "$console" "$TIMEOUT_BENCH"
	rc=$?
	tr -d '\r' <"$console" | grep "^FVNVME NOTE" | sed 's/^FVNVME NOTE /  note: /'
	echo "nvme: guest ran $(($(date +%s) - start)) s"
	python3 "$here/bench_report.py" "$console" || exit 1
	[ $rc -eq 0 ] || { echo "nvme: QEMU exited with $rc"; exit 1; }
	exit 0
fi

trace=$build/trace.log
printf 'pci_nvme_io_cmd\n' >"$build/trace-events"
rm -f "$trace"
# the console of an earlier run must not be taken for this one's
rm -f "$console"
corrupt_on_request "$console" &
corrupter=$!
boot "$accel" test "$console" "$TIMEOUT_TEST" \
	-trace "events=$build/trace-events,file=$trace"
rc=$?
kill "$corrupter" 2>/dev/null
wait "$corrupter" 2>/dev/null
elapsed=$(($(date +%s) - start))
tr -d '\r' <"$console" >"$console.txt"
grep "^FVNVME NOTE" "$console.txt" | sed 's/^FVNVME NOTE /  note: /'

timed_out=0
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
	timed_out=1
	echo "nvme: TIMEOUT: the guest did not finish in $TIMEOUT_TEST s"
elif ! grep -q "^FVNVME END" "$console.txt"; then
	echo "nvme: the guest stopped before the end (QEMU rc=$rc):"
	tail -n 20 "$console.txt"
fi

# The controller's own count of NVMe Flush commands, namespace by
# namespace, against the sum of what the engine's stats files counted
# there (FVNVME FLUSHES NSID N): nothing else issues a flush. Failed
# flushes count on both sides. Namespace 5 is left out: the block layer
# retries a failed flush (nvme_core.max_retries), which the note shows.
flush_trace() {
	local want got nsid bad="" all=""
	for nsid in $(awk '/^FVNVME FLUSHES/ { print $3 }' "$console.txt" |
		sort -u); do
		want=$(awk -v n="$nsid" '/^FVNVME FLUSHES/ && $3 == n { s += $4 }
			END { print s + 0 }' "$console.txt")
		got=$(grep -c "nsid 0x$nsid .*opname 'NVME_NVM_CMD_FLUSH'" \
			"$trace" 2>/dev/null)
		all="$all ns$nsid:controller=$got,stats=$want"
		[ "$want" -gt 0 ] && [ "$want" = "$got" ] || bad=1
	done
	if [ -s "$trace" ] && [ -n "$all" ] && [ -z "$bad" ]; then
		echo "FVNVME RESULT flush_trace PASS$all"
	else
		echo "FVNVME RESULT flush_trace FAIL$all"
	fi
	echo "FVNVME NOTE namespace 5 (every flush fails): the controller saw" \
		"$(grep -c "nsid 0x5 .*opname 'NVME_NVM_CMD_FLUSH'" "$trace" \
			2>/dev/null) flushes"
}
flush_trace >>"$console.txt"
grep "^FVNVME NOTE namespace 5" "$console.txt" | sed 's/^FVNVME NOTE /  note: /'

passed=0 failed=0
declare -A seen
while read -r _ _ name verdict detail; do
	seen[$name]=1
	if ! printf '%s\n' "${EXPECTED[@]}" | grep -qx "$name"; then
		echo "FAIL $name: not an expected check ($verdict $detail)"
		failed=$((failed + 1))
	elif [ "$verdict" = PASS ]; then
		echo "PASS $name ${detail}"
		passed=$((passed + 1))
	else
		echo "FAIL $name: $detail"
		failed=$((failed + 1))
	fi
done < <(grep "^FVNVME RESULT " "$console.txt")
for name in "${EXPECTED[@]}"; do
	if [ -z "${seen[$name]:-}" ]; then
		echo "FAIL $name: no result$([ $timed_out = 1 ] && echo ' (timeout)')"
		failed=$((failed + 1))
	fi
done
echo "nvme: guest run took ${elapsed} s ($accel); console log $console"
echo "nvme: $passed passed, $failed failed"
[ $failed -eq 0 ]
