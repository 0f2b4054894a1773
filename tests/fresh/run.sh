#!/bin/bash
# The README's two commands on a fresh Debian root, as a new user runs them:
# a minimal root made with debootstrap from the Debian archive this machine's
# apt already uses, this tree copied into it, then, as root in it, the
# set-up, `make demo`, and the engine suites of make check (unit,
# integration, exports). Debian 13's sources are not served where its
# binaries are, here: the fio tree comes from FIO_TARBALLS, as the README
# says.
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

# in_root TAG NAME SCRIPT: a step, timed, its output in ROOT.TAG.log.
in_root() {
	local name=$2 script=$3 t0 log="$ROOT.$1.log"
	t0=$(date +%s)
	if chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		CI="${CI:-}" LANG=C.UTF-8 /bin/bash -ec "cd /root/fioverdict; $script" \
		>"$log" 2>&1; then
		ok "$SUITE: $name ($(($(date +%s) - t0)) s)"
	else
		not_ok "$SUITE: $name ($(($(date +%s) - t0)) s)" "$(tail -n 8 "$log")"
		return 1
	fi
}

# The README: on a minimal image, make first; then its two commands.
in_root make "apt-get install make" "apt-get update -qq && apt-get install -y -qq make >/dev/null" || finish
in_root demo "make demo (installs what it needs, builds, runs)" \
	"make demo FIO_TARBALLS=../shared/fio-src" || finish
if grep -q "^report: results/demo/report.html" "$ROOT.demo.log" &&
	[ -s "$ROOT/root/fioverdict/results/demo/report.html" ]; then
	ok "$SUITE: make demo wrote its report"
else
	not_ok "$SUITE: make demo wrote its report"
fi
fio_ver=$(chroot "$ROOT" fio --version 2>/dev/null)
in_root check "engine suites of make check on $fio_ver" \
	"ci/setup.sh build && make check-unit check-integration check-exports FIO_TARBALLS=../shared/fio-src"
# the package pins this distribution's fio, whose source came from the
# tarball: its Debian version is the installed one's
fio_deb=$(chroot "$ROOT" dpkg-query -W -f='${Version}' fio 2>/dev/null)
if in_root deb "make deb (the package for $fio_deb)" \
	"ci/setup.sh package && make deb FIO_TARBALLS=../shared/fio-src"; then
	depends=$(chroot "$ROOT" sh -c 'dpkg-deb -f /root/fioverdict/build/deb/fioverdict_*.deb Depends' 2>&1)
	if grep -qF "fio (= $fio_deb)" <<<"$depends"; then
		ok "$SUITE: the package depends on fio (= $fio_deb)"
	else
		not_ok "$SUITE: the package depends on fio (= $fio_deb)" "Depends: $depends"
	fi
fi
finish
