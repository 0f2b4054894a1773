# fioverdict capture on a real block device (tests/replay/capture.sh): a
# loop device, the real fio on it, the requests recorded from the kernel's
# block tracepoints against fio's own counts; SIGINT and SIGTERM, an idle
# device, the bad uses. Root, tracefs and loop devices (a skip with its
# reason without them); about 10 s.
#
#   make check-capture   the suite (part of check-all)

.PHONY: check-capture

check-all: check-capture

# Both suites replay on the catalog's disks with jobfiles/replay.fio, which
# fioverdict finds beside itself (build/catalog, build/jobfiles).
check-capture: $(PP_BIN) $(PP_CATALOG) $(BUILD)/jobfiles engines
	FV_BIN=$(PP_BIN) tests/replay/capture.sh

# fioverdict replay (tests/replay/replay.sh): a made trace on azure:S10,
# azure:P30 (emulated) and a scratch file with the real fio and
# uring_durable, the times against the catalog's; the bad inputs. About
# 25 s.
.PHONY: check-replay
check-all: check-replay
check-replay: $(PP_BIN) $(PP_CATALOG) $(BUILD)/jobfiles engines
	FV_BIN=$(PP_BIN) tests/replay/replay.sh
