#!/bin/sh
# The guest's benchmark: 4 KiB random reads at QD 32 and 4 KiB random
# writes with fsync=1, nvme_pt against fio's io_uring_cmd (reads: 3.33
# cannot flush) on /dev/ng0n2 and against uring_durable on the same
# namespace's block device /dev/nvme0n2. Runs are interleaved, round by
# round, so drift in the emulator hits every engine alike.
. /fv/lib.sh
cd /tmp || exit 1
ROUNDS=$(sed -n 's/.*fv\.rounds=\([0-9]*\).*/\1/p' /proc/cmdline)
ROUNDS=${ROUNDS:-5}
export RUNTIME=${RUNTIME:-4}
PT=external:/fv/nvme_pt.so
UD=external:/fv/uring_durable.so

# fills the namespace once, so that reads hit written blocks
DEV=/dev/ng0n2 ENGINE=$PT RW=write FSYNC=0 QD=32 RUNTIME=3 \
	fio /fv/bench.fio --time_based=0 --runtime=0 --ramp_time=0 \
	--bs=128k >/tmp/fill.out 2>&1

one() { # CONFIG ROUND DEV ENGINE RW FSYNC QD
	DEV=$3 ENGINE=$4 RW=$5 FSYNC=$6 QD=$7 \
		fio --output-format=terse --terse-version=3 /fv/bench.fio \
		>/tmp/b.out 2>&1
	# terse v3: field 8 read IOPS, field 49 write IOPS
	iops=$(awk -F';' '/^3;/ { print ($6 == "" ? 0 : $8 + $49) }' /tmp/b.out)
	echo "FVNVME BENCH $1 $2 ${iops:-0}"
	[ "${iops:-0}" != 0 ] || echo "FVNVME NOTE $1 failed: $(why /tmp/b.out)"
}

r=1
while [ $r -le "$ROUNDS" ]; do
	one randread_pt $r /dev/ng0n2 $PT randread 0 32
	one randread_iouring_cmd $r /dev/ng0n2 io_uring_cmd randread 0 32
	one randread_uring_durable $r /dev/nvme0n2 $UD randread 0 32
	one fsyncwrite_pt $r /dev/ng0n2 $PT randwrite 1 1
	one fsyncwrite_uring_durable $r /dev/nvme0n2 $UD randwrite 1 1
	r=$((r + 1))
done
