#!/bin/bash
# Install the Debian packages the project needs. Idempotent: packages that
# are already installed are not touched, and apt is not even consulted when
# nothing is missing. Run as root on Debian 12 or 13 (or a derivative).
#
# Usage: ci/setup.sh [--list] [GROUP...]   (--list: print the packages)
#   install   what `make && make install` needs (CI jobs that only use
#             fioverdict, e.g. ci/examples/)
#   demo      install, and what `make demo` runs
#   build     (default) install, and what the core suites need
#   nvme, report, package, fresh: the QEMU guest, the rendered report, the
#             Debian package, the fresh Debian root of make check
#   web       make web (fioverdict for the browser)
#   web-test  make web, and its tests (node, Chromium and its driver)
#   bench     fio's fiologparser_hist.py, the peer of make bench-hist
#   all       every group: what `make check` needs
set -euo pipefail

install_pkgs=(build-essential pkg-config fio liburing-dev libjansson-dev
	libexpat1-dev zlib1g-dev dpkg-dev)
# python3-pygments: its PowerShell lexer reads jobfiles/windows' script
# (tests/jobfiles/ps1check.py), where no PowerShell is to be had
build_pkgs=("${install_pkgs[@]}" libcmocka-dev clang libclang-rt-dev
	valgrind python3 python3-pygments procps iproute2 e2fsprogs)
nvme_pkgs=(qemu-system-x86 linux-image-amd64 busybox-static kmod cpio)
demo_pkgs=("${install_pkgs[@]}")
report_pkgs=(chromium fonts-dejavu-core)
# tests/fresh: a Debian root made anew
fresh_pkgs=(debootstrap)
# make deb and its tests: debhelper builds the package, lintian checks it,
# man-db and bash-completion are what the installed package is used with,
# python3-yaml reads the CI examples.
package_pkgs=(debhelper lintian man-db bash-completion python3-yaml)
# make web: clang, lld and llvm (its ar and ranlib) for wasm32-wasi, WASI's
# libc and the compiler's runtime for it (named after clang's major
# version), cmake and dpkg-dev for the libraries' Debian sources
# (web/deps.sh).
clang_major=$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1 || true)
if [ -z "$clang_major" ]; then
	# not installed yet: the version Debian's clang package depends on
	clang_major=$(apt-cache depends clang 2>/dev/null | sed -n 's/.*Depends: clang-\([0-9]*\)$/\1/p' | head -1 || true)
fi
web_pkgs=(build-essential clang lld llvm wasi-libc "libclang-rt-${clang_major:-14}-dev-wasm32"
	cmake dpkg-dev)
# its tests: node runs the module under WASI, python3-selenium drives
# Chromium through chromedriver for the page
webtest_pkgs=("${web_pkgs[@]}" python3 python3-selenium chromium chromium-driver
	fonts-dejavu-core libcmocka-dev)
command -v node >/dev/null || webtest_pkgs+=(nodejs)
# make bench: fio's own histogram log reader (tools/hist/fiologparser_hist.py),
# the peer `fioverdict timeline` is timed against, runs on numpy and pandas.
bench_pkgs=(python3-numpy python3-pandas)

list=false
if [ "${1:-}" = "--list" ]; then
	list=true
	shift
fi
groups=("${@:-build}")
want=()
for g in "${groups[@]}"; do
	case "$g" in
	build) want+=("${build_pkgs[@]}") ;;
	nvme) want+=("${nvme_pkgs[@]}") ;;
	report) want+=("${report_pkgs[@]}") ;;
	package) want+=("${package_pkgs[@]}") ;;
	install) want+=("${install_pkgs[@]}") ;;
	demo) want+=("${demo_pkgs[@]}") ;;
	bench) want+=("${bench_pkgs[@]}") ;;
	fresh) want+=("${fresh_pkgs[@]}") ;;
	web) want+=("${web_pkgs[@]}") ;;
	web-test) want+=("${webtest_pkgs[@]}") ;;
	all) want+=("${build_pkgs[@]}" "${nvme_pkgs[@]}" "${report_pkgs[@]}"
		"${package_pkgs[@]}" "${fresh_pkgs[@]}" "${bench_pkgs[@]}"
		"${webtest_pkgs[@]}") ;;
	*)
		echo "ci/setup.sh: unknown group '$g' (want install, demo, build, nvme, report, package, fresh, web, web-test, bench or all)" >&2
		exit 2
		;;
	esac
done

if $list; then
	printf '%s\n' "${want[@]}" | sort -u
	exit 0
fi

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
