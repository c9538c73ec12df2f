#include "start/net_opening.hpp"

#include "club/place.hpp"
#include "club/shell.hpp"
#include "net/relay.hpp"
#include "start/invite.hpp"
#include "start/listing.hpp"

#include <cstdio>
#include <poll.h>

namespace halma::start {

using settings::SeatSpec;

namespace {

// How long joining waits for the host to answer, and listing for all the hosts.
constexpr int kAnswerMs = 5000;
constexpr int kListingMs = 1000;

int refuse(const std::string& message) {
    std::fprintf(stderr, "halma: %s\n", printable(message).c_str());
    return 1;
}

} // namespace

int host_game(Config& cfg, const Opening& opening, NetOpening& out) {
    const std::string name = cfg.network.host.empty() ? opening.host : cfg.network.host;
    if (name.empty()) { // a hosted game's record played here: its remote seats are here too
        for (SeatSpec& s : cfg.seats) s.remote = false;
        return 0;
    }
    if (opening.game.puzzle()) return refuse("a puzzle is played alone, not hosted");
    std::vector<net::SeatKind> kinds;
    std::vector<int> levels;
    for (const SeatSpec& s : cfg.seats) {
        kinds.push_back(s.ai       ? net::SeatKind::Ai
                        : s.remote ? net::SeatKind::Remote
                                   : net::SeatKind::Local);
        levels.push_back(s.level);
    }
    out.dir = std::make_unique<net::Rendezvous>();
    out.host = std::make_unique<net::Host>();
    if (std::string e = out.dir->open(); !e.empty()) return refuse(e);
    if (std::string e = out.host->open(*out.dir, name, kinds, levels,
                                       net::describe_variant(opening.game.rules()));
        !e.empty())
        return refuse(e);
    cfg.network.host = name;
    return 0;
}

namespace {

// Joins or watches a game on another host, through ssh and the relay there. Returns an
// empty string, or why not.
std::string join_remote(const Config& cfg, const std::string& name, const std::string& code,
                        net::Role role, net::Client& client, std::string& note) {
    auto relay = std::make_unique<net::SshRelay>();
    net::UniqueFd fd;
    std::string peer;
    if (std::string e = relay->open(cfg.network.remote.host, cfg.network.remote.command,
                                    {"game", name}, fd, peer);
        !e.empty())
        return e;
    note = relay->skipped_note();
    if (!note.empty()) refuse(note);
    return client.attach(std::move(fd), peer, role, cfg.network.seat, code, std::move(relay));
}

// The host's answer to a joiner: its welcome (seat: the seat given) and the game's record,
// or its refusal (refused set) or why there is none. Returns an empty string or that.
std::string await_record(net::Client& client, const std::string& name, Opening& opening, Seat& seat,
                         bool& refused) {
    refused = false;
    bool welcomed = false;
    const auto end = net::Clock::now() + std::chrono::milliseconds(kAnswerMs);
    for (net::Message m;;) {
        if (client.next(m)) {
            if (m.verb == net::Verb::Refused) return refused = true, m.text;
            if (m.verb == net::Verb::Welcome) {
                welcomed = true;
                seat = m.seat - 1;
            }
            if (m.verb != net::Verb::Record) continue;
            Options headers;
            if (TextError e = read_record(m.text, opening.game, headers); e.failed())
                return "the game " + name + " sent a record that does not read: " + e.message();
            break;
        }
        if (client.closed()) return "the game " + name + " hung up (" + client.why_closed() + ")";
        const long left =
            std::chrono::duration_cast<std::chrono::milliseconds>(end - net::Clock::now()).count();
        if (left <= 0) return "the game " + name + " does not answer";
        pollfd p{client.fd(), client.events(), 0};
        poll(&p, 1, static_cast<int>(left));
        client.handle(p.revents);
    }
    return welcomed ? std::string() : "the game " + name + " sent its record before a welcome";
}

} // namespace

int join_game(Config& cfg, Opening& opening, NetOpening& out) {
    const bool watch = !cfg.network.watch.empty();
    const bool remote = !cfg.network.remote.host.empty();
    const std::string& game = watch ? cfg.network.watch : cfg.network.join;
    const std::string name = game + (remote ? "@" + cfg.network.remote.host : std::string());
    const net::Role role = watch ? net::Role::Watch : net::Role::Play;
    out.client = std::make_unique<net::Client>();
    std::string note;
    bool refused = false;
    if (remote) {
        // Whose the game is shows only in the answer: a code is asked for when it says so.
        std::string code = given_or_set_code(cfg.network.code);
        const auto try_join = [&] {
            std::string e = join_remote(cfg, game, code, role, *out.client, note);
            return e.empty() ? await_record(*out.client, name, opening, out.seat, refused) : e;
        };
        std::string e = try_join();
        // A code asked for at the terminal is asked for again while the host says it is wrong.
        for (bool asked = false;
             refused &&
             (asked ? e == net::kWrongCode : code.empty() && e.rfind(net::kCodeNeeded, 0) == 0);
             asked = true) {
            if (asked) say_wrong_code();
            if (!ask_code(name, code) || code.empty()) break;
            out.client = std::make_unique<net::Client>();
            e = try_join();
        }
        if (!e.empty()) return refuse(refused ? code_refusal(e, name, cfg.network.code) : e);
    } else {
        out.dir = std::make_unique<net::Rendezvous>();
        if (std::string e = out.dir->open(); !e.empty()) return refuse(e);
        for (bool asked = false;;) {
            std::string e = join_with_code(*out.dir, *out.client, name, role, cfg.network.seat,
                                           cfg.network.code, asked);
            if (e.empty())
                e = await_record(*out.client, name, opening, out.seat, refused);
            else
                refused = false;
            if (e.empty()) break;
            if (!(asked && refused && e == net::kWrongCode))
                return refuse(refused ? code_refusal(e, name, cfg.network.code) : e);
            say_wrong_code();
            out.client = std::make_unique<net::Client>();
        }
    }
    opening.message = opening.status =
        (watch ? "Watching " + name + ", hosted by " + out.client->host_user()
               : "Joined " + name + " as player " + std::to_string(out.seat + 1) + ", hosted by " +
                     out.client->host_user()) +
        (note.empty() ? std::string() : " (" + note + ")");
    if (!cfg.seed_given) cfg.seed = 0;
    return 0;
}

int run_relay(const std::string& words) {
    const std::vector<std::string_view> w = split_words(words);
    if (w.size() == 1 && w[0] == "club")
        return net::serve_relay([](net::UniqueFd& fd, uid_t& peer) {
            std::string dir;
            if (std::string e = club::find_club_dir({}, dir); !e.empty()) return e;
            bool nobody = false;
            return club::reach_club(dir, true, fd, peer, nobody);
        });
    if (w.size() == 2 && w[0] == "game")
        return net::serve_relay([name = std::string(w[1])](net::UniqueFd& fd, uid_t& peer) {
            net::Rendezvous dir;
            if (std::string e = dir.open(); !e.empty()) return e;
            net::GameAddress where;
            if (std::string e = net::read_address(name, where); !e.empty()) return e;
            return dir.connect(where, fd, peer);
        });
    return refuse("--relay takes club, or game NAME"), 2;
}

int list_games_command() {
    net::Rendezvous dir;
    if (std::string e = dir.open(); !e.empty()) return refuse(e);
    std::fputs(listing_text(list_games(dir, kListingMs), dir.path()).c_str(), stdout);
    return 0;
}

} // namespace halma::start
