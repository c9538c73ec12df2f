#include "net/wire.hpp"

#include "halma/options.hpp"
#include "halma/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <vector>

namespace halma::net {

namespace {

// A pace: live, live:SECONDS (1 to a day), clock:M+S (1 to 180 minutes, 0 to 60 seconds)
// or days:N (1 to kMaxDays).
constexpr int kMaxLiveSeconds = 86400;
// A game clock: the longest game FICS and lichess offer is 180 minutes, the largest
// increment 60 seconds (their "classical" and "correspondence" limits lie beyond).
constexpr int kMaxClockMinutes = 180;
constexpr int kMaxIncrement = 60;

constexpr const char* kStates[] = {"open", "local", "joined", "waiting", "ai"};
constexpr const char* kRoles[] = {"play", "watch", "lobby"};
// The most a game's number may be on the wire.
constexpr int kMaxGameId = 999999;
// A correspondence game may last far longer than one move's days: a seat's time used, up to
// ten years.
constexpr int kMaxUsedDays = 3650;

// The longest move text: a chain of a hundred landings.
constexpr std::size_t kMaxMoveText = 400;
// The most watchers a listing line may claim.
constexpr int kMaxWatchers = 9999;
// AI levels run 1 to kMaxLevel on the wire (the AI itself has fewer).
constexpr int kMaxLevel = 9;

// A seat number 1-4 on the wire, or -1.
int parse_seat_number(std::string_view w) {
    return w.size() == 1 && w[0] >= '1' && w[0] <= '4' ? w[0] - '0' : -1;
}

// A number from lo to hi (at most 8 digits), or -1.
int parse_in(std::string_view w, int lo, int hi) {
    if (w.empty() || w.size() > 8) return -1;
    int n = 0;
    for (char c : w) {
        if (c < '0' || c > '9') return -1;
        n = n * 10 + (c - '0');
    }
    return n >= lo && n <= hi ? n : -1;
}

// Whether the UTF-8 character ch (well formed) changes the direction of the text after it:
// U+061C, U+200E-F, U+202A-E, U+2066-9. Shown as is, it could reorder a line on screen.
bool direction_control(std::string_view ch) {
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(ch[i]); };
    if (ch.size() == 2) return b(0) == 0xD8 && b(1) == 0x9C;
    if (ch.size() != 3 || b(0) != 0xE2) return false;
    const unsigned low = (b(1) & 0x3Fu) << 6 | (b(2) & 0x3Fu); // the code point less U+2000
    return low == 0x0E || low == 0x0F || (low >= 0x2A && low <= 0x2E) ||
           (low >= 0x66 && low <= 0x69);
}

// Whether a word is a move as records write it: "pass", or squares joined by '-'.
bool move_word(std::string_view w) {
    if (w == "pass") return true;
    if (w.size() < 5 || w.size() > kMaxMoveText) return false;
    for (char c : w)
        if (!((c >= 'a' && c <= 'p') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

// The text after the first n words of a line, without blanks around it.
std::string_view after_words(std::string_view line, int n) {
    for (int i = 0; i < n; ++i) line = after_first_word(line);
    return line;
}

// How a club game ended, as a game line and a result name it ('-': not ended, or withdrawn).
constexpr const char* kHows[] = {"-", "moves", "resign", "time", "left", "agreement", "abort"};

// The seconds left to move: up to the longest pace's, which run past parse_count's digits.
long long due_word(std::string_view w) {
    long long n = -1;
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), n);
    return ec == std::errc() && end == w.data() + w.size() && n >= 0 && n <= kMaxDueSeconds ? n
                                                                                            : -1;
}

// A finishing order: each of the seats once, joined by '>' (ahead of) or '=' (level with).
bool result_word(std::string_view w, int seats) {
    unsigned seen = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const int s = i % 2 ? -1 : parse_seat_number(w.substr(i, 1));
        if (i % 2 ? w[i] != '>' && w[i] != '=' : s < 0 || s > seats || (seen >> s & 1))
            return false;
        if (s > 0) seen |= 1u << s;
    }
    return w.size() % 2 == 1 && __builtin_popcount(seen) == seats;
}

// What one word (or, for a few, several words) of a message is: which field of the Message
// it fills, how it is read and checked, and how it is written back.
enum class W : std::uint8_t {
    None,        // the end of a verb's words
    Version,     // version: 1 to 999 (hello)
    Role,        // role: play, watch or lobby
    HelloSeat,   // seat: 1-4, or "any" / "-" for none (a watcher takes none)
    InviteCode,  // word: an invite code, '-' for none; the lobby takes no seat and no code
    Code,        // word: a code (link, code)
    Chain,       // word: a move in notation
    Seat,        // seat: 1-4
    Turn,        // seat: 1-4, or '-' for none
    RoleSeat,    // seat: a player's 1-4, a watcher's and the lobby's '-' (welcome)
    ClockSeat,   // seat: the seat whose clock runs, 0 for none
    GameName,    // word: a game's name (about)
    Login,       // user: a login name
    KeyName,     // user: a login name, or '-' for none (key)
    Player,      // user: a player's name, as a listing names one (not ai:LEVEL's '-')
    Asked,       // user: a player's name or '*'; may be left out (history)
    Count,       // count: a number from lo to hi
    GameId,      // game: a game's number
    OptGameId,   // game: a game's number, or left out for none (resign)
    Watchers,    // watchers: a number from lo to hi
    YesNo,       // yes: "yes" or "no"
    Holder,      // state, then a level (level) or a name (user) but for an open seat (seat)
    GameState,   // word: seeking, playing or over
    Occupants,   // user: 2 to 4 seats' occupants joined by ','
    Terms,       // terms: PACE DUE RATED RESULT HOW [PLACE], checked against the seats (game)
    Family,      // word: a family of variants
    Standing,    // numbers: the rating, its deviation, the games (rating)
    BeforeAfter, // numbers: the rating before and after, 0 to 9999 (rated)
    Times,       // numbers: each seat's time in ms, the rest of the words (clock, used)
    Order,       // terms.result: a finishing order, or '-'
    Ending,      // terms.how: how a game ended (not '-')
    Fingerprint, // word: an SSH key's fingerprint
    Address,     // address: a network address; may be left out (as)
    Minutes,     // minutes: the minutes a code lasts
    Lines,       // count: a record's lines, which follow the line (written from text)
    Text,        // text: the rest of the line, cleaned, at most hi bytes
    // The servers of one club only (share lines)
    Row,       // row: a game's or a chat line's row in the club's store
    SeatIndex, // seat: 0 to 3 on the line, seat + 1 in the message
    Flag,      // yes: 1 or 0
    Rest,      // text: the rest of the line as it is, printable (a server's name), may be empty
};

// One word of a verb's line: its kind, its bounds (numbers, text) and what is wrong when it
// does not read (nullptr: the kind's own words).
struct Word {
    W kind = W::None;
    int lo = 0, hi = 0;
    const char* why = nullptr;
};

// Who sends a verb.
enum class Side : std::uint8_t { Client, Host, Server };

// A verb: its keyword, who sends it, the words after it, how many there may be, and what is
// wrong with another number (nullptr: "KEYWORD takes N words, not M", N being `says`, or
// the least when says is -1).
struct Spec {
    Verb verb;
    const char* keyword;
    Side side;
    int least = 0, most = 0; // most -1: any (free text, or a kind that checks for itself)
    const char* arity = nullptr;
    int says = -1;
    std::array<Word, 6> words{};
    int since = 1; // the network version that brought it
};

constexpr const char* kSeatWhy = "the seat must be 1 to 4";
constexpr const char* kGameIdWhy = "a game's number is 1 to 999999";
constexpr const char* kTextOnly = nullptr;

// Every verb of the three protocols, once: the network game's, the club's (and its door's),
// and what the servers of one club tell each other (share lines, never read from a socket).
constexpr Spec kSpecs[] = {
    // client to host
    {Verb::Hello,
     "hello",
     Side::Client,
     4,
     4,
     nullptr,
     -1,
     {{{W::Version}, {W::Role}, {W::HelloSeat}, {W::InviteCode}}}},
    {Verb::Info, "info", Side::Client},
    {Verb::Move, "move", Side::Client, 1, 1, nullptr, -1, {{{W::Chain}}}},
    {Verb::Say, "say", Side::Client, 0, -1, kTextOnly, -1, {{{W::Text, 0, int(kMaxSay)}}}},
    {Verb::Undo, "undo", Side::Client},
    {Verb::Consent, "consent", Side::Client, 1, 1, nullptr, -1, {{{W::YesNo}}}},
    {Verb::Bye, "bye", Side::Client},
    // host to client
    {Verb::Welcome,
     "welcome",
     Side::Host,
     3,
     3,
     nullptr,
     -1,
     {{{W::Role}, {W::RoleSeat}, {W::Login, 0, 0, "not a login name"}}}},
    {Verb::Refused, "refused", Side::Host, 0, -1, kTextOnly, -1, {{{W::Text, 0, int(kMaxText)}}}},
    {Verb::About,
     "about",
     Side::Host,
     4,
     -1,
     "about takes a name, a host, free seats, watchers and the variant",
     -1,
     {{{W::GameName, 0, 0, "not a game name and a login name"},
       {W::Login, 0, 0, "not a game name and a login name"},
       {W::Count, 0, 4, "free seats and watchers are numbers"},
       {W::Watchers, 0, kMaxWatchers, "free seats and watchers are numbers"},
       {W::Text, 0, int(kMaxText)}}}},
    {Verb::Record,
     "record",
     Side::Host,
     1,
     1,
     nullptr,
     -1,
     {{{W::Lines, 0, int(kMaxRecordBytes)}}}},
    {Verb::Moved,
     "moved",
     Side::Host,
     2,
     2,
     nullptr,
     -1,
     {{{W::Seat, 0, 0, kSeatWhy}, {W::Chain}}}},
    {Verb::Chat,
     "chat",
     Side::Host,
     1,
     -1,
     "chat takes a login name, then the text",
     -1,
     {{{W::Login, 0, 0, "chat takes a login name, then the text"}, {W::Text, 0, int(kMaxSay)}}}},
    {Verb::Seat,
     "seat",
     Side::Host,
     2,
     -1,
     "seat takes a seat 1 to 4",
     -1,
     {{{W::Seat, 0, 0, "seat takes a seat 1 to 4"}, {W::Holder}}}},
    {Verb::Watchers, "watchers", Side::Host, 1, 1, nullptr, -1, {{{W::Count, 0, kMaxWatchers}}}},
    {Verb::UndoAsk,
     "undo-ask",
     Side::Host,
     2,
     2,
     nullptr,
     -1,
     {{{W::Seat, 0, 0, kSeatWhy}, {W::Login, 0, 0, "not a login name"}}}},
    {Verb::UndoNo, "undo-no", Side::Host, 0, -1, kTextOnly, -1, {{{W::Text, 0, int(kMaxText)}}}},
    {Verb::Undone, "undone", Side::Host, 1, 1, nullptr, -1, {{{W::Count, 1, kMaxWatchers}}}},
    {Verb::Over, "over", Side::Host, 0, -1, kTextOnly, -1, {{{W::Text, 0, int(kMaxText)}}}},
    {Verb::Error, "error", Side::Host, 0, -1, kTextOnly, -1, {{{W::Text, 0, int(kMaxText)}}}},
    {Verb::Leaving, "leaving", Side::Host},
    {Verb::Dropped, "closing", Side::Host, 0, -1, kTextOnly, -1, {{{W::Text, 0, int(kMaxText)}}}},
    // client to club
    {Verb::Seek, "seek", Side::Client, 0, -1, kTextOnly, -1, {{{W::Text, 0, int(kMaxText)}}}},
    {Verb::Accept, "accept", Side::Client, 1, 1, nullptr, -1, {{{W::GameId}}}},
    {Verb::PlayGame, "play", Side::Client, 1, 1, nullptr, -1, {{{W::GameId}}}},
    {Verb::WatchGame, "watch", Side::Client, 1, 1, nullptr, -1, {{{W::GameId}}}},
    {Verb::Resign, "resign", Side::Client, 0, 1, nullptr, 1, {{{W::OptGameId}}}},
    {Verb::Games, "games", Side::Client},
    {Verb::Ratings, "ratings", Side::Client},
    {Verb::History,
     "history",
     Side::Client,
     0,
     1,
     "history takes at most a name, or '*'",
     -1,
     {{{W::Asked}}}},
    {Verb::Fetch, "fetch", Side::Client, 1, 1, nullptr, -1, {{{W::GameId}}}},
    {Verb::Notify, "notify", Side::Client},
    {Verb::Who, "who", Side::Client},
    {Verb::Lobby, "lobby", Side::Client},
    // club to client
    {Verb::GameLine,
     "game",
     Side::Host,
     9,
     -1,
     "game takes a number, state, turn, seats, pace, due, rated, result, how",
     -1,
     {{{W::GameId},
       {W::GameState},
       {W::Turn},
       {W::Occupants},
       {W::Terms},
       {W::Text, 0, int(kMaxText)}}}},
    {Verb::RatingLine,
     "rating",
     Side::Host,
     5,
     5,
     nullptr,
     -1,
     {{{W::Player}, {W::Family}, {W::Standing}}}},
    {Verb::Here, "here", Side::Host, 1, 1, nullptr, -1, {{{W::Login, 0, 0, "not a login name"}}}},
    {Verb::Turns, "turns", Side::Host, 1, 1, nullptr, -1, {{{W::Count, 0, kMaxWatchers}}}},
    {Verb::End, "end", Side::Host},
    {Verb::Gone, "gone", Side::Host, 1, 1, nullptr, -1, {{{W::Login, 0, 0, "not a login name"}}}},
    // client to club: the door and SSH keys
    {Verb::As, "as", Side::Client, 1, 2, nullptr, -1, {{{W::Fingerprint}, {W::Address}}}},
    {Verb::Name,
     "name",
     Side::Client,
     1,
     1,
     nullptr,
     -1,
     {{{W::Login, 0, 0, "not a player's name"}}}},
    {Verb::Link, "link", Side::Client, 1, 1, nullptr, -1, {{{W::Code}}}},
    {Verb::AddKey, "addkey", Side::Client},
    // club to client
    {Verb::Key, "key", Side::Host, 1, 1, nullptr, -1, {{{W::KeyName}}}},
    {Verb::Code, "code", Side::Host, 2, 2, nullptr, -1, {{{W::Code}, {W::Minutes}}}},
    // client to club, in a game
    {Verb::Abort, "abort", Side::Client},
    {Verb::Claim, "claim", Side::Client},
    {Verb::Draw, "draw", Side::Client, 1, 1, nullptr, -1, {{{W::YesNo}}}},
    // club to client, in a game
    {Verb::ClockLine,
     "clock",
     Side::Host,
     3,
     5,
     "clock takes the seat running and 2 to 4 times",
     -1,
     {{{W::ClockSeat}, {W::Times}}}},
    {Verb::DrawAsk,
     "draw-ask",
     Side::Host,
     2,
     2,
     nullptr,
     -1,
     {{{W::Seat, 0, 0, kSeatWhy}, {W::Login, 0, 0, "not a player's name"}}}},
    {Verb::DrawNo, "draw-no", Side::Host, 0, -1, kTextOnly, -1, {{{W::Text, 0, int(kMaxText)}}}},
    {Verb::Ended, "result", Side::Host, 2, 2, nullptr, -1, {{{W::Order}, {W::Ending}}}},
    {Verb::Used,
     "used",
     Side::Host,
     2,
     4,
     "used takes 2 to 4 times",
     -1,
     {{{W::Times, 0, kMaxUsedDays}}},
     2},
    {Verb::Rated,
     "rated",
     Side::Host,
     3,
     3,
     nullptr,
     -1,
     {{{W::Seat, 0, 0, kSeatWhy}, {W::BeforeAfter}}}},
    // a seat held for this player
    {Verb::Take, "take", Side::Client, 1, 1, nullptr, -1, {{{W::GameId}}}},
    {Verb::Rejoin, "rejoin", Side::Client},
    {Verb::Held, "held", Side::Host, 1, 1, nullptr, -1, {{{W::GameId}}}},
    {Verb::Taken, "taken", Side::Host, 1, 1, nullptr, -1, {{{W::GameId}}}},
    // the door to club, before its hello
    {Verb::Note, "note", Side::Client, 0, -1, kTextOnly, -1, {{{W::Text, 0, int(kMaxText)}}}},
    {Verb::Tourney,
     "tournament",
     Side::Client,
     0,
     -1,
     kTextOnly,
     -1,
     {{{W::Text, 0, int(kMaxText)}}}},
    {Verb::TourneyLine,
     "tourney",
     Side::Host,
     0,
     -1,
     kTextOnly,
     -1,
     {{{W::Text, 0, int(kMaxText)}}}},
    // the servers of one club, through the store's notifications
    {Verb::ShareGame, "g", Side::Server, 1, 1, nullptr, -1, {{{W::Row}}}},
    {Verb::ShareChat, "c", Side::Server, 1, 1, nullptr, -1, {{{W::Row}}}},
    {Verb::SharePresence,
     "p",
     Side::Server,
     3,
     3,
     nullptr,
     -1,
     {{{W::Row}, {W::SeatIndex}, {W::Flag}}}},
    {Verb::ShareTableChat,
     "t",
     Side::Server,
     3,
     -1,
     nullptr,
     -1,
     {{{W::Row}, {W::Flag}, {W::Login, 0, 0, "not a login name"}, {W::Text, 0, int(kMaxSay)}}}},
    {Verb::ShareDraw,
     "d",
     Side::Server,
     3,
     -1,
     nullptr,
     -1,
     {{{W::Row}, {W::SeatIndex}, {W::Flag}, {W::Text, 0, kMaxOfferWords}}}},
    {Verb::ShareUndo,
     "u",
     Side::Server,
     3,
     -1,
     nullptr,
     -1,
     {{{W::Row}, {W::SeatIndex}, {W::Flag}, {W::Text, 0, kMaxOfferWords}}}},
    {Verb::ShareAsk, "?", Side::Server, 0, -1, nullptr, -1, {{{W::Rest}}}},
    {Verb::ShareHere,
     "h",
     Side::Server,
     2,
     -1,
     nullptr,
     -1,
     {{{W::Login, 0, 0, "not a login name"}, {W::Flag}, {W::Rest}}}},
};

constexpr bool specs_in_order() {
    for (std::size_t i = 0; i < std::size(kSpecs); ++i)
        if (static_cast<std::size_t>(kSpecs[i].verb) != i) return false;
    return true;
}
static_assert(specs_in_order(), "kSpecs lists every verb once, in the order of the enum");
static_assert(std::size(kSpecs) == kVerbs, "kSpecs lists every verb");

const Spec& spec_of(Verb verb) { return kSpecs[static_cast<std::size_t>(verb)]; }

// A line being read: its spec, its words (the keyword first) and the whole line.
struct Line {
    const Spec& spec;
    const std::vector<std::string_view>& w;
    std::string_view line;

