#!/bin/sh
# The guest's tests of nvme_pt on QEMU's NVMe controller: namespace 1 has
# 512-byte LBAs (/dev/ng0n1), namespace 2 4 KiB LBAs (/dev/ng0n2). Every
# check prints one FVNVME RESULT line; the host knows which to expect.
. /fv/lib.sh
cd /tmp || exit 1
NS512=/dev/ng0n1
NS4K=/dev/ng0n2
export REG=0 FIXED=0 SQPOLL=0

# --- namespaces as Identify reports them --------------------------------
info512=$(/fv/nvme_reject $NS512 info 2>&1)
info4k=$(/fv/nvme_reject $NS4K info 2>&1)
echo "$info512" | sed 's/^/FVNVME NOTE ng0n1 /'
echo "$info4k" | sed 's/^/FVNVME NOTE ng0n2 /'
if echo "$info512" | grep -qx lba_size=512 &&
	echo "$info4k" | grep -qx lba_size=4096 &&
	echo "$info4k" | grep -qx vwc=1; then
	result identify_formats PASS
else
	result identify_formats FAIL "$(echo "$info512 $info4k" | tr '\n' ' ')"
fi

# --- write + verify, both formats, QD 1 and 32 --------------------------
verify_case() { # NAME DEV BS QD SIZE [REG FIXED SQPOLL]
	DEV=$2 BS=$3 QD=$4 SIZE=$5 REG=${6:-0} FIXED=${7:-0} SQPOLL=${8:-0} \
		STATS=/tmp/$1.json run_fio "$1" /fv/pt_verify.fio
	if [ $rc -eq 0 ] && [ -z "$(expect /tmp/$1.json write_errors=0)" ]; then
		result "$1" PASS "writes=$(jget /tmp/$1.json writes)"
	else
		result "$1" FAIL "rc=$rc $(why /tmp/$1.out)"
	fi
}
verify_case verify_512_qd1 $NS512 2k-2k 1 2m
verify_case verify_512_qd32 $NS512 512-16k 32 8m 1 1 0
verify_case verify_4k_qd1 $NS4K 4k-4k 1 2m
verify_case verify_4k_qd32 $NS4K 4k-64k 32 8m 0 1 1

# --- syncs: one NVMe Flush per fio sync ---------------------------------
# 1 MiB in 4 KiB writes: 256 writes. fio sends a sync after each write but
# the last (the job ends first), so 255 syncs and one write left volatile;
# sync_mode=linked chains a flush to every write, the last one too.
sync_case() { # NAME DEV FSYNC FDATASYNC SYNCMODE FIO_SYNCS KEY=VALUE...
	n=$1 dev=$2 fs=$3 fds=$4 sm=$5 fio_syncs=$6
	shift 6
	DEV=$dev SIZE=1m QD=1 FSYNC=$fs FDATASYNC=$fds SYNCMODE=$sm \
		STATS=/tmp/$n.json run_fio "$n" --output-format=json \
		/fv/pt_sync.fio
	report_flushes /tmp/$n.json "${dev##*n}"
	bad=$(expect /tmp/$n.json writes=256 flush_errors=0 empty_syncs=0 \
		kind=nvme-char volatile_write_cache=true engine=nvme_pt "$@")
	# fio's own count of the syncs it sent (3.33 counts fsyncs only)
	got=$(sed -n '/"sync" : {/,/total_ios/p' "/tmp/$n.out" |
		grep total_ios | head -n 1 | tr -dc 0-9)
	[ "$fio_syncs" = - ] || [ "$got" = "$fio_syncs" ] ||
		bad="$bad fio_sync_total_ios=$got(want $fio_syncs)"
	if [ $rc -eq 0 ] && [ -z "$bad" ]; then
		result "$n" PASS "fsyncs=$(jget /tmp/$n.json fsyncs)" \
			"fdatasyncs=$(jget /tmp/$n.json fdatasyncs)"
	else
		result "$n" FAIL "rc=$rc$bad $(why /tmp/$n.out)"
	fi
}
sync_case fsync_flush $NS4K 1 0 asked 255 fsyncs=255 fdatasyncs=0 \
	writes_not_durable=1
sync_case fdatasync_flush $NS512 0 1 asked - fsyncs=0 fdatasyncs=255 \
	writes_not_durable=1
sync_case linked_flush $NS4K 1 0 linked 255 fsyncs=256 fdatasyncs=0 \
	writes_not_durable=0

# --- FUA writes: durable at completion ----------------------------------
DEV=$NS4K SIZE=1m STATS=/tmp/fua.json run_fio fua_writes /fv/pt_fua.fio
report_flushes /tmp/fua.json 2
bad=$(expect /tmp/fua.json writes=256 fsyncs=0 write_mode=dsync \
	writes_not_durable=0 write_errors=0)
if [ $rc -eq 0 ] && [ -z "$bad" ]; then
	result fua_writes PASS
else
	result fua_writes FAIL "rc=$rc$bad $(why /tmp/fua_writes.out)"
fi

