// The rendezvous directory: what it accepts and refuses, and how game names are taken,
// reused after a dead host, and listed.
#include "net_support.hpp"

#include <atomic>
#include <catch2/catch.hpp>
#include <fstream>
#include <thread>

using namespace net_support;

TEST_CASE("rendezvous: a sticky directory open to all, or one of your own, is accepted", "[net]") {
    TempGamesDir tmp;
    Rendezvous dir;
    CHECK(dir.open(tmp.path) == "");
    CHECK(dir.path() == tmp.path);
    chmod(tmp.path.c_str(), 0700);
    CHECK(dir.open(tmp.path + "/") == "");
    Rendezvous def;
    setenv(kGamesDirVariable, tmp.path.c_str(), 1);
    CHECK(def.open() == "");
    CHECK(def.path() == tmp.path);
    unsetenv(kGamesDirVariable);
    CHECK(def.open() == "");
    CHECK(def.path() == "/tmp");
}

TEST_CASE("rendezvous: links, open directories and relative paths are refused", "[net]") {
    TempGamesDir tmp;
    Rendezvous dir;
    const std::string real = tmp.path + "/real", link = tmp.path + "/link";
    mkdir(real.c_str(), 0700);
    REQUIRE(symlink(real.c_str(), link.c_str()) == 0);
    CHECK_THAT(dir.open(link), Catch::Contains("is a symbolic link"));
    chmod(real.c_str(), 0777); // writable by anyone, not sticky
    CHECK_THAT(dir.open(real), Catch::Contains("not sticky"));
    chmod(real.c_str(), 0700);
    // Below a directory others may write to without the sticky bit: refused too.
    const std::string inner = real + "/inner";
    mkdir(inner.c_str(), 0700);
    chmod(real.c_str(), 0777);
    CHECK_THAT(dir.open(inner), Catch::Contains("1 level above") && Catch::Contains("not sticky"));
    chmod(real.c_str(), 0700);
    CHECK(dir.open(inner) == "");
    std::ofstream(tmp.path + "/file") << "x";
    CHECK_THAT(dir.open(tmp.path + "/file"), Catch::Contains("not a directory"));
    CHECK_THAT(dir.open(tmp.path + "/none"), Catch::Contains("cannot open"));
    setenv(kGamesDirVariable, "games", 1);
    CHECK_THAT(dir.open(), Catch::Contains("must be an absolute path"));
    unsetenv(kGamesDirVariable);
    if (geteuid() == 0) { // a directory of another user could have its sockets replaced
        chown(real.c_str(), 65534, 65534);
        CHECK_THAT(dir.open(real), Catch::Contains("belongs to") && Catch::Contains("root"));
    }
}

TEST_CASE("rendezvous: names are checked, taken once, and freed by a dead host", "[net]") {
    TempGamesDir tmp;
    Rendezvous dir;
    REQUIRE(dir.open(tmp.path) == "");
    UniqueFd a, b, c;
    CHECK_THAT(dir.listen("../x", a), Catch::Contains("is not a game name"));
    CHECK_THAT(dir.listen("", a), Catch::Contains("is not a game name"));
    REQUIRE(dir.listen("club", a) == "");
    struct stat st;
    REQUIRE(lstat((tmp.path + "/halma-club.sock").c_str(), &st) == 0);
    CHECK(S_ISSOCK(st.st_mode));
    CHECK((st.st_mode & 0777) == 0777); // anyone may connect; the host decides who stays
    CHECK_THAT(dir.listen("club", b), Catch::Contains("already open, hosted by"));
    CHECK(dir.game_names() == std::vector<std::string>{"club"});
    // The host dies without removing its socket: the name is reused, the old file replaced.
    a.reset();
    uid_t host = 0;
    CHECK_THAT(dir.connect({"club", ""}, c, host), Catch::Contains("has ended"));
    CHECK(dir.listen("club", b) == "");
    CHECK(dir.connect({"club", ""}, c, host) == "");
    CHECK(host == geteuid());
    dir.remove("club");
    CHECK(dir.game_names().empty());
    CHECK_THAT(dir.connect({"club", ""}, c, host), Catch::Contains("no game named club"));
    // Something that is not a socket is never touched.
    std::ofstream(tmp.path + "/halma-file.sock") << "mine";
    CHECK_THAT(dir.listen("file", a), Catch::Contains("not a socket; not touching it"));
    CHECK_THAT(dir.connect({"file", ""}, c, host), Catch::Contains("is not a game's socket"));
    symlink("/etc/passwd", (tmp.path + "/halma-link.sock").c_str());
    CHECK_THAT(dir.listen("link", a), Catch::Contains("not a socket; not touching it"));
    CHECK(lstat("/etc/passwd", &st) == 0);
}