    // The number of words after the keyword.
    [[nodiscard]] std::size_t n() const noexcept { return w.size() - 1; }
    // What is wrong with a line of other than k words after the keyword.
    [[nodiscard]] std::string want(std::size_t k) const {
        return std::string(spec.keyword) + " takes " + std::to_string(k) + " word" +
               (k == 1 ? "" : "s") + ", not " + std::to_string(n());
    }
};

// A record's lines as they follow its header: each '\n' ended.
std::string record_body(const std::string& text) {
    std::string body = text;
    if (!body.empty() && body.back() != '\n') body += '\n';
    return body;
}

std::string why_or(const Word& word, const char* own) { return word.why ? word.why : own; }

// A number of up to 30 days' milliseconds, or -1.
long long millis_word(std::string_view w, int days = kMaxDays) {
    long long ms = -1;
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), ms);
    return ec == std::errc() && end == w.data() + w.size() && ms >= 0 && ms <= days * 86400000LL
               ? ms
               : -1;
}

// A row's number in the club's store: 1 or more, at most 18 digits.
long long row_word(std::string_view w) {
    long long row = -1;
    if (w.empty() || w.size() > 18 || w[0] == '-' || w[0] == '+') return -1;
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), row);
    return ec == std::errc() && end == w.data() + w.size() && row >= 1 ? row : -1;
}

