#include "net/wire.hpp"

#include "halma/options.hpp"
#include "halma/text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

namespace halma::net {

namespace {

// A pace: live, live:SECONDS (1 to a day), clock:M+S (1 to 180 minutes, 0 to 60 seconds)
// or days:N (1 to 30).
constexpr int kMaxLiveSeconds = 86400;
constexpr int kMaxDays = 30;
// A game clock: the longest game FICS and lichess offer is 180 minutes, the largest
// increment 60 seconds (their "classical" and "correspondence" limits lie beyond).
constexpr int kMaxClockMinutes = 180;
constexpr int kMaxIncrement = 60;

// The keyword of each verb, in the order of the enum.
constexpr const char* kKeywords[] = {
    "hello",   "info",   "move",     "say",     "undo",    "consent", "bye",      "welcome",
    "refused", "about",  "record",   "moved",   "chat",    "seat",    "watchers", "undo-ask",
    "undo-no", "undone", "over",     "error",   "leaving", "closing", "seek",     "accept",
    "play",    "watch",  "resign",   "games",   "ratings", "history", "fetch",    "notify",
    "who",     "lobby",  "game",     "rating",  "here",    "turns",   "end",      "gone",
    "as",      "name",   "link",     "addkey",  "key",     "code",    "abort",    "claim",
    "draw",    "clock",  "draw-ask", "draw-no", "result",  "rated",   "take",     "rejoin",
    "held",    "taken",  "note"};
constexpr const char* kStates[] = {"open", "local", "joined", "waiting", "ai"};
constexpr const char* kRoles[] = {"play", "watch", "lobby"};
// The most a game's number may be on the wire.
constexpr int kMaxGameId = 999999;
// The most seconds a move may be due in: the longest pace, days:30.
constexpr int kMaxDue = kMaxDays * 86400;

// The longest move text: a chain of a hundred landings.
constexpr std::size_t kMaxMoveText = 400;
// The most watchers a listing line may claim.
constexpr int kMaxWatchers = 9999;
// AI levels run 1 to kMaxLevel on the wire (the AI itself has fewer).
constexpr int kMaxLevel = 9;

// Whether a verb is the whole message: no words follow it.
bool bare_verb(Verb verb) {
    for (Verb v : {Verb::Info, Verb::Undo, Verb::Bye, Verb::Leaving, Verb::Games, Verb::Ratings,
                   Verb::Notify, Verb::Who, Verb::Lobby, Verb::End, Verb::AddKey, Verb::Abort,
                   Verb::Claim, Verb::Rejoin})
        if (verb == v) return true;
    return false;
}

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

// A message's words (the verb first) and its whole line, as the field readers see them.
struct Fields {
    Verb verb;
    const std::vector<std::string_view>& w;
    std::string_view line;

