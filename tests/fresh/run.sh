#!/bin/bash
# The README's commands on a fresh Debian root, as a new user runs them: a
# minimal root made with debootstrap from the Debian archive this machine's
# apt already uses, this tree copied into it, then, as root in it:
# `apt-get install make`; `make demo` with the folder of fio tarballs, on
# the distribution's own fio package (Debian 13's 3.39-1 is a later
# snapshot than the 3.39 release: the folder's fio-3.39-debian13.tar.gz is
# its tree, and the release beside it must not be taken); the release
# alone refused, for the package and for its pin; the engine suites of
# make check (unit, integration, exports) on that fio; every package make
# check installs resolved by the root's apt; and the package's pin, the
# exact version of Debian's fio.
#
# Environment: FV_FRESH_SUITE (default trixie), FV_FRESH_ROOT (the root's
# folder, made anew), FV_FIO_TARBALLS (folder of fio-X.tar.gz), FV_FRESH_WEB
# (1: make web too). Needs root.
# Last line: "fresh SUITE: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
TOP=$(pwd)
. tests/lib/check.sh

SUITE=${FV_FRESH_SUITE:-trixie}
ROOT=${FV_FRESH_ROOT:-build/fresh/$SUITE}
TARBALLS=${FV_FIO_TARBALLS:?FV_FIO_TARBALLS names the folder of fio-X.tar.gz}

finish() {
	summary "fresh $SUITE"
	exit
}

[ "$(id -u)" -eq 0 ] || {
	not_ok "fresh $SUITE root" "needs root (debootstrap, chroot, mounts)"
	finish
}
mkdir -p "$(dirname "$ROOT")"
ROOT=$(cd "$(dirname "$ROOT")" && pwd)/$(basename "$ROOT")

# The mounts under the root, deepest first; nothing is removed while one
# is left, since /dev is the host's own.
unmount_all() {
	local p m
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/root" 2>/dev/null)" = "$ROOT" ] &&
			kill -9 "${p#/proc/}" 2>/dev/null
	done
	for m in $(findmnt -rn -o TARGET | grep -F "$ROOT/" | sort -r); do
		umount -l "$m" 2>/dev/null
	done
}
remove_root() {
	unmount_all
	if findmnt -rn -o TARGET | grep -qF "$ROOT/"; then
		echo "fresh: mounts left under $ROOT; not removing it" >&2
		return 1
	fi
	rm -rf "$ROOT"
}
trap 'remove_root' EXIT

# The archive this machine's apt uses (the first deb entry).
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1)
[ -n "$mirror" ] ||
	mirror=$(awk '$1 == "deb" { print $2; exit }' /etc/apt/sources.list 2>/dev/null)
[ -n "$mirror" ] || {
	not_ok "fresh $SUITE root" "no Debian archive in /etc/apt to make it from"
	finish
}

remove_root || finish
start=$(date +%s)
if debootstrap --variant=minbase "$SUITE" "$ROOT" "$mirror" >"$ROOT.debootstrap.log" 2>&1; then
	ok "debootstrap $SUITE: a minimal root in $(($(date +%s) - start)) s"
else
	not_ok "debootstrap $SUITE" "$(tail -n 3 "$ROOT.debootstrap.log")"
	finish
fi
mount -t proc proc "$ROOT/proc"
mount --rbind /sys "$ROOT/sys"
mount --rbind /dev "$ROOT/dev"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null

# This tree as a clone has it (tracked files), and the tarballs beside it
# as ../shared/fio-src, where the README's command names them.
mkdir -p "$ROOT/root/fioverdict" "$ROOT/root/shared"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$ROOT/root/fioverdict"
cp -r "$TARBALLS" "$ROOT/root/shared/fio-src"

# in_root TAG NAME SCRIPT: a step, timed, its output in ROOT.TAG.log.
in_root() {
	local name=$2 script=$3 t0 log="$ROOT.$1.log"
	t0=$(date +%s)
	if chroot "$ROOT" /usr/bin/env -i HOME=/root \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		CI="${CI:-}" LANG=C.UTF-8 /bin/bash -ec "cd /root/fioverdict; $script" \
		>"$log" 2>&1; then
		ok "$SUITE: $name ($(($(date +%s) - t0)) s)"
	else
		not_ok "$SUITE: $name ($(($(date +%s) - t0)) s)" "$(tail -n 8 "$log")"
		return 1
	fi
}

# refused TAG NAME NEEDLE SCRIPT: a step that must fail, saying NEEDLE.
refused() {
	local log="$ROOT.$1.log"
	if chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		LANG=C.UTF-8 /bin/bash -ec "cd /root/fioverdict; $4" >"$log" 2>&1; then
		not_ok "$SUITE: $2" "it succeeded"
	elif grep -qF -- "$3" "$log"; then
		ok "$SUITE: $2: $3"
	else
		not_ok "$SUITE: $2" "wanted: $3" "$(tail -n 5 "$log")"
	fi
}

# The README: on a minimal image, make first; then its commands.
in_root make "apt-get install make" "apt-get update -qq && apt-get install -y -qq make >/dev/null" || finish
# make demo installs the distribution's fio (ci/setup.sh demo) and builds
# against the tree the folder holds for it.
in_root demo "make demo on the distribution's own fio (installs what it needs, builds, runs)" \
	"make demo FIO_TARBALLS=../shared/fio-src" || finish
