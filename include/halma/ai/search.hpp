// The search: principal variation search under iterative deepening, over Best-Reply
// Search layers. A "max" layer is the AI's side moving; a "min" layer is every opposing
// seat at once, of which only the one with the best reply moves (Schadd and Winands,
// 2011). With two players that is plain alternating alpha-beta. A partnership game is a game
// of two sides, and a level may search it exactly instead (LevelSettings::turn_order): each
// layer is then the one seat whose turn it is, and with partners adjacent a side has two
// layers running, its score carried up unnegated. When the two sides of a
// 2-player game can no longer meet, a single-agent search looks for the fewest moves home;
// a level that plans (ai/levels.hpp) plans the whole way home instead (ai/race.hpp)
// while the sides are apart, before they meet as well as after.
#pragma once

#include "halma/ai/eval.hpp"
#include "halma/ai/levels.hpp"
#include "halma/ai/limits.hpp"
#include "halma/ai/race.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace halma::ai {

// A fixed list of moves with ordering keys, large enough for three opposing seats.
struct ScoredMoves {
    static constexpr std::size_t kCapacity = 3 * kMaxMoves;
    Move move[kCapacity];
    int key[kCapacity];
    std::size_t size = 0;

    // Brings the best-keyed move of [i, size) to position i.
    void pick(std::size_t i) noexcept {
        std::size_t best = i;
        for (std::size_t j = i + 1; j < size; ++j)
            if (key[j] > key[best]) best = j;
        std::swap(move[i], move[best]);
        std::swap(key[i], key[best]);
    }
};

// One step of a seeded random stream.
[[nodiscard]] inline std::uint64_t next_random(std::uint64_t& state) noexcept {
    return detail::splitmix64(state);
}

class Searcher {
  public:
    using Clock = std::chrono::steady_clock;

    Searcher() : lists_(kMaxPly) {}

    // Chooses a legal move for the player to move (Move::pass() when it must pass). The clock
    // runs from asked, when the move was asked for: building the tables counts too.
    Move choose(const Game& game, const Limits& limits, Clock::time_point asked = Clock::now()) {
        budget_.start = asked;
        info_ = {};
        MoveList list;
        game.legal_moves(list);
        if (list.empty()) return Move::pass();
        if (list.size() == 1) return list[0];
        if (!tables_ || !same_board(game.rules())) tables_ = std::make_unique<Tables>(game.rules());
        rules_ = game.rules();
        State s(game);
        level_ = custom_ ? *custom_ : level_settings(limits.level, rules_);
        turns_ = level_.turn_order && rules_.partners != Partners::None;
        begin(game, repeatable(limits));
        // Any level takes a win that is there.
        for (Move m : list) {
            StateUndo u;
            unsigned w = make(s, m, root_, u);
            unmake(s, u);
            if (w & my_side_) {
                info_.score = kWin - 1;
                return m;
            }
        }
        tables_->exit_urge = level_.exit_urge;
        tables_->outside_cost = level_.outside_cost;
        tables_->partner_block = level_.partner_block;
        tables_->trailer_share = level_.trailer_share;
        if (level_.beginner && limits.depth <= 0) return beginner(s, list);
        const bool plans =
            level_.plans == Plans::Always || (level_.plans == Plans::Apart && rules_.players == 2);
        if (plans && limits.depth <= 0) {
            Move m = race_move(s, list);
            if (!m.is_none()) return m;
        }
        return think(s, list);
    }

    [[nodiscard]] const SearchInfo& info() const noexcept { return info_; }

    // Plays with these settings instead of those of Limits::level (a tuning knob for the
    // match harness); nullptr goes back to the level's own.
    void use_settings(std::optional<LevelSettings> settings) { custom_ = settings; }

    // Forgets what earlier searches learned (a new game).
    void clear() {
        plan_.rest.clear();
        std::fill(tt_.entries.begin(), tt_.entries.end(), Entry{});
        std::fill(order_.history.begin(), order_.history.end(), 0);
    }

  private:
    static constexpr int kMaxPly = 64;
    static constexpr int kContactGap = 2; // fronts nearer than this: the sides are in touch
    enum Bound : std::uint8_t { kNone, kExact, kLower, kUpper };

