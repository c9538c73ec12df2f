#include "app/lobby.hpp"

#include "club/seek.hpp"
#include "files/record_file.hpp"
#include "play/clocks.hpp"

#include <algorithm>
#include <utility>

namespace halma::app {

using net::Message;
using net::Verb;

namespace {

// The sections of the lobby's lists, in the order they are shown.
enum Section { kYours, kSeeks, kLive, kArchive, kSections };

// How long to wait before the first try to reach a club that was lost, and the longest wait
// between tries.
constexpr auto kFirstTry = std::chrono::milliseconds(500);
constexpr auto kLongestWait = std::chrono::seconds(30);

Message bare(Verb verb) {
    Message m;
    m.verb = verb;
    return m;
}

Message with_game(Verb verb, long long id) {
    Message m = bare(verb);
    m.game = id;
    return m;
}

// Puts a game in a list, in place of the one it was.
void upsert(std::vector<ListedGame>& list, const ListedGame& g) {
    for (ListedGame& kept : list)
        if (kept.info.id == g.info.id) return void(kept = g);
    list.push_back(g);
}

void erase_game(std::vector<ListedGame>& list, int id) {
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const ListedGame& g) { return g.info.id == id; }),
               list.end());
}

void add_name(std::vector<std::string>& names, const std::string& name) {
    const auto at = std::lower_bound(names.begin(), names.end(), name);
    if (at == names.end() || *at != name) names.insert(at, name);
}

// The record's game number in the club, or 0.
long long record_game(const std::string& record) {
    Game game;
    Options headers;
    if (read_record(record, game, headers).failed()) return 0;
    return parse_count(header_value(headers, "club-game"));
}

} // namespace

std::string Lobby::open(int wait_ms) {
    ClubWay way;
    if (std::string e = dial_(way, true); !e.empty()) return e;
    if (!way.note.empty()) push(LobbyAction::Kind::Say, way.note);
    client_ = std::make_unique<net::Client>();
    if (std::string e = client_->open_lobby(std::move(way.fd), "the club", std::move(way.relay));
        !e.empty())
        return e;
    link_ = Link{};
    link_.state = LinkState::Welcoming;
    const auto end = Clock::now() + std::chrono::milliseconds(wait_ms);
    for (;;) {
        for (Message m; link_.state == LinkState::Welcoming && client_->next(m);) handle(m);
        if (link_.state == LinkState::Lost) return link_.why;
        if (link_.state != LinkState::Welcoming) return {};
        if (client_->closed()) return "the club hung up (" + client_->why_closed() + ")";
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now()).count();
        if (left <= 0) return "the club does not answer";
        pollfd p{client_->fd(), client_->events(), 0};
        if (poll(&p, 1, static_cast<int>(left)) > 0) client_->handle(p.revents);
    }
}

void Lobby::add_fds(std::vector<pollfd>& fds) const {
    if (client_ && link_.state != LinkState::InGame && client_->fd() >= 0)
        fds.push_back({client_->fd(), client_->events(), 0});
}

int Lobby::timeout_ms() const {
    if (link_.state != LinkState::Lost || !link_.trying) return -1;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(link_.next_try - Clock::now())
            .count();
    return static_cast<int>(std::clamp<long long>(left + 1, 0, 60000));
}

void Lobby::serve(const pollfd* fds, std::size_t count) {
    if (client_ && link_.state != LinkState::InGame)
        for (std::size_t i = 0; i < count; ++i)
            if (fds[i].fd == client_->fd() && fds[i].revents) client_->handle(fds[i].revents);
    if (link_.state == LinkState::Lost && link_.trying && Clock::now() >= link_.next_try)
        try_again();
}

bool Lobby::next(LobbyAction& out) {
    const auto reading = [&] {
        return client_ && actions_.empty() && link_.state != LinkState::InGame &&
               link_.state != LinkState::Lost;
    };
    for (Message m; reading() && client_->next(m);) handle(m);
    if (reading() && client_->closed()) lose(client_->why_closed());
    if (actions_.empty()) return false;
    out = std::move(actions_.front());
    actions_.pop_front();
    return true;
}

