// The loop's state, shared by its three files: app.cpp (the loop, drawing, signals),
// turns.cpp (moves, the computer's moves and hints, undo, new games, saving) and keys.cpp
// (keys, prompt, form). A puzzle is played as a one-player game, by the same functions.
// Internal to the front end; app.hpp is the public face.
#pragma once

#include "net/client.hpp"
#include "net/host.hpp"
#include "tui/ai_worker.hpp"
#include "tui/chain.hpp"
#include "tui/config.hpp"
#include "tui/form.hpp"
#include "tui/input.hpp"
#include "tui/view.hpp"

#include <curses.h>
#include <poll.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace halma::tui {

using Clock = std::chrono::steady_clock;

// What the AI worker is searching for.
enum Purpose { kForMove = 1, kForHint = 2 };

// An AI move being shown hop by hop: the position before it and its landings.
struct Animation {
    Position before;
    std::vector<int> path;
    std::size_t shown = 0; // index of the landing shown now
    Clock::time_point next;
    int frame_ms = 120;
};

// The running front end: the game, the seats, what the screen shows and the AI worker.
class App {
  public:
    App(Config cfg, Game game, int signal_fd, Style style)
        : cfg_(std::move(cfg)), game_(std::move(game)), signal_fd_(signal_fd), style_(style),
          first_random_(!cfg_.first_given) {}

    int run();
    void set_status(std::string text, bool error = false) {
        status_ = std::move(text);
        status_error_ = error;
    }
    // Network play (net_play.cpp), set up before run(): hosting this game, or following the
    // game of a host as a joined player (my_seat, from 0) or a watcher (my_seat -1).
    void set_host(std::unique_ptr<net::Rendezvous> dir, std::unique_ptr<net::Host> host);
    void set_client(std::unique_ptr<net::Client> client, int my_seat);
    bool resumed = false;      // the game came from the autosave
    std::string autosave_file; // where the autosave lives
    std::string prefs_file;    // where the form's choices are saved as defaults
    std::string exit_note;     // said on standard error once the terminal is restored

  private:
    Config cfg_;
    Game game_;
    int signal_fd_;
    Style style_;
    bool first_random_;
    AiWorker worker_;
    ChainBuilder builder_;
    Screen screen_ = Screen::Board;
    int cursor_ = 0;
    std::string status_;
    bool status_error_ = false;
    bool prompt_open_ = false;
    LineEdit prompt_;
    std::vector<int> last_path_, hint_path_;
    int figures_found_ = -1; // a puzzle that keeps figures: how many are kept; else -1
    std::vector<std::string> history_;
    std::vector<int> history_movers_;
    std::optional<Animation> anim_;
    std::unique_ptr<NewGameForm> form_;
    int form_row_ = 0;
    std::string form_error_;
    bool quit_ = false;
    int exit_code_ = 0;
    std::string exit_message_;
    int dead_reads_ = 0;
    std::unique_ptr<net::Rendezvous> net_dir_;
    std::unique_ptr<net::Host> host_;
    std::unique_ptr<net::Client> client_;
    int my_seat_ = -1;                     // joined: this terminal's seat
    std::vector<std::string> seat_labels_; // networked: who sits where
    std::string net_line_;                 // networked: how to join, who is awaited
    std::string question_;                 // an undo request awaiting this terminal's y/n
    bool move_sent_ = false;               // joined: a move is with the host, not yet back
    bool stats_counted_ = false;           // this game is in the record against the computer
    std::string standing_;                 // what the record says of games like this one
    KeyCodes codes_{KEY_UP,        KEY_DOWN, KEY_LEFT, KEY_RIGHT, KEY_ENTER,
                    KEY_BACKSPACE, KEY_A1,   KEY_A3,   KEY_C1,    KEY_C3};

    [[nodiscard]] bool seat_is_ai(int p) const {
        return p < static_cast<int>(cfg_.seats.size()) && cfg_.seats[p].ai;
    }
    // A seat played at this keyboard (not the AI's, not a remote player's).
    [[nodiscard]] bool seat_is_local(int p) const {
        return p < static_cast<int>(cfg_.seats.size()) && !cfg_.seats[p].ai &&
               !cfg_.seats[p].remote;
    }
    [[nodiscard]] bool humans_turn() const {
        return !game_.over() && seat_is_local(game_.to_move()) && !move_sent_;
    }
    [[nodiscard]] int human_count() const {
        int n = 0;
        for (int p = 0; p < static_cast<int>(cfg_.seats.size()); ++p) n += seat_is_local(p);
        return n;
    }
    [[nodiscard]] bool networked() const { return host_ || client_; }
    // The headers a saved record keeps beside the game: the seats (not for a puzzle) and the
    // AI's time.
    [[nodiscard]] Options headers() const {
        Options h{{"movetime", std::to_string(cfg_.movetime_ms)}};
        if (!game_.puzzle()) h.insert(h.begin(), {"seats", seats_text(cfg_.seats)});
        if (host_) h.push_back({"host", host_->name()}); // --resume hosts it again
        return h;
    }
    [[nodiscard]] int board_size() const { return game_.rules().size; }

    // What the loop polls, by index.
    enum Source { kKeyboard, kSignals, kWorker, kSources };
    // Readable keyboard, no key, this many times in a row: the input is gone.
    static constexpr int kDeadReads = 50;

    void start();
    [[nodiscard]] int poll_timeout() const;
    void serve(const std::vector<pollfd>& fds); // kSources first, then the network's
    void step_animation();
    void terminal_gone();
    void render();
    void handle_key(int ch);
    void handle_board_key(int ch);
    void handle_click();
    void take_back(Action action);
    void handle_form_key(int ch);
    void handle_signal(int sig);
    void choose_square(int sq);
    void show_choice(const ChooseResult& r, int sq);
    void play(Move m, std::vector<int> path);
    void after_change(bool by_move = false);
    void game_over();
    void record_solve();
    void record_stats();
    [[nodiscard]] std::string save_defaults(const NewGameForm& form, bool& failed);
    void turn_started();
    void start_ai_if_needed();
    void ai_finished();
    void undo_to_human();
    void redo_to_human();
    void hint();
    void show_hint(const solo::Hint& hint);
    void count_figures();
    void open_form();
    void run_command(const std::string& line);
    void typed_move(const std::string& text); // a move typed at the prompt
    void save_to(const std::string& path);
    void load_from(const std::string& path);
    void new_game(const Rules& rules, const std::vector<SeatSpec>& seats, bool first_random);
    void start_puzzle(const std::string& name);
    void adopt(Game game, const Options& headers, const std::string& what);
    void autosave();
    void request_quit();
    void stop_thinking() { worker_.cancel(); }
    void place_cursor();
    void cursor_to_first_human();
    void rebuild_history();
    void show_move(const Position& before, Move m); // animated when it hops

    // Network play (net_play.cpp).
    void add_net_fds(std::vector<pollfd>& fds) const;
    [[nodiscard]] int net_timeout() const;
    void handle_net(const pollfd* fds, std::size_t count);
    void host_events();
    void client_messages();
    void on_host_message(const net::Message& m);
    void moved_here(const Position& before, Move m, int mover); // tell the others
    void play_remote(Move m);                                   // a move from elsewhere
    void net_undo();
    void take_back_to(int seat, int& moves);
    void answer_question(bool yes);
    void give_seat_to_ai(const std::string& arg);
    void say(const std::string& text);
    void net_turn_status();
    void client_gone(const std::string& why, int status);
    [[nodiscard]] std::string seat_words(int p) const;
    [[nodiscard]] std::string wait_words() const;
};

} // namespace halma::tui
