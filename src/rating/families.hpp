// The families of variants a player is rated in, each with a rating of its own: two players
// on 16x16, two on a smaller board (10x10 or 8x8), three and four players. The store gives
// the computer's players a starting rating in each; a game is rated in the one its rules
// fall in.
#pragma once

#include "halma/rules.hpp"

#include <string>

namespace halma::club {

enum RatingFamily { kTwoOnSixteen, kTwoSmall, kThreeOrFour, kRatingFamilies };

// Each family's name as the store, the wire and the lobby write it.
inline constexpr const char* kFamilyNames[kRatingFamilies] = {"2p16", "2p-small", "3-4p"};

// The family of variants a game under these rules is rated in.
[[nodiscard]] inline std::string rating_family(const Rules& rules) {
    if (rules.players > 2) return kFamilyNames[kThreeOrFour];
    return kFamilyNames[rules.size == 16 ? kTwoOnSixteen : kTwoSmall];
}

} // namespace halma::club