void Lobby::push(LobbyAction::Kind kind, std::string text, bool error) {
    LobbyAction a;
    a.kind = kind;
    a.text = std::move(text);
    a.error = error;
    actions_.push_back(std::move(a));
}

bool Lobby::send(const Message& m) { return client_ && client_->send(m); }

std::string Lobby::when_ready(std::function<std::string()> act, bool may_wait) {
    switch (link_.state) {
    case LinkState::Ready:
        return act();
    case LinkState::Lost:
        return "not connected to the club (" + link_.why + "); r tries again";
    case LinkState::Welcoming:
        if (may_wait && link_.held.size() < kMostHeld) {
            link_.held.push_back(std::move(act));
            return {};
        }
        [[fallthrough]];
    default:
        return "wait a moment: the club has not answered yet";
    }
}

void Lobby::drop_held(const std::string& why) {
    if (link_.held.empty()) return;
    const std::size_t n = link_.held.size();
    link_.held.clear();
    push(LobbyAction::Kind::Say,
         (n == 1 ? "a command typed was not sent: "
                 : std::to_string(n) + " commands typed were not sent: ") +
             why,
         true);
}

void Lobby::run_held() {
    for (auto& act : std::exchange(link_.held, {}))
        if (std::string why = act(); !why.empty()) push(LobbyAction::Kind::Say, why, true);
}

// --- What the club says ---

void Lobby::handle(const Message& m) {
    switch (m.verb) {
    case Verb::Welcome:
        return welcomed(m);
    case Verb::Refused:
    case Verb::Dropped:
        lose(m.text);
        return push(LobbyAction::Kind::Say, "the club: " + m.text, true);
    default:
        break;
    }
    if (link_.state == LinkState::Welcoming) return; // a game's last lines, before the lobby
    if (link_.state == LinkState::Entering) {
        if (m.verb != Verb::Record) return;
        link_.state = LinkState::InGame;
        LobbyAction a;
        a.kind = LobbyAction::Kind::Enter;
        a.seat = link_.entering_seat;
        a.game = record_game(m.text);
        a.text = m.text;
        return actions_.push_back(std::move(a));
    }
    switch (m.verb) {
    case Verb::Chat:
        chat_.lines.push_back(m.user + ": " + m.text);
        if (chat_.lines.size() > kChatKept) chat_.lines.pop_front();
        if (chat_.back > 0) ++chat_.back; // what is read stays where it is
        return;
    case Verb::TourneyLine:
        asked_.tourney += m.text + "\n";
        return;
    case Verb::Turns:
        lists_.turns = m.count;
        return;
    case Verb::GameLine:
        return listed_game(m);
    case Verb::RatingLine: {
        const std::vector<long long>& n = m.numbers;
        if (n.size() == 3)
            asked_.ratings[m.user][m.word] = {m.word, static_cast<int>(n[0]),
                                              static_cast<int>(n[1]), static_cast<int>(n[2])};
        return;
    }
    case Verb::Here:
        return add_name(!asked_.listings.empty() && asked_.listings.front() == Listing::Who
                            ? asked_.here
                            : lists_.here,
                        m.user);
    case Verb::Gone:
        lists_.here.erase(std::remove(lists_.here.begin(), lists_.here.end(), m.user),
                          lists_.here.end());
        return;
    case Verb::End:
        return listing_done();
    case Verb::Record:
        return fetched(m);
    case Verb::Error:
        return push(LobbyAction::Kind::Say, m.text, true);
    case Verb::Over: // a seek withdrawn, a tournament's round begun
        return push(LobbyAction::Kind::Say, m.text);
    case Verb::Held: {
        LobbyAction a;
        a.kind = LobbyAction::Kind::Held;
        a.game = m.game;
        return actions_.push_back(std::move(a));
    }
    default:
        return;
    }
}

