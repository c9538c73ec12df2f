// The front end's first minutes, without a terminal: the game in the player's words (the
// result, the rule that ended it, where a player goes, the leave-home countdown), the review,
// the prompt's history and completion, the message log, the clocks, the new-game form's
// explanations, the help pages, the race meter and the saves folder.
#include "files/record_file.hpp"
#include "files/saves.hpp"
#include "halma/solo/catalogue.hpp"
#include "play/clocks.hpp"
#include "play/help.hpp"
#include "play/message_log.hpp"
#include "play/new_game_form.hpp"
#include "play/prompt.hpp"
#include "play/status_line.hpp"
#include "play/words.hpp"
#include "review/chart.hpp"
#include "review/review.hpp"
#include "support.hpp"
#include "think/analysis.hpp"
#include "think/race.hpp"

#include <catch2/catch.hpp>
#include <fstream>

using namespace halma;
using namespace halma::play;
using namespace halma::review;
using namespace halma::think;
using test_support::game_at;
using test_support::place;
using test_support::sq;
using Strings = std::vector<std::string>;

namespace {

Rules rules(int players, int size, int evacuate = 0) {
    Rules r = Rules::for_game(players, size);
    r.evacuate = evacuate;
    return r;
}

// The rules of a 2-player game under spoil=fill, where an opponent's piece in a camp fills it.
Rules fill_rules(int size) {
    Rules r = rules(2, size);
    r.spoil = Spoil::Fill;
    return r;
}

// Plays moves in notation, failing the test if one is illegal.
void play_moves(Game& g, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        const ParsedMove pm = parse_move(g, text);
        INFO(text << ": " << pm.error);
        REQUIRE(pm.error.empty());
        REQUIRE(g.play(pm.move));
    }
}

const KeyCodes kCodes{1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010};

// Types text into a line editor, key by key.
void type(LineEdit& edit, const std::string& text) {
    for (char c : text)
        REQUIRE(edit.key(static_cast<unsigned char>(c), kCodes) == LineEdit::State::Editing);
}

} // namespace

TEST_CASE("words: the result to the person at a seat, and to an onlooker", "[tui]") {
    Game g = game_at(fill_rules(8), place(8, "1:h8,g8,f8,h7,f7,h6,g6,h5,d7 2:g7,a1"));
    play_moves(g, {"d7-e8"});
    CHECK(result_words(g) == "Player 1 wins");
    CHECK(result_words(g, 0) == "You win");
    CHECK(result_words(g, 1) == "You lose: player 1 wins");
    // Partners: the side wins together.
    Rules r = rules(4, 16);
    r.partners = Partners::Opposite;
    Game side = game_at(r, place(16, "1:n16,o16,p16,m15,n15,o15,p15,n14,o14,p14,o13,p13,l16 "
                                     "3:a1 2:h8 4:i9"));
    play_moves(side, {"l16-m16"});
    CHECK(result_words(side) == "Players 1 and 3 win");
    CHECK(result_words(side, 2) == "You and player 1 win");
    CHECK(result_words(side, 1) == "You lose: player 1 and player 3 win");
}

