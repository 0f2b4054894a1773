#!/bin/bash
# Fetch and configure the fio source tree that matches the installed fio, so
# that external engines are compiled against the same struct layouts as the
# fio that loads them (fio checks only FIO_IOOPS_VERSION, not the layouts).
#
# Where the tree comes from, first that serves:
#   1. FIO_TARBALLS=DIR (environment): DIR/fio-X.tar.gz, the upstream
#      release tarball of exactly the installed version X (a `git archive`
#      of the fio-X tag, or GitHub's archive of it); no network;
#   2. apt-get source fio=<installed Debian version>, enabling a deb-src
#      entry when none exists;
#   3. otherwise: a message that says what to fetch, and from where.
#
# Usage: ci/fio-src.sh DESTDIR          fetch into DESTDIR (once) if needed
#        ci/fio-src.sh --use SRCDIR      only check a tree given by FIO_SRC=
#        ci/fio-src.sh --deb-version SRCDIR
#                                        the Debian version of the fio that
#                                        tree matches, which the package
#                                        depends on
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

# The installed fio's options that tree $1 lacks. A fio built from another
# snapshot than its version names has another struct thread_options, which
# compiles silently and is misread at run time: Debian 13's fio 3.39-1 is
# a snapshot after the 3.39 release (it has verify_header_seed, upstream
# commit 703d04e7 of 2025-03-06), so the 3.39 release tarball is not its
# tree. The options fio lists (--cmdhelp=all) against the names of the
# tree's option table (options.c).
foreign_options() {
	comm -23 \
		<("$FIO_BIN" --cmdhelp=all 2>/dev/null |
			sed -n 's/^[[:space:]]*\([a-z0-9_]*\)[[:space:]]*:.*/\1/p' | sort -u) \
		<(sed -n 's/^[[:space:]]*\.name[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' \
			"$1/options.c" | sort -u) | tr '\n' ' ' | sed 's/ $//'
}

# Refuses tree $1 when the installed fio has options it lacks.
check_options() {
	local extra
	extra=$(foreign_options "$1")
	[ -z "$extra" ] && return 0
	die "the installed $("$FIO_BIN" --version) has options that the tree $1 lacks ($extra): it was built from another snapshot of fio than that tree, and engines built against it would misread fio's structures. Build against the installed fio's own source (apt-get source fio on a mirror that serves the sources of the distribution), or FIO_SRC=DIR, a tree of the snapshot it was built from"
}

# The fio whose structures count: the one on PATH, but for a package the
# packaged one (--deb-version).
FIO_BIN=fio

# A Debian version's upstream part: 3.39-1 -> 3.39, 1:3.41-2+b1 -> 3.41.
upstream_of() {
	local v=${1#*:}
	echo "${v%-*}"
}

# The package pins fio to the exact Debian version of the fio its engines
# were compiled for: the installed one, which the tree must match (its
# debian/changelog, for a Debian source package; its upstream version, for
# a release tarball).
if [ "${1:-}" = "--deb-version" ]; then
	src=${2:?usage: ci/fio-src.sh --deb-version SRCDIR}
	have=$(dpkg-query -W -f='${Version}' fio 2>/dev/null) ||
		die "fio is not installed as a Debian package: a package cannot name the fio its engines were built for"
	if [ -f "$src/debian/changelog" ]; then
		tree=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version) ||
			die "cannot read $src/debian/changelog"
		[ "$tree" = "$have" ] ||
			die "the engines were built against the source of fio $tree but fio $have is installed: rebuild with the source of $have (leave FIO_SRC unset)"
	else
		tree=$(tree_version "$src")
		[ "${tree#fio-}" = "$(upstream_of "$have")" ] ||
			die "the engines were built against ${tree:-an unknown fio} but fio $have is installed: rebuild against a tree of $have"
		FIO_BIN=$(dpkg -L fio 2>/dev/null | grep -m1 '/bin/fio$') ||
			die "cannot find the packaged fio's binary (dpkg -L fio)"
		check_options "$src"
	fi
	echo "$have"
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
	check_options "$src"
	echo "$src"
	exit 0
fi

dest=${1:?usage: ci/fio-src.sh DESTDIR}

command -v fio >/dev/null 2>&1 ||
	die "fio is not installed: run 'ci/setup.sh' (or apt-get install fio), or pass FIO_SRC=DIR"
