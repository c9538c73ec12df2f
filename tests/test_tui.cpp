// The front end's view-independent parts: the chain builder, keys to intents, the prompt,
// the command line, the new-game form and the screen layout.
#include "halma.hpp"
#include "play/chain_builder.hpp"
#include "play/keys.hpp"
#include "play/new_game_form.hpp"
#include "play/prompt.hpp"
#include "screen/layout.hpp"
#include "settings/command_line.hpp"
#include "think/ai_worker.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <poll.h>
#include <tuple>

using namespace halma;
using namespace halma::play;
using namespace halma::screen;
using namespace halma::settings;
using halma::think::AiWorker;

namespace {

// A game of two players set up from "square:player" words, player 1 to move.
Game game_with(std::initializer_list<std::pair<const char*, int>> pieces, int to_move = 0) {
    Game g;
    Position pos(16);
    for (auto [sq, p] : pieces) pos.put(parse_square(sq, 16), p);
    pos.set_to_move(to_move);
    REQUIRE(g.setup(pos).empty());
    return g;
}

int sq(const char* name) { return parse_square(name, 16); }

const KeyCodes kCodes{1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010};

} // namespace

TEST_CASE("chain builder: hop by hop, take back, end by choosing the square again", "[tui]") {
    Game g = game_with({{"c3", 0}, {"d4", 1}, {"e6", 1}, {"f8", 1}, {"a16", 1}});
    ChainBuilder b;
    CHECK(b.choose(g, sq("c3")).kind == ChooseKind::Selected);
    CHECK(b.next_marks(g).test(sq("e5"))); // the first hop
    CHECK(b.next_marks(g).test(sq("c4"))); // a first step
    CHECK(b.end_marks(g).test(sq("g9")));  // a chain's end
    CHECK(b.choose(g, sq("e5")).kind == ChooseKind::Hopped);
    CHECK(b.choose(g, sq("e7")).kind == ChooseKind::Hopped);
    CHECK(b.path() == std::vector<int>{sq("c3"), sq("e5"), sq("e7")});
    CHECK(b.back());
    CHECK(b.at() == sq("e5"));
    CHECK(b.choose(g, sq("e7")).kind == ChooseKind::Hopped);
    ChooseResult r = b.choose(g, sq("e7")); // the current square ends the move
    CHECK(r.kind == ChooseKind::Played);
    CHECK(r.move == Move(sq("c3"), sq("e7")));
    CHECK(!b.active());
}

TEST_CASE("chain builder: a dead-end hop or a step ends the move by itself", "[tui]") {
    Game g = game_with({{"c3", 0}, {"d4", 1}, {"e6", 1}, {"f8", 1}, {"a16", 1}});
    ChainBuilder b;
    (void)b.choose(g, sq("c3"));
    (void)b.choose(g, sq("e5"));
    (void)b.choose(g, sq("e7"));
    ChooseResult r = b.choose(g, sq("g9"));
    CHECK(r.kind == ChooseKind::Played);
    CHECK(r.path == std::vector<int>{sq("c3"), sq("e5"), sq("e7"), sq("g9")});
    (void)b.choose(g, sq("c3"));
    r = b.choose(g, sq("b3"));
    CHECK(r.kind == ChooseKind::Played);
    CHECK(r.move == Move(sq("c3"), sq("b3")));
}

TEST_CASE("chain builder: choosing a chain's end plays the shortest chain", "[tui]") {
    Game g = game_with({{"c3", 0}, {"d4", 1}, {"e6", 1}, {"f8", 1}, {"a16", 1}});
    ChainBuilder b;
    (void)b.choose(g, sq("c3"));
    ChooseResult r = b.choose(g, sq("g9"));
    REQUIRE(r.kind == ChooseKind::Played);
    CHECK(path_name(r.path) == "c3-e5-e7-g9");
}

