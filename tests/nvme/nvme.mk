# NVMe passthrough: the nvme_pt engine, and its tests and benchmark on a
# real (emulated) NVMe controller in a QEMU guest (tests/nvme/run.sh).

NVME_GLUE_SRCS := engines/nvme_pt.c engines/glue_nvme.c
NVME_GLUE_OBJS := $(NVME_GLUE_SRCS:engines/%.c=$(ENG_BUILD)/%.o)
NVME_BUILD := $(BUILD)/nvme

.PHONY: check-nvme bench-nvme nvme-initramfs
engines: $(ENG_BUILD)/nvme_pt.so

$(ENG_BUILD)/nvme_pt.so: $(NVME_GLUE_OBJS) $(GLUE_CORE_OBJS) \
		$(CORE_LIB)
	$(CC) $(LDFLAGS_BASE) $(ENGINE_LDFLAGS) -o $@ $^ $(ENGINE_LIBS)

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

-include $(NVME_GLUE_OBJS:.o=.d)