fio_ver=$(fio --version) # e.g. "fio-3.33"
upstream=${fio_ver#fio-}
deb_ver=$(dpkg-query -W -f='${Version}' fio 2>/dev/null) || deb_ver=
# a fio first on PATH that is not the packaged one has no Debian source
[ "$(upstream_of "$deb_ver")" = "$upstream" ] || deb_ver=
tarball=${FIO_TARBALLS:+$FIO_TARBALLS/fio-$upstream.tar.gz}
[ -z "${FIO_TARBALLS:-}" ] || [ -d "$FIO_TARBALLS" ] ||
	die "FIO_TARBALLS=$FIO_TARBALLS is not a folder: name a folder that holds fio-$upstream.tar.gz"

# What a user does when no source is to be had here.
fetch_hint() {
	echo "fetch fio's release tarball of exactly $fio_ver (the tag $fio_ver of github.com/axboe/fio: https://github.com/axboe/fio/archive/refs/tags/$fio_ver.tar.gz, saved as fio-$upstream.tar.gz) into a folder and run make FIO_TARBALLS=DIR, or pass FIO_SRC=DIR, a fio $upstream tree configured with ./configure --disable-native"
}

srcdir="$dest/fio-$upstream"
stamp="$srcdir/.configured-${deb_ver:-$upstream}"
if [ -f "$srcdir/config-host.h" ] && [ -f "$stamp" ]; then
	check_options "$srcdir"
	echo "$srcdir"
	exit 0
fi

mkdir -p "$dest"
work=$(mktemp -d "$dest/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT

# A release tarball: its one top folder is the tree (fio-X, or GitHub's
# fio-fio-X); its version must be the installed one.
from_tarball() {
	local top
	echo "fio-src: unpacking $tarball" >&2
	tar -xzf "$tarball" -C "$work" ||
		die "cannot unpack $tarball: is it a gzip'ed tar of fio's source?"
	top=$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -n 2)
	[ "$(echo "$top" | wc -l)" -eq 1 ] && [ -f "$top/fio.h" ] ||
		die "$tarball does not hold one fio source tree"
	[ "$(tree_version "$top")" = "$fio_ver" ] ||
		die "$tarball is $(tree_version "$top") but the installed fio is $fio_ver: give the tarball of $fio_ver"
	mv "$top" "$work/tree"
}

# apt-get source needs a deb-src entry; add one mirroring the deb entries.
has_debsrc() {
	grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null
}
from_apt() {
	if ! has_debsrc; then
		[ "$(id -u)" -eq 0 ] ||
			die "no deb-src entry in /etc/apt and not root: add one, or $(fetch_hint)"
		echo "fio-src: enabling deb-src entries in /etc/apt/sources.list.d/fioverdict-src.sources" >&2
		if [ -f /etc/apt/sources.list.d/debian.sources ]; then
			sed -n '/^Types:/s/^Types:.*/Types: deb-src/;p' /etc/apt/sources.list.d/debian.sources \
				>/etc/apt/sources.list.d/fioverdict-src.sources
		elif [ -f /etc/apt/sources.list ]; then
			sed -n 's/^deb /deb-src /p' /etc/apt/sources.list \
				>/etc/apt/sources.list.d/fioverdict-src.list
		else
			die "no apt sources found to derive a deb-src entry from; $(fetch_hint)"
		fi
		apt-get update -qq >&2 || true
	fi
	echo "fio-src: fetching the source of fio $deb_ver" >&2
	(cd "$work" && apt-get source -qq --download-only "fio=$deb_ver" >&2) ||
		die "apt-get source fio=$deb_ver failed (this distribution's sources may not serve it); $(fetch_hint)"
	(cd "$work" && dpkg-source -q --no-check -x fio_*.dsc tree >&2) ||
		die "could not unpack the fio $deb_ver source package"
}

if [ -n "$tarball" ] && [ -f "$tarball" ]; then
	from_tarball
elif [ -n "$deb_ver" ]; then
	[ -z "$tarball" ] || echo "fio-src: no $tarball; trying apt-get source" >&2
	from_apt
else
	die "the fio on PATH ($fio_ver) is not from a Debian package here, so apt cannot fetch its source${tarball:+, and there is no $tarball}: $(fetch_hint)"
fi

rm -rf "$srcdir"
mv "$work/tree" "$srcdir"
echo "fio-src: configuring $srcdir (./configure --disable-native)" >&2
(cd "$srcdir" && ./configure --disable-native >configure.log 2>&1) ||
	die "./configure failed in $srcdir: see $srcdir/configure.log"
touch "$stamp"
check_options "$srcdir"
echo "$srcdir"