    struct Entry {
        std::uint64_t key = 0;
        std::int32_t score = 0;
        std::uint16_t move = 0;
        std::int8_t depth = -1;
        std::uint8_t bound = kNone;
    };

    // The transposition table: what the search learned of a position, found by its key.
    struct TransTable {
        static constexpr std::size_t kSize = std::size_t{1} << 18;
        std::vector<Entry> entries = std::vector<Entry>(kSize);
        [[nodiscard]] Entry& at(std::uint64_t key) noexcept { return entries[key & (kSize - 1)]; }
    };

    // What orders a layer's moves beside the ground they gain: the history of the moves that
    // cut the search off (by squares from and to), and each ply's two killer moves.
    struct MoveOrder {
        std::vector<int> history = std::vector<int>(kSquares * kSquares, 0);
        Move killers[kMaxPly][2];
    };

    // The positions a return to which is a repetition: the search path's, by ply, and the
    // game's, sorted.
    struct Seen {
        static constexpr int kContempt = 12; // the AI would rather play on than repeat
        std::uint64_t path[kMaxPly] = {};
        std::vector<std::uint64_t> game;
    };

    // The last race plan after its first move, competing next turn as a line already found.
    struct KeptPlan {
        static constexpr int kMaxMoves = 120; // the longest race plan
        std::vector<Move> rest;
    };

    // Whether the tables built for the last game serve a game of these rules.
    [[nodiscard]] bool same_board(const Rules& r) const noexcept {
        return r.players == rules_.players && r.size == rules_.size && r.camps == rules_.camps;
    }

    // The limits a search keeps to: as given, or for a repeatable game the node budget that
    // stands for the clock, and no clock.
    [[nodiscard]] Limits repeatable(Limits limits) const noexcept {
        if (!limits.repeatable) return limits;
        if (limits.nodes == 0) limits.nodes = repeatable_nodes(level_, rules_, limits.movetime_ms);
        limits.movetime_ms = kMaxMovetimeMs;
        return limits;
    }

    // Sets up one search: the root seat and side, the clock, the history of the game.
    void begin(const Game& game, const Limits& limits) {
        root_ = game.to_move();
        my_side_ = game.side_mask(root_);
        limits_ = limits;
        budget_.nodes = 0;
        budget_.stopped = false;
        random_ = limits.seed * 0x9E3779B97F4A7C15ULL + 0x6A09E667F3BCC909ULL;
        for (auto& k : order_.killers) k[0] = k[1] = Move::none();
        // The positions played so far, as search keys: a return to one is a repetition.
        seen_.game.clear();
        Game g = game;
        for (;;) {
            int p = g.to_move();
            bool mine = (my_side_ >> p) & 1;
            seen_.game.push_back(pieces_key(g.position()) ^ layer_key(mine) ^ seat_key(p));
            if (!g.can_undo()) break;
            g.unmake();
        }
        std::sort(seen_.game.begin(), seen_.game.end());
        for (auto& h : order_.history) h /= 8;
    }

    // The level's depth, node budget and time budget, as Limits may override them.
    void budgets(int& depth, std::uint64_t& nodes, long& ms) const {
        depth = std::min(limits_.depth > 0 ? limits_.depth : level_.depth, kMaxPly - 4);
        nodes = limits_.nodes > 0 ? limits_.nodes : level_.nodes;
        ms = time_budget_ms();
    }

    // The time the level may think, in milliseconds: its part of movetime (or of its cap,
    // which a node budget from Limits lifts: the budget, not the clock, then ends the search).
    [[nodiscard]] long time_budget_ms() const noexcept {
        int ms = search_budget_ms(limits_.movetime_ms);
        if (level_.most_ms > 0 && limits_.nodes == 0) ms = std::min(ms, level_.most_ms);
        return std::max(1, ms / level_.time_divisor);
    }

