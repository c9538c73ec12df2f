// The network wire format: every message reads and writes back, bad lines are refused with
// a reason, free text is cleaned, and the decoder bounds lines and collects records.
#include "net/wire.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace halma::net;
using halma::kMaxRecordBytes;

namespace {

// Decodes bytes fed in one piece: the messages, and the errors as "! error" entries.
std::vector<std::string> decode(const std::string& bytes, std::size_t max_line = kMaxLine,
                                From from = From::Host) {
    Decoder d(from, max_line);
    d.feed(bytes);
    std::vector<std::string> out;
    Message m;
    std::string error;
    for (Decoder::Got g; (g = d.next(m, error)) != Decoder::Got::Nothing;)
        out.push_back(g == Decoder::Got::Message ? write_message(m) : "! " + error);
    return out;
}

} // namespace

TEST_CASE("wire: each message reads and writes back as it was sent", "[net]") {
    const char* lines[] = {"hello 1 play 2 abc123",
                           "hello 1 play any -",
                           "hello 1 watch - -",
                           "info",
                           "move e4-g6-g8",
                           "move pass",
                           "say good game",
                           "undo",
                           "consent yes",
                           "consent no",
                           "bye",
                           "welcome play 2 bob",
                           "welcome watch - carol",
                           "refused wrong invite code",
                           "about club alice 1 2 2 players 8x8",
                           "record 0",
                           "moved 2 n14-n13",
                           "chat bob hello there",
                           "seat 1 local alice",
                           "seat 2 joined bob",
                           "seat 3 waiting carol",
                           "seat 4 ai 3",
                           "seat 2 open",
                           "watchers 3",
                           "undo-ask 2 bob",
                           "undo-no alice said no",
                           "undone 2",
                           "over winner 2",
                           "error it is not your turn",
                           "leaving",
                           "closing too many bad lines",
                           "as SHA256:2Yf3o9bX8lWq1zT0mJ4kP7rV6sN5cA8dE1gH2iK3jL4",
                           "as SHA256:2Yf3o9bX8lWq1zT0mJ4kP7rV6sN5cA8dE1gH2iK3jL4 192.0.2.7",
                           "as SHA256:2Yf3o9bX8lWq1zT0mJ4kP7rV6sN5cA8dE1gH2iK3jL4 2001:db8::1",
                           "note key SHA256:x: entry: closed"};
    for (const char* line : lines) {
        INFO(line);
        Message m;
        REQUIRE(parse_message(line, m) == "");
        CHECK(write_message(m) == std::string(line) + "\n");
    }
}

TEST_CASE("wire: fields land where the header says", "[net]") {
    Message m;
    REQUIRE(parse_message("hello 1 play 3 AbC9", m) == "");
    CHECK(m.verb == Verb::Hello);
    CHECK(m.version == 1);
    CHECK(m.role == Role::Play);
    CHECK(m.seat == 3);
    CHECK(m.word == "abc9"); // codes are read in any case
    REQUIRE(parse_message("about club alice 1 2 2 players 8x8", m) == "");
    CHECK(m.word == "club");
    CHECK(m.user == "alice");
    CHECK(m.count == 1);
    CHECK(m.watchers == 2);
    CHECK(m.text == "2 players 8x8");
    REQUIRE(parse_message("seat 4 ai 3\r", m) == "");
    CHECK(m.state == SeatState::Ai);
    CHECK(m.level == 3);
}