void Lobby::welcomed(const Message& m) {
    if (m.role != net::Role::Lobby) {
        drop_held("the club took you to a game"); // asked of a lobby the player is not in
        link_.state = LinkState::Entering;
        link_.entering_seat = m.role == net::Role::Play ? seat_of_number(m.seat) : kNoSeat;
        return;
    }
    me_ = m.user;
    link_.state = LinkState::Ready;
    link_.tries = 0;
    link_.trying = false;
    link_.why.clear();
    chat_ = Chat{}; // the club sends the recent chat again
    asked_ = Asked{};
    ask_everything();
    run_held();
    if (link_.rejoin) {
        (void)enter(link_.rejoin, link_.rejoin_play);
        link_.rejoin = 0;
    }
    if (!link_.rematch.empty()) {
        const std::string words = std::move(link_.rematch);
        link_.rematch.clear();
        const std::string why = seek(words);
        push(LobbyAction::Kind::Say,
             why.empty() ? "rematch sought: it waits under Open seeks" : why, !why.empty());
    }
}

void Lobby::listed_game(const Message& m) {
    ListedGame g;
    if (!club::read_game(m, g.info)) return;
    g.due_at = g.info.terms.due >= 0 ? std::time(nullptr) + g.info.terms.due : 0;
    const Listing listing =
        asked_.listings.empty() ? Listing::Who : asked_.listings.front(); // Who: none of these
    const bool finished = g.info.state == "over";
    const bool archived =
        finished && !g.info.terms.result.empty() &&
        (lists_.archive_of == "*" ||
         g.info.seats_player(lists_.archive_of.empty() ? me_ : lists_.archive_of));
    if (listing == Listing::Games) upsert(asked_.games, g);
    if (listing == Listing::History && archived) upsert(asked_.archive, g);
    // Told unasked: the lists as they stand change now.
    if (!finished) return upsert(lists_.games, g);
    erase_game(lists_.games, g.info.id);
    erase_game(asked_.games, g.info.id);
    if (archived && listing != Listing::History) {
        erase_game(lists_.archive, g.info.id);
        lists_.archive.insert(lists_.archive.begin(), g);
    }
    // A rated game's end moved its players' ratings: the lobby's are asked for again.
    if (listing != Listing::History && listing != Listing::Games && g.info.terms.rated &&
        !g.info.terms.result.empty() && g.info.terms.how != "abort")
        ask(Listing::Ratings);
}

void Lobby::listing_done() {
    if (asked_.listings.empty()) return;
    switch (asked_.listings.front()) {
    case Listing::Games:
        lists_.games = std::move(asked_.games);
        break;
    case Listing::Who:
        lists_.here = std::move(asked_.here);
        break;
    case Listing::Ratings:
        lists_.ratings = std::move(asked_.ratings);
        break;
    case Listing::History:
        lists_.archive = std::move(asked_.archive);
        break;
    case Listing::Tournament: // one line for the status line, more for a page
        if (std::count(asked_.tourney.begin(), asked_.tourney.end(), '\n') > 1)
            push(LobbyAction::Kind::Page, std::move(asked_.tourney));
        else if (!asked_.tourney.empty())
            push(LobbyAction::Kind::Say, asked_.tourney.substr(0, asked_.tourney.size() - 1));
        asked_.tourney.clear();
        break;
    }
    asked_.games.clear();
    asked_.archive.clear();
    asked_.here.clear();
    asked_.ratings.clear();
    asked_.listings.pop_front();
}

void Lobby::fetched(const Message& m) {
    const long long id = record_game(m.text);
    const auto it = asked_.fetches.find(id);
    const std::string path = it == asked_.fetches.end() ? std::string() : it->second;
    if (it != asked_.fetches.end()) asked_.fetches.erase(it);
    if (path.empty()) {
        LobbyAction a;
        a.kind = LobbyAction::Kind::Open;
        a.game = id;
        a.text = m.text;
        return actions_.push_back(std::move(a));
    }
    if (std::string e = files::write_file_atomically(path, m.text); !e.empty())
        return push(LobbyAction::Kind::Say, e, true);
    push(LobbyAction::Kind::Say, "wrote club game " + std::to_string(id) + " to " + path +
                                     " (halma --load " + path + " opens it)");
}

