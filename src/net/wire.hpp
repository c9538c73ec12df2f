// The network-play wire format: one message a line of text, '\n' ended, between a host and
// the clients that join or watch its game over a Unix domain socket.
//
//   client to host                       host to client
//   hello 1 play 2 CODE   (seat, code)   welcome play 2 bob      (your seat and login name)
//   hello 1 play any -    (any seat)     welcome watch - bob
//   hello 1 watch - -                    refused TEXT            (then the host hangs up)
//   info                  (the listing)  about NAME HOST FREE WATCHERS VARIANT
//   move e4-g6-g8                        record N                (N lines of a game record)
//   say TEXT                             moved SEAT e4-g6-g8     (every move, in turn order)
//   undo                  (ask for it)   chat USER TEXT
//   consent yes|no        (answer)       seat SEAT open | local USER | joined USER |
//   bye                                       waiting USER | ai LEVEL
//                                        watchers N
//                                        undo-ask SEAT USER      (consent wanted)
//                                        undo-no TEXT            (refused or cancelled)
//                                        undone N                (moves taken back)
//                                        over RESULT             ("winner 2", "draw")
//                                        error TEXT              (one line refused)
//                                        leaving                 (the host saved and left)
//                                        closing TEXT            (the host drops you)
//
// Each end reads only the other's verbs: a host never collects a record from a client.
//
// A club server (src/club/) speaks the same lines and more. A client greets it with
// "hello 1 lobby - -" and is welcomed to the lobby ("welcome lobby - bob"), where it may send
//
//   seek KEY=VALUE ...   (a new game)         game ID STATE TURN SEATS PACE DUE RATED
//   accept ID            (take a seat)             RESULT HOW VARIANT     (one game)
//   play ID | watch ID   (into a game)        rating NAME FAMILY RATING RD GAMES
//   resign [ID]          (ID: from the lobby) here NAME                  (who is in)
//   games | ratings | who                     gone NAME                  (who left)
//   history [NAME | *]   (*: everyone's)      turns N     (games waiting for your move)
//   fetch ID             (a game's record)    end         (a listing is complete)
//   notify               (turns N)            record N    (the record fetched)
//   lobby                (back from a game)   held ID     (play ID: another connection
//   take ID              (take a seat over)               of yours plays it)
//   rejoin               (the game you dropped out of, if any)
//   addkey               (a one-time code)    code CODE MINUTES (for another SSH key)
//
// Inside a club game a player may also send "abort" (until every player has moved), "claim"
// (the player to move has been away a minute, in a game without a clock) and "draw yes|no"
// (2 players: offer or accept, decline). The club sends "clock SEAT MS..." (the seat whose
// clock runs, 0 none, then each seat's time left in milliseconds: a client counts down its
// copy), "draw-ask SEAT USER" (an offer), "draw-no TEXT" (declined or lapsed), and when the
// game ends "result ORDER HOW" and, for a rated game, "rated SEAT BEFORE AFTER" for each
// seat, before "over TEXT" (the ending in words, with names).
//
// The club's door (the one Unix account the club trusts to say which SSH key a connection
// speaks for) first says "as SHA256:..." and is told whose the key is, "key NAME" or "key -".
// For a key nobody has yet it may then claim a name ("name NAME") or bring the one-time code
// of a player who asked for one ("link CODE"), each answered by "key NAME" or an error;
// then "hello 1 lobby - -" welcomes the key's player.
//
// One connection plays a seat. "play ID" for a seat another connection of the same player
// plays is answered "held ID"; "take ID" takes the seat over, and the other connection is
// told "taken ID" and is in the lobby from then on (its welcome follows). A player whose
// connection dropped in a game has the seat held: "rejoin", sent by a lobby on a screen when
// it first comes in, enters that game (the last one dropped), and is answered by nothing
// when there is none.
//
// Entering the lobby (hello, lobby from a game, or taken) is answered by the welcome, the
// recent chat and turns. games, ratings, who and history are answered in order, each by its
// lines and end (after an error too). Unasked, the lobby is told of changes: here and gone as
// people come and go, and a game line whenever a game it may see is sought, takes a player,
// begins or ends (a seek withdrawn is "over" with no result), and to its players after
// every move. Inside a game (after play or watch) the lines are those of a hosted game above.
// STATE is seeking, playing or over; TURN the seat to move or '-'; SEATS who sits where,
// comma-separated ("alice,ai:3,-": a player, the computer at a level, an open seat); PACE
// live, live:SECONDS (a limit per move), clock:M+S (minutes a game, seconds added a move) or
// days:N; DUE the seconds left to move or '-'; RATED rated or unrated; RESULT the finishing
// order of the seats ("2>1", "1=2", "3>1=2") or '-'; HOW how it ended: moves, resign, time,
// left, agreement, abort or '-'.
//
// Seats are numbered from 1; '-' stands for "none". Moves are written as game records write
// them (notation.hpp); the engine, not this file, decides whether one is legal. A record is
// the whole game (record.hpp), sent on joining, rejoining or watching, at most
// kMaxRecordBytes long, and followed by the seats, the table's last lines of chat (a few) and,
// last, the watchers. In a rated club game a watcher's chat reaches the watchers only. Free text is
// cleaned: control characters (bidirectional overrides too) removed, bounded length. Parsing is
// pure: no I/O, no game state.
#pragma once