    // Level 1: a beginner. It looks one or two of its own moves ahead (beginner_rules()) at
    // its own pieces only (never at what the opponent might do) and picks at random among the
    // forward moves nearly as good as its best, now and then any forward move. Its own count
    // of the position (laggards, the evacuation deadline, the camp) keeps it from absurd
    // moves; the second move lets it make room in its camp for a last piece that cannot
    // step straight in.
    Move beginner(State& s, const MoveList& list) {
        const BeginnerRules rules = beginner_rules(s.rules.size);
        const int owner = s.owner_of(root_);
        int cost[kMaxMoves];
        int best = kInfinity;
        for (std::size_t i = 0; i < list.size(); ++i) {
            cost[i] = cost_ahead(s, owner, list[i], rules.moves_ahead > 1);
            best = std::min(best, cost[i]);
        }
        const bool wander = static_cast<int>(next_random(random_) % 100) < rules.wander_percent;
        Move pick[kMaxMoves];
        std::size_t n = 0;
        for (std::size_t i = 0; i < list.size(); ++i) {
            int g = gain(*tables_, owner, list[i]);
            bool near_best = cost[i] == best || (cost[i] <= best + rules.near_best && g > 0);
            bool forward = wander && g > 0 && cost[i] <= best + rules.wander_slack;
            if (near_best || forward) pick[n++] = list[i];
        }
        return pick[next_random(random_) % n]; // n > 0: the best move is always a pick
    }

    // The owner's cost after its move m, and (two) after the best move of its own after it
    // (0 for a win).
    int cost_ahead(State& s, int owner, Move m, bool two) {
        StateUndo u;
        const unsigned won = make(s, m, root_, u);
        int best = won & my_side_ ? 0 : player_cost(s, *tables_, owner);
        if (two && best > 0 && !s.is_finished(owner)) {
            MoveList next;
            generate_moves(s.pos, s.rules, s.camps, owner, next);
            for (Move n : next) {
                StateUndo v;
                const unsigned then = make(s, n, root_, v);
                best = std::min(best, then & my_side_ ? 0 : player_cost(s, *tables_, owner));
                unmake(s, v);
            }
        }
        unmake(s, u);
        return best;
    }

    // A level that plans (LevelSettings::plans): the first move of a plan of every move
    // home (ai/race.hpp), the rest of the last plan competing as a line already found.
    // Move::none() when an opponent threatens to win next move, and in a 2-player game while
    // the sides are in touch unless the level plans always: the search, which sees the
    // opponents, decides then. A plan must not start with a move of list that lets an
    // opponent win at once: in a 2-player game such moves are barred from the plan; at a
    // full table the plan gives way to the search instead.
    Move race_move(State& s, const MoveList& list) {
        const int owner = s.owner_of(root_);
        if (s.is_finished(owner) || opponent_wins_next(s)) return Move::none();
        if (level_.plans == Plans::Apart && !sides_apart(s) && front_gap(s) < kContactGap) {
            plan_.rest.clear();
            return Move::none();
        }
        info_.race = true;
        int depth;
        std::uint64_t nodes; // the search's node budget serves as the positions a plan may make
        long ms;
        budgets(depth, nodes, ms);
        std::vector<Move> barred;
        if (s.rules.players == 2 && opponent_nearly_home(s))
            for (Move m : list)
                if (lets_win(s, m)) barred.push_back(m);
        if (plan_.rest.empty() && level_.best_crossing) plan_.rest = best_crossing_rest(s, owner);
        RacePlanner planner;
        RacePlan plan = planner.plan(
            s, *tables_, owner, KeptPlan::kMaxMoves,
            {budget_.start + std::chrono::milliseconds(ms * 9 / 10), nodes, limits_.stop},
            plan_.rest, barred);
        plan_.rest.clear();
        if (plan.moves.size() > 1) plan_.rest.assign(plan.moves.begin() + 1, plan.moves.end());
        info_.nodes = plan.nodes;
        info_.depth = static_cast<int>(plan.moves.size());
        info_.score = plan.home ? kWin - 2 * info_.depth : -plan.cost;
        if (plan.moves.empty() || lets_win(s, plan.moves.front())) return Move::none();
        return plan.moves.front();
    }

