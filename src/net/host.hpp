// The host of a networked game: its listening socket and the clients that join or watch.
//
// The host's front end owns the game and stays the authority; this class admits clients,
// checks what they send against the game, tells the front end what happened (events) and
// tells the clients what the front end did. It never blocks and starts no thread: the front
// end polls the descriptors add_fds() gives, with timeout_ms() as the timeout, and passes
// what poll() reported to handle().
//
// Admission: the kernel says who connected (SO_PEERCRED), and the admission policy
// (admission.hpp) whether they may stay to say hello: a few connections per user before a
// hello, the last ones kept for users let in before and for players whose seat is held. The
// host's own user joins without a code; any other user needs the invite code the host shows,
// and is locked out after HostLimits::max_wrong_codes wrong ones. A dropped player's seat is
// held for that user, who gets it back by joining again.
//
// Bad peers: a connection that says nothing is dropped after hello_time; a host's verb from
// a client is a protocol error and disconnects at once; a bad line, a move out of turn or an
// illegal one gets "error TEXT" and a strike, and max_strikes strikes disconnect; lines past
// the rate limit are dropped (a flood past max_flood disconnects); a client's unread input
// is held only up to AdmissionLimits::max_unread; a client that leaves more than max_queued
// bytes unread is dropped. The record a joiner is sent is held once for all the joiners of
// the moment and streamed to each; it does not count against max_queued.
#pragma once

#include "halma.hpp"
#include "net/admission.hpp"
#include "net/rendezvous.hpp"
#include "net/served.hpp"
#include "net/wire.hpp"

#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <poll.h>
#include <string>
#include <vector>

namespace halma::net {

using Clock = std::chrono::steady_clock;

// Who plays a seat of a hosted game.
enum class SeatKind { Local, Remote, Ai };

// A seat as the host keeps it.
struct HostSeat {
    SeatKind kind = SeatKind::Remote;
    int level = 0;                     // Ai: the AI's level
    SeatState state = SeatState::Open; // as announced on the wire
    uid_t uid = 0;                     // Joined, Waiting: whose seat it is
    std::string user;                  // Local, Joined, Waiting: the login name
};

// The bounds the host holds clients to (hello_time: to say hello or info).
struct HostLimits : ClientLimits {
    AdmissionLimits admission; // who may connect, how much is read
    int max_wrong_codes = 5;   // per user, for the game's life
};

// What the front end hears from the host. Seats count from 0, as in Game.
struct HostEvent {
    enum class Kind {
        Joined,       // seat, user: a player took a seat
        Rejoined,     // seat, user: a dropped player came back
        Dropped,      // seat, user: a player left or was cut off; the seat is held
        Watchers,     // watcher count changed (watchers())
        Move,         // seat, move, text: a legal move to play now, then call moved()
        Said,         // user, text: a chat line (already sent to every client)
        UndoAsked,    // seat, user: a remote player asks to undo; answer_undo()
        UndoAgreed,   // seat: everyone agreed; take back to that seat's turn, call undone()
        UndoDeclined, // user, text: the request is off
    };
    Kind kind;
    int seat = -1;
    std::string user;
    Move move = Move::none();
    std::string text;
};

class Host {
  public:
    Host() = default;
    ~Host();
    Host(const Host&) = delete;
    Host& operator=(const Host&) = delete;

    // Opens the game's socket in the rendezvous directory. seats: who plays each seat
    // (levels for AI seats in levels). variant: a short description for listings.
    // Returns an empty string or the error.
    [[nodiscard]] std::string open(Rendezvous& dir, const std::string& name,
                                   const std::vector<SeatKind>& seats,
                                   const std::vector<int>& levels, const std::string& variant,
                                   HostLimits limits = {});

    [[nodiscard]] const std::string& name() const noexcept { return name_; }
    // The invite code other users need; the host's user needs none.
    [[nodiscard]] const std::string& code() const noexcept { return code_; }
    [[nodiscard]] const std::string& host_user() const noexcept { return host_user_; }
    // How others name the game to join it: "alice/club".
    [[nodiscard]] std::string address() const { return GameAddress{name_, host_user_}.text(); }
    [[nodiscard]] const std::vector<HostSeat>& seats() const noexcept { return seats_; }
    [[nodiscard]] int watchers() const noexcept;
    // Connections open now, admitted or not.
    [[nodiscard]] std::size_t connections() const noexcept { return peers_.size(); }
    // The first seat held for a dropped player, or -1.
    [[nodiscard]] int waiting_seat() const noexcept;