#include "halma/record.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace halma::net {

// The version a hello carries, and the oldest a host or a club still serves (it refuses any
// other). A verb a later version brought (first_version()) is not sent to an older client.
constexpr int kWireVersion = 2;
constexpr int kOldestWireVersion = 1;
[[nodiscard]] constexpr bool served_version(int version) noexcept {
    return version >= kOldestWireVersion && version <= kWireVersion;
}
[[nodiscard]] inline std::string versions_served() {
    return std::to_string(kOldestWireVersion) + " to " + std::to_string(kWireVersion);
}
// The longest line either side reads; a longer one is refused whole. A chain across the
// 16x16 board is under 300 bytes, a record's round of four such chains under 1.3 KiB.
constexpr std::size_t kMaxLine = 4096;
// The longest chat line, in bytes after cleaning: one line of an 80-column screen.
constexpr std::size_t kMaxSay = 160;
// The longest other free text (a refusal, an error, a variant).
constexpr std::size_t kMaxText = 300;
// Login names and game names are at most this long.
constexpr std::size_t kMaxName = 32;
// A record on the wire is at most kMaxRecordBytes (halma/record.hpp), its lines' ends
// included: the same bound as a record file, so any game a host loads can be sent, and the
// host refuses a joiner rather than send more. Its line count is bounded by the same number.
[[nodiscard]] constexpr bool record_fits(std::size_t bytes) noexcept {
    return bytes <= kMaxRecordBytes;
}
// Invite codes are at most this long.
constexpr std::size_t kMaxCode = 16;
// The most days a correspondence move may take (days:N), and so the most seconds a move may
// be due in and a clock line's time: a server writes no more than the wire reads.
constexpr int kMaxDays = 30;
constexpr long long kMaxDueSeconds = kMaxDays * 86400LL;

enum class Verb : std::uint8_t {
    // client to host
    Hello,
    Info,
    Move,
    Say,
    Undo,
    Consent,
    Bye,
    // host to client
    Welcome,
    Refused,
    About,
    Record,
    Moved,
    Chat,
    Seat,
    Watchers,
    UndoAsk,
    UndoNo,
    Undone,
    Over,
    Error,
    Leaving,
    Dropped, // "bye TEXT" from the host
    // client to club
    Seek,
    Accept,
    PlayGame,  // "play ID"
    WatchGame, // "watch ID"
    Resign,
    Games,
    Ratings,
    History,
    Fetch,
    Notify,
    Who,
    Lobby,
    // club to client
    GameLine,   // "game ..."
    RatingLine, // "rating ..."
    Here,
    Turns,
    End,
    Gone,
    // client to club: the door and SSH keys
    As,     // "as FINGERPRINT"
    Name,   // "name NAME"
    Link,   // "link CODE"
    AddKey, // "addkey"
    // club to client
    Key,  // "key NAME" or "key -"
    Code, // "code CODE MINUTES"
    // client to club, in a game: results off the board
    Abort, // "abort"
    Claim, // "claim"
    Draw,  // "draw yes" (offer, or accept an offer), "draw no" (decline)
    // club to client, in a game
    ClockLine, // "clock SEAT MS..."
    DrawAsk,   // "draw-ask SEAT USER"
    DrawNo,    // "draw-no TEXT"
    Ended,     // "result ORDER HOW"
    Used,      // "used MS...": each seat's time used in the game, as the club's server saw it
    Rated,     // "rated SEAT BEFORE AFTER"
    // client to club: a seat held for this player
    Take,   // "take ID": the seat another connection of the player holds, taken over
    Rejoin, // "rejoin": back into the game the player dropped out of, if any
    // club to client: a seat held for this player
    Held,  // "held ID": game ID's seat is held by another connection of the player
    Taken, // "taken ID": another connection of the player took game ID's seat over
    // the door to club, before its hello: a line for the club's log
    Note, // "note TEXT"
    // client to club: a tournament's words (tourney/words.hpp), answered by lines and "end"
    Tourney, // "tournament WORDS"
    // club to client
    TourneyLine, // "tourney TEXT": a line of the answer (standings, pairings, the list)
    // the servers of one club to each other, through the store's notifications (share
    // lines: read_share_line and share_line, never a socket's); SEAT counts from 0 there
    ShareGame,      // "g ROW": game ROW changed (read its row again)
    ShareChat,      // "c ROW": a line of the lobby's chat was said (row ROW)
    SharePresence,  // "p GAME SEAT 1|0": the seat's player is at the table, or gone
    ShareTableChat, // "t GAME 1|0 NAME TEXT": said at a table (1: to its watchers only)
    ShareDraw,      // "d GAME SEAT 1|0 WORDS": a draw offered (1) or lapsed / declined (0)
    ShareUndo,      // "u GAME SEAT 1|0 WORDS": a takeback asked (1) or cancelled (0)
    ShareAsk,       // "? SERVER": a server started anew asks who is where
    ShareHere,      // "h NAME 1|0 SERVER": a player came to (1) or left (0) that server
};

