#!/bin/bash
# Install every Debian package the project needs. Idempotent: packages that
# are already installed are not touched, and apt is not even consulted when
# nothing is missing. Run as root on Debian 12 (or a derivative).
#
# Usage: ci/setup.sh [GROUP...]
#   groups: build (default), nvme, report, package, bench, all; install (a subset
#   of build: what `make && make install` needs, for CI jobs that only use
#   fioverdict, e.g. ci/examples/)
set -euo pipefail

install_pkgs=(build-essential pkg-config fio liburing-dev libjansson-dev
	dpkg-dev)
build_pkgs=("${install_pkgs[@]}" libcmocka-dev clang libclang-rt-dev
	valgrind python3 procps iproute2 e2fsprogs)
nvme_pkgs=(qemu-system-x86 linux-image-amd64 busybox-static kmod cpio)
report_pkgs=(gnuplot-nox chromium fonts-dejavu-core)
# make deb and its tests: debhelper builds the package, lintian checks it,
# man-db and bash-completion are what the installed package is used with,
# python3-yaml reads the CI examples.
package_pkgs=(debhelper lintian man-db bash-completion python3-yaml)
# make bench: fio's own histogram log reader (tools/hist/fiologparser_hist.py),
# the peer `fioverdict timeline` is timed against, runs on numpy and pandas.
bench_pkgs=(python3-numpy python3-pandas)

groups=("${@:-build}")
want=()
for g in "${groups[@]}"; do
	case "$g" in
	build) want+=("${build_pkgs[@]}") ;;
	nvme) want+=("${nvme_pkgs[@]}") ;;
	report) want+=("${report_pkgs[@]}") ;;
	package) want+=("${package_pkgs[@]}") ;;
	install) want+=("${install_pkgs[@]}") ;;
	bench) want+=("${bench_pkgs[@]}") ;;
	all) want+=("${build_pkgs[@]}" "${nvme_pkgs[@]}" "${report_pkgs[@]}"
		"${package_pkgs[@]}" "${bench_pkgs[@]}") ;;
	*)
		echo "ci/setup.sh: unknown group '$g' (want build, install, nvme, report, package, bench or all)" >&2
		exit 2
		;;
	esac
done

missing=()
for p in "${want[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "ci/setup.sh: missing packages: ${missing[*]}" >&2
	echo "ci/setup.sh: run as root, or install them: apt-get install ${missing[*]}" >&2
	exit 1
fi

echo "ci/setup.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