TEST_CASE("rendezvous: a socket left by a dead host of another user is not removed", "[net]") {
    if (geteuid() != 0) {
        WARN("needs root to act as another user; skipped");
        return;
    }
    TempGamesDir tmp;
    Rendezvous dir;
    REQUIRE(dir.open(tmp.path) == "");
    UniqueFd a;
    REQUIRE(dir.listen("theirs", a) == "");
    const std::string path = tmp.path + "/halma-theirs.sock";
    REQUIRE(chown(path.c_str(), 65534, 65534) == 0);
    a.reset(); // its host died
    UniqueFd b;
    CHECK_THAT(dir.listen("theirs", b), Catch::Contains("held by a finished game of"));
    struct stat st;
    CHECK(lstat(path.c_str(), &st) == 0);
}

TEST_CASE("rendezvous: a listing asks each game at once and skips what does not answer", "[net]") {
    TempGamesDir tmp;
    Table club(tmp.path, Rules::for_game(2, 8), {SeatKind::Local, SeatKind::Remote}, {}, "club");
    Table big(tmp.path, Rules::for_game(4, 16),
              {SeatKind::Local, SeatKind::Remote, SeatKind::Remote, SeatKind::Ai}, {}, "big");
    // A socket that accepts and never answers, and a dead game's socket of ours.
    Rendezvous raw;
    REQUIRE(raw.open(tmp.path) == "");
    UniqueFd silent, dead;
    REQUIRE(raw.listen("silent", silent) == "");
    REQUIRE(raw.listen("dead", dead) == "");
    dead.reset();

    Client watcher;
    Seen seen;
    REQUIRE(club.watch(watcher) == "");
    REQUIRE(club.pump_until([&] { return club.host.watchers() == 1; }));

    // The listing blocks in poll(); the hosts answer from another thread, as their own
    // processes would.
    std::atomic<bool> stop{false};
    std::thread serve([&] {
        while (!stop) {
            club.pump_once(10);
            big.pump_once(10);
        }
    });
    Rendezvous lister;
    REQUIRE(lister.open(tmp.path) == "");
    const auto start = Clock::now();
    const halma::start::Listing listing = halma::start::list_games(lister, 500);
    const std::vector<halma::start::ListedGame>& games = listing.games;
    const auto took = Clock::now() - start;
    stop = true;
    serve.join();
    REQUIRE(games.size() == 2);
    CHECK(games[0].name == "big");
    CHECK(games[0].free == 2);
    CHECK(games[0].watchers == 0);
    CHECK(games[0].variant == "4 players 16x16");
    CHECK(games[1].name == "club");
    CHECK(games[1].host == user_name(geteuid()));
    CHECK(games[1].free == 1);
    CHECK(games[1].watchers == 1);
    CHECK(took < std::chrono::milliseconds(1500));
    struct stat st;
    CHECK(lstat((tmp.path + "/halma-dead.sock").c_str(), &st) != 0); // tidied away
    const std::string text = halma::start::listing_text(listing, tmp.path);
    CHECK_THAT(text, Catch::Contains("club") && Catch::Contains("2 players 8x8"));
    CHECK(halma::start::listing_text({}, "/x") == "No games are open in /x.\n");
}

TEST_CASE("rendezvous: a game is named as NAME or USER/NAME", "[net]") {
    GameAddress a;
    REQUIRE(read_address("club", a) == "");
    CHECK(a.game == "club");
    CHECK(a.user == "");
    REQUIRE(read_address("alice/club-2", a) == "");
    CHECK(a.user == "alice");
    CHECK(a.game == "club-2");
    CHECK(a.text() == "alice/club-2");
    for (const char* bad : {"", "/club", "alice/", "a/b/c", "-x/club", "alice/.club", "a b/c"}) {
        INFO(bad);
        CHECK_THAT(read_address(bad, a), Catch::Contains("is not a game"));
        CHECK(a.game == "club-2"); // left alone
    }
    uid_t uid = 1;
    CHECK(user_id(user_name(0), uid));
    CHECK(uid == 0);
    CHECK_FALSE(user_id("no-such-user-here", uid));
}