    // The number of words after the verb.
    [[nodiscard]] std::size_t n() const noexcept { return w.size() - 1; }
    // An empty string when there are k words after the verb, else what is wrong.
    [[nodiscard]] std::string want(std::size_t k) const {
        if (n() == k) return {};
        return std::string(kKeywords[static_cast<int>(verb)]) + " takes " + std::to_string(k) +
               " word" + (k == 1 ? "" : "s") + ", not " + std::to_string(n());
    }
    // The free text after the first `words` words, cleaned and cut at max bytes.
    [[nodiscard]] std::string text_after(int words, std::size_t max) const {
        return clean_text(after_words(line, words), max);
    }
};

// A role word; what is wrong when it is none.
std::string read_role(std::string_view w, Role& role) {
    if (!parse_choice(w, kRoles, role)) return "the role must be 'play', 'watch' or 'lobby'";
    return {};
}

// hello VERSION ROLE SEAT CODE
std::string read_hello(const Fields& f, Message& m) {
    if (std::string e = f.want(4); !e.empty()) return e;
    m.count = parse_in(f.w[1], 1, 999);
    if (m.count < 0) return "the version must be a number";
    if (std::string e = read_role(f.w[2], m.role); !e.empty()) return e;
    m.seat = f.w[3] == "any" || f.w[3] == "-" ? 0 : parse_seat_number(f.w[3]);
    if (m.seat < 0) return "the seat must be 1 to 4, 'any' or '-'";
    if (m.role == Role::Watch && m.seat) return "a watcher takes no seat";
    if (!read_code(f.w[4], m.word)) return "an invite code is letters and digits, or '-'";
    if (m.role == Role::Lobby && (m.seat || !m.word.empty()))
        return "the lobby takes no seat and no code";
    return {};
}

// move CHAIN, moved SEAT CHAIN
std::string read_move(const Fields& f, Message& m) {
    const std::size_t k = f.verb == Verb::Moved ? 2 : 1;
    if (std::string e = f.want(k); !e.empty()) return e;
    if (f.verb == Verb::Moved && (m.seat = parse_seat_number(f.w[1])) < 0)
        return "the seat must be 1 to 4";
    if (!move_word(f.w[k])) return "'" + clean_text(f.w[k], 40) + "' is not a move in notation";
    m.word = std::string(f.w[k]);
    return {};
}

// welcome ROLE SEAT USER
std::string read_welcome(const Fields& f, Message& m) {
    if (std::string e = f.want(3); !e.empty()) return e;
    if (std::string e = read_role(f.w[1], m.role); !e.empty()) return e;
    m.seat = m.role != Role::Play && f.w[2] == "-" ? 0 : parse_seat_number(f.w[2]);
    if (m.seat < 0 || (m.role == Role::Play) != (m.seat > 0))
        return "a player's seat is 1 to 4, a watcher's and the lobby's '-'";
    if (!valid_name(f.w[3])) return "not a login name";
    m.user = std::string(f.w[3]);
    return {};
}

// about NAME HOST FREE WATCHERS VARIANT...
std::string read_about(const Fields& f, Message& m) {
    if (f.n() < 4) return "about takes a name, a host, free seats, watchers and the variant";
    if (!valid_name(f.w[1]) || !valid_name(f.w[2])) return "not a game name and a login name";
    m.word = std::string(f.w[1]);
    m.user = std::string(f.w[2]);
    m.count = parse_in(f.w[3], 0, 4);
    m.watchers = parse_in(f.w[4], 0, kMaxWatchers);
    if (m.count < 0 || m.watchers < 0) return "free seats and watchers are numbers";
    m.text = f.text_after(5, kMaxText);
    return {};
}

// record LINES, watchers N, undone MOVES
std::string read_count(const Fields& f, Message& m) {
    if (std::string e = f.want(1); !e.empty()) return e;
    const int lo = f.verb == Verb::Undone ? 1 : 0;
    // A record's lines are at least one byte each.
    const int hi = f.verb == Verb::Record ? static_cast<int>(kMaxRecordBytes) : kMaxWatchers;
    m.count = parse_in(f.w[1], lo, hi);
    if (m.count < 0)
        return "the count must be a number from " + std::to_string(lo) + " to " +
               std::to_string(hi);
    return {};
}

// seat N STATE [USER | LEVEL]
std::string read_seat(const Fields& f, Message& m) {
    if (f.n() < 2 || (m.seat = parse_seat_number(f.w[1])) < 0) return "seat takes a seat 1 to 4";
    int state = -1;
    for (int i = 0; i < 5; ++i)
        if (f.w[2] == kStates[i]) state = i;
    if (state < 0) return "a seat is open, local, joined, waiting or ai";
    m.state = static_cast<SeatState>(state);
    if (m.state == SeatState::Open) return f.want(2);
    if (std::string e = f.want(3); !e.empty()) return e;
    if (m.state == SeatState::Ai) {
        if ((m.count = parse_in(f.w[3], 1, kMaxLevel)) < 0) return "an AI level is 1 to 9";
    } else {
        if (!valid_name(f.w[3])) return "not a login name";
        m.user = std::string(f.w[3]);
    }
    return {};
}

// chat USER TEXT, undo-ask SEAT USER
std::string read_user_line(const Fields& f, Message& m) {
    if (f.verb == Verb::Chat) {
        if (f.n() < 1 || !valid_name(f.w[1])) return "chat takes a login name, then the text";
        m.user = std::string(f.w[1]);
        m.text = f.text_after(2, kMaxSay);
        return {};
    }
    if (std::string e = f.want(2); !e.empty()) return e;
    if ((m.seat = parse_seat_number(f.w[1])) < 0) return "the seat must be 1 to 4";
    if (!valid_name(f.w[2])) return "not a login name";
    m.user = std::string(f.w[2]);
    return {};
}

// accept ID, play ID, watch ID, fetch ID, resign [ID]
std::string read_game_id(const Fields& f, Message& m) {
    if (f.verb == Verb::Resign && f.n() == 0) return {};
    if (std::string e = f.want(1); !e.empty()) return e;
    if ((m.count = parse_in(f.w[1], 1, kMaxGameId)) < 0) return "a game's number is 1 to 999999";
    return {};
}

// How a club game ended, as a game line and a result name it ('-': not ended, or withdrawn).
constexpr const char* kHows[] = {"-", "moves", "resign", "time", "left", "agreement", "abort"};

// The seconds left to move: up to the longest pace's, which run past parse_count's digits.
bool due_word(std::string_view w) {
    long n = -1;
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), n);
    return ec == std::errc() && end == w.data() + w.size() && n >= 0 && n <= kMaxDue;
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

// game ID STATE TURN SEATS PACE DUE RATED RESULT HOW VARIANT...
std::string read_game_line(const Fields& f, Message& m) {
    static constexpr const char* states[] = {"seeking", "playing", "over"};
    if (f.n() < 9) return "game takes a number, state, turn, seats, pace, due, rated, result, how";
    int unused = 0;
    if ((m.count = parse_in(f.w[1], 1, kMaxGameId)) < 0) return "a game's number is 1 to 999999";
    if (!parse_choice(f.w[2], states, unused)) return "a game is seeking, playing or over";
    m.word = std::string(f.w[2]);
    m.seat = f.w[3] == "-" ? 0 : parse_seat_number(f.w[3]);
    if (m.seat < 0) return "the turn is a seat 1 to 4 or '-'";
    const std::vector<std::string_view> seats = split_on(f.w[4], ',');
    if (seats.size() < 2 || seats.size() > 4) return "a game has 2 to 4 seats";
    for (std::string_view s : seats)
        if (!valid_occupant(s)) return "a seat holds a name, ai:LEVEL or '-'";
    m.user = std::string(f.w[4]);
    const int n = static_cast<int>(seats.size());
    if (Pace unused_pace; !read_pace(f.w[5], unused_pace).empty())
        return "a pace is live, live:SECONDS, clock:M+S or days:N";
    if (f.w[6] != "-" && !due_word(f.w[6])) return "due is seconds (up to 30 days) or '-'";
    if (f.w[7] != "rated" && f.w[7] != "unrated") return "a game is rated or unrated";
    if (f.w[8] != "-" && !result_word(f.w[8], n)) return "a result orders every seat";
    if (!parse_choice(f.w[9], kHows, unused))
        return "a game ends by moves, resign, time, left, agreement or abort";
    for (int i = 5; i <= 9; ++i) m.detail += std::string(i > 5 ? " " : "") + std::string(f.w[i]);
    m.text = f.text_after(10, kMaxText);
    return {};
}

// rating NAME FAMILY RATING RD GAMES
std::string read_rating_line(const Fields& f, Message& m) {
    if (std::string e = f.want(5); !e.empty()) return e;
    if (!valid_occupant(f.w[1]) || f.w[1] == "-") return "not a player's name";
    if (f.w[2].size() > 16 || !valid_name(f.w[2])) return "not a family of variants";
    if (parse_in(f.w[3], 0, 9999) < 0 || parse_in(f.w[4], 0, 999) < 0 ||
        parse_in(f.w[5], 0, kMaxGameId) < 0)
        return "a rating, its deviation and the games are numbers";
    m.user = std::string(f.w[1]);
    m.word = std::string(f.w[2]);
    m.detail = std::string(f.w[3]) + " " + std::string(f.w[4]) + " " + std::string(f.w[5]);
    return {};
}

// as FINGERPRINT [ADDRESS], name NAME, link CODE, key NAME|-, code CODE MINUTES
std::string read_key_line(const Fields& f, Message& m) {
    const bool address = f.verb == Verb::As && f.n() == 2;
    if (std::string e = f.want(f.verb == Verb::Code || address ? 2 : 1); !e.empty()) return e;
    const std::string_view w = f.w[1];
    switch (f.verb) {
    case Verb::As:
        if (!valid_fingerprint(w)) return "not an SSH key's fingerprint (SHA256:...)";
        if (address && !valid_address(f.w[2])) return "not a network address";
        m.word = std::string(w);
        if (address) m.detail = std::string(f.w[2]);
        return {};
    case Verb::Name:
    case Verb::Key:
        if (f.verb == Verb::Key && w == "-") return {};
        if (!valid_name(w)) return "not a player's name";
        m.user = std::string(w);
        return {};
    default: // link, code
        if (w == "-" || !read_code(w, m.word)) return "a code is letters and digits";
        if (f.verb == Verb::Code && (m.count = parse_in(f.w[2], 1, 1440)) < 0)
            return "a code lasts 1 to 1440 minutes";
        return {};
    }
}

// clock SEAT MS..., result ORDER HOW, rated SEAT BEFORE AFTER, draw-ask SEAT USER
std::string read_game_end(const Fields& f, Message& m) {
    if (f.verb == Verb::ClockLine) {
        if (f.n() < 3 || f.n() > 5) return "clock takes the seat running and 2 to 4 times";
        m.seat = f.w[1] == "0" ? 0 : parse_seat_number(f.w[1]);
        if (m.seat < 0 || m.seat > static_cast<int>(f.n()) - 1)
            return "the clock running is a seat or 0";
        for (std::size_t i = 2; i <= f.n(); ++i) {
            long long ms = -1;
            const auto [end, ec] =
                std::from_chars(f.w[i].data(), f.w[i].data() + f.w[i].size(), ms);
            if (ec != std::errc() || end != f.w[i].data() + f.w[i].size() || ms < 0 ||
                ms > kMaxDue * 1000LL)
                return "a time left is milliseconds (up to 30 days)";
            m.detail += (i > 2 ? " " : "") + std::string(f.w[i]);
        }
        return {};
    }
    if (f.verb == Verb::Ended) {
        if (std::string e = f.want(2); !e.empty()) return e;
        int unused = 0;
        if (f.w[1] != "-" && !result_word(f.w[1], static_cast<int>((f.w[1].size() + 1) / 2)))
            return "a result orders every seat";
        if (!parse_choice(f.w[2], kHows, unused) || f.w[2] == "-")
            return "a game ends by moves, resign, time, left, agreement or abort";
        m.word = std::string(f.w[1]);
        m.detail = std::string(f.w[2]);
        return {};
    }
    if (f.verb == Verb::DrawAsk) {
        if (std::string e = f.want(2); !e.empty()) return e;
        if ((m.seat = parse_seat_number(f.w[1])) < 0) return "the seat must be 1 to 4";
        if (!valid_name(f.w[2])) return "not a player's name";
        m.user = std::string(f.w[2]);
        return {};
    }
    if (std::string e = f.want(3); !e.empty()) return e; // rated
    if ((m.seat = parse_seat_number(f.w[1])) < 0) return "the seat must be 1 to 4";
    if (parse_in(f.w[2], 0, 9999) < 0 || parse_in(f.w[3], 0, 9999) < 0)
        return "ratings are numbers 0 to 9999";
    m.detail = std::string(f.w[2]) + " " + std::string(f.w[3]);
    return {};
}

// Reads the words after the verb into m; returns an empty string or what is wrong.
std::string parse_fields(Verb verb, const std::vector<std::string_view>& w, std::string_view line,
                         Message& m) {
    const Fields f{verb, w, line};
    if (bare_verb(verb)) return f.want(0);
    switch (verb) {
    case Verb::Seek:
        m.text = f.text_after(1, kMaxText);
        return {};
    case Verb::Accept:
    case Verb::PlayGame:
    case Verb::WatchGame:
    case Verb::Fetch:
    case Verb::Resign:
    case Verb::Take:
    case Verb::Held:
    case Verb::Taken:
        return read_game_id(f, m);
    case Verb::History:
        if (f.n() > 1) return "history takes at most a name, or '*'";
        if (f.n() == 1 && w[1] != "*" && (!valid_occupant(w[1]) || w[1] == "-"))
            return "not a player's name";
        if (f.n() == 1) m.user = std::string(w[1]);
        return {};
    case Verb::Here:
    case Verb::Gone:
        if (std::string e = f.want(1); !e.empty()) return e;
        if (!valid_name(w[1])) return "not a login name";
        m.user = std::string(w[1]);
        return {};
    case Verb::GameLine:
        return read_game_line(f, m);
    case Verb::RatingLine:
        return read_rating_line(f, m);
    case Verb::Hello:
        return read_hello(f, m);
    case Verb::Move:
    case Verb::Moved:
        return read_move(f, m);
    case Verb::Say:
    case Verb::Refused:
    case Verb::Error:
    case Verb::UndoNo:
    case Verb::DrawNo:
    case Verb::Dropped:
    case Verb::Over:
    case Verb::Note:
        m.text = f.text_after(1, verb == Verb::Say ? kMaxSay : kMaxText);
        return {};
    case Verb::ClockLine:
    case Verb::Ended:
    case Verb::Rated:
    case Verb::DrawAsk:
        return read_game_end(f, m);
    case Verb::Consent:
    case Verb::Draw:
        if (std::string e = f.want(1); !e.empty()) return e;
        if (w[1] != "yes" && w[1] != "no") return "the answer is 'yes' or 'no'";
        m.yes = w[1] == "yes";
        return {};
    case Verb::Welcome:
        return read_welcome(f, m);
    case Verb::About:
        return read_about(f, m);
    case Verb::Record:
    case Verb::Watchers:
    case Verb::Undone:
    case Verb::Turns:
        return read_count(f, m);
    case Verb::Seat:
        return read_seat(f, m);
    case Verb::Chat:
    case Verb::UndoAsk:
        return read_user_line(f, m);
    case Verb::As:
    case Verb::Name:
    case Verb::Link:
    case Verb::Key:
    case Verb::Code:
        return read_key_line(f, m);
    default: // bare verbs, read above
        break;
    }
    return "unknown message";
}

} // namespace

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

