// The club's lobby as the front end holds it. Lobby owns the connection to the club while no
// game of the club is open (NetPlay holds it inside one): who the club says this player is,
// what the club lists (its games, who is here, the ratings, an archive of finished games),
// the lobby's chat, the row chosen, and the way back when the connection is lost. The loop
// polls its socket, then takes what it asks of the front end one action at a time (a game
// entered, an archived record to look at, a message); Lobby never touches the screen or a
// game itself.
//
// Who the player is comes from the club's welcome, never from this process: the connection
// may speak for a Unix user or for a key-bound name, as the dialer that reached the club
// arranged.
#pragma once

#include "club/listing.hpp"
#include "halma.hpp"
#include "net/client.hpp"
#include "play/lobby_view.hpp"

#include <chrono>
#include <ctime>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <poll.h>
#include <string>
#include <vector>

namespace halma::app {

// One thing the lobby asks of the front end, in the order it happened.
struct LobbyAction {
    enum class Kind {
        Enter, // the club let this player into a game: play (seat) or watch (kNoSeat) it
        Open,  // a finished game's record, fetched to be looked at
        Say,   // text for the status line (error: as an error)
        Held,  // game is played from another connection of this player: take it over?
        Page,  // the club's answer to a tournament's words: a page of lines
    };
    Kind kind = Kind::Say;
    long long game = 0;
    Seat seat = kNoSeat;
    std::string text; // Enter, Open: the game's record; Say: the text; Page: its lines
    bool error = false;
};

// A way to the club: a socket connected to it and ready for hello; when it goes through ssh
// to another host, the relay that carries it (which ends with the connection), and what a
// start-up file there printed before the relay's hello.
struct ClubWay {
    net::UniqueFd fd;
    std::unique_ptr<net::SshRelay> relay;
    std::string note;
};
// Reaches the club (way set), or says why not. may_ask: the screen has not started, so ssh
// may ask its questions (a host's key, a password) at the terminal; later it may not.
using ClubDialer = std::function<std::string(ClubWay& way, bool may_ask)>;

// A game as the lobby lists it, with the wall-clock time its move is due (0: none).
struct ListedGame {
    club::GameInfo info;
    std::time_t due_at = 0;
};

class Lobby {
  public:
    using Clock = std::chrono::steady_clock;

    // How often the lobby tries to reach the club again after losing it, then waits for the
    // player to ask.
    static constexpr int kRetries = 8;
    // The chat lines kept, for scrolling back.
    static constexpr std::size_t kChatKept = 500;

    // club: whose club the dialer reaches and where, for the lobby's header.
    explicit Lobby(ClubDialer dial, std::string club = {})
        : dial_(std::move(dial)), club_(std::move(club)) {}

    // Reaches the club and says hello, waiting at most wait_ms for the welcome: before the
    // screen starts, so that a refusal is said plainly. Returns an empty string or why not.
    [[nodiscard]] std::string open(int wait_ms);
    // The player's name, as the club's welcome gave it.
    [[nodiscard]] const std::string& me() const noexcept { return me_; }

    // The loop: the socket to poll, how long poll may wait (-1: for ever; else until the next
    // try to reach the club), and what poll found, read (a try that is due is made here).
    void add_fds(std::vector<pollfd>& fds) const;
    [[nodiscard]] int timeout_ms() const;
    void serve(const pollfd* fds, std::size_t count);
    // The next thing to do; false when none is left.
    [[nodiscard]] bool next(LobbyAction& out);

    // What the player asks; each returns an empty string or why not.
    [[nodiscard]] std::string seek(const std::string& words);
    [[nodiscard]] std::string accept(long long id);
    [[nodiscard]] std::string enter(long long id, bool play);
    // The seat of a game another connection of this player plays, taken over.
    [[nodiscard]] std::string take_over(long long id);
    // Back into the game this player dropped out of, if the club holds a seat for them.
    [[nodiscard]] std::string rejoin();
    [[nodiscard]] std::string resign(long long id);
    [[nodiscard]] std::string say(const std::string& text);
    // The archive: your games (""), a player's (a name) or everyone's latest ("*").
    [[nodiscard]] std::string history(const std::string& who);
    // A tournament's words (tourney/words.hpp): the club's answer comes as a Say action (one
    // line) or a Page action.
    [[nodiscard]] std::string tournament(const std::string& words);
    // An archived game: fetched to be looked at (an Open action follows), or written to path.
    [[nodiscard]] std::string open_record(long long id);
    [[nodiscard]] std::string write_record(long long id, const std::string& path);
    // Every list asked for again; when the club was lost, a try to reach it at once.
    void refresh();

