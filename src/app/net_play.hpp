// Network play as the front end sees it. NetPlay owns everything a networked game adds: the
// rendezvous directory, the host (this terminal hosts) or the client (it joined or watches),
// this terminal's seat, who sits at each seat, the line saying how to join, a y/n question put
// to this terminal, and whether a move is on its way to the host. The loop polls its sockets
// and then takes what happened one action at a time, checked against the game as it is then,
// and applies it (app/net_turns.cpp); NetPlay never touches the game or the screen itself.
#pragma once

#include "halma.hpp"
#include "net/client.hpp"
#include "net/host.hpp"
#include "settings/command_line.hpp"

#include <chrono>
#include <deque>
#include <memory>
#include <poll.h>
#include <string>
#include <vector>

namespace halma::app {

// One thing the network asks of the game or the screen, in the order it happened.
struct NetAction {
    enum class Kind {
        Play,     // another terminal's move (move): play it and show it
        PlayOwn,  // this terminal's own move (move), back from the host: play it
        TakeBack, // everyone agreed: take back to seat's turn, then call undone() (host)
        Undone,   // the host took count moves back: take them back here (client)
        Say,      // text for the status line (error: as an error; chat: a line of chat)
        Turn,     // who holds the seat to move changed: say whose turn it is (text: only
                  // when the status line says this, the turn before the seat was named)
        Leave,    // this terminal's part in the game is over: quit with status, saying text
        Ended,    // the club ended the game (club_ending() says how): show how it ended
        LowTime,  // this terminal's clock is running low (text: what to say): warn once
        ToLobby,  // the club took this connection to its lobby (text: why); no rejoin
    };
    Kind kind = Kind::Say;
    Seat seat = kNoSeat;
    Move move = Move::none();
    int count = 0; // Undone: moves; Leave: the exit status
    std::string text;
    bool error = false;
    bool chat = false;
    bool earlier = false; // chat said before this terminal came: logged, not shown
};

// A club game's clocks as the club last said them: the seat whose clock runs (kNoSeat: none)
// and each seat's time left then; this terminal counts its copy down. The club is the clock's
// authority: a copy is only shown.
struct ClockCopy {
    using Clock = std::chrono::steady_clock;
    Seat running = kNoSeat;
    std::vector<long long> ms; // empty: the game has no clock
    Clock::time_point at;
    long long low_ms = 0; // under this a clock runs low (club::Pace::low_ms)
    bool first = false;   // the running seat's figure is the time left for its first move
    // Each seat's time used as the club's clock lines ran it (empty: none came yet): the seat
    // charged runs from since until the next line or the end, when the server's own count
    // ("used") replaces this one.
    std::vector<long long> used_ms;
    Seat charged = kNoSeat;
    Clock::time_point since;
    // Seat's time left now, in ms.
    [[nodiscard]] long long left(Seat seat, Clock::time_point now) const;
    // Charges the seat charged until now; next is charged from now on (kNoSeat: none).
    void charge(Seat next, Clock::time_point now);
    // Seat's time used now, in ms.
    [[nodiscard]] long long used(Seat seat, Clock::time_point now) const;
};

// How the club said a game ended: the finishing order ("2>1", "" for none), how (resign,
// time, left, agreement, abort, moves), each seat's rating before and after (a rated game),
// and the words ("bob resigned: alice wins").
struct ClubEnding {
    std::string order, how, words;
    std::vector<std::pair<int, int>> ratings;
};

class NetPlay {
  public:
    // Hosts the game with these seats; returns what to say on the status line.
    [[nodiscard]] std::string host(std::unique_ptr<net::Rendezvous> dir,
                                   std::unique_ptr<net::Host> host,
                                   const std::vector<settings::SeatSpec>& seats);
    // Follows a host's game of this many players, playing seat (kNoSeat: watching); club:
    // the game is the club's (its server is the host), entered from the lobby, and a clock
    // of its runs low under low_clock_ms.
    void join(std::unique_ptr<net::Client> client, Seat seat, int players, bool club = false,
              long long low_clock_ms = 0);
    // A club game left for the lobby: the connection goes back to it.
    [[nodiscard]] std::unique_ptr<net::Client> release();
    [[nodiscard]] bool in_club() const noexcept { return club_; }

    [[nodiscard]] bool active() const noexcept { return host_ || client_; }
    [[nodiscard]] bool hosting() const noexcept { return static_cast<bool>(host_); }
    [[nodiscard]] bool following() const noexcept { return static_cast<bool>(client_); }
    // Joined: the seat played here; hosting or watching: kNoSeat.
    [[nodiscard]] Seat my_seat() const noexcept { return my_seat_; }
    // This terminal follows a game without a seat in it.
    [[nodiscard]] bool watching() const noexcept { return client_ && my_seat_ == kNoSeat; }
    // How many watch the game, as the host last said (hosting: as it counts them).
    [[nodiscard]] int watchers() const noexcept { return watchers_; }
    [[nodiscard]] bool move_sent() const noexcept { return move_sent_; }
    // The host said the game is over (a club game ends by resigning or time too).
    [[nodiscard]] bool ended() const noexcept { return ended_; }
    // The name the game is hosted under ("" when not hosting).
    [[nodiscard]] std::string hosted_name() const { return host_ ? host_->name() : ""; }

