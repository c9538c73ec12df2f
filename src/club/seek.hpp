// The club's words for a game: a seek (net/seek.hpp, read there for the club and the
// tournaments alike) and its pace, a word of the wire (net/wire.hpp): one reader for the
// seek, the store and the listing.
#pragma once

#include "net/seek.hpp"
#include "net/wire.hpp"

namespace halma::club {

using net::ai_level_of;
using net::Pace;
using net::pace_text;
using net::parse_seek;
using net::read_pace;
using net::Seek;
using net::seek_text;

} // namespace halma::club
