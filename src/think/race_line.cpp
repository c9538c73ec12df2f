#include "think/race_line.hpp"

#include <algorithm>

namespace halma::think {

LineCheck::LineCheck(const Game& game, Seat seat)
    : rules_(&game.rules()), camps_(&game.camps()), seat_(seat), board_(game.position()),
      own_(game.position().pieces(seat)), goal_(game.camps().target[seat]) {}

bool LineCheck::legal(const Bitboard& own, Move m, bool first) const {
    if (m.is_none() || m.is_pass() || m.from() == m.to() || !own.test(m.from())) return false;
    return reach(own, m.from(), first).test(m.to());
}

bool LineCheck::replays_from(const std::vector<Move>& line, std::size_t from, Bitboard pieces,
                             bool first_alone) const {
    for (std::size_t i = from; i < line.size(); ++i) {
        if (home(pieces)) return false;
        if (!legal(pieces, line[i], i == 0) &&
            !(i == 0 && first_alone && legal(pieces, line[i], false)))
            return false;
        pieces.reset(line[i].from());
        pieces.set(line[i].to());
    }
    return home(pieces);
}

bool LineCheck::replays(const std::vector<Move>& line) const {
    return replays_from(line, 0, own_, false);
}

bool LineCheck::carries(const std::vector<Move>& line) const {
    return replays_from(line, 0, own_, true);
}

std::vector<Bitboard> LineCheck::states(const std::vector<Move>& line) const {
    std::vector<Bitboard> out{own_};
    for (Move m : line) {
        Bitboard next = out.back();
        next.reset(m.from());
        next.set(m.to());
        out.push_back(next);
    }
    return out;
}

std::vector<Move> LineCheck::shortened(std::vector<Move> line) const {
    constexpr int kMostRounds = 12; // each round takes a move off; few lines have more to give
    for (int round = 0; round < kMostRounds; ++round) {
        // The pieces before each move.
        const std::vector<Bitboard> before = states(line);
        bool found = false;
        for (std::size_t i = 0; i < line.size() && !found; ++i) {
            // The same piece's next move: the next to start where this one ends.
            std::size_t j = i + 1;
            while (j < line.size() && line[j].from() != line[i].to()) ++j;
            if (j == line.size()) continue;
            const Move merged(line[i].from(), line[j].to());
            // The merged move made where the first was, or where the second was.
            for (const bool early : {true, false}) {
                std::vector<Move> tried = line;
                if (merged.from() == merged.to()) {
                    tried.erase(tried.begin() + static_cast<std::ptrdiff_t>(j));
                    tried.erase(tried.begin() + static_cast<std::ptrdiff_t>(i));
                } else {
                    tried[early ? i : j] = merged;
                    tried.erase(tried.begin() + static_cast<std::ptrdiff_t>(early ? j : i));
                }
                if (replays_from(tried, i, before[i], true)) {
                    line = std::move(tried);
                    found = true;
                    break;
                }
            }
        }
        if (!found) break;
    }
    return line;
}

namespace {

// The lines from the pieces after a move a-b made of old, a line from the pieces before it.
// The old line is walked with the pieces as they now stand, which differ from the line's by
// squares missing and as many extra (first a and b); where only one differs, at every point
// the difference may be ended by a move from the extra square to the missing one (at the
// start, the move undone), and each such end gives a line. Along the walk:
//  - a move of the line onto an extra square is needless (a piece stands there already):
//    left out, and that extra square becomes the one it came from;
//  - a move of the line from a missing square is made from an extra one if that is legal,
//    which ends that difference; or else left out too, the missing square becoming where it
//    went;
//  - any other move is made as the line makes it if it is still legal, else by an extra
//    piece if one can (the square it came from becoming extra), else in two moves, else left
//    out for now (its landing missing, its piece extra);
//  - where several differ, a move from an extra square to a missing one is made as soon as
//    it is legal;
//  - at each of the first points, with one difference, the extra piece may also make one
//    move of its own, from where the walk goes on (a way round for it, not back).
class Absorber {
  public:
    // starts: whether the lines found start here (their first move is then made among every
    // piece).
    Absorber(const LineCheck& check, const std::vector<Move>& old, bool starts)
        : check_(check), old_(old), starts_(starts) {}