TEST_CASE("wire: a game line's terms land in their own fields, a tournament's place too", "[net]") {
    Message m;
    REQUIRE(parse_message("game 12 playing 2 alice,ai:3 clock:5+3 95 rated - - evening/2/1 "
                          "2 players 8x8",
                          m) == "");
    CHECK(m.game == 12);
    CHECK(m.word == "playing");
    CHECK(m.seat == 2);
    CHECK(m.terms.pace == "clock:5+3");
    CHECK(m.terms.due == 95);
    CHECK(m.terms.rated);
    CHECK(m.terms.result.empty());
    CHECK(m.terms.how.empty());
    CHECK(m.terms.place == Place{"evening", 2, 1});
    CHECK(m.text == "2 players 8x8");
    REQUIRE(parse_message("game 3 over - alice,bob,carol days:2 - unrated 3>1=2 resign 3 players "
                          "16x16",
                          m) == "");
    CHECK(m.game == 3);
    CHECK(m.terms == Terms{"days:2", -1, false, "3>1=2", "resign", {}});
    CHECK(m.text == "3 players 16x16");
    // A word after how it ended that is no place is the variant's.
    REQUIRE(parse_message("game 4 over - alice,bob live - unrated 2>1 time x/0/1 y", m) == "");
    CHECK(m.terms.place.tournament.empty());
    CHECK(m.text == "x/0/1 y");
    REQUIRE(parse_message("result - abort", m) == "");
    CHECK(m.terms.result.empty());
    CHECK(m.terms.how == "abort");
    CHECK(write_message(m) == "result - abort\n");
    REQUIRE(parse_message("as SHA256:" + std::string(43, 'a') + " 192.0.2.7", m) == "");
    CHECK(m.address == "192.0.2.7");
    REQUIRE(parse_message("code x7k2 15", m) == "");
    CHECK(m.minutes == 15);
}

TEST_CASE("wire: bad lines are refused with a reason", "[net]") {
    struct Case {
        const char* line;
        const char* says;
    };
    const Case cases[] = {
        {"", "empty"},
        {"launch missiles", "unknown message 'launch'"},
        {"hello", "hello takes 4 words, not 0"},
        {"hello x play any -", "version"},
        {"hello 1 sit any -", "role"},
        {"hello 1 play 5 -", "seat must be 1 to 4"},
        {"hello 1 watch 2 -", "a watcher takes no seat"},
        {"as SHA256:2Yf3o9bX8lWq1zT0mJ4kP7rV6sN5cA8dE1gH2iK3jL4 host.example", "network address"},
        {"as SHA256:2Yf3o9bX8lWq1zT0mJ4kP7rV6sN5cA8dE1gH2iK3jL4 1.2.3.4 x", "as takes 1 word"},
        {"hello 1 play any ab-cd", "invite code"},
        {"move", "move takes 1 word"},
        {"move e4 g6", "move takes 1 word, not 2"},
        {"move rm;-rf", "is not a move"},
        {"move e4", "is not a move"},
        {"consent maybe", "yes' or 'no'"},
        {"welcome play - bob", "a player's seat"},
        {"welcome play 1 -bob", "not a login name"},
        {"seat 2 sleeping bob", "open, local"},
        {"seat 2 open bob", "seat takes 2 words"},
        {"seat 4 ai 0", "AI level"},
        {"record -1", "count must be a number"},
        {"record 16777217", "count must be a number"},
        {"undone 0", "count must be a number"},
        {"about club alice 5 0 x", "free seats"},
        {"info now", "info takes 0 words"},
    };
    for (const Case& c : cases) {
        INFO(c.line);
        Message m;
        m.verb = Verb::Leaving;
        std::string e = parse_message(c.line, m);
        CHECK_THAT(e, Catch::Contains(c.says));
        CHECK(m.verb == Verb::Leaving); // left alone
    }
}

TEST_CASE("wire: free text loses control characters and is cut to its bound", "[net]") {
    CHECK(clean_text("  hi\x1b[2J there\x07 ", 100) == "hi[2J there");
    CHECK(clean_text("tab\there", 100) == "tab here");
    CHECK(clean_text("caf\xc3\xa9 \xc2\x9b"
                     "31m",
                     100) == "caf\xc3\xa9 31m"); // C1 CSI removed
    CHECK(clean_text("bad \xff\xfe utf8 \xe2\x82", 100) == "bad  utf8");
    CHECK(clean_text(std::string(500, 'x'), kMaxSay).size() == kMaxSay);
    // Cut on a character boundary: no half of a two-byte letter is left.
    std::string accents;
    for (int i = 0; i < 100; ++i) accents += "\xc3\xa9";
    std::string cut = clean_text(accents, 7);
    CHECK(cut.size() == 6);
    Message m;
    REQUIRE(parse_message("say " + std::string(400, 'a') + "\x01", m) == "");
    CHECK(m.text.size() == kMaxSay);
}

