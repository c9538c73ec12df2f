// The club server's door: the account it believes about SSH keys, a key's player, a
// newcomer's name, and the one-time codes that give a player another key.
#include "club/server.hpp"

#include "net/rendezvous.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <pwd.h>
#include <random>
#include <unistd.h>

namespace halma::club {

using net::Message;
using net::Verb;

namespace {

// Digits in a one-time code: 10^12 codes, of which a connection may try eight.
constexpr int kCodeDigits = 12;
// The door's lines the club's log keeps: a burst, then this many a minute, so that strangers
// trying key after key cannot fill the disk (about 4 MB a day at most).
constexpr double kDoorNoteBurst = 30;
constexpr double kDoorNotesPerMinute = 20;
// Names and codes a key may have refused in an hour: a stranger learns little by trying
// names, and a key guesses no code. Keys counted at once: the oldest go first past it.
constexpr int kClaimsPerHour = 10;
constexpr std::size_t kClaimsKept = 4096;
constexpr auto kClaimsWindow = std::chrono::hours(1);

Message key_message(const std::string& name) {
    Message m;
    m.verb = Verb::Key;
    m.user = name;
    return m;
}

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Names a newcomer may not take although their shape is right: a user of this host (who
// may come to the club one day under that name), or what the wire or the listings give a
// meaning ("uid1234" is a user without a name).
bool reserved_name(const std::string& name) {
    const std::string low = lower(name);
    if (getpwnam(name.c_str()) || getpwnam(low.c_str())) return true;
    if (low.size() > 3 && low.compare(0, 3, "uid") == 0 &&
        std::all_of(low.begin() + 3, low.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return true;
    return low == "ai" || low == "open" || low == "you";
}

} // namespace

std::string Server::open_door() {
    bool exists = false;
    if (std::string e = load_door_settings(dir_, door_, exists); !e.empty()) return e;
    has_door_ = exists;
    if (!exists) return {};
    const passwd* pw = getpwnam(door_.account.c_str());
    if (!pw)
        return dir_ + "/" + kDoorFile + " names the account " + door_.account +
               ", which is no user of this host";
    if (pw->pw_uid == 0 || pw->pw_uid == geteuid())
        return dir_ + "/" + kDoorFile + ": the door's account must be a user of its own, not " +
               door_.account;
    door_uid_ = pw->pw_uid;
    return {};
}

void Server::door_line(Peer& p, const Message& m) {
    if (!from_door(p))
        return kick(p, "not the door", Verb::Refused,
                    "only the club's door speaks for SSH keys; you are " + p.user);
    if (m.verb == Verb::As) {
        if (!p.key.empty()) return kick(p, "a second key", Verb::Refused, "one key a connection");
        const auto same_key = [&](const auto& q) { return q->key == m.word && q->conn.open(); };
        if (static_cast<std::size_t>(std::count_if(peers_.begin(), peers_.end(), same_key)) >=
            limits_.max_per_key)
            return kick(p, "sessions of one key", Verb::Refused,
                        "this key has " + std::to_string(limits_.max_per_key) +
                            " sessions at the club already; end one first");
        p.key = m.word;
        p.address = m.address;
        try {
            p.player = store_.key_player(p.key);
        } catch (const std::exception& e) {
            return kick(p, "store", Verb::Refused,
                        std::string("the club cannot look the key up: ") + e.what());
        }
        return void(p.conn.send(key_message(p.player ? store_.player_name(p.player) : "")));
    }
    if (p.key.empty())
        return kick(p, "no key", Verb::Refused, "say which key first (as SHA256:...)");
    if (p.player) return strike(p, "this key is " + store_.player_name(p.player) + "'s already");
    if (std::string wait = claims_wait(p.key, Clock::now()); !wait.empty())
        return kick(p, "tries of one key", Verb::Refused, wait);
    if (m.verb == Verb::Name)
        claim_name(p, m.user);
    else
        link_key(p, m.word);
    if (!p.player) claim_refused(p.key, Clock::now());
}

std::string Server::claims_wait(const std::string& key, Clock::time_point now) {
    const auto it = keys_.claims.find(key);
    if (it == keys_.claims.end() || it->second.refused < kClaimsPerHour) return {};
    const auto left = it->second.since + kClaimsWindow - now;
    if (left <= Clock::duration::zero()) return keys_.claims.erase(it), std::string();
    const long long minutes = std::chrono::duration_cast<std::chrono::minutes>(left).count() + 1;
    return "too many names and codes tried with this key: try again in " + std::to_string(minutes) +
           (minutes == 1 ? " minute" : " minutes");
}

void Server::claim_refused(const std::string& key, Clock::time_point now) {
    if (keys_.claims.size() >= kClaimsKept && !keys_.claims.count(key)) {
        for (auto it = keys_.claims.begin(); it != keys_.claims.end();) // the hour past: forgotten
            it = now - it->second.since >= kClaimsWindow ? keys_.claims.erase(it) : std::next(it);
        if (keys_.claims.size() >= kClaimsKept)
            keys_.claims.erase(std::min_element(
                keys_.claims.begin(), keys_.claims.end(),
                [](const auto& a, const auto& b) { return a.second.since < b.second.since; }));
    }
    Claims& c = keys_.claims[key];
    if (c.refused == 0 || now - c.since >= kClaimsWindow) c = Claims{now, 0};
    ++c.refused;
}

void Server::door_note(Peer& p, const std::string& text, Clock::time_point now) {
    if (!from_door(p)) return kick(p, "not the door", Verb::Refused, "only the club's door notes");
    kick(p, "noted");
    if (door_notes_.bucket.last == Clock::time_point{})
        door_notes_.bucket = net::TokenBucket::full(kDoorNotesPerMinute / 60, kDoorNoteBurst, now);
    if (!door_notes_.bucket.take(now)) return void(++door_notes_.unwritten);
    if (door_notes_.unwritten)
        std::fprintf(stderr, "halma: door: %lld refusals not logged (more than %g a minute)\n",
                     door_notes_.unwritten, kDoorNotesPerMinute);
    door_notes_.unwritten = 0;
    std::fprintf(stderr, "halma: door refused %s\n", net::clean_text(text, net::kMaxText).c_str());
}

void Server::claim_name(Peer& p, const std::string& name) {
    if (!door_.open) return strike(p, "this club takes no new players at its door");
    if (std::string e = name_fault(name); !e.empty()) return strike(p, e);
    const Clock::time_point now = Clock::now();
    if (std::string e = new_player_limit(p.address, now); !e.empty()) return strike(p, e);
    try {
        store_.transaction([&] {
            if (store_.name_taken(name) || reserved_name(name)) return;
            p.player = store_.add_key_player(name, p.key, clock_.now());
        });
    } catch (const std::exception& e) {
        return void(p.conn.send(with_text(Verb::Error, std::string("not saved: ") + e.what())));
    }
    // The same words whoever has the name (a player, a user of this host, the club itself).
    if (!p.player) return strike(p, name + " is not available; choose another name");
    new_players_.emplace_back(now, p.address);
    std::fprintf(stderr, "halma: new player %s, key %s\n", name.c_str(), p.key.c_str());
    p.conn.send(key_message(name));
}

void Server::link_key(Peer& p, const std::string& code) {
    const auto now = Clock::now();
    auto it = keys_.codes.find(code);
    if (it == keys_.codes.end() || it->second.expires < now)
        return strike(p, "no such code: a code works once, for " + std::to_string(kKeyCodeMinutes) +
                             " minutes");
    const long long player = it->second.player;
    try {
        store_.transaction([&] { store_.add_key(player, p.key, clock_.now()); });
    } catch (const std::exception& e) {
        return void(p.conn.send(with_text(Verb::Error, std::string("not saved: ") + e.what())));
    }
    keys_.codes.erase(it);
    p.player = player;
    const std::string name = store_.player_name(player);
    std::fprintf(stderr, "halma: player %s adds key %s\n", name.c_str(), p.key.c_str());
    p.conn.send(key_message(name));
}

void Server::key_code(Peer& p) {
    const auto now = Clock::now();
    for (auto it = keys_.codes.begin(); it != keys_.codes.end();) // one code a player; none stale
        it = it->second.player == p.player || it->second.expires < now ? keys_.codes.erase(it)
                                                                       : std::next(it);
    std::random_device random;
    std::string code;
    do {
        code.clear();
        for (int i = 0; i < kCodeDigits; ++i) code += static_cast<char>('0' + random() % 10);
    } while (keys_.codes.count(code));
    keys_.codes[code] = {p.player, now + std::chrono::minutes(kKeyCodeMinutes)};
    Message m;
    m.verb = Verb::Code;
    m.word = code;
    m.minutes = kKeyCodeMinutes;
    p.conn.send(m);
}

} // namespace halma::club
