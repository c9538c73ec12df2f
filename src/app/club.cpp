// The club in the front end: a key on the lobby's page routed (club_play.cpp reads it), the
// ':' commands, what the lobby asks (a game entered, an archived game opened, a message), and
// the way from a club game back to the lobby. A club game is played as a networked game whose host
// is the club's server.
#include "app/app_state.hpp"

#include "club/seek.hpp"
#include "club/table_chat.hpp"
#include "files/record_file.hpp"
#include "rating/ranking.hpp"
#include "screen/terminal.hpp"

#include <utility>

namespace halma::app {

namespace {

// A game's number typed after a command ("accept 12"), or why not.
std::string game_number(const std::string& arg, const char* command, long long& id) {
    id = parse_count(arg);
    if (id > 0) return {};
    return std::string(":") + command + " takes a game's number (the first column of the lobby)";
}

// The seek of a rematch: the same rules, pace and rating, the seeker in seat 1 and the
// others in turn after, the first move to whoever moved after the last game's first mover.
std::string rematch_words(const Game& game, const Options& headers, Seat me) {
    const int n = game.players();
    std::string words;
    for (const auto& kv : options_of(game.rules()))
        if (kv.first != "first") words += kv.first + "=" + kv.second + " ";
    const int first = (game.rules().first + 1 - me + n) % n;
    words += "first=" + std::to_string(first + 1) + " to=";
    for (int i = 1; i < n; ++i) {
        const std::string name = header_value(headers, "player" + std::to_string((me + i) % n + 1));
        const std::string bare = name.substr(0, name.find(' ')); // "bob (invited)"
        if (bare.empty() || bare == "open") return {};
        words += (i > 1 ? "," : "") + bare;
    }
    const std::string pace = header_value(headers, "pace"), rated = header_value(headers, "rated");
    if (!pace.empty()) words += " pace=" + pace;
    if (!rated.empty()) words += " rated=" + rated;
    return words;
}

} // namespace

void App::club(std::unique_ptr<Lobby> lobby) {
    club_.lobby = std::move(lobby);
    screen_ = play::Screen::Lobby;
    status_.set("Welcome to the club, " + club_.lobby->me() + ". ? shows the keys and commands.");
}

// A key on the lobby's page: a question's answer or the prompt's first, then the lobby's.
void App::lobby_key(int ch) {
    using Then = LobbyKey::Then;
    const play::KeyCodes& codes = screen::key_codes();
    if (!club_.lobby->help_shown()) {
        if (status_.prompt_open()) return prompt_key(ch);
        if (club_.asked.game) return tell(club_.answer(ch == 'y' || ch == 'Y'));
        if (status_.is_error()) status_.clear();
    }
    const LobbyKey k = club_.key(ch, codes);
    switch (k.then) {
    case Then::Done:
        return;
    case Then::Say:
        return status_.set(k.text, k.error);
    case Then::Prompt:
        status_.open_prompt();
        for (char c : k.text) (void)status_.prompt().key(c, codes);
        return;
    case Then::Command:
        return run_command(k.text);
    case Then::Quit:
        return quit(0);
    }
}

// The club's ':' commands; false when the command is not one of them.
bool App::club_command(const play::Command& c) {
    using K = play::Command::Kind;
    const bool in_lobby = screen_ == play::Screen::Lobby;
    const auto say = [&](const std::string& why, const std::string& done) {
        status_.set(why.empty() ? done : why, !why.empty());
        return true;
    };
    long long id = 0;
    switch (c.kind) {
    case K::Resign:
        if (!in_lobby) return ask_result(Question::Then::Resign), true;
        if (std::string e = game_number(c.arg, "resign", id); !e.empty()) return say(e, "");
        club_.asked = {ClubPlay::Asked::What::Resign, id};
        return true;
    case K::Seek:
        if (!in_lobby) { // the club hears it on the game's connection
            net::Message m;
            m.verb = net::Verb::Seek;
            m.text = c.arg;
            return say(net_.send(m) ? "" : "the club hung up", "seek sent");
        }
        return say(club_.lobby->seek(c.arg), "seek sent");
    case K::Accept:
        if (std::string e = game_number(c.arg, "accept", id); !e.empty()) return say(e, "");
        if (!in_lobby) {
            net::Message m;
            m.verb = net::Verb::Accept;
            m.game = id;
            return say(net_.send(m) ? "" : "the club hung up", "accepted game " + c.arg);
        }
        return say(club_.lobby->accept(id), "accepting game " + c.arg + "...");
    case K::Watch:
    case K::PlayGame: {
        const bool play = c.kind == K::PlayGame;
        if (std::string e = game_number(c.arg, play ? "play" : "watch", id); !e.empty())
            return say(e, "");
        if (!in_lobby) return back_to_lobby(id, play), true;
        return say(club_.lobby->enter(id, play), "entering game " + c.arg + "...");
    }
    case K::Open:
        if (std::string e = game_number(c.arg, "open", id); !e.empty()) return say(e, "");
        if (!in_lobby) return say("q goes back to the lobby first", "");
        return say(club_.lobby->open_record(id), "fetching game " + c.arg + "...");
    case K::History:
        if (!in_lobby) return say("q goes back to the lobby first", "");
        return say(club_.lobby->history(c.arg),
                   "the archive: " + (c.arg.empty()  ? "your games"
                                      : c.arg == "*" ? std::string("the latest games")
                                                     : c.arg + "'s games"));
    case K::Record: {
        const std::vector<std::string_view> w = split_words(c.arg);
        if (w.size() != 2 || parse_count(w[0]) < 1)
            return say(":record N FILE writes finished game N's record to FILE", "");
        if (!in_lobby) return say("q goes back to the lobby first", "");
        return say(club_.lobby->write_record(parse_count(w[0]), std::string(w[1])),
                   "fetching game " + std::string(w[0]) + "...");
    }
    case K::Tournament:
        if (!in_lobby) return say("q goes back to the lobby first", "");
        return say(club_.lobby->tournament(c.arg), "");
    case K::Say:
        if (!in_lobby) return false; // the game's table hears it
        return say(club_.lobby->say(c.arg), "");
    case K::Help:
        if (!in_lobby) return false;
        club_.lobby->show_help(true);
        return true;
    case K::Quit:
        if (!in_lobby) return back_to_lobby(), true;
        quit(0);
        return true;
    case K::Abort:
    case K::Claim:
    case K::Draw:
        if (in_lobby) return say("that command is for a club game you play", "");
        if (c.kind == K::Draw) return offer_draw(), true;
        return ask_result(c.kind == K::Abort ? Question::Then::Abort : Question::Then::Claim), true;
    case K::Empty:
    case K::Unknown:
        return false;
    default:
        if (!in_lobby) return false;
        return say("that command is for a game, not the lobby (? shows the lobby's)", "");
    }
}

// Does what the lobby has brought, in order.
void App::lobby_actions() {
    for (LobbyAction a; !exit_.quit && club_.lobby && !net_.active() && club_.lobby->next(a);) {
        switch (a.kind) {
        case LobbyAction::Kind::Enter:
            enter_club_game(a);
            break;
        case LobbyAction::Kind::Open:
            open_archived(a);
            break;
        case LobbyAction::Kind::Say:
            status_.set(a.text, a.error);
            break;
        case LobbyAction::Kind::Held:
            club_.asked = {ClubPlay::Asked::What::TakeOver, a.game};
            break;
        case LobbyAction::Kind::Page:
            pages_.text.clear();
            for (std::string_view line : split_on(a.text, '\n'))
                if (!line.empty()) pages_.text.emplace_back(line);
            open_page(play::Screen::Log);
            break;
        }
    }
}

// A club game's record on the board: every seat played elsewhere but seat (kNoSeat: none);
// headers: the record's. False, with the reason said, when the record does not read.
bool App::show_club_record(const LobbyAction& a, ClubGame which, Options& headers) {
    Game game;
    if (TextError e = read_record(a.text, game, headers); e.failed()) {
        status_.set("the club sent a record that does not read: " + e.message(), true);
        return false;
    }
    stop_thinking();
    board_.replace(std::move(game));
    standing_ = Standing{};
    club_.game = which;
    cfg_.seats.assign(static_cast<std::size_t>(board_.game.players()), SeatSpec{false, 1, true});
    if (which.play) cfg_.seats[a.seat].remote = false;
    screen_ = play::Screen::Board;
    status_.clear();
    return true;
}

// The club let this player into a game: its record read, the board up, the game followed as
// a networked game whose host is the club.
void App::enter_club_game(const LobbyAction& a) {
    Options headers;
    if (!show_club_record(a, {a.game, a.seat != kNoSeat, false, {}, false}, headers)) {
        const std::string why = status_.text();
        back_to_lobby();
        return status_.set(why, true);
    }
    club_.game.rematch =
        a.seat == kNoSeat ? std::string() : rematch_words(board_.game, headers, a.seat);
    club::Pace pace;
    (void)club::read_pace(header_value(headers, "pace"), pace);
    club_.game.by_days = pace.kind == club::Pace::Kind::Days;
    club_.game.tournament = !header_value(headers, "tournament").empty();
    status_.coming_to_table();
    net_.join(club_.lobby->take_client(), a.seat, board_.game.players(), true, pace.low_ms());
    if (board_.game.ply() == 0 && cfg_.display.bell) screen::ring_bell(); // a game begins
    net_actions(); // who sits where, which came with the record
    board_.rebuild_history();
    cursor_to_first_human();
    if (board_.game.over())
        game_over();
    else
        turn_started();
    if (status_.text().empty())
        status_.set("club game " + std::to_string(a.game) +
                    (a.seat != kNoSeat ? "" : ", watching") + ": q goes back to the lobby");
}

// A finished game from the archive, opened in review at its end.
void App::open_archived(const LobbyAction& a) {
    Options headers;
    if (!show_club_record(a, {a.game, false, true, {}, false}, headers)) return;
    take_headers(headers); // the players' names
    // What was said at the table, watchers' lines of a rated game among it, to read now.
    const std::vector<std::string> said = club::said_in_record(a.text);
    status_.coming_to_table();
    for (const std::string& line : said) status_.chat(line, false);
    board_.rebuild_history();
    board_.place_cursor();
    review_.record_file.clear(); // the club keeps the archive's analysis
    take_kept_analysis(a.text);
    if (board_.game.ply() > 0) open_review();
    const std::string n = std::to_string(a.game);
    status_.set("club game " + n + " (archive, " + std::to_string(board_.game.ply()) + " moves" +
                (said.empty() ? "" : "; L: chat") + "): " +
                (places_.door ? "q goes back to the lobby" : ":record " + n + " FILE writes it"));
}

// From a club game (or an archived one) back to the lobby; rejoin: a game to enter at once;
// rematch: a seek to make there; sent_back: the club has put the connection in the lobby.
void App::back_to_lobby(long long rejoin, bool play, std::string rematch, bool sent_back) {
    stop_thinking();
    board_.anim.reset();
    std::unique_ptr<net::Client> client;
    if (net_.in_club()) client = net_.release();
    const bool archived = club_.game.archived;
    club_.game = ClubGame{};
    screen_ = play::Screen::Lobby;
    status_.clear();
    if (archived) return;
    club_.lobby->back_from_game(std::move(client), rejoin, play, std::move(rematch), sent_back);
}

void App::ask_result(Question::Then what) {
    if (!net_.in_club() || net_.my_seat() == kNoSeat)
        return status_.set("that is for a club game you play", true);
    if (net_.ended()) return status_.set("the game is over", true);
    // A tournament's game is not called off: nothing to ask, the club says why not.
    if (what == Question::Then::Abort && club_.game.tournament) return send_result(what);
    Question q;
    q.then = what;
    q.text = what == Question::Then::Resign ? "Resign this game? (y/n)"
             : what == Question::Then::Abort
                 ? "Abort this game? It will have no result and no rating (y/n)"
                 : "Claim the game against the player who is away? (y/n)";
    ask(q);
}

void App::send_result(Question::Then what) {
    using E = NetPlay::ClubEnd;
    const std::string why = net_.end_request(what == Question::Then::Resign  ? E::Resign
                                             : what == Question::Then::Abort ? E::Abort
                                                                             : E::Claim);
    if (!why.empty()) return status_.set(why, true);
    status_.set(what == Question::Then::Resign  ? "resigning..."
                : what == Question::Then::Abort ? "asking the club to abort..."
                                                : "claiming...");
}

void App::offer_draw() {
    if (std::string why = net_.end_request(NetPlay::ClubEnd::Draw); !why.empty())
        return status_.set(why, true);
    status_.set("draw offered");
}

// The club ended the game: ended here as the club says (a result off the board), the box up.
void App::club_ended() {
    const ClubEnding& e = net_.club_ending();
    club::conclude_as(board_.game, e.order, e.how, -1);
    board_.anim.reset();
    after_change();
    if (!board_.game.over()) // ended by a move this terminal has not seen: say so all the same
        status_.set("Game over: " + e.words);
}

// r in the box of a club game played here: the same game sought again, the seats turned.
// The seek waits for the lobby's welcome: the lobby takes no seek before it.
void App::rematch() {
    std::string words = club_.game.rematch;
    back_to_lobby(0, false, std::move(words));
}

} // namespace halma::app
