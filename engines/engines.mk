# Engines, in folders by job (engines/LAYERS lists them, lowest first): the
# fio-independent folders, built into a static library the unit tests link
# too; the fio glue both engines share; the personalities; the engines.
# Objects mirror the sources (engines/F/N.c -> $(ENG_BUILD)/F/N.o), as the
# layering check reads them.

ENG_BUILD := $(BUILD)/engines

# The objects of the sources in folders $(1) of engines/.
eng_objs = $(patsubst engines/%.c,$(ENG_BUILD)/%.o, \
	$(foreach d,$(1),$(wildcard engines/$(d)/*.c)))

# fio-independent: compiled without fio's headers, so none can creep in.
CORE_DIRS := accounting device settings emulator nvme stats
CORE_OBJS := $(call eng_objs,$(CORE_DIRS))
CORE_LIB := $(ENG_BUILD)/libfvcore.a

# The emulator's presets are the catalog's disks: engines/gen's generator
# (fioverdict's catalog reader) writes catalog/ as a C table at build
# time, and fioverdict's resolver (postproc/catalog: sku.c, id.c,
# nearest.c, libc only) turns emulate=ID into figures, as `fioverdict
# catalog show ID` does. No figure is written twice.
CAT_GEN := $(ENG_BUILD)/gen/catalog_gen
CAT_ROWS := $(ENG_BUILD)/gen/catalog_rows.c
CAT_RESOLVER := $(patsubst %,$(ENG_BUILD)/catalog/%.o,sku id nearest)
CAT_ERROR := $(ENG_BUILD)/util/error.o
CAT_OBJS := $(CAT_RESOLVER) $(CAT_ERROR) $(ENG_BUILD)/gen/catalog_rows.o

# The glue every io_uring engine links, the personalities, the engines.
GLUE_OBJS := $(call eng_objs,glue)
FILE_OBJS := $(call eng_objs,glue_file)
NVME_OBJS := $(call eng_objs,glue_nvme)
UD_OBJS := $(ENG_BUILD)/uring_durable.o $(GLUE_OBJS) $(FILE_OBJS)
PT_OBJS := $(ENG_BUILD)/nvme_pt.o $(GLUE_OBJS) $(NVME_OBJS)
FIO_OBJS := $(sort $(UD_OBJS) $(PT_OBJS))

ENGINE_LIBS := -luring -ljansson -lm
# A plugin must survive fio's dlclose() at exit (fio #730): nodelete. It
# exports ioengine alone (the version script); the fio functions it calls
# are resolved in fio's executable when fio loads it.
ENGINE_MAP := engines/ioengine.map
ENGINE_LDFLAGS := -shared -Wl,-z,nodelete -Wl,--version-script=$(ENGINE_MAP)

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

# Includes across folders name the path from engines/: -Iengines;
# -Ipostproc for catalog/catalog.h (the emulator's presets) and
# fioverdict's libc-only util headers (util/error.h, util/array_size.h).
$(CORE_OBJS): $(ENG_BUILD)/%.o: engines/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -Iengines -Ipostproc -c $< -o $@

$(CAT_RESOLVER): $(ENG_BUILD)/catalog/%.o: postproc/catalog/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -Ipostproc -c $< -o $@

# The resolver's errors (struct fv_error): libc only too.
$(CAT_ERROR): postproc/util/error.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -Ipostproc -c $< -o $@

$(ENG_BUILD)/gen/catalog_gen.o: engines/gen/catalog_gen.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -Ipostproc -c $< -o $@

$(CAT_GEN): $(ENG_BUILD)/gen/catalog_gen.o $(BUILD)/postproc/libfioverdict.a
	$(CC) $(LDFLAGS_BASE) -o $@ $^ -ljansson -lm

$(CAT_ROWS): $(CAT_GEN) $(wildcard catalog/*.csv)
	$(CAT_GEN) catalog $@

$(ENG_BUILD)/gen/catalog_rows.o: $(CAT_ROWS)
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -Ipostproc -c $< -o $@

$(CORE_LIB): $(CORE_OBJS) $(CAT_OBJS)
	@rm -f $@
	ar rcs $@ $^

# What the tree offers an engine (glue/fio_compat.h), found by compiling
# against it.
FIO_FEATURES := $(ENG_BUILD)/fio_features.h
$(FIO_FEATURES): $(FIO_STAMP) engines/glue/fio_features.sh
	engines/glue/fio_features.sh "$(CC)" "$$(cat $(FIO_STAMP))" $@

# fio's headers are not -Wextra clean: include them as system headers.
$(FIO_OBJS): $(ENG_BUILD)/%.o: engines/%.c $(FIO_STAMP) $(FIO_FEATURES)
	@mkdir -p $(@D)
	src=$$(cat $(FIO_STAMP)); \
	$(CC) $(CPPFLAGS_BASE) $(CFLAGS_BASE) -Iengines -I$(ENG_BUILD) -Ipostproc \
	  -isystem $$src -include $$src/config-host.h -c $< -o $@

$(ENG_BUILD)/uring_durable.so: $(UD_OBJS) $(CORE_LIB) $(ENGINE_MAP)
	$(CC) $(LDFLAGS_BASE) $(ENGINE_LDFLAGS) -o $@ $(filter %.o %.a,$^) \
	  $(ENGINE_LIBS)

$(ENG_BUILD)/nvme_pt.so: $(PT_OBJS) $(CORE_LIB) $(ENGINE_MAP)
	$(CC) $(LDFLAGS_BASE) $(ENGINE_LDFLAGS) -o $@ $(filter %.o %.a,$^) \
	  $(ENGINE_LIBS)

# The layering check reads engines/LAYERS, the sources and these objects.
LAYER_TREES += engines:$(ENG_BUILD)
check-layers: $(CORE_OBJS) $(FIO_OBJS) $(ENG_BUILD)/gen/catalog_gen.o

-include $(CORE_OBJS:.o=.d) $(FIO_OBJS:.o=.d) $(CAT_OBJS:.o=.d) \
	$(ENG_BUILD)/gen/catalog_gen.d
