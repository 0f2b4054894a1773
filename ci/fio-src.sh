#!/bin/bash
# Fetch and configure the fio source tree that matches the installed fio, so
# that external engines are compiled against the same struct layouts as the
# fio that loads them (fio checks only FIO_IOOPS_VERSION, not the layouts).
#
# A tree matches a fio when its version is the fio's (FIO-VERSION-GEN) and
# its option table is the fio's (check_options): a distribution may build
# another snapshot than the release its version names, whose struct
# thread_options differs, which compiles silently and is misread at run
# time. Where the tree comes from, first that matches:
#   1. FIO_TARBALLS=DIR (environment): for a packaged fio that was not built
#      from its release (distribution_tree), the tarball of the tree it was
#      built from (fio-3.39-debian13.tar.gz for Debian 13's 3.39-1); then
#      DIR/fio-X.tar.gz, the upstream release tarball of exactly the
#      installed version X (a `git archive` of the fio-X tag, or GitHub's
#      archive of it); no network;
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

# Packaged fio versions built from another tree than their release: the
# tarball of that tree (in FIO_TARBALLS) and the upstream commit it is
# (`git archive --prefix=fio-X/ COMMIT`). A version is the source
# package's, the same in every distribution that ships it unchanged.
#   3.39-1  Debian 13: "new upstream version 3.39" of 2025-03-18, but it has
#           verify_header_seed (merged 2025-03-06) and lacks 3.40's options:
#           upstream master at d2a4910b (2025-03-07)
distribution_tree() { # DEBIAN_VERSION -> TARBALL COMMIT
	case ${1%+b*} in
	3.39-1) echo "fio-3.39-debian13.tar.gz d2a4910b" ;;
	esac
}

# The version a source tree declares (DEF_VER in FIO-VERSION-GEN).
tree_version() {
	sed -n 's/^DEF_VER=//p' "$1/FIO-VERSION-GEN" 2>/dev/null | head -n1
}

# The options fio lists (--cmdhelp=all), and the names of a tree's option
# table (options.c).
fio_options() {
	"$FIO_BIN" --cmdhelp=all 2>/dev/null |
		sed -n 's/^[[:space:]]*\([a-z0-9_-]*\)[[:space:]]*:.*/\1/p' | sort -u
}
tree_options() {
	sed -n 's/^[[:space:]]*\.name[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' \
		"$1/options.c" | sort -u
}

