// The club's door at the wire: the real server trusts one account (door.conf) to say which
// SSH key a connection speaks for, and nobody else. A key's first visit claims a name (bad,
// reserved and taken names refused, nothing changing), a player adds a key with a one-time
// code, a closed club takes no newcomers, and the door's many connections are not held to
// one user's bound. Also what the keys command, the door and the server share: the settings
// file, names, the authorized_keys line and the commands a session may ask for; and what
// an account holder's relay sends through ssh (its quoting) and reads back (its hello).
#include "club_support.hpp"
#include "door/door.hpp"
#include "net/relay.hpp"
#include "start/door_session.hpp"

#include <catch2/catch.hpp>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <memory>
#include <pwd.h>
#include <thread>

using namespace club_support;
using halma::club::DoorSettings;

namespace {

// The door's account in these tests; another Unix user is daemon (uid 1).
constexpr uid_t kDoor = kNobody;
constexpr uid_t kDaemon = 1;

const std::string kKeyA = "SHA256:" + std::string(43, 'A');
const std::string kKeyB = "SHA256:" + std::string(42, 'B') + "/";
const std::string kKeyC = "SHA256:" + std::string(42, 'C') + "+";

std::string in_case(std::string s, int (*to)(int)) {
    for (char& c : s) c = static_cast<char>(to(static_cast<unsigned char>(c)));
    return s;
}

// A name a newcomer may claim whoever has an account on this host: base, or base with a
// number after it, that no Unix user goes by, as it is or in lower case (as the club checks).
std::string free_name(const std::string& base) {
    for (int n = 0;; ++n) {
        const std::string name = n ? base + std::to_string(n) : base;
        if (!getpwnam(name.c_str()) && !getpwnam(in_case(name, std::tolower).c_str())) return name;
    }
}

// A club whose door is the account nobody, open or closed.
struct DoorClub {
    ClubDir dir;
    std::unique_ptr<ClubServer> server;
    explicit DoorClub(const std::string& entry = "open", const std::string& limits = "") {
        REQUIRE((mkdir(dir.path.c_str(), 0755) == 0 || errno == EEXIST)); // made for PostgreSQL
        std::ofstream(dir.path + "/door.conf")
            << "# the door\naccount: " << net::user_name(kDoor) << "\nentry: " << entry << "\n"
            << limits;
        server = std::make_unique<ClubServer>(dir.path);
    }
};

// A connection of the door that says which key it speaks for; returns the `key` answer.
Message door_as(WireClient& c, const std::string& key) {
    c.send("as " + key);
    Message m;
    c.wait([](const Message& x) { return x.verb == Verb::Key || x.verb == Verb::Refused; }, &m);
    return m;
}

// The answer to a name or link line: key NAME, an error, or a refusal.
Message answer(WireClient& c, const std::string& line) {
    c.send(line);
    Message m;
    c.wait(
        [](const Message& x) {
            return x.verb == Verb::Key || x.verb == Verb::Error || x.verb == Verb::Refused;
        },
        &m);
    return m;
}

} // namespace

TEST_CASE("door: a key's first visit claims a name, and the key is that player after",
          "[club][door]") {
    const std::string newbie = free_name("newbie");
    DoorClub club;
    {
        WireClient door(club.dir.path, kDoor);
        Message m = door_as(door, kKeyA);
        REQUIRE(m.verb == Verb::Key);
        CHECK(m.user.empty()); // nobody's yet
        // Names of the wrong shape, of users of this host, and reserved words are refused.
        for (const char* bad :
             {"9lives", "a.b", "x23456789012345678901", "root", "ROOT", "uid42"}) {
            INFO(bad);
            m = answer(door, std::string("name ") + bad);
            CHECK(m.verb == Verb::Error);
        }
        m = answer(door, "name " + newbie);
        REQUIRE(m.verb == Verb::Key);
        CHECK(m.user == newbie);
        // A second name for the same key is refused.
        m = answer(door, "name other");
        CHECK(m.verb == Verb::Error);
        CHECK(m.text == "this key is " + newbie + "'s already");
        door.send("hello 1 lobby - -");
        REQUIRE(door.wait_verb(Verb::Welcome, &m));
        CHECK(m.user == newbie);
    }
    // The next visit of the key is newbie's at once, in the listings too.
    WireClient again(club.dir.path, kDoor);
    Message m = door_as(again, kKeyA);
    CHECK(m.user == newbie);
    REQUIRE(again.hello());
    const std::vector<Message> here = again.listing("who");
    CHECK(
        std::any_of(here.begin(), here.end(), [&](const Message& x) { return x.user == newbie; }));
}