    // Whether an opponent's target camp lacks at most two squares (empty, or holding a piece
    // that fills nothing for it): the AI's move fills at most one of them for it, and its
    // own move one more. Otherwise no move of the AI lets it win at once.
    [[nodiscard]] bool opponent_nearly_home(const State& s) const noexcept {
        for (int q = 0; q < s.rules.players; ++q) {
            if (((my_side_ >> q) & 1) || !s.active(q)) continue;
            const int o = s.owner_of(q);
            if (s.is_finished(o)) continue;
            if (camp_missing(s.pos, s.rules, s.camps, o).count() <= 2) return true;
        }
        return false;
    }

    // Whether the AI's move m lets an opponent win at once: m itself fills the last square of
    // an opponent's camp (under fill an opponent's piece completes it), or an opposing seat
    // then has a move that wins.
    [[nodiscard]] bool lets_win(State& s, Move m) const {
        StateUndo u;
        const unsigned winners = make(s, m, root_, u);
        const bool lost = !(winners & my_side_) && ((winners & ~my_side_) || opponent_wins_next(s));
        unmake(s, u);
        return lost;
    }

    // How far apart the sides' fronts still are, in squares along the board (below 0 once
    // they have passed each other).
    [[nodiscard]] int front_gap(const State& s) const noexcept {
        const int me = root_, them = 1 - root_;
        int my_front = 1 << 20, their_front = 1 << 20;
        for_each_square(s.pos.pieces(me),
                        [&](int sq) { my_front = std::min(my_front, manhattan(s, me, sq)); });
        for_each_square(s.pos.pieces(them), [&](int sq) {
            their_front = std::min(their_front, manhattan(s, them, sq));
        });
        // Their camp is the AI's home: the corners are a span apart.
        return my_front + their_front - 2 * (s.rules.size - 1);
    }

    // Whether a seat of an opposing side has a move that wins at once.
    [[nodiscard]] bool opponent_wins_next(State& s) const {
        for (int q = 0; q < s.rules.players; ++q) {
            if (((my_side_ >> q) & 1) || !s.active(q)) continue;
            const int o = s.owner_of(q);
            if (s.is_finished(o)) continue;
            MoveList ml;
            generate_moves(s.pos, s.rules, s.camps, o, ml);
            for (Move m : ml) {
                StateUndo u;
                const unsigned w = make(s, m, q, u);
                unmake(s, u);
                if (w & ~my_side_) return true;
            }
        }
        return false;
    }

    // Levels 2 to 5: iterative deepening from depth 1 to the level's depth, within its
    // node and time budgets; a cut-short iteration still counts where it found better.
    Move think(State& s, const MoveList& list) {
        int max_depth;
        std::uint64_t node_budget;
        long ms;
        budgets(max_depth, node_budget, ms);
        budget_.node_limit = node_budget;
        budget_.deadline = budget_.start + std::chrono::milliseconds(ms);

        // Root moves, ordered by ground gained; a small seeded bonus varies equal choices.
        const int owner = s.owner_of(root_);
        roots_.count = list.size();
        for (std::size_t i = 0; i < list.size(); ++i) {
            roots_.move[i] = list[i];
            roots_.bonus[i] = static_cast<int>(next_random(random_) % level_.root_noise) -
                              (idle_at_home(s, owner, list[i]) ? level_.idle_at_home : 0);
            roots_.key[i] = gain(*tables_, owner, list[i]) * 16 + roots_.bonus[i];
        }
        sort_root(0);
        race_ = rules_.players == 2 && sides_apart(s);
        info_.race = race_;
        Move best = roots_.move[0];
        int best_score = -kInfinity;
        for (int depth = 1; depth <= max_depth; ++depth) {
            int score = race_ ? race_root(s, depth) : root_search(s, depth);
            if (budget_.stopped) {
                // A cut-short iteration: keep its move only if its first move was searched.
                if (roots_.partial_best >= 0) {
                    best = roots_.move[roots_.partial_best];
                    best_score = roots_.partial_score;
                }
                info_.stopped = true;
                break;
            }
            best = roots_.move[0];
            best_score = score;
            info_.depth = depth;
            if (std::abs(score) > kWinBound) break;
            if (level_.finish_only &&
                Clock::now() > budget_.start + std::chrono::milliseconds(ms) * 6 / 10)
                break;
        }
        info_.nodes = budget_.nodes;
        info_.score = best_score;
        return best;
    }