TEST_CASE("rendezvous: USER/NAME talks only to a game that USER hosts", "[net]") {
    TempGamesDir tmp;
    Table t(tmp.path, Rules::for_game(2, 8), {SeatKind::Local, SeatKind::Remote}, {}, "club");
    const std::string me = user_name(geteuid());
    Client watcher;
    Seen seen;
    REQUIRE(watcher.open(t.dir, me + "/club", Role::Watch, -1, "") == "");
    t.clients.push_back(&watcher);
    REQUIRE(t.pump_until([&] {
        seen.take(watcher);
        return seen.count(Verb::Welcome) == 1;
    }));
    Client nobody_there;
    CHECK_THAT(nobody_there.open(t.dir, "no-such-user-here/club", Role::Play, -1, "abc"),
               Catch::Contains("there is no user no-such-user-here"));
    if (geteuid() != 0) {
        WARN("needs root to host as another uid; the squatted name is not tried");
        return;
    }
    // Another user takes a name the joiner means for us (as between a host's quit and its
    // --resume): the joiner says nothing to it, code or hello.
    int report[2];
    REQUIRE(pipe(report) == 0);
    const pid_t squatter = fork();
    if (squatter == 0) {
        close(report[0]);
        Rendezvous dir;
        UniqueFd listener;
        if (!become(65534) || !dir.open(tmp.path).empty() || !dir.listen("squat", listener).empty())
            _exit(1);
        (void)!write(report[1], "listening\n", 10);
        // Whatever reaches it within a second goes back to the test.
        pollfd p{listener.get(), POLLIN, 0};
        std::string heard = poll(&p, 1, 1000) == 1 ? "connected\n" : "nothing\n";
        (void)!write(report[1], heard.data(), heard.size());
        _exit(0);
    }
    close(report[1]);
    char buf[64];
    REQUIRE(read(report[0], buf, 10) == 10);
    Client joiner;
    CHECK(joiner.open(t.dir, me + "/squat", Role::Play, -1, "secret") ==
          "the game squat is hosted by " + user_name(65534) + ", not " + me + "; not joining");
    int status = 0;
    waitpid(squatter, &status, 0);
    const ssize_t n = read(report[0], buf, sizeof buf);
    close(report[0]);
    CHECK(std::string(buf, static_cast<std::size_t>(std::max<ssize_t>(n, 0))) == "nothing\n");
}

TEST_CASE("rendezvous: a listing is not held up by sockets that never answer", "[net]") {
    TempGamesDir tmp;
    Table club(tmp.path, Rules::for_game(2, 8), {SeatKind::Local, SeatKind::Remote}, {}, "club");
    // Ten sockets whose process never accepts, their queue of new connections full.
    std::vector<UniqueFd> stuck;
    for (int i = 0; i < 10; ++i) {
        UniqueFd fd(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        const std::string path = tmp.path + "/halma-stuck" + std::to_string(i) + ".sock";
        path.copy(addr.sun_path, sizeof addr.sun_path - 1);
        REQUIRE(bind(fd.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
        REQUIRE(listen(fd.get(), 0) == 0);
        stuck.push_back(std::move(fd));
        for (int j = 0; j < 3; ++j) { // the queue takes one; the others find it full
            UniqueFd filler(socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
            if (connect(filler.get(), reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0)
                stuck.push_back(std::move(filler));
        }
    }
    std::atomic<bool> stop{false};
    std::thread serve([&] {
        while (!stop) club.pump_once(10);
    });
    Rendezvous lister;
    REQUIRE(lister.open(tmp.path) == "");
    const auto start = Clock::now();
    const halma::start::Listing listing = halma::start::list_games(lister, 1000);
    const auto took = Clock::now() - start;
    stop = true;
    serve.join();
    CHECK(took < std::chrono::milliseconds(2500)); // one bound on the wait, not one each
    REQUIRE(listing.games.size() == 1);
    CHECK(listing.games[0].name == "club");
    CHECK(listing.silent.size() == 10);
    CHECK_THAT(halma::start::listing_text(listing, tmp.path),
               Catch::Contains("Not answering: stuck0 stuck1"));
}