TEST_CASE("words: which rule ended the game, and how", "[tui]") {
    // A fill win with an opponent's piece left in the camp says that it counts.
    Game fill = game_at(fill_rules(8), place(8, "1:h8,g8,f8,h7,f7,h6,g6,h5,d7 2:g7,a1"));
    play_moves(fill, {"d7-e8"});
    CHECK(ending_words(fill) == "Player 1 filled the top right camp (h8): under spoil=fill a camp "
                                "full of pieces wins, and player 2's piece left there (g7) counts");
    CHECK(ending_words(fill, 1) ==
          "Player 1 filled your home camp (h8): under spoil=fill a camp full of pieces wins, "
          "and your piece left there (g7) counts");
    // The leave-home rule in two players: who, how many pieces, after which move.
    Game stays = game_at(rules(2, 8, 1), place(8, "1:d1,c1,d4 2:h8,e5"));
    play_moves(stays, {"d4-c4"});
    CHECK(ending_words(stays) ==
          "Player 1 still had 2 pieces at home after move 1 (the leave-home rule)");
    CHECK(ending_words(stays, 0) ==
          "You still had 2 pieces at home after move 1 (the leave-home rule)");
    // Three players: the last one left wins when the others drop out.
    Game three(rules(3, 16, 1));
    play_moves(three, {"e1-f1", "d16-e16"});
    CHECK(ending_words(three) ==
          "Player 1 and player 2 dropped out, with pieces at home from move 1 "
          "on (the leave-home rule)");
    // The move limit.
    Rules limited = Rules::for_game(2, 16);
    limited.maxturns = 1;
    Game draw(limited);
    play_moves(draw, {"a5-a6", "p12-p11"});
    CHECK(ending_words(draw) == "Every player made 1 moves with no winner (the move limit)");
    CHECK(ending_words(Game(rules(2, 16))).empty()); // still playing
}

TEST_CASE("words: where each player goes, and the start said to the person here", "[tui]") {
    const Game two(rules(2, 16));
    CHECK(target_words(two, 0) == "the top right camp (p16)");
    CHECK(target_words(two, 1) == "the bottom left camp (a1)");
    const Game three(rules(3, 16));
    CHECK(target_words(three, 1) == "the bottom right camp (p1)"); // the empty corner
    CHECK(target_words(Game(rules(2, 8)), 0) == "the top right camp (h8)");
    CHECK(orientation_words(two, 0, "@") ==
          "You are @ player 1: take your 19 pieces to the top right camp (p16)");
    // Where a camp is on a screen that shows the board turned: player 2 of 2, turned half
    // round, goes to the top right too; player 2 of 3 (a16 at the bottom left) as well.
    CHECK(target_words(two, 1, 2) == "the top right camp (a1)");
    CHECK(target_words(three, 1, 1) == "the top right camp (p1)");
    CHECK(target_words(two, 0, 2) == "the bottom left camp (p16)");
}

TEST_CASE("words: the leave-home deadline is counted down in its last ten moves", "[tui]") {
    CHECK(home_warning(Game(rules(2, 8, 11)), 0).pieces == 0); // eleven moves away
    const HomeWarning near = home_warning(Game(rules(2, 8, 10)), 0);
    CHECK((near.pieces == 10 && near.moves_left == 10));
    Game g(rules(2, 8, 3));
    play_moves(g, {"d1-e2", "e8-e7"}); // a piece out: nine left at home, two moves to go
    const HomeWarning w = home_warning(g, 0);
    CHECK((w.pieces == 9 && w.moves_left == 2));
    CHECK(home_warning(Game(rules(2, 8, 0)), 0).pieces == 0); // no deadline
}

TEST_CASE("review: steps through a game, marks each move, plays on with the rest kept", "[tui]") {
    Game g(rules(2, 8));
    play_moves(g, {"d1-e2", "e8-e7", "c2-d3", "e7-e6"});
    Review r(g);
    CHECK(r.plies() == 4);
    CHECK(r.at() == 4);
    CHECK(r.where_words() == "move 4 of 4");
    CHECK(r.moves().lines == Strings{"1. d1-e2", "1. e8-e7", "2. c2-d3", "2. e7-e6"});
    CHECK(r.moves().movers == std::vector<Seat>{0, 1, 0, 1});
    CHECK(r.path() == std::vector<Square>{sq("e7", 8), sq("e6", 8)});
    r.step(-2);
    CHECK(r.where_words() == "move 2 of 4");
    CHECK(r.here().position() != g.position());
    CHECK(r.path() == std::vector<Square>{sq("e8", 8), sq("e7", 8)});
    r.go_to(0);
    CHECK(r.where_words() == "the start (4 moves)");
    CHECK(r.path().empty());
    CHECK(r.here().position() == Game(rules(2, 8)).position());
    r.step(-1); // stays at the start
    CHECK(r.at() == 0);
    r.go_to(99); // stays at the end
    CHECK(r.at() == 4);
    CHECK(r.here().position() == g.position());
    // Playing on from move 2: the game as it stood, the two moves after it to redo.
    r.go_to(2);
    Game on = r.play_on();
    CHECK(on.ply() == 2);
    CHECK(on.to_move() == 0);
    CHECK(on.redo());
    CHECK(on.redo());
    CHECK(on.position() == g.position());
}