    // Whether m moves a piece of owner inside its home camp without bringing it nearer its
    // target: the piece must leave home anyway, and a move that keeps it there gains nothing
    // but a set-up the search may value (a root move like that pays the level's
    // idle_at_home).
    [[nodiscard]] bool idle_at_home(const State& s, int owner, Move m) const noexcept {
        const Bitboard& home = s.camps.home[owner];
        return home.test(m.from()) && home.test(m.to()) && gain(*tables_, owner, m) <= 0;
    }

    // Sorts root moves from index from by key, highest first (stable for repeatability).
    void sort_root(std::size_t from) {
        for (std::size_t i = from + 1; i < roots_.count; ++i)
            for (std::size_t j = i; j > from && roots_.key[j] > roots_.key[j - 1]; --j) {
                std::swap(roots_.move[j], roots_.move[j - 1]);
                std::swap(roots_.key[j], roots_.key[j - 1]);
                std::swap(roots_.bonus[j], roots_.bonus[j - 1]);
            }
    }

    // Moves the move at index i to the front of the root list.
    void to_front(std::size_t i) {
        for (; i > 0; --i) {
            std::swap(roots_.move[i], roots_.move[i - 1]);
            std::swap(roots_.key[i], roots_.key[i - 1]);
            std::swap(roots_.bonus[i], roots_.bonus[i - 1]);
        }
    }

    // One iteration at the root: every root move, best first, by PVS.
    int root_search(State& s, int depth) {
        int alpha = -kInfinity, beta = kInfinity;
        roots_.partial_best = -1;
        const int seat = turns_ ? root_ : -1;
        seen_.path[0] = pieces_key(s.pos) ^ layer_key(true) ^ seat_key(seat);
        for (std::size_t i = 0; i < roots_.count; ++i) {
            Move m = roots_.move[i];
            StateUndo u;
            unsigned w = make(s, m, root_, u);
            int bonus = roots_.bonus[i], score;
            if (w) {
                score = (w & my_side_) ? kWin - 1 : -(kWin - 1);
            } else if (i == 0) {
                score = bonus + reply(s, depth - 1, alpha - bonus, beta - bonus, 1, true, seat);
            } else {
                score =
                    bonus + reply(s, depth - 1, alpha - bonus, alpha - bonus + 1, 1, true, seat);
                if (!budget_.stopped && score > alpha)
                    score = bonus + reply(s, depth - 1, alpha - bonus, beta - bonus, 1, true, seat);
            }
            unmake(s, u);
            if (budget_.stopped) break;
            if (score > alpha) {
                alpha = score;
                to_front(i);
                roots_.partial_best = 0;
                roots_.partial_score = score;
            }
        }
        return alpha;
    }

    // The key of a position's pieces alone, without the player to move.
    [[nodiscard]] static std::uint64_t pieces_key(const Position& pos) noexcept {
        return pos.hash() ^ kZobrist.to_move[pos.to_move()];
    }

    // A key telling the layers (and the AI's side) apart in the table.
    [[nodiscard]] std::uint64_t layer_key(bool mine) const noexcept {
        std::uint64_t k = 0x5bd1e9955bd1e995ULL * (my_side_ + 1);
        return mine ? k : ~k;
    }

    // A key telling the seat to move apart when the layers follow the turns (0 otherwise).
    [[nodiscard]] std::uint64_t seat_key(int seat) const noexcept {
        return turns_ && seat >= 0 ? 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(seat + 1)
                                   : 0;
    }

    // The layer after one of seat's (-1: a Best-Reply layer): the next seat to play when the
    // layers follow the turns, or the other side's Best-Reply layer.
    [[nodiscard]] int next_seat(const State& s, int seat) const noexcept {
        return seat < 0 ? -1 : next_active_seat(s.rules.players, s.dropped, seat);
    }