// How many verbs there are.
inline constexpr std::size_t kVerbs = static_cast<std::size_t>(Verb::ShareHere) + 1;

// Which end sent the bytes a Decoder reads; each end sends its own verbs only.
enum class From : std::uint8_t { Client, Host };

// Whether a verb is one a client sends (to a host or a club); a server reads no other.
[[nodiscard]] bool client_verb(Verb verb) noexcept;
// The network version that brought the verb: a client of an earlier one cannot read it.
[[nodiscard]] int first_version(Verb verb) noexcept;

// Where a tournament plays a game, as the club's game line says it: NAME/ROUND/BOARD, the
// numbers from 1 (board 1 the top table).
struct Place {
    std::string tournament;
    int round = 0, board = 0;
    [[nodiscard]] friend bool operator==(const Place& a, const Place& b) {
        return a.tournament == b.tournament && a.round == b.round && a.board == b.board;
    }
};
// Reads a place word; false (out untouched) when it is not one.
[[nodiscard]] bool read_place(std::string_view word, Place& out);
// The place word read_place reads.
[[nodiscard]] std::string place_text(const Place& place);

// Whether a client joins to play a seat or to watch, or (at a club) enters the lobby.
enum class Role : std::uint8_t { Play, Watch, Lobby };

// Who holds a seat, as the host announces it.
enum class SeatState : std::uint8_t { Open, Local, Joined, Waiting, Ai };

// A club game's terms and how it stands, as its game line gives them (the result line: the
// result and how alone). An empty word is the line's '-'.
struct Terms {
    std::string pace;   // as pace_text() writes it
    long long due = -1; // the seconds left to move (-1: none)
    bool rated = false;
    std::string result; // the finishing order of the seats ("2>1", "1=2", "3>1=2")
    std::string how;    // how it ended: moves, resign, time, left, agreement or abort
    Place place;        // a tournament's game: where it plays (tournament "": none)

    [[nodiscard]] friend bool operator==(const Terms& a, const Terms& b) {
        return a.pace == b.pace && a.due == b.due && a.rated == b.rated && a.result == b.result &&
               a.how == b.how && a.place == b.place;
    }
};

