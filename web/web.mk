# make web: fioverdict for the browser. build/web/fioverdict.wasm is the
# program compiled to WebAssembly as a WASI command (the same C, the same
# arguments; the files it reads are the preopened directories'), and
# build/web/fioverdict.html is one self-contained page that runs it: drop
# files or a folder, get the report, the tables and the findings.
#
# The C libraries are built for wasm32-wasi from Debian's source packages
# of the installed versions (web/deps.sh). What starts fio (runner/,
# cmd/run.c, cmd/replay.c) or reads the kernel's tracepoints
# (cmd/capture.c, trace/capture.c) is left out: web/run_unavailable.c
# says so instead.

WEB_OUT := $(BUILD)/web
WEB_DEPS := $(WEB_OUT)/deps
WEB_WASM := $(WEB_OUT)/fioverdict.wasm
WEB_HTML := $(WEB_OUT)/fioverdict.html
WASM_CC ?= clang
WASM_AR ?= llvm-ar
WASM_RANLIB ?= llvm-ranlib
# WASI's libc emulates these POSIX parts only when asked: getpid (the
# names of temporary files), mmap (inputs read as a mapping), signal.h;
# web/wasi_compat.h has what it lacks.
WASM_EMULATED := getpid mman signal
WEB_CFLAGS := --target=wasm32-wasi -std=gnu11 -O2 $(WARN) -D_GNU_SOURCE \
	-D_WASI_EMULATED_GETPID -D_WASI_EMULATED_MMAN -D_WASI_EMULATED_SIGNAL \
	-include web/wasi_compat.h -I$(PP_DIR) -I$(WEB_DEPS)/include -MMD -MP
WEB_LDFLAGS := --target=wasm32-wasi -L$(WEB_DEPS)/lib \
	-Wl,-z,stack-size=1048576 $(WASM_EMULATED:%=-lwasi-emulated-%)
WEB_SRCS := $(filter-out $(PP_DIR)/runner/% $(PP_DIR)/cmd/run.c \
	$(PP_DIR)/cmd/replay.c $(PP_DIR)/cmd/capture.c \
	$(PP_DIR)/trace/capture.c,$(PP_SRCS)) \
	$(PP_DIR)/cmd/main.c
WEB_OBJS := $(WEB_SRCS:$(PP_DIR)/%.c=$(WEB_OUT)/obj/%.o) \
	$(WEB_OUT)/obj/wasi_compat.o $(WEB_OUT)/obj/run_unavailable.o

.PHONY: web web-build check-web
# As make demo: what is missing is installed first (ci/setup.sh web).
web:
	ci/setup.sh web
	$(MAKE) --no-print-directory web-build
web-build: $(WEB_WASM) $(WEB_HTML)

$(WEB_DEPS)/.done: web/deps.sh
	CC_WASM=$(WASM_CC) AR_WASM=$(WASM_AR) RANLIB_WASM=$(WASM_RANLIB) \
		web/deps.sh $(WEB_DEPS)

$(WEB_OUT)/obj/%.o: $(PP_DIR)/%.c | $(WEB_DEPS)/.done
	@mkdir -p $(@D)
	$(WASM_CC) $(WEB_CFLAGS) -c $< -o $@

$(WEB_OUT)/obj/wasi_compat.o $(WEB_OUT)/obj/run_unavailable.o: \
		$(WEB_OUT)/obj/%.o: web/%.c | $(WEB_DEPS)/.done
	@mkdir -p $(@D)
	$(WASM_CC) $(WEB_CFLAGS) -c $< -o $@

$(WEB_WASM): $(WEB_OBJS)
	$(WASM_CC) $(WEB_LDFLAGS) $^ -ljansson -lexpat -lz -lm -o $@

FV_VERSION := $(shell sed -n 's/^\#define FV_VERSION "\(.*\)"/\1/p' \
	$(PP_DIR)/util/version.h)
$(WEB_HTML): web/page.html web/wasi.js web/bundle.sh $(WEB_WASM) \
		$(wildcard catalog/*.csv catalog/*/*.csv)
	web/bundle.sh web/page.html web/wasi.js $(WEB_WASM) catalog \
		$(FV_VERSION) >$@.tmp && mv $@.tmp $@
	@echo "$@: $$(stat -c %s $@) bytes"

-include $(WEB_OBJS:.o=.d)

# make check-web (part of check-all): the stand-ins of web/wasi_compat.c
# against glibc's own, natively; the module under node's WASI against the
# native binary on every folder of the acceptance corpus, every table
# subcommand in JSON (tests/web/equal.py); the page in Chromium
# (tests/web/page_check.py, with Debian's own python3: python3-selenium
# is installed for it, whatever python3 comes first on PATH).
WEB_TEST_COMPAT := $(WEB_OUT)/test_compat
$(WEB_TEST_COMPAT): tests/web/test_compat.c web/wasi_compat.c web/wasi_compat.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_BASE) -Iweb -Ipostproc $(CFLAGS_BASE) tests/web/test_compat.c \
		web/wasi_compat.c -lcmocka -o $@

ifneq ($(SANITIZE),1)
check-builds: $(WEB_TEST_COMPAT) $(WEB_WASM) $(WEB_HTML)
check-all: check-web
endif
check-web: $(WEB_TEST_COMPAT) $(WEB_WASM) $(WEB_HTML) $(PP_BIN)
	$(WEB_TEST_COMPAT)
	python3 tests/web/equal.py $(PP_BIN) $(WEB_WASM) $(WEB_OUT)/equal \
		$(ACC_CORPUS) $(ACC_MADE)
	/usr/bin/python3 tests/web/page_check.py $(PP_BIN) $(WEB_HTML) $(WEB_OUT)/page \
		$(ACC_DIR)/corpus/diskspd $(ACC_CORPUS) $(ACC_MADE)

# make bench-web (part of make bench): the page against the native binary
# on bench-postproc's corpus, in one run (tests/web/bench.py).
.PHONY: bench-web
bench: bench-web
bench-web: $(WEB_WASM) $(WEB_HTML) $(PP_BIN) bench-postproc
	/usr/bin/python3 tests/web/bench.py $(PP_BIN) $(WEB_WASM) $(WEB_HTML) \
		$(PP_TOUT)/bench/corpus $(WEB_OUT)/bench