TEST_CASE("review: the move list keeps the last moves, numbered by each mover's count", "[tui]") {
    Game g(rules(2, 8));
    play_moves(g, {"d1-e2", "e8-e7", "c2-d3"});
    const review::MoveList last = move_list(g, 2);
    CHECK(last.lines == Strings{"1. e8-e7", "2. c2-d3"});
    CHECK(last.first == 1);
    CHECK(move_list(g).lines.size() == 3);
    CHECK(last_path(Game(rules(2, 8))).empty());
}

TEST_CASE("prompt: up and down bring back the lines entered, the one typed kept", "[tui]") {
    LineEdit edit;
    type(edit, "save one");
    CHECK(edit.key('\n', kCodes) == LineEdit::State::Done);
    edit.reset();
    type(edit, "e4-f5");
    CHECK(edit.key('\r', kCodes) == LineEdit::State::Done);
    edit.reset();
    type(edit, "hi");
    CHECK(edit.key(kCodes.up, kCodes) == LineEdit::State::Editing);
    CHECK(edit.text() == "e4-f5");
    CHECK(edit.key(kCodes.up, kCodes) == LineEdit::State::Editing);
    CHECK(edit.text() == "save one");
    CHECK(edit.key(kCodes.up, kCodes) == LineEdit::State::Editing); // the oldest stays
    CHECK(edit.text() == "save one");
    CHECK(edit.key(kCodes.down, kCodes) == LineEdit::State::Editing);
    CHECK(edit.key(kCodes.down, kCodes) == LineEdit::State::Editing);
    CHECK(edit.text() == "hi"); // the line being typed comes back
    CHECK(edit.key('\t', kCodes) == LineEdit::State::Complete);
    // A blank line and a repeat are not kept again.
    edit.reset();
    CHECK(edit.key('\n', kCodes) == LineEdit::State::Done);
    edit.reset();
    type(edit, "e4-f5");
    CHECK(edit.key('\n', kCodes) == LineEdit::State::Done);
    CHECK(edit.history() == Strings{"save one", "e4-f5"});
    // History is bounded.
    for (int i = 0; i < 80; ++i) {
        edit.reset();
        type(edit, "say " + std::to_string(i));
        (void)edit.key('\n', kCodes);
    }
    CHECK(edit.history().size() == LineEdit::kMaxHistory);
    CHECK(edit.history().back() == "say 79");
}

TEST_CASE("prompt: Tab completes the command word, and a save's name after load or save", "[tui]") {
    CHECK(complete_line("rev", {}).line == "review");
    CHECK(complete_line("loa", {}).line == "load ");
    CHECK(complete_line("lo", {}).choices == Strings{"load", "log"});
    CHECK(complete_line("say", {}).line == "say ");
    const Completion s = complete_line("sa", {});
    CHECK(s.line == "sa");
    CHECK(s.choices == Strings{"save", "say", "save-defaults"});
    const Completion sav = complete_line("sav", {});
    CHECK(sav.line == "save");
    CHECK(sav.choices == Strings{"save", "save-defaults"});
    CHECK(complete_line("xyz", {}).line == "xyz");
    CHECK(complete_line("xyz", {}).choices.empty());
    const Strings names{"friday", "final-16x16", "mine"};
    CHECK(complete_line("load m", names).line == "load mine");
    const Completion f = complete_line("load f", names);
    CHECK(f.line == "load f");
    CHECK(f.choices == Strings{"friday", "final-16x16"});
    CHECK(complete_line("load fi", names).line == "load final-16x16");
    CHECK(complete_line("undo x", names).line == "undo x"); // no argument to complete
    // Every command word completes to itself.
    for (const std::string& w : command_words()) CHECK(complete_line(w, {}).line.rfind(w, 0) == 0);
}

