# NVMe passthrough: the tests and benchmark of the nvme_pt engine (built by
# engines/engines.mk) on a real (emulated) NVMe controller in a QEMU guest
# (tests/nvme/run.sh).

NVME_BUILD := $(BUILD)/nvme

.PHONY: check-nvme bench-nvme nvme-initramfs

# The guest's helper: a command the controller rejects, built and decoded
# by the engine's own core code.
$(NVME_BUILD)/nvme_reject: tests/nvme/nvme_reject.c $(CORE_LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -Iengines -o $@ $< $(CORE_LIB) \
		$(LDFLAGS_BASE) -luring

NVME_GUEST_DEPS := $(ENG_BUILD)/nvme_pt.so $(ENG_BUILD)/uring_durable.so \
	$(NVME_BUILD)/nvme_reject

check-nvme: $(NVME_GUEST_DEPS)
	tests/nvme/run.sh --build $(NVME_BUILD) --engines $(ENG_BUILD) \
		--mode test

bench-nvme: $(NVME_GUEST_DEPS)
	tests/nvme/run.sh --build $(NVME_BUILD) --engines $(ENG_BUILD) \
		--mode bench

check-all: check-nvme
bench: bench-nvme

-include $(NVME_BUILD)/nvme_reject.d
