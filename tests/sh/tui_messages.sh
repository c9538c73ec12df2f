# Messages that fit, at 68 and 80 columns: a message too long for the status line is
# shortened after a whole word (never cut inside one) and kept whole in the message log;
# the panel's lines and the key line hold whole words and whole keys.
. "$(dirname "$0")/tmux_lib.bash"

# The status line (the screen's second line from the bottom) and the key line (the last).
status_line() { screen | tail -2 | head -1 | sed 's/ *$//'; }
key_line() { screen | tail -1 | sed 's/ *$//'; }

# The line shows the start of the full text up to a whole word, then an ellipsis.
check_shortened() { # shown full
    local shown=$1 full=$2 start
    case "$shown" in *…) ;; *) fail "not shortened with an ellipsis: '$shown'" ;; esac
    start=${shown%…}
    [ "${full#"$start"}" != "$full" ] || fail "'$start' does not start '$full'"
    case "${full:${#start}:1}" in " " | "," | ";" | ":" | ".") ;;
    *) fail "cut inside a word: '$shown' of '$full'" ;; esac
}

# The key line is made of whole keys, two spaces apart, ending with quitting.
check_keys() {
    local line
    line=$(key_line)
    [[ "$line" == *"q quit" ]] || fail "the key line does not end with q quit: '$line'"
    echo "$line" | sed 's/  /\n/g' | while read -r item; do
        case "$item" in
        "arrows/hjkl/yubn move" | "Enter choose" | ": command" | "U undo" | "r review" | "L log" | \
            "? help" | "q quit" | "s save" | "N new game") ;;
        *) fail "not a whole key on the key line: '$item' in '$line'" ;;
        esac
    done
}

# The whole text of the log's newest entry that starts with a word (joined across its lines).
log_entry() { # first-words
    screen | awk -v start="$1" '
        $0 ~ "^[0-9][0-9]:[0-9][0-9] " start { text = substr($0, 7); on = 1; next }
        on && /^  / { sub(/^ +/, ""); text = text " " $0; next }
        { on = 0 }
        END { print text }' | sed 's/ *$//'
}

full="Game over: Player 2 wins. Player 1 still had 7 pieces at home after move 3 (the leave-home rule)"
for cols in 68 80; do
    start_game --size 8 --evacuate 3 --first 1 --seats human,human
    tmux -L "$SOCK" resize-window -x "$cols" -y 24
    wait_for "Player 1 moves first"
    check_keys
    # The 8x8 board's squares are wide: at 68 and 80 columns the warning takes its short form.
    wait_re "● +10 at home, 3 moves left$"
    for m in d1-e2 e8-d7 c2-d3 f7-e6 b3-c4; do keys ":$m" Enter; done
    wait_for "Game over"
    check_shortened "$(status_line)" "$full"
    keys Escape
    check_keys
    keys L
    wait_for "Messages (the last 100)"
    # (the page may be caught half drawn: its last entry's end shows it whole)
    wait_for "(the leave-home rule)"
    [ "$(log_entry "Game over")" = "$full" ] || fail "$cols columns: the log lacks the whole message: '$(log_entry "Game over")'"
    keys Escape
    # A wasted move in the symmetry puzzle: the reason is long.
    start_game --solo symmetry
    tmux -L "$SOCK" resize-window -x "$cols" -y 24
    wait_for "SOLITAIRE  symmetry"
    # The title over two lines, the rest shortened at a word.
    screen | grep -qE "figure symmetric( across a1-p16|…)$" || fail "$cols columns: the puzzle's title is cut"
    type_moves "b2-d4 a1-b2"
    wait_for "No symmetric figure"
    shown=$(status_line)
    keys :log Enter
    wait_for "Messages (the last 100)"
    whole=$(log_entry "No symmetric figure")
    [ -n "$whole" ] || fail "$cols columns: the reason is not in the log"
    [ "$shown" = "$whole" ] || check_shortened "$shown" "$whole"
    echo "$cols columns: '$shown'"
done