TEST_CASE("prompt: a move with a square off the board is refused for that square", "[tui]") {
    const Command c = parse_command("z9-a1");
    CHECK(c.kind == Command::Kind::Move);
    CHECK(parse_move(Game(), c.arg).error == "'z9' is not a square of the 16x16 board");
    CHECK(parse_command("e4-q1").kind == Command::Kind::Move);
    CHECK(parse_command("save-defaults").kind == Command::Kind::SaveDefaults);
    CHECK(parse_command("log").kind == Command::Kind::Log);
    CHECK(parse_command("review").kind == Command::Kind::Review);
    CHECK(parse_command("Hello-there").kind == Command::Kind::Unknown);
    CHECK(parse_command("e4-f5 now").kind == Command::Kind::Unknown);
}

TEST_CASE("message log: the last hundred, a repeat kept once, chat picked out", "[tui]") {
    MessageLog log;
    log.add("10:00", "hello", MessageLog::Kind::Note);
    log.add("10:00", "hello", MessageLog::Kind::Note);
    log.add("10:01", "bob: hi", MessageLog::Kind::Chat);
    log.add("10:02", "a2 is occupied", MessageLog::Kind::Error);
    log.add("10:03", "", MessageLog::Kind::Note); // nothing said, nothing kept
    CHECK(log.entries().size() == 3);
    REQUIRE(log.chat(5).size() == 1);
    CHECK(log.chat(5)[0].text == "bob: hi");
    for (int i = 0; i < 150; ++i)
        log.add("11:00", "line " + std::to_string(i),
                i % 2 ? MessageLog::Kind::Chat : MessageLog::Kind::Note);
    CHECK(log.entries().size() == MessageLog::kMax);
    CHECK(log.entries().back().text == "line 149");
    CHECK(log.entries().front().text == "line 50");
    const auto chat = log.chat(3);
    REQUIRE(chat.size() == 3);
    CHECK((chat[0].text == "line 145" && chat[2].text == "line 149"));
}

TEST_CASE("message log: coming back to a table, the lines said before are kept once", "[tui]") {
    play::StatusLine status;
    const auto said = [&] {
        std::vector<std::string> out;
        for (const MessageLog::Entry& e : status.log().chat(MessageLog::kMax))
            out.push_back(e.text);
        return out;
    };
    status.coming_to_table();
    for (const char* line : {"bob: gg", "ann: hi"}) status.chat(line, false);
    status.chat("bob: gg"); // said again at the table
    status.set("you left the table");
    // Back at the table: its last lines again, one of them new; then a line said now.
    status.coming_to_table();
    for (const char* line : {"bob: gg", "ann: hi", "bob: gg", "ann: welcome back"})
        status.chat(line, false);
    status.chat("bob: gg");
    CHECK(said() == std::vector<std::string>{"bob: gg", "ann: hi", "bob: gg", "ann: welcome back",
                                             "bob: gg"});
}

TEST_CASE("clocks: each seat's time, kept in a record's header", "[tui]") {
    using C = SeatClocks::Clock;
    SeatClocks clocks;
    clocks.reset(2);
    const C::time_point t0{};
    clocks.start(0, t0 + std::chrono::seconds(1));
    clocks.start(1, t0 + std::chrono::seconds(31)); // seat 1's turn: seat 0 is charged 30 s
    CHECK(clocks.seconds(0, t0 + std::chrono::seconds(40)) == 30);
    CHECK(clocks.seconds(1, t0 + std::chrono::seconds(40)) == 9); // running
    clocks.stop(t0 + std::chrono::seconds(41));
    CHECK(clocks.seconds(1, t0 + std::chrono::hours(2)) == 10); // stopped
    CHECK(clocks.header(t0) == "30 10");
    SeatClocks back;
    back.reset(2);
    CHECK(back.read_header("30 10", 2));
    CHECK(back.header(t0) == "30 10");
    CHECK_FALSE(back.read_header("30", 2));
    CHECK_FALSE(back.read_header("30 x", 2));
    CHECK_FALSE(back.read_header("", 2));
    CHECK(back.header(t0) == "30 10"); // unchanged by what it refused
    CHECK(clock_words(42) == "0:42");
    CHECK(clock_words(312) == "5:12");
    CHECK(clock_words(3723) == "1:02:03");
}

