// The rule options of a game (the man page's RULES) and the camps and seats they imply.
//
// Players are numbered 0..players-1 in code and shown as 1..4 in notation, in the
// protocol and on screen. Seat order is turn order, clockwise round the board.
#pragma once

#include "halma/bitboard.hpp"
#include "halma/geometry.hpp"
#include "halma/position.hpp"

#include <string>

namespace halma {

constexpr int kMaxPlayers = 4;

// A player's seat: 0..players-1 in turn order, as Game counts them; kNoSeat for none.
using Seat = int;
constexpr Seat kNoSeat = -1;

// The number people and the wire know a seat by: "player 1" is seat 0.
[[nodiscard]] constexpr int player_number(Seat seat) noexcept { return seat + 1; }

// The seat a player number names (kNoSeat for 0, "none").
[[nodiscard]] constexpr Seat seat_of_number(int number) noexcept { return number - 1; }

enum class Spoil { Fill, Strict, Swap };
enum class Partners { None, Opposite, Adjacent };
enum class PartnerWin { First, Both };
// The 3-player camps: two large and one small (19/13/19), or small for all (13 each).
enum class CampSetup { Mixed, Small };

// The corners of the board, in seat order for four players.
enum class Corner { A1, A16, P16, P1 };

// The camp shapes, as row lengths from the corner outwards.
enum class CampShape { Large, Small, Ten, Eight };

// Every rule option. Construct with for_game() to get the size-dependent defaults.
struct Rules {
    int players = 2;
    int size = 16;
    Spoil spoil = Spoil::Fill; // for_game() gives each size its own
    int evacuate = 60;         // home must be empty from a player's N-th move on; 0 = off
    bool longjumps = false;
    Partners partners = Partners::None;
    PartnerWin win = PartnerWin::First;
    int maxturns = 0;                   // moves per player before a draw; 0 = no limit
    int first = 0;                      // the player who moves first
    CampSetup camps = CampSetup::Mixed; // 3 players only; other games have one setup
    // A game kept from before the leave-home rule held at every move from the N-th on: it is
    // checked at the N-th move alone. Never an option; a kept game whose moves or result
    // the rule as it is would change is read with it (record.hpp, rules_kept_as_played()).
    bool evacuate_once = false;

    // The default options for a number of players and a board size.
    [[nodiscard]] static Rules for_game(int players, int size) {
        Rules r;
        r.players = players;
        r.size = size;
        r.spoil = default_spoil(size);
        r.evacuate = default_evacuate(size);
        return r;
    }

    // The spoil rule of each board size: strict on the small boards, whose camps are so close
    // that under fill a piece hopping into the first square a player vacates at home fills a
    // camp still full of that player's pieces, and wins at move 2.
    [[nodiscard]] static constexpr Spoil default_spoil(int size) noexcept {
        return size == 16 ? Spoil::Fill : Spoil::Strict;
    }

    // The evacuation deadline of each board size.
    [[nodiscard]] static constexpr int default_evacuate(int size) noexcept {
        return size == 8 ? 30 : size == 10 ? 50 : 60;
    }

    // Whether the leave-home rule holds after a player's made-th move: from the N-th on (at
    // the N-th alone under evacuate_once), never when evacuate is 0.
    [[nodiscard]] constexpr bool home_must_be_empty(int made) const noexcept {
        return evacuate > 0 && (evacuate_once ? made == evacuate : made >= evacuate);
    }

    // Why these options cannot make a game, or an empty string when they can.
    [[nodiscard]] std::string problem() const {
        if (players < 2 || players > 4) return "players must be 2, 3 or 4";
        if (!valid_size(size)) return "size must be 8, 10 or 16";
        if (players > 2 && size != 16) return "3 and 4 players need the 16x16 board";
        if (partners != Partners::None && players != 4) return "partners need 4 players";
        if (win == PartnerWin::Both && partners == Partners::None) return "win=both needs partners";
        if (camps == CampSetup::Small && players != 3) return "camps=small is for 3 players";
        if (evacuate < 0) return "evacuate must be 0 or more";
        if (maxturns < 0) return "maxturns must be 0 or more";
        if (first < 0 || first >= players) return "first must name a player of this game";
        return {};
    }

    // Whether two players play on the same side.
    [[nodiscard]] bool same_side(int a, int b) const noexcept {
        return a == b || (partners != Partners::None && partner(a) == b);
    }