// A word that may be '-' for none: the word, or "" (word_or_dash writes it back).
std::string word_or_none(std::string_view w) { return w == "-" ? "" : std::string(w); }
std::string word_or_dash(const std::string& w) { return w.empty() ? "-" : w; }

// The game line's PACE DUE RATED RESULT HOW, checked against its seats.
std::string read_terms(const Line& l, std::size_t at, Message& m) {
    const int seats = static_cast<int>(std::count(m.user.begin(), m.user.end(), ',')) + 1;
    int unused = 0;
    Terms t;
    if (Pace pace; !read_pace(l.w[at], pace).empty())
        return "a pace is live, live:SECONDS, clock:M+S or days:N";
    t.pace = std::string(l.w[at]);
    if (l.w[at + 1] != "-" && (t.due = due_word(l.w[at + 1])) < 0)
        return "due is seconds (up to 30 days) or '-'";
    if (l.w[at + 2] != "rated" && l.w[at + 2] != "unrated") return "a game is rated or unrated";
    t.rated = l.w[at + 2] == "rated";
    if (l.w[at + 3] != "-" && !result_word(l.w[at + 3], seats)) return "a result orders every seat";
    t.result = word_or_none(l.w[at + 3]);
    if (!parse_choice(l.w[at + 4], kHows, unused))
        return "a game ends by moves, resign, time, left, agreement or abort";
    t.how = word_or_none(l.w[at + 4]);
    m.terms = std::move(t);
    return {};
}