TEST_CASE("clocks: a game clock's face, tenths only under ten seconds; a move's due time",
          "[tui][clock]") {
    CHECK(play::clock_face(180000) == "3:00");
    CHECK(play::clock_face(59999) == "0:59");
    CHECK(play::clock_face(10000) == "0:10");
    CHECK(play::clock_face(9999) == "9.9");
    CHECK(play::clock_face(9400) == "9.4");
    CHECK(play::clock_face(50) == "0.0");
    CHECK(play::clock_face(-5) == "0.0");
    CHECK(play::clock_face(3723000) == "1:02:03");
    CHECK(play::due_words(0, 1000) == "");
    // Within the day the time alone; within the week the weekday; later the date.
    std::tm noon{};
    noon.tm_year = 126, noon.tm_mon = 11, noon.tm_mday = 4, noon.tm_hour = 12; // Fri 4 Dec 2026
    noon.tm_isdst = -1;
    const std::time_t now = std::mktime(&noon);
    CHECK(play::due_words(now + 2 * 3600 + 5 * 60, now) == "by 14:05");
    CHECK(play::due_words(now + 86400 + 2 * 3600, now) == "by Sat 14:00");
    CHECK(play::due_words(now + 9 * 86400, now) == "by 13 Dec");
}

TEST_CASE("form: numbers for defaults, a sentence for each value, the sides drawn", "[tui]") {
    NewGameForm form(Rules::for_game(2, 16), {SeatSpec{}, SeatSpec{true, 3}}, true);
    int evacuate = -1, partners = -1;
    for (int row = 0; row < form.rows(); ++row) {
        if (form.label(row) == "Evacuate by") evacuate = row;
        if (form.label(row) == "Partners") partners = row;
        // Every value of every line is explained.
        for (int i = 0; i < 12; ++i) {
            INFO(form.label(row) << " = " << form.value(row));
            CHECK(!form.describe(row).empty());
            form.change(row, 1);
        }
    }
    REQUIRE(evacuate >= 0);
    REQUIRE(partners >= 0);
    NewGameForm fresh(Rules::for_game(2, 16), {SeatSpec{}, SeatSpec{true, 3}}, true);
    CHECK(fresh.value(evacuate) == "60 (the 16x16 board's)");
    CHECK(fresh.sides().empty());
    Rules four = Rules::for_game(4, 16);
    four.partners = Partners::Opposite;
    NewGameForm sides(four, std::vector<SeatSpec>(4, SeatSpec{true, 3}), true);
    CHECK(sides.sides() == std::vector<std::vector<Seat>>{{0, 2}, {1, 3}});
    CHECK(sides.describe(partners) == "Four players in two sides: 1 and 3 against 2 and 4.");
    sides.change(partners, 1);
    CHECK(sides.sides() == std::vector<std::vector<Seat>>{{0, 1}, {2, 3}});
}

TEST_CASE("help: the review's help lists the review's keys", "[tui][help]") {
    const Game g(rules(2, 16, 0));
    for (bool quits : {false, true}) {
        const HelpPage help = review_help_page(0, g, quits);
        CHECK(help.title.rfind("Review keys", 0) == 0);
        std::string text;
        for (const std::string& line : help.lines) {
            INFO(line);
            CHECK(line.size() <= 67);
            text += line + "\n";
        }
        for (const char* key : {"left/right", "Home/End", "PgUp/PgDn", "play on", "  q "}) {
            INFO(key);
            CHECK(text.find(key) != std::string::npos);
        }
        CHECK((text.find("quit") != std::string::npos) == quits);
        CHECK((text.find("back to the game") != std::string::npos) == !quits);
        // Not the play keys: no cursor, no undo.
        CHECK(text.find("move the cursor") == std::string::npos);
        CHECK(text.find("undo") == std::string::npos);
    }
    CHECK(review_help_page(1, g).lines == help_page(1, g, {"*", "x"}).lines);
}

