#!/bin/bash
# Fetch and configure the fio source tree that matches the installed fio, so
# that external engines are compiled against the same struct layouts as the
# fio that loads them (fio checks only FIO_IOOPS_VERSION, not the layouts).
#
# Usage: ci/fio-src.sh DESTDIR          fetch into DESTDIR (once) if needed
#        ci/fio-src.sh --use SRCDIR      only check a tree given by FIO_SRC=
#        ci/fio-src.sh --deb-version SRCDIR
#                                        the Debian version of that tree,
#                                        which the package depends on
# Prints the configured source directory (the version) on stdout.
set -euo pipefail

die() {
	echo "fio-src: $*" >&2
	exit 1
}

# The version a source tree declares (DEF_VER in FIO-VERSION-GEN).
tree_version() {
	sed -n 's/^DEF_VER=//p' "$1/FIO-VERSION-GEN" 2>/dev/null | head -n1
}

# The package pins fio to the exact Debian version of the source its
# engines were compiled against: that tree's debian/changelog says which,
# and the installed fio must be that one (else the pin would not install).
if [ "${1:-}" = "--deb-version" ]; then
	src=${2:?usage: ci/fio-src.sh --deb-version SRCDIR}
	[ -f "$src/debian/changelog" ] ||
		die "$src has no debian/changelog: a package cannot name the Debian fio its engines were built against; leave FIO_SRC unset so that the build fetches fio's Debian source (apt-get source)"
	tree=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version) ||
		die "cannot read $src/debian/changelog"
	have=$(dpkg-query -W -f='${Version}' fio 2>/dev/null) ||
		die "fio is not installed as a Debian package"
	[ "$tree" = "$have" ] ||
		die "the engines were built against the source of fio $tree but fio $have is installed: rebuild with the source of $have (leave FIO_SRC unset)"
	echo "$tree"
	exit 0
fi

if [ "${1:-}" = "--use" ]; then
	src=${2:?usage: ci/fio-src.sh --use SRCDIR}
	command -v fio >/dev/null 2>&1 ||
		die "fio is not installed: run 'ci/setup.sh' or apt-get install fio"
	want=$(fio --version)
	[ -f "$src/fio.h" ] || die "FIO_SRC=$src is not a fio source tree (no fio.h there)"
	have=$(tree_version "$src")
	[ "$have" = "$want" ] ||
		die "FIO_SRC=$src is ${have:-an unknown version} but the installed fio is $want: engines must be built against the same version; give a $want tree, or leave FIO_SRC unset to fetch it"
	[ -f "$src/config-host.h" ] ||
		die "FIO_SRC=$src is not configured: run './configure --disable-native' in it"
	echo "$src"
	exit 0
fi

dest=${1:?usage: ci/fio-src.sh DESTDIR}

command -v fio >/dev/null 2>&1 ||
	die "fio is not installed: run 'ci/setup.sh' (or apt-get install fio), or pass FIO_SRC=DIR"
fio_ver=$(fio --version) # e.g. "fio-3.33"
upstream=${fio_ver#fio-}

command -v dpkg-query >/dev/null 2>&1 ||
	die "cannot fetch the source of $fio_ver automatically on a system without dpkg; pass FIO_SRC=DIR, a fio $upstream source tree configured with ./configure --disable-native"
deb_ver=$(dpkg-query -W -f='${Version}' fio 2>/dev/null) ||
	die "fio $upstream is not a Debian package here; pass FIO_SRC=DIR, a fio $upstream source tree configured with ./configure --disable-native"

srcdir="$dest/fio-$upstream"
if [ -f "$srcdir/config-host.h" ] && [ -f "$srcdir/.configured-$deb_ver" ]; then
	echo "$srcdir"
	exit 0
fi

# apt-get source needs a deb-src entry; add one mirroring the deb entries.
has_debsrc() {
	grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null
}
if ! has_debsrc; then
	[ "$(id -u)" -eq 0 ] ||
		die "no deb-src entry in /etc/apt and not root: add one, or pass FIO_SRC=DIR"
	echo "fio-src: enabling deb-src entries in /etc/apt/sources.list.d/fioverdict-src.sources" >&2
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		sed -n '/^Types:/s/^Types:.*/Types: deb-src/;p' /etc/apt/sources.list.d/debian.sources \
			>/etc/apt/sources.list.d/fioverdict-src.sources
	elif [ -f /etc/apt/sources.list ]; then
		sed -n 's/^deb /deb-src /p' /etc/apt/sources.list \
			>/etc/apt/sources.list.d/fioverdict-src.list
	else
		die "no apt sources found to derive a deb-src entry from; pass FIO_SRC=DIR"
	fi
	apt-get update -qq >&2
fi

mkdir -p "$dest"
work=$(mktemp -d "$dest/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "fio-src: fetching the source of fio $deb_ver" >&2
(cd "$work" && apt-get source -qq --download-only "fio=$deb_ver" >&2) ||
	die "apt-get source fio=$deb_ver failed: check the deb-src entries, or pass FIO_SRC=DIR"
(cd "$work" && dpkg-source -q --no-check -x fio_*.dsc tree >&2) ||
	die "could not unpack the fio $deb_ver source package"

rm -rf "$srcdir"
mv "$work/tree" "$srcdir"
echo "fio-src: configuring $srcdir (./configure --disable-native)" >&2
(cd "$srcdir" && ./configure --disable-native >configure.log 2>&1) ||
	die "./configure failed in $srcdir: see $srcdir/configure.log"
touch "$srcdir/.configured-$deb_ver"
echo "$srcdir"