    // The value for a layer (mine, seat) of the position after its move, searched depth layers
    // deep with the window (alpha, beta) of that layer: the next layer's value, negated when
    // the next layer is the other side's (at a partnership table a side may move twice).
    int reply(State& s, int depth, int alpha, int beta, int ply, bool mine, int seat,
              bool passed = false) {
        const int next = next_seat(s, seat);
        const bool next_mine = next < 0 ? !mine : ((my_side_ >> next) & 1) != 0;
        if (next_mine == mine) return search(s, depth, alpha, beta, ply, mine, next, passed);
        return -search(s, depth, -beta, -alpha, ply, next_mine, next, passed);
    }

    // Whether the search must stop: the stop flag, the clock, or the node budget.
    bool check_stop() noexcept {
        if (budget_.node_limit && budget_.nodes >= budget_.node_limit) budget_.stopped = true;
        if ((budget_.nodes & 31) == 0) { // a node of a full table's search costs some 10 us
            if (limits_.stop && limits_.stop->load(std::memory_order_relaxed))
                budget_.stopped = true;
            if (Clock::now() >= budget_.deadline) budget_.stopped = true;
        }
        return budget_.stopped;
    }

    // Whether key repeats a position of the game or of the current search path.
    [[nodiscard]] bool repeated(std::uint64_t key, int ply) const noexcept {
        for (int i = ply - 2; i >= 0; i -= 2)
            if (seen_.path[i] == key) return true;
        return std::binary_search(seen_.game.begin(), seen_.game.end(), key);
    }

    // Fills list with the moves of a layer: the AI's side (mine) or every opposing seat, or
    // the one seat to move when the layers follow the turns.
    void layer_moves(const State& s, bool mine, int seat, ScoredMoves& list, int ply,
                     Move tt_move) {
        list.size = 0;
        unsigned owners = 0;
        const int only = ply == 0 ? root_ : seat;
        for (int q = 0; q < s.rules.players; ++q) {
            if (!s.active(q) || (((my_side_ >> q) & 1) != mine)) continue;
            if (only >= 0 && q != only) continue;
            int o = s.owner_of(q);
            if (s.is_finished(o) || ((owners >> o) & 1)) continue;
            owners |= 1u << o;
            MoveList ml;
            generate_moves(s.pos, s.rules, s.camps, o, ml);
            for (Move m : ml) {
                int k = gain(*tables_, o, m) * 1024 + order_.history[m.from() * kSquares + m.to()];
                if (m == tt_move)
                    k = 1 << 30;
                else if (m == order_.killers[ply][0])
                    k += 2048;
                else if (m == order_.killers[ply][1])
                    k += 1024;
                list.move[list.size] = m;
                list.key[list.size++] = k;
            }
        }
    }

    // The seat that plays a move: the owner of the piece, or its finished partner.
    [[nodiscard]] int seat_of_move(const State& s, Move m) const noexcept {
        int o = s.pos.at(m.from());
        if (s.owner_of(o) == o) return o;
        return s.rules.partner(o);
    }