TEST_CASE("wire: names and codes", "[net]") {
    CHECK(valid_name("club-7"));
    CHECK(valid_name("a.b_c"));
    CHECK_FALSE(valid_name(""));
    CHECK_FALSE(valid_name("-x"));
    CHECK_FALSE(valid_name(".hidden"));
    CHECK_FALSE(valid_name("a/b"));
    CHECK_FALSE(valid_name("white space"));
    CHECK_FALSE(valid_name(std::string(33, 'a')));
    std::string code;
    CHECK(read_code("Ab3", code));
    CHECK(code == "ab3");
    CHECK_FALSE(read_code("a b", code));
    CHECK_FALSE(read_code(std::string(17, 'a'), code));
}

TEST_CASE("wire: the decoder collects a record's lines into one message", "[net]") {
    Message rec;
    rec.verb = Verb::Record;
    rec.text = "# halma game record\nplayers: 2\n\n1. c3-c4 n14-n13\n";
    std::string bytes = write_message(rec) + "moved 1 c4-c5\n";
    CHECK(bytes.rfind("record 4\n", 0) == 0);
    // Fed a byte at a time, it gives the same as fed whole.
    Decoder d(From::Host);
    std::vector<Message> got;
    for (char c : bytes) {
        d.feed(std::string(1, c));
        Message m;
        std::string error;
        while (d.next(m, error) == Decoder::Got::Message) got.push_back(m);
    }
    REQUIRE(got.size() == 2);
    CHECK(got[0].verb == Verb::Record);
    CHECK(got[0].text == rec.text);
    CHECK(got[1].verb == Verb::Moved);
    CHECK(d.pending() == 0);
}

TEST_CASE("wire: overlong lines are refused whole and the next line still reads", "[net]") {
    const std::string huge(100, 'x');
    CHECK(decode(huge + "\nbye\n", 50, From::Client) ==
          std::vector<std::string>{"! a line longer than 50 bytes", "bye\n"});
    // An overlong line arriving in pieces is reported once, and its bytes are not kept.
    Decoder d(From::Client, 50);
    Message m;
    std::string error;
    d.feed(huge);
    CHECK(d.next(m, error) == Decoder::Got::Error);
    d.feed(huge);
    CHECK(d.next(m, error) == Decoder::Got::Nothing);
    CHECK(d.pending() == 0);
    d.feed("tail\nundo\n");
    REQUIRE(d.next(m, error) == Decoder::Got::Message);
    CHECK(m.verb == Verb::Undo);
    // A record with a bad line is refused as a whole, and what follows it still reads.
    CHECK(
        decode("record 2\nplayers: 2\n" + huge + "\nleaving\n", 50) ==
        std::vector<std::string>{
            "! a bad record: an overlong line, a control character, or over 16 MiB", "leaving\n"});
    CHECK(decode("record 1\nbad \x01 line\n") ==
          std::vector<std::string>{
              "! a bad record: an overlong line, a control character, or over 16 MiB"});
}

TEST_CASE("wire: read from a client, a host's verb is refused at once and no record is kept",
          "[net]") {
    // A record header from a client, then what would be its lines: refused at the header,
    // and each line after it read as a line of its own, never collected.
    std::string flood = "record 20000\n";
    for (int i = 0; i < 50; ++i) flood += std::string(4000, 'x') + "\n";
    Decoder d(From::Client);
    d.feed(flood);
    Message m;
    std::string error;
    REQUIRE(d.next(m, error) == Decoder::Got::WrongSide);
    CHECK(error == "'record' is sent by a host, not by a client");
    for (Decoder::Got g; (g = d.next(m, error)) != Decoder::Got::Nothing;) {
        CHECK(g == Decoder::Got::Error);
        CHECK(d.pending() <= flood.size()); // only the bytes fed: nothing is collected
    }
    CHECK(d.pending() == 0);
    for (const char* line : {"welcome play 2 bob", "moved 1 a1-b2", "chat bob hi", "closing x",
                             "about club alice 1 0 x", "seat 2 open"}) {
        INFO(line);
        CHECK(decode(std::string(line) + "\nbye\n", kMaxLine, From::Client) ==
              std::vector<std::string>{
                  "! '" + std::string(line).substr(0, std::string(line).find(' ')) +
                      "' is sent by a host, not by a client",
                  "bye\n"});
    }
    // And a client's verb from a host: the joiner hangs up on it.
    CHECK(decode("hello 1 play any -\nleaving\n") ==
          std::vector<std::string>{"! 'hello' is sent by a client, not by a host", "leaving\n"});
}