// The game line's terms as read_terms reads them.
std::string terms_words(const Terms& t) {
    std::string out = t.pace + " " + (t.due >= 0 ? std::to_string(t.due) : "-") + " " +
                      (t.rated ? "rated" : "unrated") + " " + word_or_dash(t.result) + " " +
                      word_or_dash(t.how);
    return t.place.tournament.empty() ? out : out + " " + place_text(t.place);
}

// A seat line's holder: open, or local / joined / waiting and a name, or ai and a level.
std::string read_holder(const Line& l, std::size_t at, Message& m) {
    int state = -1;
    for (int i = 0; i < 5; ++i)
        if (l.w[at] == kStates[i]) state = i;
    if (state < 0) return "a seat is open, local, joined, waiting or ai";
    m.state = static_cast<SeatState>(state);
    if (m.state == SeatState::Open) return l.n() == at ? std::string() : l.want(at);
    if (l.n() != at + 1) return l.want(at + 1);
    if (m.state == SeatState::Ai) {
        if ((m.level = parse_in(l.w[at + 1], 1, kMaxLevel)) < 0) return "an AI level is 1 to 9";
    } else {
        if (!valid_name(l.w[at + 1])) return "not a login name";
        m.user = std::string(l.w[at + 1]);
    }
    return {};
}