// --- The connection ---

void Lobby::lose(const std::string& why) {
    if (link_.state == LinkState::Lost) return;
    link_.state = LinkState::Lost;
    link_.why = why.empty() ? "the connection closed" : why;
    drop_held("the connection to the club was lost");
    link_.tries = 0;
    link_.trying = true;
    link_.next_try = Clock::now() + kFirstTry;
}

void Lobby::try_again() {
    link_.trying = false;
    ClubWay way;
    std::string e = dial_(way, false);
    auto client = std::make_unique<net::Client>();
    if (e.empty()) e = client->open_lobby(std::move(way.fd), "the club", std::move(way.relay));
    if (e.empty()) {
        client_ = std::move(client);
        link_.state = LinkState::Welcoming;
        return;
    }
    link_.why = e;
    if (++link_.tries >= kRetries) return; // the player asks again with r
    link_.trying = true;
    link_.next_try =
        Clock::now() + std::min<Clock::duration>(kFirstTry * (1 << link_.tries), kLongestWait);
}

std::unique_ptr<net::Client> Lobby::take_client() { return std::move(client_); }

void Lobby::back_from_game(std::unique_ptr<net::Client> client, long long rejoin, bool play,
                           std::string rematch, bool sent_back) {
    client_ = std::move(client);
    link_.rejoin = rejoin;
    link_.rejoin_play = play;
    link_.rematch = std::move(rematch);
    link_.state = LinkState::Welcoming;
    if (client_ && !client_->closed() && (sent_back || send(bare(Verb::Lobby)))) return;
    lose(client_ ? client_->why_closed() : std::string());
}

// --- What the player asks ---

void Lobby::ask(Listing what) {
    Message m = bare(what == Listing::Games     ? Verb::Games
                     : what == Listing::Who     ? Verb::Who
                     : what == Listing::Ratings ? Verb::Ratings
                                                : Verb::History);
    if (what == Listing::History) m.user = lists_.archive_of;
    if (send(m)) asked_.listings.push_back(what);
}

void Lobby::ask_everything() {
    for (Listing l : {Listing::Games, Listing::Who, Listing::Ratings, Listing::History}) ask(l);
}

void Lobby::refresh() {
    if (link_.state == LinkState::Lost) {
        link_.tries = 0;
        return try_again();
    }
    if (link_.state == LinkState::Ready) ask_everything();
}

std::string Lobby::tournament(const std::string& words) {
    return when_ready([this, words]() -> std::string {
        Message m = bare(Verb::Tourney);
        m.text = words;
        if (!send(m)) return "the club hung up";
        asked_.listings.push_back(Listing::Tournament);
        return {};
    });
}

std::string Lobby::seek(const std::string& words) {
    return when_ready([this, words]() -> std::string {
        Message m = bare(Verb::Seek);
        m.text = words;
        return send(m) ? "" : "the club hung up";
    });
}

std::string Lobby::accept(long long id) {
    return when_ready([this, id]() -> std::string {
        return send(with_game(Verb::Accept, id)) ? "" : "the club hung up";
    });
}

std::string Lobby::enter(long long id, bool play) {
    return when_ready(
        [this, id, play]() -> std::string {
            return send(with_game(play ? Verb::PlayGame : Verb::WatchGame, id))
                       ? ""
                       : "the club hung up";
        },
        false);
}

std::string Lobby::take_over(long long id) {
    return when_ready(
        [this, id]() -> std::string {
            return send(with_game(Verb::Take, id)) ? "" : "the club hung up";
        },
        false);
}

std::string Lobby::rejoin() {
    return when_ready(
        [this]() -> std::string { return send(bare(Verb::Rejoin)) ? "" : "the club hung up"; },
        false);
}