TEST_CASE("door: a second key claiming a taken name is refused and nothing changes",
          "[club][door]") {
    const std::string alice = free_name("Alice");
    DoorClub club;
    WireClient first(club.dir.path, kDoor);
    REQUIRE(door_as(first, kKeyA).verb == Verb::Key);
    REQUIRE(answer(first, "name " + alice).user == alice);
    // The Unix user root is a player too (its name taken by the Unix user).
    WireClient root(club.dir.path);
    REQUIRE(root.hello());
    WireClient second(club.dir.path, kDoor);
    REQUIRE(door_as(second, kKeyB).user.empty());
    for (const std::string& taken :
         {alice, in_case(alice, std::tolower), in_case(alice, std::toupper), std::string("root")}) {
        INFO(taken);
        const Message m = answer(second, "name " + taken);
        CHECK(m.verb == Verb::Error);
        CHECK(m.text.find("choose another") != std::string::npos);
    }
    // Still nobody's: the hello is refused, and Alice still has one key.
    second.send("hello 1 lobby - -");
    Message m;
    REQUIRE(second.wait_verb(Verb::Refused, &m));
    CHECK(m.text.find("nobody's yet") != std::string::npos);
    WireClient third(club.dir.path, kDoor);
    CHECK(door_as(third, kKeyB).user.empty());
}

TEST_CASE("door: a refused name is 'not available' whatever the reason; a key's tries are few",
          "[club][door][names]") {
    const std::string alice = free_name("Alice"), late = free_name("late");
    DoorClub club;
    WireClient first(club.dir.path, kDoor);
    REQUIRE(door_as(first, kKeyA).verb == Verb::Key);
    REQUIRE(answer(first, "name " + alice).user == alice);
    // A user of this host, a player, a reserved word: the same words, which tell nothing.
    WireClient door(club.dir.path, kDoor);
    REQUIRE(door_as(door, kKeyC).user.empty());
    for (const std::string& name :
         {std::string("root"), alice, std::string("ai"), std::string("uid0")}) {
        INFO(name);
        const Message m = answer(door, "name " + name);
        CHECK(m.verb == Verb::Error);
        CHECK(m.text == name + " is not available; choose another name");
    }
    // Ten refused in an hour, names and codes together, on any connection: the key may try
    // no more, not even a free name, and is told when it may.
    WireClient again(club.dir.path, kDoor);
    REQUIRE(door_as(again, kKeyC).user.empty());
    for (int i = 0; i < 5; ++i) CHECK(answer(again, "link 000000000000").verb == Verb::Error);
    CHECK(answer(again, "name root").verb == Verb::Error);
    const Message stop = answer(again, "name " + late);
    CHECK(stop.verb == Verb::Refused);
    CHECK(stop.text == "too many names and codes tried with this key: try again in 60 minutes");
    WireClient later(club.dir.path, kDoor);
    REQUIRE(door_as(later, kKeyC).user.empty());
    CHECK(answer(later, "name " + late).verb == Verb::Refused);
    // Another key is not held by it.
    WireClient other(club.dir.path, kDoor);
    REQUIRE(door_as(other, kKeyB).user.empty());
    CHECK(answer(other, "name " + late).user == late);
}

TEST_CASE("door: the terminal's characters are UTF-8 unless the client's locale says otherwise",
          "[club][door][locale]") {
    using halma::start::door_locale;
    // Nothing sent (ssh sends LANG only where SendEnv and AcceptEnv agree): UTF-8.
    CHECK(door_locale(nullptr, nullptr, nullptr) == "C.UTF-8");
    CHECK(door_locale("", "", "") == "C.UTF-8");
    // A locale this host has is kept, UTF-8 or not; LC_ALL before LC_CTYPE before LANG.
    CHECK(door_locale(nullptr, nullptr, "C.UTF-8").empty());
    CHECK(door_locale(nullptr, nullptr, "C").empty());
    CHECK(door_locale("POSIX", nullptr, "C.UTF-8").empty());
    // One this host lacks: UTF-8 when it names UTF-8 (a Mac sends LC_CTYPE=UTF-8), else kept.
    CHECK(door_locale(nullptr, "UTF-8", nullptr) == "C.UTF-8");
    CHECK(door_locale(nullptr, nullptr, "xx_YY.utf8") == "C.UTF-8");
    CHECK(door_locale("", nullptr, "xx_YY.ISO-8859-1").empty());
}

