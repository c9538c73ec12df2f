#include "play/help.hpp"

namespace halma::play {

namespace {

HelpPage keys_page(const MarkGlyphs& marks, bool hints, bool club) {
    HelpPage page{"Keys (page 1 of 2; Tab turns to the rules)",
                  {
                      "On the board",
                      "  arrows, h j k l  move the cursor; y u b n move it diagonally",
                      "  Enter, Space     choose: select a piece, hop to a marked square,",
                      "                   end the chain (choose the piece's square again)",
                      "                   or jump to a chain's end (the shortest chain)",
                      "  Backspace, Esc   take back the last hop; cancel the move",
                      hints ? "  U  R  H          undo to your last turn, redo, hint"
                            : "  U  R             undo to your last turn, redo (no hints here)",
                      "  f                turn the board (your side starts at the bottom)",
                  }};
    std::vector<std::string>& lines = page.lines;
    if (club) { // the club plays its own games: no new game here, the lobby's way out
        lines.emplace_back("  r                review the game");
        lines.emplace_back("  L  ?  q          messages, help, back to the lobby");
        lines.emplace_back("  :                the prompt: a move (e4-g6-g8), or undo, redo,");
        lines.emplace_back("                   review, log, help, quit (to the lobby), say;");
        lines.emplace_back("                   Tab completes, up/down bring lines back");
        lines.emplace_back("Club game: :resign, :abort (until everyone has moved) and :claim");
        lines.emplace_back("  (the mover away a minute) ask y/n first; :draw offers a draw");
    } else {
        lines.emplace_back("  r  s  N          review the game, save it, a new game");
        lines.emplace_back("  L  ?  q          messages, help, quit (a game is kept for");
        lines.emplace_back("                   halma --resume)");
        lines.emplace_back("  :                the prompt: a move (e4-g6-g8), or save, load,");
        lines.emplace_back(hints ? "                   undo, redo, new, hint, review, log, help, "
                                   "quit,"
                                 : "                   undo, redo, new, review, log, help, quit,");
        lines.emplace_back("                   say; Tab completes, up/down bring lines back");
    }
    lines.push_back("Marks: + first step or hop, " + marks.chain_end + " a chain's end, " +
                    marks.path + " the last move");
    return page;
}

HelpPage watcher_keys_page(const MarkGlyphs& marks, bool club) {
    return {"Keys for a watcher (page 1 of 2; Tab turns to the rules)",
            {
                "Watching the game",
                "  arrows, h j k l  look around the board; y u b n diagonally",
                "  r                review the game so far",
                club ? "  L  ?  q          messages, help, back to the lobby"
                     : "  L  ?  q          messages, help, stop watching",
                "  :                the prompt: say TEXT to the table, review, log,",
                "                   help; Tab completes, up/down bring lines back",
                "Marks: + first step or hop, " + marks.chain_end + " a chain's end, " + marks.path +
                    " the last move",
            }};
}

HelpPage rules_page(const Game& game) {
    const Rules& r = game.rules();
    const std::string evacuate = game.puzzle() ? "no deadline in a puzzle"
                                 : r.evacuate > 0
                                     ? "this game: by move " + std::to_string(r.evacuate)
                                     : "this game: no deadline";
    const std::string spoil = "this game: " + std::string(spoil_name(r.spoil));
    const std::string partners =
        r.partners == Partners::None
            ? "this game: none"
            : "this game: " + std::string(partners_name(r.partners)) + ", " + win_name(r.win);
    return {"Rules (page 2 of 2)",
            {
                game.puzzle() ? "Solitaire: reach the goal in as few moves as you can."
                              : "Goal: bring all your pieces into the camp across the board.",
                "Move: a step to an empty neighbouring square, or hops, each over",
                "  one piece to the empty square just beyond it, in any direction.",
                "Camp: a piece in its target camp must end its moves in that camp.",
                "Leaving home: from a player's Nth move on, a piece at home loses",
                "  the game (2 players) or drops out (3, 4); the panel counts the",
                "  last ten moves down (" + evacuate + ").",
                "Spoiling: fill, a full camp wins with one piece of yours in it",
                "  (others' pieces fill squares); strict, all yours; swap, as strict",
                "  but you may swap with a piece still at home (" + spoil + ").",
                "Partners: 4 players as 1+3 v 2+4 (opposite) or 1+2 v 3+4",
                "  (adjacent); win first: the first home wins for the side; both:",
                "  both must be home (" + partners + ").",
                "To go: each player's moves still needed if the others stood still,",
                "  as the computer's planner estimates them.",
            }};
}

HelpPage review_keys_page(bool leaving_quits) {
    return {"Review keys (page 1 of 2; Tab turns to the rules)",
            {
                "Looking back at the game",
                "  left/right       back a move, on a move (h k, j Space, up/down)",
                "  Home/End         the start, the last move (also g G)",
                "  PgUp/PgDn        ten moves back, ten moves on",
                "  Tab  Enter       choose one of the costliest moves, go to it",
                "  l                learn: the positions where a move lost two or",
                "                   more, as puzzles (arrows and Enter or : make a",
                "                   move; n N the next, the previous; q back)",
                "  p                play on from the move shown (the moves after it",
                "                   can be redone with R)",
                "  f                turn the board",
                leaving_quits ? "  q  r  Esc        quit" : "  q  r  Esc        back to the game",
                "  L  ?             messages, this help",
                "The analysis: each move's cost in moves of race against the best",
                "  move the race planner finds there (drawn with ?), a chart of",
                "  every player's moves to go, and each player's costliest moves.",
            }};
}

} // namespace

HelpPage review_help_page(int page, const Game& game, bool leaving_quits) {
    return page == 0 ? review_keys_page(leaving_quits) : rules_page(game);
}

HelpPage help_page(int page, const Game& game, const MarkGlyphs& marks, bool hints, bool club,
                   bool watching) {
    if (page != 0) return rules_page(game);
    return watching ? watcher_keys_page(marks, club) : keys_page(marks, hints, club);
}

} // namespace halma::play