TEST_CASE("wire: a record of any game a host can load reads, one byte more does not", "[net]") {
    // More than 20,000 lines and more than 1 MiB.
    std::string body = "# halma game record\nplayers: 2\nsize: 8\nevacuate: 0\n\n";
    for (int i = 1; i <= 60000; ++i) body += std::to_string(i) + ". d1-e2 e8-d7\n";
    Message rec;
    rec.verb = Verb::Record;
    rec.text = body;
    const std::string bytes = write_message(rec);
    CHECK(bytes.rfind("record 60005\n", 0) == 0);
    REQUIRE(bytes.size() > (1u << 20));
    Decoder d(From::Host);
    d.feed(bytes);
    Message m;
    std::string error;
    REQUIRE(d.next(m, error) == Decoder::Got::Message);
    CHECK(m.text == body);
    // At the bound exactly, and one byte past it.
    const std::string line = std::string(999, 'x') + "\n";
    std::string big;
    while (big.size() + line.size() <= kMaxRecordBytes) big += line;
    big += std::string(kMaxRecordBytes - big.size() - 1, 'y') + "\n";
    CHECK(big.size() == kMaxRecordBytes);
    CHECK(record_fits(big.size()));
    CHECK_FALSE(record_fits(big.size() + 1));
    rec.text = big;
    REQUIRE(decode(write_message(rec) + "leaving\n").size() == 2);
    CHECK(decode(write_message(rec)).front().rfind("record ", 0) == 0);
    rec.text = big + "z\n";
    CHECK(
        decode(write_message(rec) + "leaving\n") ==
        std::vector<std::string>{
            "! a bad record: an overlong line, a control character, or over 16 MiB", "leaving\n"});
}

TEST_CASE("wire: characters that turn the direction of text are removed from free text", "[net]") {
    // U+202E (right-to-left override) and its kin could make a chat line read backwards.
    CHECK(clean_text("ok \u202Eevil\u202C done", 100) == "ok evil done");
    CHECK(clean_text("\u2066a\u2067b\u2068c\u2069\u200E\u200F\u061Cd\u202A\u202B\u202D", 100) ==
          "abcd");
    // Letters of right-to-left scripts and other punctuation near them stay.
    CHECK(clean_text("\u05E9\u05DC\u05D5\u05DD \u0627 \u2014 \u2070", 100) ==
          "\u05E9\u05DC\u05D5\u05DD \u0627 \u2014 \u2070");
    Message m;
    REQUIRE(parse_message("say \u202Egnp.exe", m) == "");
    CHECK(m.text == "gnp.exe");
    REQUIRE(parse_message("chat bob \u2067x", m) == "");
    CHECK(m.text == "x");
}