TEST_CASE("door: only the door's account speaks for a key", "[club][door]") {
    DoorClub club;
    for (uid_t uid : {geteuid(), kDaemon}) {
        WireClient c(club.dir.path, uid);
        Message m = door_as(c, kKeyA);
        CHECK(m.verb == Verb::Refused);
        CHECK(m.text.find("only the club's door speaks for SSH keys") == 0);
    }
    // The door without a key is no player at all.
    WireClient door(club.dir.path, kDoor);
    door.send("hello 1 lobby - -");
    Message m;
    REQUIRE(door.wait_verb(Verb::Refused, &m));
    CHECK(m.text.find("the door plays for a key") == 0);
    // A name before the key, and a second key, are refused too.
    WireClient early(club.dir.path, kDoor);
    CHECK(answer(early, "name sneaky").verb == Verb::Refused);
    WireClient twice(club.dir.path, kDoor);
    REQUIRE(door_as(twice, kKeyA).verb == Verb::Key);
    CHECK(door_as(twice, kKeyB).verb == Verb::Refused);
    // After hello, as and name are bad lines.
    WireClient root(club.dir.path);
    REQUIRE(root.hello());
    CHECK(answer(root, "as " + kKeyA).verb == Verb::Error);
    // None of it made a player.
    WireClient check(club.dir.path, kDoor);
    CHECK(door_as(check, kKeyA).user.empty());
}

TEST_CASE("door: a one-time code gives a player another key, once", "[club][door]") {
    const std::string carol = free_name("carol");
    DoorClub club;
    WireClient first(club.dir.path, kDoor);
    REQUIRE(door_as(first, kKeyA).verb == Verb::Key);
    REQUIRE(answer(first, "name " + carol).user == carol);
    REQUIRE(first.hello());
    first.send("addkey");
    Message code;
    REQUIRE(first.wait_verb(Verb::Code, &code));
    CHECK(code.word.size() == 12);
    CHECK(code.minutes == halma::club::kKeyCodeMinutes);
    // A wrong code is struck; the right one adds the key.
    WireClient second(club.dir.path, kDoor);
    REQUIRE(door_as(second, kKeyB).user.empty());
    CHECK(answer(second, "link 000000000000").verb == Verb::Error);
    Message m = answer(second, "link " + code.word);
    REQUIRE(m.verb == Verb::Key);
    CHECK(m.user == carol);
    REQUIRE(second.hello());
    // The code works once.
    WireClient third(club.dir.path, kDoor);
    REQUIRE(door_as(third, kKeyC).user.empty());
    m = answer(third, "link " + code.word);
    CHECK(m.verb == Verb::Error);
    CHECK(m.text.find("no such code") == 0);
    // A Unix user may ask for a code too, and give its player a key.
    WireClient unix_user(club.dir.path, kDaemon);
    REQUIRE(unix_user.hello());
    unix_user.send("addkey");
    REQUIRE(unix_user.wait_verb(Verb::Code, &code));
    CHECK(answer(third, "link " + code.word).user == net::user_name(kDaemon));
}

TEST_CASE("door: a closed club lets known keys in and takes no newcomers", "[club][door]") {
    DoorClub club("closed");
    WireClient door(club.dir.path, kDoor);
    REQUIRE(door_as(door, kKeyA).user.empty());
    const Message m = answer(door, "name newbie");
    CHECK(m.verb == Verb::Error);
    CHECK(m.text == "this club takes no new players at its door");
}

// A key of its own for each number.
std::string key_number(int n) {
    std::string k = "SHA256:" + std::string(43, 'A');
    k[k.size() - 1] = static_cast<char>('a' + n % 26);
    k[k.size() - 2] = static_cast<char>('a' + n / 26);
    return k;
}

