# Engines: fio-independent core (engines/core, a static library the unit
# tests link too) and the fio glue compiled against fio's configured source.

ENG_BUILD := $(BUILD)/engines
CORE_SRCS := $(wildcard engines/core/*.c)
CORE_OBJS := $(CORE_SRCS:engines/%.c=$(ENG_BUILD)/%.o)
CORE_LIB := $(ENG_BUILD)/libfvcore.a

# The glue every io_uring engine links, then the file personality.
GLUE_CORE_SRCS := engines/uring_glue.c engines/glue_submit.c \
	engines/glue_reap.c
GLUE_CORE_OBJS := $(GLUE_CORE_SRCS:engines/%.c=$(ENG_BUILD)/%.o)
GLUE_SRCS := $(GLUE_CORE_SRCS) engines/glue_file.c
GLUE_OBJS := $(GLUE_SRCS:engines/%.c=$(ENG_BUILD)/%.o)

ENGINE_LIBS := -luring -ljansson -lm
# A plugin must survive fio's dlclose() at exit (fio #730): nodelete.
ENGINE_LDFLAGS := -shared -rdynamic -Wl,-z,nodelete

# The NVMe personality and the nvme_pt engine.
NVME_GLUE_SRCS := engines/nvme_pt.c engines/glue_nvme.c
NVME_GLUE_OBJS := $(NVME_GLUE_SRCS:engines/%.c=$(ENG_BUILD)/%.o)

ENGINES := $(ENG_BUILD)/uring_durable.so $(ENG_BUILD)/nvme_pt.so

# The configured fio tree: given (FIO_SRC=DIR, checked) or fetched once.
FIO_SRC_CMD = $(if $(FIO_SRC),ci/fio-src.sh --use $(FIO_SRC),ci/fio-src.sh $(FIO_SRC_CACHE))
FIO_STAMP := $(ENG_BUILD)/fio-src.path

.PHONY: engines
all: engines
engines: $(ENGINES)

$(FIO_STAMP): FORCE
	@mkdir -p $(@D)
	@src=$$($(FIO_SRC_CMD)) || exit 1; \
	  if [ "$$(cat $@ 2>/dev/null)" != "$$src" ]; then echo "$$src" > $@; fi

FORCE:

$(ENG_BUILD)/core/%.o: engines/core/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -c $< -o $@

$(CORE_LIB): $(CORE_OBJS)
	@rm -f $@
	ar rcs $@ $^

# fio's headers are not -Wextra clean: include them as system headers.
$(ENG_BUILD)/%.o: engines/%.c $(FIO_STAMP)
	@mkdir -p $(@D)
	src=$$(cat $(FIO_STAMP)); \
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -Iengines \
	  -isystem $$src -include $$src/config-host.h -c $< -o $@

$(ENG_BUILD)/uring_durable.so: $(ENG_BUILD)/uring_durable.o $(GLUE_OBJS) $(CORE_LIB)
	$(CC) $(LDFLAGS_BASE) $(ENGINE_LDFLAGS) -o $@ $^ $(ENGINE_LIBS)

$(ENG_BUILD)/nvme_pt.so: $(NVME_GLUE_OBJS) $(GLUE_CORE_OBJS) $(CORE_LIB)
	$(CC) $(LDFLAGS_BASE) $(ENGINE_LDFLAGS) -o $@ $^ $(ENGINE_LIBS)

-include $(CORE_OBJS:.o=.d) $(GLUE_OBJS:.o=.d) $(ENG_BUILD)/uring_durable.d \
	$(NVME_GLUE_OBJS:.o=.d)