bool client_verb(Verb verb) noexcept {
    switch (verb) {
    case Verb::Hello:
    case Verb::Info:
    case Verb::Move:
    case Verb::Say:
    case Verb::Undo:
    case Verb::Consent:
    case Verb::Bye:
    case Verb::Seek:
    case Verb::Accept:
    case Verb::PlayGame:
    case Verb::WatchGame:
    case Verb::Resign:
    case Verb::Games:
    case Verb::Ratings:
    case Verb::History:
    case Verb::Fetch:
    case Verb::Notify:
    case Verb::Who:
    case Verb::Lobby:
    case Verb::As:
    case Verb::Name:
    case Verb::Link:
    case Verb::AddKey:
    case Verb::Abort:
    case Verb::Claim:
    case Verb::Draw:
    case Verb::Take:
    case Verb::Rejoin:
    case Verb::Note:
        return true;
    default:
        return false;
    }
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

std::string parse_message(std::string_view line, Message& out) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > kMaxLine) return "a line longer than " + std::to_string(kMaxLine) + " bytes";
    const std::vector<std::string_view> words = split_words(line);
    if (words.empty()) return "an empty line";
    int verb = -1;
    for (int i = 0; i < static_cast<int>(std::size(kKeywords)); ++i)
        if (words[0] == kKeywords[i]) verb = i;
    if (verb < 0) return "unknown message '" + clean_text(words[0], 20) + "'";
    Message m;
    m.verb = static_cast<Verb>(verb);
    if (std::string e = parse_fields(m.verb, words, line, m); !e.empty()) return e;
    out = std::move(m);
    return {};
}