    // Appends the descriptors to poll (the listening socket, then each client).
    void add_fds(std::vector<pollfd>& fds) const;
    // The poll timeout: -1, or the milliseconds until a silent client is due to be dropped.
    [[nodiscard]] int timeout_ms(Clock::time_point now) const;
    // Handles what poll() reported for the descriptors add_fds() added, checking moves
    // against game and sending joiners its record (with headers).
    void handle(const pollfd* fds, std::size_t count, const Game& game, const Options& headers,
                Clock::time_point now);
    // The events since the last call, oldest first.
    [[nodiscard]] std::vector<HostEvent> take_events();

    // The front end says what happened, and the clients hear it:
    void moved(int seat, const std::string& chain); // a move was played (any seat's)
    void undone(int moves);                         // moves were taken back
    void game_over(const std::string& result);      // the game ended ("winner 2")
    void say(const std::string& text);              // the host's user says a line
    // The host's user asks to take back to seat's turn. False with why_not when it cannot
    // be asked now; otherwise an UndoAgreed or UndoDeclined event follows.
    bool ask_undo(int seat, std::string& why_not);
    // The host's user answers an UndoAsked event.
    void answer_undo(bool yes);
    // Gives a remote seat that nobody holds (open, or waiting for a dropped player) to the
    // AI. Returns an empty string or why not.
    [[nodiscard]] std::string give_to_ai(int seat, int level);
    // Tells every client the host is leaving, closes them and removes the socket.
    void leave();

  private:
    enum class Stage { Greeting, Playing, Watching };
    struct Peer : ServedClient {
        Stage stage = Stage::Greeting;
        int seat = -1; // Playing: the seat
        [[nodiscard]] bool greeting() const noexcept { return stage == Stage::Greeting; }
    };
    struct Undo {
        bool active = false;
        int seat = -1;                  // whose turn to take back to
        std::vector<const Peer*> asked; // who still has to agree
        bool local_asked = false;       // the host's user too
    };

    void accept_new(const Game& game, const Options& headers, Clock::time_point now);
    // The connections open now and the users whose seat is held, as admission counts them.
    [[nodiscard]] std::vector<Occupant> occupants() const;
    [[nodiscard]] std::vector<uid_t> away() const;
    // The record message a joiner is sent now, shared by the joiners of this handle() call;
    // null when it is longer than a record may be.
    [[nodiscard]] std::shared_ptr<const std::string> record_message(const Game& game,
                                                                    const Options& headers);
    void serve(Peer& p, short revents, const Game& game, const Options& headers,
               Clock::time_point now);
    void on_line(Peer& p, const Message& m, const Game& game, const Options& headers,
                 Clock::time_point now);
    void greet(Peer& p, const Message& m, const Game& game, const Options& headers);
    [[nodiscard]] std::string pick_seat(const Peer& p, int wanted, int& seat) const;
    void seat_player(Peer& p, int seat, const Game& game, const Options& headers);
    // The record, the seats, the recent chat and the watchers.
    void send_state(Peer& p, const Game& game, const Options& headers);
    void on_move(Peer& p, const Message& m, const Game& game);
    // Why an undo to seat's turn cannot be asked for now ("" when it can).
    [[nodiscard]] std::string undo_blocker(int seat, const Game* game) const;
    void on_undo(Peer& p, const Game& game);
    void start_undo(int seat, const Peer* asker, const std::string& user);
    void on_consent(Peer& p, bool yes);
    void undo_settle();
    void undo_cancel(const std::string& why, const std::string& user = {});
    void chat(const std::string& user, const std::string& text);
    void strike(Peer& p, const std::string& why) { net::strike(p, why, limits_); }
    void broadcast(const Message& m, const Peer* except = nullptr);
    void emit(HostEvent::Kind kind, int seat = -1, std::string user = {}, std::string text = {},
              Move move = Move::none());
    [[nodiscard]] Message seat_message(int seat) const;
    [[nodiscard]] Message about() const;
    void purge();

    Rendezvous* dir_ = nullptr;
    std::string name_, code_, host_user_, variant_;
    uid_t host_uid_ = 0;
    HostLimits limits_;
    Admission admission_;
    std::shared_ptr<const std::string> record_now_; // record_message() within handle()
    UniqueFd listener_;
    std::vector<HostSeat> seats_;
    std::vector<std::unique_ptr<Peer>> peers_;
    std::map<uid_t, int> wrong_codes_;
    std::vector<HostEvent> events_;
    Undo undo_;
    std::deque<Message> chat_;  // the last lines of chat, sent to whoever joins or watches
    bool move_pending_ = false; // a Move event is out and moved() has not come yet
};

// A game's variant in a few words for listings: "2 players 8x8", then each rule option
// that differs from the variant's defaults ("2 players 16x16 spoil=strict longjumps=1").
[[nodiscard]] std::string describe_variant(const Rules& rules);

// A fresh invite code: six letters and digits that cannot be misread, from the kernel's
// random source.
[[nodiscard]] std::string make_invite_code();

} // namespace halma::net