    // The lines from pieces, just after played; reroutes: how many moves of its own the extra
    // piece may make.
    [[nodiscard]] KnownLines lines(Bitboard pieces, Move played, int reroutes) {
        walk({pieces, {played.from()}, {played.to()}, 0, {}}, reroutes);
        return std::move(out_);
    }

  private:
    struct Walk {
        Bitboard pieces;
        std::vector<int> missing, extra;
        std::size_t t; // the next move of the old line
        std::vector<Move> made;
    };
    static constexpr std::size_t kRerouteHorizon = 10; // points of the line a way round starts at
    static constexpr int kMostWalks = 400;             // ways round tried in all
    static constexpr std::size_t kMostApart = 3;       // squares differing, beyond: given up

    [[nodiscard]] bool legal(const Walk& w, Move m) const {
        return check_.legal(w.pieces, m, starts_ && w.made.empty());
    }
    void keep(const Walk& w, Move bridge, std::size_t rest) {
        std::vector<Move> line = w.made;
        if (!bridge.is_none()) line.push_back(bridge);
        line.insert(line.end(), old_.begin() + static_cast<std::ptrdiff_t>(rest), old_.end());
        out_.push_back(std::move(line));
    }
    static void make(Walk& w, Move m) {
        w.made.push_back(m);
        w.pieces.reset(m.from());
        w.pieces.set(m.to());
    }
    // The index of the first extra square whose piece can move to sq, or -1.
    [[nodiscard]] int extra_reaching(const Walk& w, int sq) const {
        for (std::size_t i = 0; i < w.extra.size(); ++i)
            if (legal(w, Move(w.extra[i], sq))) return static_cast<int>(i);
        return -1;
    }
    static void erase(std::vector<int>& v, std::size_t i) {
        v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
    }
    // Differences ended by moves from extra squares to missing ones, while any is legal.
    void bridge_all(Walk& w) const {
        for (std::size_t i = 0; i < w.missing.size();) {
            const int e = extra_reaching(w, w.missing[i]);
            if (e < 0) {
                ++i;
                continue;
            }
            make(w, Move(w.extra[static_cast<std::size_t>(e)], w.missing[i]));
            erase(w.extra, static_cast<std::size_t>(e));
            erase(w.missing, i);
        }
    }
    // A move of the line no longer legal made in two, by way of a square the piece can reach.
    bool detour(Walk& w, Move m) const {
        const Bitboard via = check_.reach(w.pieces, m.from(), starts_ && w.made.empty());
        bool done = false;
        for_each_square(via, [&](int sq) {
            if (done) return;
            Walk there = w;
            make(there, Move(m.from(), sq));
            if (!legal(there, Move(sq, m.to()))) return;
            make(there, Move(sq, m.to()));
            w = std::move(there);
            done = true;
        });
        return done;
    }
    void reroute(const Walk& w, int reroutes) {
        const int extra = w.extra.front();
        const Bitboard to = check_.reach(w.pieces, extra, starts_ && w.made.empty());
        for_each_square(to, [&](int sq) {
            if (sq == w.missing.front() || walks_ >= kMostWalks) return;
            ++walks_;
            Walk next = w;
            make(next, Move(extra, sq));
            next.extra.front() = sq;
            walk(std::move(next), reroutes - 1);
        });
    }
    // One move of the old line, old_[w.t], walked; false when the walk ends there.
    bool step(Walk& w) const {
        const int from = old_[w.t].from(), to = old_[w.t].to();
        const auto gone = std::find(w.missing.begin(), w.missing.end(), from);
        const auto there = std::find(w.extra.begin(), w.extra.end(), to);
        if (gone != w.missing.end() && there != w.extra.end()) {
            w.missing.erase(gone);
            w.extra.erase(there);
        } else if (there != w.extra.end()) {
            *there = from;
        } else if (gone != w.missing.end()) {
            if (const int e = extra_reaching(w, to); e >= 0) {
                make(w, Move(w.extra[static_cast<std::size_t>(e)], to));
                erase(w.extra, static_cast<std::size_t>(e));
                w.missing.erase(std::find(w.missing.begin(), w.missing.end(), from));
            } else {
                *gone = to;
            }
        } else if (legal(w, old_[w.t])) {
            make(w, old_[w.t]);
        } else if (const int e = extra_reaching(w, to); e >= 0) {
            make(w, Move(w.extra[static_cast<std::size_t>(e)], to));
            w.extra[static_cast<std::size_t>(e)] = from;
        } else if (!detour(w, old_[w.t])) {
            if (w.missing.size() >= kMostApart) return false;
            w.missing.push_back(to);
            w.extra.push_back(from);
        }
        return true;
    }
    void walk(Walk w, int reroutes) {
        for (;; ++w.t) {
            if (w.missing.size() > 1) bridge_all(w);
            if (w.missing.empty()) return keep(w, Move::none(), w.t);
            if (w.missing.size() == 1) {
                const Move bridge(w.extra.front(), w.missing.front());
                if (legal(w, bridge)) keep(w, bridge, w.t);
                if (reroutes > 0 && w.t < kRerouteHorizon) reroute(w, reroutes);
            }
            if (w.t == old_.size() || !step(w)) return;
        }
    }