TEST_CASE("door: new players are limited per address and per hour, each refusal naming its "
          "limit and when it frees",
          "[club][door]") {
    DoorClub club("open", "new-players-per-hour: 3\nnew-players-per-address: 2\n");
    const auto claim = [&](int n, const std::string& address) {
        WireClient door(club.dir.path, kDoor);
        REQUIRE(door_as(door, key_number(n) + " " + address).user.empty());
        return answer(door, "name " + free_name("p" + std::to_string(n)));
    };
    CHECK(claim(1, "192.0.2.7").verb == Verb::Key);
    CHECK(claim(2, "192.0.2.7").verb == Verb::Key);
    Message m = claim(3, "192.0.2.7");
    CHECK(m.verb == Verb::Error);
    CHECK(m.text == "limit new-players-per-address: 2 an hour from one address; the next in 60 "
                    "minutes");
    CHECK(claim(4, "2001:db8::1").verb == Verb::Key); // another address is not held back
    m = claim(5, "198.51.100.1");
    CHECK(m.verb == Verb::Error);
    CHECK(m.text == "limit new-players-per-hour: 3 an hour; the next in 60 minutes");
}

TEST_CASE("door: a player of the door joins tournaments, as many as door.conf allows, and "
          "creates none",
          "[club][door][tourney]") {
    DoorClub club("open", "tournaments-per-player: 2\n");
    WireClient door(club.dir.path, kDoor);
    REQUIRE(door_as(door, key_number(1)).user.empty());
    const std::string name = free_name("t1");
    REQUIRE(answer(door, "name " + name).verb == Verb::Key);
    REQUIRE(door.hello());
    // The first line of the club's answer to tournament words (said, or why not), read to
    // its end.
    const auto told = [](WireClient& c, const std::string& words) {
        std::string first;
        c.send("tournament " + words);
        c.wait([&](const Message& m) {
            if (first.empty() && (m.verb == Verb::TourneyLine || m.verb == Verb::Error))
                first = m.text;
            return m.verb == Verb::End;
        });
        return first;
    };
    const auto said = [&](const std::string& words) { return told(door, words); };
    // The host's player (this user) creates three; the door's player joins two of them.
    WireClient host(club.dir.path);
    REQUIRE(host.hello());
    for (const char* t : {"one", "two", "three"})
        REQUIRE(told(host, std::string("new ") + t + " system=swiss rounds=1 size=8")
                    .rfind(std::string("tournament ") + t + ":", 0) == 0);
    CHECK(said("new mine system=swiss rounds=1 size=8") ==
          "a tournament is created by a player of the host; from the door, join one");
    CHECK(said("join one") == name + " joined one (1 player)");
    CHECK(said("join two") == name + " joined two (1 player)");
    CHECK(said("join three") == "limit tournaments-per-player: 2 at once; frees when one is over");
    // Leaving one before its start frees a place.
    CHECK(said("leave one") == name + " left one");
    CHECK(said("join three") == name + " joined three (1 player)");
}

TEST_CASE("door: a player's open seeks are limited; another player's are not", "[club][door]") {
    DoorClub club("open", "seeks-per-player: 2\n");
    std::vector<std::unique_ptr<WireClient>> players;
    for (int n = 1; n <= 2; ++n) {
        players.push_back(std::make_unique<WireClient>(club.dir.path, kDoor));
        REQUIRE(door_as(*players.back(), key_number(n)).user.empty());
        REQUIRE(answer(*players.back(), "name " + free_name("s" + std::to_string(n))).verb ==
                Verb::Key);
        REQUIRE(players.back()->hello());
    }
    WireClient& a = *players[0];
    WireClient& b = *players[1];
    const auto seek = [](WireClient& c) {
        c.send("seek players=2 size=8");
        Message m;
        c.wait([](const Message& x) { return x.verb == Verb::GameLine || x.verb == Verb::Error; },
               &m);
        return m;
    };
    CHECK(seek(a).verb == Verb::GameLine);
    CHECK(seek(a).verb == Verb::GameLine);
    const Message m = seek(a);
    CHECK(m.verb == Verb::Error);
    CHECK(m.text ==
          "seek: limit seeks-per-player: 2 at once; frees when one is taken or withdrawn");
    CHECK(m.text.size() <= 80);
    CHECK(seek(b).verb == Verb::GameLine);
}