# --- trim (Dataset Management deallocate), then zeroes ------------------
# Only where Identify Namespace promises zeroes (DLFEAT bits 2:0 = 001b).
trim_case() { # NAME DEV INFO
	if ! echo "$3" | grep -qx dealloc_reads_zeroes=1; then
		result "$1" FAIL "namespace does not promise zeroes (DLFEAT)"
		return
	fi
	DEV=$2 OFFSET=16m SIZE=1m STATS=/tmp/$1.json \
		run_fio "$1" /fv/pt_trim.fio
	bad=$(expect /tmp/$1.json trims=16)
	if [ $rc -eq 0 ] && [ -z "$bad" ]; then
		result "$1" PASS
	else
		result "$1" FAIL "rc=$rc$bad $(why /tmp/$1.out)"
	fi
}
trim_case trim_zeroes_512 $NS512 "$info512"
trim_case trim_zeroes_4k $NS4K "$info4k"

DEV=$NS4K OFFSET=24m SIZE=1m STATS=/tmp/wz.json \
	run_fio write_zeroes /fv/pt_zeroes.fio
bad=$(expect /tmp/wz.json writes=16 write_errors=0)
if [ $rc -eq 0 ] && [ -z "$bad" ]; then
	result write_zeroes PASS
else
	result write_zeroes FAIL "rc=$rc$bad $(why /tmp/write_zeroes.out)"
fi

# --- commands the controller rejects, decoded by the engine's code ------
reject_case() { # NAME DEV KIND WANT
	out=$(/fv/nvme_reject "$2" "$3" 2>&1)
	echo "FVNVME NOTE $1 $out"
	case "$out" in
	*"status=$4"*) result "$1" PASS "$4" ;;
	*) result "$1" FAIL "$out" ;;
	esac
}
reject_case reject_past_end_512 $NS512 past-end \
	"LBA Out of Range (SCT 0h, SC 80h)"
reject_case reject_straddle_4k $NS4K straddle \
	"LBA Out of Range (SCT 0h, SC 80h)"
reject_case reject_bad_opcode $NS4K bad-opcode \
	"Invalid Command Opcode (SCT 0h, SC 01h)"

# --- paths and sizes refused up front, with the remedy -------------------
refuse_case() { # NAME WANT FIO-ARGS...
	n=$1 want=$2
	shift 2
	run_fio "$n" --name="$n" --ioengine=external:/fv/nvme_pt.so \
		--rw=read --size=1m "$@"
	if [ $rc -ne 0 ] && grep -qF "$want" "/tmp/$n.out"; then
		result "$n" PASS
	else
		result "$n" FAIL "rc=$rc $(why /tmp/$n.out)"
	fi
}
refuse_case wrong_path_block "use filename=/dev/ng0n2 instead" \
	--filename=/dev/nvme0n2
refuse_case wrong_path_ctrl "e.g. filename=/dev/ng0n1" --filename=/dev/nvme0
refuse_case misaligned_bs \
	"bs=512 is not a multiple of the namespace's LBA size (4096 bytes)" \
	--filename=$NS4K --bs=512
refuse_case misaligned_offset \
	"offset=2048 is not a multiple of the namespace's LBA size (4096" \
	--filename=$NS4K --offset=2048

# --- a status from the controller, by name, in fio's own error report ---
# Namespace 3 is zoned: a write away from a zone's write pointer is
# rejected with Zone Invalid Write, which fio reports through errdetails.
run_fio status_in_fio_error --name=zrw --ioengine=external:/fv/nvme_pt.so \
	--filename=/dev/ng0n3 --rw=randwrite --bs=4k --size=4m --offset=4m \
	--stats_file=/tmp/zrw.json
want="fio: nvme_pt: Zone Invalid Write (SCT 1h, SC BCh)"
if [ $rc -ne 0 ] && grep -qF "$want" /tmp/status_in_fio_error.out; then
	result status_in_fio_error PASS "$want"
else
	result status_in_fio_error FAIL "rc=$rc $(why /tmp/status_in_fio_error.out)"
fi

# --- fio's io_uring_cmd and nvme_pt read each other's data ---------------
cross_case() { # NAME WRITER READER OFFSET
	DEV=$NS4K ENGINE=$2 VERIFY_ONLY=0 OFFSET=$4 \
		run_fio "$1_w" /fv/cross.fio
	wrc=$rc
	DEV=$NS4K ENGINE=$3 VERIFY_ONLY=1 OFFSET=$4 \
		run_fio "$1_r" /fv/cross.fio
	if [ $wrc -eq 0 ] && [ $rc -eq 0 ] &&
		grep -q "issued rwts: total=512," "/tmp/$1_r.out"; then
		result "$1" PASS
	else
		result "$1" FAIL "write rc=$wrc read rc=$rc $(why /tmp/$1_r.out)"
	fi
}
cross_case builtin_then_pt io_uring_cmd external:/fv/nvme_pt.so 32m
cross_case pt_then_builtin external:/fv/nvme_pt.so io_uring_cmd 40m