TEST_CASE("chain builder: refusals say why and change nothing", "[tui]") {
    Game g = game_with({{"c3", 0}, {"d4", 1}, {"e6", 1}, {"f8", 1}, {"a16", 1}});
    ChainBuilder b;
    ChooseResult r = b.choose(g, sq("d4"));
    CHECK(r.kind == ChooseKind::Refused);
    CHECK(r.message.find("player 2") != std::string::npos);
    r = b.choose(g, sq("h8"));
    CHECK(r.kind == ChooseKind::Refused);
    CHECK(r.message.find("no piece on h8") != std::string::npos);
    (void)b.choose(g, sq("c3"));
    (void)b.choose(g, sq("e5"));
    r = b.choose(g, sq("c3")); // back to the start: a hop, not an end
    CHECK(r.kind == ChooseKind::Hopped);
    r = b.choose(g, sq("c3")); // ending where it began is refused
    CHECK(r.kind == ChooseKind::Refused);
    CHECK(r.message.find("different square") != std::string::npos);
    CHECK(b.path().size() == 3);
    r = b.choose(g, sq("h2"));
    CHECK(r.kind == ChooseKind::Refused);
    CHECK_FALSE(r.message.empty());
}

TEST_CASE("chain builder: the camp rule is refused with its reason", "[tui]") {
    // Player 1's piece already in its target camp (p16) may not step out of it.
    Game g = game_with({{"l16", 0}, {"a1", 1}});
    ChainBuilder b;
    REQUIRE(b.choose(g, sq("l16")).kind == ChooseKind::Selected);
    ChooseResult r = b.choose(g, sq("k16"));
    CHECK(r.kind == ChooseKind::Refused);
    CHECK(r.message.find("target camp") != std::string::npos);
    CHECK(b.end_marks(g).test(sq("m16")));
    CHECK_FALSE(b.end_marks(g).test(sq("k16")));
}

TEST_CASE("keys: vi keys, arrows, diagonals and commands", "[tui]") {
    CHECK(board_intent('k', kCodes).dy == 1);
    CHECK(board_intent(kCodes.down, kCodes).dy == -1);
    Intent y = board_intent('y', kCodes);
    CHECK((y.action == Action::Cursor && y.dx == -1 && y.dy == 1));
    Intent n = board_intent('n', kCodes);
    CHECK((n.dx == 1 && n.dy == -1));
    CHECK(board_intent('f', kCodes).action == Action::Turn);
    CHECK(board_intent('\r', kCodes).action == Action::Choose);
    CHECK(board_intent(' ', kCodes).action == Action::Choose);
    CHECK(board_intent(127, kCodes).action == Action::Back);
    CHECK(board_intent(27, kCodes).action == Action::Cancel);
    CHECK(board_intent(':', kCodes).action == Action::Prompt);
    CHECK(board_intent('?', kCodes).action == Action::Help);
    CHECK(board_intent(12, kCodes).action == Action::Redraw);
    CHECK(board_intent('Z', kCodes).action == Action::None);
}

TEST_CASE("cursor stops at the edge", "[tui]") {
    int f = 0, r = 0;
    CHECK_FALSE(cursor_step(f, r, -1, 0, 16));
    CHECK_FALSE(cursor_step(f, r, -1, 1, 16));
    CHECK((f == 0 && r == 0));
    CHECK(cursor_step(f, r, 1, 1, 16));
    CHECK((f == 1 && r == 1));
    f = 7, r = 7;
    CHECK_FALSE(cursor_step(f, r, 1, 0, 8));
}

TEST_CASE("prompt: editing and commands", "[tui]") {
    LineEdit e;
    for (char c : std::string("save x")) CHECK(e.key(c, kCodes) == LineEdit::State::Editing);
    CHECK(e.key(127, kCodes) == LineEdit::State::Editing);
    CHECK(e.text() == "save ");
    CHECK(e.key('\r', kCodes) == LineEdit::State::Done);
    CHECK(parse_command("save games/a.halma").kind == Command::Kind::Save);
    CHECK(parse_command("save games/a.halma").arg == "games/a.halma");
    CHECK(parse_command("e4-g6-g8").kind == Command::Kind::Move);
    CHECK(parse_command(" undo ").kind == Command::Kind::Undo);
    CHECK(parse_command("undo now").kind == Command::Kind::Unknown);
    CHECK(parse_command("frobnicate").kind == Command::Kind::Unknown);
    CHECK(parse_command("").kind == Command::Kind::Empty);
    // The club's commands, in its lobby and in a club game.
    CHECK(parse_command("seek size=8 pace=days:3").kind == Command::Kind::Seek);
    CHECK(parse_command("seek size=8 pace=days:3").arg == "size=8 pace=days:3");
    CHECK(parse_command("accept 12").kind == Command::Kind::Accept);
    CHECK(parse_command("watch 7").arg == "7");
    CHECK(parse_command("play 3").kind == Command::Kind::PlayGame);
    CHECK(parse_command("resign").kind == Command::Kind::Resign);
    CHECK(parse_command("record 4 game.halma").arg == "4 game.halma");
    CHECK(parse_command("history *").kind == Command::Kind::History);
    CHECK(parse_command("open 9").kind == Command::Kind::Open);
}