TEST_CASE("wire: results off the board, the clock and ratings read and write back", "[net]") {
    const char* lines[] = {"abort",
                           "claim",
                           "draw yes",
                           "draw no",
                           "clock 1 180000 180000",
                           "clock 0 60000 0 5",
                           "clock 4 1 2 3 4",
                           "draw-ask 1 bob",
                           "draw-no bob declined the draw",
                           "result 2>1 resign",
                           "result 1=2 agreement",
                           "result 3>1=2 time",
                           "result 2>1 left",
                           "result - abort",
                           "rated 1 1500 1512",
                           "rated 2 0 9999",
                           "game 7 playing 1 alice,bob clock:3+2 179 rated - - 2 players 8x8",
                           "game 7 over - alice,bob clock:180+60 - rated 2>1 left 2 players 8x8",
                           "game 8 over - alice,bob live - unrated 1=2 agreement 2 players 8x8",
                           "game 9 over - alice,bob clock:1+0 - unrated - abort 2 players 8x8"};
    for (const char* line : lines) {
        INFO(line);
        Message m;
        REQUIRE(parse_message(line, m) == "");
        CHECK(write_message(m) == std::string(line) + "\n");
        Message again;
        REQUIRE(parse_message(write_message(m).substr(0, write_message(m).size() - 1), again) ==
                "");
        CHECK(again == m);
    }
    Message m;
    REQUIRE(parse_message("clock 2 1000 250", m) == "");
    CHECK(m.verb == Verb::ClockLine);
    CHECK(m.seat == 2);
    CHECK(m.numbers == std::vector<long long>{1000, 250});
    // A seat's time used may run past a move's 30 days (a correspondence game), a time left not.
    REQUIRE(parse_message("used 3110400000 61457", m) == "");
    CHECK(m.verb == Verb::Used);
    CHECK(m.numbers == std::vector<long long>{3110400000, 61457});
    CHECK(parse_message("clock 1 3110400000 61457", m) == "a time is milliseconds (up to 30 days)");
    CHECK(parse_message("used 1000", m) != "");
    CHECK(parse_message("used 1000 -5", m) != "");
    REQUIRE(parse_message("result 2>1 time", m) == "");
    CHECK(m.verb == Verb::Ended);
    CHECK(m.terms.result == "2>1");
    CHECK(m.terms.how == "time");
    REQUIRE(parse_message("draw yes", m) == "");
    CHECK(m.verb == Verb::Draw);
    CHECK(m.yes);
    REQUIRE(parse_message("rated 1 1500 1512", m) == "");
    CHECK(m.seat == 1);
    CHECK(m.numbers == std::vector<long long>{1500, 1512});
}

TEST_CASE("wire: a seat held for a player's other connection: take, rejoin, held, taken", "[net]") {
    for (const char* line : {"take 12", "rejoin", "held 12", "taken 999999"}) {
        INFO(line);
        Message m;
        REQUIRE(parse_message(line, m) == "");
        CHECK(write_message(m) == std::string(line) + "\n");
    }
    Message m;
    REQUIRE(parse_message("take 7", m) == "");
    CHECK(m.verb == Verb::Take);
    CHECK(m.game == 7);
    CHECK(client_verb(Verb::Take));
    CHECK(client_verb(Verb::Rejoin));
    CHECK_FALSE(client_verb(Verb::Held));
    CHECK_FALSE(client_verb(Verb::Taken));
    for (const char* bad : {"take", "take 0", "take x", "rejoin 3", "held", "taken 1000000"}) {
        INFO(bad);
        CHECK(parse_message(bad, m) != "");
    }
}

TEST_CASE("wire: bad forms of the clock, results and draws are refused", "[net]") {
    const char* bad[] = {
        "abort now",
        "claim 2",
        "draw",
        "draw maybe",
        "draw yes please",
        "clock",
        "clock 1",
        "clock 1 5",            // one time: a game has two seats at least
        "clock 3 1 2",          // seat 3 of two
        "clock 5 1 2 3 4",      // seat 5
        "clock 1 1 2 3 4 5",    // five seats
        "clock 1 -5 100",       // negative
        "clock 1 +5 100",       // a sign
        "clock 1 2592000001 0", // over 30 days
        "clock 1 99999999999999999999 0",
        "clock 1 1.5 2",
        "clock x 1 2",
        "draw-ask 0 bob",
        "draw-ask 1 -bob",
        "draw-ask 1",
        "result 2>1 nonsense",
        "result 2>1",
        "result 2>1 -",
        "result 2>2 resign",
        "result 1> resign",
        "result 2>1 resign now",
        "rated 1 x y",
        "rated 1 1500",
        "rated 5 1500 1512",
        "rated 1 -1 1500",
        "rated 1 1500 10000",
        "game 7 playing 1 alice,bob clock:3 179 rated - - 2 players 8x8",
        "game 7 playing 1 alice,bob clock:0+2 179 rated - - 2 players 8x8",
        "game 7 playing 1 alice,bob clock:3+61 179 rated - - 2 players 8x8",
        "game 7 over - alice,bob clock:3+2 - rated 2>1 claimed 2 players 8x8",
    };
    for (const char* line : bad) {
        INFO(line);
        Message m;
        m.verb = Verb::Leaving;
        CHECK(parse_message(line, m) != "");
        CHECK(m.verb == Verb::Leaving);
    }
    // Who sends which: a client asks, the club tells.
    CHECK(client_verb(Verb::Abort));
    CHECK(client_verb(Verb::Claim));
    CHECK(client_verb(Verb::Draw));
    CHECK_FALSE(client_verb(Verb::ClockLine));
    CHECK_FALSE(client_verb(Verb::DrawAsk));
    CHECK_FALSE(client_verb(Verb::DrawNo));
    CHECK_FALSE(client_verb(Verb::Ended));
    CHECK_FALSE(client_verb(Verb::Rated));
    // A client's clock or result line is refused by the server's decoder as the other side's.
    for (const char* line : {"clock 1 1 2", "result 2>1 resign", "rated 1 1500 1512",
                             "draw-ask 1 bob", "draw-no no"}) {
        INFO(line);
        const std::string verb = std::string(line).substr(0, std::string(line).find(' '));
        CHECK(decode(std::string(line) + "\nabort\n", kMaxLine, From::Client) ==
              std::vector<std::string>{"! '" + verb + "' is sent by a host, not by a client",
                                       "abort\n"});
    }
    CHECK(decode("draw yes\nresult - abort\n") ==
          std::vector<std::string>{"! 'draw' is sent by a client, not by a host",
                                   "result - abort\n"});
}

