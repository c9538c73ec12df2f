// The running front end: the class App and the parts it owns. Each part keeps its own state
// (the game at the board, the status line with its log and the prompt, the network, the
// club's lobby, the new-game form, the race meter, the clocks, a review with its analysis,
// the standing kept on disk, the pages and the question put, the way out); App's code is
// split by concern:
//   loop.cpp      the loop: poll, signals, the animation, the way out, run_terminal()
//   render.cpp    the scene the screen draws, filled from the parts
//   keys.cpp      a key routed to the screen that is up: board, prompt, form, help, question
//   pages.cpp     the pages of lines (help, the log, the saves), keys and all
//   commands.cpp  the ':' commands, a typed move among them
//   turns.cpp     the game at the board (BoardPlay); moves made here, the computer's moves
//                 and hints, undo and redo, the turn
//   games.cpp     a new game, a puzzle, a loaded game; the new-game form opened; quitting
//   keeping.cpp   what is kept on disk: the autosave, the saves, puzzle scores, the record
//                 against the computer, the defaults
//   net_turns.cpp network play's actions applied to the game and the screen
//   club.cpp      the club's commands, a club game entered and left, an archived game
//                 opened
//   club_play.cpp the lobby's keys and its question (ClubPlay's)
//   review_play.cpp   the review opened, its keys, left, and a game played on from it
//   review_view.cpp   the review's analysis shown and its costliest moves, taken from the
//                     record and kept in its file (ReviewState's)
//   review_learn.cpp  learning from the review: its puzzles, a move tried and judged, the
//                     puzzles solved kept
// A puzzle is played as a one-player game, by the same functions. Internal to the front end;
// app.hpp is the public face.
#pragma once

#include "app/lobby.hpp"
#include "app/net_play.hpp"
#include "files/saves.hpp"
#include "play/chain_builder.hpp"
#include "play/clocks.hpp"
#include "play/keys.hpp"
#include "play/new_game_form.hpp"
#include "play/scene.hpp"
#include "play/status_line.hpp"
#include "review/review.hpp"
#include "screen/theme.hpp"
#include "settings/command_line.hpp"
#include "think/ai_worker.hpp"
#include "think/game_judge.hpp"
#include "think/race_meter.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace halma::app {

using settings::Config;
using settings::SeatSpec;
using Clock = std::chrono::steady_clock;

// The lines of chat the panel of a networked game keeps.
constexpr std::size_t kChatLines = 3;

// What the AI worker is searching for.
enum Purpose { kForMove = 1, kForHint = 2 };

// What a part's action has to say on the status line: a note, an error, or nothing ("").
struct Reply {
    std::string text;
    bool error = false;
};

// A move made elsewhere (the AI, another terminal) being shown hop by hop: the position
// before it and its landings.
struct Animation {
    Position before;
    std::vector<Square> path;
    std::size_t shown = 0; // index of the landing shown now
    Clock::time_point next;
    int frame_ms = 120;
};

// The game at the board, and the board as the player works it: the game, the cursor, the
// move being built, the marks of the last move and of a hint, how far f has turned the view
// in this game, a move made elsewhere being shown hop by hop (turns.cpp), and the move list
// the panel shows, kept in step with the game.
struct BoardPlay {
    Game game;
    Square cursor = 0;
    int turned = 0; // quarter turns
    play::ChainBuilder builder;
    std::vector<Square> last_path, hint_path;
    std::optional<Animation> anim;
    review::MoveList moves;

    explicit BoardPlay(Game g) : game(std::move(g)) {}
    // Another game at the board, with a fresh board: nothing marked, built or shown.
    void replace(Game g);
    // The move list and the last move's mark, from the game.
    void rebuild_history();
    // The cursor on the piece to move nearest the target camp (a puzzle: its first piece).
    void place_cursor();
    // Starts showing a move made elsewhere hop by hop when it hops (before: the position
    // before it); false when there is nothing to show hop by hop.
    [[nodiscard]] bool show(const Position& before, Move m);
    // The next hop of the move shown, once due; true when the showing has just ended.
    [[nodiscard]] bool step(Clock::time_point now);
    // How long until the next hop is due (-1: no move is being shown).
    [[nodiscard]] int next_hop_ms(Clock::time_point now) const;
};