# The options of tree $1 that every fio built from it has: outside any #if
# (a build option) and not deprecated (fio never lists those).
tree_firm_options() {
	awk '/^#[[:space:]]*if/ { depth++ } /^#[[:space:]]*endif/ { depth-- }
	/^[[:space:]]*\.name[[:space:]]*=/ {
		if (name != "" && !deprecated) print name
		name = ""; deprecated = 0
		if (depth == 0 && match($0, /"[^"]*"/))
			name = substr($0, RSTART + 1, RLENGTH - 2)
	}
	/\.type[[:space:]]*=[[:space:]]*FIO_OPT_(SOFT_)?DEPRECATED/ { deprecated = 1 }
	END { if (name != "" && !deprecated) print name }' "$1/options.c" | sort -u
}

# What sets the installed fio and tree $1 apart, empty when nothing does:
# options fio has that the tree lacks (fio built from a later snapshot),
# and options every build of the tree has that fio does not know, not even
# as a hidden one (--cmdhelp=NAME; fio built from an earlier snapshot).
options_apart() {
	local have lacks newer=() o
	have=$(fio_options)
	lacks=$(comm -23 <(echo "$have") <(tree_options "$1") | tr '\n' ' ')
	for o in $(comm -13 <(echo "$have") <(tree_firm_options "$1")); do
		"$FIO_BIN" --cmdhelp="$o" 2>&1 | grep -q '^No such command' && newer+=("$o")
	done
	[ -z "$lacks" ] || echo "the installed $("$FIO_BIN" --version) has options that the tree $1 lacks (${lacks% })"
	[ ${#newer[@]} -eq 0 ] || echo "the tree $1 has options that the installed $("$FIO_BIN" --version) lacks (${newer[*]})"
}

# Refuses tree $1 unless it is the installed fio's.
check_options() {
	local apart
	apart=$(options_apart "$1")
	[ -z "$apart" ] && return 0
	die "$(echo "$apart" | paste -sd ';' | sed 's/;/; /g'): it was built from another snapshot of fio than that tree, and engines built against it would misread fio's structures. Build against the installed fio's own source (apt-get source fio on a mirror that serves the sources of the distribution), or FIO_SRC=DIR, a tree of the snapshot it was built from"
}

# The fio whose structures count: the one on PATH, but for a package the
# packaged one (--deb-version).
FIO_BIN=fio

# A Debian version's upstream part: 3.39-1 -> 3.39, 1:3.41-2+b1 -> 3.41.
upstream_of() {
	local v=${1#*:}
	echo "${v%-*}"
}

# The packaged fio's binary, empty when fio is no Debian package here.
packaged_fio() {
	dpkg -L fio 2>/dev/null | grep -m1 '/bin/fio$' || true
}

# The package pins fio to the exact Debian version of the fio its engines
# were compiled for: the installed one, which the tree must match (its
# debian/changelog, for a Debian source package; its upstream version and
# its options, for a tarball).
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
		FIO_BIN=$(packaged_fio)
		[ -n "$FIO_BIN" ] || die "cannot find the packaged fio's binary (dpkg -L fio)"
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
# The Debian version of the fio on PATH: none when that fio is not the
# packaged one (one built from a tarball, first on PATH), whose source
# apt does not have.
deb_ver=
pkg_bin=$(packaged_fio)
if [ -n "$pkg_bin" ] && [ "$(readlink -f "$(command -v fio)")" = "$(readlink -f "$pkg_bin")" ]; then
	deb_ver=$(dpkg-query -W -f='${Version}' fio 2>/dev/null) || deb_ver=
fi
[ -z "${FIO_TARBALLS:-}" ] || [ -d "$FIO_TARBALLS" ] ||
	die "FIO_TARBALLS=$FIO_TARBALLS is not a folder: name a folder that holds fio-$upstream.tar.gz"

# The tarballs that may hold this fio's tree, most specific first.
read -r dist_tarball dist_commit <<<"$(distribution_tree "$deb_ver")" || true
candidates=()
if [ -n "${FIO_TARBALLS:-}" ]; then
	[ -z "${dist_tarball:-}" ] || candidates+=("$FIO_TARBALLS/$dist_tarball")
	candidates+=("$FIO_TARBALLS/fio-$upstream.tar.gz")
fi

# What a user does when no source is to be had here.
fetch_hint() {
	if [ -n "${dist_tarball:-}" ]; then
		echo "make the tarball of the tree the packaged fio $deb_ver was built from (in a clone of github.com/axboe/fio: git archive --prefix=fio-$upstream/ $dist_commit | gzip > $dist_tarball) in a folder and run make FIO_TARBALLS=DIR, or pass FIO_SRC=DIR, that tree configured with ./configure --disable-native"
	else
		echo "fetch fio's release tarball of exactly $fio_ver (the tag $fio_ver of github.com/axboe/fio: https://github.com/axboe/fio/archive/refs/tags/$fio_ver.tar.gz, saved as fio-$upstream.tar.gz) into a folder and run make FIO_TARBALLS=DIR, or pass FIO_SRC=DIR, a fio $upstream tree configured with ./configure --disable-native"
	fi
}

# A tree configured here before, from tarball or Debian version $2, that
# is still the installed fio's.
cached() {
	local dir=$1 from=$2
	[ -f "$dir/config-host.h" ] && [ -f "$dir/.configured-$from" ] &&
		[ -z "$(options_apart "$dir")" ]
}
for t in ${dist_tarball:-} "fio-$upstream.tar.gz"; do
	if cached "$dest/${t%.tar.gz}" "$t"; then
		echo "$dest/${t%.tar.gz}"
		exit 0
	fi
done
if [ -n "$deb_ver" ] && cached "$dest/fio-$upstream" "$deb_ver"; then
	echo "$dest/fio-$upstream"
	exit 0
fi

mkdir -p "$dest"
work=$(mktemp -d "$dest/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Why each tarball tried was not taken, for the last message.
refused=()

# A tarball: its one top folder is the tree (fio-X, or GitHub's fio-fio-X);
# taken when its version and options are the installed fio's.
from_tarball() {
	local t=$1 top apart
	rm -rf "$work/unpack" && mkdir "$work/unpack"
	echo "fio-src: unpacking $t" >&2
	tar -xzf "$t" -C "$work/unpack" ||
		die "cannot unpack $t: is it a gzip'ed tar of fio's source?"
	top=$(find "$work/unpack" -mindepth 1 -maxdepth 1 -type d | head -n 2)
	[ "$(echo "$top" | wc -l)" -eq 1 ] && [ -f "$top/fio.h" ] ||
		die "$t does not hold one fio source tree"
	if [ "$(tree_version "$top")" != "$fio_ver" ]; then
		refused+=("$t is $(tree_version "$top"), not $fio_ver")
		return 1
	fi
	apart=$(options_apart "$top")
	if [ -n "$apart" ]; then
		refused+=("$(echo "$apart" | sed "s|$top|$dest/$(basename "$t" .tar.gz)|g" | paste -sd ';' | sed 's/;/; /g')")
		return 1
	fi
	mv "$top" "$work/tree"
}

# apt-get source needs a deb-src entry; add one mirroring the deb entries.
has_debsrc() {
	grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null
}
# Why the tarballs were refused, before what apt said.
why_not_tarballs() {
	[ ${#refused[@]} -eq 0 ] || printf '%s; ' "${refused[@]}"
}
from_apt() {
	if ! has_debsrc; then
		[ "$(id -u)" -eq 0 ] ||
			die "$(why_not_tarballs)no deb-src entry in /etc/apt and not root: add one, or $(fetch_hint)"
		echo "fio-src: enabling deb-src entries in /etc/apt/sources.list.d/fioverdict-src.sources" >&2
		if [ -f /etc/apt/sources.list.d/debian.sources ]; then
			sed -n '/^Types:/s/^Types:.*/Types: deb-src/;p' /etc/apt/sources.list.d/debian.sources \
				>/etc/apt/sources.list.d/fioverdict-src.sources
		elif [ -f /etc/apt/sources.list ]; then
			sed -n 's/^deb /deb-src /p' /etc/apt/sources.list \
				>/etc/apt/sources.list.d/fioverdict-src.list
		else
			die "$(why_not_tarballs)no apt sources found to derive a deb-src entry from; $(fetch_hint)"
		fi
		apt-get update -qq >&2 || true
	fi
	echo "fio-src: fetching the source of fio $deb_ver" >&2
	(cd "$work" && apt-get source -qq --download-only "fio=$deb_ver" >&2) ||
		die "$(why_not_tarballs)apt-get source fio=$deb_ver failed (this distribution's sources may not serve it); $(fetch_hint)"
	(cd "$work" && dpkg-source -q --no-check -x fio_*.dsc tree >&2) ||
		die "could not unpack the fio $deb_ver source package"
}

from=
for t in "${candidates[@]}"; do
	if [ ! -f "$t" ]; then
		refused+=("no $t")
		continue
	fi
	if from_tarball "$t"; then
		from=$(basename "$t")
		srcdir="$dest/$(basename "$t" .tar.gz)"
		break
	fi
done
if [ -z "$from" ] && [ -n "$deb_ver" ]; then
	[ ${#refused[@]} -eq 0 ] || echo "fio-src: $(why_not_tarballs)trying apt-get source" >&2
	from_apt
	from=$deb_ver
	srcdir="$dest/fio-$upstream"
elif [ -z "$from" ]; then
	die "$(why_not_tarballs)the fio on PATH ($fio_ver) is not from a Debian package here, so apt cannot fetch its source: $(fetch_hint)"
fi

rm -rf "$srcdir"
mv "$work/tree" "$srcdir"
echo "fio-src: configuring $srcdir (./configure --disable-native)" >&2
(cd "$srcdir" && ./configure --disable-native >configure.log 2>&1) ||
	die "./configure failed in $srcdir: see $srcdir/configure.log"
touch "$srcdir/.configured-$from"
check_options "$srcdir"
echo "$srcdir"