// A word naming a seat, of the kinds read_word leaves to it.
std::string read_seat_word(const Line& l, const Word& word, std::size_t& at, Message& m) {
    const std::string_view w = at <= l.n() ? l.w[at] : std::string_view();
    ++at;
    switch (word.kind) {
    case W::HelloSeat:
        m.seat = w == "any" || w == "-" ? 0 : parse_seat_number(w);
        if (m.seat < 0) return "the seat must be 1 to 4, 'any' or '-'";
        return m.role == Role::Watch && m.seat ? "a watcher takes no seat" : "";
    case W::Seat:
        return (m.seat = parse_seat_number(w)) < 0 ? why_or(word, kSeatWhy) : "";
    case W::Turn:
        m.seat = w == "-" ? 0 : parse_seat_number(w);
        return m.seat < 0 ? "the turn is a seat 1 to 4 or '-'" : "";
    case W::RoleSeat:
        m.seat = m.role != Role::Play && w == "-" ? 0 : parse_seat_number(w);
        return m.seat < 0 || (m.role == Role::Play) != (m.seat > 0)
                   ? "a player's seat is 1 to 4, a watcher's and the lobby's '-'"
                   : "";
    case W::ClockSeat:
        m.seat = w == "0" ? 0 : parse_seat_number(w);
        return m.seat < 0 || m.seat > static_cast<int>(l.n()) - 1
                   ? "the clock running is a seat or 0"
                   : "";
    case W::SeatIndex:
        m.seat = w.size() == 1 && w[0] >= '0' && w[0] <= '3' ? w[0] - '0' + 1 : -1;
        return m.seat < 0 ? "a seat is 0 to 3" : "";
    default:
        break;
    }
    return {};
}

// A word (or words) of a club game's listing, clock or ending, of the kinds read_word
// leaves to it.
std::string read_game_word(const Line& l, const Word& word, std::size_t& at, Message& m) {
    const std::string_view w = at <= l.n() ? l.w[at] : std::string_view();
    const std::size_t here = at++;
    switch (word.kind) {
    case W::Holder:
        return read_holder(l, here, m);
    case W::GameState: {
        static constexpr const char* states[] = {"seeking", "playing", "over"};
        int unused = 0;
        if (!parse_choice(w, states, unused)) return "a game is seeking, playing or over";
        return m.word = std::string(w), "";
    }
    case W::Occupants: {
        const std::vector<std::string_view> seats = split_on(w, ',');
        if (seats.size() < 2 || seats.size() > 4) return "a game has 2 to 4 seats";
        for (std::string_view s : seats)
            if (!valid_occupant(s)) return "a seat holds a name, ai:LEVEL or '-'";
        return m.user = std::string(w), "";
    }
    case W::Terms: { // a tournament's place after them, when it is one (no variant's first word)
        Place place;
        const bool placed = here + 5 <= l.n() && read_place(l.w[here + 5], place);
        at = here + (placed ? 6 : 5);
        if (std::string e = read_terms(l, here, m); !e.empty()) return e;
        return m.terms.place = std::move(place), "";
    }
    case W::Standing:
        at = here + 3;
        m.numbers = {parse_in(w, 0, 9999), parse_in(l.w[here + 1], 0, 999),
                     parse_in(l.w[here + 2], 0, kMaxGameId)};
        if (*std::min_element(m.numbers.begin(), m.numbers.end()) < 0)
            return "a rating, its deviation and the games are numbers";
        return {};
    case W::BeforeAfter:
        at = here + 2;
        m.numbers = {parse_in(w, 0, 9999), parse_in(l.w[here + 1], 0, 9999)};
        if (*std::min_element(m.numbers.begin(), m.numbers.end()) < 0)
            return "ratings are numbers 0 to 9999";
        return {};
    case W::Times: {
        at = l.n() + 1;
        const int days = word.hi ? word.hi : kMaxDays;
        m.numbers.clear();
        for (std::size_t i = here; i <= l.n(); ++i) {
            m.numbers.push_back(millis_word(l.w[i], days));
            if (m.numbers.back() < 0)
                return "a time is milliseconds (up to " + std::to_string(days) + " days)";
        }
        return {};
    }
    case W::Order:
        if (w != "-" && !result_word(w, static_cast<int>((w.size() + 1) / 2)))
            return "a result orders every seat";
        return m.terms.result = word_or_none(w), "";
    case W::Ending: {
        int unused = 0;
        if (!parse_choice(w, kHows, unused) || w == "-")
            return "a game ends by moves, resign, time, left, agreement or abort";
        return m.terms.how = std::string(w), "";
    }
    default:
        break;
    }
    return {};
}

