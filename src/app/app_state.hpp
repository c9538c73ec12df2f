// The running front end: the class App and the parts it owns. Each part keeps its own state
// (the status line and prompt, the network, the new-game form, the way out); App's code is
// split by concern:
//   loop.cpp      the loop: poll, signals, the animation, the way out, run_terminal()
//   render.cpp    the scene the screen draws, filled from the parts
//   keys.cpp      a key routed to the screen that is up: board, prompt, form, help, question
//   commands.cpp  the ':' commands, a typed move among them
//   turns.cpp     moves made here, the computer's moves and hints, undo and redo, the turn
//   games.cpp     a new game, a puzzle, a loaded game; the new-game form opened
//   keeping.cpp   what is kept on disk: the autosave, puzzle scores, the record against the
//                 computer, the defaults
//   net_turns.cpp network play's actions applied to the game and the screen
//   club.cpp      the club's lobby: its keys and commands, a club game entered and left,
//                 an archived game opened
// A puzzle is played as a one-player game, by the same functions. Internal to the front end;
// app.hpp is the public face.
#pragma once

#include "app/lobby.hpp"
#include "app/net_play.hpp"
#include "app/status_line.hpp"
#include "play/ai_worker.hpp"
#include "play/chain_builder.hpp"
#include "play/keys.hpp"
#include "play/new_game_form.hpp"
#include "play/scene.hpp"
#include "screen/theme.hpp"
#include "settings/command_line.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace halma::app {

using settings::Config;
using settings::SeatSpec;
using Clock = std::chrono::steady_clock;

// What the AI worker is searching for.
enum Purpose { kForMove = 1, kForHint = 2 };

// A move made elsewhere (the AI, another terminal) being shown hop by hop: the position
// before it and its landings.
struct Animation {
    Position before;
    std::vector<Square> path;
    std::size_t shown = 0; // index of the landing shown now
    Clock::time_point next;
    int frame_ms = 120;
};

// The board as the player works it: the cursor, the move being built, and the marks of the
// last move and of a hint.
struct BoardState {
    Square cursor = 0;
    play::ChainBuilder builder;
    std::vector<Square> last_path, hint_path;
};

// How the person here stands: the figures a puzzle keeps, and the record against the computer.
struct Standing {
    int figures_found = -1;     // a puzzle that keeps figures: how many are kept; else -1
    bool stats_counted = false; // this game is in the record against the computer
    std::string words;          // what the record says of games like this one
};

// Where the loop keeps files.
struct Places {
    bool resumed = false;      // the game came from the autosave
    std::string autosave_file; // where the autosave lives
    std::string prefs_file;    // where the form's choices are saved as defaults
};

// The club game on the board, when there is one: its number, whether this terminal plays it
// (else watches), or whether it is a finished game from the archive, shown at its end.
struct ClubGame {
    long long id = 0;
    bool play = false;
    bool archived = false;
};

// How the run ends: whether to stop, the exit status, and what to say once the terminal is
// restored (note: the config file's faults; message: anything said on the way out).
struct ExitState {
    bool quit = false;
    int code = 0;
    std::string note, message;
};

class App {
  public:
    App(Config cfg, Game game, int signal_fd, screen::Style style, Places places)
        : cfg_(std::move(cfg)), game_(std::move(game)), signal_fd_(signal_fd), style_(style),
          first_random_(!cfg_.first_given), places_(std::move(places)) {}

    // Set up before run(): what the status line says first, what to say on leaving, and the
    // network part when this terminal hosts or follows a networked game.
    void say_first(const std::string& text, bool error) { status_.set(text, error); }
    void say_on_leaving(const std::string& note) { exit_.note = note; }
    void host(std::unique_ptr<net::Rendezvous> dir, std::unique_ptr<net::Host> host);
    void follow(std::unique_ptr<net::Client> client, Seat my_seat);
    // The club's lobby, open (Lobby::open done): the first screen.
    void club(std::unique_ptr<Lobby> lobby);

    // Plays until the player quits, the terminal goes or a signal ends it; returns the exit
    // status.
    int run();