// How the person here stands: the figures a puzzle keeps, and the record against the
// computer, kept on disk by keeping.cpp.
struct Standing {
    int figures_found = -1;     // a puzzle that keeps figures: how many are kept; else -1
    bool stats_counted = false; // this game is in the record against the computer
    bool hints_used = false;    // a hint was given in this game (taking it back keeps this)
    std::string words;          // what the record says of games like this one

    // What keeping a result says: on the status line (as an error or not) and on leaving.
    struct Said {
        std::string status;
        bool error = false;
        std::string on_leaving;
    };
    // Keeps a puzzle solved here in the best-scores file: how it stands against the best.
    [[nodiscard]] Said record_solve(const Game& game);
    // Counts a game that ended here (once) in the record against the computer of the person
    // at this terminal (seats: who played each seat), and keeps how they stand for the panel.
    [[nodiscard]] Said record_stats(const Game& game, const std::vector<SeatSpec>& seats);
    // How many figures the scores file keeps for the puzzle being played, if it keeps figures.
    void count_figures(const Game& game);
};

// Where the loop keeps files, and where the first game came from.
struct Places {
    bool new_game = false;         // the first game is a new one (not loaded or resumed)
    bool resumed = false;          // the game came from the autosave
    bool saved_game_waits = false; // an autosave of another game waits for --resume
    bool autosave_ours = false;    // the autosave holds this run's game (resumed, or written)
    std::string autosave_file;     // where the autosave lives
    std::string prefs_file;        // where the form's choices are saved as defaults
    bool door = false; // a key's session at the club's door: no file here is the player's
};

// The terminal as the loop holds it: the signal pipe, how it draws, and how often in a row
// the keyboard was readable with no key.
struct TerminalState {
    int signal_fd = -1;
    screen::Style style;
    int dead_reads = 0;
};

// A y/n question put on the status line, and what a yes does.
struct Question {
    enum class Then { Quit, QuitUnkept, Replace, Resign, Abort, Claim };
    Then then = Then::Quit;
    std::string text;
    // Replace: what replaces the game in progress once it is kept.
    enum class With { NewGame, Puzzle, File };
    With with = With::NewGame;
    std::string arg; // the puzzle's name or the file's path
};

// Learning from a game reviewed: the positions where a player lost two moves of race or
// more, one after another, each to be answered with a move at most one worse than the best.
struct Learning {
    std::vector<int> moves; // the costly moves (their index in the game), in order
    std::size_t index = 0;  // the one asked now
    Game position;          // the position before it, where a move is looked for
    play::ChainBuilder builder;
    Game tried;               // the position after the move tried, judged by the race meter
    bool judging = false;     // the meter is at work on `tried`
    std::vector<bool> solved; // per puzzle
    std::string note;         // what the last try came to
};

// A game being looked back at, how the review was opened, and its analysis, judged on a
// worker position by position, with what the review shows of it (review_view.cpp).
struct ReviewState {
    std::optional<review::Review> review;
    std::optional<Learning> learn;  // l in the review
    bool leaving_quits = false;     // opened with --review: leaving it ends the run
    Options headers;                // the record's headers, for a game played on from it
    std::vector<std::string> names; // each seat's name in the record loaded, if given
    int costly = -1;                // the costliest move chosen with Tab (its index)
    std::string record_file;        // the file the reviewed record came from: its analysis
                                    // is kept there once made ("": none to keep it in)
    std::string kept_note;          // why a kept analysis was not used, to say on opening
    std::string refused_note;       // the same, said again once the new analysis is kept
    think::GameJudge judge;         // the analysis

    // Each player's moves to go in the position shown as the analysis judged it (nothing to
    // work out again); empty where it has not judged it yet.
    [[nodiscard]] std::vector<int> figures() const;
    // The analysis in the scene: the cost of the move shown and the better move drawn on the
    // board, the chart of every player's moves to go, each player's costliest moves.
    void fill(play::Scene& s) const;
    // Tab: the next of the costliest moves; Enter: to the one chosen (the first if none
    // was). Each returns what to say when there is none to choose ("" once chosen).
    [[nodiscard]] std::string choose_costly();
    [[nodiscard]] std::string go_to_costly();