std::string write_message(const Message& m) {
    const std::string verb = kKeywords[static_cast<int>(m.verb)];
    const auto seat = [](int s) { return std::to_string(s); };
    const auto role = [](Role r) { return kRoles[static_cast<int>(r)]; };
    const auto text = [&](std::size_t max) {
        std::string t = clean_text(m.text, max);
        return t.empty() ? std::string() : " " + t;
    };
    switch (m.verb) {
    case Verb::Hello:
        return verb + " " + std::to_string(m.count) + " " + role(m.role) + " " +
               (m.seat                 ? seat(m.seat)
                : m.role == Role::Play ? "any"
                                       : "-") +
               " " + (m.word.empty() ? "-" : m.word) + "\n";
    case Verb::Move:
        return verb + " " + m.word + "\n";
    case Verb::Moved:
        return verb + " " + seat(m.seat) + " " + m.word + "\n";
    case Verb::Say:
    case Verb::Chat:
        return verb + (m.verb == Verb::Chat ? " " + m.user : std::string()) + text(kMaxSay) + "\n";
    case Verb::Refused:
    case Verb::Error:
    case Verb::UndoNo:
    case Verb::DrawNo:
    case Verb::Dropped:
    case Verb::Over:
    case Verb::Note:
        return verb + text(kMaxText) + "\n";
    case Verb::Consent:
    case Verb::Draw:
        return verb + (m.yes ? " yes\n" : " no\n");
    case Verb::ClockLine:
        return verb + " " + std::to_string(m.seat) + " " + m.detail + "\n";
    case Verb::Ended:
        return verb + " " + (m.word.empty() ? "-" : m.word) + " " + m.detail + "\n";
    case Verb::Rated:
        return verb + " " + seat(m.seat) + " " + m.detail + "\n";
    case Verb::Welcome:
        return verb + " " + role(m.role) + " " + (m.seat ? seat(m.seat) : "-") + " " + m.user +
               "\n";
    case Verb::About:
        return verb + " " + m.word + " " + m.user + " " + std::to_string(m.count) + " " +
               std::to_string(m.watchers) + text(kMaxText) + "\n";
    case Verb::Record: {
        std::string body = m.text;
        if (!body.empty() && body.back() != '\n') body += '\n';
        const auto lines = std::count(body.begin(), body.end(), '\n');
        return verb + " " + std::to_string(lines) + "\n" + body;
    }
    case Verb::Watchers:
    case Verb::Undone:
        return verb + " " + std::to_string(m.count) + "\n";
    case Verb::Seat: {
        std::string out = verb + " " + seat(m.seat) + " " + kStates[static_cast<int>(m.state)];
        if (m.state == SeatState::Ai)
            out += " " + std::to_string(m.count);
        else if (m.state != SeatState::Open)
            out += " " + m.user;
        return out + "\n";
    }
    case Verb::UndoAsk:
    case Verb::DrawAsk:
        return verb + " " + seat(m.seat) + " " + m.user + "\n";
    case Verb::Seek:
        return verb + text(kMaxText) + "\n";
    case Verb::Accept:
    case Verb::PlayGame:
    case Verb::WatchGame:
    case Verb::Fetch:
    case Verb::Resign:
    case Verb::Turns:
    case Verb::Take:
    case Verb::Held:
    case Verb::Taken:
        return verb + (m.count || m.verb != Verb::Resign ? " " + std::to_string(m.count) : "") +
               "\n";
    case Verb::History:
        return verb + (m.user.empty() ? "" : " " + m.user) + "\n";
    case Verb::Here:
    case Verb::Gone:
        return verb + " " + m.user + "\n";
    case Verb::GameLine:
        return verb + " " + std::to_string(m.count) + " " + m.word + " " +
               (m.seat ? seat(m.seat) : "-") + " " + m.user + " " + m.detail + text(kMaxText) +
               "\n";
    case Verb::RatingLine:
        return verb + " " + m.user + " " + m.word + " " + m.detail + "\n";
    case Verb::As:
        return verb + " " + m.word + (m.detail.empty() ? "" : " " + m.detail) + "\n";
    case Verb::Link:
        return verb + " " + m.word + "\n";
    case Verb::Name:
    case Verb::Key:
        return verb + " " + (m.user.empty() ? "-" : m.user) + "\n";
    case Verb::Code:
        return verb + " " + m.word + " " + std::to_string(m.count) + "\n";
    default: // the verbs that take no words
        break;
    }
    return verb + "\n";
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
            error = "'" + std::string(kKeywords[static_cast<int>(got.verb)]) + "' is sent by " +
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