  private:
    Config cfg_;
    Game game_;
    int signal_fd_;
    screen::Style style_;
    bool first_random_;
    Places places_;
    play::AiWorker worker_;
    play::Screen screen_ = play::Screen::Board;
    BoardState board_;
    std::optional<Animation> anim_;
    StatusLine status_;
    std::unique_ptr<play::NewGameForm> form_;
    play::MoveList moves_;
    Standing standing_;
    NetPlay net_;
    std::unique_ptr<Lobby> lobby_; // in the club: its lobby
    ClubGame club_game_;
    ExitState exit_;
    int dead_reads_ = 0; // keyboard reads in a row that were readable but held no key

    [[nodiscard]] bool seat_is_ai(Seat p) const {
        return p < static_cast<int>(cfg_.seats.size()) && cfg_.seats[p].ai;
    }
    // A seat played at this keyboard (not the AI's, not a remote player's).
    [[nodiscard]] bool seat_is_local(Seat p) const {
        return p < static_cast<int>(cfg_.seats.size()) && !cfg_.seats[p].ai &&
               !cfg_.seats[p].remote;
    }
    [[nodiscard]] bool humans_turn() const {
        return !game_.over() && seat_is_local(game_.to_move()) && !net_.move_sent() &&
               !net_.ended();
    }
    [[nodiscard]] int human_count() const {
        int n = 0;
        for (Seat p = 0; p < static_cast<int>(cfg_.seats.size()); ++p) n += seat_is_local(p);
        return n;
    }
    // The headers a saved record keeps beside the game: the seats (not for a puzzle), the
    // AI's time, and the name a hosted game goes by (--resume hosts it again).
    [[nodiscard]] Options headers() const;
    [[nodiscard]] int board_size() const { return game_.rules().size; }

    // loop.cpp
    enum Source { kKeyboard, kSignals, kWorker, kSources }; // what the loop polls, by index
    static constexpr int kDeadReads = 50; // readable with no key this often: input is gone
    void start();
    [[nodiscard]] int poll_timeout() const;
    void serve(const std::vector<pollfd>& fds); // kSources first, then the network's
    void read_keys();
    void step_animation();
    void terminal_gone();
    void handle_signal(int sig);
    void quit(int code);

    // render.cpp
    void render();
    [[nodiscard]] play::Scene scene() const;

    // keys.cpp
    void handle_key(int ch);
    void board_key(int ch);
    void prompt_key(int ch);
    void form_key(int ch);
    void take_back(play::Action action);

    // commands.cpp
    void run_command(const std::string& line);
    void typed_move(const std::string& text);
    void save_to(const std::string& path);
    void load_from(const std::string& path);

    // turns.cpp
    void choose_square(Square sq);
    void show_choice(const play::ChooseResult& r, Square sq);
    void play_here(Move m, std::vector<Square> path);
    [[nodiscard]] bool make_move(Move m);
    void show_move(const Position& before, Move m);
    void after_change(bool by_move = false);
    void game_over();
    void turn_started();
    void start_ai_if_needed();
    void ai_finished();
    void undo_to_human();
    void redo_to_human();
    void hint();
    void show_hint(const solo::Hint& hint);
    void stop_thinking() { worker_.cancel(); }
    void place_cursor();
    void cursor_to_first_human();
    void rebuild_history();
    [[nodiscard]] std::string wait_words() const;

    // games.cpp
    void open_form();
    void new_game(const Rules& rules, const std::vector<SeatSpec>& seats, bool first_random);
    void start_puzzle(const std::string& name);
    void adopt(Game game, const Options& headers, const std::string& what);
    void request_quit();

    // keeping.cpp
    void autosave();
    void record_solve();
    void record_stats();
    void count_figures();
    [[nodiscard]] std::string save_defaults(const play::NewGameForm& form, bool& failed);

    // net_turns.cpp
    void handle_net(const pollfd* fds, std::size_t count);
    void net_actions();
    void apply(const NetAction& a);
    void play_remote(Move m);
    void take_back_to(Seat seat, int& moves);
    void net_turn_status();
    void net_undo();
    void answer_question(bool yes);
    void say(const std::string& text);
    void give_seat_to_ai(const std::string& arg);

    // club.cpp
    void lobby_key(int ch);
    [[nodiscard]] bool club_key(int ch);
    void lobby_actions();
    [[nodiscard]] bool club_command(const play::Command& c);
    [[nodiscard]] bool show_club_record(const LobbyAction& a, ClubGame which);
    void enter_club_game(const LobbyAction& a);
    void open_archived(const LobbyAction& a);
    void back_to_lobby(long long rejoin = 0, bool play = false);
    void resign();
};

} // namespace halma::app
