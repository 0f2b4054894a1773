# Installing, and the Debian package.
#
#   make install    [PREFIX=/usr/local] [DESTDIR=]  the program, the
#                   engines, the man pages, the job files, the catalog and
#                   its prices, bash completion
#   make uninstall  [PREFIX=...] [DESTDIR=]  removes what install put there
#   make deb        build/deb/fioverdict_<version>_<arch>.deb, debhelper
#   make check-man      the man pages against fio --enghelp, man's warnings
#   make check-install  install and uninstall in a DESTDIR, the installed
#                       program used from there with no build tree, bash
#                       completion, another PREFIX
#   make check-ci       ci/examples/fioverdict-ci.sh with fioverdict
#                       installed: two quick placement runs, the second
#                       against the first as its baseline
#   make check-deb      the package built, lintian, installed with dpkg,
#                       used, purged: nothing left behind (root)

PREFIX ?= /usr/local
DESTDIR ?=
INSTALL ?= install
BINDIR := $(PREFIX)/bin
# fioverdict finds these from its own directory, PREFIX/bin (runner/
# beside.c): they move with PREFIX, never on their own.
ENGINEDIR := $(PREFIX)/lib/fioverdict
JOBFILEDIR := $(PREFIX)/share/fioverdict/jobfiles
CATALOGDIR := $(PREFIX)/share/fioverdict/catalog
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/fioverdict
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions

INST_JOBFILES := $(wildcard jobfiles/*.fio)
INST_CATALOG := $(wildcard catalog/*.csv)
INST_PRICES := $(wildcard catalog/prices/*.csv)
INST_MAN7 := engines/uring_durable.7 engines/nvme_pt.7
# fioverdict for the browser (make web): installed when built (make
# check builds it first), as the .deb has it (make deb builds it first)
WEBDIR := $(PREFIX)/share/fioverdict
INST_WEB := $(wildcard $(WEB_HTML))
INST_DOCS := README.md
# the README's map leads to docs/: installed beside it, as docs/
INST_DOCS_DIR := $(wildcard docs/*.md docs/*.png)
INST_EXAMPLES := ci/examples/fioverdict-ci.sh ci/examples/github-actions.yml \
	ci/examples/gitlab-ci.yml ci/examples/fioverdict-history.sh \
	ci/examples/github-history.yml

.PHONY: install uninstall deb check-man check-install check-ci check-deb

install: $(PP_BIN) $(ENGINES)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(ENGINEDIR) \
		$(DESTDIR)$(JOBFILEDIR) $(DESTDIR)$(CATALOGDIR)/prices \
		$(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(DOCDIR)/examples \
		$(DESTDIR)$(DOCDIR)/docs $(DESTDIR)$(BASHCOMPDIR)
	$(INSTALL) -m 0755 $(PP_BIN) $(DESTDIR)$(BINDIR)/fioverdict
	$(INSTALL) -m 0644 $(ENGINES) $(DESTDIR)$(ENGINEDIR)
	$(INSTALL) -m 0644 $(INST_JOBFILES) $(DESTDIR)$(JOBFILEDIR)
	$(INSTALL) -m 0644 $(INST_CATALOG) $(DESTDIR)$(CATALOGDIR)
	$(INSTALL) -m 0644 $(INST_PRICES) $(DESTDIR)$(CATALOGDIR)/prices
	$(INSTALL) -m 0644 postproc/fioverdict.1 $(DESTDIR)$(MANDIR)/man1
	$(INSTALL) -m 0644 $(INST_MAN7) $(DESTDIR)$(MANDIR)/man7
	$(INSTALL) -m 0644 $(INST_DOCS) $(DESTDIR)$(DOCDIR)
	$(INSTALL) -m 0644 $(INST_DOCS_DIR) $(DESTDIR)$(DOCDIR)/docs
	$(INSTALL) -m 0644 postproc/README.md $(DESTDIR)$(DOCDIR)/fioverdict.md
	$(INSTALL) -m 0644 $(INST_EXAMPLES) $(DESTDIR)$(DOCDIR)/examples
	$(INSTALL) -m 0644 dist/fioverdict.bash-completion \
		$(DESTDIR)$(BASHCOMPDIR)/fioverdict
	$(if $(INST_WEB),$(INSTALL) -m 0644 $(INST_WEB) $(DESTDIR)$(WEBDIR))

# The files install writes, then the directories that are ours alone
# (removed when empty: a job file of the user's own keeps its directory).
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/fioverdict \
		$(addprefix $(DESTDIR)$(ENGINEDIR)/,$(notdir $(ENGINES))) \
		$(addprefix $(DESTDIR)$(JOBFILEDIR)/,$(notdir $(INST_JOBFILES))) \
		$(addprefix $(DESTDIR)$(CATALOGDIR)/,$(notdir $(INST_CATALOG))) \
		$(addprefix $(DESTDIR)$(CATALOGDIR)/prices/,$(notdir $(INST_PRICES))) \
		$(DESTDIR)$(MANDIR)/man1/fioverdict.1 \
		$(addprefix $(DESTDIR)$(MANDIR)/man7/,$(notdir $(INST_MAN7))) \
		$(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(INST_DOCS)) fioverdict.md) \
		$(addprefix $(DESTDIR)$(DOCDIR)/docs/,$(notdir $(INST_DOCS_DIR))) \
		$(addprefix $(DESTDIR)$(DOCDIR)/examples/,$(notdir $(INST_EXAMPLES))) \
		$(DESTDIR)$(BASHCOMPDIR)/fioverdict \
		$(DESTDIR)$(WEBDIR)/fioverdict.html
	@for d in $(DESTDIR)$(ENGINEDIR) $(DESTDIR)$(JOBFILEDIR) \
		$(DESTDIR)$(CATALOGDIR)/prices $(DESTDIR)$(CATALOGDIR) \
		$(DESTDIR)$(PREFIX)/share/fioverdict $(DESTDIR)$(DOCDIR)/examples \
		$(DESTDIR)$(DOCDIR)/docs $(DESTDIR)$(DOCDIR); do \
		[ ! -d "$$d" ] || rmdir --ignore-fail-on-non-empty "$$d"; \
	done

# The packages (source and binary) are built by dpkg-buildpackage in a
# copy of the sources (build/deb/fioverdict-VERSION), so that its results
# land in build/deb and not beside the source tree, with the fio source
# tree this build already uses, by its absolute path (the fetched one's
# is relative to this directory; debian/rules pins the package to that
# fio's version).
DEB_DIR := build/deb
DEB_VERSION = $(shell dpkg-parsechangelog -l debian/changelog -S Version)
DEB_ARCH = $(shell dpkg --print-architecture)
DEB_FILE = $(DEB_DIR)/fioverdict_$(DEB_VERSION)_$(DEB_ARCH).deb

deb: $(FIO_STAMP) $(WEB_HTML)
	@command -v dh >/dev/null || { echo "make deb: debhelper is missing: run 'ci/setup.sh package'" >&2; exit 69; }
	rm -rf $(DEB_DIR) && mkdir -p $(DEB_DIR)/fioverdict-$(DEB_VERSION)
	tar -c --exclude=./build --exclude=./results --exclude=./.git -f - . | \
		tar -x -C $(DEB_DIR)/fioverdict-$(DEB_VERSION)
	src=$$(realpath "$$(cat $(FIO_STAMP))") && \
	web=$$(realpath $(WEB_HTML)) && \
	cd $(DEB_DIR)/fioverdict-$(DEB_VERSION) && \
		FIO_SRC="$$src" WEB_PAGE="$$web" \
		dpkg-buildpackage -us -uc -Jauto >../build.log 2>&1 || \
		{ tail -n 40 ../build.log; echo "make deb: dpkg-buildpackage failed: $(DEB_DIR)/build.log" >&2; exit 1; }
	@echo "deb: $(DEB_FILE)"

check-man: engines $(PP_BIN)
	FV_ENGINES=$(ENG_BUILD) FV_BIN=$(PP_BIN) tests/man/run.sh

# Each runs `make install` itself, into a DESTDIR of its own.
check-install: engines $(PP_BIN) $(WEB_HTML)
	MAKE="$(MAKE)" FV_TMP=$(BUILD)/tests/install tests/install/run.sh

check-ci: engines $(PP_BIN)
	MAKE="$(MAKE)" FV_TMP=$(BUILD)/tests/ci tests/ci/run.sh

check-deb: deb
	FV_DEB=$(DEB_FILE) tests/deb/run.sh

check-all: check-man check-install check-ci check-deb
