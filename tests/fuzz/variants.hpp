// The variants of the rules the soak and the game fuzzer play.
#pragma once

#include "halma.hpp"

#include <vector>

namespace halma::fuzz {

// Every combination of the rule options worth telling apart: the seatings (2 players
// on each board, 3, and 4 alone or as partners of each kind with each way to win), each spoil
// rule, the evacuation rule at its default, off and early, and long jumps off and on.
inline std::vector<Rules> all_variants() {
    struct Seating {
        int players, size;
        Partners partners;
        PartnerWin win;
    };
    const Seating seatings[] = {
        {2, 8, Partners::None, PartnerWin::First},
        {2, 10, Partners::None, PartnerWin::First},
        {2, 16, Partners::None, PartnerWin::First},
        {3, 16, Partners::None, PartnerWin::First},
        {4, 16, Partners::None, PartnerWin::First},
        {4, 16, Partners::Opposite, PartnerWin::First},
        {4, 16, Partners::Opposite, PartnerWin::Both},
        {4, 16, Partners::Adjacent, PartnerWin::First},
        {4, 16, Partners::Adjacent, PartnerWin::Both},
    };
    std::vector<Rules> variants;
    for (const Seating& s : seatings)
        for (Spoil spoil : {Spoil::Fill, Spoil::Strict, Spoil::Swap})
            for (int evacuate : {-1, 0, 12})
                for (bool longjumps : {false, true}) {
                    Rules r = Rules::for_game(s.players, s.size);
                    r.partners = s.partners;
                    r.win = s.win;
                    r.spoil = spoil;
                    if (evacuate >= 0) r.evacuate = evacuate;
                    r.longjumps = longjumps;
                    variants.push_back(r);
                }
    return variants;
}

} // namespace halma::fuzz