    // The value of a position for the layer to move (the AI's side or not, and the seat when
    // the layers follow the turns), searched depth layers deep.
    int search(State& s, int depth, int alpha, int beta, int ply, bool mine, int seat,
               bool passed = false) {
        ++budget_.nodes;
        if (check_stop()) return 0;
        const std::uint64_t key = pieces_key(s.pos) ^ layer_key(mine) ^ seat_key(seat);
        if (repeated(key, ply)) return mine ? -Seen::kContempt : Seen::kContempt;
        if (depth <= 0 || ply >= kMaxPly - 1) {
            int e = evaluate(s, *tables_, root_, level_.opponent_weight);
            return (mine ? e : -e) + kTempo;
        }
        seen_.path[ply] = key;
        const bool pv = beta - alpha > 1;
        Entry& e = tt_.at(key);
        Move tt_move = Move::none();
        if (e.key == key) {
            tt_move = Move::raw(e.move);
            if (!pv && e.depth >= depth) {
                int sc = from_table(e.score, ply);
                if (e.bound == kExact || (e.bound == kLower && sc >= beta) ||
                    (e.bound == kUpper && sc <= alpha))
                    return sc;
            }
        }
        ScoredMoves* list = &lists_[ply];
        layer_moves(s, mine, seat, *list, ply, tt_move);
        if (list->size == 0) {
            // The whole layer must pass; two passing layers in a row end the line here.
            if (passed) {
                int ev = evaluate(s, *tables_, root_, level_.opponent_weight);
                return mine ? ev : -ev;
            }
            return reply(s, depth - 1, alpha, beta, ply + 1, mine, seat, true);
        }
        const int alpha0 = alpha;
        int best = -kInfinity;
        Move best_move = Move::none();
        for (std::size_t i = 0; i < list->size; ++i) {
            list->pick(i);
            Move m = list->move[i];
            StateUndo u;
            unsigned w = make(s, m, seat_of_move(s, m), u);
            int score;
            if (w) {
                int v = (w & my_side_) ? kWin - ply - 1 : -(kWin - ply - 1);
                score = mine ? v : -v;
            } else if (i == 0) {
                score = reply(s, depth - 1, alpha, beta, ply + 1, mine, seat);
            } else {
                // Late moves that lose ground are searched one layer shallower first.
                int r = (depth >= 3 && i >= 4 && list->key[i] < 1024 * 3) ? 1 : 0;
                score = reply(s, depth - 1 - r, alpha, alpha + 1, ply + 1, mine, seat);
                if (r && score > alpha && !budget_.stopped)
                    score = reply(s, depth - 1, alpha, alpha + 1, ply + 1, mine, seat);
                if (score > alpha && score < beta && !budget_.stopped)
                    score = reply(s, depth - 1, alpha, beta, ply + 1, mine, seat);
            }
            unmake(s, u);
            if (budget_.stopped) return 0;
            if (score > best) {
                best = score;
                best_move = m;
                if (score > alpha) {
                    alpha = score;
                    if (alpha >= beta) {
                        if (m != order_.killers[ply][0]) {
                            order_.killers[ply][1] = order_.killers[ply][0];
                            order_.killers[ply][0] = m;
                        }
                        int& h = order_.history[m.from() * kSquares + m.to()];
                        h = std::min(h + depth * depth, 1000);
                        break;
                    }
                }
            }
        }
        store(e, key, best, depth,
              best <= alpha0 ? kUpper
              : best >= beta ? kLower
                             : kExact,
              best_move, ply);
        return best;
    }

    // Keeps a result in the table, preferring deeper and newer ones.
    void store(Entry& e, std::uint64_t key, int score, int depth, Bound bound, Move m, int ply) {
        if (e.key == key && e.depth > depth && bound != kExact) return;
        e.key = key;
        e.score = to_table(score, ply);
        e.move = m.bits();
        e.depth = static_cast<std::int8_t>(depth);
        e.bound = bound;
    }

    // Win scores are stored relative to the node, so they stay right at any ply.
    [[nodiscard]] static int to_table(int score, int ply) noexcept {
        return score > kWinBound ? score + ply : score < -kWinBound ? score - ply : score;
    }
    [[nodiscard]] static int from_table(int score, int ply) noexcept {
        return score > kWinBound ? score - ply : score < -kWinBound ? score + ply : score;
    }

    // Whether no piece of one side can ever again hop over or block a piece of the other:
    // every piece of the AI lies beyond every opposing piece on the way to its camp.
    [[nodiscard]] bool sides_apart(const State& s) const noexcept {
        const int me = s.owner_of(root_), them = 1 - me;
        int my_worst = 0, their_best = 1 << 20;
        for_each_square(s.pos.pieces(me),
                        [&](int sq) { my_worst = std::max(my_worst, manhattan(s, me, sq)); });
        for_each_square(s.pos.pieces(them),
                        [&](int sq) { their_best = std::min(their_best, manhattan(s, me, sq)); });
        return their_best > my_worst + 2;
    }

    // The Manhattan distance from sq to p's target corner.
    [[nodiscard]] static int manhattan(const State& s, int p, int sq) noexcept {
        const int corner = target_corner(s.rules, p);
        return std::abs(file_of(sq) - file_of(corner)) + std::abs(rank_of(sq) - rank_of(corner));
    }