// One message. Which fields a verb uses is listed beside each, and in wire.cpp each verb is
// one entry of its table (kSpecs): its keyword, who sends it, and its words in order, each of
// a kind that says which field it fills and how it is read and written; the rest stay at their
// defaults, so that two equal messages compare equal.
struct Message {
    Verb verb = Verb::Bye;
    int seat = 0;           // 1-4 or 0 (none, any): hello, welcome, moved, seat, undo-ask,
                            // draw-ask, rated; game: turn; clock: the seat whose clock runs;
                            // share p, d, u: the seat (0-3 on their line)
    int version = 0;        // hello
    long long game = 0;     // the game's number: accept, play, watch, resign (0: none), fetch,
                            // game, take, held, taken
    int count = 0;          // record: its lines; undone: moves; watchers, turns: how many;
                            // about: free seats
    int level = 0;          // seat ai: the computer's level
    int minutes = 0;        // code: how long it lasts
    int watchers = 0;       // about: watchers
    Role role = Role::Play; // hello, welcome
    SeatState state = SeatState::Open; // seat
    bool yes = false;                  // consent, draw; share p, t, d, u, h: the 1 (or 0)
    std::string user;    // welcome, chat, seat, undo-ask, about (the host), history (or ""),
                         // here, rating, name, key (or "" for none), share t, h: a name;
                         // game: the seats
    std::string word;    // move, moved: the move; hello, link, code: the code; about: game
                         // name; game: the state; rating: the family; as: the fingerprint
    std::string text;    // say, chat, refused, error, undo-no, dropped, over, about and game
                         // (the variant), seek (its options); record: the record, lines
                         // '\n'-ended; share t, d, u: the words; share ?, h: the server
    Terms terms;         // game: all; result: the result and how
    std::string address; // as: where the door's client connects from ("" not said)
    // clock: each seat's time left in ms; used: each seat's time used in ms; rated: the
    // rating before and after; rating: the rating, its deviation and the games
    std::vector<long long> numbers;
    long long row = 0; // share lines: the game's or the chat line's row in the club's store

    [[nodiscard]] friend bool operator==(const Message& a, const Message& b) {
        return a.verb == b.verb && a.seat == b.seat && a.version == b.version && a.game == b.game &&
               a.count == b.count && a.level == b.level && a.minutes == b.minutes &&
               a.watchers == b.watchers && a.role == b.role && a.state == b.state &&
               a.yes == b.yes && a.user == b.user && a.word == b.word && a.text == b.text &&
               a.terms == b.terms && a.address == b.address && a.numbers == b.numbers &&
               a.row == b.row;
    }
    [[nodiscard]] friend bool operator!=(const Message& a, const Message& b) { return !(a == b); }
};

// How fast a game is to be played.
struct Pace {
    enum class Kind { Live, Days, Clock } kind = Kind::Live;
    int seconds = 0; // live: the limit per move (0: none); clock: added after each move
    int days = 0;    // days: per move
    int minutes = 0; // clock: each player's time for the game

    // The time a player has for one move, in seconds (0: no limit, or a game clock).
    [[nodiscard]] long long per_move() const noexcept {
        return kind == Kind::Days ? days * 86400LL : kind == Kind::Live ? seconds : 0;
    }
    // A game clock's time for each player at the start, and added after each move, in ms.
    [[nodiscard]] long long clock_start_ms() const noexcept {
        return kind == Kind::Clock ? minutes * 60000LL : 0;
    }
    [[nodiscard]] long long increment_ms() const noexcept {
        return kind == Kind::Clock ? seconds * 1000LL : 0;
    }
    // Under this a player's time runs low and is shown so: 20 seconds, or a quarter of a
    // shorter time; a correspondence move is never low on a screen (ms).
    [[nodiscard]] long long low_ms() const noexcept {
        constexpr long long kLowMs = 20000;
        const long long whole = kind == Kind::Clock ? clock_start_ms() : per_move() * 1000;
        return kind == Kind::Days ? 0 : std::min(kLowMs, whole / 4);
    }
    // Whether a player's time is limited at all: a rated game must be.
    [[nodiscard]] bool timed() const noexcept { return kind != Kind::Live || seconds > 0; }
    // Played in one sitting (live or clock), as against correspondence.
    [[nodiscard]] bool live() const noexcept { return kind != Kind::Days; }
    [[nodiscard]] friend bool operator==(const Pace& a, const Pace& b) noexcept {
        return a.kind == b.kind && a.seconds == b.seconds && a.days == b.days &&
               a.minutes == b.minutes;
    }
};

// The pace as the wire and the club's store write it: live, live:SECONDS, clock:M+S, days:N.
[[nodiscard]] std::string pace_text(const Pace& pace);
// Reads pace_text(). Returns an empty string (out set) or what is wrong, in one line.
[[nodiscard]] std::string read_pace(std::string_view text, Pace& out);

// A message of a verb that carries only text (error, refused, over, ...).
[[nodiscard]] inline Message with_text(Verb verb, std::string text) {
    Message m;
    m.verb = verb;
    m.text = std::move(text);
    return m;
}

