// The club's lobby as the screen shows it: a read-only snapshot the front end fills from what
// the club said (app/lobby.hpp) and the screen draws (screen/draw_lobby.cpp), so that the
// drawing decides nothing. No curses here.
#pragma once

#include <string>
#include <vector>

namespace halma::play {

// One game in a list of the lobby, in columns the drawing places and cuts to fit.
struct LobbyRow {
    int id = 0;
    std::string players; // "alice, bob"; a seek's seeker with their rating: "alice 1512, (open)"
    std::string state;   // "your move", "bob to move", "1 seat open", "bob > alice"
    std::string when;    // "by Fri 14:05", "3 Dec", or ""
    std::string terms;   // "2p 8x8  clock 3m+2s  rated" (club/listing.hpp terms_short)
    bool urgent = false; // waits for the player's move: drawn to catch the eye
    bool offer = false;  // a seek: its terms are what is offered, shown whatever the width
};

// A list of games under its title; `empty` is said when it has none.
struct LobbySection {
    std::string title;
    std::vector<LobbyRow> rows;
    std::string empty;
};

// One of the player's ratings: a family of variants ("2p-small"), the rating, its deviation
// and the games rated.
struct LobbyRating {
    std::string family;
    int rating = 0, deviation = 0, games = 0;
};

struct LobbyView {
    std::string me;         // the player's name, as the club knows them
    std::string club;       // whose club and where: "your own club, ~/.local/state/halma/club"
    std::string turns;      // "2 games wait for your move", or ""
    std::string link;       // "" while connected, else what the connection is doing
    std::string enter_does; // what Enter does on the chosen row: "play", "watch", ...
    bool top_table = false; // a tournament's top table is listed: w watches it
    std::vector<LobbySection> sections;
    int chosen_section = -1; // the row Enter acts on (-1: none)
    int chosen_row = 0;
    std::vector<std::string> here;    // who is in the club
    std::vector<LobbyRating> ratings; // the player's
    std::vector<std::string> chat;    // the lobby's chat kept, oldest first
    int chat_back = 0;                // lines scrolled back from the newest
    bool help = false;                // the lobby's keys and commands instead of the lists
    bool door = false;                // at the door: its help leaves out what it refuses
};

} // namespace halma::play