    // The row chosen in the lists: moved by delta rows, to the first or the last, and what
    // Enter does with it (the command it runs, as typed at the prompt), "" with none.
    void choose(int delta);
    void choose_end(bool last);
    [[nodiscard]] std::string chosen_command() const;
    [[nodiscard]] long long chosen_game() const noexcept { return chosen_.id; }
    // The top table (the first board) of a tournament's round under way, as the club lists
    // it: w watches it (nullptr: none).
    [[nodiscard]] const club::GameInfo* top_table() const;
    // The archive shown switches between yours and everyone's latest games.
    void switch_archive();
    // Scrolls the chat back (positive) or on by this many lines.
    void scroll_chat(int lines);
    void show_help(bool on) noexcept { help_ = on; }
    [[nodiscard]] bool help_shown() const noexcept { return help_; }

    // A game of the club: the connection goes to the game after an Enter action, and comes
    // back when the player leaves it; rejoin (a game's number, 0: none) is entered again as
    // soon as the club is reached again (the connection was lost in the game), and a
    // rematch (a seek's words, "": none) is sought once the lobby is back. sent_back: the
    // club has put the connection in the lobby itself (its welcome is on the way).
    [[nodiscard]] std::unique_ptr<net::Client> take_client();
    void back_from_game(std::unique_ptr<net::Client> client, long long rejoin, bool play,
                        std::string rematch = {}, bool sent_back = false);
    [[nodiscard]] bool in_game() const noexcept { return link_.state == LinkState::InGame; }

    [[nodiscard]] play::LobbyView view() const;

  private:
    enum class LinkState { Welcoming, Ready, Entering, InGame, Lost };
    // The connection: what it is doing, and after a loss, why and when to try again.
    struct Link {
        LinkState state = LinkState::Lost;
        std::string why;
        int tries = 0;
        bool trying = false; // a try is due at next_try
        Clock::time_point next_try;
        long long rejoin = 0; // a game to enter again once the club is reached
        bool rejoin_play = true;
        std::string rematch; // a seek to make once the club is reached
        Seat entering_seat = kNoSeat;
        // What the player asked while the club's welcome was on the way, done once it comes.
        std::vector<std::function<std::string()>> held;
    };
    // Commands held while the club's welcome is on the way (a key held down is not a queue).
    static constexpr std::size_t kMostHeld = 8;
    // What the club listed, and what it is still listing (answers come in the order asked).
    // Tournament: the answer to a tournament's words, shown on the status line or as a page.
    enum class Listing { Games, Who, Ratings, History, Tournament };
    // Every player's ratings: by name, then by family.
    using Ratings = std::map<std::string, std::map<std::string, play::LobbyRating>>;
    struct Lists {
        std::vector<ListedGame> games, archive;
        std::vector<std::string> here;
        Ratings ratings;
        std::string archive_of; // "": yours, a name, "*": the latest
        int turns = 0;
    };
    struct Asked {
        std::deque<Listing> listings;
        std::vector<ListedGame> games, archive;
        std::vector<std::string> here;
        Ratings ratings;
        std::map<long long, std::string> fetches; // a game's number: "" to open, or a path
        std::string tourney;                      // the lines of a tournament's answer so far
    };
    // The row chosen: its section and game, and where it was when the game went.
    struct Choice {
        int section = 0;
        long long id = 0;
        int position = 0;
    };
    struct Chat {
        std::deque<std::string> lines;
        int back = 0;
    };

    [[nodiscard]] bool send(const net::Message& m);
    // Does act now when the club has welcomed this lobby, or (may_wait: it keeps the player in
    // the lobby) holds it until the welcome comes; the reason it cannot be done otherwise (""
    // when done or held). A command that takes the player to a game is not held: those after
    // it would reach the game instead.
    [[nodiscard]] std::string when_ready(std::function<std::string()> act, bool may_wait = true);
    void run_held();
    // Drops what is held, telling the player why.
    void drop_held(const std::string& why);
    void ask(Listing what);
    void ask_everything();
    void handle(const net::Message& m);
    void welcomed(const net::Message& m);
    void listed_game(const net::Message& m);
    void listing_done();
    void fetched(const net::Message& m);
    void lose(const std::string& why);
    void try_again();
    void push(LobbyAction::Kind kind, std::string text, bool error = false);
    [[nodiscard]] std::vector<play::LobbySection> sections() const;
    // A player's name with their rating in the family: "alice 1512", "bob (new)".
    [[nodiscard]] std::string rated_name(const std::string& name, const std::string& family) const;
    [[nodiscard]] std::vector<std::pair<int, long long>> rows() const; // (section, game)

    ClubDialer dial_;
    std::string club_;
    std::unique_ptr<net::Client> client_;
    std::string me_;
    Link link_;
    Lists lists_;
    Asked asked_;
    Choice chosen_;
    Chat chat_;
    bool help_ = false;
    std::deque<LobbyAction> actions_;
};

} // namespace halma::app