TEST_CASE("wire: the lines the servers of one club tell each other read and write back",
          "[net][share]") {
    const char* lines[] = {"g 12",
                           "c 4077",
                           "p 12 0 1",
                           "p 12 3 0",
                           "t 12 0 alice good luck, both",
                           "t 12 1 bob",
                           "d 12 0 1 alice",
                           "d 12 1 0 bob declined the draw",
                           "u 12 1 0 bob said no",
                           "?",
                           "? db1.example.org:/var/lib/halma",
                           "h alice 1 db1.example.org:/var/lib/halma",
                           "h alice 0 db2:/srv/club with a space"};
    for (const char* line : lines) {
        INFO(line);
        Message m;
        REQUIRE(read_share_line(line, m) == "");
        CHECK(share_line(m) == line);
        CHECK_FALSE(client_verb(m.verb));
        Message socket;
        CHECK_THAT(parse_message(line, socket), Catch::StartsWith("unknown message"));
    }
    Message m;
    REQUIRE(read_share_line("p 12 3 1", m) == "");
    CHECK(m.verb == Verb::SharePresence);
    CHECK(m.row == 12);
    CHECK(m.seat == 4); // counted from 0 on the line, from 1 in the message
    CHECK(m.yes);
    REQUIRE(read_share_line("t 7 1 carol hi\x01 there", m) == "");
    CHECK(m.verb == Verb::ShareTableChat);
    CHECK(m.user == "carol");
    CHECK(m.text == "hi there");
    REQUIRE(read_share_line("h dave 0 host:/srv/halma club", m) == "");
    CHECK(m.text == "host:/srv/halma club");
}

TEST_CASE("wire: bad share lines are refused and socket lines are not share lines",
          "[net][share]") {
    struct Case {
        const char* line;
        const char* says;
    };
    const Case cases[] = {
        {"", "empty"},
        {"g", "g takes 1 word, not 0"},
        {"g -3", "a row is a number"},
        {"g 12 13", "g takes 1 word, not 2"},
        {"p 12 4 1", "a seat is 0 to 3"},
        {"p 12 0 2", "a flag is 1 or 0"},
        {"t 12 0 -bob hi", "not a login name"},
        {"h alice", "h takes 2 words"},
        {"h alice 0 db2\x1a/srv/club", "control character"},
        {"hello 1 lobby - -", "unknown message 'hello'"},
    };
    for (const Case& c : cases) {
        INFO(c.line);
        Message m;
        m.verb = Verb::Leaving;
        CHECK_THAT(read_share_line(c.line, m), Catch::Contains(c.says));
        CHECK(m.verb == Verb::Leaving); // left alone
    }
}