    // A race iteration at the root: the AI's moves only, fewest moves home.
    int race_root(State& s, int depth) {
        roots_.partial_best = -1;
        int best = -kInfinity;
        seen_.path[0] = pieces_key(s.pos) ^ layer_key(true);
        for (std::size_t i = 0; i < roots_.count; ++i) {
            StateUndo u;
            unsigned w = make(s, roots_.move[i], root_, u);
            int score = w ? kWin - 1 : race(s, depth - 1, 1) + roots_.bonus[i];
            unmake(s, u);
            if (budget_.stopped) break;
            if (score > best) {
                best = score;
                to_front(i);
                roots_.partial_best = 0;
                roots_.partial_score = score;
            }
        }
        return best;
    }

    // The best the AI can do alone in depth more moves: home sooner, or nearer to it.
    int race(State& s, int depth, int ply) {
        ++budget_.nodes;
        if (check_stop()) return 0;
        const int me = s.owner_of(root_);
        const std::uint64_t key = pieces_key(s.pos) ^ layer_key(true) ^ 0x7261636521ULL;
        // A position seen before (in this line, or in the game with the opponent to move)
        // leads nowhere: the race never goes round in circles.
        for (int i = ply - 1; i >= 1; --i)
            if (seen_.path[i] == key) return -kInfinity / 2;
        if (std::binary_search(seen_.game.begin(), seen_.game.end(),
                               pieces_key(s.pos) ^ layer_key(false)))
            return -kInfinity / 2;
        // The value of a line sums the costs along it, so gains made sooner count for more
        // and no move is spent on a set-up that could wait.
        const int here = -player_cost(s, *tables_, me);
        if (depth <= 0 || ply >= kMaxPly - 1) return here;
        seen_.path[ply] = key;
        Entry& e = tt_.at(key);
        if (e.key == key && e.depth >= depth && e.bound == kExact) return from_table(e.score, ply);
        ScoredMoves* list = &lists_[ply];
        list->size = 0;
        MoveList ml;
        generate_moves(s.pos, s.rules, s.camps, me, ml);
        for (Move m : ml) {
            list->move[list->size] = m;
            list->key[list->size++] = gain(*tables_, me, m);
        }
        if (list->size == 0) return here;
        int best = -kInfinity;
        const std::size_t width = std::min<std::size_t>(list->size, 10);
        for (std::size_t i = 0; i < width; ++i) {
            list->pick(i);
            StateUndo u;
            unsigned w = make(s, list->move[i], root_, u);
            int score = (w & my_side_) ? kWin - ply - 1 : race(s, depth - 1, ply + 1);
            unmake(s, u);
            if (budget_.stopped) return 0;
            best = std::max(best, score);
        }
        if (best > -kInfinity / 4 && best < kWinBound) best += here;
        e.key = key;
        e.score = to_table(best, ply);
        e.depth = static_cast<std::int8_t>(depth);
        e.bound = kExact;
        return best;
    }

    // When the search stops: the clock and the node budget, and whether either has run out.
    struct Budget {
        Clock::time_point start, deadline;
        std::uint64_t nodes = 0, node_limit = 0; // node_limit 0: no budget
        bool stopped = false;
    };

    // The root's moves in the order the next iteration tries them, and the best of an
    // iteration the clock cut short (partial_best -1: none yet).
    struct RootMoves {
        Move move[kMaxMoves];
        int key[kMaxMoves] = {}, bonus[kMaxMoves] = {};
        std::size_t count = 0;
        int partial_best = -1, partial_score = 0;
    };

    TransTable tt_;
    MoveOrder order_;
    std::vector<ScoredMoves> lists_; // one per ply, reused
    std::unique_ptr<Tables> tables_;
    Rules rules_;
    Limits limits_;
    SearchInfo info_;
    LevelSettings level_;                 // the settings in force
    std::optional<LevelSettings> custom_; // use_settings()
    int root_ = 0;
    unsigned my_side_ = 1;
    Budget budget_;
    std::uint64_t random_ = 0;
    bool race_ = false;
    bool turns_ = false; // the layers follow the turns (LevelSettings::turn_order)
    Seen seen_;
    KeptPlan plan_;
    RootMoves roots_;
};

} // namespace halma::ai