// Types text into a line editor byte by byte, as a terminal delivers it to getch().
static void type_bytes(LineEdit& e, const std::string& text) {
    for (char c : text)
        CHECK(e.key(static_cast<unsigned char>(c), kCodes) == LineEdit::State::Editing);
}

TEST_CASE("prompt: UTF-8 characters are typed and deleted whole", "[tui]") {
    LineEdit e;
    type_bytes(e, "say h\xC3\xA9llo \xE2\x86\x92 \xF0\x9F\x8E\xB2");
    CHECK(e.text() == "say h\xC3\xA9llo \xE2\x86\x92 \xF0\x9F\x8E\xB2");
    CHECK(e.key(127, kCodes) == LineEdit::State::Editing); // the die, four bytes
    CHECK(e.text() == "say h\xC3\xA9llo \xE2\x86\x92 ");
    for (int i = 0; i < 7; ++i) CHECK(e.key(127, kCodes) == LineEdit::State::Editing);
    CHECK(e.text() == "say h");
    // Broken sequences, a C1 control and a stray continuation byte are dropped; the
    // characters around them stay.
    e.reset();
    type_bytes(e, "a\xC3"
                  "b\x80"
                  "c\xC2\x85"
                  "d\xE2\x86"
                  "e\xFF\xC3\xA9");
    CHECK(e.text() == "abcde\xC3\xA9");
    // Backspace in the middle of a character drops what has come of it.
    e.reset();
    type_bytes(e, "x\xE2\x86");
    CHECK(e.key(127, kCodes) == LineEdit::State::Editing);
    type_bytes(e, "y");
    CHECK(e.text() == "xy");
    // The line keeps to its bytes without cutting a character.
    e.reset();
    for (std::size_t i = 0; i < LineEdit::kMaxBytes; ++i) type_bytes(e, "\xC3\xA9");
    CHECK(e.text().size() == LineEdit::kMaxBytes);
    type_bytes(e, "z");
    CHECK(e.text().size() == LineEdit::kMaxBytes);
    CHECK(is_utf8(e.text()));
}

TEST_CASE("command line: values, defaults and errors", "[tui]") {
    Config c;
    const char* ok[] = {
        "halma",     "--players",    "4",           "--seats", "human,ai:2,human,ai",
        "--level=4", "--long-jumps", "--max-turns", "100",     "--first",
        "2"};
    REQUIRE(parse_command_line(11, ok, c).empty());
    REQUIRE(finish_config(c).empty());
    CHECK(c.rules.players == 4);
    CHECK(c.rules.longjumps);
    CHECK(c.rules.maxturns == 100);
    CHECK(c.rules.first == 1);
    CHECK(c.first_given);
    REQUIRE(c.seats.size() == 4);
    CHECK(c.seats[1].level == 2);
    CHECK(c.seats[3].level == 4);
    CHECK(seats_text(c.seats) == "human ai:2 human ai:4");

    Config d;
    const char* none[] = {"halma"};
    REQUIRE(parse_command_line(1, none, d).empty());
    REQUIRE(finish_config(d).empty());
    CHECK(d.rules.players == 2);
    CHECK(d.rules.size == 16);
    CHECK_FALSE(d.first_given);
    CHECK(seats_text(d.seats) == "human ai:3");

    Config e;
    const char* bad[] = {"halma", "--size", "12"};
    REQUIRE(parse_command_line(3, bad, e).empty());
    CHECK(finish_config(e).find("bad value '12' for --size") != std::string::npos);
    const char* seats3[] = {"halma", "--seats", "human,ai,ai"};
    Config f;
    REQUIRE(parse_command_line(3, seats3, f).empty());
    REQUIRE(finish_config(f).empty());
    CHECK(f.rules.players == 3);
    const char* small[] = {"halma", "--players", "3", "--camps", "small"};
    Config g;
    REQUIRE(parse_command_line(5, small, g).empty());
    REQUIRE(finish_config(g).empty());
    CHECK(g.rules.camps == CampSetup::Small);
    const char* small4[] = {"halma", "--players=4", "--camps=small"};
    Config h;
    REQUIRE(parse_command_line(3, small4, h).empty());
    CHECK(finish_config(h) == "camps=small is for 3 players");
    const char* unknown[] = {"halma", "--colour"};
    CHECK(parse_command_line(2, unknown, f) == "unknown option '--colour'");
}