// Free text made safe to show and to send: control characters (C0, DEL, C1), the
// characters that change the direction of text (U+061C, U+200E-F, U+202A-E, U+2066-9) and
// broken UTF-8 removed, blanks around it trimmed, cut to at most max bytes on a character boundary.
[[nodiscard]] std::string clean_text(std::string_view text, std::size_t max);

// Whether a name fits a login or game name: 1 to kMaxName of A-Z a-z 0-9 '_' '-' '.',
// starting with a letter or digit.
[[nodiscard]] bool valid_name(std::string_view name) noexcept;

// Whether a word is an SSH key's fingerprint as OpenSSH writes it: "SHA256:" and the 43
// characters of a SHA-256 digest in base64 without padding.
[[nodiscard]] bool valid_fingerprint(std::string_view word) noexcept;

// Whether a word is a network address as sshd writes a client's (SSH_CONNECTION): IPv4's
// dotted digits or IPv6's hexadecimal digits and colons.
[[nodiscard]] bool valid_address(std::string_view word) noexcept;

// Reads an invite code (letters and digits, any case) into out, lower-cased; "-" is no
// code. False when the word is not one.
[[nodiscard]] bool read_code(std::string_view word, std::string& out);

// Reads one line (without its '\n'; a '\r' before it is dropped). Returns an empty string
// and sets out, or says what is wrong and leaves out alone. A "record N" line gives a
// Record message with no text yet: the Decoder collects its lines.
[[nodiscard]] std::string parse_message(std::string_view line, Message& out);

// Writes a message as it goes on the wire: one line, or for a record its header line and
// its lines (their count taken from the text). Text fields are cleaned as the parser would
// clean them.
[[nodiscard]] std::string write_message(const Message& m);

// The longest share line (a notification's payload in PostgreSQL is under 8000 bytes).
constexpr std::size_t kMaxShareLine = 7999;
// The longest words a share line of an offer carries.
constexpr int kMaxOfferWords = 80;

// Reads a line one server of a club told the others (the Share verbs alone), as
// parse_message reads a socket's line. Returns an empty string (out set) or what is wrong.
[[nodiscard]] std::string read_share_line(std::string_view line, Message& out);
// Writes a share line (without '\n'), as read_share_line reads it.
[[nodiscard]] std::string share_line(const Message& m);

// Whether a word names a seat's occupant in a club's listing: a login name, "ai:LEVEL", or
// "-" for an open seat.
[[nodiscard]] bool valid_occupant(std::string_view word) noexcept;

// The start of a host's refusal of a joiner who gave no code. A joiner through ssh cannot
// tell beforehand whose the game on the other host is, so it asks for the code on seeing it.
constexpr const char* kCodeNeeded = "this game needs the invite code its host shows";
// A host's refusal of a wrong code, and the start of its refusal once a user has given too
// many (HostLimits::max_wrong_codes): it takes no more codes from that user.
constexpr const char* kWrongCode = "wrong invite code";
constexpr const char* kLockedOut = "too many wrong invite codes";

// Splits the bytes read from a socket into messages, collecting a record's lines. Lines
// longer than max_line are refused whole (and skipped to their end). Reading from a client,
// a host's verb is refused at once (and a record never collected), so what it holds stays
// under a line; reading from a host, a client's verb is refused.
class Decoder {
  public:
    explicit Decoder(From from, std::size_t max_line = kMaxLine)
        : from_(from), max_line_(max_line) {}

    // Adds bytes read from the socket.
    void feed(std::string_view bytes);

    // What next() found: a message, a bad line (the error says why), or a verb the other
    // side sends (the peer does not speak this end's protocol: hang up on it).
    enum class Got { Nothing, Message, Error, WrongSide };

    // Takes the next message out of what was fed, or the error of a bad line, or Nothing
    // when no whole line is waiting.
    [[nodiscard]] Got next(Message& m, std::string& error);

    // Bytes fed and not yet taken: a partial line, and a record's lines collected so far.
    [[nodiscard]] std::size_t pending() const noexcept {
        return buffer_.size() - start_ + record_.text.size();
    }

  private:
    void compact(); // drops the bytes already read

    From from_;
    std::size_t max_line_;
    std::string buffer_;
    std::size_t start_ = 0;   // where the unread bytes begin in buffer_
    bool skipping_ = false;   // inside an overlong line, dropping bytes to its end
    Message record_;          // the record being collected
    int record_left_ = 0;     // its lines still to come (0: none being collected)
    bool record_bad_ = false; // one of its lines was bad: the record is refused when done
};

} // namespace halma::net