// Reads the words of one kind at w[at] into m (at moves past them). Returns an empty string
// or what is wrong.
std::string read_word(const Line& l, const Word& word, std::size_t& at, Message& m) {
    const std::string_view w = at <= l.n() ? l.w[at] : std::string_view();
    const std::size_t here = at++;
    switch (word.kind) {
    case W::Version:
        return (m.version = parse_in(w, 1, 999)) < 0 ? "the version must be a number" : "";
    case W::Role:
        return parse_choice(w, kRoles, m.role) ? "" : "the role must be 'play', 'watch' or 'lobby'";
    case W::InviteCode:
        if (!read_code(w, m.word)) return "an invite code is letters and digits, or '-'";
        return m.role == Role::Lobby && (m.seat || !m.word.empty())
                   ? "the lobby takes no seat and no code"
                   : "";
    case W::Code:
        return w == "-" || !read_code(w, m.word) ? "a code is letters and digits" : "";
    case W::Chain:
        if (!move_word(w)) return "'" + clean_text(w, 40) + "' is not a move in notation";
        return m.word = std::string(w), "";
    case W::GameName:
        return valid_name(w) ? (m.word = std::string(w), "") : why_or(word, "not a game name");
    case W::Login:
        return valid_name(w) ? (m.user = std::string(w), "") : why_or(word, "not a login name");
    case W::KeyName:
        if (w == "-") return {};
        return valid_name(w) ? (m.user = std::string(w), "") : "not a player's name";
    case W::Player:
        if (!valid_occupant(w) || w == "-") return "not a player's name";
        return m.user = std::string(w), "";
    case W::Asked:
        if (here > l.n()) return {};
        if (w != "*" && (!valid_occupant(w) || w == "-")) return "not a player's name";
        return m.user = std::string(w), "";
    case W::Count:
    case W::Lines:
        if ((m.count = parse_in(w, word.lo, word.hi)) >= 0) return {};
        return why_or(word, ("the count must be a number from " + std::to_string(word.lo) + " to " +
                             std::to_string(word.hi))
                                .c_str());
    case W::Watchers:
        return (m.watchers = parse_in(w, word.lo, word.hi)) < 0 ? why_or(word, "") : "";
    case W::GameId:
        return (m.game = parse_in(w, 1, kMaxGameId)) < 0 ? kGameIdWhy : "";
    case W::OptGameId:
        if (here > l.n()) return {};
        return (m.game = parse_in(w, 1, kMaxGameId)) < 0 ? kGameIdWhy : "";
    case W::Minutes:
        return (m.minutes = parse_in(w, 1, 1440)) < 0 ? "a code lasts 1 to 1440 minutes" : "";
    case W::YesNo:
        if (w != "yes" && w != "no") return "the answer is 'yes' or 'no'";
        return m.yes = w == "yes", "";
    case W::Family:
        if (w.size() > 16 || !valid_name(w)) return "not a family of variants";
        return m.word = std::string(w), "";
    case W::Fingerprint:
        if (!valid_fingerprint(w)) return "not an SSH key's fingerprint (SHA256:...)";
        return m.word = std::string(w), "";
    case W::Address:
        if (here > l.n()) return {};
        if (!valid_address(w)) return "not a network address";
        return m.address = std::string(w), "";
    case W::Text:
        at = l.n() + 1;
        return m.text = clean_text(after_words(l.line, static_cast<int>(here)),
                                   static_cast<std::size_t>(word.hi)),
               "";
    case W::Row:
        return (m.row = row_word(w)) < 0 ? "a row is a number from 1" : "";
    case W::Flag:
        if (w != "1" && w != "0") return "a flag is 1 or 0";
        return m.yes = w == "1", "";
    case W::Rest: {
        at = l.n() + 1;
        const std::string_view rest = after_words(l.line, static_cast<int>(here));
        if (has_control_character(rest)) return "a server's name holds a control character";
        return m.text = std::string(rest), "";
    }
    case W::None:
        break;
    case W::HelloSeat:
    case W::Seat:
    case W::Turn:
    case W::RoleSeat:
    case W::ClockSeat:
    case W::SeatIndex:
        return read_seat_word(l, word, --at, m);
    case W::Holder:
    case W::GameState:
    case W::Occupants:
    case W::Terms:
    case W::Standing:
    case W::BeforeAfter:
    case W::Times:
    case W::Order:
    case W::Ending:
        return read_game_word(l, word, --at, m);
    }
    return {};
}

// Reads the words after the keyword into m; returns an empty string or what is wrong.
std::string read_words(const Line& l, Message& m) {
    const Spec& s = l.spec;
    const std::size_t n = l.n();
    if (n < static_cast<std::size_t>(s.least) ||
        (s.most >= 0 && n > static_cast<std::size_t>(s.most)))
        return s.arity ? s.arity : l.want(static_cast<std::size_t>(s.says >= 0 ? s.says : s.least));
    std::size_t at = 1;
    for (const Word& word : s.words) {
        if (word.kind == W::None) break;
        if (std::string e = read_word(l, word, at, m); !e.empty()) return e;
    }
    return {};
}