TEST_CASE("command line: a word's control characters show as '?' in the message", "[tui]") {
    // Found by fuzz_cmdline: the message quoted the word raw, so a newline or an escape
    // sequence in an argument reached the terminal through halma's error line.
    Config c;
    const char* option[] = {"halma", "--sos\x13olo", "--ascii"};
    CHECK(parse_command_line(3, option, c) == "unknown option '--sos?olo'");
    const char* seat[] = {"halma", "--seats", "human,\x1b[2J"};
    CHECK(parse_command_line(3, seat, c) == "bad seat '?[2J' (human, remote, ai or ai:LEVEL)");
    const char* value[] = {"halma", "--spoil", "fill\nswap"};
    REQUIRE(parse_command_line(3, value, c).empty());
    const std::string err = finish_config(c);
    CHECK(err.rfind("bad value 'fill?swap' for --spoil", 0) == 0);
    CHECK(err.find('\n') == std::string::npos);
}

TEST_CASE("command line: -h is --help", "[tui][help]") {
    Config c;
    const char* short_name[] = {"halma", "-h"};
    REQUIRE(parse_command_line(2, short_name, c).empty());
    CHECK(c.mode == Mode::Help);
    Config other;
    const char* unknown[] = {"halma", "-x"};
    CHECK(parse_command_line(2, unknown, other) == "unknown argument '-x'");
    const std::string line = "  -h, --help" + std::string(kHelpColumn - 12, ' ') + "this help";
    CHECK(help_text().find("\n" + line + "\n") != std::string::npos);
}

TEST_CASE("command line: every --help description starts in the same column", "[tui][help]") {
    const std::string text = help_text();
    std::vector<std::string> names; // each option as --help names it: "  --size N"
    for (const OptionSpec& o : option_specs())
        names.push_back((o.letter ? std::string("  -") + o.letter + ", --" : std::string("  --")) +
                        o.name + (*o.arg ? " " : "") + o.arg);
    std::size_t start = 0;
    bool name_alone = false; // the line before was an option too long to share its line
    int options = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::string line = text.substr(start, end - start);
        start = end + 1;
        INFO(line);
        CHECK(line.size() <= 80);
        if (line.rfind("  -", 0) == 0) { // an option: its description at the column, or below
            ++options;
            CHECK(!name_alone);
            const std::string name = line.substr(0, line.find("  ", 2));
            CHECK(std::find(names.begin(), names.end(), name) != names.end());
            name_alone = name == line;
            if (name_alone) continue;
            CHECK(name.size() + 2 <= kHelpColumn); // a gap of two spaces at least
            CHECK(line.find_first_not_of(' ', name.size()) == kHelpColumn);
        } else if (line.rfind(" ", 0) == 0) { // a description's next line
            name_alone = false;
            CHECK(line.find_first_not_of(' ') == kHelpColumn);
        } else {
            CHECK(!name_alone);
        }
    }
    CHECK(options == static_cast<int>(option_specs().size()));
    for (const char* option : {"--club", "--relay", "--door "}) {
        INFO(option);
        CHECK(text.find(option) != std::string::npos);
    }
}