TEST_CASE("help: two pages that fit the narrowest terminal, saying this game's rules", "[tui]") {
    Rules r = rules(4, 16, 60);
    r.partners = Partners::Adjacent;
    r.win = PartnerWin::Both;
    r.spoil = Spoil::Strict;
    const MarkGlyphs unicode{"\u2218", "\u00d7"}, ascii{"*", "x"};
    for (const Game& g : {Game(r), Game(rules(2, 8, 0))})
        for (int page = 0; page < kHelpPages; ++page) {
            const HelpPage help = help_page(page, g, unicode);
            CHECK(help.lines.size() <= 17); // with the title and the keys: 20 lines
            for (const std::string& line : help.lines) {
                INFO(line);
                CHECK(line.size() <= 67);
            }
        }
    // The keys page names the marks as the board draws them.
    CHECK(help_page(0, Game(r), ascii).lines.back() ==
          "Marks: + first step or hop, * a chain's end, x the last move");
    CHECK(help_page(0, Game(r), unicode).lines.back() ==
          "Marks: + first step or hop, \u2218 a chain's end, \u00d7 the last move");
    // A game between people offers no hint.
    for (bool hints : {true, false}) {
        std::string keys_text;
        for (const std::string& line : help_page(0, Game(r), ascii, hints).lines) {
            CHECK(line.size() <= 67);
            keys_text += line + "\n";
        }
        CHECK((keys_text.find("U  R  H ") != std::string::npos) == hints);
        CHECK((keys_text.find(", hint") != std::string::npos) == hints);
    }
    // A club game's player is told q goes back to the lobby, and the commands that end it.
    const HelpPage club = help_page(0, Game(r), ascii, false, true);
    CHECK(club.lines.size() <= 17);
    std::string club_text;
    for (const std::string& line : club.lines) {
        CHECK(line.size() <= 67);
        club_text += line + "\n";
    }
    for (const char* command : {":resign", ":abort", ":claim", ":draw", "back to the lobby"})
        CHECK(club_text.find(command) != std::string::npos);
    CHECK(club_text.find("--resume") == std::string::npos);
    CHECK(club.lines.back() == "Marks: + first step or hop, * a chain's end, x the last move");
    std::string rules_text;
    for (const std::string& line : help_page(1, Game(r), ascii).lines) rules_text += line + "\n";
    CHECK(rules_text.find("this game: by move 60") != std::string::npos);
    CHECK(rules_text.find("this game: strict") != std::string::npos);
    CHECK(rules_text.find("this game: adjacent, both") != std::string::npos);
    for (const char* topic : {"Camp:", "Leaving home:", "Spoiling:", "Partners:"})
        CHECK(rules_text.find(topic) != std::string::npos);
}

TEST_CASE("race meter: each player's moves to go, the same every time", "[tui]") {
    Game g(rules(2, 8));
    const std::vector<int> start = race_estimates(g);
    REQUIRE(start.size() == 2);
    // Ten pieces from one corner to the other: more than ten moves, and far from a hundred.
    for (int n : start) CHECK((n > 10 && n < 40));
    CHECK(race_estimates(g) == start);
    play_moves(g, {"d1-e2"});
    CHECK(race_estimates(g).size() == 2);
    // A finished player needs nothing; a stopped estimate is not known.
    Game won = game_at(fill_rules(8), place(8, "1:h8,g8,f8,h7,f7,h6,g6,h5,d7 2:g7,a1"));
    play_moves(won, {"d7-e8"});
    CHECK(race_estimates(won)[0] == 0);
    const std::atomic<bool> stop{true};
    CHECK(race_estimates(Game(rules(2, 16)), kRaceNodes, &stop) ==
          std::vector<int>{kRaceUnknown, kRaceUnknown});
    Puzzle p;
    REQUIRE(solo::builtin_puzzle("crossing-8x8", p));
    CHECK(race_estimates(Game(p)).empty());
}