// Appends the words of one kind as m holds them (nothing for a word left out).
void write_word(const Word& word, const Message& m, std::string& out) {
    const auto put = [&out](const std::string& w) { out += ' ' + w; };
    switch (word.kind) {
    case W::Version:
        return put(std::to_string(m.version));
    case W::Count:
        return put(std::to_string(m.count));
    case W::GameId:
        return put(std::to_string(m.game));
    case W::Minutes:
        return put(std::to_string(m.minutes));
    case W::OptGameId:
        return m.game ? put(std::to_string(m.game)) : void();
    case W::Lines: {
        const std::string body = record_body(m.text);
        return put(std::to_string(std::count(body.begin(), body.end(), '\n')));
    }
    case W::Watchers:
        return put(std::to_string(m.watchers));
    case W::Role:
        return put(kRoles[static_cast<int>(m.role)]);
    case W::HelloSeat:
        return put(m.seat ? std::to_string(m.seat) : m.role == Role::Play ? "any" : "-");
    case W::InviteCode:
        return put(word_or_dash(m.word));
    case W::Order:
        return put(word_or_dash(m.terms.result));
    case W::Code:
    case W::Chain:
    case W::GameName:
    case W::GameState:
    case W::Family:
    case W::Fingerprint:
        return put(m.word);
    case W::Seat:
    case W::ClockSeat:
        return put(std::to_string(m.seat));
    case W::Turn:
    case W::RoleSeat:
        return put(m.seat ? std::to_string(m.seat) : "-");
    case W::Login:
    case W::Player:
    case W::Occupants:
        return put(m.user);
    case W::KeyName:
        return put(word_or_dash(m.user));
    case W::Asked:
        return m.user.empty() ? void() : put(m.user);
    case W::YesNo:
        return put(m.yes ? "yes" : "no");
    case W::Holder:
        put(kStates[static_cast<int>(m.state)]);
        if (m.state == SeatState::Ai) return put(std::to_string(m.level));
        return m.state == SeatState::Open ? void() : put(m.user);
    case W::Standing:
    case W::BeforeAfter:
    case W::Times:
        for (long long n : m.numbers) put(std::to_string(n));
        return;
    case W::Terms:
        return put(terms_words(m.terms));
    case W::Ending:
        return put(m.terms.how);
    case W::Address:
        return m.address.empty() ? void() : put(m.address);
    case W::Text: {
        const std::string t = clean_text(m.text, static_cast<std::size_t>(word.hi));
        return t.empty() ? void() : put(t);
    }
    case W::Row:
        return put(std::to_string(m.row));
    case W::SeatIndex:
        return put(std::to_string(m.seat - 1));
    case W::Flag:
        return put(m.yes ? "1" : "0");
    case W::Rest:
        return m.text.empty() ? void() : put(m.text);
    case W::None:
        break;
    }
}

// A message's line as its spec writes it, without the '\n'.
std::string write_words(const Message& m) {
    const Spec& s = spec_of(m.verb);
    std::string out = s.keyword;
    for (const Word& word : s.words) {
        if (word.kind == W::None) break;
        write_word(word, m, out);
    }
    return out;
}

// Reads a line of one of the sides into out (left alone on an error).
std::string read_line(std::string_view line, bool share, Message& out) {
    const std::vector<std::string_view> words = split_words(line);
    if (words.empty()) return "an empty line";
    const Spec* spec = nullptr;
    for (const Spec& s : kSpecs)
        if (words[0] == s.keyword && (s.side == Side::Server) == share) spec = &s;
    if (!spec) return "unknown message '" + clean_text(words[0], 20) + "'";
    Message m;
    m.verb = spec->verb;
    if (std::string e = read_words(Line{*spec, words, line}, m); !e.empty()) return e;
    out = std::move(m);
    return {};
}

} // namespace

bool client_verb(Verb verb) noexcept { return spec_of(verb).side == Side::Client; }

int first_version(Verb verb) noexcept { return spec_of(verb).since; }

bool read_place(std::string_view word, Place& out) {
    const std::vector<std::string_view> p = split_on(word, '/');
    if (p.size() != 3 || !valid_name(p[0])) return false;
    const int round = parse_count(p[1]), board = parse_count(p[2]);
    if (round < 1 || board < 1) return false;
    out = {std::string(p[0]), round, board};
    return true;
}

std::string place_text(const Place& place) {
    return place.tournament + "/" + std::to_string(place.round) + "/" + std::to_string(place.board);
}

std::string parse_message(std::string_view line, Message& out) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > kMaxLine) return "a line longer than " + std::to_string(kMaxLine) + " bytes";
    return read_line(line, false, out);
}

std::string write_message(const Message& m) {
    std::string out = write_words(m) + "\n";
    if (spec_of(m.verb).words[0].kind == W::Lines) out += record_body(m.text);
    return out;
}

std::string read_share_line(std::string_view line, Message& out) {
    if (line.size() > kMaxShareLine)
        return "a line longer than " + std::to_string(kMaxShareLine) + " bytes";
    return read_line(line, true, out);
}

std::string share_line(const Message& m) { return write_words(m); }

std::string pace_text(const Pace& pace) {
    switch (pace.kind) {
    case Pace::Kind::Days:
        return "days:" + std::to_string(pace.days);
    case Pace::Kind::Clock:
        return "clock:" + std::to_string(pace.minutes) + "+" + std::to_string(pace.seconds);
    default:
        return pace.seconds ? "live:" + std::to_string(pace.seconds) : "live";
    }
}

