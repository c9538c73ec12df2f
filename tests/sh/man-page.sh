# The man pages: both lint-clean; halma.6 renders at 80 columns, and agrees with --help and
# the protocol's help; make install puts it where man finds it, make uninstall removes it.
set -eu
cd "$(dirname "$0")/../.."
fail() { echo "FAIL: $*"; exit 1; }

lint=$(mandoc -Tlint -W warning man/halma.6 man/halma-door.8 2>&1 || true)
[ -z "$lint" ] || fail "mandoc -Tlint: $lint"

rendered=$(LC_ALL=C MANWIDTH=80 man -l man/halma.6 2>/tmp/halma-man-err.$$) || fail "man -l failed"
[ ! -s /tmp/halma-man-err.$$ ] || fail "man -l warned: $(cat /tmp/halma-man-err.$$)"
rm -f /tmp/halma-man-err.$$
long=$(printf '%s\n' "$rendered" | awk 'length > 80' | head -3)
[ -z "$long" ] || fail "lines wider than 80 columns: $long"

# Every option in --help is in OPTIONS, and every option in OPTIONS is in --help.
help_opts=$("$HALMA" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u)
man_opts=$(sed -n '/^\.Sh OPTIONS/,/^\.Sh /p' man/halma.6 | sed -n 's/^\.It Fl \([^ ]*\).*/\1/p' |
    sed 's/\\//g; s/^/-/' | sort -u)
[ "$help_opts" = "$man_opts" ] || fail "--help and OPTIONS differ: $(diff <(echo "$help_opts") <(echo "$man_opts") | grep '^[<>]' | tr '\n' ' ')"

# Every command of the protocol's help is in ENGINE PROTOCOL, and no other.
proto_cmds=$(printf 'help\n' | "$HALMA" --engine | sed 's/^= //' | awk 'NF {print $1}' | sort -u)
man_cmds=$(sed -n '/^\.Sh ENGINE PROTOCOL/,/^\.Ss /p' man/halma.6 | sed -n 's/^\.It Ic \([a-z]*\).*/\1/p' | sort -u)
[ "$proto_cmds" = "$man_cmds" ] || fail "protocol help and ENGINE PROTOCOL differ: $(diff <(echo "$proto_cmds") <(echo "$man_cmds") | grep '^[<>]' | tr '\n' ' ')"

# The worked example's answers are what the program answers.
example=$(sed -n '/^\.Ss Example/,/^\.Ed/p' man/halma.6)
input=$(printf '%s\n' "$example" | sed -n 's/^> //p')
expected=$(printf '%s\n' "$example" | sed -n '/^\.Bd/,/^\.Ed/p' | sed '1d;$d' | grep -v '^> ')
actual=$(printf '%s\n' "$input" | "$HALMA" --engine)
[ "$(printf '%s' "$expected")" = "$(printf '%s' "$actual")" ] || fail "the example session differs: $(diff <(echo "$expected") <(echo "$actual"))"

# make install / uninstall into a temporary DESTDIR, of the program under test (not a build of
# its own).
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
make -s install DESTDIR="$dest" PREFIX=/usr INSTALL_PROGRAM="$HALMA" >/dev/null
[ -x "$dest/usr/bin/halma" ] || fail "halma not installed"
found=$(man -M "$dest/usr/share/man" -w halma) || fail "man -M does not find the page"
[ "$found" = "$dest/usr/share/man/man6/halma.6" ] || fail "man found $found"
"$dest/usr/bin/halma" --version >/dev/null || fail "installed halma does not run"
make -s uninstall DESTDIR="$dest" PREFIX=/usr >/dev/null
[ ! -e "$dest/usr/bin/halma" ] && [ ! -e "$dest/usr/share/man/man6/halma.6" ] || fail "uninstall left files"
echo "man page ok"