TEST_CASE("new-game form: prefilled, cycled, validated", "[tui]") {
    Rules r = Rules::for_game(2, 16);
    NewGameForm form(r, {SeatSpec{false, 3}, SeatSpec{true, 3}}, true);
    CHECK(form.value(0) == "2");
    CHECK(form.value(3) == "ai:3");
    form.change(1, 1); // board 16 -> 10
    Rules out;
    std::vector<SeatSpec> seats;
    bool random = false;
    REQUIRE(form.build(out, seats, random).empty());
    CHECK(out.size == 10);
    CHECK(out.evacuate == 50);
    CHECK(random);
    CHECK(seats.size() == 2);
    form.change(0, 1); // 3 players on 10x10 is impossible
    CHECK(form.build(out, seats, random).find("16x16") != std::string::npos);
    // The camps line counts for 3 players only.
    int camps = -1;
    for (int row = 0; row < form.rows(); ++row)
        if (form.label(row) == "3-player camps") camps = row;
    REQUIRE(camps >= 0);
    CHECK(form.value(camps) == "mixed");
    form.change(1, -1); // board back to 16
    form.change(camps, 1);
    REQUIRE(form.build(out, seats, random).empty());
    CHECK(out.players == 3);
    CHECK(out.camps == CampSetup::Small);
    form.change(0, 1); // 4 players: the line is not used
    CHECK(form.value(camps) == "small (not used)");
    REQUIRE(form.build(out, seats, random).empty());
    CHECK(out.camps == CampSetup::Mixed);
}

TEST_CASE("new-game form: the spoil rule is the board's own until one is chosen", "[tui][spoil]") {
    NewGameForm form(Rules::for_game(2, 16), {SeatSpec{false, 3}, SeatSpec{true, 3}}, true);
    int spoil = -1;
    for (int row = 0; row < form.rows(); ++row)
        if (form.label(row) == "Spoiling") spoil = row;
    REQUIRE(spoil >= 0);
    CHECK(form.value(spoil) == "fill (the 16x16 board's)");
    Rules out;
    std::vector<SeatSpec> seats;
    bool random = false;
    for (const auto& [size, shown, rule] :
         {std::tuple{"10", "strict (the 10x10 board's)", Spoil::Strict},
          {"8", "strict (the 8x8 board's)", Spoil::Strict},
          {"16", "fill (the 16x16 board's)", Spoil::Fill}}) {
        form.change(1, 1); // the board: 16 -> 10 -> 8 -> 16
        CHECK(form.value(spoil) == shown);
        CHECK(form.describe(spoil).find(rule == Spoil::Fill ? "others'" : "your own") !=
              std::string::npos);
        REQUIRE(form.build(out, seats, random).empty());
        CHECK(out.size == std::stoi(size));
        CHECK(out.spoil == rule);
    }
    // A rule chosen stays whatever the board.
    form.change(spoil, 1);
    CHECK(form.value(spoil) == "fill");
    form.change(1, 2); // 16 -> 8
    REQUIRE(form.build(out, seats, random).empty());
    CHECK((out.size == 8 && out.spoil == Spoil::Fill));
    // A form prefilled from a game shows its rule as the default when it is the board's.
    Rules eight = Rules::for_game(2, 8);
    CHECK(NewGameForm(eight, seats, true).value(spoil) == "strict (the 8x8 board's)");
    eight.spoil = Spoil::Fill;
    CHECK(NewGameForm(eight, seats, true).value(spoil) == "fill");
}

TEST_CASE("layout: 80x24 fits with one-cell squares, larger terminals get larger ones", "[tui]") {
    Layout l = make_layout(24, 80, 16);
    REQUIRE(l.fits);
    CHECK((l.square_w() == 2 && l.square_h() == 1));
    CHECK(l.panel_x + kPanelMin <= 80);
    Square sq = kNoSquare;
    REQUIRE(square_at(l, l.glyph_x_of(make_square(4, 3)), l.glyph_y_of(make_square(4, 3)), sq));
    CHECK(sq == make_square(4, 3));
    // Larger terminals: odd widths where they fit, so the glyph has a middle column.
    CHECK(make_layout(40, 110, 16).square_w() == 4);
    CHECK(make_layout(40, 120, 16).square_w() == 5);
    CHECK(make_layout(60, 140, 16).square_w() == 6);
    CHECK(make_layout(60, 150, 16).square_w() == 7);
    CHECK(make_layout(60, 150, 16).square_h() == 3);
    CHECK(make_layout(24, 80, 8).square_w() == 5);
    CHECK(make_layout(24, 80, 10).square_w() == 4);
    Layout small = make_layout(15, 50, 16);
    CHECK_FALSE(small.fits);
    CHECK(small.need_cols == 60);
    CHECK(small.need_rows == 20);
    CHECK(make_layout(24, 80, 8).fits);
    CHECK_FALSE(make_layout(20, 59, 16).fits);
    CHECK_FALSE(make_layout(19, 60, 16).fits);
}