deb_ver=$(chroot "$ROOT" dpkg-query -W -f='${Version}' fio 2>/dev/null)
fio_ver=$(chroot "$ROOT" fio --version 2>/dev/null)
tree=$(cat "$ROOT/root/fioverdict/build/engines/fio-src.path" 2>/dev/null)
# the folder's tree of Debian 13's fio, where there is one
case $deb_ver in
3.39-1) want_tree=build/fio-src/fio-3.39-debian13 ;;
*) want_tree=$tree ;;
esac
if [ "$(chroot "$ROOT" readlink -f /usr/bin/fio)" = /usr/bin/fio ] &&
	[ -n "$tree" ] && [ "$tree" = "$want_tree" ]; then
	ok "$SUITE: the engines were built for Debian's fio $deb_ver against $tree"
else
	not_ok "$SUITE: the engines were built for Debian's fio $deb_ver against $want_tree" "tree: ${tree:-none}"
fi
if grep -q "^report: results/demo/report.html" "$ROOT.demo.log" &&
	[ -s "$ROOT/root/fioverdict/results/demo/report.html" ]; then
	ok "$SUITE: make demo wrote its report"
else
	not_ok "$SUITE: make demo wrote its report"
fi
# The README's tour runs as written after its two commands: fioverdict on
# root's PATH (Debian's /etc/profile puts /usr/local/bin first), from the
# top of the tree.
in_root tour "the README's tour: fioverdict on PATH after make demo" \
	"export PATH=/usr/local/sbin:/usr/local/bin:\$PATH &&
	 fioverdict compare tests/acceptance/corpus/cdm | grep -q 'WD Blue 3D 1TB' &&
	 fioverdict verdict tests/acceptance/corpus/fio-text/joedicastro-vps-comparison >/dev/null" || finish
# make web (FV_FRESH_WEB=1): the browser's build from the README's one
# command, its packages and libraries fetched by itself.
if [ "${FV_FRESH_WEB:-0}" = 1 ]; then
	in_root web "make web (installs what it needs, builds the module and the page)" "make web"
	page=$ROOT/root/fioverdict/build/web/fioverdict.html
	if [ -s "$ROOT/root/fioverdict/build/web/fioverdict.wasm" ] && [ -s "$page" ] &&
		[ "$(stat -c %s "$page")" -le $((4 << 20)) ] && grep -q 'id="fv-wasm"' "$page"; then
		ok "$SUITE: make web built fioverdict.wasm and fioverdict.html ($(stat -c %s "$page") bytes)"
	else
		not_ok "$SUITE: make web built fioverdict.wasm and fioverdict.html" "$(tail -n 5 "$ROOT.web.log")"
	fi
fi
if ls "$ROOT"/root/fioverdict/results/demo/rootfs/*/steady_randwrite_clat_hist.*.log >/dev/null 2>&1; then
	ok "$SUITE: $fio_ver ($deb_ver) has zlib: the demo kept its histogram logs"
else
	not_ok "$SUITE: $fio_ver ($deb_ver): the demo's steady job wrote no histogram log"
fi
# Where the distribution's fio is another snapshot than its release, the
# release tarball alone is refused, naming an option it lacks: for the
# build (this archive serves no sources, so apt-get source fails after it)
# and for the package's pin.
release=fio-${fio_ver#fio-}
if [ "$tree" != "build/fio-src/$release" ] && [ -f "$TARBALLS/$release.tar.gz" ]; then
	refused release "the $release release tarball alone is refused for Debian's fio $deb_ver" \
		"has options that the tree /tmp/release-src/$release lacks (verify_header_seed)" \
		"mkdir -p /root/release-only && cp ../shared/fio-src/$release.tar.gz /root/release-only &&
		FIO_TARBALLS=/root/release-only ci/fio-src.sh /tmp/release-src"
	refused pin "a package pinning Debian's fio $deb_ver to engines built for the $release release is refused" \
		"has options that the tree /tmp/release/$release lacks (verify_header_seed)" \
		"mkdir -p /tmp/release && tar -xzf ../shared/fio-src/$release.tar.gz -C /tmp/release &&
		ci/fio-src.sh --deb-version /tmp/release/$release"
fi
in_root check "engine suites of make check on Debian's fio $deb_ver" \
	"ci/setup.sh build && make check-unit check-integration check-exports FIO_TARBALLS=../shared/fio-src"
# every package make check installs exists here (apt resolves them all,
# nothing is downloaded)
in_root packages "every package of ci/setup.sh all resolves" \
	"apt-get install -s -qq \$(ci/setup.sh --list all) >/dev/null"
# the version debian/rules pins the package to (Depends: fio (= ...)):
# Debian's own, read from the tree the engines were built against
pin=$(chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin /bin/bash -c 'cd /root/fioverdict && ci/fio-src.sh --deb-version "$(cat build/engines/fio-src.path)"' 2>"$ROOT.pin.log")
if [ -n "$deb_ver" ] && [ "$pin" = "$deb_ver" ]; then
	ok "$SUITE: make deb pins fio (= $pin), the fio the engines were built for"
else
	not_ok "$SUITE: make deb pins fio (= $deb_ver)" "ci/fio-src.sh --deb-version: '$pin'" "$(tail -n 3 "$ROOT.pin.log")"
fi
finish