    // Takes the analysis a record of `game` keeps, when it is this game's and this planner's;
    // kept_note and refused_note say why not.
    void take_kept(const Game& game, std::string_view record_text);
    // Writes the analysis of `game`, once every move is judged, into record_file when that
    // file still holds the game: its record as it was, the old analysis lines replaced.
    [[nodiscard]] Reply keep_analysis(const Game& game);
    // The moves (counted from 1) whose learn puzzles were solved before in `game`, and one
    // kept solved, in the state directory (at the door nothing is kept: none).
    [[nodiscard]] static std::vector<int> learned_before(const Game& game, bool door);
    [[nodiscard]] static Reply keep_learned(const Game& game, int move, bool door);

    // Learning (review_learn.cpp). l: the costly moves of `game` (the one reviewed) by the
    // people's seats (every seat's when the computer played them all) as puzzles, the first
    // unsolved one shown.
    [[nodiscard]] Reply start_learning(const Game& game, const std::vector<SeatSpec>& seats,
                                       bool door);
    // Shows the puzzle `index` of those learn holds.
    void learn_puzzle(std::size_t index);
    // A square chosen in the puzzle shown, as on the board; a move built is tried.
    [[nodiscard]] Reply learn_choose(Square sq);
    // A move tried in the puzzle shown, handed to the judge; what to say when it cannot be
    // tried now ("" once it is).
    [[nodiscard]] std::string learn_try(Move m);
    // The judge's figures for the move tried are in: the note says what it came to. Returns
    // the move newly solved (its number in the game, from 1), to be kept, or 0.
    [[nodiscard]] int learn_judged();
    // The puzzle in the scene: its position, the move being built, the note.
    void fill_learning(play::Scene& s) const;
};

// The pages over the board (help, the message log, the saves folder) as the player has them:
// the screen to go back to, the help page, how far the log is scrolled, the saves listed and
// the one chosen; and the question put.
struct Pages {
    play::Screen back = play::Screen::Board;
    int help_page = 0;
    int log_back = 0; // the log's lines scrolled back from its end
    // Lines the log's page shows instead of the messages (a tournament's standings), until
    // it is left.
    std::vector<std::string> text;
    std::vector<files::SaveEntry> saves;
    int chosen = 0;
    Question question;

    // Opens page over the screen `from` (another page: over the one that was under it),
    // at its top; the saves page lists the saves folder. Returns what went wrong ("": none).
    [[nodiscard]] std::string open(play::Screen page, play::Screen from);
    // What a key on a page comes to: the page stays, is left for `back`, or the save chosen
    // is to be loaded (chosen_file()).
    enum class Then { Stay, Leave, Load };
    [[nodiscard]] Then key(play::Screen shown, play::PageAction a);
    [[nodiscard]] const std::string& chosen_file() const {
        return saves[static_cast<std::size_t>(chosen)].file;
    }
};

// The club game on the board, when there is one: its number, whether this terminal plays it
// (else watches), or whether it is a finished game from the archive, shown at its end.
struct ClubGame {
    long long id = 0;
    bool play = false;
    bool archived = false;
    std::string rematch;     // the seek of the same game with the seats turned ("" watching)
    bool by_days = false;    // correspondence: the clock is a move's due time
    bool tournament = false; // a tournament's game: a first move not made loses it
};

// What a key on the lobby's page comes to that the lobby does not do itself: nothing more, a
// word on the status line, the prompt opened with words typed in it, a command run, or the
// way out.
struct LobbyKey {
    enum class Then { Done, Say, Prompt, Command, Quit } then = Then::Done;
    std::string text; // Say: the word; Prompt: what is typed in it; Command: the command
    bool error = false;
};

// In the club: its lobby, and the club game on the board (club_play.cpp).
struct ClubPlay {
    std::unique_ptr<Lobby> lobby;
    ClubGame game;
    // A y/n question the lobby asks: resign a game, or take over a game played from another
    // connection of this player (lobby_key takes the answer).
    struct Asked {
        enum class What { Resign, TakeOver } what = What::Resign;
        long long game = 0; // 0: nothing asked
    } asked;