TEST_CASE("layout: a small terminal folds the panel, for the board to fit or be larger", "[tui]") {
    // 16x16 at 60x20: one-cell squares beside the folded panel.
    const Layout l = make_layout(20, 60, 16);
    REQUIRE(l.fits);
    CHECK((l.square_w() == 2 && l.square_h() == 1));
    CHECK(l.panel_w == kPanelNarrow);
    // 8x8 at 60x20: squares of two rows beside the folded panel, rather than one-row squares
    // beside the full one.
    const Layout eight = make_layout(20, 60, 8);
    CHECK((eight.square_w() == 4 && eight.square_h() == 2));
    CHECK(eight.panel_w >= kPanelNarrow);
    // Where the full panel leaves the squares as tall, it stays.
    CHECK(make_layout(40, 110, 16).panel_w >= kPanelMin);
    CHECK(make_layout(24, 80, 16).panel_w >= kPanelMin);
}

TEST_CASE("layout: every glyph in the middle of its square, every cell on its square", "[tui]") {
    for (int size : {8, 10, 16})
        for (int rows = 20; rows <= 60; rows += 5)
            for (int cols = 60; cols <= 200; cols += 11)
                for (int turns = 0; turns < 4; ++turns) {
                    const Layout l = make_layout(rows, cols, size, turns);
                    if (!l.fits) continue;
                    INFO(size << "x" << size << " on " << cols << "x" << rows << " turned "
                              << turns);
                    CHECK(l.panel_w >= kPanelNarrow);
                    for (int f = 0; f < size; ++f)
                        for (int r = 0; r < size; ++r) {
                            const Square sq = make_square(f, r);
                            const int left = l.square_x(sq), top = l.square_y(sq);
                            // Within the board, and the glyph's column and row the middle
                            // ones (of an even count, the later of the two).
                            CHECK((left >= l.board_x && left + l.square_w() < l.panel_x));
                            CHECK((top >= l.board_y && top + l.square_h() <= l.status_y));
                            CHECK(l.glyph_x_of(sq) - left == l.square_w() / 2);
                            CHECK(l.glyph_y_of(sq) - top == l.square_h() / 2);
                            // Every cell of the square, the cursor's column before the
                            // glyph included, is that square to the mouse: no two squares
                            // share a cell.
                            for (int dx = 0; dx < l.square_w(); ++dx)
                                for (int dy = 0; dy < l.square_h(); ++dy) {
                                    Square at = kNoSquare;
                                    REQUIRE(square_at(l, left + dx, top + dy, at));
                                    CHECK(at == sq);
                                }
                        }
                }
}