std::string Lobby::resign(long long id) {
    return when_ready([this, id]() -> std::string {
        return send(with_game(Verb::Resign, id)) ? "" : "the club hung up";
    });
}

std::string Lobby::say(const std::string& text) {
    if (net::clean_text(text, net::kMaxSay).empty()) return ":say TEXT";
    return when_ready([this, text]() -> std::string {
        Message m = bare(Verb::Say);
        m.text = text;
        return send(m) ? "" : "the club hung up";
    });
}

std::string Lobby::history(const std::string& who) {
    return when_ready([this, who]() -> std::string {
        lists_.archive_of = who;
        lists_.archive.clear();
        ask(Listing::History);
        return {};
    });
}

std::string Lobby::open_record(long long id) { return write_record(id, {}); }

std::string Lobby::write_record(long long id, const std::string& path) {
    return when_ready([this, id, path]() -> std::string {
        asked_.fetches[id] = path;
        return send(with_game(Verb::Fetch, id)) ? "" : "the club hung up";
    });
}

void Lobby::switch_archive() { (void)history(lists_.archive_of == "*" ? "" : "*"); }

void Lobby::scroll_chat(int lines) {
    chat_.back = std::clamp(chat_.back + lines, 0, static_cast<int>(chat_.lines.size()));
}

// --- The rows ---

std::vector<play::LobbySection> Lobby::sections() const {
    std::vector<play::LobbySection> out(kSections);
    out[kYours] = {"Your games", {}, "none: s seeks one, Enter on a seek accepts it"};
    out[kSeeks] = {"Open seeks", {}, "none"};
    out[kLive] = {"Live games", {}, "none"};
    if (const club::GameInfo* top = top_table())
        out[kLive].title += "  w: the top table of " + top->terms.place.tournament + " round " +
                            std::to_string(top->terms.place.round) + " (" +
                            std::to_string(top->id) + ")";
    out[kArchive] = {lists_.archive_of.empty()  ? "Your last games"
                     : lists_.archive_of == "*" ? "The latest games"
                                                : lists_.archive_of + "'s games",
                     {},
                     "none"};
    const std::time_t now = std::time(nullptr);
    std::vector<const ListedGame*> mine;
    for (const ListedGame& g : lists_.games) {
        const club::GameInfo& i = g.info;
        play::LobbyRow row{i.id,
                           club::players_words(i),
                           {},
                           play::due_words(g.due_at, now),
                           club::terms_short(i),
                           false,
                           false};
        if (i.state == "seeking") {
            // The seeker (the first seat) with their rating in the game's family, and those
            // invited after them; the open seats are counted in the state.
            row.offer = true;
            row.players = rated_name(i.seats.empty() ? "" : i.seats[0], club::rating_family_of(i));
            for (std::size_t s = 1; s < i.seats.size(); ++s)
                if (i.seats[s] != "-") row.players += ", " + club::occupant_words(i.seats[s]);
            const long open = std::count(i.seats.begin(), i.seats.end(), "-");
            row.state = i.seats_player(me_)
                            ? "yours, " + std::to_string(open) + " to come"
                            : std::to_string(open) + " seat" + (open == 1 ? "" : "s") + " open";
            out[kSeeks].rows.push_back(row);
            continue;
        }
        const std::string who = i.to_move();
        row.urgent = who == me_;
        row.state = who.empty()  ? ""
                    : who == me_ ? "your move"
                                 : club::occupant_words(who) + " to move";
        out[i.seats_player(me_) ? kYours : kLive].rows.push_back(row);
    }
    // Yours waiting for your move first, the soonest due first among them.
    std::stable_sort(
        out[kYours].rows.begin(), out[kYours].rows.end(),
        [](const play::LobbyRow& a, const play::LobbyRow& b) { return a.urgent > b.urgent; });
    for (const ListedGame& g : lists_.archive)
        out[kArchive].rows.push_back({g.info.id,
                                      club::players_words(g.info),
                                      club::outcome_words(g.info),
                                      {},
                                      club::terms_short(g.info),
                                      false,
                                      false});
    return out;
}

