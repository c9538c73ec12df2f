#!/bin/sh
# Checks what the build (or the tests) need and installs what is missing with apt-get
# when run as root; otherwise stops with the exact command to run.
#   scripts/deps.sh build   compiler, make, pkg-config, ncursesw, sqlite3 and libpq headers
#   scripts/deps.sh test    the above, plus Catch2, tmux, mandoc, valgrind, socat, setpriv and
#                           OpenSSH's server and client (the door's test runs a real sshd),
#                           PostgreSQL's server (the club's tests against PostgreSQL)
#   scripts/deps.sh fuzz    the build needs, plus clang and its libFuzzer runtime
#   scripts/deps.sh deb     the build needs, plus Catch2 and Debian's packaging tools
#                           (dpkg-dev, debhelper, fakeroot); `test` adds lintian as well
set -u
want=${1:-build}
missing=""

have_cmd() { command -v "$1" >/dev/null 2>&1; }

have_cmd g++ || missing="$missing g++"
have_cmd pkg-config || missing="$missing pkg-config"
pkg-config --exists ncursesw 2>/dev/null || missing="$missing libncurses-dev"
pkg-config --exists sqlite3 2>/dev/null || missing="$missing libsqlite3-dev"
pkg-config --exists libpq 2>/dev/null || missing="$missing libpq-dev"
if [ "$want" = test ]; then
    [ -f /usr/include/catch2/catch.hpp ] || [ -f "${CATCH2_DIR:-/nonexistent}/catch2/catch.hpp" ] ||
        missing="$missing catch2"
    have_cmd tmux || missing="$missing tmux"
    have_cmd pgrep || missing="$missing procps"
    have_cmd mandoc || missing="$missing mandoc"
    have_cmd man || missing="$missing man-db"
    have_cmd valgrind || missing="$missing valgrind"
    have_cmd socat || missing="$missing socat"
    have_cmd setpriv || missing="$missing util-linux"
    [ -x /usr/sbin/sshd ] || missing="$missing openssh-server"
    have_cmd ssh || missing="$missing openssh-client"
    have_cmd useradd || missing="$missing passwd"
    # The club's tests against PostgreSQL start a server of their own (initdb, pg_ctl).
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || have_cmd initdb ||
        missing="$missing postgresql"
fi
if [ "$want" = test ] || [ "$want" = deb ]; then
    [ -f /usr/include/catch2/catch.hpp ] || [ "$want" = test ] || missing="$missing catch2"
    have_cmd dpkg-buildpackage || missing="$missing dpkg-dev"
    have_cmd dh || missing="$missing debhelper"
    have_cmd fakeroot || missing="$missing fakeroot"
fi
[ "$want" = test ] && { have_cmd lintian || missing="$missing lintian"; }
if [ "$want" = fuzz ]; then
    have_cmd clang++ || missing="$missing clang"
    if have_cmd clang++; then
        rt=$(clang++ -print-resource-dir 2>/dev/null)/lib/linux/libclang_rt.fuzzer-$(uname -m).a
        [ -f "$rt" ] || missing="$missing libclang-rt-dev"
    else
        missing="$missing libclang-rt-dev"
    fi
fi

[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && have_cmd apt-get; then
    echo "halma: installing$missing with apt-get" >&2
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; } >&2 ||
        { echo "halma: apt-get failed; run: apt-get install$missing" >&2; exit 1; }
    exit 0
fi
echo "halma: missing$missing; run: sudo apt-get install$missing" >&2
exit 1
