#include "play/new_game_form.hpp"

#include "halma/solo/catalogue.hpp"
#include "play/words.hpp"

namespace halma::play {

namespace {
enum Row {
    kPlayers,
    kSize,
    kSeat1,
    kSeat4 = kSeat1 + 3,
    kSpoil,
    kEvacuate,
    kLong,
    kPartners,
    kWin,
    kCamps,
    kMaxTurns,
    kFirst,
    kSolo,
    kRows
};
const std::vector<std::string> kSeatChoices = {"human", "ai:1", "ai:2", "ai:3", "ai:4", "ai:5"};
} // namespace

NewGameForm::NewGameForm(const Rules& rules, const std::vector<SeatSpec>& seats,
                         bool first_random) {
    lines_.resize(kRows);
    lines_[kPlayers] = {"Players", {"2", "3", "4"}, 0};
    lines_[kSize] = {"Board", {"16", "10", "8"}, 0};
    for (int i = 0; i < 4; ++i)
        lines_[kSeat1 + i] = {"Seat " + std::to_string(i + 1), kSeatChoices, i ? 3 : 0};
    lines_[kSpoil] = {"Spoiling", {"default", "fill", "strict", "swap"}, 0};
    lines_[kEvacuate] = {"Evacuate by", {"default", "off", "20", "30", "40", "50", "60", "80"}, 0};
    lines_[kLong] = {"Long jumps", {"off", "on"}, 0};
    lines_[kPartners] = {"Partners", {"none", "opposite", "adjacent"}, 0};
    lines_[kWin] = {"Partners win", {"first", "both"}, 0};
    lines_[kCamps] = {"3-player camps", {"mixed", "small"}, 0};
    lines_[kMaxTurns] = {"Move limit", {"none", "50", "100", "150", "200", "300"}, 0};
    lines_[kFirst] = {"First player", {"random", "1", "2", "3", "4"}, 0};
    std::vector<std::string> puzzles{"off"};
    for (const std::string& name : solo::builtin_names()) puzzles.push_back(name);
    lines_[kSolo] = {"Solitaire", puzzles, 0};

    select(kPlayers, std::to_string(rules.players));
    select(kSize, std::to_string(rules.size));
    for (std::size_t i = 0; i < seats.size() && i < 4; ++i)
        select(kSeat1 + static_cast<int>(i), seats_text({seats[i]}));
    if (rules.spoil != Rules::default_spoil(rules.size)) select(kSpoil, spoil_name(rules.spoil));
    if (rules.evacuate == 0)
        select(kEvacuate, "off");
    else if (rules.evacuate != Rules::default_evacuate(rules.size))
        select(kEvacuate, std::to_string(rules.evacuate));
    select(kLong, rules.longjumps ? "on" : "off");
    select(kPartners, partners_name(rules.partners));
    select(kWin, win_name(rules.win));
    select(kCamps, camps_name(rules.camps));
    if (rules.maxturns) select(kMaxTurns, std::to_string(rules.maxturns));
    if (!first_random) select(kFirst, std::to_string(rules.first + 1));
}

void NewGameForm::select(int row, const std::string& choice) {
    auto& c = lines_[row].choices;
    for (std::size_t i = 0; i < c.size(); ++i)
        if (c[i] == choice) lines_[row].index = static_cast<int>(i);
}

std::string NewGameForm::value(int row) const {
    std::string v = pick(row);
    if (row == kSpoil && v == "default")
        v = spoil_name(spoil()) + std::string(" (the ") + pick(kSize) + "x" + pick(kSize) +
            " board's)";
    if (row == kEvacuate && v == "default")
        v = std::to_string(Rules::default_evacuate(std::stoi(pick(kSize)))) + " (the " +
            pick(kSize) + "x" + pick(kSize) + " board's)";
    if (row != kSolo && pick(kSolo) != "off") return v + " (not used)";
    if (row >= kSeat1 && row <= kSeat4 && row - kSeat1 >= std::stoi(pick(kPlayers)))
        return v + " (not playing)";
    if (row == kCamps && pick(kPlayers) != "3") return v + " (not used)";
    if ((row == kPartners || row == kWin) && pick(kPlayers) != "4") return v + " (4 players)";
    return v;
}

std::string NewGameForm::describe(int row) const {
    const std::string& v = pick(row);
    switch (row) {
    case kPlayers:
        return "How many play: 2, 3 or 4; three and four play on the 16x16 board.";
    case kSize:
        return v == "16"   ? "The classic board: 19 pieces each for two players, 13 for four."
               : v == "10" ? "A smaller board, 15 pieces each: a shorter game for two."
                           : "The smallest board, 10 pieces each: a quick game for two.";
    case kSolo:
        if (v == "off") return "A game of Halma; choose a puzzle here to play solitaire instead.";
        if (Puzzle p; solo::builtin_puzzle(v, p)) return solo_intro(p) + ".";
        return {};
    case kSpoil: {
        const Spoil spoil = this->spoil();
        return spoil == Spoil::Fill
                   ? "A full target camp wins if one piece in it is yours; others' "
                     "pieces left there fill squares."
               : spoil == Spoil::Strict
                   ? "Every square of the target camp must hold your own piece."
                   : "As strict, and you may swap places with a piece still in "
                     "its own home camp.";
    }
    case kEvacuate:
        return v == "off" ? "No deadline: pieces may stay at home all game."
                          : "Pieces still at home after this move of their player lose the "
                            "game (2 players) or drop out.";
    case kLong:
        return v == "on" ? "A hop may go over one piece at any distance, landing as far beyond."
                         : "A hop goes over a neighbouring piece to the square beyond.";
    case kPartners:
        return v == "none"       ? "Every player for itself."
               : v == "opposite" ? "Four players in two sides: 1 and 3 against 2 and 4."
                                 : "Four players in two sides: 1 and 2 against 3 and 4.";
    case kWin:
        return v == "first" ? "A side wins when one of its partners fills its camp first."
                            : "A side wins when both partners are home; one finished first "
                              "moves the other's pieces.";
    case kCamps:
        return v == "mixed" ? "Players 1 and 3 bring 19 pieces, player 2 brings 13 (and is "
                              "favoured)."
                            : "Every player brings 13 pieces from a small camp.";
    case kMaxTurns:
        return v == "none" ? "No move limit: the game goes on until someone wins."
                           : "A draw once every player has made " + v + " moves.";
    case kFirst:
        return v == "random" ? "Who moves first is drawn at random."
                             : "Player " + v + " moves first.";
    default: // a seat
        if (row - kSeat1 >= std::stoi(pick(kPlayers)))
            return "Seat " + std::to_string(row - kSeat1 + 1) + " is not in a game of " +
                   pick(kPlayers) + " players.";
        if (v == "human")
            return "Seat " + std::to_string(row - kSeat1 + 1) +
                   " is played by a person at this keyboard.";
        return "Seat " + std::to_string(row - kSeat1 + 1) + " is played by the computer at level " +
               v.substr(3) + " (1 gentle, 5 strongest).";
    }
}

bool NewGameForm::applies(int row) const {
    if (row == kSolo) return true;
    if (pick(kSolo) != "off") return false;
    const std::string& players = pick(kPlayers);
    if (row >= kSeat1 && row <= kSeat4) return row - kSeat1 < std::stoi(players);
    if (row == kCamps) return players == "3";
    if (row == kPartners) return players == "4";
    if (row == kWin) return players == "4" && pick(kPartners) != "none";
    return true;
}

void NewGameForm::move_row(int delta) {
    const int n = rows(), step = delta < 0 ? -1 : 1;
    for (int moved = 0; moved != delta;) {
        int next = row_;
        do next = ((next + step) % n + n) % n;
        while (!applies(next) && next != row_);
        row_ = next;
        moved += step;
    }
}

std::vector<std::vector<Seat>> NewGameForm::sides() const {
    if (pick(kPlayers) != "4" || pick(kPartners) == "none" || pick(kSolo) != "off") return {};
    if (pick(kPartners) == "opposite") return {{0, 2}, {1, 3}};
    return {{0, 1}, {2, 3}};
}

void NewGameForm::change(int row, int delta) {
    Line& l = lines_[row];
    int n = static_cast<int>(l.choices.size());
    l.index = ((l.index + delta) % n + n) % n;
}

Spoil NewGameForm::spoil() const {
    Spoil s = Rules::default_spoil(std::stoi(pick(kSize)));
    (void)parse_choice(pick(kSpoil), kSpoilNames, s); // "default" is none of the names
    return s;
}

std::string NewGameForm::solo() const { return pick(kSolo) == "off" ? "" : pick(kSolo); }

void NewGameForm::set_solo(const std::string& puzzle) { select(kSolo, puzzle); }

std::string NewGameForm::build(Rules& rules, std::vector<SeatSpec>& seats,
                               bool& first_random) const {
    Options opts{{"players", pick(kPlayers)},
                 {"size", pick(kSize)},
                 {"longjumps", pick(kLong) == "on" ? "1" : "0"},
                 {"partners", pick(kPartners)},
                 {"win", pick(kWin)},
                 {"maxturns", pick(kMaxTurns) == "none" ? "0" : pick(kMaxTurns)}};
    if (pick(kSpoil) != "default") opts.emplace_back("spoil", pick(kSpoil));
    if (pick(kEvacuate) == "off")
        opts.emplace_back("evacuate", "0");
    else if (pick(kEvacuate) != "default")
        opts.emplace_back("evacuate", pick(kEvacuate));
    if (pick(kFirst) != "random") opts.emplace_back("first", pick(kFirst));
    if (pick(kPlayers) == "3") opts.emplace_back("camps", pick(kCamps));
    Rules r;
    if (TextError err = rules_from_options(opts, r); err.failed()) return err.text;
    std::vector<SeatSpec> s;
    for (int i = 0; i < r.players; ++i) {
        SeatSpec seat;
        (void)parse_seat(pick(kSeat1 + i), ai::kDefaultLevel, seat);
        s.push_back(seat);
    }
    rules = r;
    seats = s;
    first_random = pick(kFirst) == "random";
    return {};
}

} // namespace halma::play