const club::GameInfo* Lobby::top_table() const {
    for (const ListedGame& g : lists_.games)
        if (g.info.state == "playing" && g.info.terms.place.board == 1) return &g.info;
    return nullptr;
}

std::string Lobby::rated_name(const std::string& name, const std::string& family) const {
    if (club::ai_level_of(name)) return name;
    const auto player = lists_.ratings.find(name);
    if (player != lists_.ratings.end())
        if (const auto r = player->second.find(family); r != player->second.end())
            return name + " " + std::to_string(r->second.rating);
    return name + " (new)";
}

std::vector<std::pair<int, long long>> Lobby::rows() const {
    std::vector<std::pair<int, long long>> out;
    const std::vector<play::LobbySection> s = sections();
    for (int i = 0; i < static_cast<int>(s.size()); ++i)
        for (const play::LobbyRow& r : s[i].rows) out.emplace_back(i, r.id);
    return out;
}

void Lobby::choose(int delta) {
    const auto all = rows();
    if (all.empty()) return;
    int at = std::clamp(chosen_.position, 0, static_cast<int>(all.size()) - 1);
    for (int i = 0; i < static_cast<int>(all.size()); ++i)
        if (all[i] == std::make_pair(chosen_.section, chosen_.id)) at = i;
    at = std::clamp(at + delta, 0, static_cast<int>(all.size()) - 1);
    chosen_ = {all[at].first, all[at].second, at};
}

void Lobby::choose_end(bool last) { choose(last ? 1 << 20 : -(1 << 20)); }

std::string Lobby::chosen_command() const {
    const auto all = rows();
    if (all.empty()) return {};
    std::pair<int, long long> row = all[std::clamp(chosen_.position, 0, (int)all.size() - 1)];
    for (const auto& r : all)
        if (r == std::make_pair(chosen_.section, chosen_.id)) row = r;
    const std::string id = std::to_string(row.second);
    switch (row.first) {
    case kYours:
        return "play " + id;
    case kSeeks:
        for (const ListedGame& g : lists_.games)
            if (g.info.id == row.second && g.info.seats_player(me_)) return {};
        return "accept " + id;
    case kLive:
        return "watch " + id;
    default:
        return "open " + id;
    }
}

play::LobbyView Lobby::view() const {
    play::LobbyView v;
    v.me = me_;
    v.club = club_;
    if (lists_.turns > 0)
        v.turns = std::to_string(lists_.turns) +
                  (lists_.turns == 1 ? " game waits" : " games wait") + " for your move";
    switch (link_.state) {
    case LinkState::Lost:
        v.link =
            "not connected: " + link_.why + (link_.trying ? "; trying again" : "; r tries again");
        break;
    case LinkState::Welcoming:
    case LinkState::Entering:
        v.link = "reaching the club...";
        break;
    default:
        break;
    }
    v.sections = sections();
    const auto all = rows();
    if (!all.empty()) {
        int at = std::clamp(chosen_.position, 0, static_cast<int>(all.size()) - 1);
        for (int i = 0; i < static_cast<int>(all.size()); ++i)
            if (all[i] == std::make_pair(chosen_.section, chosen_.id)) at = i;
        v.chosen_section = all[at].first;
        for (int i = at; i > 0 && all[i - 1].first == all[at].first; --i) ++v.chosen_row;
    }
    const std::string command = chosen_command();
    v.enter_does = command.substr(0, command.find(' '));
    v.top_table = top_table() != nullptr;
    v.here = lists_.here;
    if (const auto mine = lists_.ratings.find(me_); mine != lists_.ratings.end())
        for (const auto& family : mine->second) v.ratings.push_back(family.second);
    v.chat.assign(chat_.lines.begin(), chat_.lines.end());
    v.chat_back = chat_.back;
    v.help = help_;
    return v;
}

} // namespace halma::app