TEST_CASE("view: each seat's home corner at the bottom left, up on the screen up", "[tui]") {
    // The corner a view draws at the bottom left is the one turns_for names.
    for (Corner c : {Corner::A1, Corner::A16, Corner::P16, Corner::P1}) {
        const View v{turns_for(c), 16};
        const Square corner = corner_square(c, 16);
        CHECK((v.col(corner) == 0 && v.row(corner) == 15));
        CHECK(v.screen_corner(c) == Corner::A1);
    }
    // Player 2 of 2 sees the board turned half round: p16 bottom left, a1 top right.
    const View half{turns_for(seat_camps(Rules{}, 1).home), 16};
    CHECK(half.turns == 2);
    CHECK((half.col(sq("a1")) == 15 && half.row(sq("a1")) == 0));
    CHECK(half.screen_corner(Corner::A1) == Corner::P16);
    // Turned a quarter (a16 at the bottom left, player 2 of 4): files run up the screen, so
    // a step up the screen is a file towards p and a step right a rank down.
    const View quarter{1, 16};
    CHECK((quarter.col(sq("a16")) == 0 && quarter.row(sq("a16")) == 15));
    CHECK((quarter.col(sq("p16")) == 0 && quarter.row(sq("p16")) == 0));
    for (int turns = 0; turns < 4; ++turns) {
        const View v{turns, 10};
        for (int dx : {-1, 0, 1})
            for (int dy : {-1, 0, 1}) {
                int df = 0, dr = 0;
                v.board_step(dx, dy, df, dr);
                const Square from = make_square(4, 5), to = make_square(4 + df, 5 + dr);
                CHECK(v.col(to) - v.col(from) == dx);
                CHECK(v.row(from) - v.row(to) == dy); // rows count down the screen
            }
        for (int c = 0; c < 10; ++c)
            for (int row = 0; row < 10; ++row) {
                const Square s = v.square(c, row);
                CHECK((v.col(s) == c && v.row(s) == row));
            }
    }
}

TEST_CASE("AI worker: the move arrives through the descriptor, and can be cancelled", "[tui]") {
    Game g;
    AiWorker w;
    ai::Limits lim;
    lim.movetime_ms = 50;
    w.start(g, lim, 7);
    CHECK(w.busy());
    CHECK(w.purpose() == 7);
    pollfd p{w.fd(), POLLIN, 0};
    REQUIRE(poll(&p, 1, 10000) == 1);
    Move m = w.finish().move;
    CHECK_FALSE(w.busy());
    CHECK(g.is_legal(m));
    w.start(g, lim, 1);
    w.cancel();
    CHECK_FALSE(w.busy());
    p.revents = 0;
    CHECK(poll(&p, 1, 0) == 0); // a cancelled search leaves nothing to read
}

TEST_CASE("new-game form: the lines that do not apply are dimmed and passed over", "[tui]") {
    NewGameForm form(Rules::for_game(2, 16), {SeatSpec{false, 3}, SeatSpec{true, 3}}, true);
    auto row_of = [&](const std::string& label) {
        for (int row = 0; row < form.rows(); ++row)
            if (form.label(row) == label) return row;
        FAIL("no line " << label);
        return -1;
    };
    const int players = row_of("Players"), seat2 = row_of("Seat 2"), seat3 = row_of("Seat 3"),
              seat4 = row_of("Seat 4"), spoil = row_of("Spoiling"), partners = row_of("Partners"),
              win = row_of("Partners win"), camps = row_of("3-player camps"),
              solo = row_of("Solitaire");
    // Two players: seats 3 and 4, the partners' lines and the camps do not apply.
    for (int row : {seat3, seat4, partners, win, camps}) CHECK_FALSE(form.applies(row));
    for (int row : {players, seat2, spoil, solo}) CHECK(form.applies(row));
    // Down from seat 2 passes seats 3 and 4; up comes back to it.
    while (form.row() != seat2) form.move_row(1);
    form.move_row(1);
    CHECK(form.row() == spoil);
    form.move_row(-1);
    CHECK(form.row() == seat2);
    // Every line met going round once applies.
    for (int i = 0; i < form.rows(); ++i) {
        form.move_row(1);
        CHECK(form.applies(form.row()));
    }
    // Three players: seat 3 and the camps; four: seat 4 and partners, their win with partners.
    form.change(players, 1);
    CHECK(form.applies(seat3));
    CHECK(form.applies(camps));
    CHECK_FALSE(form.applies(seat4));
    form.change(players, 1);
    CHECK(form.applies(seat4));
    CHECK(form.applies(partners));
    CHECK_FALSE(form.applies(camps));
    CHECK_FALSE(form.applies(win));
    form.change(partners, 1);
    CHECK(form.applies(win));
    // A puzzle chosen: only its own line applies, and moving stays on it.
    form.change(solo, 1);
    for (int row = 0; row < form.rows(); ++row) CHECK(form.applies(row) == (row == solo));
    while (form.row() != solo) form.move_row(1);
    form.move_row(1);
    CHECK(form.row() == solo);
    form.move_row(-3);
    CHECK(form.row() == solo);
}