    // What the screen shows: who sits at each seat ("" where the seat's kind says it), the
    // line under the players, and a question awaiting y or n.
    [[nodiscard]] const std::vector<std::string>& labels() const noexcept { return labels_; }
    [[nodiscard]] const std::string& line() const noexcept { return line_; }
    [[nodiscard]] const std::string& question() const noexcept { return question_; }
    // Whether the question is a draw offered (else an undo asked for).
    [[nodiscard]] bool asks_draw() const noexcept { return draw_asked_; }
    // Who plays a seat in a few words ("bob", "bob?", "open", "computer, level 3"), or "" when the
    // seat's kind says it.
    [[nodiscard]] std::string seat_label(Seat seat) const;

    // The loop: the sockets to poll, how long poll may wait (-1: for ever), and what poll
    // found, read.
    void add_fds(std::vector<pollfd>& fds) const;
    [[nodiscard]] int timeout_ms() const;
    void serve(const pollfd* fds, std::size_t count, const Game& game, const Options& headers);
    // The next thing to do, checked against the game as it is now; false when none is left.
    [[nodiscard]] bool next(const Game& game, NetAction& out);

    // What to say of whose turn it is when this terminal does not play it (or, joined, when
    // it does): nothing once the game is over.
    struct TurnWords {
        std::string text;
        bool mine = false;        // it is this terminal's turn
        bool over_errors = false; // a seat is awaited: said even over an error
    };
    [[nodiscard]] TurnWords turn_words(const Game& game) const;

    // What this terminal does:
    // hosting: a move was played here (any seat's, the AI's, a pass); the others hear it.
    void moved(const Game& after, Seat mover, const std::string& chain);
    // following: sends this terminal's move; false when the host is gone.
    bool send_move(const std::string& chain);
    // asks to take back to seat's last turn (hosting) or to this terminal's (joined); returns
    // why not, or "" when asked (an action may follow at once).
    [[nodiscard]] std::string ask_undo(Seat seat);
    // answers the question.
    void answer(bool yes);
    // hosting: the moves taken back after a TakeBack action.
    void undone(int moves);
    // says a line to the table; returns why not, or "".
    [[nodiscard]] std::string say(const std::string& text);
    // hosting: gives a remote seat nobody holds to the computer; returns why not, or "".
    [[nodiscard]] std::string give_to_ai(Seat seat, int level);
    // a club game: this player resigns it, calls it off, claims it against an absent player,
    // or offers (or accepts) a draw; returns why not, or "".
    enum class ClubEnd { Resign, Abort, Claim, Draw };
    [[nodiscard]] std::string end_request(ClubEnd what);
    // A club game's clocks, and how it ended once the club said so.
    [[nodiscard]] const ClockCopy& clocks() const noexcept { return clock_; }
    [[nodiscard]] const ClubEnding& club_ending() const noexcept { return ending_; }
    // How long poll may wait before a clock shown here changes (-1: none runs).
    [[nodiscard]] int clock_timeout_ms() const;
    // a club game: a line for the club (a seek, an accept) sent from inside the game.
    [[nodiscard]] bool send(const net::Message& m);
    // leaving: the host tells the clients the game goes on later; a joined player says bye.
    void leave();

  private:
    void host_event(const net::HostEvent& e);
    void host_message(const Game& game, const net::Message& m);
    void moved_message(const Game& game, const net::Message& m);
    void clock_message(const Game& game, const net::Message& m);
    void offer_message(const net::Message& m);
    void seat_message(const Game& game, const net::Message& m);
    void push(NetAction::Kind kind, std::string text = {}, bool error = false);
    void push_chat(std::string text);

    std::unique_ptr<net::Rendezvous> dir_;
    std::unique_ptr<net::Host> host_;
    std::unique_ptr<net::Client> client_;
    Seat my_seat_ = kNoSeat;
    std::vector<std::string> labels_;
    std::string line_;
    std::string question_;
    bool move_sent_ = false;
    bool ended_ = false;
    bool club_ = false;
    bool hung_up_ = false;          // following: the host's hanging up has been handed out
    std::deque<NetAction> actions_; // taken from the host's events, not yet handed out
    bool draw_asked_ = false;       // the question put is a draw offered, not an undo
    bool low_told_ = false;         // this terminal was warned that its time runs low
    int watchers_ = 0;
    bool earlier_chat_ = false;     // following: the chat sent on coming in is still being read
    std::vector<std::string> away_; // a club game: the name of each seat's player who is away
    std::vector<bool> away_said_;   // the line said that player is away (then it says them back)
    ClockCopy clock_;
    ClubEnding ending_;
};

} // namespace halma::app