TEST_CASE("saves: a name alone means the saves folder; listed newest first", "[tui]") {
    test_support::TempDir dir;
    test_support::ScopedEnv state("XDG_STATE_HOME", dir.path.c_str());
    std::string err;
    const std::string folder = dir.path + "/halma/saves";
    CHECK(files::saves_dir(err) == folder);
    CHECK(files::save_file("friday", true, err) == folder + "/friday.halma");
    CHECK(files::save_file("friday.halma", false, err) == folder + "/friday.halma");
    CHECK(files::save_file("./here.halma", false, err) == "./here.halma");
    CHECK(files::save_file(".hidden", false, err).empty());
    CHECK(err.find("'.'") != std::string::npos);
    CHECK(files::save_file("bad\x01name", false, err).empty());
    CHECK(files::save_file("", false, err).empty());
    Game g(rules(2, 8));
    play_moves(g, {"d1-e2"});
    REQUIRE(files::save_record(folder + "/one.halma", g).empty());
    std::ofstream(folder + "/broken.halma") << "# halma game record\nsize: 9\n";
    std::ofstream(folder + "/notes.txt") << "not a save";
    const std::vector<files::SaveEntry> saves = files::list_saves(folder);
    REQUIRE(saves.size() == 2);
    Strings names;
    for (const files::SaveEntry& e : saves) names.push_back(e.name);
    std::sort(names.begin(), names.end());
    CHECK(names == Strings{"broken", "one"});
    for (const files::SaveEntry& e : saves) {
        INFO(e.name << ": " << e.about);
        CHECK(e.readable == (e.name == "one"));
        if (e.readable)
            CHECK(e.about == "8x8 2p, 1 move, playing");
        else
            CHECK(e.about.rfind("does not read: ", 0) == 0);
    }
    CHECK(files::save_names(folder) == Strings{"broken", "one"});
    CHECK(files::list_saves(dir.path + "/nowhere").empty());
}

TEST_CASE("words: results off the board in the box and the review", "[words][result]") {
    using R = Ending::Rule;
    auto ended = [](Result r, R rule, int seat) {
        Game g(rules(2, 16));
        g.play(Move(sq("a5"), sq("a6")));
        g.conclude(r, rule, seat);
        return g;
    };
    const Game resigned = ended({Outcome::Won, 0b10}, R::Resigned, 0);
    CHECK(result_words(resigned) == "Player 2 wins");
    CHECK(ending_words(resigned) == "Player 1 resigned");
    CHECK(ending_words(resigned, 0) == "You resigned");
    CHECK(ending_words(ended({Outcome::Won, 0b01}, R::OutOfTime, 1)) == "Player 2 ran out of time");
    CHECK(ending_words(ended({Outcome::Won, 0b10}, R::Left, 0)) ==
          "Player 1 left and the game was claimed");
    const Game agreed = ended({Outcome::Draw, 0}, R::Agreement, 1);
    CHECK(result_words(agreed) == "Draw agreed");
    CHECK(ending_words(agreed) == "The players agreed to a draw");
    CHECK(result_words(ended({Outcome::Draw, 0}, R::Aborted, 1)) ==
          "Aborted: not every player had moved");
    // The review opens at the end as the game stands, and comes back to it.
    Review review(resigned);
    CHECK(review.here().over());
    review.go_to(0);
    CHECK(!review.here().over());
    review.go_to(review.plies());
    CHECK(review.here().over());
    CHECK(ending_words(review.here()) == "Player 1 resigned");
}

