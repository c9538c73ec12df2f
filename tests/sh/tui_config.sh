# The config file: each key visibly takes effect and the command line overrides it; a bad
# file of each kind is named with its line on the status line and in full on standard error,
# and the game starts all the same; --config and --no-config choose the file; saving defaults
# from the form (S) or the prompt (:save-defaults) keeps the player's comments and lines.
. "$(dirname "$0")/fault_lib.bash"
export XDG_CONFIG_HOME="$HOME/.config" # the status line shows it as ~/.config
conf="$XDG_CONFIG_HOME/halma/config"
mkdir -p "${conf%/*}"

# The value of a header in a saved record.
header() { sed -n "s/^$1: //p" "$2"; }
# The screen with its colours (tmux keeps what it is sent), and whether any colour is on it.
coloured() { tmux -L "$SOCK" capture-pane -e -p; }
colours_drawn() {
    coloured | grep -oE $'\e\\[[0-9;]*m' | grep -qE '[[;]([34][0-7]|[34]8;5;[0-9]+)[;m]'
}

# 1. Every key takes effect: the board, the seats and level, who moves first, ASCII, no
# colour, no mouse, no race meter on screen; the rules and the AI's time in a saved record.
cat >"$conf" <<'EOF'
# my halma
size = 10
seats = human,ai
level = 4
movetime = 300
first = 1
spoil = strict
evacuate = 20
long-jumps = yes
max-turns = 150
ascii = yes
color = no
mouse = no
race-meter = no
EOF
start_game
wait_for "HALMA  10x10, 2 players"
wait_for ">1 you"
wait_re " 2 (computer, )?level 4 "
wait_for "You are @ player 1"
screen | grep -qE '^ +1 +@ ' || fail "ascii = yes: no '@' pieces on rank 1"
! screen | grep -q '●' || fail "ascii = yes: Unicode pieces drawn"
! screen | grep -q 'to go' || fail "race-meter = no: the race meter is shown"
! colours_drawn || fail "color = no: colours drawn"
[ "$(tmux -L "$SOCK" display -p '#{mouse_any_flag}#{mouse_standard_flag}')" = 00 ] ||
    fail "mouse = no: the mouse was asked for"
save_as rules.halma
for kv in size:10 spoil:strict evacuate:20 longjumps:1 maxturns:150 movetime:300 \
    'seats:human ai:4'; do
    [ "$(header "${kv%%:*}" "$TMP/rules.halma")" = "${kv#*:}" ] ||
        fail "record header ${kv%%:*} is not ${kv#*:}: $(grep "^${kv%%:*}:" "$TMP/rules.halma")"
done
quit_game >/dev/null

# The command line overrides the file, key by key.
start_game --size 8 --level 2 --spoil fill
wait_for "HALMA  8x8, 2 players"
wait_re " 2 (computer, )?level 2 "
save_as over.halma
[ "$(header spoil "$TMP/over.halma")" = fill ] || fail "--spoil did not override spoil ="
[ "$(header maxturns "$TMP/over.halma")" = 150 ] || fail "max-turns = lost under other options"
quit_game >/dev/null

# With colour and the mouse (the defaults), the mouse is asked for.
printf 'size = 8\n' >"$conf"
start_game
wait_for "HALMA  8x8"
[ "$(tmux -L "$SOCK" display -p '#{mouse_any_flag}#{mouse_standard_flag}')" != 00 ] ||
    fail "by default the mouse is asked for"
quit_game >/dev/null

# 2. --config reads another file, --no-config none.
printf 'size = 8\n' >"$TMP/other.conf"
printf 'size = 10\n' >"$conf"
start_game --config "$TMP/other.conf"
wait_for "HALMA  8x8"
quit_game >/dev/null
start_game --no-config
wait_for "HALMA  16x16"
quit_game >/dev/null

# 3. Bad files of each kind: the status line names the file and the line, standard error
# has it in full once halma ends, the bad line is left out and the game starts.
bad_file() { # name board expected-status-text expected-stderr-text [options]
    local name=$1 board=$2 shown=$3 said=$4
    shift 4
    start_shell
    run_halma --first 1 "$@" # the person moves first, so q quits at once
    wait_for "$shown"
    [ -z "${SHOWN_TOO:-}" ] || wait_re "$SHOWN_TOO" # the message's second line
    wait_for "HALMA  $board"
    ! screen | grep -q '…$' || fail "$name: a line cut short: $(screen | grep '…$')"
    keys '?' # the game answers keys
    wait_for "Keys (page 1 of 2"
    keys Escape
    wait_for "HALMA  $board"
    keys q
    check_restored 0
    grep -qF "halma: $said" "$TMP/err" || fail "$name: standard error lacks '$said': $(cat "$TMP/err")"
    [ "$(grep -cF "$said" "$TMP/err")" = 1 ] || fail "$name: reported more than once"
    echo "$name: $(head -1 "$TMP/err")"
}
printf 'size = 10\nlevle = 4\n' >"$conf"
bad_file "unknown key" 10x10 "~/.config/halma/config: line 2: unknown key 'levle' (did you mean level?)" \
    "$conf: line 2: unknown key 'levle' (did you mean level?)"
printf '# mine\nsize = 12\n' >"$conf"
bad_file "bad value" 16x16 "~/.config/halma/config: line 2: bad value '12' for size (8, 10 or 16)" \
    "$conf: line 2: bad value '12' for size (8, 10 or 16)"
printf 'ascii\nsize = 10\n' >"$conf"
bad_file "not a setting" 10x10 "~/.config/halma/config: line 1: 'ascii' is not a setting (key = value)" \
    "$conf: line 1: 'ascii' is not a setting (key = value)"
