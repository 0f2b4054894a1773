#!/bin/bash
# The README's commands on a fresh Debian root, as a new user runs them: a
# minimal root made with debootstrap from the Debian archive this machine's
# apt already uses, this tree copied into it, then, as root in it:
# `apt-get install make`; `make demo` with the release tarballs, which
# Debian 13 must refuse (its fio 3.39-1 is a later snapshot than the 3.39
# release, and its sources are not served here); the same fio version
# built in the root from its release tarball (before zlib1g-dev is there:
# a fio without zlib); `make demo` and the engine
# suites of make check (unit, integration, exports) with it first on PATH;
# every package make check installs resolved by the root's apt; and a
# package pin to Debian's fio refused for engines built for another tree.
#
# Environment: FV_FRESH_SUITE (default trixie), FV_FRESH_ROOT (the root's
# folder, made anew), FV_FIO_TARBALLS (folder of fio-X.tar.gz). Needs root.
# Last line: "fresh SUITE: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
TOP=$(pwd)

SUITE=${FV_FRESH_SUITE:-trixie}
ROOT=${FV_FRESH_ROOT:-build/fresh/$SUITE}
TARBALLS=${FV_FIO_TARBALLS:?FV_FIO_TARBALLS names the folder of fio-X.tar.gz}
PASS=0
FAIL=0

ok() {
	PASS=$((PASS + 1))
	echo "ok - $1"
}
not_ok() {
	FAIL=$((FAIL + 1))
	echo "not ok - $1"
	shift
	[ $# -gt 0 ] && printf '    %s\n' "$@"
	return 0
}
finish() {
	echo "fresh $SUITE: $PASS passed, $FAIL failed"
	[ "$FAIL" -eq 0 ]
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

# in_root TAG NAME SCRIPT: a step, timed, its output in ROOT.TAG.log;
# FRESH_PATH goes before the root's PATH.
FRESH_PATH=
in_root() {
	local name=$2 script=$3 t0 log="$ROOT.$1.log"
	t0=$(date +%s)
	if chroot "$ROOT" /usr/bin/env -i HOME=/root \
		PATH="${FRESH_PATH:+$FRESH_PATH:}/usr/sbin:/usr/bin:/sbin:/bin" \
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
# Debian 13's fio 3.39-1 is a snapshot after the 3.39 release (it has
# verify_header_seed): the release tarball is not its tree, and the build
# must say so rather than build engines that misread it. Its own source is
# what it needs; this archive does not serve it.
refused refused "make demo with the release tarball of another snapshot is refused" \
	"has options that the tree build/fio-src/fio-3.39 lacks (verify_header_seed)" \
	"make demo FIO_TARBALLS=../shared/fio-src"
# So the demo and the engine suites run here on Debian 13's compiler,
# liburing and jansson with upstream fio 3.39, built in the root from its
# release tarball, first on PATH.
fio_ver=$(chroot "$ROOT" fio --version 2>/dev/null)
in_root fio "$fio_ver (upstream) built in the root from its release tarball" \
	"tests/fio-versions/build-fio.sh ../shared/fio-src ${fio_ver#fio-} /root/upstream" || finish
FRESH_PATH=/root/upstream/$fio_ver
in_root demo "make demo (installs what it needs, builds, runs)" \
	"make demo FIO_TARBALLS=../shared/fio-src" || finish
if grep -q "^report: results/demo/report.html" "$ROOT.demo.log" &&
	[ -s "$ROOT/root/fioverdict/results/demo/report.html" ]; then
	ok "$SUITE: make demo wrote its report"
else
	not_ok "$SUITE: make demo wrote its report"
fi
# fio was built here before the demo installed zlib1g-dev: a fio without
# zlib, which refuses write_hist_log. The run must say it ran without the
# histogram logs, not fail.
if grep -q CONFIG_ZLIB "$ROOT/root/upstream/$fio_ver/config-host.h"; then
	ok "$SUITE: $fio_ver built with zlib: its histogram logs kept"
elif grep -q "built without zlib and refuses write_hist_log" "$ROOT.demo.log" &&
	grep -q "^; left out (this fio has no zlib): write_hist_log" \
		"$ROOT"/root/fioverdict/results/demo/rootfs/*/placement.fio; then
	ok "$SUITE: $fio_ver without zlib: the demo ran without histogram logs, and said so"
else
	not_ok "$SUITE: $fio_ver without zlib: the demo ran without histogram logs, and said so"
fi
in_root check "engine suites of make check on upstream $fio_ver" \
	"ci/setup.sh build && make check-unit check-integration check-exports FIO_TARBALLS=../shared/fio-src"
# every package make check installs exists here (apt resolves them all,
# nothing is downloaded)
in_root packages "every package of ci/setup.sh all resolves" \
	"apt-get install -s -qq \$(ci/setup.sh --list all) >/dev/null"
# a package of these engines would pin Debian's fio, which they would
# misread: debian/rules' ci/fio-src.sh --deb-version refuses
refused pin "a package pinning Debian's fio to engines built for upstream $fio_ver is refused" \
	"has options that the tree build/fio-src/${fio_ver} lacks" \
	'ci/fio-src.sh --deb-version "$(cat build/engines/fio-src.path)"'
finish