std::string read_pace(std::string_view text, Pace& out) {
    Pace p;
    if (text == "live") return out = p, std::string();
    const std::size_t colon = text.find(':');
    const std::string_view kind = text.substr(0, colon);
    const std::string_view value =
        colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
    if (kind == "live") {
        p.seconds = parse_count(value);
        if (p.seconds < 1 || p.seconds > kMaxLiveSeconds)
            return "live:SECONDS takes 1 to " + std::to_string(kMaxLiveSeconds) + " seconds a move";
    } else if (kind == "days") {
        p.kind = Pace::Kind::Days;
        p.days = parse_count(value);
        if (p.days < 1 || p.days > kMaxDays)
            return "days:N takes 1 to " + std::to_string(kMaxDays) + " days a move";
    } else if (kind == "clock") {
        p.kind = Pace::Kind::Clock;
        const std::size_t plus = value.find('+');
        if (plus == std::string_view::npos)
            return "clock:M+S takes the minutes and the seconds added a move (clock:5+3)";
        p.minutes = parse_count(value.substr(0, plus));
        p.seconds = parse_count(value.substr(plus + 1));
        if (p.minutes < 1 || p.minutes > kMaxClockMinutes)
            return "a game clock has 1 to " + std::to_string(kMaxClockMinutes) + " minutes";
        if (p.seconds < 0 || p.seconds > kMaxIncrement)
            return "a game clock adds 0 to " + std::to_string(kMaxIncrement) + " seconds a move";
    } else {
        return "a pace is live, live:SECONDS, clock:M+S or days:N";
    }
    out = p;
    return {};
}

std::string clean_text(std::string_view text, std::size_t max) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if (c >= 0x20 && c != 0x7F)
                out += static_cast<char>(c);
            else if (c == '\t')
                out += ' ';
            ++i;
            continue;
        }
        const std::size_t n = utf8_length(text, i);
        if (n && !direction_control(text.substr(i, n))) out.append(text.substr(i, n));
        i += n ? n : 1;
    }
    const std::string_view kept = trim(out);
    return std::string(kept.size() > max ? trim(utf8_prefix(kept, max)) : kept);
}

bool read_code(std::string_view word, std::string& out) {
    if (word == "-") return out.clear(), true;
    if (word.empty() || word.size() > kMaxCode) return false;
    std::string code;
    for (char c : word) {
        if (!std::isalnum(static_cast<unsigned char>(c))) return false;
        code += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    out = code;
    return true;
}

bool valid_fingerprint(std::string_view word) noexcept {
    constexpr std::string_view prefix = "SHA256:";
    constexpr std::size_t kDigestChars = 43; // 32 bytes in base64, unpadded
    if (word.size() != prefix.size() + kDigestChars || word.substr(0, prefix.size()) != prefix)
        return false;
    for (char c : word.substr(prefix.size()))
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '/') return false;
    return true;
}

bool valid_address(std::string_view word) noexcept {
    return !word.empty() && word.size() <= 45 &&
           word.find_first_not_of("0123456789abcdefABCDEF.:") == std::string_view::npos;
}

bool valid_occupant(std::string_view word) noexcept {
    if (word == "-") return true;
    if (word.size() == 4 && word.substr(0, 3) == "ai:") return word[3] >= '1' && word[3] <= '9';
    return valid_name(word);
}

bool valid_name(std::string_view name) noexcept {
    if (name.empty() || name.size() > kMaxName) return false;
    if (!std::isalnum(static_cast<unsigned char>(name[0]))) return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.')
            return false;
    return true;
}

void Decoder::feed(std::string_view bytes) {
    if (start_ > 0) { // what next() took is gone: keep only the partial line
        buffer_.erase(0, start_);
        start_ = 0;
    }
    buffer_.append(bytes.data(), bytes.size());
}

Decoder::Got Decoder::next(Message& m, std::string& error) {
    const std::string too_long = "a line longer than " + std::to_string(max_line_) + " bytes";
    for (;;) {
        const std::size_t nl = buffer_.find('\n', start_);
        if (nl == std::string::npos) {
            const bool overlong = buffer_.size() - start_ > max_line_;
            if (overlong || skipping_) start_ = buffer_.size(); // drop what cannot be kept
            if (start_ == buffer_.size()) buffer_.clear(), start_ = 0;
            if (overlong && !skipping_) {
                skipping_ = true;
                if (record_left_ > 0) {
                    record_bad_ = true; // reported once the record is complete
                } else {
                    error = too_long;
                    return Got::Error;
                }
            }
            return Got::Nothing;
        }
        std::string_view line(buffer_.data() + start_, nl - start_);
        start_ = nl + 1;
        const bool reported = skipping_ && record_left_ == 0;
        const bool overlong = skipping_ || line.size() > max_line_;
        skipping_ = false;
        if (record_left_ > 0) { // a line of the record being collected
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            record_bad_ = record_bad_ || overlong || has_control_character(line) ||
                          !record_fits(record_.text.size() + line.size() + 1);
            if (!record_bad_) record_.text.append(line).append("\n");
            if (--record_left_ > 0) continue;
            compact();
            if (record_bad_) {
                record_ = Message{};
                error = "a bad record: an overlong line, a control character, or over " +
                        std::to_string(kMaxRecordBytes >> 20) + " MiB";
                return Got::Error;
            }
            m = std::move(record_);
            record_ = Message{};
            return Got::Message;
        }
        if (overlong) {
            compact();
            if (reported) continue;
            error = too_long;
            return Got::Error;
        }
        Message got;
        std::string e = parse_message(line, got);
        compact();
        if (!e.empty()) {
            error = std::move(e);
            return Got::Error;
        }
        if (client_verb(got.verb) != (from_ == From::Client)) {
            error = "'" + std::string(spec_of(got.verb).keyword) + "' is sent by " +
                    (from_ == From::Client ? "a host, not by a client" : "a client, not by a host");
            return Got::WrongSide;
        }
        if (got.verb == Verb::Record && got.count > 0) {
            record_ = std::move(got);
            record_left_ = record_.count;
            record_bad_ = false;
            continue;
        }
        m = std::move(got);
        return Got::Message;
    }
}

void Decoder::compact() {
    if (start_ == buffer_.size()) {
        buffer_.clear();
        start_ = 0;
    }
}

} // namespace halma::net