printf 'size = 8\n\177ELF\002\001\000\000junk\n' >"$conf"
SHOWN_TOO='^ignored$' bad_file "binary junk" 16x16 "~/.config/halma/config: line 2: binary data, not a config" \
    "$conf: line 2: binary data, not a config file: all of it ignored"
mkdir -p "$TMP/adir"
bad_file "a directory" 16x16 "cannot read $TMP/adir: it is a directory" \
    "cannot read $TMP/adir: it is a directory" --config "$TMP/adir"
bad_file "a path through a file" 16x16 "cannot read $conf/x: Not a directory" \
    "cannot read $conf/x: Not a directory" --config "$conf/x"
bad_file "a missing --config file" 16x16 "cannot read $TMP/none.conf: No such file" \
    "cannot read $TMP/none.conf: No such file or directory" --config "$TMP/none.conf"
if [ "$(id -u)" != 0 ]; then # root reads any file
    printf 'size = 8\n' >"$TMP/locked.conf"
    chmod 000 "$TMP/locked.conf"
    bad_file "an unreadable file" 16x16 "cannot read $TMP/locked.conf: Permission denied" \
        "cannot read $TMP/locked.conf: Permission denied" --config "$TMP/locked.conf"
fi
printf 'players = 3\nseats = human,ai,ai\n' >"$conf"
bad_file "a game that does not fit" "8x8, 2 players" "~/.config/halma/config: its game settings are not used: " \
    "$conf: its game settings are not used: " --size 8
printf 'level = 0\nsize = 8\ncolour = no\nsize = 9\n' >"$conf"
SHOWN_TOO='halma ends\)$' bad_file "several bad lines" 8x8 "~/.config/halma/config: line 1: bad value '0' for level (1 to 5)" \
    "$conf: line 4: bad value '9' for size (8, 10 or 16)"
grep -qF "$conf: line 3: unknown key 'colour' (did you mean color?)" "$TMP/err" ||
    fail "several bad lines: line 3 not reported"

# 4. Themes, in the terminal's colours (tmux stores what it is sent): 256 colours in
# tmux's own terminal type, 8 as TERM=screen; mono, and NO_COLOR whatever the theme, none.
theme_run() { # theme TERM-or-empty [more environment]
    local term=${2:+TERM=$2}
    rm -f "$conf"
    start_shell
    HALMA_ENV="LANG=C.UTF-8 LC_ALL=C.UTF-8 $term ${3:-}" run_halma --theme "$1" --first 1
    wait_for "HALMA  16x16"
}
has() { coloured | grep -qF -- "$(printf '\033[%s' "$1")"; }
theme_run dark ""
has "48;5;235m" || fail "dark: no dark grey squares at 256 colours"
keys q
check_restored 0
printf 'theme = light\n' >"$conf"
start_game
wait_for "HALMA  16x16"
has "48;5;255m" || fail "theme = light: no near-white squares at 256 colours"
! has "48;5;235m" || fail "theme = light: dark squares drawn"
quit_game >/dev/null
theme_run contrast ""
has "48;5;16m" || fail "contrast: no black squares"
[ "$(coloured | grep HALMA | sed 's/HALMA.*//' | grep -o '48;5;[0-9]*m' | tail -1)" = "48;5;16m" ] ||
    fail "contrast: the panel is not on black"
keys q
check_restored 0
theme_run light screen
# At 8 colours every theme's board is black and blue (the only squares four players'
# colours stay readable on); the light theme's text stays on the terminal's light background.
has "44m" || fail "light at 8 colours: no blue squares"
! has "48;5" || fail "light at 8 colours: 256-colour codes sent"
keys q
check_restored 0
theme_run mono ""
! colours_drawn || fail "mono: colours drawn"
keys q
check_restored 0
theme_run light "" NO_COLOR=1
! colours_drawn || fail "NO_COLOR with theme light: colours drawn"
keys q
check_restored 0

# 5. S on the new-game form saves its choices as the defaults, keeping the player's lines.
cat >"$conf" <<'EOF'
# my halma settings
size = 10   # the middle board
my favourite: blue
theme = mono

level = 2
EOF
cp "$conf" "$TMP/before.conf"
start_game
wait_for "HALMA  10x10"
keys N
wait_for "New game"
keys Down Right # the board: 10 -> 8
wait_for "< 8 >"
keys S
wait_for "saved as the defaults in $conf"
grep -qx "size = 8   # the middle board" "$conf" || fail "S: size not updated in place: $(cat "$conf")"
for line in "# my halma settings" "my favourite: blue" "theme = mono" "level = 2"; do
    grep -qxF "$line" "$conf" || fail "S: the line '$line' was lost: $(cat "$conf")"
done
[ "$(sed -n 5p "$conf")" = "" ] || fail "S: the blank line moved"
grep -qx "seats = human,ai:2" "$conf" || fail "S: the seats (level = 2 for the AI) were not saved: $(cat "$conf")"
grep -qx "players = 2" "$conf" || fail "S: the players were not saved"
keys Escape
quit_game >/dev/null
start_game
wait_for "HALMA  8x8"
wait_for "config: line 3: 'my favourite: blue' is not a setting"
quit_game >/dev/null

# :save-defaults saves the game on the board.
start_game --size 16 --seats human,ai:5 --first 2
wait_for "HALMA  16x16"
keys ':save-defaults' Enter
wait_for "saved as the defaults in $conf"
grep -qx "size = 16   # the middle board" "$conf" || fail ":save-defaults: size not saved"
grep -qx "seats = human,ai:5" "$conf" || fail ":save-defaults: seats not saved"
grep -qx "first = 2" "$conf" || fail ":save-defaults: the first player not saved"
grep -qxF "# my halma settings" "$conf" || fail ":save-defaults: the comment was lost"
quit_game >/dev/null
echo "config file ok"