TEST_CASE("review analysis: a step out and back costs moves, the planner's move none",
          "[tui][analysis]") {
    constexpr std::uint64_t kNodes = 20000; // enough for an 8x8 crossing, quick in every build
    Game g(rules(2, 8));
    Game before = g;
    const Move best = think::race_plans(before, kNodes)[0].first;
    REQUIRE(!best.is_none());
    REQUIRE(g.play(best));
    play_moves(g, {"g6-f5", "b3-c4", "f5-g6", "c4-b3"}); // player 1 steps out, then back
    think::Analysis a(g);
    CHECK(a.moves() == 5);
    while (!a.complete()) a.add(think::race_plans(a.next_position(), kNodes));
    CHECK(a.mover(0) == 0);
    CHECK(a.mover(1) == 1);
    CHECK(a.best(0) == best);
    CHECK(a.cost(0) == 0); // the planner's own move
    // Out and back: two moves for nothing, charged to the step out or the step back (which
    // one depends on the figure found between them).
    CHECK(a.cost(2) + a.cost(4) >= 2);
    // Each figure is a seat's moves to go; the step out and back brought player 1 no farther.
    for (int pos = 0; pos <= a.moves(); ++pos)
        for (Seat p = 0; p < 2; ++p) CHECK(a.figure(pos, p) > 0);
    CHECK(a.figure(5, 0) >= a.figure(1, 0));
    const std::vector<int> dear = a.costliest(0, 3);
    REQUIRE_FALSE(dear.empty());
    CHECK((dear.front() == 2 || dear.front() == 4));
    for (std::size_t k = 0; k < dear.size(); ++k) {
        CHECK(a.mover(dear[k]) == 0);
        if (k > 0) CHECK(a.cost(dear[k - 1]) >= a.cost(dear[k])); // the dearest first
    }
    CHECK(a.costliest(0, 3, 99).empty());
}

TEST_CASE("review chart: each series a line in its cells, gaps where not known, a column marked",
          "[tui][analysis]") {
    // Two series falling from 20 to 0 and 10 over 11 points, the second unknown at first.
    std::vector<std::vector<int>> series(2);
    for (int i = 0; i <= 10; ++i) {
        series[0].push_back(20 - 2 * i);
        series[1].push_back(i < 3 ? -1 : 10);
    }
    const ChartCells c = chart_cells(series, 11, 4, false, 5);
    CHECK(c.top == 20);
    CHECK(c.bottom == 0);
    REQUIRE(c.rows.size() == 4);
    for (const std::string& row : c.rows) CHECK(row.size() == 11);
    CHECK(c.column == 5);
    // Without Unicode each cell holds its series' number: the first falls from the top left
    // to the bottom right, the second runs level from its first known point.
    CHECK(c.rows[0][0] == '1');
    CHECK(c.rows[3][10] == '1');
    CHECK(c.rows[0][10] == ' ');
    CHECK(c.rows[2].substr(0, 3).find('2') == std::string::npos); // not known yet
    // 10 of 20: half way down, where the first crosses it a cell of both.
    CHECK(c.rows[2].substr(3).find_first_not_of("2*") == std::string::npos);
    CHECK(c.rows[2].find('*') != std::string::npos);
    for (int row : {0, 1, 3}) CHECK(c.rows[row].find('2') == std::string::npos);
    for (std::size_t row = 0; row < 4; ++row)
        for (std::size_t col = 0; col < 11; ++col)
            CHECK((c.owner[row][col] == -1) == (c.rows[row][col] == ' '));
    // With Unicode, half blocks: two dots a cell, one above the other.
    const ChartCells u = chart_cells(series, 11, 4, true, 0);
    CHECK(u.rows[0].rfind("\u2580", 0) == 0);
    CHECK(u.column == 0);
    // A race that has barely begun fills the box from its lowest figure to its highest: one
    // player a move behind the other, the lines a box apart.
    const ChartCells near = chart_cells({{31, 30, 30, 29}, {31, 31, 30, 30}}, 4, 3, false, 3);
    CHECK(near.top == 31);
    CHECK(near.bottom == 29);
    CHECK(near.rows[2][3] == '1');
    CHECK(near.rows[2].find('2') == std::string::npos);
    CHECK(near.rows[0][0] == '*');
}