    // A key on the lobby's page, when no question is asked and the prompt is closed: the
    // lobby's help put away, a row chosen, the chat scrolled, or what else it comes to.
    [[nodiscard]] LobbyKey key(int ch, const play::KeyCodes& codes);
    // The lobby's question as the status line asks it ("": none asked).
    [[nodiscard]] std::string question() const;
    // The answer to it: y resigns the game, or takes its seat over. What to say.
    [[nodiscard]] Reply answer(bool yes);
};

// What the panel measures beside the game: each player's moves to go (the race meter) and
// the time each seat has spent on its turns.
struct Meters {
    think::RaceMeter race;
    play::SeatClocks clocks;
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
        : cfg_(std::move(cfg)), board_(std::move(game)), term_{signal_fd, style, 0},
          first_random_(!cfg_.first_given), places_(std::move(places)) {
        meters_.race.turn_on(cfg_.display.race_meter);
    }

    // Set up before run(): what the status line says first (an error too long for it wrapped
    // over the key line until the next key, not shortened), what to say on leaving, the
    // network part when this terminal hosts or follows a networked game, and a review to
    // open at once (leaving it ends the run) with the record's headers.
    void say_first(const std::string& text, bool error) { status_.set(text, error, true); }
    void say_on_leaving(const std::string& note) { exit_.note = note; }
    void host(std::unique_ptr<net::Rendezvous> dir, std::unique_ptr<net::Host> host);
    void follow(std::unique_ptr<net::Client> client, Seat my_seat);
    // record_text: the record read (its kept analysis used), record_file: where it came from.
    void review_only(const Options& headers, std::string_view record_text,
                     const std::string& record_file);
    // The analysis a record of the game here keeps, taken for its review.
    void take_kept_analysis(std::string_view record_text) {
        review_.take_kept(board_.game, record_text);
    }
    // The times of a record's "clock" header, for the game it holds, and the players'
    // names its "player1".."playerN" headers give.
    void take_headers(const Options& headers);
    // The club's lobby, open (Lobby::open done): the first screen.
    void club(std::unique_ptr<Lobby> lobby);

    // Plays until the player quits, the terminal goes or a signal ends it; returns the exit
    // status.
    int run();

  private:
    Config cfg_;
    BoardPlay board_; // the game at the board
    TerminalState term_;
    bool first_random_;
    Places places_;
    think::AiWorker worker_;
    play::Screen screen_ = play::Screen::Board;
    play::StatusLine status_;
    std::unique_ptr<play::NewGameForm> form_;
    Standing standing_;
    NetPlay net_;
    ClubPlay club_; // in the club: its lobby and the game on the board
    ExitState exit_;
    Meters meters_; // the race meter and the seat clocks
    ReviewState review_;
    Pages pages_;

    [[nodiscard]] bool seat_is_ai(Seat p) const {
        return p < static_cast<int>(cfg_.seats.size()) && cfg_.seats[p].ai;
    }
    // A seat played at this keyboard (not the AI's, not a remote player's).
    [[nodiscard]] bool seat_is_local(Seat p) const {
        return p < static_cast<int>(cfg_.seats.size()) && !cfg_.seats[p].ai &&
               !cfg_.seats[p].remote;
    }
    [[nodiscard]] bool humans_turn() const {
        return !board_.game.over() && seat_is_local(board_.game.to_move()) && !net_.move_sent() &&
               !net_.ended();
    }
    // A game between people at different terminals, where the computer gives no hints: a
    // club game, a game joined or watched, a hosted game with a seat played elsewhere.
    [[nodiscard]] bool between_people() const {
        if (net_.following() || net_.in_club() || club_.game.id != 0) return true;
        for (const SeatSpec& s : cfg_.seats)
            if (s.remote && net_.hosting()) return true;
        return false;
    }
    [[nodiscard]] int human_count() const {
        int n = 0;
        for (Seat p = 0; p < static_cast<int>(cfg_.seats.size()); ++p) n += seat_is_local(p);
        return n;
    }
    // The seat of the person at this terminal, when there is one: the seat joined, or the one
    // seat played at this keyboard (kNoSeat with none, or several taking turns).
    [[nodiscard]] Seat you() const;
    // How the board is turned on this screen (settings/display.hpp), and the seat whose side the
    // view under --orientation mover shows.
    [[nodiscard]] int view_turns() const;
    [[nodiscard]] Seat mover_side() const;
    // Whether a game is under way that leaving or replacing would lose: moves made, not over,
    // and not a joined game (that one lives at its host).
    // Each seat's name here: the record's (player1..), else for a human seat the one --names
    // (or the config file) gives it; "" for none.
    [[nodiscard]] std::vector<std::string> seat_names() const {
        std::vector<std::string> out = settings::seat_names(cfg_.names, cfg_.seats);
        for (std::size_t p = 0; p < out.size() && p < review_.names.size(); ++p)
            if (!review_.names[p].empty()) out[p] = review_.names[p];
        return out;
    }
    [[nodiscard]] bool game_in_progress() const {
        return !board_.game.over() && board_.game.ply() > 0 && !net_.following();
    }
    // The headers a saved record keeps beside the game: the seats (not for a puzzle), the
    // AI's time, the players' names, and the name a hosted game goes by (--resume hosts it
    // again).
    [[nodiscard]] Options headers() const;
    [[nodiscard]] int board_size() const { return board_.game.rules().size; }