    const LineCheck& check_;
    const std::vector<Move>& old_;
    bool starts_;
    int walks_ = 0;
    KnownLines out_;
};

} // namespace

std::vector<Move> LineCheck::playable(std::vector<Move> line) const {
    // 1. As it is, or led by one of its later moves.
    if (replays(line)) return line;
    for (std::size_t lead = 1; lead < line.size(); ++lead) {
        std::vector<Move> tried = line;
        std::rotate(tried.begin(), tried.begin() + static_cast<std::ptrdiff_t>(lead),
                    tried.begin() + static_cast<std::ptrdiff_t>(lead) + 1);
        if (replays(tried)) return tried;
    }
    // 2. Its first move made later, where the others' pieces no longer stand in its way.
    for (std::size_t at = 1; at < line.size(); ++at) {
        std::vector<Move> tried = line;
        std::rotate(tried.begin(), tried.begin() + 1,
                    tried.begin() + static_cast<std::ptrdiff_t>(at) + 1);
        if (replays(tried)) return tried;
    }
    // 3. Led by another move that can be made here, the line absorbing it: the shortest.
    std::vector<Move> best;
    for_each_square(own_, [&](int from) {
        for_each_square(reach(own_, from, true), [&](int to) {
            const Move m(from, to);
            Bitboard after = own_;
            after.reset(from);
            after.set(to);
            for (std::vector<Move>& tail : Absorber(*this, line, false).lines(after, m, 0)) {
                if (!best.empty() && tail.size() + 1 >= best.size()) continue;
                tail.insert(tail.begin(), m);
                if (replays(tail)) best = std::move(tail);
            }
        });
    });
    return best;
}

Bitboard LineCheck::reach(const Bitboard& own, int from, bool first) const {
    if (first && own == own_) return destinations(board_, *rules_, *camps_, seat_, from);
    Position alone(rules_->size);
    for_each_square(own, [&](int sq) { alone.put(sq, seat_); });
    return destinations(alone, *rules_, *camps_, seat_, from);
}

std::vector<Move> LineCheck::improved(std::vector<Move> line, int tries, Move avoid) const {
    for (bool better = true; better && tries > 0;) {
        better = false;
        // 1. The pieces before each move, and the squares the line lands on from there on.
        const std::vector<Bitboard> before = states(line);
        std::vector<Bitboard> landings(line.size() + 1, goal_);
        for (std::size_t t = line.size(); t-- > 0;)
            landings[t] = landings[t + 1], landings[t].set(line[t].to());
        // 2. At each point of the line, each move that lands where the line lands later tried
        //    instead, the line absorbing it; the first shorter line found is kept.
        for (std::size_t t = 0; t < line.size() && !better && tries > 0; ++t) {
            const Bitboard& pieces = before[t];
            for_each_square(pieces, [&](int from) {
                if (better || tries <= 0) return;
                // Any first move where the line's own is the one to avoid.
                const bool replace = t == 0 && !line.empty() && line[0] == avoid;
                const Bitboard to =
                    reach(pieces, from, t == 0) & (replace ? ~Bitboard{} : landings[t]);
                for_each_square(to, [&](int sq) {
                    const Move m(from, sq);
                    if (better || tries <= 0 || m == line[t] || m == avoid) return;
                    --tries;
                    Bitboard after = pieces;
                    after.reset(from);
                    after.set(sq);
                    const std::vector<Move> rest(line.begin() + static_cast<std::ptrdiff_t>(t),
                                                 line.end());
                    for (const std::vector<Move>& tail :
                         Absorber(*this, rest, false).lines(after, m, 0)) {
                        if (t + 1 + tail.size() >= line.size() + (replace ? 1 : 0)) continue;
                        std::vector<Move> tried(line.begin(),
                                                line.begin() + static_cast<std::ptrdiff_t>(t));
                        tried.push_back(m);
                        tried.insert(tried.end(), tail.begin(), tail.end());
                        if (!replays_from(tried, t, before[t], true)) continue;
                        line = std::move(tried);
                        better = true;
                        return;
                    }
                });
            });
        }
    }
    return line;
}

KnownLines carried_lines(const KnownLines& lines, const Game& before, Seat seat, Move played) {
    if (before.to_move() != seat || played.is_pass() || played.is_none()) return lines;
    Game after = before;
    if (!after.play(played)) return {};
    const LineCheck check(after, seat);
    // 1. Every line absorbing the move, checked, the shortest first; of lines as short, one
    //    that does not begin by undoing the move first.
    KnownLines found;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        constexpr int kReroutes = 1; // the first line's moved piece may find its own way
        Absorber absorber(check, lines[i], true);
        for (std::vector<Move>& tried : absorber.lines(check.own(), played, i == 0 ? kReroutes : 0))
            if (std::find(found.begin(), found.end(), tried) == found.end() && check.carries(tried))
                found.push_back(std::move(tried));
    }
    const Move undo(played.to(), played.from());
    std::stable_sort(found.begin(), found.end(), [&](const auto& x, const auto& y) {
        if (x.size() != y.size()) return x.size() < y.size();
        return !x.empty() && x.front() != undo && !y.empty() && y.front() == undo;
    });
    // 2. The best few shortened, kept in order.
    constexpr std::size_t kKept = 3;    // lines carried on: more rarely gives a shorter one
    constexpr int kImproveTries = 2000; // moves tried in the line kept: a few ms of work
    if (found.size() > kKept) found.resize(kKept);
    for (std::vector<Move>& line : found) line = check.shortened(std::move(line));
    if (!found.empty())
        found.front() = check.improved(std::move(found.front()), kImproveTries, undo);
    std::stable_sort(found.begin(), found.end(),
                     [](const auto& x, const auto& y) { return x.size() < y.size(); });
    return found;
}

KnownLines carried_past(KnownLines lines, Game before, Seat seat, const std::vector<Move>& moves) {
    for (auto m = moves.begin(); m != moves.end() && !lines.empty(); ++m) {
        lines = carried_lines(lines, before, seat, *m);
        before.make(*m);
    }
    return lines;
}

} // namespace halma::think