    // The partner of a player in a partnership game (the player itself otherwise).
    [[nodiscard]] int partner(int p) const noexcept {
        switch (partners) {
        case Partners::Opposite:
            return (p + 2) % 4;
        case Partners::Adjacent:
            return p ^ 1;
        default:
            return p;
        }
    }
};

// Where a player starts and where it must go.
struct SeatCamps {
    Corner home;
    CampShape home_shape;
    Corner target;
    CampShape target_shape;
};

// The camps of player p in a game of these rules (RULES, "Seats, setups and turn order").
[[nodiscard]] inline SeatCamps seat_camps(const Rules& rules, Seat p) {
    if (rules.players == 2) {
        CampShape s = rules.size == 8    ? CampShape::Eight
                      : rules.size == 10 ? CampShape::Ten
                                         : CampShape::Large;
        return p == 0 ? SeatCamps{Corner::A1, s, Corner::P16, s}
                      : SeatCamps{Corner::P16, s, Corner::A1, s};
    }
    if (rules.players == 3 && rules.camps == CampSetup::Small) {
        static constexpr Corner homes[3] = {Corner::A1, Corner::A16, Corner::P16};
        static constexpr Corner targets[3] = {Corner::P16, Corner::P1, Corner::A1};
        return {homes[p], CampShape::Small, targets[p], CampShape::Small};
    }
    if (rules.players == 3) {
        switch (p) {
        case 0:
            return {Corner::A1, CampShape::Large, Corner::P16, CampShape::Large};
        case 1:
            return {Corner::A16, CampShape::Small, Corner::P1, CampShape::Small};
        default:
            return {Corner::P16, CampShape::Large, Corner::A1, CampShape::Large};
        }
    }
    static constexpr Corner corners[4] = {Corner::A1, Corner::A16, Corner::P16, Corner::P1};
    return {corners[p], CampShape::Small, corners[(p + 2) % 4], CampShape::Small};
}

// The corner square of a corner on a board of this size.
[[nodiscard]] constexpr int corner_square(Corner c, int size) noexcept {
    const int top = size - 1;
    switch (c) {
    case Corner::A1:
        return make_square(0, 0);
    case Corner::A16:
        return make_square(0, top);
    case Corner::P16:
        return make_square(top, top);
    default:
        return make_square(top, 0);
    }
}

// The corner square player p heads for: the far corner of its target camp.
[[nodiscard]] inline int target_corner(const Rules& rules, int p) {
    return corner_square(seat_camps(rules, p).target, rules.size);
}

// The row lengths of a camp shape, from the corner outwards, ending with 0.
inline constexpr int kCampRows[4][6] = {
    {5, 5, 4, 3, 2, 0}, // Large: 19 squares
    {4, 4, 3, 2, 0, 0}, // Small: 13
    {5, 4, 3, 2, 1, 0}, // Ten: 15
    {4, 3, 2, 1, 0, 0}, // Eight: 10
};
[[nodiscard]] constexpr const int* camp_rows(CampShape shape) noexcept {
    return kCampRows[static_cast<int>(shape)];
}

// The squares of a camp of a given shape in a given corner of a board.
[[nodiscard]] inline Bitboard camp_squares(int size, CampShape shape, Corner corner) {
    Bitboard b;
    const int* rows = camp_rows(shape);
    bool right = corner == Corner::P16 || corner == Corner::P1;
    bool top = corner == Corner::A16 || corner == Corner::P16;
    for (int r = 0; rows[r]; ++r)
        for (int f = 0; f < rows[r]; ++f)
            b.set(make_square(right ? size - 1 - f : f, top ? size - 1 - r : r));
    return b;
}

// The camps of every player of a game, computed once per game.
struct Camps {
    Bitboard home[kMaxPlayers];
    Bitboard target[kMaxPlayers];

    // The camps of every seat of these rules.
    [[nodiscard]] static Camps of(const Rules& rules) {
        Camps c;
        for (int p = 0; p < rules.players; ++p) {
            const SeatCamps s = seat_camps(rules, p);
            c.home[p] = camp_squares(rules.size, s.home_shape, s.home);
            c.target[p] = camp_squares(rules.size, s.target_shape, s.target);
        }
        return c;
    }
};

// The squares of player p's target camp still to be filled under the spoil option in force
// (RULES, "Winning and spoiling"): those without p's piece, and under fill those without
// any piece, a partner's piece counting as an empty square (only opponents fill a camp).
[[nodiscard]] inline Bitboard camp_missing(const Position& pos, const Rules& rules,
                                           const Camps& camps, int p) noexcept {
    const Bitboard& t = camps.target[p];
    if (rules.spoil != Spoil::Fill) return t & ~pos.pieces(p);
    Bitboard filled = pos.occupied();
    if (rules.partners != Partners::None) filled &= ~pos.pieces(rules.partner(p));
    return t & ~filled;
}

// Whether player p's target camp is complete: nothing missing, and under fill at least one
// square holds p's own piece.
[[nodiscard]] inline bool camp_complete(const Position& pos, const Rules& rules, const Camps& camps,
                                        int p) noexcept {
    return camp_missing(pos, rules, camps, p).empty() && (camps.target[p] & pos.pieces(p)).any();
}

// The players whose camps are complete after a move by mover, leaving out those in skip
// (finished or dropped out already), as a mask; first is the first of them in turn order
// from the mover, who is checked first (-1 when none).
[[nodiscard]] inline unsigned camps_completed(const Position& pos, const Rules& rules,
                                              const Camps& camps, unsigned skip, int mover,
                                              int& first) noexcept {
    unsigned done = 0;
    first = -1;
    for (int i = 0; i < rules.players; ++i) {
        const int q = (mover + i) % rules.players;
        if (((skip >> q) & 1) || !camp_complete(pos, rules, camps, q)) continue;
        done |= 1u << q;
        if (first < 0) first = q;
    }
    return done;
}

// The names of option values as notation and records write them, in the enums' order.
inline constexpr const char* kSpoilNames[] = {"fill", "strict", "swap"};
inline constexpr const char* kPartnersNames[] = {"none", "opposite", "adjacent"};
inline constexpr const char* kWinNames[] = {"first", "both"};
inline constexpr const char* kCampsNames[] = {"mixed", "small"};
[[nodiscard]] constexpr const char* spoil_name(Spoil s) { return kSpoilNames[static_cast<int>(s)]; }
[[nodiscard]] constexpr const char* partners_name(Partners p) {
    return kPartnersNames[static_cast<int>(p)];
}
[[nodiscard]] constexpr const char* win_name(PartnerWin w) {
    return kWinNames[static_cast<int>(w)];
}
[[nodiscard]] constexpr const char* camps_name(CampSetup c) {
    return kCampsNames[static_cast<int>(c)];
}

} // namespace halma