    // loop.cpp
    enum Source { kKeyboard, kSignals, kWorker, kRace, kJudge, kSources }; // what the loop polls
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
    [[nodiscard]] play::PanelView panel(const Game& shown) const;
    [[nodiscard]] play::OverView over_view() const;
    void club_clocks(play::PanelView& v) const;
    void fill_page(play::Scene& s) const;
    [[nodiscard]] const Game& shown_game() const {
        if (screen_ != play::Screen::Review || !review_.review) return board_.game;
        return review_.learn ? review_.learn->position : review_.review->here();
    }

    // keys.cpp
    void handle_key(int ch);
    void board_key(int ch);
    void over_key(int ch);
    void prompt_key(int ch);
    void complete_prompt();
    void form_key(int ch);
    void confirm_key(int ch);
    void take_back(play::Action action);
    void turn_view();
    void ask(Question q);
    // What a part's action said, on the status line (nothing for nothing).
    void tell(const Reply& r) {
        if (!r.text.empty()) status_.set(r.text, r.error);
    }

    // pages.cpp
    void open_page(play::Screen page);
    void page_key(int ch);

    // review_play.cpp
    void open_review();
    void review_key(int ch);
    void learn_key(int ch); // review_learn.cpp
    void play_on();
    void leave_review();

    // commands.cpp
    void run_command(const std::string& line);
    void typed_move(const std::string& text);
    void save_to(const std::string& name);
    void load_named(const std::string& name);
    void load_from(const std::string& path);

    // turns.cpp
    void choose_square(Square sq);
    void show_choice(const play::ChooseResult& r, Square sq);
    void play_here(Move m, std::vector<Square> path);
    [[nodiscard]] bool make_move(Move m);
    void show_move(const Position& before, Move m);
    void after_change(bool by_move = false);
    void game_over();
    void turn_started(bool after_move = false);
    void start_ai_if_needed();
    void ai_finished();
    void undo_to_human();
    void redo_to_human();
    void hint();
    void show_hint(const solo::Hint& hint);
    void stop_thinking() { worker_.cancel(); }
    void cursor_to_first_human();
    [[nodiscard]] std::string wait_words() const;
    void tell_turn(bool after_move);

    // games.cpp
    void open_form();
    void new_game(const Rules& rules, const std::vector<SeatSpec>& seats, bool first_random);
    void start_puzzle(const std::string& name);
    void adopt(Game game, const Options& headers, const std::string& what);
    void replace_game(const Question& q);
    void request_quit();
    void quit_keeping();

    // keeping.cpp
    bool autosave();
    // The game's record, its analysis kept in it once the review has made it.
    [[nodiscard]] std::string record_text() const;
    [[nodiscard]] std::string keep_in_saves(const std::string& prefix);
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
    [[nodiscard]] bool show_club_record(const LobbyAction& a, ClubGame which, Options& headers);
    void enter_club_game(const LobbyAction& a);
    void open_archived(const LobbyAction& a);
    void back_to_lobby(long long rejoin = 0, bool play = false, std::string rematch = {},
                       bool sent_back = false);
    // :resign, :abort, :claim: asked y/n first, then sent; :draw offers at once.
    void ask_result(Question::Then what);
    void send_result(Question::Then what);
    void offer_draw();
    void rematch();
    void club_ended();
};

} // namespace halma::app