TEST_CASE("door: a note from the door reaches the club's log; from anyone else it is refused",
          "[club][door]") {
    DoorClub club;
    {
        WireClient door(club.dir.path, kDoor);
        door.send("note key " + kKeyA + ": entry: closed, and nobody's key");
        WireClient other(club.dir.path, kDaemon);
        other.send("note key " + kKeyB + ": forged");
        Message m;
        CHECK(other.wait_verb(Verb::Refused, &m));
    }
    const std::string want =
        "halma: door refused key " + kKeyA + ": entry: closed, and nobody's key\n";
    for (int i = 0;
         i < 500 && test_support::slurp(club.dir.path + ".err").find(want) == std::string::npos;
         ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const std::string log = test_support::slurp(club.dir.path + ".err");
    CHECK(log.find(want) != std::string::npos);
    CHECK(log.find("forged") == std::string::npos);
}

TEST_CASE("door: the club's log keeps a burst of the door's notes and no more at once",
          "[club][door]") {
    DoorClub club;
    for (int i = 0; i < 40; ++i) {
        WireClient door(club.dir.path, kDoor);
        door.send("note key " + key_number(i) + ": refused");
        door.wait([](const Message&) { return false; }, nullptr, 1000); // until the server hangs up
    }
    WireClient last(club.dir.path, kDoor); // the server has read every note before this hello
    REQUIRE(door_as(last, kKeyA).verb == Verb::Key);
    const std::string log = test_support::slurp(club.dir.path + ".err");
    std::size_t lines = 0;
    for (std::size_t at = 0; (at = log.find("halma: door refused key", at)) != std::string::npos;
         ++at)
        ++lines;
    CHECK(lines >= 30);
    CHECK(lines < 40);
}

TEST_CASE("door: the door's many connections are not held to one user's bound", "[club][door]") {
    DoorClub club;
    std::vector<std::unique_ptr<WireClient>> waiting;
    for (int i = 0; i < 20; ++i)
        waiting.push_back(std::make_unique<WireClient>(club.dir.path, kDoor));
    WireClient last(club.dir.path, kDoor);
    CHECK(door_as(last, kKeyA).verb == Verb::Key);
}

TEST_CASE("door: one key holds at most four connections at once", "[club][door]") {
    DoorClub club;
    std::vector<std::unique_ptr<WireClient>> sessions;
    for (int i = 0; i < 4; ++i) {
        sessions.push_back(std::make_unique<WireClient>(club.dir.path, kDoor));
        REQUIRE(door_as(*sessions.back(), kKeyA).verb == Verb::Key);
    }
    WireClient fifth(club.dir.path, kDoor);
    Message m = door_as(fifth, kKeyA);
    CHECK(m.verb == Verb::Refused);
    CHECK(m.text == "this key has 4 sessions at the club already; end one first");
    // Another key is not held to it; and once a session of the first ends, it comes in again.
    WireClient other(club.dir.path, kDoor);
    CHECK(door_as(other, kKeyB).verb == Verb::Key);
    sessions.pop_back();
    bool in = false;
    for (int tries = 0; tries < 100 && !in; ++tries) { // the server sees the close in its loop
        WireClient again(club.dir.path, kDoor);
        in = door_as(again, kKeyA).verb == Verb::Key;
        if (!in) usleep(20000);
    }
    CHECK(in);
}

TEST_CASE("door: a bad door.conf stops the server with a message", "[club][door]") {
    ClubDir dir;
    REQUIRE((mkdir(dir.path.c_str(), 0755) == 0 || errno == EEXIST)); // made for PostgreSQL
    const std::pair<std::string, std::string> cases[] = {
        {"account: nosuchuser42\n", "which is no user of this host"},
        {"account: root\n", "must be a user of its own"},
        {"account: nobody\nentry: ajar\n", "entry is open or closed"},
        {"account: nobody\ncolour: blue\n", "unknown key"},
        {"entry: open\n", "no account"},
    };
    for (const auto& [text, said] : cases) {
        INFO(text);
        std::ofstream(dir.path + "/door.conf", std::ios::trunc) << text;
        int status = 0;
        std::string err;
        (void)test_support::run_program("--club-server --club-dir " + dir.path, "", status, &err);
        CHECK(status == 1);
        CHECK(err.find(said) != std::string::npos);
    }
    // Written by others: not believed.
    std::ofstream(dir.path + "/door.conf", std::ios::trunc) << "account: nobody\n";
    chmod((dir.path + "/door.conf").c_str(), 0666);
    int status = 0;
    std::string err;
    (void)test_support::run_program("--club-server --club-dir " + dir.path, "", status, &err);
    CHECK(err.find("may be written by others") != std::string::npos);
}

TEST_CASE("door: the settings file reads account and entry", "[club][door]") {
    DoorSettings s;
    REQUIRE_FALSE(
        halma::club::read_door_settings("# door\naccount: play\nentry: closed\n", s).failed());
    CHECK(s.account == "play");
    CHECK_FALSE(s.open);
    REQUIRE_FALSE(halma::club::read_door_settings("account: play\n", s).failed());
    CHECK(s.open);
    const std::pair<const char*, const char*> bad[] = {
        {"account: -x\n", "not a login name"},
        {"account: play\nwhatever\n", "not a 'key: value' line"},
        {"account: pl\x1b[31may\n", "control character"},
    };
    for (const auto& [text, said] : bad) {
        INFO(text);
        const TextError e = halma::club::read_door_settings(text, s);
        CHECK(e.message().find(said) != std::string::npos);
    }
}

TEST_CASE("door: the settings file reads the limits on strangers", "[club][door]") {
    DoorSettings s;
    REQUIRE_FALSE(halma::club::read_door_settings("account: play\n", s).failed());
    CHECK(s.limits.computer_games_per_player == 10);
    CHECK(s.limits.new_players_per_address == 5);
    REQUIRE_FALSE(halma::club::read_door_settings(
                      "account: play\nnew-players-per-hour: 0\nnew-players-per-address: 2\n"
                      "seeks-per-player: 3\ngames-per-player: 999999\n"
                      "computer-games-per-player: 1\ntournaments-per-player: 0\n",
                      s)
                      .failed());
    CHECK(s.limits.new_players_per_hour == 0);
    CHECK(s.limits.new_players_per_address == 2);
    CHECK(s.limits.seeks_per_player == 3);
    CHECK(s.limits.games_per_player == 999999);
    CHECK(s.limits.computer_games_per_player == 1);
    CHECK(s.limits.tournaments_per_player == 0);
    for (const char* bad : {"seeks-per-player: -1", "games-per-player: 1000000",
                            "computer-games-per-player: ten", "new-players-per-hour:"}) {
        INFO(bad);
        const TextError e =
            halma::club::read_door_settings("account: play\n" + std::string(bad) + "\n", s);
        CHECK(e.failed());
    }
    const TextError e = halma::club::read_door_settings("account: play\nplayers: 3\n", s);
    CHECK(e.message().find("computer-games-per-player") != std::string::npos);
}

TEST_CASE("door: newcomers' names", "[club][door]") {
    using halma::club::name_fault;
    for (const char* good : {"a", "Bob", "x_1", "night-owl", "ABCDEFGHIJKLMNOPQRST"}) {
        INFO(good);
        CHECK(name_fault(good).empty());
    }
    for (const char* bad : {"", "1st", "_x", "-x", "a b", "a.b", "caf\xc3\xa9", "a\x1b", "a\n",
                            "ABCDEFGHIJKLMNOPQRSTU"}) {
        INFO(bad);
        CHECK_FALSE(name_fault(bad).empty());
    }
}

TEST_CASE("door: the authorized_keys line restricts the key to the door", "[club][door]") {
    using halma::club::door_key_line;
    const std::string key = "AAAAC3NzaC1lZDI1NTE5AAAAIOn0nW5pY3Wm0mBTk2i2Xq5Fh1d7a9oP7pK3uB8cQw2x";
    std::string line;
    REQUIRE(door_key_line("/usr/local/bin/halma", "/var/lib/halma", "ssh-ed25519", key, kKeyA,
                          line) == "");
    CHECK(line ==
          "restrict,pty,command=\"exec /usr/local/bin/halma --club-dir /var/lib/halma --door " +
              kKeyA + "\" ssh-ed25519 " + key + "\n");
    const struct {
        const char *program, *dir, *type, *key, *fp;
    } bad[] = {
        {"halma", "/var/lib/halma", "ssh-ed25519", key.c_str(), kKeyA.c_str()},
        {"/bin/hal ma", "/var/lib/halma", "ssh-ed25519", key.c_str(), kKeyA.c_str()},
        {"/bin/halma\"", "/var/lib/halma", "ssh-ed25519", key.c_str(), kKeyA.c_str()},
        {"/bin/halma", "/var/lib/halma;id", "ssh-ed25519", key.c_str(), kKeyA.c_str()},
        {"/bin/halma", "/var/lib/halma", "ssh-ed25519-cert-v01@openssh.com", key.c_str(),
         kKeyA.c_str()},
        {"/bin/halma", "/var/lib/halma", "ssh ed25519", key.c_str(), kKeyA.c_str()},
        {"/bin/halma", "/var/lib/halma", "ssh-ed25519", "AAAA\"AAA", kKeyA.c_str()},
        {"/bin/halma", "/var/lib/halma", "ssh-ed25519", "AAA", kKeyA.c_str()},
        {"/bin/halma", "/var/lib/halma", "ssh-ed25519", key.c_str(), "MD5:00:11"},
        {"/bin/halma", "/var/lib/halma", "ssh-ed25519", key.c_str(), "SHA256:short"},
    };
    for (const auto& b : bad) {
        INFO(b.program << " " << b.dir << " " << b.type << " " << b.key << " " << b.fp);
        line.clear();
        CHECK_FALSE(door_key_line(b.program, b.dir, b.type, b.key, b.fp, line).empty());
        CHECK(line.empty());
    }
}

TEST_CASE("door: a session's command is a club verb or refused", "[club][door]") {
    using halma::club::read_door_command;
    std::vector<std::string> words;
    for (const char* good : {"games", "ratings", "history", "history bob", "record 12", "watch 7",
                             "addkey", "  games  "}) {
        INFO(good);
        CHECK(read_door_command(good, words).empty());
    }
    REQUIRE(read_door_command("history bob", words).empty());
    CHECK(words == std::vector<std::string>{"history", "bob"});
    for (const char* bad :
         {"", "bash", "/bin/sh -c id", "games; id", "games extra", "record", "record x", "record 0",
          "watch 1 2", "history -rf", "history a b", "backup /tmp/x", "notify2",
          "scp -f /etc/passwd", "/usr/lib/openssh/sftp-server", "internal-sftp", "games\n",
          "history \x1b[2J"}) {
        INFO(bad);
        words.clear();
        const std::string said = read_door_command(bad, words);
        CHECK(said.find("this door plays the club's game and nothing else") != std::string::npos);
        CHECK(said.find('\n') == std::string::npos);
        CHECK(words.empty());
    }
}

// The relay: the words ssh carries to the other host's shell, and the hello read back.
TEST_CASE("relay: each word reaches the other host's shell as itself, and nothing more",
          "[club][door][relay]") {
    const std::vector<std::string> words = {
        "halma",     "--relay", "game",        "it's $(id)",      "a;b|c&&d",
        "`touch x`", "  two ",  "back\\slash", "new\nline",       "''",
        "",          "*",       "$HOME",       "-oProxyCommand=x"};
    const std::string line = halma::net::shell_quoted(words);
    // /bin/sh runs the line as ssh's remote side would, printing each word it got.
    const std::string command = "printf '%s\\0' " + line;
    FILE* sh = popen(("/bin/sh -c " + halma::net::shell_quoted({command})).c_str(), "r");
    REQUIRE(sh);
    std::string out;
    for (int c; (c = std::fgetc(sh)) != EOF;) out += static_cast<char>(c);
    REQUIRE(pclose(sh) == 0);
    std::vector<std::string> got;
    for (std::size_t at = 0, end; (end = out.find('\0', at)) != std::string::npos; at = end + 1)
        got.push_back(out.substr(at, end - at));
    CHECK(got == words);
}

TEST_CASE("relay: the hello is found among start-up lines and its faults said",
          "[club][door][relay]") {
    struct Row {
        const char* line;
        bool is_hello;
        const char* user;
        const char* fault_has;
    };
    const Row rows[] = {
        {"halma-relay 1 alice", true, "alice", ""},
        {"halma-relay 1 -", true, "-", ""},
        {"You have mail.", false, "", ""},
        {"halma-relayed 1 alice", false, "", ""},
        {"halma-relay 2 alice", true, "", "relays version 2, this one version 1"},
        {"halma-relay 1", true, "", "cannot read"},
        {"halma-relay 1 al ice", true, "", "cannot read"},
        {"halma-relay x alice", true, "", "cannot read"},
        {"halma-relay 1 \x1b[2Jalice", true, "", "cannot read"},
    };
    for (const Row& r : rows) {
        INFO(r.line);
        const halma::net::RelayHello h = halma::net::read_relay_hello(r.line);
        CHECK(h.is_hello == r.is_hello);
        CHECK(h.user == r.user);
        if (*r.fault_has)
            CHECK(h.fault.find(r.fault_has) != std::string::npos);
        else
            CHECK(h.fault.empty());
        CHECK(h.fault.find('\x1b') == std::string::npos);
    }
}
