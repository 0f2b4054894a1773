#!/bin/bash
# Host side of the NVMe tests: builds the initramfs, boots QEMU with an
# emulated NVMe controller (namespace 1: 512 B LBAs, namespace 2: 4 KiB,
# both discard=on; namespace 3: zoned, 4 KiB, to get a rejected write), lets the guest run tests.sh or bench.sh, and reads its
# FVNVME lines from the serial console.
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
rm -f "$build"/ns[123].img
truncate -s 64M "$build/ns1.img" "$build/ns2.img" "$build/ns3.img"

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
		"$@" </dev/null >"$log.qemu" 2>&1
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
boot "$accel" test "$console" "$TIMEOUT_TEST" \
	-trace "events=$build/trace-events,file=$trace"
rc=$?
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

# The controller's own count of NVMe Flush commands against the sum of
# what the engine's stats files counted: nothing else issues a flush.
flush_trace() {
	local want got
	want=$(awk '/^FVNVME FLUSHES/ { s += $3 } END { print s + 0 }' \
		"$console.txt")
	got=$(grep -c "opname 'NVME_NVM_CMD_FLUSH'" "$trace" 2>/dev/null)
	if [ -s "$trace" ] && [ "$want" -gt 0 ] && [ "$want" = "$got" ]; then
		echo "FVNVME RESULT flush_trace PASS controller=$got stats=$want"
	else
		echo "FVNVME RESULT flush_trace FAIL controller=${got:-none} stats=$want"
	fi
}
flush_trace >>"$console.txt"

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
